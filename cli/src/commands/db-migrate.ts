import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { createSpinner } from '../spinner.ts';
import { createOutput, examplesHelp, formatDuration, type Output } from '../output.ts';
import { errorMessage, planTarget, type TargetPlan } from '../target.ts';

export function registerDbMigrateCommand(db: Command, context: CliContext): void {
  db.command('migrate')
    .summary('apply new migrations')
    .description('Apply the migrations in supabase/migrations that the database has not run yet.')
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai db migrate', 'migrate the local database (DATA_DIR, or DATABASE_URL)'],
        ['DATABASE_URL=postgres://… sciai db migrate', 'migrate a PostgreSQL database'],
      ]) +
        '\nWith a SciAI server running on DATA_DIR, the server applies them (it owns the database).' +
        '\nHosted Supabase projects are migrated with the Supabase CLI: supabase db push.\n',
    )
    .action(() => migrateDatabase(context));
}

async function migrateDatabase(context: CliContext): Promise<void> {
  const output = createOutput(context);
  const plan = await planTarget(context.env);
  if (plan.kind === 'hosted') {
    throw new CliError(
      `Migrations for the hosted project ${plan.url} deploy with the Supabase CLI, from the repository root:\n` +
        '  supabase link --project-ref <ref>\n  supabase db push',
    );
  }
  const spinner = createSpinner(context);
  const started = performance.now();
  let applied: string[];
  try {
    if (plan.kind === 'running-server') {
      spinner.start(`Asking the SciAI server at ${plan.url} to apply migrations…`);
      applied = await migrateThroughServer(plan);
    } else {
      spinner.start('Opening the local database and applying migrations…');
      // The database alone: the Data API a command's own start brings up has nothing to do here.
      const { migrateDatabase: applyPending } = await import('@sciai/server');
      applied = await applyPending(plan.config);
    }
    spinner.stop();
  } catch (error) {
    spinner.fail('Migration failed.');
    throw error instanceof CliError ? error : new CliError(errorMessage(error));
  }
  reportMigrations(output, applied, performance.now() - started);
}

async function migrateThroughServer(plan: Extract<TargetPlan, { kind: 'running-server' }>): Promise<string[]> {
  const { loadOrCreateSecrets } = await import('@sciai/server');
  const { serviceRoleKey } = await loadOrCreateSecrets(plan.config.dataDir);
  const response = await fetch(new URL('/ops/v1/migrate', plan.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${serviceRoleKey}` },
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : response.statusText;
    throw new CliError(`The server at ${plan.url} could not migrate (HTTP ${response.status}): ${message}`);
  }
  if (typeof body === 'object' && body !== null && 'applied' in body && Array.isArray(body.applied)) {
    return body.applied.map(String);
  }
  throw new CliError(`The server at ${plan.url} answered something unexpected: ${JSON.stringify(body)}`);
}

function reportMigrations(output: Output, applied: string[], elapsed: number): void {
  const took = output.colors.dim(`(${formatDuration(elapsed)})`);
  if (applied.length === 0) {
    output.success(`Database is up to date. ${took}`);
    return;
  }
  output.success(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} ${took}:`);
  for (const migration of applied) output.result(`  ${migration}`);
}
