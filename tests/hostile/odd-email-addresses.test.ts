import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, visitorAddress } from '../support/auth.ts';

/**
 * Odd e-mail addresses on every auth endpoint that takes one: each gets GoTrue's 400
 * validation_failed, never a 5xx, and nothing is created (docs/product.md#auth-disabled-features).
 */
const ODD_ADDRESSES = [
  'xx:;x@x.x',
  'jörg@example.org',
  'someone@exämple.org',
  '"quoted"@example.org',
  "o'brien@exa'mple.org",
  'a\u0000b@example.org',
  'a@example.org\n',
  'a\r\nbcc: b@example.org',
  'a@-example.org',
  'a@example..org',
  `${'a'.repeat(300)}@example.org`,
  `a@${'b'.repeat(64)}.org`,
  '\u202ea@example.org',
  '@example.org',
  'a@',
  'a@b@example.org',
];

async function post(path: string, body: unknown) {
  const backend = inject('backend');
  const response = await fetch(`${backend.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      'x-forwarded-for': visitorAddress(),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('odd e-mail addresses', () => {
  it.each(ODD_ADDRESSES)('refuses %j with 400 on sign-up, recovery, resend and code entry', async (email) => {
    const answers = [
      await post('signup', { email, password: PASSWORD }),
      await post('recover', { email }),
      await post('resend', { type: 'signup', email }),
      await post('verify', { type: 'email', email, token: '123456' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    }
  });
});
