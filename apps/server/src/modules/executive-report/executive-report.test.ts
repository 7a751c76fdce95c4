import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLANATIONS, RISK_FACTOR_CODES } from '@ona/analytics';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { labeller } from '../analytics-shared/labels.ts';
import type { ExecutiveFigures } from './executive-figures.ts';
import { executiveReportPdf } from './executive-pdf.ts';
import { toLatin1 } from './pdf-font.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const url = (id: number) => `/api/engagements/${id}/executive-report/export/`;
/** The Info dictionary's title: an indirect UTF-16BE literal string in pdfkit's output. */
function documentTitle(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const ref = /\/Title (\d+) 0 R/.exec(text)?.[1];
  const literal = new RegExp(`\\n${ref} 0 obj\\n\\((.*?)\\)\\nendobj`, 's').exec(text)?.[1] ?? '';
  const bytes = Buffer.from(literal.replace(/\\([()\\])/g, '$1'), 'latin1').subarray(2);
  return bytes.swap16().toString('utf16le');
}
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/executive-report/export/', () => {
  it('answers a three-page PDF as an attachment', async () => {
    const res = await getAs(ctx, org.tokens.admin, url(org.engagementId), 'hu-HU');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="executive-report-acme-spring-2026.pdf"; filename*=UTF-8''${encodeURIComponent('vezetői-összefoglaló-acme-spring-2026.pdf')}`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(res.rawPayload)).toBe(3);
  });

  it('is written in the request’s language (the document title says so)', async () => {
    const german = await getAs(ctx, org.tokens.admin, url(org.engagementId), 'de-DE');
    const english = await getAs(ctx, org.tokens.admin, url(org.engagementId), 'en-US');
    expect(documentTitle(german.rawPayload)).toBe('Bericht für die Geschäftsleitung – Acme spring 2026');
    expect(documentTitle(english.rawPayload)).toBe('Executive report – Acme spring 2026');
  });

  it('lists the most typical causes each with its manager sentence, in the request’s language', async () => {
    const hungarian = pdfText((await getAs(ctx, org.tokens.admin, url(org.engagementId), 'hu-HU')).rawPayload);
    expect(hungarian).toContain('Leggyakoribb okok');
    expect(hungarian).toContain('Nincs összhang a vezetővel');
    expect(hungarian).toContain('Sem ez a munkatárs, sem a vezetője nem nevezi meg a másikat olyanként, akivel szívesen tölt időt a munkahelyen.');
    // A sentence wrapped over two lines reads whole.
    expect(hungarian).toContain('Senki sem nevezi meg ezt a munkatársat olyanként, akinek a szakértelmére támaszkodik, vagy aki a cég értékeit képviseli.');
    const english = pdfText((await getAs(ctx, org.tokens.admin, url(org.engagementId), 'en-US')).rawPayload);
    expect(english).toContain(EXPLANATIONS.riskFactors.noChemistryWithLeader);
    expect(english).not.toContain('Sem ez a munkatárs');
  });

  it('covers the subtree for subtree callers and still renders for self_only, with aggregates withheld', async () => {
    const subtree = await getAs(ctx, org.tokens.leader, url(org.engagementId));
    expect(subtree.statusCode).toBe(200);
    expect(pageCount(subtree.rawPayload)).toBe(3);
    const self = await getAs(ctx, org.tokens.member, url(org.engagementId));
    expect(self.statusCode).toBe(200);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before analysis', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, url(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, url(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, url(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, url(org.unanalysedEngagementId))).statusCode).toBe(409);
  });
});

describe('the executive report PDF', () => {
  it('keeps three pages with eight causes of the longest sentences and fifteen leaders in need', async () => {
    const label = labeller('ru');
    const longest = [...RISK_FACTOR_CODES].sort((a, b) => label.explain.riskFactor(b).length - label.explain.riskFactor(a).length).slice(0, 8);
    const figures: ExecutiveFigures = {
      engagementName: 'Worst case',
      analysedAt: '2026-01-01',
      employees: 500,
      respondents: 450,
      withheld: false,
      responseRate: 0.9,
      byRiskLevel: [100, 100, 100, 100, 100],
      typicalCauses: longest.map((factor, i) => ({ factor, count: 80 - i, explanation: label.explain.riskFactor(factor) })),
      keyPeopleInDanger: 12,
      leadersInNeed: Array.from({ length: 15 }, (_, i) => ({ name: `Руководитель с длинным именем ${i}`, reasons: ['spanTooWide', 'neglectPattern', 'leaderHighRisk', 'teamAtRisk'] })),
      density: 0.1,
      mutualShare: 0.4,
      network: {
        nodes: [{ x: 0, y: 0, color: '#888888' }, { x: 1, y: 1, color: '#888888' }],
        edges: [[0, 1]],
        legend: Array.from({ length: 30 }, (_, i) => ({ unit: `Подразделение с очень длинным названием ${i}`, color: '#1971c2', count: 1000 - i })),
      },
    };
    const pdf = await executiveReportPdf(figures, label, 'ru', 5);
    expect(pageCount(pdf)).toBe(3);
    const text = pdfText(pdf);
    expect(text).toContain(label.explain.riskFactor(longest[0]!));
    // 24 places in the legend: 23 units and a line for the other seven.
    expect(text).toContain('и ещё подразделений: 7');
    expect(text).toMatch(/Доля ответивших 90,0\s%/);
    expect(text).toMatch(/Подразделение с очень… 1\s000/);
  });
});

describe('Latin-1 fallback of the built-in PDF fonts', () => {
  it('keeps Hungarian readable and transliterates Cyrillic', () => {
    expect(toLatin1('Vezetői összefoglaló – kör')).toBe('Vezetöi összefoglaló - kör');
    expect(toLatin1('Отчёт для руководства')).toBe('Otchet dlya rukovodstva');
  });
});
