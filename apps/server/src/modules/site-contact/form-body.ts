/** What a ticked HTML check box sends: `on` unless the page gives it a value. */
const TICKED = new Set(['on', 'true', '1', 'yes']);

/**
 * An `application/x-www-form-urlencoded` contact form (JavaScript off) in the shape of the JSON
 * payload, so that one schema validates both: the tick box becomes `true`, the time a number.
 * Hidden fields the page fills itself (time, language) are dropped when unreadable rather than
 * reported, since the visitor could not correct them.
 */
export function contactPayloadFromForm(text: string): Record<string, unknown> {
  const payload: Record<string, unknown> = Object.fromEntries(new URLSearchParams(text));
  if (typeof payload['consent'] === 'string' && TICKED.has(payload['consent'].toLowerCase())) payload['consent'] = true;
  const startedAt = payload['form_started_at'];
  if (typeof startedAt === 'string' && /^\d{1,15}$/.test(startedAt)) payload['form_started_at'] = Number(startedAt);
  else delete payload['form_started_at'];
  if (!['hu', 'en', 'de', 'ru'].includes(String(payload['language']))) delete payload['language'];
  return payload;
}
