import { t } from '@sciai/core';
import { codeLines, escapeHtml, linkTo, mailDocument, withMarkup } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';

export const CLAIM_CODE_MAIL_KIND = 'claim_code';

/**
 * The one-time code of an e-mail claim, sent to the address at the website's domain, in the
 * language running (the claimant's page's).
 */
export function claimCodeMail(input: { to: string; code: string; title: string; itemUrl: string }): MailMessage {
  const { title, code } = input;
  const greeting = t('Hello,');
  const lead = t(
    'Someone signed in to SciAI asked to become the maintainer of “{title}” and gave this address to prove it.',
    { title },
  );
  const use = t('Enter this code in the claim dialog on SciAI. It works for 15 minutes.');
  const ignore = t('If you did not ask for it, ignore this e-mail: nothing changes without the code.');
  const text = [
    greeting,
    '',
    lead,
    '',
    ...codeLines('own', code),
    '',
    use,
    t('The item: {url}', { url: input.itemUrl }),
    '',
    ignore,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p style="font-size: 24px; letter-spacing: 4px;"><strong>${escapeHtml(code)}</strong></p>`,
    `<p>${escapeHtml(use)} ${withMarkup(t('<0>See the item</0>.'), { 0: linkTo(input.itemUrl) })}</p>`,
    `<p style="color: #5c5f66;">${escapeHtml(ignore)}</p>`,
  ]);
  return {
    kind: CLAIM_CODE_MAIL_KIND,
    to: input.to,
    subject: t('Your SciAI code to claim “{title}”: {code}', { title, code }),
    text,
    html,
    links: [input.itemUrl],
  };
}
