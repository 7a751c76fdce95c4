import type { TLocale } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';

export interface LocalizedMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/**
 * A 400 whose field messages each carry their own parameters (a row's e-mail, a column name). The
 * shared ApiError translates field messages with one parameter set for all of them, so these are
 * translated here, in the request's language, and handed over as finished texts (translate()
 * returns a text that is not a key unchanged).
 */
export function localizedBadRequest(
  locale: TLocale,
  code: string,
  detail: MessageKey,
  fields: ReadonlyMap<string, readonly LocalizedMessage[]>,
  detailParams: Record<string, string | number> = {},
): ApiError {
  const fieldErrors: Record<string, MessageKey[]> = {};
  // The handler runs the finished texts through translate() once more, which fills "{{word}}";
  // mapping each such word to itself keeps braces that belong to the text (e.g. {{link}}).
  const keepBraces: Record<string, string> = {};
  for (const [field, messages] of fields) {
    fieldErrors[field] = messages.map((m) => {
      const text = translate(locale, m.key, m.params);
      for (const [, word] of text.matchAll(/\{\{(\w+)\}\}/g)) if (word) keepBraces[word] = `{{${word}}}`;
      return text as MessageKey;
    });
  }
  return new ApiError(400, code, detail, fieldErrors, { ...keepBraces, ...detailParams });
}
