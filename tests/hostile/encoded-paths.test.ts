import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { send } from './hostile-requests.ts';

/**
 * The gateway's rules (rate limits, the bot filter and visitor hash of view counting) apply to
 * the path PostgREST will see, whatever its spelling: percent-encoding, doubled slashes, letter
 * case. Each test speaks from an address of its own through the trusted loopback proxy.
 */
const address = () => `203.0.${randomInt(256)}.${1 + randomInt(254)}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('percent-encoded and odd spellings of API paths', () => {
  const backend = inject('backend');

  it('counts every spelling of an endpoint against one allowance', async () => {
    const ip = address();
    const headers = { 'x-forwarded-for': ip };
    for (let start = 0; start < 100; start += 10) {
      const batch = Array.from({ length: 10 }, () =>
        send(backend, '/rest/v1/scientific_domains?select=id', { headers }),
      );
      expect((await Promise.all(batch)).map((answer) => answer.status)).toEqual(Array(10).fill(200));
    }
    expect((await send(backend, '/rest/v1/scientific_domains?select=id', { headers })).status).toBe(429);
    for (const variant of [
      '/rest/v1/scientific%5Fdomains',
      '/rest/v1/scientific%5fdomains',
      '/rest/v1/%73cientific_domains',
      '/rest/v1//scientific_domains',
      '/rest/v1/scientific_domains/',
    ]) {
      const answer = await send(backend, `${variant}?select=id`, { headers });
      expect(answer.status, variant).toBe(429);
    }
  });

  it('answers a bot’s view through an encoded path with 204, as through the plain one', async () => {
    const item = await aPublishedSlug(backend);
    for (const path of [
      '/rest/v1/rpc/record%5Fitem%5Fview',
      '/rest/v1/rpc/Record_Item_View',
      '/rest/v1//rpc/record_item_view',
    ]) {
      const answer = await send(backend, path, {
        body: JSON.stringify({ item_slug: item }),
        headers: { 'x-forwarded-for': address(), 'user-agent': 'curl/8.5.0' },
      });
      expect(answer.status, path).toBe(204);
    }
  });

  it('counts one view per address and item whatever the path spelling or the User-Agent', async () => {
    const item = await aPublishedSlug(backend);
    const ip = address();
    const spellings = [
      '/rest/v1/rpc/record_item_view',
      '/rest/v1/rpc/record%5Fitem%5Fview',
      '/rest/v1/rpc/%72ecord_item_view',
    ];
    let counted = 0;
    for (let index = 0; index < 10; index++) {
      const answer = await send(backend, spellings[index % spellings.length]!, {
        body: JSON.stringify({ item_slug: item }),
        headers: { 'x-forwarded-for': ip, 'user-agent': `${BROWSER} visit/${index}` },
      });
      expect(answer.status).toBe(200);
      // record_item_view answers true when the view was counted
      if (answer.body === true) counted++;
    }
    expect(counted).toBe(1);
  });
});

type Backend = ReturnType<typeof inject<'backend'>>;

async function aPublishedSlug(backend: Backend): Promise<string> {
  const answer = await send(
    backend,
    `/rest/v1/content_items?select=slug&status=eq.published&limit=1&offset=${randomInt(20)}`,
    {
      key: backend.serviceRoleKey,
    },
  );
  const rows = answer.body as { slug: string }[];
  if (!rows[0]) throw new Error(`no published item: ${JSON.stringify(answer.body)}`);
  return rows[0].slug;
}
