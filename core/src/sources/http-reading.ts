import { hostOf, type SourceFetch } from './source-fetch.ts';

/**
 * Reading answers of outside sources: their failures typed (so the caller can record the reason
 * against the item), JSON parsed with the failure typed, bodies read up to a size and unwanted
 * bodies dropped without holding the connection.
 */

/** The shape of the standard fetch's response this layer needs: a status, headers, a text body, maybe a stream. */
export interface RawResponse {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  body?: ReadableStream<Uint8Array> | null;
}

/**
 * `refused`: the target is not one the server may reach (not a public address); no connection
 * was made, so there is nothing to say about the target itself.
 */
export type HttpFailureKind = 'timeout' | 'network' | 'rate-limited' | 'http' | 'too-large' | 'malformed' | 'refused';

/** A request that failed for a reason the caller can record against the item. */
export class HttpFailure extends Error {
  readonly kind: HttpFailureKind;
  readonly status: number | undefined;
  constructor(kind: HttpFailureKind, message: string, status?: number) {
    super(message);
    this.name = 'HttpFailure';
    this.kind = kind;
    this.status = status;
  }
}

/** GET a JSON document through the polite layer; a body that is not JSON is a typed failure. */
export async function getJson(
  fetch: SourceFetch,
  url: string,
  headers?: Record<string, string>,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, headers ? { headers } : undefined);
  const text = await response.text();
  if (response.status === 404 || response.status === 410) return { status: response.status, json: null };
  if (response.status < 200 || response.status >= 300) {
    throw new HttpFailure('http', `${hostOf(url)} answered HTTP ${response.status}`, response.status);
  }
  return { status: response.status, json: parseJson(text, url) };
}

/** JSON.parse with the failure typed; very deep nesting overflows the parser's stack, which is a malformed answer too. */
export function parseJson(text: string, url: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw new HttpFailure('malformed', `${hostOf(url)} sent something that is not JSON`);
  }
}

/** Reads a body up to a size; stops reading (and fails) beyond it instead of buffering it all. */
export async function readCapped(response: RawResponse, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () => new HttpFailure('too-large', `${hostOf(url)} sent more than ${maxBytes} bytes`);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await discard(response);
    throw tooLarge();
  }
  if (!response.body) {
    const text = await response.text();
    if (text.length > maxBytes) throw tooLarge();
    return text;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Frees the connection of an answer whose body is not wanted. Not awaited: undici settles the
 * cancel only when the connection is done with, which would hold the source's slot meanwhile.
 */
export async function discard(response: RawResponse): Promise<void> {
  try {
    response.body?.cancel().catch(() => {});
  } catch {
    // Already consumed or closed: nothing left to free.
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
