import type { TApiError } from '@ona/contracts';

/** Every failed API call rejects with this, carrying the server's error shape (DECISIONS.md). */
export class ApiError extends Error implements TApiError {
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;

  constructor(status: number, body: TApiError) {
    super(body.detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = body.detail;
    this.code = body.code;
    this.errors = body.errors;
  }

  /** The server's messages for one field, empty when it had none. */
  fieldErrors(field: string): string[] {
    return this.errors?.[field] ?? [];
  }
}

/** status 0: the request never got an answer (offline, server down, aborted). */
export const NETWORK_ERROR_CODE = 'network_error';
export const INVALID_RESPONSE_CODE = 'invalid_response';

function isStringArrayRecord(value: unknown): value is Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
  );
}

/**
 * Reads the error body leniently: a proxy or a crash may answer HTML or nothing, and the caller
 * still deserves a typed error with the status.
 */
export function toApiError(status: number, body: unknown, statusText = ''): ApiError {
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    const detail = typeof record.detail === 'string' ? record.detail : statusText || `HTTP ${status}`;
    const code = typeof record.code === 'string' ? record.code : `http_${status}`;
    const errors = isStringArrayRecord(record.errors) ? record.errors : undefined;
    return new ApiError(status, errors ? { detail, code, errors } : { detail, code });
  }
  return new ApiError(status, { detail: statusText || `HTTP ${status}`, code: `http_${status}` });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
