/** The mails with a verification link and code (sign-up, reset, new address, sign-in link, invitation). */
export type VerificationMailKind = 'signup' | 'recovery' | 'email_change' | 'magiclink' | 'invite';

/**
 * The account notices (docs/security.md#accounts): an address that already has an account was
 * used to sign up; the address is being changed (to the old one, with an undo link); a
 * re-authentication code.
 */
export type AccountNoticeKind = 'account_exists' | 'email_change_notice' | 'reauthentication';

/** The mails of the auth service; the kind is also sent as a header for filtering. */
export type AuthMailKind = VerificationMailKind | AccountNoticeKind;

/**
 * Every mail the server sends: the auth service's, and the outbox's (server/src/notifications):
 * review decisions, the notice of a new API token, claims' codes and decisions, new reviews of
 * maintained items, notifications e-mailed at once and the daily or weekly digests.
 */
export type MailKind =
  | AuthMailKind
  | 'submission_approved'
  | 'submission_changes_requested'
  | 'submission_rejected'
  | 'api_token_created'
  | 'claim_code'
  | 'claim_approved'
  | 'claim_rejected'
  | 'claim_revoked'
  | 'claim_transfer_offered'
  | 'maintained_item_reviewed'
  | 'notification'
  | 'notification_digest';

/** A mail as the templates write it and a mailer sends it. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The verification links in the mail, for the dev mailbox and `sciai mail`. */
  links: string[];
  /** Further headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification mails. */
  headers?: Record<string, string>;
}

/** Sends mail: over SMTP or into the dev mailbox (mailer.ts). */
export interface Mailer {
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}
