import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { REPO_ROOT } from '@sciai/server';
import { visitorAddress } from './clients.ts';

const NODE = join(REPO_ROOT, 'node_modules/.bin/node');
const CLI = join(REPO_ROOT, 'cli/src/sciai.ts');

/** The SDK's own client, as an agent framework uses it. */
function newClient(): Client {
  return new Client({ name: 'sciai-tests', version: '1.0.0' });
}

/** An agent connecting by URL to the gateway's /mcp, from an address of its own (clients.ts). */
export async function connectHttpClient(baseUrl: string, address = visitorAddress()): Promise<Client> {
  const client = newClient();
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), {
      requestInit: { headers: { 'x-forwarded-for': address } },
    }),
  );
  return client;
}

/**
 * A desktop assistant starting `sciai mcp` as its child, pointed at a backend by SUPABASE_URL and
 * the anon key only, like a user's config would; with none of the developer's own targets.
 */
export async function connectStdioClient(
  backend: { url: string; anonKey: string },
  onStderr?: (text: string) => void,
): Promise<Client> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(SUPABASE_|DATABASE_URL|DATA_DIR|PORT|PUBLIC_URL|SMTP_URL)/.test(name))
      env[name] = value;
  }
  const transport = new StdioClientTransport({
    command: NODE,
    args: [CLI, 'mcp'],
    cwd: REPO_ROOT,
    env: {
      ...env,
      NODE_COMPILE_CACHE: join(REPO_ROOT, 'node_modules/.cache/sciai-node-compile'),
      NO_COLOR: '1',
      SUPABASE_URL: backend.url,
      SUPABASE_ANON_KEY: backend.anonKey,
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => onStderr?.(chunk.toString()));
  const client = newClient();
  await client.connect(transport);
  return client;
}
