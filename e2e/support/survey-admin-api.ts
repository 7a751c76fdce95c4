import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from './session.ts';

/** Small API client of the survey and admin browser tests (a token per login, JSON in and out). */
export function surveyAdminApi(baseUrl: string) {
  async function token(email: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (!res.ok) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  }

  async function call<T>(auth: string | null, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(auth ? { authorization: `Token ${auth}` } : {}), 'content-type': 'application/json', 'accept-language': 'en-US' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  return { token, call };
}

export type TCaughtMail = { to: string[]; raw: string };

/** The e-mails the local SMTP server caught, decoded from quoted-printable (soft breaks, =XX). */
export async function caughtMails(smtpApiUrl: string, to: string): Promise<string[]> {
  const mails = (await (await fetch(smtpApiUrl)).json()) as TCaughtMail[];
  return mails.filter((mail) => mail.to.includes(to)).map((mail) => decodeQuotedPrintable(mail.raw));
}

export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // The =XX escapes are UTF-8 bytes: read them back as text.
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export type TEmployeeRow = {
  name: string;
  email: string;
  unit: string | null;
  leader_email: string | null;
  gender: string | null;
  generation: string | null;
  entry_date: string | null;
  job_title: string | null;
};

/** An employees workbook as the template has it: the "employees" sheet with the template's columns. */
export async function employeesWorkbook(rows: readonly TEmployeeRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('employees');
  const columns = ['name', 'email', 'unit', 'leader_email', 'gender', 'generation', 'entry_date', 'job_title'] as const;
  sheet.addRow([...columns]);
  for (const row of rows) sheet.addRow(columns.map((column) => row[column] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
