/** The twenty relationship dysfunctions of a group (a leader and their direct reports), in five sets. */
export const DYSFUNCTION_SETS = {
  severalEmployeesAtRisk: ['highRiskShare', 'widespreadLowMotivation', 'commonCause', 'riskCluster'],
  leaderAtRisk: ['leaderHighRisk', 'leaderFollowersExposed', 'leaderIgnored', 'leaderOverloaded'],
  keyPersonAtRisk: ['keyPersonHighRisk', 'centralMemberAtRisk', 'soleBridgeAtRisk', 'keyPersonOverloaded'],
  incoherentTeam: ['sparseTeam', 'outwardLooking', 'fragmentedTeam', 'lowReciprocity'],
  leaderRelationship: ['spanTooWide', 'neglectRedFlag', 'neglectPattern', 'unequalAttention'],
} as const;

export type DysfunctionSet = keyof typeof DYSFUNCTION_SETS;
export type DysfunctionCode = (typeof DYSFUNCTION_SETS)[DysfunctionSet][number];

export const DYSFUNCTION_CODES: readonly DysfunctionCode[] = Object.values(DYSFUNCTION_SETS).flat();

export function setOfDysfunction(code: DysfunctionCode): DysfunctionSet {
  for (const [set, codes] of Object.entries(DYSFUNCTION_SETS) as [DysfunctionSet, readonly DysfunctionCode[]][]) {
    if (codes.includes(code)) return set;
  }
  throw new Error(`unknown dysfunction ${code}`);
}
