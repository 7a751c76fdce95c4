import { ANALYSIS_STEPS } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import { completeTranslations, englishResources } from '../../../locales/resources.ts';
import { analysisStepKey } from './analysis-run-text.ts';

type TTree = { [key: string]: string | TTree };

function text(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as TTree)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('the analysis runner’s step names', () => {
  it.each(ANALYSIS_STEPS)('names the engine step %s in words in every language, never by its internal name', (step) => {
    const key = analysisStepKey(step);
    expect(key).toBe(`analysis.steps.${step}`);
    for (const resources of [englishResources, completeTranslations.hu, completeTranslations.de, completeTranslations.ru]) {
      const label = text(resources.admin, key);
      expect(label).toBeTruthy();
      expect(label).not.toBe(step);
    }
  });

  it('shows an unknown or missing step as the generic working text', () => {
    expect(analysisStepKey('quantum-step')).toBe('analysis.working');
    expect(analysisStepKey(null)).toBe('analysis.working');
  });
});
