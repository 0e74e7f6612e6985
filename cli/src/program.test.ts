import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { runCli } from './program.ts';

/** Runs the real program with captured output and an environment of our choosing. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  const code = await runCli(args, {
    env: { DATA_DIR: dataDir, ...env },
    stdout: sink((text) => (stdout += text)),
    stderr: sink((text) => (stderr += text)),
  });
  return { code, stdout, stderr };
}

// Argument errors must stop before any command touches a database: this stays uncreated.
const scratch = mkdtempSync(join(tmpdir(), 'sciai-cli-unit-'));
const dataDir = join(scratch, 'never-created');
afterAll(() => {
  expect(existsSync(dataDir)).toBe(false);
  rmSync(scratch, { recursive: true, force: true });
});

describe('sciai argument validation', () => {
  it.each(['abc', '0', '-5', '1.5', '1e3', '1000001', ''])('rejects --synthetic %j with exit code 2', async (value) => {
    const { code, stderr } = await run(['seed', '--synthetic', value]);
    expect(code).toBe(2);
    expect(stderr).toContain(`option '--synthetic <count>' argument '${value}' is invalid`);
    expect(stderr).toContain('Expected a whole number from 1 to 1,000,000.');
  });

  it.each(['0', '10001', 'lots'])('rejects --chunk %j with exit code 2', async (value) => {
    const { code, stderr } = await run(['seed', '--chunk', value]);
    expect(code).toBe(2);
    expect(stderr).toContain('Expected a whole number from 1 to 10,000.');
  });

  it('rejects --synthetic without a count', async () => {
    const { code, stderr } = await run(['seed', '--synthetic']);
    expect(code).toBe(2);
    expect(stderr).toContain("option '--synthetic <count>' argument missing");
  });

  it('rejects an unknown command, suggesting the near one', async () => {
    const { code, stderr } = await run(['seeds']);
    expect(code).toBe(2);
    expect(stderr).toContain("unknown command 'seeds'");
    expect(stderr).toContain('Did you mean seed?');
  });

  it('rejects unknown options and stray arguments', async () => {
    expect((await run(['seed', '--fast'])).stderr).toContain("unknown option '--fast'");
    expect((await run(['seed', '--fast'])).code).toBe(2);
    const stray = await run(['keys', 'anon']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain("too many arguments for 'keys'");
    expect((await run(['db', 'rollback'])).code).toBe(2);
  });

  it('shows usage with exit code 2 when a command is missing', async () => {
    for (const args of [[], ['db']]) {
      const { code, stderr } = await run(args);
      expect(code).toBe(2);
      expect(stderr).toContain('Usage: sciai');
    }
  });
});

describe('sciai help and version', () => {
  it('lists every command with examples', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const command of ['seed', 'db', 'keys']) expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    expect(stdout).toContain('Examples:');
    expect(stdout).toContain('$ sciai seed --synthetic 100000');
  });

  it.each([
    [
      ['seed', '--help'],
      ['--synthetic <count>', '--chunk <size>', '(default: 2000)', 'Examples:'],
    ],
    [
      ['db', 'migrate', '--help'],
      ['Usage: sciai db migrate', 'supabase db push', 'Examples:'],
    ],
    [
      ['help', 'keys'],
      ['--service-role', 'also print the service-role key', 'Examples:'],
    ],
  ])('sciai %j documents the command', async (args, expected) => {
    const { code, stdout } = await run(args);
    expect(code).toBe(0);
    for (const text of expected) expect(stdout).toContain(text);
  });

  it('prints the version', async () => {
    for (const flag of ['--version', '-v']) {
      const { code, stdout } = await run([flag]);
      expect(code).toBe(0);
      expect(stdout.trim()).toBe(packageJson.version);
    }
  });
});

describe('sciai against a hosted project (no network needed)', () => {
  const hosted = { SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_ANON_KEY: 'anon-key-value' };

  it('refuses to run without the service-role key rather than falling back to the local database', async () => {
    const { code, stderr } = await run(['seed', '--synthetic', '10'], hosted);
    expect(code).toBe(1);
    expect(stderr).toContain('SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not');
  });

  it('sends migrations to the Supabase CLI', async () => {
    const { code, stderr } = await run(['db', 'migrate'], { ...hosted, SUPABASE_SERVICE_ROLE_KEY: 'service-key' });
    expect(code).toBe(1);
    expect(stderr).toContain('https://abc.supabase.co');
    expect(stderr).toContain('supabase db push');
  });

  it('prints the hosted URL and anon key, and the service key only when asked', async () => {
    const plain = await run(['keys'], { ...hosted, SUPABASE_SERVICE_ROLE_KEY: 'service-key' });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/API URL\s+https:\/\/abc\.supabase\.co\n/);
    expect(plain.stdout).toMatch(/anon key\s+anon-key-value/);
    expect(plain.stdout).not.toContain('service-key');

    const withService = await run(['keys', '--service-role'], { ...hosted, SUPABASE_SERVICE_ROLE_KEY: 'service-key' });
    expect(withService.stdout).toMatch(/service_role key\s+service-key/);
    expect(withService.stderr).toContain('bypasses row-level security');
  });
});
