import type { TContactFieldProblem, TContactFormErrors, TContactFormField } from '@ona/contracts';
import { regexes } from 'zod/v4/core';

/**
 * What the API's schema (ZContactRequest) asks of each field, as the page states it in its own
 * markup (`required`, `maxlength`, `type="email"`, a tick box). The script checks these rules
 * without bundling zod's whole API: only its e-mail pattern, the one `z.email()` uses, comes along.
 * contact-form-rules.test.ts keeps the rules and the schema in step on random input.
 */
export type TFieldRule = { required: boolean; maxLength?: number; email?: boolean; tick?: boolean };
export type TContactFormValues = Partial<Record<TContactFormField, string | boolean>>;

function problemOf(value: string | boolean | undefined, rule: TFieldRule): TContactFieldProblem | null {
  if (rule.tick) return value === true || !rule.required ? null : 'required';
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return rule.required ? 'required' : null;
  if (rule.maxLength !== undefined && text.length > rule.maxLength) return 'too_long';
  if (rule.email && !regexes.email.test(text)) return 'invalid_email';
  return null;
}

/** The first problem of each field, as the spec's messages name them. */
export function contactFormErrors(values: TContactFormValues, rules: Partial<Record<TContactFormField, TFieldRule>>): TContactFormErrors {
  const errors: TContactFormErrors = {};
  for (const [field, rule] of Object.entries(rules) as [TContactFormField, TFieldRule][]) {
    const problem = problemOf(values[field], rule);
    if (problem) errors[field] = problem;
  }
  return errors;
}
