import type { TSchema } from './api-client.ts';

/**
 * A reader that takes an answer as the server wrote it, without a zod check on this side. For the
 * calls of the employee's survey pages (survey, answers, unit tree, profile): the server writes
 * every answer through its contracts schema (its serializer emits the schema's fields only, and
 * the API tests check each answer against it), so checking again here repeated the server's check
 * and brought zod, a tenth of the survey question page's weight, into its first load
 * (docs/first-loads.md; the participant's entry does the same). What is still checked is that the
 * answer is JSON at all: a proxy's HTML page fails, and `apiRequest` reports it as an invalid answer.
 */
export function asServerWrote<T>(): TSchema<T> {
  return {
    parse(input: unknown): T {
      if (typeof input !== 'object' || input === null) throw new TypeError('The answer is not a JSON object or array');
      return input as T;
    },
  };
}
