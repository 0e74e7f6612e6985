import type { Command } from 'commander';
import type { StoredMail } from '@sciai/server';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createOutput, examplesHelp, type Output } from '../output.ts';
import { errorMessage } from '../target.ts';

interface MailOptions {
  to?: string;
  last?: boolean;
}

export function registerMailCommand(program: Command, context: CliContext): void {
  program
    .command('mail')
    .summary('show the mails of the local auth service')
    .description(
      'Show the mails the local auth service sent (sign-up confirmations, password resets, e-mail changes): ' +
        'subject, recipient, date and links. Without SMTP_URL, a SciAI server keeps every mail in DATA_DIR/mail ' +
        'instead of sending it, and this reads them there, whether or not the server is running.',
    )
    .option('--to <address>', 'only mails to this address')
    .option('--last', 'only the newest mail, with its text')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai mail', 'every mail, oldest first'],
        ['sciai mail --to ada@example.org --last', 'the newest mail to that address, to follow its link'],
      ]),
    )
    .action((options: MailOptions) => showMail(options, context));
}

async function showMail(options: MailOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  if (context.env.SUPABASE_URL?.trim()) {
    throw new CliError(
      "A hosted Supabase project sends its own mail; see the project's Auth logs in the Supabase dashboard.",
    );
  }
  const { loadConfig, readMailbox, MAILBOX_DIRECTORY } = await import('@sciai/server');
  let dataDir: string;
  try {
    dataDir = loadConfig(context.env).dataDir;
  } catch (error) {
    throw new CliError(errorMessage(error));
  }
  const wanted = options.to?.trim().toLowerCase();
  let mails = readMailbox(dataDir).filter((mail) => !wanted || mail.to.toLowerCase() === wanted);
  if (options.last) mails = mails.slice(-1);
  if (mails.length === 0) {
    output.note(
      `No mail${wanted ? ` to ${wanted}` : ''} in ${dataDir}/${MAILBOX_DIRECTORY}.` +
        (context.env.SMTP_URL ? ' (SMTP_URL is set: a server started with it sends mail by SMTP instead.)' : ''),
    );
    return;
  }
  for (const mail of mails) printMail(output, mail, Boolean(options.last));
  if (!options.last)
    output.note(`${mails.length} mail${mails.length === 1 ? '' : 's'} in ${dataDir}/${MAILBOX_DIRECTORY}`);
}

function printMail(output: Output, mail: StoredMail, withText: boolean): void {
  const date = mail.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  output.result(`${output.colors.dim(date)}  ${mail.to}  ${output.colors.bold(mail.subject)}`);
  for (const link of mail.links) output.result(`  ${link}`);
  if (withText) output.result(`\n${mail.text.trimEnd()}`);
}
