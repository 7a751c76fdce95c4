import { config } from 'zod';

/**
 * zod 4 compiles an object schema's parser with `new Function` (its JIT) unless told not to, and
 * probes for `eval` once to find out whether it may. The web client's Content-Security-Policy
 * forbids `unsafe-eval`, so every page logged a CSP violation for that probe (issue 35, point 6).
 * The flag is read when a schema is made, so it is set here, the first module the contracts'
 * index evaluates, before any schema of theirs exists (the web client makes none of its own).
 * In a browser only: the server has no CSP to obey and keeps the faster compiled parsers.
 */
if ('document' in globalThis) config({ jitless: true });
