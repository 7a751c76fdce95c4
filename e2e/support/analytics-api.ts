import { DEMO_PASSWORD } from './session.ts';

/** A small JSON client of the analytics browser tests: one token per login, English answers. */
export function analyticsApi(baseUrl: string) {
  async function token(email: string): Promise<string> {
    const res = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }

  /** GET a path under /api; answers the status and the parsed body, so refusals can be checked too. */
  async function get<T>(tokenValue: string, path: string, query: Record<string, readonly number[]> = {}, language = 'en-US'): Promise<{ status: number; body: T }> {
    const params = new URLSearchParams();
    for (const [key, values] of Object.entries(query)) for (const value of values) params.append(key, String(value));
    const search = params.toString();
    const res = await fetch(`${baseUrl}/api${path}${search ? `?${search}` : ''}`, { headers: { authorization: `Token ${tokenValue}`, 'accept-language': language } });
    return { status: res.status, body: (await res.json()) as T };
  }

  return { token, get };
}
