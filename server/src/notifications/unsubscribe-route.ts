import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { currentLocale, isLocale, LOCALE_INFO, localizedPath, t, type Locale } from '@sciai/core';
import { escapeHtml, linkTo, withMarkup } from '../auth/mail-html.ts';
import { preferredLocale } from '../gateway/seo/page-language.ts';
import { inLanguage } from '../i18n/server-i18n.ts';
import { noLongerEmailed } from './notification-mail.ts';
import { verifyUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.ts';

/**
 * /unsubscribe?token=… (docs/product.md#notification-email): the link in every notification mail.
 * GET shows what it stops, with a button; POST stops it, whether from that button or from a
 * mail client's one-click (RFC 8058: "List-Unsubscribe=One-Click" in the body, no cookies). A
 * forged, altered, expired or oversized token is a 400 and changes nothing; the same token twice
 * turns off what is already off. The page speaks the mail's language (`lang` in the link, which
 * the token does not sign: it only words the page), else the visitor's (cookie, browser).
 */
export function registerUnsubscribe(app: FastifyInstance, options: { pool: pg.Pool; jwtSecret: string }): void {
  const claimOf = (request: FastifyRequest): (UnsubscribeClaim & { token: string }) | undefined => {
    const token = queryField(request, 'token');
    const claim = verifyUnsubscribeToken(options.jwtSecret, token);
    return claim && typeof token === 'string' ? { ...claim, token } : undefined;
  };

  void app.register(async (scope) => {
    // The one-click POST arrives as a form (urlencoded or multipart); what it says is fixed by
    // the RFC and not needed: the token in the address is the whole request.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.get('/unsubscribe', async (request, reply) =>
      inLanguage(pageLanguage(request), () => {
        const claim = claimOf(request);
        if (!claim) return refuse(reply);
        const lang = queryField(request, 'lang');
        const action = `/unsubscribe?token=${encodeURIComponent(claim.token)}${isLocale(lang) ? `&lang=${lang}` : ''}`;
        return page(reply, 200, t('Stop these e-mails?'), [
          `<p>${escapeHtml(noLongerEmailed(claim.scope))}</p>`,
          `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t('Stop these e-mails'))}</button></form>`,
          settingsLine(),
        ]);
      }),
    );
    scope.post('/unsubscribe', async (request, reply) => {
      const claim = claimOf(request);
      return inLanguage(pageLanguage(request), async () => {
        if (!claim) return refuse(reply);
        await options.pool.query('select public.unsubscribe_email($1, $2)', [claim.userId, claim.scope]);
        return page(reply, 200, t('E-mails stopped'), [
          `<p>${escapeHtml(noLongerEmailed(claim.scope))}</p>`,
          settingsLine(),
        ]);
      });
    });
  });
}

function queryField(request: FastifyRequest, name: string): unknown {
  const query: unknown = request.query;
  return typeof query === 'object' && query !== null ? new Map(Object.entries(query)).get(name) : undefined;
}

/** The mail's language when the link names one, else the visitor's choice or browser's. */
function pageLanguage(request: FastifyRequest): Locale {
  const lang = queryField(request, 'lang');
  return isLocale(lang) ? lang : preferredLocale(request.headers.cookie, request.headers['accept-language']);
}

function settingsLine(): string {
  const settings = localizedPath(currentLocale(), '/settings?tab=notifications');
  return `<p>${withMarkup(t('To choose what is e-mailed to you, and when, go to <0>Settings → Notifications</0>.'), {
    0: linkTo(settings),
  })}</p>`;
}

function refuse(reply: FastifyReply): FastifyReply {
  return page(reply, 400, t('This link does not work'), [
    `<p>${escapeHtml(t('This unsubscribe link is not valid or has expired. Nothing was changed.'))}</p>`,
    settingsLine(),
  ]);
}

function page(reply: FastifyReply, status: number, title: string, body: string[]): FastifyReply {
  const { tag, dir } = LOCALE_INFO[currentLocale()];
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .header('content-language', tag)
    .type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${tag}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · SciAI</title></head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 560px; margin: 0 auto; padding: 24px;">
<h1 style="font-size: 1.5rem;">${escapeHtml(title)}</h1>
${body.join('\n')}
</body>
</html>
`);
}
