export const RISK_FACTOR_CODES = [
  'lackOfManagersAttention',
  'lackOfRespect',
  'noChemistryWithLeader',
  'lackOfManagersSupport',
  'lackOfManagersFeedback',
  'lackOfManagersRecognition',
  'lackOfSupport',
  'lackOfFeedback',
  'lackOfRecognition',
  'overloadedInCooperation',
  'overwhelmedWithPersonalSupport',
  'overwhelmedWithConsultancy',
  'unnoticed',
  'alienatedFromGroup',
  'lackOfDevelopment',
  'isolated',
] as const;
export type RiskFactorCode = (typeof RISK_FACTOR_CODES)[number];

/** Factors about the relationship with one's own leader: the "neglected employee" signals. */
export const LEADER_FACTORS: readonly RiskFactorCode[] = [
  'lackOfManagersAttention',
  'noChemistryWithLeader',
  'lackOfManagersSupport',
  'lackOfManagersFeedback',
  'lackOfManagersRecognition',
];

export const OVERLOAD_FACTORS: readonly RiskFactorCode[] = [
  'overloadedInCooperation',
  'overwhelmedWithPersonalSupport',
  'overwhelmedWithConsultancy',
];
