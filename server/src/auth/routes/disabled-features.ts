import type { FastifyInstance } from 'fastify';
import { authenticate } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { notFound } from '../errors.ts';

/**
 * Features of GoTrue this service does not offer, answered with GoTrue's own "switched off"
 * codes so a client can tell "off" from "broken" (docs/product.md#auth-disabled-features).
 */
export function registerDisabledFeatureRoutes(app: FastifyInstance, context: AuthContext): void {
  // signInWithSSO; GoTrue's SAML endpoints all answer so when SAML is off.
  app.post('/sso', async () => {
    throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
  });

  // linkIdentity and unlinkIdentity: GoTrue checks the user's token first, then the setting.
  const manualLinkingDisabled = async (request: Parameters<typeof authenticate>[1]) => {
    await authenticate(context, request);
    throw notFound('manual_linking_disabled', 'Manual linking is disabled');
  };
  app.get('/user/identities/authorize', manualLinkingDisabled);
  app.delete('/user/identities/:identityId', manualLinkingDisabled);
}
