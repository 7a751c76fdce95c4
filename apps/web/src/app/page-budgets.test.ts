import { describe, expect, it } from 'vitest';
import { overBudget, pageWeights, scriptFiles, type TManifest, type TPageBudget } from '../../build/page-budgets.ts';

const manifest: TManifest = {
  'participant.html': { file: 'assets/participant.js', isEntry: true, imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/locales/hu/common.json': { file: 'assets/common-hu.js' },
  'src/locales/en/common.json': { file: 'assets/common-en.js' },
  'src/locales/de/common.json': { file: 'assets/common-de.js' },
  'src/locales/ru/common.json': { file: 'assets/common-ru.js' },
};
const sizes: Record<string, number> = { 'assets/participant.js': 4_000, 'assets/shared.js': 60_000, 'assets/react.js': 50_000, 'assets/common-hu.js': 900, 'assets/common-en.js': 800, 'assets/common-de.js': 950, 'assets/common-ru.js': 1_500 };
const sizeOf = (file: string) => sizes[file] ?? 0;
const budget = (budgetBytes: number): TPageBudget[] => [{ page: 'take-survey', budgetBytes, loads: ['participant.html', 'src/locales/{lang}/common.json'] }];

describe('the JavaScript budgets of the build', () => {
  it('counts each script a page loads once, with its static imports', () => {
    expect(scriptFiles(manifest, ['participant.html', '_shared.js'])).toEqual(['assets/participant.js', 'assets/shared.js', 'assets/react.js']);
  });

  it('weighs a page in its heaviest language and passes it within budget', () => {
    const weights = pageWeights(manifest, sizeOf, budget(120_000));
    expect(weights).toEqual([{ page: 'take-survey', budgetBytes: 120_000, bytes: 115_500, files: 4, language: 'ru' }]);
    expect(overBudget(weights)).toEqual([]);
  });

  it('names the page whose JavaScript exceeds its budget', () => {
    expect(overBudget(pageWeights(manifest, sizeOf, budget(115_000))).map((w) => w.page)).toEqual(['take-survey']);
  });

  it('fails loudly when a budgeted page is missing from the manifest', () => {
    expect(() => pageWeights(manifest, sizeOf, [{ page: 'gone', budgetBytes: 1, loads: ['src/gone.tsx'] }])).toThrow(/not in the build's manifest/);
  });
});
