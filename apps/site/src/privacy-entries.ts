import type { TPrivacyNotice, TSiteContent } from './content/load-content.ts';
import { ContentError } from './content/markdown.ts';
import { PRIVACY_NOTICES, type TPrivacyNoticeKind } from './content/front-matter.ts';
import { SITE_LANGUAGES, type TSiteLanguage } from './site-languages.ts';
import { sitePaths } from './site-paths.ts';
import type { TNoticeEntry } from './pages/privacy-pages.tsx';

/** The day before a date (`YYYY-MM-DD`): the last day of the version a newer one replaced. */
function dayBefore(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** Every published notice by kind and language, newest version first. */
export type TNoticeIndex = Record<TPrivacyNoticeKind, Partial<Record<TSiteLanguage, TNoticeEntry[]>>>;

/**
 * Which notice is current and where each one lives. The general notice's current version is the
 * one the contact form's consent names (CURRENT_PRIVACY_NOTICE_VERSION of the contract): it must
 * exist in every site language, and no newer version may be published before the constant moves,
 * or visitors would consent to a text they were not shown. A variant's current version is its newest.
 */
export function indexNotices(content: TSiteContent, currentGeneralVersion: string): TNoticeIndex {
  const index = Object.fromEntries(PRIVACY_NOTICES.map((kind) => [kind, {}])) as TNoticeIndex;
  for (const kind of PRIVACY_NOTICES) {
    for (const language of SITE_LANGUAGES) {
      const notices = content.notices.filter((notice) => notice.notice === kind && notice.language === language);
      if (notices.length === 0) continue;
      index[kind][language] = notices.map((notice, position) => entryOf(notice, notices[position - 1], kind === 'general' ? notice.version === currentGeneralVersion : position === 0));
    }
  }
  for (const language of SITE_LANGUAGES) {
    const general = index.general[language] ?? [];
    if (!general.some((entry) => entry.current)) throw new ContentError(`privacy/general: version ${currentGeneralVersion} (CURRENT_PRIVACY_NOTICE_VERSION) has no ${language} text`);
    const newer = general.find((entry) => entry.notice.version > currentGeneralVersion);
    if (newer) throw new ContentError(`privacy/general/${newer.notice.version}.${language}.md is newer than CURRENT_PRIVACY_NOTICE_VERSION (${currentGeneralVersion}): raise the constant to publish it`);
  }
  return index;
}

function entryOf(notice: TPrivacyNotice, newer: TPrivacyNotice | undefined, current: boolean): TNoticeEntry {
  return {
    notice,
    current,
    path: sitePaths.privacyNotice(notice.language, notice.notice, notice.version, current),
    until: current ? null : (notice.effective_until ?? (newer ? dayBefore(newer.effective_from) : null)),
  };
}

export function currentEntry(index: TNoticeIndex, kind: TPrivacyNoticeKind, language: TSiteLanguage): TNoticeEntry | undefined {
  return index[kind][language]?.find((entry) => entry.current);
}
