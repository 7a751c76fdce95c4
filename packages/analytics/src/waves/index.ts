export { compareWaves, tieDiff } from './compare-waves.ts';
export type { CompareWavesOptions, TieDiffEdge, TieStatus } from './compare-waves.ts';
export { commonNetworkKeys } from './metric-changes.ts';
export { unitPaths } from './unit-paths.ts';
export type * from './wave-types.ts';
export { CALIBRATION_LEVELS, RISK_CALIBRATION_DEFAULTS, riskCalibration, waveOutcomes } from './risk-calibration.ts';
export type { CalibrationLevel, CalibrationPerson, CalibrationPrediction, LeaverReason, RiskCalibration, RiskCalibrationOptions, WaveLeaver, WaveOutcome } from './risk-calibration.ts';
