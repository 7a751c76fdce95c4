import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { isLocalHostName, publicBase } from './public-base.ts';

const request = (host: string, localPort = 8080) => ({ host, protocol: 'http', socket: { localPort } }) as unknown as FastifyRequest;

describe('publicBase', () => {
  it('uses PUBLIC_URL when it is set, whatever the request says', () => {
    expect(publicBase('https://ona.example.com/', request('evil.example'))).toBe('https://ona.example.com');
  });

  it('uses the request host without PUBLIC_URL only for local and private-network hosts', () => {
    expect(publicBase(undefined, request('127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
    expect(publicBase(undefined, request('localhost:5173'))).toBe('http://localhost:5173');
    expect(publicBase(undefined, request('192.168.1.20:8080'))).toBe('http://192.168.1.20:8080');
  });

  it('never builds a link to a foreign Host header: it falls back to the listening address', () => {
    expect(publicBase(undefined, request('attacker.example', 8080))).toBe('http://127.0.0.1:8080');
    expect(publicBase(undefined, request('127.0.0.1.attacker.example:80', 9000))).toBe('http://127.0.0.1:9000');
  });
});

describe('isLocalHostName', () => {
  it('knows loopback and the private ranges, and nothing else', () => {
    for (const name of ['localhost', 'app.localhost', '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '::1', 'fd12:3456::1']) expect(isLocalHostName(name), name).toBe(true);
    for (const name of ['example.com', '172.32.0.1', '8.8.8.8', '192.169.0.1', '10.0.0', 'localhost.example.com']) expect(isLocalHostName(name), name).toBe(false);
  });
});
