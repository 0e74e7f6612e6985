import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, signedInAs, uniqueEmail, visitorAddress, withDatabase } from '../support/auth.ts';
import { waitForMail, type Mail } from '../support/mailbox.ts';

/**
 * Every mail in its reader's language: an answer to a request in the language of the page that
 * asked (x-sciai-language), a mail to an account in the account's preferred_language. English
 * wording is checked by the other mail tests, which send no language.
 */
describe('mails in their reader’s language', () => {
  const backend = inject('backend');
  const { dataDir, url } = backend;
  const sql = <T extends object>(text: string, params: unknown[] = []) =>
    withDatabase(async (db) => (await db.query<T>(text, params)).rows, backend.connectionString);
  const from = (language?: string) =>
    createClient(url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        headers: { 'x-forwarded-for': visitorAddress(), ...(language ? { 'x-sciai-language': language } : {}) },
      },
    });
  const mailOf = (to: string, kind: Mail['kind'], count = 1) =>
    waitForMail(dataDir, to, { kind, count, timeoutMs: 20_000 });

  it('writes a sign-up confirmation asked from a Spanish page in Spanish, and the account keeps Spanish', async () => {
    const email = uniqueEmail('lang-signup');
    const { data, error } = await from('es').auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();

    const mail = await mailOf(email, 'signup');
    expect(mail.subject).toBe('Confirma tu cuenta de SciAI');
    expect(mail.html).toContain('<html lang="es" dir="ltr">');
    expect(mail.text).toContain('¡Te damos la bienvenida a SciAI!');
    expect(mail.text).toMatch(/O introduce este código: \d{6}/);
    // the verification link is the API's (no language); the code page is the Spanish one
    expect(mail.links[0]).toMatch(new RegExp(`^${url}/auth/v1/verify\\?`));
    expect(mail.links[1]).toMatch(new RegExp(`^${url}/es/auth/confirm\\?`));
    const [profile] = await sql<{ preferred_language: string | null }>(
      'select preferred_language from public.user_profiles where id = $1',
      [data.user!.id],
    );
    expect(profile?.preferred_language).toBe('es');

    // A reset asked from a Chinese page is in Chinese; asked with no language, in the account's.
    expect((await from('zh').auth.resetPasswordForEmail(email)).error).toBeNull();
    const chinese = await mailOf(email, 'recovery');
    expect(chinese.subject).toBe('重置你的 SciAI 密码');
    expect(chinese.html).toContain('<html lang="zh-Hans" dir="ltr">');
    expect((await from('xx').auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await mailOf(email, 'recovery', 2)).subject).toBe('Restablece tu contraseña de SciAI');
  });

  it('writes a security code in the language of the page that asked for it, right to left in Arabic', async () => {
    const user = await signedInAs('user', 'lang-reauth');
    const arabic = from('ar');
    await arabic.auth.setSession({
      access_token: user.session.access_token,
      refresh_token: user.session.refresh_token,
    });
    expect((await arabic.auth.reauthenticate()).error).toBeNull();
    const mail = await mailOf(user.email, 'reauthentication');
    expect(mail.subject).toBe('رمز التأكيد الخاص بك على SciAI');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toMatch(/رمزك: \d{6}/);
  });

  it('writes the outbox’s mails (a token, a claim, a decision, a review) in the account’s language', async () => {
    const user = await signedInAs('user', 'lang-outbox');
    await sql("update public.user_profiles set preferred_language = 'zh', first_name = 'Lin' where id = $1", [
      user.userId,
    ]);
    const slug = `lang-${randomUUID().slice(0, 8)}`;
    const queue = (kind: string, payload: Record<string, unknown>) =>
      sql('insert into public.notification_outbox (recipient_id, kind, payload) values ($1, $2, $3)', [
        user.userId,
        kind,
        payload,
      ]);
    await queue('api_token_created', {
      name: 'Notebook',
      token_prefix: 'sciai_ab12',
      created_at: '2026-12-07T05:07:00Z',
      expires_at: '2027-12-07T05:07:00Z',
    });
    await queue('claim_approved', { claim_id: randomUUID(), title: 'Foldit', content_type: 'software', slug });
    await queue('submission_rejected', { submission_id: randomUUID(), title: 'Foldit', reason: 'Duplicate.' });
    await queue('maintained_item_reviewed', {
      review_id: randomUUID(),
      title: 'Foldit',
      content_type: 'software',
      slug,
      rating: 4,
    });

    const token = await mailOf(user.email, 'api_token_created');
    expect(token.subject).toBe('你的 SciAI 账户创建了一个新的 API 令牌');
    expect(token.text).toContain('Lin，你好：');
    expect(token.text).toContain('2026年12月7日');
    expect(token.links).toEqual([`${url}/zh/settings?tab=security`]);

    const claim = await mailOf(user.email, 'claim_approved');
    expect(claim.subject).toBe('你现在是 SciAI 上“Foldit”的维护者');
    expect(claim.links).toEqual([`${url}/zh/tool/${slug}`]);

    const decision = await mailOf(user.email, 'submission_rejected');
    expect(decision.subject).toBe('你提交的“Foldit”未获批准');
    expect(decision.text).toContain('审核员给出的理由：\nDuplicate.');
    expect(decision.text).toContain(`${url}/zh/profile`);
    // the unsubscribe link is the same address in every language; `lang` words its page
    expect(decision.text).toMatch(new RegExp(`停止接收这些邮件：${url}/unsubscribe\\?token=[^&\\s]+&lang=zh\n`));

    const review = await mailOf(user.email, 'maintained_item_reviewed');
    expect(review.subject).toBe('SciAI 上“Foldit”有新评价');
    expect(review.text).toContain('一位 SciAI 成员 评价了你维护的“Foldit”，评分为 4 分');
    expect(review.html).toContain('<html lang="zh-Hans" dir="ltr">');
  });

  it('writes a digest in Arabic, right to left, and its unsubscribe page too', async () => {
    const user = await signedInAs('user', 'lang-digest');
    await sql("update public.user_profiles set preferred_language = 'ar' where id = $1", [user.userId]);
    const slug = `lang-digest-${randomUUID().slice(0, 8)}`;
    const [item] = await sql<{ id: string }>(
      `insert into public.content_items (slug, title, content_type, status, published_at)
       values ($1, 'Arabench', 'software', 'published', now()) returning id::text`,
      [slug],
    );
    await sql("insert into public.follows (user_id, target_type, content_id) values ($1, 'item', $2)", [
      user.userId,
      item!.id,
    ]);
    for (const version of ['v1', 'v2'])
      await sql(
        `insert into public.item_signals (content_id, signal, source, value_text, as_of) values ($1, 'github_release', 'github', $2, now())
         on conflict (content_id, signal) do update set value_text = excluded.value_text`,
        [item!.id, version],
      );
    // a week has passed for what waits (item updates are weekly unless chosen otherwise)
    await sql("update public.notifications set created_at = created_at - interval '8 days' where user_id = $1", [
      user.userId,
    ]);
    await sql(
      "update public.notification_digests set waiting_since = waiting_since - interval '8 days' where user_id = $1",
      [user.userId],
    );

    const mail = await mailOf(user.email, 'notification_digest');
    expect(mail.subject).toBe('ملخصك الأسبوعي من SciAI: إشعار واحد');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('إليك ما حدث خلال الأسبوع الماضي:');
    expect(mail.text).toContain(`${url}/ar/tool/${slug}`);
    expect(mail.text).toContain(`${url}/ar/settings?tab=notifications`);

    const unsubscribe = mail.links[1];
    expect(unsubscribe).toMatch(new RegExp(`^${url}/unsubscribe\\?token=[^&]+&lang=ar$`));
    expect(mail.text).toContain(`أوقف هذه الرسائل: ${unsubscribe}`);
    const page = await fetch(unsubscribe!);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('لن تصلك بعد الآن رسائل عن ملخصك الأسبوعي.');
    expect(html).toContain('href="/ar/settings?tab=notifications"');
    // the button keeps the language through the POST
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replaceAll('&#38;', '&');
    const stopped = await fetch(`${url}${action}`, { method: 'POST' });
    expect(await stopped.text()).toContain('<h1 style="font-size: 1.5rem;">أُوقفت الرسائل</h1>');
  });
});
