import { describe, expect, it } from 'vitest';
import type { TInstantSurvey } from '@ona/contracts';
import { checkParticipants, checkQuestions, defaultDraft, draftFromSurvey, newQuestion, offersSaveAndStart, searchPeople, selectSearch, toSurveyInput, type TDraft } from './draft-rules.ts';

describe('the default new survey', () => {
  it('has one user_select question with one empty option and one empty participant', () => {
    const draft = defaultDraft();
    expect(draft.questions).toHaveLength(1);
    expect(draft.questions[0]).toMatchObject({ type: 'user_select', label: '', layout_orientation: 'horizontal' });
    expect(draft.questions[0]?.options.map((o) => o.label)).toEqual(['']);
    expect(draft.participants.map((p) => [p.name, p.email])).toEqual([['', '']]);
  });
});

describe('toSurveyInput', () => {
  it('drops empty participants, unlabelled questions and empty options before sending', () => {
    const draft: TDraft = {
      title: ' Day ',
      questions: [
        { ...newQuestion('options'), label: 'Teams', options: [{ key: 'a', label: 'Red' }, { key: 'b', label: ' ' }, { key: 'c', label: 'Blue' }] },
        { ...newQuestion('freetext'), label: '  ' },
      ],
      participants: [{ key: 'x', name: 'Ann', email: '' }, { key: 'y', name: ' ', email: ' ' }, { key: 'z', name: '', email: 'z@x.test' }],
    };
    const input = toSurveyInput(draft);
    expect(input.title).toBe('Day');
    expect(input.questions?.map((q) => [q.label, q.options?.map((o) => o.label)])).toEqual([['Teams', ['Red', 'Blue']]]);
    expect(input.participants?.map((p) => [p.name, p.email])).toEqual([['Ann', null], ['', 'z@x.test']]);
  });
});

describe('checkQuestions', () => {
  it('asks for a title, labels of questions with content, and two options per option question', () => {
    const draft: TDraft = {
      title: '',
      questions: [
        { ...newQuestion('user_select'), label: 'Who?' },
        { ...newQuestion('options'), label: '', options: [{ key: 'a', label: 'Red' }] },
        { ...newQuestion('scaling'), label: 'Points', options: [{ key: 'b', label: 'Only' }] },
        { ...newQuestion('freetext'), label: '' },
      ],
      participants: [],
    };
    expect(checkQuestions(draft)).toEqual({ titleMissing: true, noQuestions: false, unlabelled: [2], fewOptions: [3] });
  });

  it('passes a complete survey and refuses one without any question', () => {
    expect(checkQuestions({ title: 'T', questions: [{ ...newQuestion('mood_select'), label: 'Mood?' }], participants: [] })).toBeNull();
    expect(checkQuestions({ ...defaultDraft(), title: 'T' })?.noQuestions).toBe(true);
  });
});

describe('checkParticipants', () => {
  it('needs a name when an e-mail is given and a valid e-mail', () => {
    const problems = checkParticipants({ title: 'T', questions: [], participants: [{ key: 'a', name: '', email: 'a@b.test' }, { key: 'b', name: 'B', email: 'nope' }, { key: 'c', name: '', email: '' }] });
    expect([...problems.entries()]).toEqual([['a', ['nameIfEmail']], ['b', ['email']]]);
  });
});

describe('searchPeople', () => {
  it('needs three characters and shows at most five matches', () => {
    const people = Array.from({ length: 8 }, (_, i) => ({ name: `Anna ${i}`, email: null }));
    expect(searchPeople(people, 'an')).toEqual({ tooShort: true, matches: [] });
    expect(searchPeople(people, 'ann').matches).toHaveLength(5);
    expect(searchPeople(people, 'zzz')).toEqual({ tooShort: false, matches: [] });
  });
});

describe('save and start', () => {
  const survey = (state: TInstantSurvey['state']): TInstantSurvey => ({
    id: 4, public_id: '5b0c4a9e-2f7d-4c1a-9e3b-8d6f1a2b3c4d', title: 'Day', code: 'ABCDEFGH1', state, closed: state === 'closed', created_at: '2026-01-01T00:00:00.000Z', started_at: null, closed_at: null,
    question_count: 0, participant_count: 0, questions: [], participants: [], answers: [], login_codes: [],
  });

  it('is offered for a new survey and when editing a pending one, not when editing a started one', () => {
    expect(offersSaveAndStart(defaultDraft())).toBe(true);
    expect(offersSaveAndStart(draftFromSurvey(survey('pending')))).toBe(true);
    expect(offersSaveAndStart(draftFromSurvey(survey('started')))).toBe(false);
  });

  it('never sends the started flag to the server', () => {
    expect(toSurveyInput(draftFromSurvey(survey('started')))).not.toHaveProperty('started');
  });
});

describe('selectSearch', () => {
  const options = ['Anna Kovács', 'Annabel Lee', 'Hanna Nagy', 'Joanna Smith', 'Marianna Tóth', 'Susanna Kiss', 'Béla Szabó'].map((label, i) => ({ value: String(i), label }));

  it('lists every option to browse while nothing is typed', () => {
    expect(selectSearch(options, '  ').matches).toHaveLength(7);
  });

  it('asks for three characters and lists nothing below that', () => {
    expect(selectSearch(options, 'an')).toEqual({ tooShort: true, matches: [] });
  });

  it('shows at most five matches, in any letter case', () => {
    const found = selectSearch(options, 'ANN');
    expect(found.tooShort).toBe(false);
    expect(found.matches.map((o) => o.label)).toEqual(['Anna Kovács', 'Annabel Lee', 'Hanna Nagy', 'Joanna Smith', 'Marianna Tóth']);
  });

  it('finds nothing for a term no label contains', () => {
    expect(selectSearch(options, 'xyz')).toEqual({ tooShort: false, matches: [] });
  });
});
