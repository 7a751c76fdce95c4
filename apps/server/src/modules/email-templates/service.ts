import {
  CONTENT_LANGUAGES,
  EMAIL_TEMPLATE_KINDS,
  isLocale,
  type TContentLanguage,
  type TEmailPlaceholder,
  type TEmailTemplate,
  type TEmailTemplateKind,
  type TLocale,
  type TRenderedEmail,
  type TUpdateEmailTemplate,
} from '@ona/contracts';
import type { Database } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { localizedBadRequest, type LocalizedMessage } from '../engagement-admin/localized-errors.ts';
import * as repo from './repository.ts';
import { defaultTemplate, fillPlaceholders, isKnownPlaceholder, placeholdersIn, plainTextToHtml, PLACEHOLDERS_OF, REQUIRED_PLACEHOLDERS_OF } from './template-text.ts';

function describe(kind: TEmailTemplateKind, language: TContentLanguage, stored: repo.StoredTemplate | undefined): TEmailTemplate {
  const text = stored ?? defaultTemplate(kind, language);
  return {
    kind,
    language,
    subject: text.subject,
    body: text.body,
    is_default: stored === undefined,
    placeholders: [...PLACEHOLDERS_OF[kind]],
    updated_at: stored?.updatedAt.toISOString() ?? null,
  };
}

/** Every kind in every language, the engagement's own text where it has one. */
export async function listTemplates(db: Database, engagementId: number): Promise<TEmailTemplate[]> {
  const stored = await repo.loadTemplates(db, engagementId);
  const find = (kind: string, language: string) => stored.find((s) => s.kind === kind && s.language === language);
  return EMAIL_TEMPLATE_KINDS.flatMap((kind) => CONTENT_LANGUAGES.map((language) => describe(kind, language, find(kind, language))));
}

export async function getTemplate(db: Database, engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage): Promise<TEmailTemplate> {
  return describe(kind, language, await repo.loadTemplate(db, engagementId, kind, language));
}

/** Unknown placeholders would reach the reader as empty gaps; missing required ones make the e-mail useless. */
function checkPlaceholders(locale: TLocale, kind: TEmailTemplateKind, text: { subject: string; body: string }): void {
  const fields = new Map<string, LocalizedMessage[]>();
  const allowed = PLACEHOLDERS_OF[kind].map((p) => `{{${p}}}`).join(', ');
  for (const field of ['subject', 'body'] as const) {
    for (const name of new Set(placeholdersIn(text[field]))) {
      if (!isKnownPlaceholder(kind, name)) {
        const list = fields.get(field) ?? [];
        list.push({ key: 'survey.errors.unknown_placeholder', params: { placeholder: `{{${name}}}`, allowed } });
        fields.set(field, list);
      }
    }
  }
  const inBody = new Set(placeholdersIn(text.body));
  for (const required of REQUIRED_PLACEHOLDERS_OF[kind]) {
    if (!inBody.has(required)) {
      const list = fields.get('body') ?? [];
      list.push({ key: 'survey.errors.missing_placeholder', params: { placeholder: `{{${required}}}` } });
      fields.set('body', list);
    }
  }
  if (fields.size > 0) throw localizedBadRequest(locale, 'validation_error', 'errors.validation_failed', fields);
}

export async function saveTemplate(
  db: Database,
  locale: TLocale,
  input: { engagementId: number; kind: TEmailTemplateKind; language: TContentLanguage; userId: number } & TUpdateEmailTemplate,
): Promise<TEmailTemplate> {
  checkPlaceholders(locale, input.kind, input);
  const saved = await repo.upsertTemplate(db, { engagementId: input.engagementId, kind: input.kind, language: input.language, subject: input.subject, body: input.body, updatedBy: input.userId });
  return describe(input.kind, input.language, saved);
}

export async function resetTemplate(db: Database, engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage): Promise<TEmailTemplate> {
  await repo.deleteTemplate(db, engagementId, kind, language);
  return describe(kind, language, undefined);
}

export type PlaceholderValues = Partial<Record<TEmailPlaceholder, string>>;

export interface RenderedEngagementEmail {
  subject: string;
  text: string;
  html: string;
}

/** The language an engagement's e-mails go out in: its default language when we have texts for it. */
export function emailLanguage(engagementLanguage: string): TContentLanguage {
  return (CONTENT_LANGUAGES as readonly string[]).includes(engagementLanguage) ? (engagementLanguage as TContentLanguage) : 'en';
}

/**
 * The text an engagement's e-mail of this kind uses: its own, else the default. Every sender
 * (invitations, reminders, leader codes, report-ready notices) loads it once and renders it per
 * recipient with renderTemplateText.
 */
export async function engagementTemplate(db: Database, engagementId: number, kind: TEmailTemplateKind, language: TContentLanguage): Promise<{ subject: string; body: string }> {
  return (await repo.loadTemplate(db, engagementId, kind, language)) ?? defaultTemplate(kind, language);
}

export function renderTemplateText(template: { subject: string; body: string }, values: PlaceholderValues): RenderedEngagementEmail {
  // A line break in a subject would break the e-mail header.
  const subject = fillPlaceholders(template.subject, values).replace(/\s*[\r\n]+\s*/g, ' ').trim();
  const text = fillPlaceholders(template.body, values);
  return { subject, text, html: plainTextToHtml(text) };
}

/** Sample values for the preview, in the template's language. */
export function sampleValues(language: TContentLanguage, engagement: { name: string; accessTill: string }, link: string): Record<TEmailPlaceholder, string> {
  const locale: TLocale = isLocale(language) ? language : 'en';
  return {
    name: translate(locale, 'survey.sample.name'),
    engagement: engagement.name,
    link,
    code: 'AB3CD7EF',
    deadline: engagement.accessTill,
  };
}

export async function previewTemplate(
  db: Database,
  engagement: { id: number; name: string; accessTill: string },
  kind: TEmailTemplateKind,
  language: TContentLanguage,
  draft: { subject?: string | undefined; body?: string | undefined },
  link: string,
): Promise<TRenderedEmail> {
  const stored = (await repo.loadTemplate(db, engagement.id, kind, language)) ?? defaultTemplate(kind, language);
  const rendered = renderTemplateText({ subject: draft.subject ?? stored.subject, body: draft.body ?? stored.body }, sampleValues(language, engagement, link));
  return { subject: rendered.subject, body: rendered.text };
}

