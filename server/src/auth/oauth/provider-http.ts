/** A provider answered something this service cannot use: refused code, garbage, silence. */
export class ProviderFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

/** Providers answer a few KB; more than this is not an answer worth reading. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * One call to a provider, within `timeoutMs` for the whole answer (headers and body), and parsed
 * as JSON. The provider's base URL is the operator's setting, trusted as written.
 */
export async function providerJson(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; form?: Record<string, string> },
  timeoutMs: number,
): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  let status: number;
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'user-agent': 'SciAI',
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: 'error',
      signal,
    });
    status = response.status;
    text = await readLimited(response);
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : errorMessage(error);
    throw new ProviderFailure(`${new URL(url).pathname}: ${reason}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderFailure(`${new URL(url).pathname} answered ${status} with a body that is not JSON`);
  }
  if (status < 200 || status >= 300) {
    const described = asRecord(parsed);
    const detail = typeof described?.error === 'string' ? described.error : `status ${status}`;
    throw new ProviderFailure(`${new URL(url).pathname} refused: ${detail}`);
  }
  return parsed;
}

async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ProviderFailure(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : undefined;
}

/** A string field of at most `max` characters, or undefined. */
export function shortString(record: Record<string, unknown>, field: string, max = 500): string | undefined {
  const value = record[field];
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
