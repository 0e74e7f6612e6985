import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './secrets.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sciai-secrets-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data directory’s secrets', () => {
  it('are generated on a first start, the database password among them, private to this user', async () => {
    const dir = dataDir();
    const secrets = await loadOrCreateSecrets(dir);
    expect(secrets.databasePassword).toMatch(/^[\w-]{32}$/);
    expect(secrets.databasePassword).not.toBe(secrets.authenticatorPassword);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecrets(dir)).toEqual(secrets);
  });

  it('gain a database password when they come from before it, keeping every other secret', async () => {
    const dir = dataDir();
    const old = { jwtSecret: 'old-secret', anonKey: 'a', serviceRoleKey: 's', authenticatorPassword: 'p' };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(old), { mode: 0o644 });
    const secrets = await loadOrCreateSecrets(dir);
    expect(secrets).toMatchObject(old);
    expect(secrets.databasePassword).toMatch(/^[\w-]{32}$/);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(secrets);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect((await loadOrCreateSecrets(dir)).databasePassword).toBe(secrets.databasePassword);
  });
});
