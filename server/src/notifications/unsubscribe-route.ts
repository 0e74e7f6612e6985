import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { escapeHtml } from '../auth/mail-html.ts';
import { EMAIL_SCOPE_NAMES } from './notification-mail.ts';
import { verifyUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.ts';

/**
 * /unsubscribe?token=… (docs/product.md#notification-email): the link in every notification mail.
 * GET shows what it stops, with a button; POST stops it, whether from that button or from a
 * mail client's one-click (RFC 8058: "List-Unsubscribe=One-Click" in the body, no cookies). A
 * forged, altered, expired or oversized token is a 400 and changes nothing; the same token twice
 * turns off what is already off.
 */
export function registerUnsubscribe(app: FastifyInstance, options: { pool: pg.Pool; jwtSecret: string }): void {
  const claimOf = (request: FastifyRequest): (UnsubscribeClaim & { token: string }) | undefined => {
    const query: unknown = request.query;
    const token = typeof query === 'object' && query !== null ? new Map(Object.entries(query)).get('token') : undefined;
    const claim = verifyUnsubscribeToken(options.jwtSecret, token);
    return claim && typeof token === 'string' ? { ...claim, token } : undefined;
  };

  void app.register(async (scope) => {
    // The one-click POST arrives as a form (urlencoded or multipart); what it says is fixed by
    // the RFC and not needed: the token in the address is the whole request.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.get('/unsubscribe', async (request, reply) => {
      const claim = claimOf(request);
      if (!claim) return refuse(reply);
      const name = EMAIL_SCOPE_NAMES[claim.scope];
      const action = `/unsubscribe?token=${encodeURIComponent(claim.token)}`;
      return page(reply, 200, 'Stop these e-mails?', [
        `<p>You will no longer get e-mails about ${escapeHtml(name)}. You still see every notification in SciAI.</p>`,
        `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these e-mails</button></form>`,
        settingsLine(),
      ]);
    });
    scope.post('/unsubscribe', async (request, reply) => {
      const claim = claimOf(request);
      if (!claim) return refuse(reply);
      await options.pool.query('select public.unsubscribe_email($1, $2)', [claim.userId, claim.scope]);
      return page(reply, 200, 'E-mails stopped', [
        `<p>You will no longer get e-mails about ${escapeHtml(EMAIL_SCOPE_NAMES[claim.scope])}. You still see every notification in SciAI.</p>`,
        settingsLine(),
      ]);
    });
  });
}

function settingsLine(): string {
  return '<p>To choose what is e-mailed to you, and when, go to <a href="/settings?tab=notifications">Settings → Notifications</a>.</p>';
}

function refuse(reply: FastifyReply): FastifyReply {
  return page(reply, 400, 'This link does not work', [
    '<p>This unsubscribe link is not valid or has expired. Nothing was changed.</p>',
    settingsLine(),
  ]);
}

function page(reply: FastifyReply, status: number, title: string, body: string[]): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · SciAI</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
<h1 style="font-size: 1.5rem;">${escapeHtml(title)}</h1>
${body.join('\n')}
</body>
</html>
`);
}
