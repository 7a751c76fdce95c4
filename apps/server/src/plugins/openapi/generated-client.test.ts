import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngagement, createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

/**
 * An integrator's path end to end: the published document → openapi-typescript → a client file
 * written against the generated types with openapi-fetch, type-checked by the TypeScript compiler
 * and then run against the listening app.
 */
const CLIENT = (openapiFetch: string) => `
import createClient from ${JSON.stringify(openapiFetch)};
import type { paths } from './schema';

export async function pull(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/auth/login/', { body: { email, password } });
  if (!login.data) throw new Error('login failed');
  // 202: a second factor must follow (docs/sign-in-security.md); this account has none.
  if (!('token' in login.data)) throw new Error('a second factor is needed');
  const token: string = login.data.token;
  const headers = { Authorization: \`Token \${token}\` };
  const engagements = await client.GET('/api/engagements/', { headers });
  const first: { id: number; name: string } | undefined = engagements.data?.[0];
  if (!first) throw new Error('no engagement');
  const workbook = await client.GET('/api/engagements/{id}/survey/export-nice-excel/', { params: { path: { id: first.id } }, headers, parseAs: 'arrayBuffer' });
  const bytes: ArrayBuffer | undefined = workbook.data;
  // @ts-expect-error the generated types know every path: a made-up one does not compile
  void client.GET('/api/no-such-path/');
  return { userName: login.data.user.name, engagements: (engagements.data ?? []).map((e) => e.name), contentType: workbook.response.headers.get('content-type'), bytes };
}
`;

let ctx: TestContext;
let dir: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const org = await createOrganization(ctx.db.db, 'Acme');
  await createEngagement(ctx.db.db, org.id, 'Spring survey');
  await createUser(ctx.db.db, { email: 'bi@acme.test', name: 'Bea Integrator', organizationIds: [org.id], permissions: ['engagement_admin'] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'ona-openapi-client-'));
}, 300_000);
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a client generated from the OpenAPI document', () => {
  it('type-checks (openapi-typescript + openapi-fetch) and logs in, lists engagements and downloads an xlsx export', async () => {
    const { port } = ctx.app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const document = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as OpenAPI3;
    await writeFile(join(dir, 'schema.d.ts'), astToString(await openapiTS(document)));
    const openapiFetch = createRequire(import.meta.url).resolve('openapi-fetch');
    const clientFile = join(dir, 'client.ts');
    await writeFile(clientFile, CLIENT(openapiFetch));

    const program = ts.createProgram([clientFile], {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const client = (await import(clientFile)) as { pull: (baseUrl: string, email: string, password: string) => Promise<{ userName: string; engagements: string[]; contentType: string | null; bytes: ArrayBuffer | undefined }> };
    const pulled = await client.pull(baseUrl, 'bi@acme.test', FIXTURE_PASSWORD);
    expect(pulled.userName).toBe('Bea Integrator');
    expect(pulled.engagements).toEqual(['Spring survey']);
    expect(pulled.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(pulled.bytes ?? new ArrayBuffer(0));
    const employees = workbook.getWorksheet('Employees');
    const names = (employees?.getColumn(2).values ?? []).filter((v): v is string => typeof v === 'string');
    expect(names).toEqual(expect.arrayContaining(['Boss', 'Lead', 'Member']));
  });
});
