import useSWR from 'swr';
import {
  countSecurityEventsBySeverity,
  listSecurityEvents,
  securityEventCountsKey,
  securityEventsKey,
  type SecurityEventFilters,
  type SecurityEventType,
} from '../data/security-events.ts';

export function useSecurityEvents(filters: SecurityEventFilters) {
  return useSWR(securityEventsKey(filters), () => listSecurityEvents(filters), { keepPreviousData: true });
}

export function useSecuritySeverityCounts(type: SecurityEventType | null) {
  return useSWR(securityEventCountsKey(type), () => countSecurityEventsBySeverity(type));
}
