import { formatNumber, t } from '@sciai/core';
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

const fixed = (value: number, digits: number) =>
  formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('{size} B', { size: formatNumber(bytes) });
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  return `${fixed(value, digits)} ${units[unit]}`;
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
  if (!dashboard) problems.push(t('Database not reachable'));
  if (status) {
    facts.push(t('Engine: {engine}', { engine: status.engine === 'pglite' ? 'PGlite' : 'PostgreSQL' }));
    if (!status.database.ok)
      problems.push(t('Database not reachable: {error}', { error: status.database.error ?? t('no answer') }));
    else if (status.database.latency_ms !== undefined) {
      facts.push(t('Database latency: {ms} ms', { ms: fixed(status.database.latency_ms, 1) }));
      if (status.database.latency_ms > SLOW_DATABASE_MS)
        problems.push(t('Database slow: {ms} ms', { ms: fixed(status.database.latency_ms, 0) }));
    }
    if (status.data_dir_bytes !== null)
      facts.push(t('Data directory: {size}', { size: formatBytes(status.data_dir_bytes) }));
    facts.push(
      t('Migrations applied: {applied} of {shipped}', {
        applied: status.migrations.applied,
        shipped: status.migrations.shipped,
      }),
    );
    const pending = status.migrations.pending.length;
    if (pending > 0) {
      problems.push(
        t('{count, plural, one {# migration not applied: {names}} other {# migrations not applied: {names}}}', {
          count: pending,
          names: status.migrations.pending.join(', '),
        }),
      );
    }
  } else {
    if (dashboard) facts.push(t('Migrations applied: {applied}', { applied: dashboard.migrations_applied }));
    problems.push(statusError ? t('Server status unavailable') : t('Checking the server…'));
  }
  return { healthy: problems.length === 0, problems, facts };
}
