import { getSupabase } from './supabase-client.ts';
import type { SuspiciousPattern } from '../security/detect-suspicious-input.ts';

export interface SuspiciousInputReport {
  patterns: SuspiciousPattern[];
  sample: string;
  field: string | undefined;
  page: string;
}

/**
 * Sends a report to the gateway's security log (POST /security/v1/events), with the API key and,
 * when signed in, the session so the event names the user. Best effort: a report that cannot be
 * sent is dropped, never shown to the user, never retried.
 */
export async function reportSuspiciousInput(report: SuspiciousInputReport): Promise<void> {
  try {
    const config = window.__SCIAI_CONFIG__;
    if (!config?.supabaseAnonKey) return;
    const supabase = await getSupabase();
    const { data } = await supabase.auth.getSession();
    const headers: Record<string, string> = { 'content-type': 'application/json', apikey: config.supabaseAnonKey };
    if (data.session) headers.authorization = `Bearer ${data.session.access_token}`;
    await fetch('/security/v1/events', {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'suspicious_input', ...report }),
      keepalive: true,
    });
  } catch {
    // nothing to do: the watcher must never disturb the page
  }
}
