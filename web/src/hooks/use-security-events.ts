import useSWR from 'swr';
import {
  countSecurityEventsBySeverity,
  listSecurityEvents,
  type SecurityEventFilters,
  type SecurityEventType,
} from '../data/security-events.ts';

export function useSecurityEvents(filters: SecurityEventFilters) {
  return useSWR(
    ['security-events', filters.type, filters.severity, filters.page, filters.pageSize],
    () => listSecurityEvents(filters),
    {
      keepPreviousData: true,
    },
  );
}

export function useSecuritySeverityCounts(type: SecurityEventType | null) {
  return useSWR(['security-event-counts', type], () => countSecurityEventsBySeverity(type));
}
