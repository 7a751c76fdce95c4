import type { FastifyInstance } from 'fastify';

/**
 * A body sent as JSON with nothing in it (`content-type: application/json`, length 0) is read as
 * no body: many HTTP clients send exactly that for an action such as starting a survey, and
 * Fastify alone refuses it as malformed JSON. A route that needs a body still refuses it, with its
 * own validation error. Every other JSON body goes through Fastify's own parser, with its refusal
 * of prototype poisoning.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
