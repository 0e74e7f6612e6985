import type { FastifyInstance } from 'fastify';
import { buildPublicOpenApiDocument } from '@sciai/core';
import packageJson from '../../../package.json' with { type: 'json' };
import { API_REQUESTS_PER_MINUTE, TOKEN_REQUESTS_PER_MINUTE } from '../../security/api-rate-limit.ts';
import { siteOrigin } from '../seo/site-origin.ts';

export const PUBLIC_OPENAPI_PATH = '/api/openapi.json';

/**
 * /api/openapi.json: the public read API as OpenAPI 3.1 (core/src/public-api), its server being
 * this site's origin. The query string is ignored: the document is the same for every caller,
 * built once per origin (PUBLIC_URL, or one of the few hosts known-hosts.ts lets through).
 */
export function registerPublicApi(app: FastifyInstance, publicUrl: string | undefined): void {
  const documents = new Map<string, string>();
  app.get(PUBLIC_OPENAPI_PATH, async (request, reply) => {
    const origin = siteOrigin(request, publicUrl);
    let document = documents.get(origin);
    if (document === undefined) {
      document = JSON.stringify(
        buildPublicOpenApiDocument(origin, packageJson.version, {
          anonymousPerMinute: API_REQUESTS_PER_MINUTE,
          tokenPerMinute: TOKEN_REQUESTS_PER_MINUTE,
        }),
      );
      if (documents.size < 16) documents.set(origin, document);
    }
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('access-control-allow-origin', '*')
      .send(document);
  });
}
