import { Badge, Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { SECURITY_SEVERITIES, type SecuritySeverity, type SeverityCounts } from '../../../data/security-events.ts';
import { SEVERITY_COLORS, SEVERITY_LABELS } from './security-labels.ts';
import { formatNumber } from '@sciai/core';
import { t } from '../../../i18n/index.ts';

interface SeveritySummaryProps {
  counts: SeverityCounts;
  /** The severity filter: its card is marked as pressed. */
  selected: SecuritySeverity | null;
  onSelect: (severity: SecuritySeverity | null) => void;
}

/** One card per severity with its count; a card filters the list by its severity (again: all). */
export function SeveritySummary({ counts, selected, onSelect }: SeveritySummaryProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {SECURITY_SEVERITIES.map((severity) => (
        <Paper
          key={severity}
          component="button"
          type="button"
          withBorder
          p="sm"
          radius="md"
          aria-pressed={selected === severity}
          onClick={() => onSelect(selected === severity ? null : severity)}
          style={{
            cursor: 'pointer',
            textAlign: 'start',
            borderColor: selected === severity ? `var(--mantine-color-${SEVERITY_COLORS[severity]}-6)` : undefined,
          }}
        >
          <Badge color={SEVERITY_COLORS[severity]} variant="light">
            {t(SEVERITY_LABELS[severity])}
          </Badge>
          <Text fw={700} fz="xl" mt={4}>
            {formatNumber(counts[severity])}
            {/* the name is what the card shows, in its order (WCAG 2.5.3), with what the count counts */}
            <VisuallyHidden>
              {t('{count, plural, one { event} other { events}}', { count: counts[severity] })}
            </VisuallyHidden>
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
