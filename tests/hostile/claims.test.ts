import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, visitorAddress, type SignedInUser } from '../support/auth.ts';
import { claimableItem, connectGithub, maintainersOf, postClaim } from '../support/claims.ts';
import { GITHUB_FIXTURE_TOKENS } from '../support/github-claims-fixture.ts';
import { waitForMail } from '../support/mailbox.ts';
import { expectHealthy, nestedArrays } from './hostile-requests.ts';

/**
 * Claims under attack (docs/product.md#claims): addresses that do not prove the website, a fork
 * or a transferred repository offered as proof, two claims racing for one item, guessing the
 * code, users acting as admins or as the server, a maintainer reaching for another item, and
 * bodies no claim is made of. Every answer is a clear refusal, never a 5xx or a hang, and no
 * claim is recorded that should not be.
 */
describe('claims that must not succeed', () => {
  const backend = inject('backend');
  let claimant: SignedInUser;

  beforeAll(async () => {
    claimant = await signedInAs('user', 'hostile-claimant');
  });

  it('refuses a code for an address on another domain, at a free-mail provider, or for a shared host', async () => {
    const item = await claimableItem('hostile-mail', { website: 'https://www.hostile-mail-lab.org' });
    const onGithubPages = await claimableItem('hostile-pages', { website: 'https://hostile-lab.github.io/tool/' });
    const onPlatform = await claimableItem('hostile-platform', { website: 'https://github.com/hostile-lab/tool' });
    const cases: Array<[string, string, string]> = [
      [
        item.id,
        'me@hostile-mail-lab.org.evil.net',
        'Use an address at hostile-mail-lab.org, the domain of this item’s website.',
      ],
      [
        item.id,
        'me@nothostile-mail-lab.org',
        'Use an address at hostile-mail-lab.org, the domain of this item’s website.',
      ],
      [item.id, 'me@gmail.com', 'gmail.com is a free e-mail provider: use an address at hostile-mail-lab.org.'],
      [
        onGithubPages.id,
        'me@hostile-lab.github.io',
        'This item’s website is on shared hosting (github.io), where an e-mail address proves nothing. Claim it another way.',
      ],
      [
        onPlatform.id,
        'me@github.com',
        'This item’s website is a page on github.com, where an e-mail address proves nothing. Claim it another way.',
      ],
    ];
    for (const [contentId, email, message] of cases) {
      const answer = await postClaim(claimant, 'email/code', { content_id: contentId, email });
      expect(answer, email).toMatchObject({ status: 422, body: { message } });
    }
    for (const email of ['me@hostile-mail-lab.org\u0000', 'me\u202e@hostile-mail-lab.org', 'me@[127.0.0.1]']) {
      const oddlyWritten = await postClaim(claimant, 'email/code', { content_id: item.id, email });
      expect(oddlyWritten, email).toMatchObject({ status: 400, body: { message: 'Enter an e-mail address' } });
    }
  });

  it('refuses a repository the user only forked, and one transferred since it was listed', async () => {
    const [forker, ada] = await Promise.all([signedInAs('user', 'hostile-forker'), signedInAs('user', 'hostile-ada')]);
    await connectGithub(forker.userId, GITHUB_FIXTURE_TOKENS.forker);
    await connectGithub(ada.userId, GITHUB_FIXTURE_TOKENS.ada);
    const upstream = await claimableItem('hostile-upstream', {
      repository: 'https://github.com/claims-lab/claimable-tool',
    });
    const moved = await claimableItem('hostile-moved', { repository: 'https://github.com/claims-lab/moved-tool' });
    const hidden = await claimableItem('hostile-hidden', { repository: 'https://github.com/claims-lab/private-tool' });

    const byFork = await postClaim(forker, 'github', { content_id: upstream.id });
    expect(byFork).toMatchObject({
      status: 403,
      body: {
        message:
          'Your GitHub account cannot administer or maintain claims-lab/claimable-tool. Only its admins and maintainers can claim it this way (a fork of it does not count).',
      },
    });
    const transferred = await postClaim(ada, 'github', { content_id: moved.id });
    expect(transferred.status).toBe(409);
    expect(transferred.body.message).toContain(
      'The repository claims-lab/moved-tool is now new-home/moved-tool on GitHub.',
    );
    const unseen = await postClaim(forker, 'github', { content_id: hidden.id });
    expect(unseen.status).toBe(403);
    await connectGithub(forker.userId, GITHUB_FIXTURE_TOKENS.limited);
    const limited = await postClaim(forker, 'github', { content_id: upstream.id });
    expect(limited).toMatchObject({
      status: 503,
      body: { message: 'GitHub is limiting requests just now. Please try again in an hour.' },
    });
    expect(await Promise.all([upstream, moved, hidden].map((item) => maintainersOf(item.id)))).toEqual([[], [], []]);
  });

  it('lets one of two racing claims win and tells the other the item already has a maintainer', async () => {
    const [ada, grace] = await Promise.all([
      signedInAs('user', 'hostile-race-a'),
      signedInAs('user', 'hostile-race-g'),
    ]);
    await connectGithub(ada.userId, GITHUB_FIXTURE_TOKENS.ada);
    await connectGithub(grace.userId, GITHUB_FIXTURE_TOKENS.grace);
    for (let round = 0; round < 3; round += 1) {
      const item = await claimableItem(`hostile-race-${round}`, {
        repository: 'https://github.com/claims-lab/claimable-tool',
      });
      const answers = await Promise.all([
        postClaim(ada, 'github', { content_id: item.id }),
        postClaim(grace, 'github', { content_id: item.id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('This item already has a maintainer.');
      expect(await maintainersOf(item.id)).toHaveLength(1);
    }
  });

  it('stops guessing after five wrong codes, even the right one, and limits the codes asked for', async () => {
    const guesser = await signedInAs('user', 'hostile-guesser');
    const item = await claimableItem('hostile-guess', { website: 'https://hostile-guess-lab.org' });
    const email = `guess-${guesser.userId.slice(0, 8)}@hostile-guess-lab.org`;
    expect((await postClaim(guesser, 'email/code', { content_id: item.id, email })).status).toBe(200);
    const code = /Your code: (\d{6})/.exec(
      (await waitForMail(backend.dataDir, email, { kind: 'claim_code' })).text,
    )![1]!;
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    const statuses = [];
    for (let n = 1; n <= 5; n += 1)
      statuses.push((await postClaim(guesser, 'email/verify', { content_id: item.id, code: wrong(n) })).status);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const right = await postClaim(guesser, 'email/verify', { content_id: item.id, code });
    expect(right).toMatchObject({ status: 429, body: { message: 'Too many wrong codes: ask for a new code.' } });

    const asked = [];
    for (let n = 0; n < 5; n += 1)
      asked.push((await postClaim(guesser, 'email/code', { content_id: item.id, email })).status);
    expect(asked).toEqual([200, 200, 200, 200, 429]);
    expect(await maintainersOf(item.id)).toEqual([]);

    const address = visitorAddress();
    const burst = [];
    for (let n = 0; n < 11; n += 1)
      burst.push(
        (await postClaim(guesser, 'email/verify', { content_id: item.id, code: wrong(n) }, { address })).status,
      );
    expect(burst.at(-1)).toBe(429);
  });

  it('refuses users acting as admins, as the server, or on the tables themselves', async () => {
    const moderator = await signedInAs('moderator', 'hostile-claims-mod');
    const item = await claimableItem('hostile-roles');
    const submitted = await claimant.client.rpc('submit_item_claim', {
      _content_id: item.id,
      _evidence: 'I maintain it, trust me, please approve this claim.',
    });
    const claimId = (submitted.data as { id: string }).id;
    for (const actor of [claimant, moderator]) {
      const approve = await actor.client.rpc('admin_decide_item_claim', { _claim_id: claimId, _decision: 'approve' });
      expect(approve.error?.code).toBe('42501');
      const proven = await actor.client.rpc('record_proven_claim', {
        _user_id: actor.userId,
        _content_id: item.id,
        _method: 'github',
        _proof: {},
      });
      expect(proven.error?.code, JSON.stringify(proven.error)).toBe('42501');
      const inserted = await actor.client
        .from('item_claims')
        .insert({ content_id: item.id, claimant_id: actor.userId, method: 'github', status: 'approved' });
      expect(inserted.error?.code).toBe('42501');
      const updated = await actor.client
        .from('item_claims')
        .update({ status: 'approved' })
        .eq('id', claimId)
        .select('id');
      expect(updated.error?.code ?? (updated.data?.length === 0 ? 'none' : 'changed')).not.toBe('changed');
    }
    expect(await maintainersOf(item.id)).toEqual([]);
  });

  it('refuses a maintainer’s edit of an item they do not maintain', async () => {
    const maintainer = await signedInAs('user', 'hostile-maintainer');
    await connectGithub(maintainer.userId, GITHUB_FIXTURE_TOKENS.ada);
    const [theirs, other] = await Promise.all([
      claimableItem('hostile-theirs', { repository: 'https://github.com/claims-lab/claimable-tool' }),
      claimableItem('hostile-other'),
    ]);
    expect((await postClaim(maintainer, 'github', { content_id: theirs.id })).status).toBe(200);
    const reach = await maintainer.client.rpc('maintainer_update_item', {
      _content_id: other.id,
      _changes: { short_description: 'Taken over' },
    });
    expect(reach.error).toMatchObject({ code: '42501', message: "Only the item's maintainer can edit it here" });
    const sneaky = await maintainer.client.rpc('maintainer_update_item', {
      _content_id: theirs.id,
      _changes: { status: 'archived' },
    });
    expect(sneaky.error?.message).toBe('Field cannot be edited: status');
  });

  it('answers oversized, deeply nested, oddly encoded and anonymous requests with a refusal', async () => {
    const item = await claimableItem('hostile-bodies');
    const answers = await Promise.all([
      postClaim(undefined, 'github', { content_id: item.id }),
      postClaim(claimant, 'github', { content_id: 'x'.repeat(10_000) }),
      postClaim(claimant, 'github', undefined, { rawBody: nestedArrays(5_000) }),
      postClaim(claimant, 'github', undefined, { rawBody: `{"content_id": ${nestedArrays(40)}}` }),
      postClaim(claimant, 'github', { content_id: item.id, extra: true }),
      postClaim(claimant, 'github', undefined, {
        rawBody: '\u00ff\u00fe{"content_id"',
        contentType: 'application/json; charset=latin1',
      }),
      postClaim(claimant, 'github', undefined, {
        rawBody: 'content_id=1',
        contentType: 'application/x-www-form-urlencoded',
      }),
      postClaim(claimant, 'email/verify', { content_id: randomUUID(), code: '123456' }),
      postClaim(claimant, 'email/code', { content_id: item.id, email: `${'a'.repeat(300)}@hostile-bodies-lab.org` }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 413, 400, 400, 400, 400, 415, 404, 400]);
    const leaving = await signedInAs('user', 'hostile-claims-gone');
    const token = leaving.session.access_token;
    expect((await leaving.client.auth.signOut()).error).toBeNull();
    const ended = await postClaim(undefined, 'github', { content_id: item.id }, { accessToken: token });
    expect(ended).toMatchObject({ status: 401, body: { message: 'Session ended or account banned: sign in again.' } });
    for (const answer of answers) expect(typeof answer.body.message).toBe('string');
    await expectHealthy(backend);
  });
});
