import { findJsonShapeViolation } from './json-shape.ts';
import type { LimitRefusal } from './limit-errors.ts';
import { countArrayLiteralElements, isLogicTreeKey, measureLogicTree, measureSelect } from './query-shape.ts';
import type { RequestLimits } from './route-limits.ts';

/** The checks on a Data API request's query string (the part after the first '?'). */
export function checkQuery(
  rawPath: string,
  search: string,
  method: string,
  limits: RequestLimits,
): LimitRefusal | undefined {
  if (search === '') return undefined;
  // Percent-encoded spellings of the same path reach PostgREST too.
  const path = decodedPath(rawPath);
  if (path !== undefined && !path.toLowerCase().startsWith('/rest/v1/')) return undefined;
  if (path === undefined) return checkQuery('/rest/v1/', search, method, limits); // undecodable: check anyway
  const isRpcWithQueryArguments = isRpc(path) && (method === 'GET' || method === 'HEAD');
  // The table a select is asked of; an RPC's result has no name of its own.
  const root = isRpc(path) ? undefined : path.slice('/rest/v1/'.length);
  let embedDepth = 0;
  let embeds = 0;
  let revisited: string | undefined;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key === 'select') {
      const shape = measureSelect(value, root);
      embedDepth = Math.max(embedDepth, shape.embedDepth);
      embeds += shape.embeds;
      revisited ??= shape.revisited;
    } else if (isLogicTreeKey(key)) {
      const tree = measureLogicTree(value);
      if (tree.depth > limits.maxLogicDepth || tree.conditions > limits.maxLogicConditions) {
        return {
          error: 'logicTreeTooLarge',
          message: `The filter ${key} nests ${tree.depth} levels with ${tree.conditions} conditions; at most ${limits.maxLogicDepth} levels and ${limits.maxLogicConditions} conditions are allowed.`,
          details: `${key}: depth ${tree.depth}, conditions ${tree.conditions}`,
          hint: 'Split the filter into several requests.',
        };
      }
    } else if (isRpcWithQueryArguments) {
      const elements = countArrayLiteralElements(value);
      if (elements !== undefined && elements > limits.maxArrayLength) return arrayTooLong(key, elements, limits);
    }
  }
  if (embedDepth > limits.maxEmbedDepth) {
    return {
      error: 'embeddingTooDeep',
      message: `select= embeds resources ${embedDepth} levels deep; at most ${limits.maxEmbedDepth} are allowed.`,
      details: `embedding depth ${embedDepth}`,
      hint: 'Ask for the inner resources in a request of their own.',
    };
  }
  if (revisited !== undefined && !limits.mayEmbedResourceInItself) {
    return {
      error: 'resourceEmbeddedInItself',
      message: `select= embeds ${revisited} inside itself; each round trip multiplies the rows it reads.`,
      details: `${revisited} embedded in ${revisited}`,
      hint: 'Ask for the inner rows in a request of their own.',
    };
  }
  if (embeds > limits.maxEmbeds) {
    return {
      error: 'tooManyEmbeddings',
      message: `select= embeds ${embeds} resources; at most ${limits.maxEmbeds} are allowed in one request.`,
      details: `embedded resources ${embeds}`,
      hint: 'Ask for some of them in a request of their own.',
    };
  }
  return undefined;
}

function isRpc(path: string): boolean {
  return path.toLowerCase().startsWith('/rest/v1/rpc/');
}

function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

export function bodyTooLarge(bytes: number | undefined, limits: RequestLimits): LimitRefusal {
  return {
    error: 'bodyTooLarge',
    message: `The request body is larger than the ${formatBytes(limits.maxBodyBytes)} this endpoint accepts.`,
    details: bytes === undefined ? null : `${bytes} bytes`,
    hint: 'Send less data per request.',
  };
}

/** JSON bodies (and bodies without a type, which PostgREST reads as JSON): nesting and array lengths. */
export function checkJsonBody(body: Uint8Array, limits: RequestLimits): LimitRefusal | undefined {
  const violation = findJsonShapeViolation(body, {
    maxDepth: limits.maxJsonDepth,
    maxArrayLength: limits.maxArrayLength,
  });
  if (!violation) return undefined;
  if (violation.kind === 'array_length') return arrayTooLong('an array in the body', violation.length, limits);
  return {
    error: 'jsonTooDeep',
    message: `The JSON body nests deeper than ${violation.limit} levels.`,
    details: `more than ${violation.limit} levels`,
    hint: 'Flatten the data: no argument this API takes nests that deep.',
  };
}

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType === undefined || contentType.trim() === '' || /json/i.test(contentType);
}

function arrayTooLong(where: string, length: number, limits: RequestLimits): LimitRefusal {
  return {
    error: 'arrayTooLong',
    message: `${where === 'an array in the body' ? 'An array in the body' : `The argument ${where}`} has more than ${limits.maxArrayLength} elements.`,
    details: `${where}: at least ${length} elements, at most ${limits.maxArrayLength}`,
    hint: 'Send fewer values per request.',
  };
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}
