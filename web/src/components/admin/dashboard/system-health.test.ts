import { describe, expect, it } from 'vitest';
import type { AdminDashboard, ServerStatus } from '../../../data/admin-schemas.ts';
import { describeSystemHealth, formatBytes } from './system-health.ts';

const dashboard: AdminDashboard = {
  total_users: 3,
  pending_verifications: 0,
  content_total: 1,
  content_by_status: { published: 1 },
  content_by_type: { paper: 1 },
  migrations_applied: 12,
  latest_migration: '20261121001400',
  recent_activity: [],
};
const status: ServerStatus = {
  engine: 'pglite',
  database: { ok: true, latency_ms: 1.25 },
  data_dir_bytes: 52_428_800,
  migrations: { applied: 12, shipped: 12, pending: [] },
};

describe('system status', () => {
  it('is Healthy only when the database answers fast and every migration is applied', () => {
    const health = describeSystemHealth(dashboard, status, undefined);
    expect(health).toEqual({
      healthy: true,
      problems: [],
      facts: ['Engine: PGlite', 'Database latency: 1.3 ms', 'Data directory: 50 MB', 'Migrations applied: 12 of 12'],
    });
  });

  it('says what is wrong', () => {
    const pending = { ...status, migrations: { applied: 11, shipped: 12, pending: ['20261121001400_admin_area'] } };
    expect(describeSystemHealth(dashboard, pending, undefined).problems).toEqual([
      '1 migration not applied: 20261121001400_admin_area',
    ]);
    const down = { ...status, database: { ok: false, error: 'connection refused' } };
    expect(describeSystemHealth(dashboard, down, undefined)).toMatchObject({
      healthy: false,
      problems: ['Database not reachable: connection refused'],
    });
    const slow = { ...status, database: { ok: true, latency_ms: 900 } };
    expect(describeSystemHealth(dashboard, slow, undefined).problems).toEqual(['Database slow: 900 ms']);
    expect(describeSystemHealth(undefined, undefined, new Error('x')).problems).toEqual([
      'Database not reachable',
      'Server status unavailable',
    ]);
    expect(describeSystemHealth(dashboard, undefined, new Error('403')).healthy).toBe(false);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});
