import { InvalidArgumentError, type Command } from 'commander';
import { z } from 'zod';
import type { CliContext } from '../context.ts';
import { CliError, EXIT_USAGE } from '../errors.ts';
import { createOutput, examplesHelp, type Output } from '../output.ts';
import { promptPassword, readPasswordFromStdin } from '../password-prompt.ts';
import { errorMessage, resolveTarget, type Target } from '../target.ts';
import { findResetLink } from './reset-link.ts';

/** The auth service's rule (docs/product.md#password-rules: minimum 8). */
const MIN_PASSWORD_LENGTH = 8;

interface CreateAdminOptions {
  email: string;
  password?: string;
  passwordStdin?: boolean;
}

/** The auth service's own format check (one @, a dot in the domain, no spaces): what it accepts. */
const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
  .toLowerCase();

function emailArgument(value: string): string {
  const parsed = EmailSchema.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError('Expected an e-mail address such as ada@example.org.');
  return parsed.data;
}

export function registerUsersCommand(program: Command, context: CliContext): void {
  const users = program.command('users').description('Manage user accounts.').summary('manage user accounts');
  users
    .command('create-admin')
    .summary('make an account an administrator, creating it if needed')
    .description(
      'Give an account the admin role: an existing account is promoted; otherwise a confirmed account is created ' +
        'with the password you give (--password, --password-stdin or the prompt), or without one, in which case a ' +
        'one-time password reset link is sent (and printed, when the local auth service keeps mail in DATA_DIR/mail). ' +
        'This is how a new installation gets its first administrator.',
    )
    .requiredOption('--email <address>', 'the account’s e-mail address', emailArgument)
    .option(
      '--password <password>',
      'password for a new account (visible to other users of this machine: prefer the prompt)',
    )
    .option('--password-stdin', 'read the password for a new account from the first line of standard input')
    .addHelpText(
      'after',
      examplesHelp([
        [
          'sciai users create-admin --email ada@example.org',
          'promote Ada, or create her account (asks for a password)',
        ],
        [
          'printf "%s\\n" "$PW" | sciai users create-admin --email ada@example.org --password-stdin',
          'the password from a secret store',
        ],
      ]) + '\nAdministrators need two-factor authentication for the admin area (site setting require_admin_2fa).\n',
    )
    .action((options: CreateAdminOptions) => createAdmin(options, context));
}

async function createAdmin(options: CreateAdminOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  if (options.password !== undefined && options.passwordStdin) {
    throw new CliError('Give the password with --password or --password-stdin, not both.', EXIT_USAGE);
  }
  const stdin = context.stdin ?? process.stdin;
  let password = options.passwordStdin ? await readPasswordFromStdin(stdin) : options.password;
  if (password !== undefined && password !== '' && password.length < MIN_PASSWORD_LENGTH) {
    throw new CliError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`, EXIT_USAGE);
  }

  const target = await resolveTarget(context.env);
  try {
    output.note(`Using ${target.description}.`);
    for (const migration of target.appliedMigrations) output.note(`  applied migration ${migration}`);
    const existing = await grantAdminRole(target, options.email);
    if (existing) {
      if (password) output.warn('The account already exists; its password was not changed.');
      output.success(`${options.email} is now an administrator (existing account).`);
    } else {
      if (password === undefined && stdin.isTTY) {
        password = await promptPassword(
          'Password for the new account (leave empty to send a reset link instead): ',
          context.stderr,
          stdin,
        );
        if (password !== '' && password.length < MIN_PASSWORD_LENGTH) {
          throw new CliError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`, EXIT_USAGE);
        }
      }
      await createConfirmedAccount(target, options.email, password || undefined);
      if (!(await grantAdminRole(target, options.email)))
        throw new CliError(`The account ${options.email} was created but cannot be found.`);
      output.success(`Created ${options.email} as an administrator (e-mail confirmed).`);
      if (!password) await sendResetLink(target, options.email, context, output);
    }
    output.note(
      'Administrators must set up two-factor authentication (Settings → Security) before using the admin area.',
    );
  } finally {
    await target.close();
  }
}

/** The admin role for the account with this address; its id, or null when there is none. */
async function grantAdminRole(target: Target, email: string): Promise<string | null> {
  const { data, error, status } = await target.client.rpc('grant_admin_role', { _email: email });
  if (error) {
    if (status === 0) throw new CliError(`Could not reach ${target.url}: ${error.message}`);
    const hint = error.code === 'PGRST202' ? ' Is the database up to date? Run `sciai db migrate`.' : '';
    throw new CliError(`The database refused to grant the admin role: ${error.message}.${hint}`);
  }
  return typeof data === 'string' ? data : null;
}

async function createConfirmedAccount(target: Target, email: string, password: string | undefined): Promise<void> {
  const { error } = await target.client.auth.admin.createUser({
    email,
    email_confirm: true,
    ...(password ? { password } : {}),
  });
  if (error) throw new CliError(`Could not create the account ${email}: ${error.message}`);
}

/** Sends a password reset mail and, when the local auth service kept it, prints its link. */
async function sendResetLink(target: Target, email: string, context: CliContext, output: Output): Promise<void> {
  const since = new Date();
  const local = target.kind !== 'hosted';
  const { error } = await target.client.auth.resetPasswordForEmail(
    email,
    local ? { redirectTo: `${target.url}/auth/reset-password` } : {},
  );
  if (error) throw new CliError(`The account was created, but the password reset mail failed: ${error.message}`);
  const link = local
    ? await findResetLink(context.env, email, since).catch((failure: unknown) => {
        output.warn(`Could not read the local mailbox: ${errorMessage(failure)}`);
        return undefined;
      })
    : undefined;
  if (!link) {
    output.result(
      `A password reset e-mail was sent to ${email}; its link lets the new administrator choose a password.`,
    );
    return;
  }
  // A backend started only for this command is gone once it ends: the link must name the site.
  const site =
    target.kind === 'in-process'
      ? context.env.PUBLIC_URL?.trim() || `http://localhost:${context.env.PORT || 3000}`
      : target.url;
  const printable = link
    .split(target.url)
    .join(site)
    .split(encodeURIComponent(target.url))
    .join(encodeURIComponent(site));
  output.result('One-time link to choose a password (single use, expires):');
  output.result(`  ${printable}`);
  if (target.kind === 'in-process') output.note('Open it while the SciAI server is running (`npm start`).');
}
