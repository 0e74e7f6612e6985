import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { signedInAs, withDatabase } from '../support/auth.ts';

/**
 * The security monitor: the gateway records the APIs' 401, 403 and 429 answers, going over the
 * endpoint limit, and the browser's reports; only admins read the log.
 */
const address = () => `192.0.2.${1 + randomInt(254)}`;
const otherAddress = () => `100.${64 + randomInt(64)}.${randomInt(256)}.${1 + randomInt(254)}`;

interface StoredEvent {
  event_type: string;
  severity: string;
  actor: string;
  user_id: string | null;
  path: string | null;
  method: string | null;
  client_hash: string | null;
  details: Record<string, unknown>;
}

/** Events are written after the answer; wait for `count` of them to arrive. */
async function eventsWhere(condition: string, values: unknown[], count = 1): Promise<StoredEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await withDatabase(async (db) => {
      const result = await db.query<StoredEvent>(
        `select event_type, severity, actor, user_id, path, method, client_hash, details
         from public.security_events where ${condition} order by id`,
        values,
      );
      return result.rows;
    });
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('what the gateway records', () => {
  const backend = inject('backend');

  it('records a 401 from the Data API as a medium rls_violation by an anonymous actor, without the address', async () => {
    const ip = address();
    const path = `/rest/v1/probe_${randomUUID().replaceAll('-', '')}`;
    const response = await fetch(`${backend.url}${path}?select=id`, { headers: { 'x-forwarded-for': ip } });
    expect(response.status).toBe(401);
    const [event] = await eventsWhere('path = $1', [path]);
    expect(event).toMatchObject({
      event_type: 'rls_violation',
      severity: 'medium',
      actor: 'anonymous',
      user_id: null,
      method: 'GET',
    });
    expect(event?.details).toEqual({ status: 401 });
    expect(event?.client_hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(event)).not.toContain(ip);
  });

  it('records a 403 to a signed-in user as a high rls_violation with the user', async () => {
    const { client, userId } = await signedInAs('user', 'sec-403');
    const { error } = await client
      .from('security_events')
      .insert({ event_type: 'rate_limit', severity: 'low', actor: 'user' });
    expect(error?.code).toBe('42501');
    const [event] = await eventsWhere("user_id = $1 and event_type = 'rls_violation'", [userId]);
    expect(event).toMatchObject({
      severity: 'high',
      actor: 'user',
      path: '/rest/v1/security_events',
      method: 'POST',
      details: { status: 403 },
    });
  });

  it('records going over the limit once (high) and the 429 answers once (critical) per window', async () => {
    const ip = address();
    const path = `/rest/v1/probe_${randomUUID().replaceAll('-', '')}`;
    const headers = { apikey: backend.anonKey, 'x-forwarded-for': ip };
    for (let sent = 0; sent < 105; sent += 15) {
      const responses = await Promise.all(
        Array.from({ length: 15 }, () => fetch(`${backend.url}${path}`, { headers })),
      );
      for (const response of responses) await response.body?.cancel();
    }
    const events = await eventsWhere("path = $1 and event_type = 'rate_limit'", [path], 2);
    // let any duplicate arrive before counting
    await new Promise((resolve) => setTimeout(resolve, 500));
    const settled = await eventsWhere("path = $1 and event_type = 'rate_limit'", [path], 2);
    expect(settled).toHaveLength(2);
    expect(events.map((event) => event.severity).sort()).toEqual(['critical', 'high']);
    expect(settled.find((event) => event.severity === 'high')?.details).toMatchObject({
      reason: 'over_endpoint_limit',
      limit: 100,
    });
    expect(settled.find((event) => event.severity === 'critical')?.details).toEqual({ status: 429 });
  });
});

describe('POST /security/v1/events (the browser’s input watcher)', () => {
  const backend = inject('backend');
  const report = (sample: string) => ({
    type: 'suspicious_input',
    patterns: ['script_tag'],
    sample,
    field: 'Search',
    page: '/browse?q=x',
  });
  const send = (body: string, ip: string, headers: Record<string, string> = {}) =>
    fetch(`${backend.url}/security/v1/events`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body,
    });

  it('records a report as a medium suspicious_input, attributed to a signed-in sender', async () => {
    const { session, userId } = await signedInAs('user', 'sec-report');
    const sample = `<script>alert(${randomInt(1e9)})</script>`;
    const response = await send(JSON.stringify(report(sample)), otherAddress(), {
      authorization: `Bearer ${session.access_token}`,
    });
    expect(response.status).toBe(202);
    const [event] = await eventsWhere("event_type = 'suspicious_input' and details->>'sample' = $1", [sample]);
    expect(event).toMatchObject({ severity: 'medium', actor: 'user', user_id: userId, path: '/browse' });
    expect(event?.details).toMatchObject({ patterns: ['script_tag'], field: 'Search', source: 'input_watcher' });
  });

  it('refuses oversize bodies, other shapes and calls without the API key', async () => {
    const ip = otherAddress();
    expect((await send(JSON.stringify({ ...report('x'), field: 'a'.repeat(3000) }), ip)).status).toBe(413);
    expect((await send(JSON.stringify({ ...report('x'), extra: 1 }), ip)).status).toBe(400);
    expect((await send(JSON.stringify({ ...report('x'), sample: 'y'.repeat(101) }), ip)).status).toBe(400);
    expect((await send(JSON.stringify(report('x')), ip, { apikey: 'not-a-key' })).status).toBe(401);
  });

  it('takes at most 10 reports a minute from one address', async () => {
    const ip = otherAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++)
      statuses.push((await send(JSON.stringify(report(`<script>${index}`)), ip)).status);
    expect(statuses.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
    // another address is not affected
    expect((await send(JSON.stringify(report('<script>')), otherAddress())).status).toBe(202);
  });
});

describe('who reads the security log', () => {
  it('shows a plain user and a visitor nothing, and an admin everything with counts', async () => {
    const backend = inject('backend');
    // one event certainly exists
    const probe = `/rest/v1/probe_${randomUUID().replaceAll('-', '')}`;
    await (await fetch(`${backend.url}${probe}`, { headers: { 'x-forwarded-for': address() } })).body?.cancel();
    await eventsWhere('path = $1', [probe]);

    const user = await signedInAs('user', 'sec-reader');
    const asUser = await user.client.from('security_events').select('id, path');
    expect(asUser.error).toBeNull();
    expect(asUser.data).toEqual([]);
    const userCounts = await user.client.rpc('security_event_severity_counts');
    expect(userCounts.error).toBeNull();
    expect((userCounts.data as { total: number }[]).every((row) => Number(row.total) === 0)).toBe(true);

    const anonymous = await fetch(`${backend.url}/rest/v1/security_events?select=id`, {
      headers: { apikey: backend.anonKey, 'x-forwarded-for': address() },
    });
    expect(anonymous.status).toBe(401);

    const admin = await signedInAs('admin', 'sec-admin');
    const asAdmin = await admin.client.from('security_events').select('path, event_type').eq('path', probe);
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data).toEqual([{ path: probe, event_type: 'rls_violation' }]);
    const counts = await admin.client.rpc('security_event_severity_counts', { _event_type: 'rls_violation' });
    expect(counts.error).toBeNull();
    const medium = (counts.data as { severity: string; total: number }[]).find((row) => row.severity === 'medium');
    expect(Number(medium?.total)).toBeGreaterThan(0);
  });
});
