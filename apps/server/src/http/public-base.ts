import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The address that links in e-mails point to. PUBLIC_URL when it is set. Without it, the request's
 * own host is used only when that host is a local or private-network address (the local route
 * sets of the web client): a link built from any other Host header could be a stranger's site,
 * and a password-reset link carries a secret. Otherwise the server's own listening address.
 */
export function publicBase(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = request.host;
  if (isLocalHostName(hostNameOf(host))) return `${request.protocol}://${host}`;
  const port = request.socket.localPort;
  return `http://127.0.0.1${port ? `:${port}` : ''}`;
}

/**
 * Where the instant-survey tool is reached: INSTANT_SURVEY_URL when the tool has a host of its own
 * (an `instant-survey…` host serves it at the root), else under `/instant-surveys` of the public
 * base, as on hosts that serve every route set.
 */
export function instantSurveyBase(instantSurveyUrl: string | undefined, publicUrl: string | undefined, request: FastifyRequest): string {
  return instantSurveyUrl ? instantSurveyUrl.replace(/\/+$/, '') : `${publicBase(publicUrl, request)}/instant-surveys`;
}

function hostNameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/** Loopback and private-network names and addresses (RFC 1918, IPv6 loopback and unique-local). */
export function isLocalHostName(name: string): boolean {
  const lower = name.toLowerCase();
  if (lower === 'localhost' || lower.endsWith('.localhost')) return true;
  if (lower === '::1' || /^f[cd][0-9a-f]{2}:/.test(lower)) return true;
  const octets = lower.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return false;
  const [a, b] = octets as [number, number, number, number];
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}

/**
 * The address for links in e-mails that a background job sends (no request to read a host from):
 * PUBLIC_URL when set, else the server's own listening address, as `publicBase` falls back to.
 */
export function jobLinkBase(publicUrl: string | undefined, app: FastifyInstance): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const address = app.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : undefined;
  return `http://127.0.0.1${port ? `:${port}` : ''}`;
}
