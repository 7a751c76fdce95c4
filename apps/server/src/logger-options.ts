import { createRequire } from 'node:module';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type PinoLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
import type { Settings } from './env.ts';

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Query parameters that carry a secret: the one-time tokens of setup, password-reset and
 * invitation links, and the join code of an instant survey link. Whoever reads the logs must not
 * be able to use them.
 */
const SECRET_QUERY_PARAMETER = /([?&](?:token|invitation_token|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETER, '$1redacted');
}

/** Fastify's own request line (method, url, version, host, remote address and port), with the secrets of the query left out. */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    version: typeof request.headers['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * JSON lines in production (for a log collector); readable lines on a developer's terminal when
 * pino-pretty (a development package) is installed. Production never loads it, even if present.
 */
export function loggerOptions(settings: Pick<Settings, 'LOG_LEVEL' | 'NODE_ENV'>, hasPretty = installed('pino-pretty')): PinoLoggerOptions {
  if (settings.NODE_ENV === 'production' || !hasPretty) return { level: settings.LOG_LEVEL, serializers };
  return {
    level: settings.LOG_LEVEL,
    serializers,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
  };
}
