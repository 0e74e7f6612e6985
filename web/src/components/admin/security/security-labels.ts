import { msg } from '../../../i18n/index.ts';
import type { SecurityEventType, SecuritySeverity } from '../../../data/security-events.ts';

/** Messages, translated where shown (`t(EVENT_TYPE_LABELS[type])`). */
export const EVENT_TYPE_LABELS: Record<SecurityEventType, string> = {
  rls_violation: msg('Access refused (RLS)'),
  unauthorized: msg('Unauthorized'),
  rate_limit: msg('Rate limit'),
  suspicious_input: msg('Suspicious input'),
  security_logging_failure: msg('Logging failure'),
};

export const SEVERITY_LABELS: Record<SecuritySeverity, string> = {
  low: msg('Low'),
  medium: msg('Medium'),
  high: msg('High'),
  critical: msg('Critical'),
};

export const SEVERITY_COLORS: Record<SecuritySeverity, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};
