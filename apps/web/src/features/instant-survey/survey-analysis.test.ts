import { describe, expect, it } from 'vitest';
import type { TInstantAnswerValue, TInstantSurvey } from '@ona/contracts';
import { analyseSurvey, choiceTies } from './survey-analysis.ts';

const question = (id: number, type: TInstantSurvey['questions'][number]['type'], options: string[] = []) => ({
  id, label: `Q${id}`, type, options: options.map((label, i) => ({ id: i + 1, label })), layout_orientation: 'horizontal' as const, multiple_selection: true, allow_multiple_groups: false, points_total: type === 'scaling' ? 10 : null,
});
let answerId = 0;
const answer = (participant_id: number, question_id: number, value: TInstantAnswerValue) => ({ id: ++answerId, participant_id, question_id, value, answered_at: '2026-01-01T00:00:00Z' });
const people = ['Ann', 'Bob', 'Cid', 'Dan'].map((name, i) => ({ id: i + 1, name, email: null, joined: true, invited_at: null, finished: false, current_question_index: 0 }));

const survey: TInstantSurvey = {
  id: 1, public_id: '5b0c4a9e-2f7d-4c1a-9e3b-8d6f1a2b3c4d', title: 'T', code: 'ABCDEFGHI', state: 'started', closed: false, created_at: '', started_at: null, closed_at: null, question_count: 6, participant_count: 4, login_codes: [],
  questions: [question(1, 'user_select'), question(2, 'options', ['Red', 'Blue']), question(3, 'mood_select'), question(4, 'intensity_select', ['Low', 'High']), question(5, 'freetext'), question(6, 'scaling', ['X', 'Y'])],
  participants: people,
  answers: [
    answer(1, 1, { type: 'user_select', selected_users: [2, 3] }),
    answer(2, 1, { type: 'user_select', selected_users: [1] }),
    answer(3, 1, { type: 'user_select', selected_users: [1] }),
    answer(1, 2, { type: 'options', groups: [{ option_id: 1, users: [1, 2] }] }),
    answer(2, 2, { type: 'options', groups: [{ option_id: 1, users: [2] }, { option_id: 2, users: [3] }] }),
    answer(1, 3, { type: 'mood_select', mood: 'positive' }),
    answer(2, 3, { type: 'mood_select', mood: 'positive' }),
    answer(1, 4, { type: 'intensity_select', option_id: 2 }),
    answer(1, 5, { type: 'freetext', text: 'Hi' }),
    answer(2, 5, { type: 'freetext', text: '  ' }),
    answer(1, 6, { type: 'scaling', points: [{ option_id: 1, points: 7 }, { option_id: 2, points: 3 }] }),
    answer(2, 6, { type: 'scaling', points: [{ option_id: 2, points: 10 }] }),
  ],
};

describe('choiceTies', () => {
  it('marks choices that are returned as mutual', () => {
    expect(choiceTies(survey).map((t) => [t.source, t.target, t.mutual])).toEqual([[1, 2, true], [1, 3, true], [2, 1, true], [3, 1, true]]);
  });
});

describe('analyseSurvey', () => {
  const analysis = analyseSurvey(survey);
  it('ranks the most chosen, lists mutual pairs and isolated people', () => {
    expect(analysis.mostChosen.map((p) => [p.name, p.count])).toEqual([['Ann', 2], ['Bob', 1], ['Cid', 1]]);
    expect(analysis.mutualPairs.map((p) => [p.a.name, p.b.name])).toEqual([['Ann', 'Bob'], ['Ann', 'Cid']]);
    expect(analysis.isolated.map((p) => p.name)).toEqual(['Dan']);
  });
  it('counts groups, moods, intensities, points and keeps non-empty texts', () => {
    expect(analysis.groups[0]?.options.map((o) => [o.label, o.members.map((m) => [m.name, m.count])])).toEqual([['Red', [['Bob', 2], ['Ann', 1]]], ['Blue', [['Cid', 1]]]]);
    expect(analysis.moods[0]?.counts.positive).toBe(2);
    expect(analysis.intensities[0]?.options.map((o) => o.count)).toEqual([0, 1]);
    expect(analysis.scaling[0]?.options.map((o) => o.points)).toEqual([7, 13]);
    expect(analysis.texts[0]?.answers).toEqual([{ participantId: 1, name: 'Ann', text: 'Hi' }]);
  });
});
