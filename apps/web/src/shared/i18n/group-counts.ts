import { isLocale } from '@ona/contracts';
import type { FormatFunction } from 'i18next';
import { formatNumber } from '../format/format-date.ts';

/**
 * Interpolated values that name a thing rather than count things: a journey's or an API key's id,
 * an audit entry's sequence number, a version, a question's number, a spreadsheet row (as the
 * spreadsheet shows it), a reason code. They go into the text as they are.
 */
const IDENTIFIERS = new Set(['id', 'seq', 'version', 'number', 'row', 'code']);

/**
 * i18next's interpolation format (with `alwaysFormat`): a whole number in a text is a count, so it is
 * grouped the way the reader's language groups digits, as the figures beside it are ("30,769 people"
 * in English, "30 769 fő" in Hungarian; it was "30769" next to "98,317"). Whole numbers only: a
 * fraction keeps every digit it was given, and strings (callers that format their own figures, dates,
 * names) pass through. No text uses i18next's `{{value, format}}` form, so nothing else is lost.
 */
export const groupCounts: FormatFunction = (value: unknown, format, language, options) => {
  // i18next makes a string of whatever comes back (a missing value included), as it does without a format.
  const unchanged = value as string;
  if (format !== undefined || typeof value !== 'number' || !Number.isInteger(value)) return unchanged;
  const key: unknown = options?.['interpolationkey'];
  if (typeof key === 'string' && IDENTIFIERS.has(key)) return unchanged;
  return language && isLocale(language) ? formatNumber(value, language) : unchanged;
};
