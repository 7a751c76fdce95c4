import { isAnalysisStep, type TAnalysisStep } from '@ona/contracts';

/**
 * The admin locale key that names a run's step. A step this client does not know yet (a newer
 * server) reads as the generic "working" text rather than the engine's internal name.
 */
export function analysisStepKey(step: string | null): `analysis.steps.${TAnalysisStep}` | 'analysis.working' {
  return isAnalysisStep(step) ? `analysis.steps.${step}` : 'analysis.working';
}
