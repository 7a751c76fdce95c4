import { describe, expect, it } from 'vitest';
import { botSignal } from './bot-signals.ts';
import { contactPayloadFromForm } from './form-body.ts';
import { siteBaseForHost } from './form-redirect.ts';

describe('where the site lives on a host', () => {
  it('is /site/ on local, private and demo hosts and the root elsewhere (the shared host rule)', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '10.1.2.3', '192.168.0.5', '172.20.0.1', '0.0.0.0', '[::1]', 'demo.ona.example']) expect(siteBaseForHost(host), host).toBe('/site/');
    for (const host of ['www.ona.example', 'ona.example', 'app.ona.example', 'instant-survey.ona.example']) expect(siteBaseForHost(host), host).toBe('/');
  });
});

describe('the signs of a bot', () => {
  const now = 1_800_000_000_000;

  it('sees a filled honeypot, whatever its type, but not an empty one', () => {
    expect(botSignal({ website: 'http://x' }, now)).toBe('honeypot');
    expect(botSignal({ website: 1 }, now)).toBe('honeypot');
    expect(botSignal({ website: '  ' }, now)).toBeNull();
    expect(botSignal({ website: null }, now)).toBeNull();
  });

  it('sees a form sent within 3 seconds of being shown, and gives a visitor whose clock runs ahead the benefit of the doubt', () => {
    expect(botSignal({ form_started_at: now - 2999 }, now)).toBe('too_fast');
    expect(botSignal({ form_started_at: now - 3000 }, now)).toBeNull();
    expect(botSignal({ form_started_at: now + 60_000 }, now)).toBeNull();
    expect(botSignal({}, now)).toBeNull();
    expect(botSignal('not an object', now)).toBeNull();
  });
});

describe('an HTML form in the shape of the JSON payload', () => {
  it('turns the ticked box into true and the start time into a number', () => {
    expect(contactPayloadFromForm('name=Anna&consent=on&form_started_at=1700000000000&language=en')).toEqual({ name: 'Anna', consent: true, form_started_at: 1_700_000_000_000, language: 'en' });
  });

  it('leaves an unticked or odd box for validation and drops unreadable hidden fields', () => {
    expect(contactPayloadFromForm('name=Anna')).toEqual({ name: 'Anna' });
    expect(contactPayloadFromForm('consent=off&form_started_at=soon&language=xx')).toEqual({ consent: 'off' });
  });
});
