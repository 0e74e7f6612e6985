import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context.ts';
import { notFound } from '../errors.ts';

/**
 * Features of GoTrue this service does not offer, answered with GoTrue's own "switched off"
 * codes so a client can tell "off" from "broken" (docs/product.md#auth-disabled-features).
 */
export function registerDisabledFeatureRoutes(app: FastifyInstance, _context: AuthContext): void {
  // signInWithSSO; GoTrue's SAML endpoints all answer so when SAML is off.
  app.post('/sso', async () => {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
  });
}
