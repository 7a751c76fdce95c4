import type { TInstantSurvey, TLocale } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { addTableSheet, newWorkbook, type TableWorkbook } from '../analytics-shared/workbook-table.ts';

type TCell = string | number | null;

/**
 * The answer table of §3 (source, target, mood, intensity, text answer), one row per tie or
 * value, with the question in front. user_select: one row per chosen person; options: one row per
 * person placed, the option in the text column; intensity: the option's rank and label; scaling:
 * one row per option with points, the points as intensity.
 */
export function answerRows(survey: TInstantSurvey, locale: TLocale): TCell[][] {
  const names = new Map(survey.participants.map((p) => [p.id, p.name]));
  const questions = new Map(survey.questions.map((q) => [q.id, q]));
  const rows: TCell[][] = [];
  const ordered = [...survey.answers].sort((a, b) => {
    const qa = survey.questions.findIndex((q) => q.id === a.question_id);
    const qb = survey.questions.findIndex((q) => q.id === b.question_id);
    return qa - qb || a.participant_id - b.participant_id;
  });
  for (const answer of ordered) {
    const question = questions.get(answer.question_id);
    if (!question) continue;
    const source = names.get(answer.participant_id) ?? '';
    const optionLabel = (id: number) => question.options.find((o) => o.id === id)?.label ?? '';
    const value = answer.value;
    switch (value.type) {
      case 'user_select':
        for (const target of value.selected_users) rows.push([question.label, source, names.get(target) ?? '', null, null, null]);
        break;
      case 'options':
        for (const group of value.groups) for (const user of group.users) rows.push([question.label, source, names.get(user) ?? '', null, null, optionLabel(group.option_id)]);
        break;
      case 'mood_select':
        rows.push([question.label, source, null, translate(locale, `instant.export.moods.${value.mood}` as MessageKey), null, null]);
        break;
      case 'intensity_select':
        rows.push([question.label, source, null, null, question.options.findIndex((o) => o.id === value.option_id) + 1, optionLabel(value.option_id)]);
        break;
      case 'freetext':
        rows.push([question.label, source, null, null, null, value.text]);
        break;
      case 'scaling':
        for (const p of value.points) rows.push([question.label, source, optionLabel(p.option_id), null, p.points, null]);
        break;
    }
  }
  return rows;
}

export function buildSurveyWorkbook(survey: TInstantSurvey, locale: TLocale): TableWorkbook {
  const t = (key: MessageKey) => translate(locale, key);
  const workbook = newWorkbook();
  addTableSheet(
    workbook,
    t('instant.export.answers_sheet'),
    [
      t('instant.export.question'),
      t('instant.export.source'),
      t('instant.export.target'),
      t('instant.export.mood'),
      { header: t('instant.export.intensity'), kind: 'integer' },
      { header: t('instant.export.text_answer'), kind: 'long_text', width: 60 },
    ],
    answerRows(survey, locale),
  );
  addTableSheet(
    workbook,
    t('instant.export.participants_sheet'),
    [t('instant.export.name'), t('instant.export.email'), t('instant.export.joined'), t('instant.export.finished')],
    survey.participants.map((p) => [p.name, p.email, p.joined ? t('instant.export.yes') : t('instant.export.no'), p.finished ? t('instant.export.yes') : t('instant.export.no')]),
  );
  return workbook;
}
