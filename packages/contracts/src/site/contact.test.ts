import { describe, expect, it } from 'vitest';
import { formatContactFormErrors, parseContactFormErrors, ZContactRequest } from './contact.ts';

const valid = { name: 'Kiss Anna', email: 'anna@example.hu', message: 'Szeretnénk egy bemutatót.', consent: true as const };

describe('the contact request contract', () => {
  it('accepts the DECISIONS payload and trims it', () => {
    expect(ZContactRequest.parse({ ...valid, name: '  Kiss Anna ', company: ' Acme ' })).toMatchObject({ name: 'Kiss Anna', company: 'Acme' });
  });

  it('refuses a missing consent, an empty name, a bad e-mail and a message over 5,000 characters', () => {
    const { consent: _dropped, ...withoutConsent } = valid;
    const refused = [withoutConsent, { ...valid, consent: false }, { ...valid, name: '   ' }, { ...valid, email: 'anna@' }, { ...valid, message: 'x'.repeat(5001) }];
    for (const input of refused) expect(ZContactRequest.safeParse(input).success).toBe(false);
    expect(ZContactRequest.safeParse({ ...valid, message: 'x'.repeat(5000) }).success).toBe(true);
  });

  it('writes the form error marker in form order and reads it back, skipping what it does not know', () => {
    const marker = formatContactFormErrors({ consent: 'required', email: 'invalid_email', message: 'too_long' });
    expect(marker).toBe('email:invalid_email,message:too_long,consent:required');
    expect(parseContactFormErrors(`${marker},website:required,name:odd`)).toEqual({ email: 'invalid_email', message: 'too_long', consent: 'required' });
    expect(parseContactFormErrors(null)).toEqual({});
  });
});
