import { Group, Select } from '@mantine/core';
import {
  SECURITY_EVENT_TYPES,
  SECURITY_SEVERITIES,
  type SecurityEventType,
  type SecuritySeverity,
} from '../../../data/security-events.ts';
import { EVENT_TYPE_LABELS, SEVERITY_LABELS } from './security-labels.ts';
import { t } from '../../../i18n/index.ts';

interface SecurityFiltersProps {
  type: SecurityEventType | null;
  severity: SecuritySeverity | null;
  onTypeChange: (type: SecurityEventType | null) => void;
  onSeverityChange: (severity: SecuritySeverity | null) => void;
}

const ALL = 'all';
const typeOptions = () => [
  { value: ALL, label: t('All types') },
  ...SECURITY_EVENT_TYPES.map((value) => ({ value, label: t(EVENT_TYPE_LABELS[value]) })),
];
const severityOptions = () => [
  { value: ALL, label: t('All severities') },
  ...SECURITY_SEVERITIES.map((value) => ({ value, label: t(SEVERITY_LABELS[value]) })),
];

function asType(value: string | null): SecurityEventType | null {
  return SECURITY_EVENT_TYPES.find((type) => type === value) ?? null;
}

function asSeverity(value: string | null): SecuritySeverity | null {
  return SECURITY_SEVERITIES.find((severity) => severity === value) ?? null;
}

export function SecurityFilters({ type, severity, onTypeChange, onSeverityChange }: SecurityFiltersProps) {
  return (
    <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
      <Select
        label={t('Event type')}
        data={typeOptions()}
        value={type ?? ALL}
        onChange={(value) => onTypeChange(asType(value))}
        allowDeselect={false}
        miw={200}
      />
      <Select
        label={t('Severity')}
        data={severityOptions()}
        value={severity ?? ALL}
        onChange={(value) => onSeverityChange(asSeverity(value))}
        allowDeselect={false}
        miw={160}
      />
    </Group>
  );
}
