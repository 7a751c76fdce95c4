import type { TQuestionnaireItem } from '@ona/contracts';
import { DEFAULT_QUESTIONNAIRE } from '../../demo/demo-questionnaire.ts';

/**
 * The default questionnaire of DECISIONS.md with its hu/en/de/ru texts. The demo owns the texts
 * (its finished survey was answered with them); a new survey starts from the same list.
 */
export function defaultQuestionnaire(): TQuestionnaireItem[] {
  return [...DEFAULT_QUESTIONNAIRE]
    .sort((a, b) => a.order - b.order)
    .map((q) => ({ key: q.key, category: q.category, kind: q.kind, texts: { ...q.texts } }));
}
