import type { SecurityEventType, SecuritySeverity } from '../../../data/security-events.ts';

export const EVENT_TYPE_LABELS: Record<SecurityEventType, string> = {
  rls_violation: 'Access refused (RLS)',
  unauthorized: 'Unauthorized',
  rate_limit: 'Rate limit',
  suspicious_input: 'Suspicious input',
  security_logging_failure: 'Logging failure',
};

export const SEVERITY_LABELS: Record<SecuritySeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const SEVERITY_COLORS: Record<SecuritySeverity, string> = {
  low: 'gray',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};
