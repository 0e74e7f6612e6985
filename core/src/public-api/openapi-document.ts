import { z } from 'zod';
import { SearchResultSchema } from '../filters/search-result.ts';
import { ItemHistorySchema, ItemVersionSchema } from '../history/item-history.ts';
import { API_EXAMPLES, type ApiExample } from './api-examples.ts';
import {
  DomainCountSchema,
  DomainSchema,
  ErrorSchema,
  ItemDetailSchema,
  ItemDetailsArgumentsSchema,
  ItemHistoryArgumentsSchema,
  ItemVersionArgumentsSchema,
  ItemSummarySchema,
  RelatedItemsArgumentsSchema,
  SearchItemsArgumentsSchema,
} from './api-schemas.ts';

/**
 * /api/openapi.json: an OpenAPI 3.1 document of the public read API only (not PostgREST's dump
 * of every table), written from the SQL functions' signatures (supabase/schemas/05_search.sql,
 * 06_item_details.sql) and core's Zod schemas, with the examples of api-examples.ts.
 */
export interface PublicApiLimits {
  anonymousPerMinute: number;
  tokenPerMinute: number;
}

type JsonObject = Record<string, unknown>;

/** A Zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the caller sends or receives it. */
function jsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** Every example sent to the same path: search's first page and next page, details and compare. */
function examplesFor(path: string): JsonObject {
  const examples: JsonObject = {};
  for (const one of API_EXAMPLES.filter((candidate) => candidate.path === path))
    examples[one.operationId] = { summary: one.title, value: one.body ?? {} };
  return examples;
}

function example(operationId: string): ApiExample {
  const found = API_EXAMPLES.find((one) => one.operationId === operationId);
  if (!found) throw new Error(`no example ${operationId}`);
  return found;
}

function rpcOperation(
  operationId: string,
  description: string,
  argumentsSchema: z.ZodType,
  answerSchema: z.ZodType,
): JsonObject {
  const shown = example(operationId);
  return {
    post: {
      operationId,
      summary: shown.title,
      description,
      tags: ['Catalog'],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(argumentsSchema), examples: examplesFor(shown.path) } },
      },
      responses: okResponse(answerSchema),
    },
  };
}

function okResponse(answerSchema: z.ZodType): JsonObject {
  return {
    '200': {
      description: 'The answer.',
      headers: {
        RateLimit: { $ref: '#/components/headers/RateLimit' },
        'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
      },
      content: { 'application/json': { schema: jsonSchema(answerSchema) } },
    },
    '400': { $ref: '#/components/responses/BadRequest' },
    '401': { $ref: '#/components/responses/Unauthorized' },
    '403': { $ref: '#/components/responses/Forbidden' },
    '429': { $ref: '#/components/responses/TooManyRequests' },
  };
}

export function buildPublicOpenApiDocument(origin: string, version: string, limits: PublicApiLimits): JsonObject {
  const errorContent = { 'application/json': { schema: jsonSchema(ErrorSchema) } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'SciAI public API',
      version,
      summary: 'Read the SciAI catalog: search, item details, related items, compare, item history, domains and feeds.',
      description:
        `The public read API of SciAI, served by PostgREST behind the SciAI gateway. Send the anon key in the apikey header, ` +
        `or a personal API token (Settings → Security → API tokens) as Authorization: Bearer sciai_…. ` +
        `Rate limits: ${limits.anonymousPerMinute} requests a minute per address and endpoint anonymously, ` +
        `${limits.tokenPerMinute} per token and endpoint with a token; every answer carries the IETF RateLimit-Policy ` +
        `and RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11) and a 429 carries Retry-After. ` +
        `Tokens are read-only: any write answers 403. Human documentation: ${origin}/api.`,
    },
    servers: [{ url: origin }],
    security: [{ apiKey: [] }, { personalToken: [] }],
    tags: [{ name: 'Catalog' }, { name: 'Feeds' }],
    paths: {
      '/rest/v1/rpc/search_items': rpcOperation(
        'searchItems',
        'search_items(search, domains, content_types, features, organization_sizes, year_from, year_to, sort_by, page_offset, page_size, health, operations, input_data)',
        SearchItemsArgumentsSchema,
        SearchResultSchema,
      ),
      '/rest/v1/rpc/item_details': rpcOperation(
        'itemDetails',
        'item_details(slugs): published items by slug, each with the fields of its type; also what the compare page reads.',
        ItemDetailsArgumentsSchema,
        z.array(ItemDetailSchema),
      ),
      '/rest/v1/rpc/related_items': rpcOperation(
        'relatedItems',
        'related_items(item_slug, max_items)',
        RelatedItemsArgumentsSchema,
        z.array(ItemSummarySchema),
      ),
      '/rest/v1/rpc/item_history': rpcOperation(
        'itemHistory',
        'item_history(_slug, _page): the versions of a published item, public fields only (docs: /api).',
        ItemHistoryArgumentsSchema,
        ItemHistorySchema.nullable(),
      ),
      '/rest/v1/rpc/item_version': rpcOperation(
        'itemVersion',
        'item_version(_slug, _version): one version with the old and new value of each field it changed.',
        ItemVersionArgumentsSchema,
        ItemVersionSchema.nullable(),
      ),
      '/rest/v1/scientific_domains': {
        get: {
          operationId: 'listDomains',
          summary: 'Domains',
          description: 'A PostgREST table read: select, order, limit and filters as PostgREST documents them.',
          tags: ['Catalog'],
          parameters: [
            { name: 'select', in: 'query', schema: { type: 'string' }, example: 'slug,name,description,parent_id' },
            { name: 'order', in: 'query', schema: { type: 'string' }, example: 'order_index' },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
          ],
          responses: okResponse(z.array(DomainSchema)),
        },
      },
      '/rest/v1/domain_counts': {
        get: {
          operationId: 'listDomainCounts',
          summary: 'Items per domain',
          tags: ['Catalog'],
          parameters: [{ name: 'select', in: 'query', schema: { type: 'string' }, example: 'domain_id,count' }],
          responses: okResponse(z.array(DomainCountSchema)),
        },
      },
      '/feed.xml': {
        get: {
          operationId: 'newestFeed',
          summary: 'Feed of the newest items',
          tags: ['Feeds'],
          security: [],
          responses: {
            '200': {
              description: 'An Atom feed.',
              content: { 'application/atom+xml': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/feed/{domain}.xml': {
        get: {
          operationId: 'domainFeed',
          summary: 'Feed of the newest items of one domain',
          tags: ['Feeds'],
          security: [],
          parameters: [
            { name: 'domain', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9_]{1,100}$' } },
          ],
          responses: {
            '200': {
              description: 'An Atom feed.',
              content: { 'application/atom+xml': { schema: { type: 'string' } } },
            },
            '404': { description: 'No such domain.' },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'apikey', description: 'The project’s anon key (public).' },
        personalToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sciai_ followed by 64 hex digits',
          description: 'A personal API token: reads as its user, never writes, a higher rate limit.',
        },
      },
      headers: {
        RateLimit: {
          description: 'What is left of the quota and when it is whole again: "endpoint";r=57;t=30',
          schema: { type: 'string' },
        },
        RateLimitPolicy: {
          description: `The quota: "endpoint";q=${limits.anonymousPerMinute};w=60, or "token";q=${limits.tokenPerMinute};w=60`,
          schema: { type: 'string' },
        },
        RetryAfter: { description: 'Seconds to wait (429 only).', schema: { type: 'integer' } },
      },
      responses: {
        BadRequest: {
          description: 'Bad arguments or query (PostgREST PGRST1xx, SQLSTATE 22xxx).',
          content: errorContent,
        },
        Unauthorized: {
          description: 'No or a wrong API key; an unknown, revoked or expired token.',
          content: errorContent,
        },
        Forbidden: {
          description: 'A write with a personal token (read_only_token), or a function not granted.',
          content: errorContent,
        },
        TooManyRequests: {
          description: 'Over the rate limit.',
          headers: {
            'Retry-After': { $ref: '#/components/headers/RetryAfter' },
            RateLimit: { $ref: '#/components/headers/RateLimit' },
          },
          content: errorContent,
        },
      },
    },
  };
}
