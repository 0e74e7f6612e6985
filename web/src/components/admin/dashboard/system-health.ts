import type { AdminDashboard, ServerStatus } from '../../../data/admin-schemas.ts';

export interface SystemHealth {
  healthy: boolean;
  /** What is wrong, in words; empty when healthy. */
  problems: string[];
  /** What holds, for the card's details. */
  facts: string[];
}

/** Latency above this, seen from the server, counts as a problem. */
export const SLOW_DATABASE_MS = 500;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * 'Healthy' only when the database answered the dashboard query, the server reports the
 * database reachable and fast enough, and no shipped migration is left unapplied.
 */
export function describeSystemHealth(
  dashboard: AdminDashboard | undefined,
  status: ServerStatus | undefined,
  statusError: unknown,
): SystemHealth {
  const problems: string[] = [];
  const facts: string[] = [];
  if (!dashboard) problems.push('Database not reachable');
  if (status) {
    facts.push(`Engine: ${status.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
    if (!status.database.ok) problems.push(`Database not reachable: ${status.database.error ?? 'no answer'}`);
    else if (status.database.latency_ms !== undefined) {
      facts.push(`Database latency: ${status.database.latency_ms.toFixed(1)} ms`);
      if (status.database.latency_ms > SLOW_DATABASE_MS)
        problems.push(`Database slow: ${status.database.latency_ms.toFixed(0)} ms`);
    }
    if (status.data_dir_bytes !== null) facts.push(`Data directory: ${formatBytes(status.data_dir_bytes)}`);
    facts.push(`Migrations applied: ${status.migrations.applied} of ${status.migrations.shipped}`);
    const pending = status.migrations.pending.length;
    if (pending > 0) {
      problems.push(
        `${pending} migration${pending === 1 ? '' : 's'} not applied: ${status.migrations.pending.join(', ')}`,
      );
    }
  } else {
    if (dashboard) facts.push(`Migrations applied: ${dashboard.migrations_applied}`);
    problems.push(statusError ? 'Server status unavailable' : 'Checking the server…');
  }
  return { healthy: problems.length === 0, problems, facts };
}
