import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TApiError } from '@ona/contracts';
import { isConnectionError } from '@ona/db';
import { translate, type MessageKey } from '../i18n/translate.ts';
import { ApiError } from './api-error.ts';

export type ValidationIssue = { keyword?: string; instancePath?: string; message?: string; params?: { origin?: string; format?: string; values?: unknown[]; expected?: string; minimum?: unknown; maximum?: unknown } };

/** A box that must be ticked (`z.literal(true)`), e.g. a consent: unticked, it is a missing answer. */
function isUntickedBox(issue: ValidationIssue): boolean {
  return issue.keyword === 'invalid_value' && issue.params?.values?.length === 1 && issue.params.values[0] === true;
}

/** Maps a zod issue to a message the user can act on, in their language. */
export function issueMessageKey(issue: ValidationIssue): MessageKey {
  if (issue.keyword === 'invalid_type' && issue.message?.includes('received undefined')) return 'errors.field_required';
  if (isUntickedBox(issue)) return 'errors.field_required';
  if (issue.keyword === 'too_small' && issue.params?.origin === 'string') return 'errors.field_required';
  // A number out of its range or not whole says which bound it broke (e.g. a threshold of 2 or 11).
  if (issue.keyword === 'too_small' && issue.params?.origin === 'number') return 'errors.number_too_small';
  if (issue.keyword === 'too_big' && issue.params?.origin === 'number') return 'errors.number_too_big';
  if (issue.keyword === 'invalid_type' && issue.params?.expected === 'int') return 'errors.whole_number';
  if (issue.keyword === 'too_big') return 'errors.too_long';
  if (issue.keyword === 'invalid_format' && issue.params?.format === 'email') return 'errors.invalid_email';
  return 'errors.invalid_value';
}

/** The bound a number broke, for the message of errors.number_too_small / number_too_big. */
function issueParams(issue: ValidationIssue): Record<string, string | number> {
  const bound = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? Number(value) : '');
  return { min: bound(issue.params?.minimum), max: bound(issue.params?.maximum) };
}

export function fieldName(issue: ValidationIssue): string {
  const fromInstance = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return fromInstance || 'non_field_errors';
}

/** The one place where every failure becomes the shared error shape (DECISIONS.md). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = request.locale;
    const send = (status: number, body: TApiError) => reply.status(status).send(body);

    if (error instanceof ApiError) {
      const errors = error.fieldErrors
        ? Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, keys]) => [field, keys.map((k) => translate(locale, k, error.params))]),
          )
        : undefined;
      return send(error.statusCode, { detail: translate(locale, error.messageKey, error.params), code: error.code, ...(errors ? { errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation as ValidationIssue[]) {
        const field = fieldName(issue);
        (errors[field] ??= []).push(translate(locale, issueMessageKey(issue), issueParams(issue)));
      }
      return send(400, { detail: translate(locale, 'errors.validation_failed'), code: 'validation_error', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, { detail: translate(locale, 'errors.server_error'), code: 'server_error' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(400, { detail: translate(locale, 'errors.malformed_json'), code: 'malformed_json' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
        return send(413, { detail: translate(locale, 'errors.payload_too_large'), code: 'payload_too_large' });
      case 'FST_FILES_LIMIT':
        return send(400, { detail: translate(locale, 'uploads.errors.too_many_files'), code: 'too_many_files' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(415, { detail: translate(locale, 'errors.unsupported_media_type'), code: 'unsupported_media_type' });
      default:
        break;
    }
    if (error.statusCode === 429) {
      return send(429, { detail: translate(locale, 'errors.too_many_requests'), code: 'too_many_requests' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(error.statusCode, { detail: translate(locale, 'errors.validation_failed'), code: 'bad_request' });
    }
    if (isConnectionError(error)) {
      // A failover or restart: the pool retried what was safe to retry; the client may try again.
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('retry-after', '1');
      return send(503, { detail: translate(locale, 'errors.database_unavailable'), code: 'database_unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { detail: translate(locale, 'errors.server_error'), code: 'server_error' });
  });
}
