import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SAML_RESPONSE_MAX_LENGTH, ZApiError, ZSamlAcsForm, ZSamlOrganizationParams } from '@ona/contracts';
import { z } from 'zod';
import { ApiError } from '../../../errors/api-error.ts';
import * as repo from '../repository.ts';
import { consumeAssertion } from './acs-service.ts';
import { serviceProviderMetadata, serviceProviderUrls, type ServiceProviderUrls } from './service-provider.ts';

const FORM = 'application/x-www-form-urlencoded';
/** The form's encoding adds to the response's length (base64 `+`, `/` and `=` are escaped). */
const ACS_BODY_LIMIT = 2 * SAML_RESPONSE_MAX_LENGTH;

export interface SamlRouteOptions {
  /** The public base of this request (PUBLIC_URL or the request's host). */
  baseOf: (request: FastifyRequest) => string;
  /** Where an unsolicited (IdP-initiated) sign-in is finished: the analytics app's callback page. */
  unsolicitedCallbackOf: (request: FastifyRequest) => { redirectUri: string; returnPath: string };
}

/**
 * The service provider's side of SAML 2.0 (docs/single-sign-on.md): its metadata and its assertion
 * consumer service, per organisation. Both are public (the identity provider and the browser call
 * them); neither says anything about an organisation without a SAML connection.
 */
export const samlRoutes: FastifyPluginAsyncZod<SamlRouteOptions> = async (app, options) => {
  // Only this plugin's routes read HTML forms (the HTTP-POST binding); the plugin is encapsulated.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const samlConnection = async (organizationId: number, request: FastifyRequest): Promise<{ connection: repo.SsoConnection; urls: ServiceProviderUrls }> => {
    const connection = await repo.findConnectionOfOrganization(app.db, organizationId);
    if (!connection || connection.protocol !== 'saml') throw new ApiError(404, 'not_found', 'errors.not_found');
    return { connection, urls: serviceProviderUrls(options.baseOf(request), organizationId) };
  };

  app.get('/auth/saml/:organizationId/metadata/', {
    schema: {
      tags: ['auth'],
      summary: 'The product\'s SAML service-provider metadata for this organisation (entity id, assertion consumer service)',
      description: 'XML (`application/samlmetadata+xml`). The entity id is this address itself; it and the ACS address stay the same while PUBLIC_URL does.',
      params: ZSamlOrganizationParams,
      produces: ['application/samlmetadata+xml'],
      response: { 200: z.string().describe('SAML 2.0 EntityDescriptor'), 404: ZApiError },
    },
  }, async (request, reply) => {
    const { connection, urls } = await samlConnection(request.params.organizationId, request);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(serviceProviderMetadata(connection, urls));
  });

  app.post('/auth/saml/:organizationId/acs/', {
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    bodyLimit: ACS_BODY_LIMIT,
    schema: {
      tags: ['auth'],
      summary: 'Assertion consumer service (HTTP-POST binding): the identity provider\'s response, checked, then the browser is sent to the callback page',
      description:
        'Checks the signature (response or assertion), wrapping, issuer, audience, recipient, destination, InResponseTo (against the round in RelayState), NotBefore / NotOnOrAfter (2 minutes of clock skew) and that the assertion id was never accepted before. Answers 303 to the web client\'s callback page with `state` (the round, which carries the outcome), or with `saml_error=<code>` when no round of this product is named (codes: sso_bad_signature, sso_wrong_audience, sso_wrong_issuer, sso_saml_wrong_recipient, sso_saml_wrong_destination, sso_saml_expired, sso_saml_replayed, sso_saml_in_response_to_unknown, sso_saml_idp_initiated_off, sso_saml_response_invalid).',
      params: ZSamlOrganizationParams,
      consumes: [FORM],
      body: ZSamlAcsForm,
      response: { 303: z.null().describe('To the callback page (Location header)'), 400: ZApiError, 404: ZApiError, 429: ZApiError },
    },
  }, async (request, reply) => {
    const { connection, urls } = await samlConnection(request.params.organizationId, request);
    const location = await consumeAssertion({ app, log: request.log }, connection, urls, request.body, options.unsolicitedCallbackOf(request));
    return reply.redirect(location, 303);
  });
};
