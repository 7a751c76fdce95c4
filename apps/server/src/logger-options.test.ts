import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options.ts';

describe('log format', () => {
  it('writes JSON lines in production even when pino-pretty is installed', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, true)).toEqual({ level: 'info' });
  });

  it('writes readable lines through pino-pretty in development when it is installed', () => {
    expect(loggerOptions({ LOG_LEVEL: 'debug', NODE_ENV: 'development' }, true)).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });

  it('falls back to JSON lines in development without pino-pretty', () => {
    expect(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, false)).toEqual({ level: 'info' });
  });
});
