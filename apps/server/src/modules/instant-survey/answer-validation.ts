import type { TInstantAnswerValue, TInstantQuestion } from '@ona/contracts';
import { ApiError } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';

const invalid = (key: MessageKey) => new ApiError(400, 'invalid_answer', key, { value: [key] });

/**
 * Checks an answer against its question: the right type, only this survey's participants (never
 * oneself), one person where only one may be chosen, existing options, each person in one group
 * unless the question allows several, and no more points than there are to distribute.
 */
export function checkAnswer(question: TInstantQuestion, value: TInstantAnswerValue, selfId: number, participantIds: ReadonlySet<number>): TInstantAnswerValue {
  if (value.type !== question.type) throw invalid('instant.errors.wrong_question_type');
  const optionIds = new Set(question.options.map((o) => o.id));
  const checkPeople = (ids: number[]) => {
    for (const id of ids) {
      if (id === selfId) throw invalid('instant.errors.self_selection');
      if (!participantIds.has(id)) throw invalid('instant.errors.unknown_participant');
    }
  };
  switch (value.type) {
    case 'user_select': {
      const selected = [...new Set(value.selected_users)];
      checkPeople(selected);
      if (!question.multiple_selection && selected.length > 1) throw invalid('instant.errors.single_selection');
      return { type: 'user_select', selected_users: selected };
    }
    case 'options': {
      const placed = new Set<number>();
      const groups = value.groups.map((group) => {
        if (!optionIds.has(group.option_id)) throw invalid('instant.errors.unknown_option');
        const users = [...new Set(group.users)];
        // A participant may place themself in a group, unlike naming themself on user_select.
        for (const id of users) {
          if (id !== selfId && !participantIds.has(id)) throw invalid('instant.errors.unknown_participant');
          if (placed.has(id) && !question.allow_multiple_groups) throw invalid('instant.errors.user_in_several_groups');
          placed.add(id);
        }
        return { option_id: group.option_id, users };
      });
      return { type: 'options', groups };
    }
    case 'intensity_select':
      if (!optionIds.has(value.option_id)) throw invalid('instant.errors.unknown_option');
      return value;
    case 'scaling': {
      const total = value.points.reduce((sum, p) => sum + p.points, 0);
      for (const p of value.points) if (!optionIds.has(p.option_id)) throw invalid('instant.errors.unknown_option');
      if (total > (question.points_total ?? 0)) throw invalid('instant.errors.too_many_points');
      return { type: 'scaling', points: value.points.filter((p) => p.points > 0) };
    }
    case 'mood_select':
    case 'freetext':
      return value;
  }
}

/** Everyone an answer names, to look up only them. */
export function peopleNamedIn(value: TInstantAnswerValue): number[] {
  if (value.type === 'user_select') return [...new Set(value.selected_users)];
  if (value.type === 'options') return [...new Set(value.groups.flatMap((g) => g.users))];
  return [];
}
