import type { FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '@sciai/core';
import type { Queryable } from './db.ts';

/**
 * The language of the page that sent a request: the web app names it on every call to the
 * backend (web/src/data/supabase-client.ts), so a mail sent in answer (a confirmation, a reset
 * link, a code) is written in the language its reader was just using.
 */
export const LANGUAGE_HEADER = 'x-sciai-language';

/** The request's page language, or undefined when it names none of the interface's languages. */
export function requestLanguage(request: FastifyRequest): Locale | undefined {
  const value = request.headers[LANGUAGE_HEADER];
  return isLocale(value) ? value : undefined;
}

/** The language an account chose for its interface and mails (user_profiles.preferred_language). */
export async function profileLanguage(db: Queryable, userId: string | undefined): Promise<Locale | undefined> {
  if (!userId) return undefined;
  const { rows } = await db.query<{ preferred_language: string | null }>(
    'select preferred_language from public.user_profiles where id = $1',
    [userId],
  );
  const chosen = rows[0]?.preferred_language;
  return isLocale(chosen) ? chosen : undefined;
}

/**
 * The language of an auth mail. A mail answering its reader's own request (a confirmation, a
 * reset, a code) follows the page they asked from, then their profile; a notice to an account's
 * owner about someone else's request (an address being changed, a sign-up with their address)
 * follows the owner's profile first. English when neither is known.
 */
export async function authMailLanguage(
  db: Queryable,
  options: { asked: Locale | undefined; userId: string | undefined; reader: 'requester' | 'owner' },
): Promise<Locale> {
  if (options.reader === 'requester' && options.asked) return options.asked;
  return (await profileLanguage(db, options.userId)) ?? options.asked ?? 'en';
}

/**
 * A new account starts in the language of the page it signed up from, unless it has one
 * already (handle_new_user makes the profile; nothing else writes its language before this).
 */
export async function keepSignUpLanguage(db: Queryable, userId: string, asked: Locale | undefined): Promise<void> {
  if (!asked) return;
  await db.query(
    'update public.user_profiles set preferred_language = $2 where id = $1 and preferred_language is null',
    [userId, asked],
  );
}
