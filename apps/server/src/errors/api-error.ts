import type { MessageKey } from '../i18n/translate.ts';

export type FieldErrors = Record<string, MessageKey[]>;

/**
 * A domain error that the error handler turns into the shared error shape. Messages are locale
 * keys, translated at the edge into the request's language.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly fieldErrors?: FieldErrors,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

export const notFound = () => new ApiError(404, 'not_found', 'errors.not_found');
export const forbidden = () => new ApiError(403, 'permission_denied', 'errors.permission_denied');
export const badRequest = (code: string, key: MessageKey, fieldErrors?: FieldErrors) =>
  new ApiError(400, code, key, fieldErrors);
export const conflict = (code: string, key: MessageKey) => new ApiError(409, code, key);
export const tooManyRequests = () => new ApiError(429, 'too_many_requests', 'errors.too_many_requests');
