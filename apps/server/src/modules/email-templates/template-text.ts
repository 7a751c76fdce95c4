import { EMAIL_PLACEHOLDERS, type TContentLanguage, type TEmailPlaceholder, type TEmailTemplateKind } from '@ona/contracts';
import { SERVER_MESSAGES } from '../../i18n/translate.ts';

/** Which placeholders each kind of e-mail fills in; the editor offers these and only these. */
export const PLACEHOLDERS_OF: Record<TEmailTemplateKind, readonly TEmailPlaceholder[]> = {
  invitation: ['name', 'engagement', 'link', 'deadline'],
  reminder: ['name', 'engagement', 'link', 'deadline'],
  leader_report_code: ['name', 'engagement', 'link', 'code'],
  report_ready: ['name', 'engagement', 'link'],
};

/** A template without these would send an e-mail the reader cannot act on. */
export const REQUIRED_PLACEHOLDERS_OF: Record<TEmailTemplateKind, readonly TEmailPlaceholder[]> = {
  invitation: ['link'],
  reminder: ['link'],
  leader_report_code: ['code'],
  report_ready: ['link'],
};

type Tree = { [key: string]: string | Tree };

function rawText(language: TContentLanguage, path: string[]): string {
  let node: string | Tree | undefined = SERVER_MESSAGES[language];
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node === 'string') return node;
  if (language !== 'en') return rawText('en', path);
  throw new Error(`missing default e-mail text ${path.join('.')}`);
}

/**
 * The product's default text, read raw from the locale files: translate() would fill the
 * {{placeholders}} in, but a template must keep them.
 */
export function defaultTemplate(kind: TEmailTemplateKind, language: TContentLanguage): { subject: string; body: string } {
  return {
    subject: rawText(language, ['survey', 'emails', kind, 'subject']),
    body: rawText(language, ['survey', 'emails', kind, 'body']),
  };
}

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1] ?? '');
}

export function isKnownPlaceholder(kind: TEmailTemplateKind, name: string): boolean {
  return (EMAIL_PLACEHOLDERS as readonly string[]).includes(name) && PLACEHOLDERS_OF[kind].includes(name as TEmailPlaceholder);
}

/** Fills the placeholders; one without a value stays empty rather than showing braces to the reader. */
export function fillPlaceholders(text: string, values: Partial<Record<TEmailPlaceholder, string>>): string {
  return text.replace(PLACEHOLDER_PATTERN, (_, name: string) => values[name as TEmailPlaceholder] ?? '');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A plain-text e-mail as simple HTML: escaped, paragraphs kept, links clickable. */
export function plainTextToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
  const linked = escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  return linked
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}
