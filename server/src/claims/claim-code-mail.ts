import { escapeHtml, mailDocument } from '../auth/mail-html.ts';
import type { MailMessage } from '../auth/mail-message.ts';

export const CLAIM_CODE_MAIL_KIND = 'claim_code';

/** The one-time code of an e-mail claim, sent to the address at the website's domain. */
export function claimCodeMail(input: { to: string; code: string; title: string; itemUrl: string }): MailMessage {
  const lead = `Someone signed in to SciAI asked to become the maintainer of “${input.title}” and gave this address to prove it.`;
  const use = 'Enter this code in the claim dialog on SciAI. It works for 15 minutes.';
  const ignore = 'If you did not ask for it, ignore this e-mail: nothing changes without the code.';
  const text = [
    'Hello,',
    '',
    lead,
    '',
    `Your code: ${input.code}`,
    '',
    use,
    `The item: ${input.itemUrl}`,
    '',
    ignore,
    '',
    '— SciAI',
    '',
  ].join('\n');
  const html = mailDocument([
    '<p>Hello,</p>',
    `<p>${escapeHtml(lead)}</p>`,
    `<p style="font-size: 24px; letter-spacing: 4px;"><strong>${escapeHtml(input.code)}</strong></p>`,
    `<p>${escapeHtml(use)} <a href="${escapeHtml(input.itemUrl)}">See the item</a>.</p>`,
    `<p style="color: #5c5f66;">${escapeHtml(ignore)}</p>`,
  ]);
  return {
    kind: CLAIM_CODE_MAIL_KIND,
    to: input.to,
    subject: `Your SciAI code to claim “${input.title}”: ${input.code}`,
    text,
    html,
    links: [input.itemUrl],
  };
}
