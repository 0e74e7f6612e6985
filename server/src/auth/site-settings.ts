import type { Queryable } from './db.ts';

/** The site settings (public.site_settings, changed by admins) that steer the auth service. */
export interface AuthSettings {
  /** New accounts confirm their address before signing in; when off they are confirmed at once. */
  requireEmailVerification: boolean;
  /** Whether new accounts can sign up at all. */
  registrationOpen: boolean;
}

const DEFAULTS: AuthSettings = { requireEmailVerification: true, registrationOpen: true };

export async function readAuthSettings(db: Queryable): Promise<AuthSettings> {
  const { rows } = await db.query<{ key: string; value: unknown }>(
    `select key, value from public.site_settings where key in ('require_email_verification', 'registration_open')`,
  );
  const value = (key: string, fallback: boolean) => {
    const row = rows.find((candidate) => candidate.key === key);
    return typeof row?.value === 'boolean' ? row.value : fallback;
  };
  return {
    requireEmailVerification: value('require_email_verification', DEFAULTS.requireEmailVerification),
    registrationOpen: value('registration_open', DEFAULTS.registrationOpen),
  };
}
