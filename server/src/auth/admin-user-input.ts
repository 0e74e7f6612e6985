import { badRequest, unprocessable, validationFailed } from './errors.ts';
import { parseGoDuration } from './go-duration.ts';
import { assertPasswordStrength } from './passwords.ts';
import { optionalObject, optionalString } from './request.ts';
import { normalizeEmail } from './users.ts';

/** What the admin API's create and update take, checked (GoTrue's AdminUserParams). */
export interface AdminUserInput {
  /** Valid and lower-cased. */
  email: string | undefined;
  /** Passed the sign-up rules (docs/product.md#admin-api). */
  password: string | undefined;
  /** A bcrypt hash brought from another system (create only). */
  passwordHash: string | undefined;
  emailConfirm: boolean;
  userMetadata: Record<string, unknown> | undefined;
  appMetadata: Record<string, unknown> | undefined;
  /** undefined: as it is; null: not banned; a date: banned until then. */
  bannedUntil: Date | null | undefined;
}

/** A bcrypt hash of any cost bcrypt allows: what the sign-in can check. */
const BCRYPT_HASH = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/;

/**
 * Reads and checks the body. `emptyPassword` is how "" reads: on create as no password (the
 * account gets an unguessable one), on update as a password, which the rules refuse.
 */
export function readAdminUserInput(body: Record<string, unknown>, emptyPassword: 'absent' | 'weak'): AdminUserInput {
  const email =
    body.email === undefined || body.email === null || body.email === '' ? undefined : normalizeEmail(body.email);
  if (optionalString(body, 'phone')) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const role = optionalString(body, 'role');
  if (role !== undefined && role !== 'authenticated') {
    throw validationFailed(
      'role can only be "authenticated": staff roles are given in the admin area or with sciai users',
    );
  }
  const passwordHash = optionalString(body, 'password_hash');
  if (passwordHash !== undefined && !BCRYPT_HASH.test(passwordHash))
    throw validationFailed('password_hash must be a bcrypt hash');
  if (passwordHash !== undefined && body.password !== undefined && body.password !== null)
    throw validationFailed('Only a password or a password hash should be provided');
  return {
    email,
    password: readPassword(body.password, emptyPassword),
    passwordHash,
    emailConfirm: readBoolean(body, 'email_confirm'),
    userMetadata: optionalObject(body, 'user_metadata'),
    appMetadata: optionalObject(body, 'app_metadata'),
    bannedUntil: readBanDuration(body),
  };
}

function readPassword(value: unknown, emptyPassword: 'absent' | 'weak'): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed('password must be a string');
  if (value === '' && emptyPassword === 'absent') return undefined;
  assertPasswordStrength(value);
  return value;
}

export function readBoolean(body: Record<string, unknown>, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw validationFailed(`${field} must be a boolean`);
  return value;
}

/** GoTrue's ban_duration: "none" lifts a ban, a Go duration ("24h", "876000h") sets one from now. */
function readBanDuration(body: Record<string, unknown>): Date | null | undefined {
  const duration = optionalString(body, 'ban_duration');
  if (duration === undefined) return undefined;
  if (duration === 'none') return null;
  let milliseconds: number;
  try {
    milliseconds = parseGoDuration(duration);
  } catch (error) {
    throw validationFailed(`invalid format for ban duration: ${error instanceof Error ? error.message : 'invalid'}`);
  }
  return milliseconds === 0 ? null : new Date(Date.now() + milliseconds);
}

export function emailExists() {
  return unprocessable('email_exists', 'A user with this email address has already been registered');
}

const UNIQUE_VIOLATION = '23505';

/** Two writes of one address at the same moment: the unique index refused the second. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;
}
