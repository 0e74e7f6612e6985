import { z } from 'zod';
import { msg, t } from '../i18n/translate.ts';

/** The claim methods, in the order the claim dialog offers them. */
export const CLAIM_METHODS = ['github', 'email', 'orcid', 'evidence'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'revoked'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

// eslint-disable-next-line sciai/no-untranslated-text -- the API's answer to a malformed request, not the page's
const ItemId = z.uuid({ message: 'content_id must be an item id' });

/** POST /claims/v1/github: prove the item's repository. */
export const GithubClaimRequestSchema = z.strictObject({ content_id: ItemId });

/** POST /claims/v1/email/code: mail a one-time code to an address at the website's domain. */
export const EmailCodeRequestSchema = z.strictObject({
  content_id: ItemId,
  email: z
    .string()
    .trim()
    .max(254, { error: () => t('An e-mail address is at most 254 characters') })
    // no control or invisible characters: an address a mail server takes as written
    .regex(/^[^\s@\p{C}]{1,64}@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u, { error: () => t('Enter an e-mail address') }),
});

/** POST /claims/v1/email/verify: the code from that mail. */
export const EmailVerifyRequestSchema = z.strictObject({
  content_id: ItemId,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: () => t('The code is six digits') }),
});

/** Evidence for an admin: what the claim form asks for. */
export const ClaimEvidenceSchema = z
  .string()
  .trim()
  .min(20, { error: () => t('Tell the admins at least 20 characters about your role') })
  .max(4000, { error: () => t('Evidence is at most 4,000 characters') });

/** How a claim reads in lists and on the item: messages, shown with `t(label)`. */
export const CLAIM_METHOD_LABELS: Record<ClaimMethod, string> = {
  github: msg('GitHub repository'),
  email: msg('E-mail at the website’s domain'),
  orcid: msg('ORCID iD of an author'),
  evidence: msg('Evidence reviewed by an admin'),
};

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: msg('Waiting for an admin'),
  approved: msg('Approved'),
  rejected: msg('Rejected'),
  withdrawn: msg('Withdrawn'),
  revoked: msg('Revoked'),
};
