import { describe, expect, it } from 'vitest';
import { signedInAs } from '../support/auth.ts';
import { domainIds, rowOf, validDraft } from '../support/submissions.ts';

/**
 * A contribution's weights licence and availability (docs/product.md#facts), sent around the
 * wizard: anything but a short text and one of the four availabilities is refused as a client
 * error by the submission's own check, never stored and never a 5xx.
 */
describe('contributed weights licences and availability, probed', () => {
  it('refuses what the wizard would not send', async () => {
    const contributor = await signedInAs('user', 'model-terms-probe');
    const domains = await domainIds(contributor.client);
    const cases: Array<[string, 'software' | 'agent', Record<string, unknown>]> = [
      ['huge weights licence', 'software', { weights_license: 'CC-BY-NC-4.0 '.repeat(10_000) }],
      ['weights licence as an object', 'software', { weights_license: { spdx: 'MIT' } }],
      ['weights licence as null', 'software', { weights_license: null }],
      ['availability in capitals', 'software', { availability: 'OPEN' }],
      ['availability as SQL', 'agent', { availability: "open'); delete from public.software; --" }],
      ['availability as a number', 'agent', { availability: 1 }],
      ['availability with a right-to-left mark', 'software', { availability: 'open\u200f' }],
    ];
    for (const [name, type, metadata] of cases) {
      const title = `Hostile model terms ${name} ${Date.now()}`;
      const row = { ...rowOf(validDraft(domains, { title })), content_type: type, metadata };
      const { error, status } = await contributor.client
        .from('content_submissions')
        .insert({ ...row, submitter_id: contributor.userId });
      expect(error?.code, name).toBe('23514');
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
    }
    const { data } = await contributor.client
      .from('content_submissions')
      .select('id')
      .like('title', 'Hostile model terms%');
    expect(data).toEqual([]);
  });
});
