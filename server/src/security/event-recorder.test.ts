import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { SecurityEventRecorder, type EventWriter } from './event-recorder.ts';
import type { SecurityEvent } from './security-event.ts';

const event = (changes: Partial<SecurityEvent> = {}): SecurityEvent => ({
  eventType: 'rls_violation',
  severity: 'medium',
  actor: 'anonymous',
  userId: undefined,
  path: '/rest/v1/items',
  method: 'GET',
  clientHash: 'abc',
  details: {},
  ...changes,
});

function setup(write: EventWriter, now: { value: number }, maxPerClientPerMinute = 3) {
  const lines: string[] = [];
  const log = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } }).log;
  const recorder = new SecurityEventRecorder({
    write,
    log,
    now: () => now.value,
    maxPerMinute: 3,
    maxPerClientPerMinute,
  });
  return { recorder, lines };
}

describe('the security event recorder', () => {
  it('writes an event once per window, and again after it', async () => {
    const written: SecurityEvent[] = [];
    const now = { value: 1_000_000 };
    const { recorder } = setup(async (e) => void written.push(e), now);
    expect(recorder.record(event())).toBe(true);
    expect(recorder.record(event())).toBe(false);
    expect(recorder.record(event({ path: '/rest/v1/other' }))).toBe(true);
    now.value += 60_000;
    expect(recorder.record(event())).toBe(true);
    await recorder.flush();
    expect(written).toHaveLength(3);
  });

  it('writes at most its budget per minute', async () => {
    const written: SecurityEvent[] = [];
    const now = { value: 0 };
    const { recorder, lines } = setup(async (e) => void written.push(e), now);
    for (let index = 0; index < 5; index++) recorder.record(event({ clientHash: `client-${index}` }));
    await recorder.flush();
    expect(written).toHaveLength(3);
    now.value += 60_000;
    recorder.record(event({ clientHash: 'later' }));
    await recorder.flush();
    expect(lines.join('')).toContain('"dropped":2');
  });

  it('gives each client a budget of its own, so one client cannot use up the others’ room', async () => {
    const written: SecurityEvent[] = [];
    const now = { value: 0 };
    const { recorder } = setup(async (e) => void written.push(e), now, 1);
    for (let index = 0; index < 5; index++) recorder.record(event({ path: `/rest/v1/flood_${index}` }));
    expect(recorder.record(event({ clientHash: 'other' }))).toBe(true);
    // events without a client (the system's own) count in the total only
    expect(recorder.record(event({ clientHash: undefined, actor: 'system' }))).toBe(true);
    await recorder.flush();
    expect(written.map((e) => [e.clientHash, e.path])).toEqual([
      ['abc', '/rest/v1/flood_0'],
      ['other', '/rest/v1/items'],
      [undefined, '/rest/v1/items'],
    ]);
    now.value += 60_000;
    expect(recorder.record(event({ path: '/rest/v1/flood_9' }))).toBe(true);
  });

  it('never throws; a failed write is logged and recorded as a security_logging_failure by system', async () => {
    const attempts: SecurityEvent[] = [];
    const now = { value: 0 };
    let failures = 1;
    const { recorder, lines } = setup(async (e) => {
      attempts.push(e);
      if (failures-- > 0) throw new Error('database is away');
    }, now);
    expect(() => recorder.record(event())).not.toThrow();
    await recorder.flush();
    expect(attempts.map((e) => e.eventType)).toEqual(['rls_violation', 'security_logging_failure']);
    expect(attempts[1]).toMatchObject({
      actor: 'system',
      severity: 'high',
      details: { failed_event_type: 'rls_violation', reason: 'database is away' },
    });
    expect(lines.join('')).toContain('security_logging_failure');
  });

  it('does not loop when the failure cannot be recorded either', async () => {
    let attempts = 0;
    const { recorder, lines } = setup(
      async () => {
        attempts++;
        throw new Error('down');
      },
      { value: 0 },
    );
    recorder.record(event());
    await recorder.flush();
    expect(attempts).toBe(2);
    expect(lines.length).toBeGreaterThanOrEqual(2);
  });
});
