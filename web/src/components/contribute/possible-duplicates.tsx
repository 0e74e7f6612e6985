import { Alert, Anchor, List, Loader, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from 'wouter';
import { itemPath, SUBMISSION_TYPE_LABELS } from '@sciai/core';
import type { DuplicateQuery } from '../../data/submissions.ts';
import { usePossibleDuplicates } from '../../hooks/use-possible-duplicates.ts';
import { t, msg } from '../../i18n/index.ts';

const REASONS = { doi: msg('same DOI'), url: msg('same URL'), title: msg('similar title') } as const;

/** Items or open submissions that may already cover this one (same URL, DOI or a near-identical title). */
export function PossibleDuplicates({ query, emptyText }: { query: DuplicateQuery; emptyText?: string }) {
  const { data, error, isLoading } = usePossibleDuplicates(query);
  if (isLoading) return <Loader size="xs" role="status" aria-label={t('Checking for possible duplicates')} />;
  if (error)
    return (
      <Text size="sm" c="dimmed">
        {t('Could not check for possible duplicates.')}
      </Text>
    );
  if (!data || data.length === 0)
    return emptyText ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;
  return (
    <Alert color="yellow" icon={<IconCopy size={18} />} title={t('Possible duplicates')}>
      <List size="sm" spacing={4}>
        {data.map((match) => (
          <List.Item key={`${match.kind}-${match.id}`}>
            {match.kind === 'item' && match.slug ? (
              <Anchor component={Link} href={itemPath(match.content_type, match.slug)}>
                {match.title}
              </Anchor>
            ) : (
              <Text span size="sm" fw={500}>
                {match.title}
              </Text>
            )}{' '}
            <Text span size="sm" c="dimmed">
              {t('({kind}, {reason})', {
                kind:
                  match.kind === 'item'
                    ? t(SUBMISSION_TYPE_LABELS[match.content_type])
                    : t('submission awaiting review'),
                reason: t(REASONS[match.reason]),
              })}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
