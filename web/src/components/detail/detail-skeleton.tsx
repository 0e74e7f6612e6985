import { Skeleton, Stack } from '@mantine/core';
import classes from './detail.module.css';
import { t } from '../../i18n/index.ts';

/** The page's shape while the item loads. */
export function DetailSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('Loading')}>
      <Skeleton height={16} width={120} />
      <Skeleton height={22} width={90} radius="xl" />
      <Skeleton height={38} width="60%" />
      <Skeleton height={18} width="40%" />
      <Skeleton height={60} />
      <div className={classes.layout}>
        <div className={classes.column}>
          <Skeleton height={160} radius="md" />
          <Skeleton height={120} radius="md" />
        </div>
        <div className={classes.column}>
          <Skeleton height={160} radius="md" />
        </div>
      </div>
    </Stack>
  );
}
