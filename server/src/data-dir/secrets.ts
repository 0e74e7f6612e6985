import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';

/**
 * The JWT secret and the API keys derived from it, generated once per data directory and kept
 * there (mode 0600). The anon key goes to browsers; the service-role key stays on this machine.
 */
export interface Secrets {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Password of the `authenticator` role PostgREST logs in as. */
  authenticatorPassword: string;
  /**
   * Password of the embedded database's superuser `postgres`, which PGlite's wire server asks of
   * every connection (docs/security.md, "Embedded ports"). Data directories from before it get
   * one on their next start.
   */
  databasePassword: string;
}

const SECRETS_FILE = 'secrets.json';
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const path = join(dataDir, SECRETS_FILE);
  if (existsSync(path)) {
    chmodSync(path, 0o600);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<Secrets> & Omit<Secrets, 'databasePassword'>;
    if (stored.databasePassword) return stored as Secrets;
    const upgraded: Secrets = { ...stored, databasePassword: newPassword() };
    // written beside and renamed over: a crash halfway never leaves a data directory without keys
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(upgraded, null, 2), { mode: 0o600 });
    renameSync(temporary, path);
    return upgraded;
  }
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  const secrets: Secrets = {
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, 'anon'),
    serviceRoleKey: await signApiKey(jwtSecret, 'service_role'),
    authenticatorPassword: newPassword(),
    databasePassword: newPassword(),
  };
  writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}

function newPassword(): string {
  return randomBytes(24).toString('base64url');
}

/** API keys have the shape of hosted Supabase's: long-lived HS256 JWTs naming a database role. */
function signApiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('sciai')
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS_S)
    .sign(new TextEncoder().encode(secret));
}
