import { DEMO_PASSWORD } from './session.ts';

type TJourney = { id: number; name: string; state: string; access_till: string };

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * A journey of the test's own with the demo's collaboration network: the people, units, questions
 * and answers of the demo's latest journey whose answering ended (its nice Excel export, imported into a new
 * journey), answering from three weeks ago until tomorrow, so its collaboration window (at least the
 * four weeks ending with its last week) meets the weeks of the demo files; then the demo Slack
 * export and message trace imported, and the journey's analysis started. The shared open demo journey is
 * never analysed (key-people.e2e.ts checks that no analysis ran on it).
 */
export async function analysedCollaborationJourney(baseUrl: string, name: string): Promise<{ engagementId: number; token: string; runStatus: () => Promise<string> }> {
  const login = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }) });
  if (!login.ok) throw new Error(`the admin's login answered ${login.status}`);
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Token ${token}`, 'accept-language': 'en-US' };
  const call = async <T>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: init.form ? headers : { ...headers, 'content-type': 'application/json' },
      ...(init.form ? { body: init.form } : init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
    return (res.headers.get('content-type')?.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer())) as T;
  };
  const upload = (field: string, bytes: Buffer, filename: string) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), filename);
    return form;
  };

  const journeys = await call<TJourney[]>('/engagements/');
  const closed = journeys.filter((journey) => journey.name.startsWith('Engagement survey') && journey.access_till < isoDay(0));
  const source = closed.reduce<TJourney | undefined>((latest, journey) => (!latest || journey.access_till > latest.access_till ? journey : latest), undefined);
  if (!source) throw new Error(`no closed demo journey among ${journeys.map((journey) => `${journey.name} (${journey.state})`).join(', ')}`);
  const workbook = await call<Buffer>(`/engagements/${source.id}/survey/export-nice-excel/`);

  const created = await call<{ id: number }>('/engagements/', {
    method: 'POST',
    body: { name, access_from: isoDay(-21), access_till: isoDay(1), default_language: 'en', modules: ['key_people_analytics', 'individual_reports', 'graph_visualization'], questionnaire: { source: 'empty' } },
  });
  await call(`/engagements/${created.id}/import_nice_excel/`, { method: 'POST', form: upload('import_file', workbook, 'survey.xlsx') });

  for (const [file, filename] of [['slack', 'demo-slack-export.zip'], ['message_trace', 'demo-message-trace.csv']] as const) {
    const bytes = await call<Buffer>(`/organization/collaboration-imports/demo-files/${file}`);
    await call(`/organization/collaboration-imports/?source=${file}`, { method: 'POST', form: upload('collaboration_file', bytes, filename) });
  }

  await call(`/engagements/${created.id}/run-analysis/`, { method: 'POST' });
  // The run is a job in a worker thread: the test polls its status (expect.poll), never sleeps.
  const runStatus = async () => (await call<{ status: string }[]>(`/engagements/${created.id}/analysis-runs/`))[0]?.status ?? 'none';
  return { engagementId: created.id, token, runStatus };
}
