import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options.ts';

describe('log format', () => {
  it('writes JSON lines in production even when pino-pretty is installed', () => {
    const options = loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, true);
    expect(options).toMatchObject({ level: 'info' });
    expect(options).not.toHaveProperty('transport');
  });

  it('writes readable lines through pino-pretty in development when it is installed', () => {
    expect(loggerOptions({ LOG_LEVEL: 'debug', NODE_ENV: 'development' }, true)).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });

  it('falls back to JSON lines in development without pino-pretty', () => {
    const options = loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'development' }, false);
    expect(options).toMatchObject({ level: 'info' });
    expect(options).not.toHaveProperty('transport');
  });
});

describe('request lines in the log', () => {
  it('leave out the one-time tokens and join codes of links, and keep the rest of the address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }, false), stream } });
    app.get('/setup.html', async () => 'ok');
    app.get('/take-survey/:id', async () => 'ok');
    try {
      await app.inject({ method: 'GET', url: '/setup.html?token=s3cret-setup-token' });
      await app.inject({ method: 'GET', url: '/take-survey/abc.html?token=invite-T0KEN&code=J01N&lang=de' });
      await app.inject({ method: 'GET', url: '/setup.html?uid=7&Token=UPPER-secret' });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('"url":"/setup.html?token=redacted"');
    expect(log).toContain('"url":"/take-survey/abc.html?token=redacted&code=redacted&lang=de"');
    expect(log).toContain('"url":"/setup.html?uid=7&Token=redacted"');
    for (const secret of ['s3cret-setup-token', 'invite-T0KEN', 'J01N', 'UPPER-secret']) expect(log).not.toContain(secret);
  });
});
