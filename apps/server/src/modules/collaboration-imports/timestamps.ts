const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?$/i;

/**
 * An export's time as an instant (epoch ms), or null. Exchange writes UTC without a zone
 * (`2024-01-15T09:30:00.0000000`, or `1/15/2024 9:30:00 AM` from PowerShell in US English), so a
 * time without an offset is UTC; one with an offset (`+01:00`, `Z`) is read with it. Anything else
 * (a date in another locale's order that could be read two ways) is unreadable rather than guessed.
 */
export function instantOf(text: string | undefined | null): number | null {
  if (!text) return null;
  const value = text.trim();
  const iso = ISO.exec(value);
  if (iso) {
    const [, y, mo, d, h, mi, s, fraction, zone] = iso;
    const ms = fraction ? Number(`0.${fraction}`) * 1000 : 0;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), Math.floor(ms));
    if (!zone || zone.toUpperCase() === 'Z') return Number.isNaN(utc) ? null : utc;
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
    return utc - offsetMinutes * 60_000;
  }
  const us = US.exec(value);
  if (us) {
    const [, mo, d, y, h, mi, s, half] = us;
    let hour = Number(h);
    if (half?.toUpperCase() === 'PM' && hour < 12) hour += 12;
    if (half?.toUpperCase() === 'AM' && hour === 12) hour = 0;
    return Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s ?? 0));
  }
  return null;
}
