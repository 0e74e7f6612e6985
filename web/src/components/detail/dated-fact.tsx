import { Anchor, Text } from '@mantine/core';
import { asOfLabel } from '@sciai/core';
import { t } from '../../i18n/index.ts';

/**
 * A company fact that changes, with when it was true and where it was read: "Series A" over
 * "as of Mar 2025 · source" (docs/product.md#facts). Without a date it says "undated", so a fact
 * nobody has checked is not read as current.
 */
export function DatedFact({
  value,
  asOf,
  source,
}: {
  value: string | null | undefined;
  asOf: string | null | undefined;
  source: string | null | undefined;
}) {
  if (!value) return undefined;
  const age = asOfLabel(asOf);
  const href = source && /^https?:\/\//i.test(source) ? source : undefined;
  return (
    <>
      {value}
      <Text component="span" size="xs" c="dimmed" fw={400} display="block" data-fact-age>
        {age ?? t('undated')}
        {href && (
          <>
            {' · '}
            <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" size="xs">
              {t('source')}
            </Anchor>
          </>
        )}
      </Text>
    </>
  );
}
