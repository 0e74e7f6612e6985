import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity-text.ts';

const entry = (
  activity_type: string,
  activity_data: Record<string, unknown>,
  email: string | null = 'admin@example.org',
) => ({
  activity_type,
  activity_data,
  email,
});

describe('recent activity texts', () => {
  it('reads an admin’s decisions on claims as sentences', () => {
    expect(describeActivity(entry('item_claim_approved', { title: 'AlphaFold' }))).toBe(
      'admin@example.org approved a claim of “AlphaFold”',
    );
    expect(describeActivity(entry('item_claim_rejected', {}))).toBe('admin@example.org rejected a claim of an item');
    expect(describeActivity(entry('item_claim_revoked', { title: 'ESM' }))).toBe(
      'admin@example.org revoked the maintainer of “ESM”',
    );
  });

  it('reads sign-ups, failures and admin decisions as sentences', () => {
    expect(describeActivity(entry('sign_up', {}, 'new@example.org'))).toBe('new@example.org signed up');
    expect(
      describeActivity(
        entry('sign_in_failure', { email: 'x@example.org', message: 'Invalid login credentials' }, null),
      ),
    ).toBe('Failed sign-in for x@example.org: Invalid login credentials');
    expect(describeActivity(entry('admin_role_changed', { target_email: 'b@example.org', role: 'moderator' }))).toBe(
      'admin@example.org made b@example.org a moderator',
    );
    expect(describeActivity(entry('admin_role_changed', { target_email: 'b@example.org', role: 'user' }))).toBe(
      'admin@example.org made b@example.org a regular user',
    );
    expect(describeActivity(entry('admin_user_banned', { target_email: 'b@example.org' }))).toBe(
      'admin@example.org banned b@example.org',
    );
    expect(describeActivity(entry('verification_rejected', { target_email: 'r@example.org' }))).toBe(
      'admin@example.org rejected the verification of r@example.org',
    );
    expect(describeActivity(entry('admin_setting_changed', { key: 'registration_open', value: false }))).toBe(
      'admin@example.org turned registration open off',
    );
  });

  it('reads imports, submissions, moderation and security events', () => {
    expect(
      describeActivity(entry('csv_import', { content_type: 'paper', inserted: 12, file_name: 'papers.csv' })),
    ).toBe('admin@example.org imported 12 paper rows from papers.csv');
    expect(describeActivity(entry('submission_created', { title: 'CellNet' }, 'sam@example.org'))).toBe(
      'sam@example.org submitted “CellNet”',
    );
    expect(describeActivity(entry('submission_approved', { title: 'CellNet' }))).toBe(
      'admin@example.org approved “CellNet”',
    );
    expect(describeActivity(entry('security_rate_limit', { severity: 'high', path: '/auth/v1/token' }, null))).toBe(
      'Security event (high): rate limit on /auth/v1/token',
    );
  });

  it('turns other kinds into words', () => {
    expect(describeActivity(entry('data_export', { title: 'library' }))).toBe(
      'Data export by admin@example.org: “library”',
    );
    expect(describeActivity(entry('content_submitted', {}, null))).toBe('Content submitted');
  });
});
