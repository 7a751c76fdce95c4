/** The survey user a participant keeps locally (spec §3): id, survey, name, currentQuestionIndex, token. */
export type TStoredSurveyUser = { id: number; survey: number; name: string; currentQuestionIndex: number; token: string };

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
export function readSurveyUser(surveyId: number): TStoredSurveyUser | null {
  const user = readAll()[String(surveyId)];
  return user && typeof user.token === 'string' ? user : null;
}

export function writeSurveyUser(user: TStoredSurveyUser): void {
  writeAll({ ...readAll(), [String(user.survey)]: user });
}

export function forgetSurveyUser(surveyId: number): void {
  const all = readAll();
  delete all[String(surveyId)];
  writeAll(all);
}
