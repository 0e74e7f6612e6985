import { describe, expect, inject, it } from 'vitest';
import { send } from './hostile-requests.ts';

/**
 * Requests from this machine without X-Forwarded-For (what a same-host proxy that does not add
 * the header sends for every visitor) are limited like any client; only the service-role key,
 * which the CLI and the operator's scripts carry, is exempt from the Data API limit.
 */
const PATH = '/rest/v1/content_domains?select=content_id&limit=1';

async function statuses(count: number, key?: string): Promise<number[]> {
  const backend = inject('backend');
  const all: number[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, () => send(backend, PATH, key ? { key } : {}));
    all.push(...(await Promise.all(batch)).map((answer) => answer.status));
  }
  return all;
}

describe('no address is exempt from the rate limits', () => {
  it('limits unforwarded requests from this machine carrying the anon key', async () => {
    const answers = await statuses(110);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
  });

  it('never limits requests carrying the service-role key', async () => {
    const answers = await statuses(150, inject('backend').serviceRoleKey);
    expect(answers.filter((status) => status === 429)).toEqual([]);
  });
});
