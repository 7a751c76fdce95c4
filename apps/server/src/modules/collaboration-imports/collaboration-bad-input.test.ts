import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { and, eq, tables } from '@ona/db';
import { createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { collaborationTenant, importCount, upload, weeklyCountRows, type CollaborationTenant } from './collaboration-test-support.ts';

let ctx: TestContext;
let acme: CollaborationTenant;
let empty: CollaborationTenant;
const ANNA = 'anna@acme.test';
const BELA = 'bela@acme.test';
const CILI = 'cili@acme.test';

/** A date `weeksAgo` weeks before this week's Wednesday, at `time` UTC: inside the 90-day retention. */
function recent(weeksAgo: number, weekday: number, time: string): string {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) - 7 * weeksAgo));
  return `${new Date(monday.getTime() + weekday * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

const trace = (rows: string[][]) => [['Received', 'SenderAddress', 'RecipientAddress', 'Subject', 'MessageId'], ...rows].map((r) => r.map((c) => `"${c}"`).join(',')).join('\r\n');

async function slackZip(files: Record<string, unknown>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, typeof content === 'string' ? content : JSON.stringify(content));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function storedPairs(organizationId: number) {
  return ctx.db.db
    .select({ week: tables.collaborationWeeklyCounts.weekStart, interactions: tables.collaborationWeeklyCounts.interactions })
    .from(tables.collaborationWeeklyCounts)
    .where(and(eq(tables.collaborationWeeklyCounts.organizationId, organizationId)));
}

beforeAll(async () => {
  ctx = await createTestApp();
  acme = await collaborationTenant(ctx, 'Acme', [ANNA, BELA, CILI]);
  empty = await collaborationTenant(ctx, 'Empty', []);
}, 300_000);
afterAll(async () => ctx.close());

describe('bad collaboration files: a clear error in the user’s language, nothing stored', () => {
  const nothingStored = async () => {
    expect(await importCount(ctx, acme.organizationId)).toBe(0);
    expect(await weeklyCountRows(ctx, acme.organizationId)).toBe(0);
  };

  it('refuses a truncated Slack export (Hungarian message)', async () => {
    const whole = await slackZip({ 'users.json': [{ id: 'U1', profile: { email: ANNA } }], 'channels.json': [], 'general/2026-01-01.json': [] });
    const { status, error } = await upload(ctx, acme.adminToken, 'slack', whole.subarray(0, Math.floor(whole.length * 0.6)), { 'accept-language': 'hu' });
    expect(status).toBe(400);
    expect(error.code).toBe('invalid_collaboration_file');
    expect(error.detail).toContain('hiányos');
    await nothingStored();
  });

  it('refuses a file that is no ZIP as a Slack export, and a ZIP without users.json', async () => {
    expect((await upload(ctx, acme.adminToken, 'slack', trace([]))).error.detail).toContain('not a ZIP archive');
    const withoutUsers = await upload(ctx, acme.adminToken, 'slack', await slackZip({ 'channels.json': [] }));
    expect(withoutUsers.status).toBe(400);
    expect(withoutUsers.error.detail).toContain('users.json');
    await nothingStored();
  });

  it('refuses a Slack export whose entry unpacks beyond the limit before unpacking it (413)', async () => {
    const bomb = await slackZip({ 'users.json': [], 'general/2026-01-01.json': '['.padEnd(70 * 1024 * 1024, ' ') });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { status, error } = await upload(ctx, acme.adminToken, 'slack', bomb);
    expect(status).toBe(413);
    expect(error.code).toBe('collaboration_file_too_large');
    await nothingStored();
  });

  it('refuses another language’s headers, naming the columns it needs (German message)', async () => {
    const german = [['Empfangen', 'Absenderadresse', 'Empfängeradresse', 'Betreff', 'Nachrichten-ID'], [recent(1, 2, '10:00:00'), ANNA, BELA, 'Geheim', '<1@acme.test>']].map((r) => r.join(';')).join('\n');
    const { status, error } = await upload(ctx, acme.adminToken, 'message_trace', german, { 'accept-language': 'de' });
    expect(status).toBe(400);
    expect(error.detail).toContain('Spalten');
    expect(error.detail).toContain('SenderAddress');
    expect(error.detail).toContain('Absenderadresse');
    await nothingStored();
  });

  it('refuses a file of another organisation’s domain only', async () => {
    const { status, error } = await upload(ctx, acme.adminToken, 'message_trace', trace([[recent(1, 2, '10:00:00'), 'x@globex.test', 'y@globex.test', 'S', '<1@globex.test>']]));
    expect(status).toBe(400);
    expect(error.detail).toContain('another organisation');
    await nothingStored();
  });

  it('lets only organisation administrators import or list (403)', async () => {
    await createUser(ctx.db.db, { email: 'viewer@acme.test', organizationIds: [acme.organizationId] });
    const viewer = await loginAs(ctx.app, 'viewer@acme.test', FIXTURE_PASSWORD);
    expect((await upload(ctx, viewer, 'message_trace', trace([[recent(1, 2, '10:00:00'), ANNA, BELA, 'S', '<1@acme.test>']]))).status).toBe(403);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/organization/collaboration-imports/', headers: authHeader(viewer) });
    expect(list.statusCode).toBe(403);
    await nothingStored();
  });

  it('refuses an import while the directory is empty (409)', async () => {
    const { status, error } = await upload(ctx, empty.adminToken, 'message_trace', trace([[recent(1, 2, '10:00:00'), ANNA, BELA, 'S', '<1@acme.test>']]));
    expect(status).toBe(409);
    expect(error.code).toBe('collaboration_directory_empty');
  });
});

describe('files that are read with a count of what was left out', () => {
  it('finds the columns of the historical search report in another order, recipients in recipient_status', async () => {
    const tenant = await collaborationTenant(ctx, 'Reordered', [ANNA, BELA, CILI].map((a) => a.replace('acme', 'reordered')));
    const [anna, bela, cili] = ['anna', 'bela', 'cili'].map((n) => `${n}@reordered.test`);
    const csv = [
      'message_id,recipient_status,message_subject,sender_address,total_bytes,origin_timestamp_utc,directionality',
      `<1@r>,"${bela}##Receive, Deliver;${cili}##Receive, Deliver",Plans,${anna},100,${recent(2, 2, '10:00:00Z')},Originating`,
    ].join('\n');
    const { status, created } = await upload(ctx, tenant.adminToken, 'message_trace', csv);
    expect(status).toBe(201);
    expect(created.counts).toMatchObject({ events_read: 1, events_counted: 1, interactions: 2, weekly_pairs: 2, people_matched: 3 });
  });

  it('counts a message id that comes again once', async () => {
    const tenant = await collaborationTenant(ctx, 'Twice', ['anna@twice.test', 'bela@twice.test']);
    const row = [recent(2, 2, '10:00:00'), 'anna@twice.test', 'bela@twice.test', 'Same', '<same@twice.test>'];
    const { created } = await upload(ctx, tenant.adminToken, 'message_trace', trace([row, row, row]));
    expect(created.counts).toMatchObject({ events_read: 3, events_counted: 1, interactions: 1, left_out: { duplicate: 2 } });
  });

  it('places each time in the organisation’s week (Budapest): Sunday 23:30 UTC is Monday 00:30 there', async () => {
    const tenant = await collaborationTenant(ctx, 'Zones', ['anna@zones.test', 'bela@zones.test']);
    const sundayNight = recent(2, 6, '23:30:00');
    const mondayBudapest = recent(1, 0, '00:30:00+01:00');
    const tokyoMonday = recent(1, 0, '08:45:00+09:00');
    const { created } = await upload(ctx, tenant.adminToken, 'message_trace', trace([
      [sundayNight, 'anna@zones.test', 'bela@zones.test', 'a', '<1@z>'],
      [mondayBudapest, 'bela@zones.test', 'anna@zones.test', 'b', '<2@z>'],
      [tokyoMonday, 'anna@zones.test', 'bela@zones.test', 'c', '<3@z>'],
    ]));
    expect(created.counts.interactions).toBe(3);
    const weeks = (await storedPairs(tenant.organizationId)).map((p) => p.week);
    // All three fall in one Budapest week (Monday): the UTC Sunday does not fall back a week.
    expect(new Set(weeks)).toEqual(new Set([recent(1, 0, '').slice(0, 10)]));
    expect(created.first_week).toBe(recent(1, 0, '').slice(0, 10));
  });

  it('reads Slack messages with unknown fields and leaves out those of a user missing from users.json', async () => {
    const tenant = await collaborationTenant(ctx, 'Chatty', ['anna@chatty.test', 'bela@chatty.test']);
    const ts = Math.floor(Date.parse(recent(1, 2, '10:00:00Z')) / 1000);
    const zip = await slackZip({
      'users.json': [{ id: 'U1', profile: { email: 'anna@chatty.test' }, new_field: { nested: true } }, { id: 'U2', profile: { email: 'bela@chatty.test' } }],
      'channels.json': [{ id: 'C1', name: 'general', future_field: 1 }],
      'general/2026-01-01.json': [
        { type: 'message', user: 'U1', ts: `${ts}.000001`, text: 'Hello <@U2>', brand_new: ['x'] },
        { type: 'message', user: 'U9', ts: `${ts}.000002`, text: 'Hello <@U1>' },
        { type: 'message', user: 'U2', ts: `${ts}.000003`, text: 'Morning, all' },
      ],
    });
    const { status, created } = await upload(ctx, tenant.adminToken, 'slack', zip);
    expect(status).toBe(201);
    expect(created.counts).toMatchObject({ events_read: 3, events_counted: 1, left_out: { unknown_user: 1, channel_broadcast: 1 } });
  });
});
