import { ACCEPT_LANGUAGE, type TLocale } from '@ona/contracts';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, toApiError } from './api-error.ts';

export const API_BASE = '/api';

/** Structural so the client needs no direct zod import; every contracts schema fits. */
export type TSchema<T> = { parse(input: unknown): T };

type TClientContext = {
  getToken: () => string | null;
  getLocale: () => TLocale;
  /** Runs on 401 (no, expired or revoked token) before the error reaches the caller: log out, go to login. */
  onUnauthorized: (error: ApiError) => void;
  /**
   * Runs on a 403 to a load (GET) of a signed-in user, before the error reaches the caller: the
   * page is not open to them, the session stays (DECISIONS.md). `handledByCaller` when the call
   * shows its own refusal (`ownForbidden`).
   */
  onForbidden: (error: ApiError, how: { handledByCaller: boolean }) => void;
};

let context: TClientContext = {
  getToken: () => null,
  getLocale: () => 'hu',
  onUnauthorized: () => undefined,
  onForbidden: () => undefined,
};

/** Wired once at start-up, so the client stays free of React, the store and the router. */
export function configureApiClient(next: TClientContext): void {
  context = next;
}

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | readonly (string | number)[] | undefined>;
  signal?: AbortSignal;
  /**
   * Sign-in and password-reset calls: no token is sent (a stale one must not spoil a fresh login)
   * and a 401 there is the caller's business, not a session expiry.
   */
  anonymous?: boolean;
  /**
   * The caller shows a 403 itself, in its own words (the survey answers 403 `not_a_participant` to
   * a signed-in admin who is no employee of the engagement; an analytics module refuses a user
   * without access): the page is not replaced by the shared "no access" page.
   */
  ownForbidden?: boolean;
};

function buildUrl(path: string, query: TRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const single of values) params.append(key, String(single));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function buildHeaders(hasJsonBody: boolean, anonymous: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': ACCEPT_LANGUAGE[context.getLocale()] });
  const token = anonymous ? null : context.getToken();
  if (token) headers.set('Authorization', `Token ${token}`);
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A load fills a page (a GET of its data); an action is what a user did: a change, an upload, an export. */
type TCallKind = 'load' | 'action';

async function send(path: string, options: TRequestOptions, body: BodyInit | undefined, json: boolean, kind: TCallKind): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers: buildHeaders(json, options.anonymous === true),
      body,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { detail: 'Network error', code: NETWORK_ERROR_CODE });
  }
  if (response.ok) return response;
  const error = toApiError(response.status, await readJson(response), response.statusText);
  if (!options.anonymous) {
    if (response.status === 401) context.onUnauthorized(error);
    // A refused action is the caller's to report; a refused load means the page is not open to the user.
    if (response.status === 403 && kind === 'load') context.onForbidden(error, { handledByCaller: options.ownForbidden === true });
  }
  throw error;
}

/** A JSON call whose answer is checked against its contracts schema. */
export async function apiRequest<T>(path: string, schema: TSchema<T>, options: TRequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const kind = (options.method ?? 'GET') === 'GET' ? 'load' : 'action';
  const response = await send(path, options, hasBody ? JSON.stringify(options.body) : undefined, hasBody, kind);
  const payload = await readJson(response);
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError(response.status, { detail: 'Unexpected answer from the server', code: INVALID_RESPONSE_CODE });
  }
}

/** A call whose answer body does not matter (logout, password reset request). */
export async function apiSend(path: string, options: TRequestOptions = {}): Promise<void> {
  const hasBody = options.body !== undefined;
  await send(path, { method: 'POST', ...options }, hasBody ? JSON.stringify(options.body) : undefined, hasBody, 'action');
}

/** Multipart upload (`import_file`, `results`); the browser sets the boundary header itself. */
export async function apiUpload(path: string, form: FormData, signal?: AbortSignal): Promise<void> {
  await send(path, { method: 'POST', ...(signal ? { signal } : {}) }, form, false, 'action');
}

export type TDownloadedFile = { blob: Blob; filename: string };

const ENCODED_FILENAME = /filename\*=UTF-8''([^;]+)/i;
const PLAIN_FILENAME = /filename="?([^";]+)"?/i;

export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = ENCODED_FILENAME.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name: the plain one below is still worth trying.
    }
  }
  return PLAIN_FILENAME.exec(header)?.[1]?.trim() ?? fallback;
}

/** An export: the file name comes from Content-Disposition (spec §7). */
export async function apiDownload(path: string, fallbackName: string, query?: TRequestOptions['query']): Promise<TDownloadedFile> {
  const response = await send(path, query ? { query } : {}, undefined, false, 'action');
  const blob = await response.blob();
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName) };
}

/** A multipart upload whose answer is checked against its contracts schema (import summaries). */
export async function apiUploadRequest<T>(path: string, form: FormData, schema: TSchema<T>, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const response = await send(path, { method }, form, false, 'action');
  const payload = await readJson(response);
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError(response.status, { detail: 'Unexpected answer from the server', code: INVALID_RESPONSE_CODE });
  }
}
