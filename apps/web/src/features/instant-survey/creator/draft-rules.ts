import {
  INSTANT_DEFAULT_POINTS,
  INSTANT_MIN_OPTIONS,
  OPTION_QUESTION_TYPES,
  type TInstantQuestionType,
  type TInstantSurvey,
  type TInstantSurveyInput,
  type TInstantTemplateQuestion,
  type TLayoutOrientation,
} from '@ona/contracts';
import { EMAIL_PATTERN as EMAIL } from './email-pattern.ts';

export type TDraftOption = { key: string; id?: number | undefined; label: string };
export type TDraftQuestion = {
  key: string;
  id?: number | undefined;
  label: string;
  type: TInstantQuestionType;
  options: TDraftOption[];
  layout_orientation: TLayoutOrientation;
  multiple_selection: boolean;
  allow_multiple_groups: boolean;
  points_total: number;
};
export type TDraftParticipant = { key: string; id?: number | undefined; name: string; email: string };
export type TDraft = {
  id?: number | undefined;
  /** An edit of a survey that is already running: it can be saved, not started again. */
  started?: boolean | undefined;
  title: string;
  questions: TDraftQuestion[];
  participants: TDraftParticipant[];
};

let sequence = 0;
/** Stable React keys for rows that have no server id yet. */
export const draftKey = (prefix: string) => `${prefix}-${++sequence}`;

export const emptyOption = (): TDraftOption => ({ key: draftKey('o'), label: '' });
export const emptyParticipant = (): TDraftParticipant => ({ key: draftKey('p'), name: '', email: '' });
export function newQuestion(type: TInstantQuestionType = 'user_select'): TDraftQuestion {
  return {
    key: draftKey('q'),
    label: '',
    type,
    options: [emptyOption()],
    layout_orientation: 'horizontal',
    multiple_selection: false,
    allow_multiple_groups: false,
    points_total: INSTANT_DEFAULT_POINTS,
  };
}

/** The default new survey of §3: one user_select question with one empty option, one empty participant. */
export function defaultDraft(): TDraft {
  return { title: '', questions: [newQuestion('user_select')], participants: [emptyParticipant()] };
}

export function draftFromTemplate(title: string, questions: readonly TInstantTemplateQuestion[]): TDraft {
  return {
    title,
    questions: questions.map((q) => ({
      key: draftKey('q'),
      label: q.label,
      type: q.type,
      options: q.options.length > 0 ? q.options.map((o) => ({ key: draftKey('o'), label: o.label })) : [emptyOption()],
      layout_orientation: q.layout_orientation,
      multiple_selection: q.multiple_selection,
      allow_multiple_groups: q.allow_multiple_groups,
      points_total: q.points_total ?? INSTANT_DEFAULT_POINTS,
    })),
    participants: [emptyParticipant()],
  };
}

export function draftFromSurvey(survey: TInstantSurvey): TDraft {
  return {
    id: survey.id,
    started: survey.state === 'started',
    title: survey.title,
    questions: survey.questions.map((q) => ({
      key: draftKey('q'),
      id: q.id,
      label: q.label,
      type: q.type,
      options: q.options.map((o) => ({ key: draftKey('o'), id: o.id, label: o.label })),
      layout_orientation: q.layout_orientation,
      multiple_selection: q.multiple_selection,
      allow_multiple_groups: q.allow_multiple_groups,
      points_total: q.points_total ?? INSTANT_DEFAULT_POINTS,
    })),
    participants: survey.participants.map((p) => ({ key: draftKey('p'), id: p.id, name: p.name, email: p.email ?? '' })),
  };
}

const blank = (text: string) => text.trim() === '';

/** "Save and start" only for a new or a pending survey: a running one would answer 409. */
export const offersSaveAndStart = (draft: TDraft) => draft.started !== true;
export const isOptionQuestion = (type: TInstantQuestionType) => OPTION_QUESTION_TYPES.includes(type);

/**
 * What is sent (§4): participants with neither name nor e-mail and questions without a label are
 * dropped, and so are options without a label. A participant with an e-mail but no name is kept,
 * so that the rule "Please provide a name if email is specified." can speak.
 */
export function toSurveyInput(draft: TDraft): TInstantSurveyInput & { id?: number | undefined } {
  return {
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    title: draft.title.trim(),
    questions: draft.questions
      .filter((q) => !blank(q.label))
      .map((q) => ({
        ...(q.id !== undefined ? { id: q.id } : {}),
        label: q.label.trim(),
        type: q.type,
        options: q.options.filter((o) => !blank(o.label)).map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), label: o.label.trim() })),
        layout_orientation: q.layout_orientation,
        multiple_selection: q.multiple_selection,
        allow_multiple_groups: q.allow_multiple_groups,
        points_total: q.type === 'scaling' ? q.points_total : null,
      })),
    participants: draft.participants
      .filter((p) => !(blank(p.name) && blank(p.email)))
      .map((p) => ({ ...(p.id !== undefined ? { id: p.id } : {}), name: p.name.trim(), email: blank(p.email) ? null : p.email.trim() })),
  };
}

export type TQuestionProblems = {
  titleMissing: boolean;
  /** No question would be sent. */
  noQuestions: boolean;
  /** 1-based numbers of questions that have options but no label. */
  unlabelled: number[];
  /** 1-based numbers of option questions with fewer than two labelled options. */
  fewOptions: number[];
};

/** The questions step's rules (§5), numbered as the host sees the questions. */
export function checkQuestions(draft: TDraft): TQuestionProblems | null {
  const unlabelled: number[] = [];
  const fewOptions: number[] = [];
  let sendable = 0;
  draft.questions.forEach((q, index) => {
    const labelledOptions = q.options.filter((o) => !blank(o.label)).length;
    if (blank(q.label)) {
      // A question the host filled in apart from its label is not "empty": say what is missing.
      if (labelledOptions > 0) unlabelled.push(index + 1);
      return;
    }
    sendable += 1;
    if (isOptionQuestion(q.type) && labelledOptions < INSTANT_MIN_OPTIONS) fewOptions.push(index + 1);
  });
  const problems: TQuestionProblems = { titleMissing: blank(draft.title), noQuestions: sendable === 0, unlabelled, fewOptions };
  return problems.titleMissing || problems.noQuestions || unlabelled.length > 0 || fewOptions.length > 0 ? problems : null;
}

/**
 * A creator row is only checked once it has something in it (an empty row is dropped), so a row
 * without a name always has an e-mail: "Please provide a name if email is specified." The plain
 * "Please provide a name for the participant." is the Users tab's, where the name is the record.
 */
export type TParticipantProblem = 'nameIfEmail' | 'email';

/** Per participant row (by key): what is wrong with it; empty rows are dropped, not reported. */
export function checkParticipants(draft: TDraft): Map<string, TParticipantProblem[]> {
  const problems = new Map<string, TParticipantProblem[]>();
  for (const p of draft.participants) {
    if (blank(p.name) && blank(p.email)) continue;
    const found: TParticipantProblem[] = [];
    if (blank(p.name)) found.push('nameIfEmail');
    if (!blank(p.email) && !EMAIL.test(p.email.trim())) found.push('email');
    if (found.length > 0) problems.set(p.key, found);
  }
  return problems;
}

/** Select search (§5, §9): at least 3 characters, at most 5 matches. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_MATCHES = 5;
export function searchPeople<T extends { name: string; email: string | null }>(people: readonly T[], term: string): { tooShort: boolean; matches: T[] } {
  const needle = term.trim().toLocaleLowerCase();
  if (needle.length < SEARCH_MIN_LENGTH) return { tooShort: true, matches: [] };
  const matches = people.filter((p) => p.name.toLocaleLowerCase().includes(needle) || (p.email ?? '').toLocaleLowerCase().includes(needle));
  return { tooShort: false, matches: matches.slice(0, SEARCH_MAX_MATCHES) };
}

/**
 * The search of a select (group members, add a group): an empty search lists everything to
 * browse; one or two characters list nothing and ask for more; from three characters on, at most
 * five options whose label contains the search.
 */
export function selectSearch<T extends { label: string }>(options: readonly T[], term: string): { tooShort: boolean; matches: T[] } {
  const needle = term.trim().toLocaleLowerCase();
  if (needle === '') return { tooShort: false, matches: [...options] };
  if (needle.length < SEARCH_MIN_LENGTH) return { tooShort: true, matches: [] };
  return { tooShort: false, matches: options.filter((o) => o.label.toLocaleLowerCase().includes(needle)).slice(0, SEARCH_MAX_MATCHES) };
}
