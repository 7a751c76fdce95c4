import type { TContentLanguage, TQuestionCategory, TQuestionnaire, TQuestionnaireItem } from '@ona/contracts';

/** One question while the admin edits the questionnaire; texts may be empty until saved. */
export type TDraftQuestion = { key: string; category: TQuestionCategory; kind: string; texts: Record<TContentLanguage, string> };

export function toDraft(questionnaire: TQuestionnaire): TDraftQuestion[] {
  return [...questionnaire.questions]
    .sort((a, b) => a.index - b.index)
    .map((question) => ({
      key: question.key,
      category: question.category,
      kind: question.kind,
      texts: { en: question.texts.en, hu: question.texts.hu ?? '', de: question.texts.de ?? '', ru: question.texts.ru ?? '' },
    }));
}

/** A key not used yet (`question_14`, …) for a question the admin adds. */
export function newQuestionKey(draft: readonly TDraftQuestion[]): string {
  const used = new Set(draft.map((question) => question.key));
  for (let n = draft.length + 1; ; n += 1) if (!used.has(`question_${n}`)) return `question_${n}`;
}

export function moveQuestion(draft: readonly TDraftQuestion[], from: number, to: number): TDraftQuestion[] {
  if (to < 0 || to >= draft.length || from === to) return [...draft];
  const next = [...draft];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Positions of questions without their required English text. */
export function missingEnglish(draft: readonly TDraftQuestion[]): number[] {
  return draft.flatMap((question, position) => (question.texts.en.trim() ? [] : [position]));
}

/** The PUT body: empty translations are left out (the server falls back to English). */
export function toUpdate(draft: readonly TDraftQuestion[]): { questions: TQuestionnaireItem[] } {
  return {
    questions: draft.map((question) => {
      const texts: TQuestionnaireItem['texts'] = { en: question.texts.en.trim() };
      for (const language of ['hu', 'de', 'ru'] as const) {
        const text = question.texts[language].trim();
        if (text) texts[language] = text;
      }
      return { key: question.key, category: question.category, kind: question.kind, texts };
    }),
  };
}
