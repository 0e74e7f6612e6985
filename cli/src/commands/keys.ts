import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { createOutput, examplesHelp } from '../output.ts';
import { planTarget } from '../target.ts';

interface KeysOptions {
  serviceRole?: boolean;
}

export function registerKeysCommand(program: Command, context: CliContext): void {
  program
    .command('keys')
    .summary('print the API URL and keys')
    .description('Print the API URL and keys, for scripts, curl or a supabase-js client.')
    .option('--service-role', 'also print the service-role key (it bypasses row-level security)')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai keys', 'API URL and anon key of the local backend (DATA_DIR)'],
        ['sciai keys --service-role', 'add the service-role key, for admin scripts on this machine'],
      ]) + '\nFor a hosted project (SUPABASE_URL set) it prints what the environment holds.\n',
    )
    .action((options: KeysOptions) => printKeys(options, context));
}

async function printKeys(options: KeysOptions, context: CliContext): Promise<void> {
  const output = createOutput(context);
  let url: string;
  let anonKey: string | undefined;
  let serviceRoleKey: string | undefined;
  let startHint = false;
  const hostedUrl = context.env.SUPABASE_URL?.trim();
  if (hostedUrl) {
    // A hosted project's keys live in its dashboard; print what this environment holds.
    url = hostedUrl.replace(/\/+$/, '');
    anonKey = context.env.SUPABASE_ANON_KEY?.trim() || undefined;
    serviceRoleKey = context.env.SUPABASE_SERVICE_ROLE_KEY?.trim() || undefined;
  } else {
    const plan = await planTarget(context.env);
    if (plan.kind === 'hosted') throw new Error('unreachable: SUPABASE_URL is not set');
    // Reading the keys needs no database: they live in DATA_DIR (created now if this is a fresh one).
    const { loadOrCreateSecrets, readServerUrl } = await import('@sciai/server');
    const secrets = await loadOrCreateSecrets(plan.config.dataDir);
    // The URL the running server advertised in DATA_DIR (its real port), else where `npm start`
    // would serve with this environment.
    const runningUrl = plan.kind === 'running-server' ? plan.url : readServerUrl(plan.config.dataDir);
    url = runningUrl ?? `http://localhost:${context.env.PORT || 3000}`;
    startHint = runningUrl === undefined;
    ({ anonKey, serviceRoleKey } = secrets);
  }

  const label = (text: string) => output.colors.bold(text.padEnd(17));
  output.result(`${label('API URL')}${url}`);
  if (anonKey) output.result(`${label('anon key')}${anonKey}`);
  else output.warn("SUPABASE_ANON_KEY is not set, so the anon key is unknown here (see the project's API settings).");
  if (options.serviceRole) {
    if (serviceRoleKey) {
      output.result(`${label('service_role key')}${serviceRoleKey}`);
      output.warn(
        'The service-role key bypasses row-level security: keep it on this machine, never in a browser or a repository.',
      );
    } else {
      output.warn('SUPABASE_SERVICE_ROLE_KEY is not set, so the service-role key is unknown here.');
    }
  }
  if (startHint) output.note('(No SciAI server is running on this data directory; `npm start` serves the URL above.)');
}
