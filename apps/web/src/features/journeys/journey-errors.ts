import type { ApiError } from '../../shared/api/api-error.ts';

export type TServerFieldErrors<TField extends string> = {
  /** The server's messages (already in the user's language) by form field. */
  byField: Partial<Record<TField, string>>;
  /** Whether the error needs a message of its own: no field of the form can show it. */
  general: boolean;
};

/**
 * Places the server's field errors under the form's fields. A nested field (`modules.2`,
 * `questionnaire.engagement_id`) belongs to its top-level field; anything the form has no field
 * for, and an error without field errors (409 journey_not_finished, 403), is shown on its own.
 */
export function splitServerErrors<TField extends string>(error: ApiError | null | undefined, fields: readonly TField[]): TServerFieldErrors<TField> {
  if (!error) return { byField: {}, general: false };
  const byField: Partial<Record<TField, string>> = {};
  let unplaced = false;
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const field = fields.find((candidate) => key === candidate || key.startsWith(`${candidate}.`));
    if (field === undefined) {
      unplaced = true;
      continue;
    }
    byField[field] = [byField[field], ...messages].filter((message) => message !== undefined && message !== '').join(' ');
  }
  return { byField, general: unplaced || Object.keys(byField).length === 0 };
}
