/** The survey user a participant keeps locally (spec §3): id, survey (its public id), name, currentQuestionIndex, token. */
export type TStoredSurveyUser = { id: number; survey: string; name: string; currentQuestionIndex: number; token: string };

const KEY = 'instantSurvey.users';

function readAll(): Record<string, TStoredSurveyUser> {
  try {
    const raw = window.localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, TStoredSurveyUser>) : {};
  } catch {
    return {};
  }
}

function writeAll(users: Record<string, TStoredSurveyUser>): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(users));
  } catch {
    // Private mode: the participant keeps their place for this tab only.
  }
}

/** One entry per survey, so a phone used for two surveys keeps both identities. */
export function readSurveyUser(surveyId: string): TStoredSurveyUser | null {
  const user = readAll()[surveyId];
  return user && typeof user.token === 'string' ? user : null;
}

export function writeSurveyUser(user: TStoredSurveyUser): void {
  writeAll({ ...readAll(), [user.survey]: user });
}

export function forgetSurveyUser(surveyId: string): void {
  const all = readAll();
  delete all[surveyId];
  writeAll(all);
}
