import { CONTENT_LANGUAGES, EMAIL_TEMPLATE_KINDS, type TContentLanguage, type TEmailTemplateKind } from '@ona/contracts';

/** Puts `{{placeholder}}` where the cursor is (replacing a selection) and says where the cursor goes. */
export function insertPlaceholder(text: string, selectionStart: number, selectionEnd: number, placeholder: string): { text: string; caret: number } {
  const token = `{{${placeholder}}}`;
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  return { text: `${text.slice(0, start)}${token}${text.slice(end)}`, caret: start + token.length };
}

/** Placeholder names used in a text that the e-mail kind does not fill in. */
export function unknownPlaceholders(text: string, allowed: readonly string[]): string[] {
  const used = [...text.matchAll(/\{\{\s*([A-Za-z_]+)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(used.filter((name) => !allowed.includes(name)))];
}

/** The editor's address: emails/edit-email.html?kind=…&language=…; unknown values read as null. */
export function readTemplateParams(params: URLSearchParams): { kind: TEmailTemplateKind | null; language: TContentLanguage | null } {
  const kind = EMAIL_TEMPLATE_KINDS.find((value) => value === params.get('kind')) ?? null;
  const language = CONTENT_LANGUAGES.find((value) => value === params.get('language')) ?? null;
  return { kind, language };
}
