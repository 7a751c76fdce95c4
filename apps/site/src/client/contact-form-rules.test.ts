import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, ZContactFormField, ZContactRequest, type TContactFieldProblem, type TContactFormErrors } from '@ona/contracts';
import { contactFormErrors, type TFieldRule } from './contact-form-rules.ts';

/** The rules as the contact page's markup states them (apps/site/src/pages/contact-page.tsx). */
const RULES: Record<string, TFieldRule> = {
  name: { required: true, maxLength: CONTACT_LIMITS.name },
  email: { required: true, maxLength: CONTACT_LIMITS.email, email: true },
  company: { required: false, maxLength: CONTACT_LIMITS.company },
  phone: { required: false, maxLength: CONTACT_LIMITS.phone },
  message: { required: true, maxLength: CONTACT_LIMITS.message },
  consent: { required: true, tick: true },
};

/** What the API's schema says about the same values, as the spec's messages. */
function schemaErrors(values: Record<string, string | boolean>): TContactFormErrors {
  const payload = Object.fromEntries(Object.entries(values).filter(([field, value]) => !(value === '' && !RULES[field]!.required)));
  const result = ZContactRequest.safeParse(payload);
  const errors: TContactFormErrors = {};
  if (result.success) return errors;
  const problem = (code: string): TContactFieldProblem => (code === 'too_big' ? 'too_long' : code === 'invalid_format' ? 'invalid_email' : 'required');
  for (const issue of result.error.issues) {
    const field = ZContactFormField.parse(issue.path[0]);
    errors[field] ??= problem(issue.code);
  }
  return errors;
}

const text = (max: number) => fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ maxLength: 12 }), fc.string({ minLength: max - 2, maxLength: max + 3 }));
const email = fc.oneof(fc.emailAddress(), fc.constant('anna@'), fc.constant('anna@example'), fc.constant(' anna@example.hu '), fc.string({ maxLength: 20 }), fc.constant(`${'a'.repeat(250)}@example.hu`));
const form = fc.record({
  name: text(CONTACT_LIMITS.name),
  email,
  company: text(CONTACT_LIMITS.company),
  phone: text(CONTACT_LIMITS.phone),
  message: text(CONTACT_LIMITS.message),
  consent: fc.boolean(),
});

describe('the contact form’s own checks', () => {
  it('refuse exactly what the API’s schema refuses, with the same message per field', () => {
    fc.assert(
      fc.property(form, (values) => {
        expect(contactFormErrors(values, RULES)).toEqual(schemaErrors(values));
      }),
      { numRuns: 400 },
    );
  });

  it('name the spec’s problems for an empty form and a bad address', () => {
    expect(contactFormErrors({ name: ' ', email: '', message: '', consent: false }, RULES)).toEqual({ name: 'required', email: 'required', message: 'required', consent: 'required' });
    expect(contactFormErrors({ name: 'Kiss Anna', email: 'anna@', message: 'Hi', consent: true }, RULES)).toEqual({ email: 'invalid_email' });
  });
});
