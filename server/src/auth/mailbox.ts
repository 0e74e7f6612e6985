import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailKind } from './mail-message.ts';

/** Where the dev mailbox lives inside DATA_DIR. */
export const MAILBOX_DIRECTORY = 'mail';

/** A mail as the dev mailbox stores it: DATA_DIR/mail/<id>.json beside <id>.eml. */
export interface StoredMail {
  id: string;
  kind: MailKind;
  from: string;
  to: string;
  subject: string;
  /** ISO 8601 */
  date: string;
  text: string;
  html: string;
  /** The verification links in the mail. */
  links: string[];
}

/**
 * Stores one mail. The directory is private (the mails hold sign-in links); ids sort by time;
 * the JSON file is written last and atomically, so a reader that sees it finds the whole mail.
 */
export async function writeToMailbox(
  directory: string,
  mail: Omit<StoredMail, 'id' | 'date'>,
  eml: Buffer,
  date: Date,
): Promise<StoredMail> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  const stored: StoredMail = { id, date: date.toISOString(), ...mail };
  await writeAtomically(join(directory, `${id}.eml`), eml);
  await writeAtomically(join(directory, `${id}.json`), `${JSON.stringify(stored, null, 2)}\n`);
  return stored;
}

/** The mails in DATA_DIR/mail, oldest first (for `sciai mail`). */
export function readMailbox(dataDir: string): StoredMail[] {
  const directory = join(dataDir, MAILBOX_DIRECTORY);
  if (!existsSync(directory)) return [];
  const mails: StoredMail[] = [];
  for (const name of readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const parsed: unknown = JSON.parse(readFileSync(join(directory, name), 'utf8'));
    if (isStoredMail(parsed)) mails.push(parsed);
  }
  return mails;
}

function isStoredMail(value: unknown): value is StoredMail {
  if (typeof value !== 'object' || value === null) return false;
  const record = new Map(Object.entries(value));
  const fields = ['id', 'kind', 'from', 'to', 'subject', 'date', 'text', 'html'];
  return fields.every((field) => typeof record.get(field) === 'string') && Array.isArray(record.get('links'));
}

async function writeAtomically(path: string, content: string | Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  await rename(temporary, path);
}
