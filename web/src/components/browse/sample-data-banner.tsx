import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SAMPLE_DATA_NOTICE, SAMPLE_DATA_TITLE } from '@sciai/core';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { t } from '../../i18n/index.ts';
import classes from './sample-data-banner.module.css';

/**
 * docs/product.md#sample-data: the sample/demo data notice, shown only while the site setting is on. Until the
 * setting has loaded, the notice holds its place unseen (visibility: hidden, so neither painted
 * nor read out): loading the sample catalog turns the setting on, and a notice that appeared
 * above the search box once the setting arrived would push the whole page down (layout shift).
 * A site with its own catalog sees the space close instead, once.
 */
export function SampleDataBanner() {
  const { data, error } = usePublicSettings();
  const pending = data === undefined && error === undefined;
  if (!pending && !data?.sampleDataBanner) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconInfoCircle aria-hidden />}
      title={t(SAMPLE_DATA_TITLE)}
      classNames={{ title: classes.title }}
      className={pending ? classes.pending : undefined}
      aria-hidden={pending || undefined}
      data-testid={pending ? 'sample-data-banner-placeholder' : undefined}
    >
      {t(SAMPLE_DATA_NOTICE)}
    </Alert>
  );
}
