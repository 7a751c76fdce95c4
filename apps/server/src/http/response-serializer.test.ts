import { describe, expect, it } from 'vitest';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRetentionAnalytics, ZUnitNode } from '@ona/contracts';
import { compiledSerializerCompiler, responseJsonSchema } from './response-serializer.ts';

const ZSample = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  at: z.date(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  optional: z.string().optional(),
  kind: z.enum(['a', 'b']).nullable(),
  tree: z.array(ZUnitNode),
});

const sample = {
  id: 7,
  name: 'Ünit "7"\n',
  note: null,
  at: new Date('2026-03-01T10:00:00Z'),
  tags: ['x'],
  counts: { a: 1.5 },
  kind: 'a' as const,
  tree: [{ id: 1, name: 'Company', subunits: [{ id: 2, name: 'Sales', subunits: [] }] }],
};

const compile = (checkAgainstContract: boolean) => compiledSerializerCompiler({ checkAgainstContract })({ schema: ZSample, method: 'GET', url: '/sample/', httpStatus: '200' });

describe('the compiled response serializer', () => {
  it('writes what JSON.stringify writes of the contract’s parse: dates as ISO strings, unknown members left out', () => {
    const withExtra = { ...sample, secret: 'never sent' };
    const written = compile(false)(withExtra);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(ZSample.parse(withExtra))));
    expect(written).not.toContain('never sent');
  });

  it('states a nullable plain value as a type list, which fast-json-stringify writes without trying each branch', () => {
    const schema = responseJsonSchema(ZSample) as { properties: Record<string, { type?: unknown; anyOf?: unknown }> };
    expect(schema.properties['note']).toMatchObject({ type: ['string', 'null'] });
    expect(schema.properties['kind']).toMatchObject({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(schema.properties['note']?.anyOf).toBeUndefined();
  });

  it('holds every answer to its contract when checking (tests), and not in production', () => {
    const wrong = { ...sample, id: 'seven' };
    let thrown: unknown;
    try {
      compile(true)(wrong);
    } catch (err) {
      thrown = err;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    expect(compile(false)(sample)).toBe(compile(true)(sample));
  });

  it('compiles the largest analysis contract', () => {
    expect(() => compiledSerializerCompiler({ checkAgainstContract: false })({ schema: ZRetentionAnalytics, method: 'GET', url: '/r/', httpStatus: '200' })).not.toThrow();
  });
});
