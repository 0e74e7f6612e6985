import type { Command } from 'commander';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@sciai/core';
import { createSciaiMcpServer } from '@sciai/core/mcp';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import packageJson from '../../package.json' with { type: 'json' };
import type { CliContext } from '../context.ts';
import { CliError } from '../errors.ts';
import { examplesHelp } from '../output.ts';
import { supabaseCatalogClient } from '../mcp-catalog-client.ts';
import { resolveTarget } from '../target.ts';

export function registerMcpCommand(program: Command, context: CliContext): void {
  program
    .command('mcp')
    .summary('serve the catalog to AI assistants (MCP over stdio)')
    .description(
      'Serve the SciAI catalog to an AI assistant or agent framework as a Model Context Protocol server on ' +
        'standard input and output: read-only tools to search, get, compare and relate items, list domains ' +
        'and recent additions, as a visitor (the anon key) would see them.',
    )
    .addHelpText(
      'after',
      examplesHelp([
        ['sciai mcp', 'serve the local backend (a running server on DATA_DIR, or one started for the session)'],
        ['SUPABASE_URL=… SUPABASE_ANON_KEY=… PUBLIC_URL=… sciai mcp', 'serve a hosted project'],
      ]) + '\nItem links point at PUBLIC_URL when set, else at the API URL (the embedded gateway serves both).\n',
    )
    .action(() => serveMcp(context));
}

/**
 * Standard output is the protocol's channel from here on: nothing else may be written to it
 * (messages for people go to standard error).
 */
async function serveMcp(context: CliContext): Promise<void> {
  const { url, anonKey, close } = await visitorTarget(context.env);
  try {
    const supabase = createClient<Database>(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const origin = (context.env.PUBLIC_URL?.trim() || url).replace(/\/+$/, '');
    const server = createSciaiMcpServer({
      client: supabaseCatalogClient(supabase),
      siteUrl: (path) => `${origin}${path}`,
      currentYear: new Date().getFullYear(),
      version: packageJson.version,
    });
    const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
    await server.connect(new StdioServerTransport(process.stdin, process.stdout));
    // The client ends the session by closing our standard input.
    process.stdin.once('end', () => void server.close());
    await closed;
  } finally {
    await close();
  }
}

/** The API URL and anon key: a hosted project's from the environment, else the local backend's. */
async function visitorTarget(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; anonKey: string; close: () => Promise<void> }> {
  const hostedUrl = env.SUPABASE_URL?.trim().replace(/\/+$/, '');
  const hostedAnonKey = env.SUPABASE_ANON_KEY?.trim();
  // A visitor needs no service-role key: the anon key is enough for a hosted project.
  if (hostedUrl && hostedAnonKey) return { url: hostedUrl, anonKey: hostedAnonKey, close: async () => {} };
  const target = await resolveTarget(env);
  if (!target.anonKey) {
    await target.close();
    throw new CliError(
      "SUPABASE_ANON_KEY is not set: the MCP server reads the catalog as a visitor, with the project's anon key.",
    );
  }
  return { url: target.url, anonKey: target.anonKey, close: () => target.close() };
}
