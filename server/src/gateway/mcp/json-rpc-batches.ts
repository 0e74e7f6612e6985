/**
 * JSON-RPC batches on /mcp. MCP's 2025-03-26 revision let a client send several messages as one
 * JSON array; 2025-06-18 removed batches (every later revision has one message per POST), while
 * the SDK's transport still accepts arrays of up to 100 messages from any client. Each message
 * of a batch is a call like any other, so a batch is refused from a client that declared a
 * revision without batches, kept to a handful of messages otherwise, and each message after the
 * first is counted against the rate limit by the caller (mcp-endpoint.ts).
 */

/** Messages in one batch: what an agent asks at once (a few lookups), a tenth of the minute's allowance. */
export const MAX_BATCH_MESSAGES = 10;

/** The first revision without batches; later revisions sort after it (they are dates). */
const FIRST_REVISION_WITHOUT_BATCHES = '2025-06-18';

/** The JSON-RPC error answered to a refused batch: Invalid Request, for the request as a whole. */
export interface BatchRefusal {
  jsonrpc: '2.0';
  id: null;
  error: { code: -32600; message: string };
}

/**
 * Why a body that is a JSON array may not be served, or undefined when it may. `protocolVersion`
 * is the MCP-Protocol-Version header; without it the server assumes 2025-03-26, as the
 * specification says for clients that send none.
 */
export function batchRefusal(batch: unknown[], protocolVersion: string | undefined): BatchRefusal | undefined {
  const refuse = (message: string): BatchRefusal => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message } });
  if (protocolVersion !== undefined && protocolVersion >= FIRST_REVISION_WITHOUT_BATCHES) {
    return refuse(
      `Invalid Request: MCP ${protocolVersion} has no JSON-RPC batches; send one JSON-RPC message per request.`,
    );
  }
  if (batch.length === 0) return refuse('Invalid Request: an empty batch.');
  if (batch.length > MAX_BATCH_MESSAGES) {
    return refuse(
      `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages; this one has ${batch.length}. Send the rest in further requests.`,
    );
  }
  return undefined;
}

/**
 * The body parsed as the SDK's transport parses it (UTF-8 decoded leniently, a byte-order mark
 * dropped, then JSON.parse), or undefined when that fails (the SDK then answers its parse error).
 * The handler passes this value on to the SDK, so what was checked is what runs.
 */
export function parseMcpBody(body: Buffer | undefined): { value: unknown } | undefined {
  if (body === undefined) return undefined;
  try {
    return { value: JSON.parse(new TextDecoder().decode(body)) as unknown };
  } catch {
    return undefined;
  }
}
