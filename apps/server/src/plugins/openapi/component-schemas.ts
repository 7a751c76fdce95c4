import { z } from 'zod';
import * as contracts from '@ona/contracts';

/**
 * Gives every zod schema exported by @ona/contracts a component name (its export name without the
 * `Z`: `ZEngagement` → `Engagement`, `EngagementInput` for the request side; a name that ends
 * in `Input` gets `Data` added so the two sides never collide), so that the OpenAPI
 * document refers to `#/components/schemas/<name>` instead of inlining it — and the recursive
 * unit tree (`ZUnitNode`) gets a component it can refer to itself through.
 *
 * Schemas that routes use as path, query or header parameters stay unnamed: @fastify/swagger
 * needs their properties inline to list the parameters. The registry is the process-wide zod
 * registry, so this runs once per process; a later app with the same routes finds it done.
 */
export function registerContractComponents(parameterSchemas: ReadonlySet<unknown>): void {
  const exported = Object.entries(contracts as Record<string, unknown>)
    .filter((entry): entry is [string, z.ZodType] => entry[0].startsWith('Z') && entry[1] instanceof z.ZodType)
    // Sorted, so an alias exported under two names always gets the same (first) one.
    .sort(([a], [b]) => a.localeCompare(b));
  for (const [name, schema] of exported) {
    if (parameterSchemas.has(schema)) continue;
    const meta = z.globalRegistry.get(schema);
    if (meta?.id) continue;
    // The request side of `Foo` is `FooInput`, so a contract named `…Input` takes `…InputData`.
    const id = name.endsWith('Input') ? `${name.slice(1)}Data` : name.slice(1);
    // Taken by a schema that named itself with `.meta({ id })`: that one keeps the name.
    if (z.globalRegistry._idmap.has(id)) continue;
    z.globalRegistry.add(schema, { ...meta, id });
  }
}

