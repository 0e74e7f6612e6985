import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { PASSWORD, signedInAs, uniqueEmail, visitor, withDatabase, type SignedInUser } from '../support/auth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { rpcDone, rpcFailure } from './admin-fixtures.ts';

/**
 * Closing registration would break every other test's sign-up, so this file has a backend of its own.
 */
let backend: TestBackend;
let admin: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend({ engine: inject('engine'), seed: false });
  admin = await signedInAs('admin', 'settings-admin', backend);
});
afterAll(async () => backend?.stop());

const newVisitor = () => visitor(undefined, backend.url, backend.anonKey);

describe('admin site settings', () => {
  it('closes and reopens registration, and the auth service honours it', async () => {
    await rpcDone(admin.client, 'admin_set_setting', { setting_key: 'registration_open', enabled: false });
    const closed = await newVisitor().auth.signUp({ email: uniqueEmail('closed'), password: PASSWORD });
    expect(closed.error?.message).toBe('Signups not allowed for this instance');
    const { data: publicSettings } = await newVisitor().rpc('public_site_settings');
    expect(publicSettings).toMatchObject({ registration_open: false });

    await rpcDone(admin.client, 'admin_set_setting', { setting_key: 'registration_open', enabled: true });
    const open = await newVisitor().auth.signUp({ email: uniqueEmail('open'), password: PASSWORD });
    expect(open.error).toBeNull();
    // verification required (the default): no session until the address is confirmed
    expect(open.data.session).toBeNull();
  });

  it('turns e-mail verification off: new accounts are signed in at once', async () => {
    await rpcDone(admin.client, 'admin_set_setting', { setting_key: 'require_email_verification', enabled: false });
    const signUp = await newVisitor().auth.signUp({ email: uniqueEmail('instant'), password: PASSWORD });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();
    await rpcDone(admin.client, 'admin_set_setting', { setting_key: 'require_email_verification', enabled: true });
  });

  it('switches the sample-data banner and records every change', async () => {
    // This backend has no sample catalog; the notice shows only while a sample item keeps its
    // sample figures (docs/product.md#sample-data), so one is loaded as the sample would be.
    await withDatabase(
      (db) =>
        db.query(
          `insert into public.content_items (slug, title, content_type, status, published_at, metadata)
           values ('settings-sample-item', 'Settings sample item', 'software', 'published', now(), '{"sample": true}')`,
        ),
      backend.connectionString,
    );
    await rpcDone(admin.client, 'admin_set_setting', { setting_key: 'sample_data_banner', enabled: true });
    expect((await newVisitor().rpc('public_site_settings')).data).toMatchObject({ sample_data_banner: true });
    await rpcDone(admin.client, 'admin_set_setting', { setting_key: 'sample_data_banner', enabled: false });
    expect((await newVisitor().rpc('public_site_settings')).data).toMatchObject({ sample_data_banner: false });
    expect(
      (await rpcFailure(admin.client, 'admin_set_setting', { setting_key: 'no_such_setting', enabled: true })).code,
    ).toBe('PT404');

    const logged = await withDatabase(
      (db) =>
        db.query<{ key: string; value: boolean }>(
          `select activity_data ->> 'key' as key, (activity_data ->> 'value')::boolean as value from public.user_activity
           where user_id = $1 and activity_type = 'admin_setting_changed' order by id`,
          [admin.userId],
        ),
      backend.connectionString,
    );
    expect(logged.rows).toEqual([
      { key: 'registration_open', value: false },
      { key: 'registration_open', value: true },
      { key: 'require_email_verification', value: false },
      { key: 'require_email_verification', value: true },
      { key: 'sample_data_banner', value: true },
      { key: 'sample_data_banner', value: false },
    ]);
  });
});
