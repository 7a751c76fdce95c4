import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../format/format-date.ts';
import { groupCounts } from './group-counts.ts';

async function translator(language: string, texts: Record<string, string>) {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: texts } }, showSupportNotice: false, interpolation: { escapeValue: false, alwaysFormat: true, format: groupCounts } });
  // The app's keys are typed (i18next.d.ts); these texts are the test's own.
  return { t: instance.t.bind(instance) as unknown as (key: string, options: Record<string, unknown>) => string };
}

describe('counts in texts', () => {
  it('are grouped as the reader’s language groups digits, and the plural form still follows the number', async () => {
    const en = await translator('en', { people_one: '{{count}} person', people_other: '{{count}} people', of: '{{withEmail}} of {{participants}} participants' });
    expect(en.t('people', { count: 30769 })).toBe('30,769 people');
    expect(en.t('people', { count: 1 })).toBe('1 person');
    expect(en.t('of', { withEmail: 98317, participants: 100000 })).toBe('98,317 of 100,000 participants');
    const hu = await translator('hu', { people: '{{count}} fő' });
    expect(hu.t('people', { count: 30769 })).toBe(`${formatNumber(30769, 'hu')} fő`);
    expect(formatNumber(30769, 'hu')).not.toBe('30769');
    const ru = await translator('ru', { people_one: '{{count}} человек', people_few: '{{count}} человека', people_many: '{{count}} человек', people_other: '{{count}} человека' });
    expect(ru.t('people', { count: 30762 })).toBe(`${formatNumber(30762, 'ru')} человека`);
    expect(ru.t('people', { count: 30765 })).toBe(`${formatNumber(30765, 'ru')} человек`);
  });

  it('leave identifiers, fractions and the callers’ own strings as they are', async () => {
    const en = await translator('en', { journey: 'in journey {{id}}', seq: 'removed at #{{seq}}', row: 'Row {{row}}: {{message}}', rate: 'rate {{rate}}', shown: '{{shown}} of {{total}}' });
    expect(en.t('journey', { id: 12345 })).toBe('in journey 12345');
    expect(en.t('seq', { seq: 100234 })).toBe('removed at #100234');
    expect(en.t('row', { row: 1048, message: 'bad date' })).toBe('Row 1048: bad date');
    expect(en.t('rate', { rate: 0.123456 })).toBe('rate 0.123456');
    expect(en.t('shown', { shown: '1,000', total: '98,317' })).toBe('1,000 of 98,317');
  });
});
