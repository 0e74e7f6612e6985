import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase, type SignedInUser } from '../support/auth.ts';
import { anonClient } from '../support/clients.ts';
import { claimableItem, connectGithub, maintainersOf, postClaim } from '../support/claims.ts';
import { GITHUB_FIXTURE_TOKENS } from '../support/github-claims-fixture.ts';
import { mailsTo, waitForMail } from '../support/mailbox.ts';

const REPOSITORY = 'https://github.com/claims-lab/claimable-tool';

/** The summary the item page shows, as a visitor or as `user`. */
async function summaryOf(itemId: string, user?: SignedInUser) {
  const client = user?.client ?? anonClient();
  const { data, error } = await client.rpc('item_claim_summary', { _content_id: itemId });
  expect(error).toBeNull();
  return data as {
    maintainer: { name: string | null; method: string } | null;
    is_maintainer: boolean;
    methods: string[];
    my_claim: { status: string; method: string } | null;
  };
}

/**
 * Claims (docs/product.md#claims), each proof end to end: the repository checked against the
 * stand-in GitHub with the user's token, a code mailed to an address at the website's domain,
 * an ORCID iD, evidence an admin decides on (with the claimant's e-mail), withdrawal, handover,
 * and what a maintainer may then change.
 */
describe('claiming an item', () => {
  const { dataDir } = inject('backend');
  let admin: SignedInUser;

  beforeAll(async () => {
    admin = await signedInAs('admin', 'claims-admin');
  });

  it('approves a repository admin or maintainer at once and shows them on the item', async () => {
    const [ada, grace] = await Promise.all([signedInAs('user', 'claims-ada'), signedInAs('user', 'claims-grace')]);
    await withDatabase((db) =>
      db.query("update public.user_profiles set display_name = 'Ada Maintainer' where id = $1", [ada.userId]),
    );
    await connectGithub(ada.userId, GITHUB_FIXTURE_TOKENS.ada);
    await connectGithub(grace.userId, GITHUB_FIXTURE_TOKENS.grace);
    const [first, second] = await Promise.all([
      claimableItem('gh-admin', { repository: REPOSITORY }),
      claimableItem('gh-maintain', { repository: `${REPOSITORY}.git` }),
    ]);
    expect((await summaryOf(first.id)).methods).toEqual(['evidence', 'github', 'email']);

    const byAdmin = await postClaim(ada, 'github', { content_id: first.id });
    expect(byAdmin, JSON.stringify(byAdmin)).toMatchObject({
      status: 200,
      body: { status: 'approved', method: 'github' },
    });
    const byMaintainer = await postClaim(grace, 'github', { content_id: second.id });
    expect(byMaintainer.status, JSON.stringify(byMaintainer)).toBe(200);

    expect(await summaryOf(first.id)).toMatchObject({
      maintainer: { name: 'Ada Maintainer', method: 'github' },
      is_maintainer: false,
    });
    expect(await summaryOf(first.id, ada)).toMatchObject({ is_maintainer: true, my_claim: { status: 'approved' } });
    const proof = await withDatabase((db) =>
      db.query<{ proof: unknown }>('select proof from public.item_claims where content_id = $1', [first.id]),
    );
    expect(proof.rows[0]?.proof).toEqual({
      repository: 'claims-lab/claimable-tool',
      permission: 'admin',
      github_id: 1001,
    });
    const again = await postClaim(grace, 'github', { content_id: first.id });
    expect(again).toMatchObject({ status: 409, body: { message: 'This item already has a maintainer.' } });
  });

  it('asks a user without GitHub to connect it, and refuses one who can only read the repository', async () => {
    const [nobody, linus] = await Promise.all([signedInAs('user', 'claims-no-gh'), signedInAs('user', 'claims-linus')]);
    await connectGithub(linus.userId, GITHUB_FIXTURE_TOKENS.linus);
    const item = await claimableItem('gh-refused', { repository: REPOSITORY });

    const unconnected = await postClaim(nobody, 'github', { content_id: item.id });
    expect(unconnected).toMatchObject({
      status: 409,
      body: { message: 'Connect GitHub first: sign in with GitHub, then claim the item again.' },
    });
    const reader = await postClaim(linus, 'github', { content_id: item.id });
    expect(reader.status).toBe(403);
    expect(reader.body.message).toContain('cannot administer or maintain claims-lab/claimable-tool');
    expect(await maintainersOf(item.id)).toEqual([]);
  });

  it('mails a one-time code to an address at the website’s domain and approves the right code', async () => {
    const claimant = await signedInAs('user', 'claims-mail');
    const item = await claimableItem('mail-proof', { website: 'https://tools.mail-proof-lab.org/app' });
    const address = `Maintainer.${claimant.userId.slice(0, 8)}@Mail-Proof-Lab.org`;

    const sent = await postClaim(claimant, 'email/code', { content_id: item.id, email: address });
    expect(sent, JSON.stringify(sent)).toMatchObject({
      status: 200,
      body: { sent: true, email: address.toLowerCase() },
    });
    const mail = await waitForMail(dataDir, address.toLowerCase(), { kind: 'claim_code' });
    const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your SciAI code to claim “${item.title}”: ${code}`);
    expect(mail.text).toContain(`/tool/${item.slug}`);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await postClaim(claimant, 'email/verify', { content_id: item.id, code: wrong });
    expect(refused).toMatchObject({ status: 422, body: { message: 'That code is not right: 4 tries left.' } });
    const accepted = await postClaim(claimant, 'email/verify', { content_id: item.id, code });
    expect(accepted, JSON.stringify(accepted)).toMatchObject({
      status: 200,
      body: { status: 'approved', method: 'email' },
    });
    expect(await maintainersOf(item.id)).toEqual([claimant.userId]);
    const reused = await postClaim(claimant, 'email/verify', { content_id: item.id, code });
    expect(reused.status).toBe(409);
  });

  it('asks for a verified ORCID iD, and approves an author of the paper by theirs', async () => {
    const author = await signedInAs('user', 'claims-orcid');
    const stranger = await signedInAs('user', 'claims-orcid-stranger');
    const paper = await claimableItem('orcid-paper', { contentType: 'paper' });
    await withDatabase(async (db) => {
      const person = await db.query<{ id: string }>(
        "insert into public.people (full_name, orcid_id) values ('Orcid Author', '0000-0003-1415-9269') returning id",
      );
      await db.query(
        "insert into public.content_people (content_id, person_id, role, order_index) values ($1, $2, 'author', 0)",
        [paper.id, person.rows[0]!.id],
      );
    });
    expect((await summaryOf(paper.id)).methods).toEqual(['evidence', 'email', 'orcid']);
    const unverified = await author.client.rpc('claim_item_by_orcid', { _content_id: paper.id });
    expect(unverified.error?.message).toBe('Sign in with ORCID first: your profile has no verified ORCID iD');

    // what signing in with ORCID (or connecting it) records for each of them
    await withDatabase((db) =>
      db.query('insert into public.verified_orcid_ids (user_id, orcid_id) values ($1, $2), ($3, $4)', [
        author.userId,
        '0000-0003-1415-9269',
        stranger.userId,
        '0000-0002-7182-8185',
      ]),
    );
    const refused = await stranger.client.rpc('claim_item_by_orcid', { _content_id: paper.id });
    expect(refused.error?.message).toBe("Your ORCID iD 0000-0002-7182-8185 is not among this paper's authors");
    const claimed = await author.client.rpc('claim_item_by_orcid', { _content_id: paper.id });
    expect(claimed.error).toBeNull();
    expect(await summaryOf(paper.id, author)).toMatchObject({ maintainer: { method: 'orcid' }, is_maintainer: true });
  });

  it('sends evidence to the admins, who approve, reject or revoke with a reason the claimant is mailed', async () => {
    const [approved, rejected] = await Promise.all([
      signedInAs('user', 'claims-ev-yes'),
      signedInAs('user', 'claims-ev-no'),
    ]);
    const [item, other] = await Promise.all([claimableItem('evidence-yes'), claimableItem('evidence-no')]);
    const evidence = 'I am the lab head; the website lists me as the principal investigator.';
    expect(
      (await approved.client.rpc('submit_item_claim', { _content_id: item.id, _evidence: evidence })).error,
    ).toBeNull();
    expect(
      (await rejected.client.rpc('submit_item_claim', { _content_id: other.id, _evidence: evidence })).error,
    ).toBeNull();
    const twice = await approved.client.rpc('submit_item_claim', { _content_id: item.id, _evidence: evidence });
    expect(twice.error?.message).toBe('Your claim of this item is already waiting for an admin');

    const listed = await admin.client.rpc('admin_list_item_claims', { _status: 'pending' });
    const mine = (
      listed.data as Array<{ id: string; content_id: string; evidence: string; claimant_email: string }>
    ).find((claim) => claim.content_id === item.id);
    expect(mine).toMatchObject({ evidence, claimant_email: approved.email });
    const theirs = (listed.data as Array<{ id: string; content_id: string }>).find(
      (claim) => claim.content_id === other.id,
    );

    const noReason = await admin.client.rpc('admin_decide_item_claim', { _claim_id: theirs!.id, _decision: 'reject' });
    expect(noReason.error?.message).toBe('A reason is required');
    expect(
      (await admin.client.rpc('admin_decide_item_claim', { _claim_id: mine!.id, _decision: 'approve' })).error,
    ).toBeNull();
    const reason = 'The website does not name you; write from an address at its domain.';
    expect(
      (
        await admin.client.rpc('admin_decide_item_claim', {
          _claim_id: theirs!.id,
          _decision: 'reject',
          _reason: reason,
        })
      ).error,
    ).toBeNull();

    const approvedMail = await waitForMail(dataDir, approved.email, { kind: 'claim_approved', timeoutMs: 15_000 });
    expect(approvedMail.subject).toBe(`You now maintain “${item.title}” on SciAI`);
    const rejectedMail = await waitForMail(dataDir, rejected.email, { kind: 'claim_rejected', timeoutMs: 15_000 });
    expect(rejectedMail.text).toContain(reason);
    expect(await maintainersOf(item.id)).toEqual([approved.userId]);

    const revoked = await admin.client.rpc('admin_decide_item_claim', {
      _claim_id: mine!.id,
      _decision: 'revoke',
      _reason: 'The lab asked us to list its new head.',
    });
    expect(revoked.error).toBeNull();
    await waitForMail(dataDir, approved.email, { kind: 'claim_revoked', timeoutMs: 15_000 });
    expect(await maintainersOf(item.id)).toEqual([]);
  });

  it('hands an item over to a user named by handle, who accepts; the old maintainer can step down', async () => {
    const [giver, taker] = await Promise.all([signedInAs('user', 'claims-giver'), signedInAs('user', 'claims-taker')]);
    await connectGithub(giver.userId, GITHUB_FIXTURE_TOKENS.ada);
    const handle = `taker-${taker.userId.slice(0, 8)}`;
    expect((await taker.client.from('user_profiles').update({ handle }).eq('id', taker.userId)).error).toBeNull();
    const item = await claimableItem('handover', { repository: REPOSITORY });
    expect((await postClaim(giver, 'github', { content_id: item.id })).status).toBe(200);
    const [given] = (await giver.client.rpc('my_item_claims')).data as Array<{ id: string; offered_to_me: boolean }>;
    expect(given).toMatchObject({ mine: true, status: 'approved', offered_to_me: false, transfer_pending: false });
    const claimId = given!.id;

    const unknown = await giver.client.rpc('offer_item_claim_transfer', {
      _claim_id: claimId,
      _recipient: 'nobody-here-x',
    });
    expect(unknown.error?.message).toBe('No user with that handle or e-mail address');
    expect(
      (await giver.client.rpc('offer_item_claim_transfer', { _claim_id: claimId, _recipient: `@${handle}` })).error,
    ).toBeNull();
    const offer = await waitForMail(dataDir, taker.email, { kind: 'claim_transfer_offered', timeoutMs: 15_000 });
    expect(offer.subject).toBe(`You are offered “${item.title}” to maintain on SciAI`);
    expect(offer.links).toEqual([expect.stringMatching(/\/settings\?tab=claims$/)]);
    const offered = (await taker.client.rpc('my_item_claims')).data as Array<{ id: string; offered_to_me: boolean }>;
    expect(offered).toEqual([expect.objectContaining({ id: claimId, offered_to_me: true })]);
    const stranger = await admin.client.rpc('answer_item_claim_transfer', { _claim_id: claimId, _accept: true });
    expect(stranger.error?.message).toBe('No handover of this item is waiting for you');
    expect(
      (await taker.client.rpc('answer_item_claim_transfer', { _claim_id: claimId, _accept: true })).error,
    ).toBeNull();
    expect(await maintainersOf(item.id)).toEqual([taker.userId]);

    const takerClaim = ((await taker.client.rpc('my_item_claims')).data as Array<{ id: string; status: string }>).find(
      (claim) => claim.status === 'approved',
    );
    expect((await taker.client.rpc('withdraw_item_claim', { _claim_id: takerClaim!.id })).error).toBeNull();
    expect(await maintainersOf(item.id)).toEqual([]);
  });

  it('applies a maintainer’s description at once, recorded for all to see; a new name waits for a moderator', async () => {
    const [maintainer, moderator] = await Promise.all([
      signedInAs('user', 'claims-editor'),
      signedInAs('moderator', 'claims-moderator'),
    ]);
    await connectGithub(maintainer.userId, GITHUB_FIXTURE_TOKENS.ada);
    const item = await claimableItem('maintained', { repository: REPOSITORY });
    expect((await postClaim(maintainer, 'github', { content_id: item.id })).status).toBe(200);

    const edited = await maintainer.client.rpc('maintainer_update_item', {
      _content_id: item.id,
      _changes: {
        short_description: 'Predicts protein structure from sequence',
        key_features: ['GPU inference', 'Batch mode'],
        pricing_model: 'free',
        title: 'Maintained Tool 2',
      },
    });
    expect(edited.error).toBeNull();
    expect(edited.data).toEqual({
      applied: ['short_description', 'key_features', 'pricing_model'],
      pending: ['title'],
    });
    const published = await anonClient()
      .from('content_items')
      .select('title, short_description, key_features')
      .eq('id', item.id)
      .single();
    expect(published.data).toEqual({
      title: item.title,
      short_description: 'Predicts protein structure from sequence',
      key_features: ['GPU inference', 'Batch mode'],
    });
    expect(await summaryOf(item.id)).toMatchObject({ changes: 3 });
    const history = await anonClient().rpc('item_history', { _slug: item.slug });
    expect((history.data as { versions: Array<{ actor: string; fields: string[] }> }).versions).toEqual([
      expect.objectContaining({ actor: 'maintainer', fields: ['key_features', 'pricing_model', 'short_description'] }),
    ]);

    const queue = (await moderator.client.rpc('pending_item_fact_changes')).data as Array<{
      id: string;
      content_id: string;
    }>;
    const waiting = queue.find((change) => change.content_id === item.id);
    expect(waiting).toMatchObject({ field: 'title', new_value: 'Maintained Tool 2', old_value: item.title });
    expect(
      (await moderator.client.rpc('decide_item_fact_change', { _change_id: waiting!.id, _approve: true })).error,
    ).toBeNull();
    const renamed = await anonClient().from('content_items').select('title').eq('id', item.id).single();
    expect(renamed.data?.title).toBe('Maintained Tool 2');
    expect(mailsTo(dataDir, maintainer.email).filter((mail) => mail.kind.startsWith('claim_'))).toEqual([]);
  });
});
