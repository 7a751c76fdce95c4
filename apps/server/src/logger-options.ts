import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

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
 * JSON lines in production (for a log collector); readable lines on a developer's terminal when
 * pino-pretty (a development package) is installed. Production never loads it, even if present.
 */
export function loggerOptions(settings: Pick<Settings, 'LOG_LEVEL' | 'NODE_ENV'>, hasPretty = installed('pino-pretty')): PinoLoggerOptions {
  if (settings.NODE_ENV === 'production' || !hasPretty) return { level: settings.LOG_LEVEL };
  return {
    level: settings.LOG_LEVEL,
    transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } },
  };
}
