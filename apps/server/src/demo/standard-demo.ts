import type { Database } from '@ona/db';
import { analyseDemoEngagements } from './analyse-demo.ts';
import { generateDemoLogins, generateDemoOrganisation } from './generate-demo.ts';
import { buildKrackhardtOrganisation } from './krackhardt-organisation.ts';
import { loadDemo } from './load-demo.ts';
import { readKrackhardtCsv } from './read-krackhardt-files.ts';
import { loadInstantSurveyDemo } from '../modules/instant-survey/demo-instant-survey.ts';

export const DEMO_SEED = 20260522;

/**
 * The demo of DECISIONS.md: the generated company and the real Krackhardt network, with the
 * finished surveys analysed. Everything is fixed by the seed except the dates, which are placed
 * around the day the demo loads so that the open survey is open whenever someone tries it.
 */
export async function loadStandardDemo(db: Database, referenceDate = new Date().toISOString().slice(0, 10)): Promise<void> {
  const company = generateDemoOrganisation({ seed: DEMO_SEED, referenceDate });
  const krackhardt = buildKrackhardtOrganisation(readKrackhardtCsv(), referenceDate);
  const logins = generateDemoLogins(company);
  await loadDemo(db, [company, krackhardt], logins);
  const leaderEmail = logins.find((l) => l.role === 'leader')?.email ?? 'leader@example.com';
  await analyseDemoEngagements(db, referenceDate, leaderEmail);
  await loadInstantSurveyDemo(db);
}
