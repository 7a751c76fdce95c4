import type { TConfidence, TNetworkStability, TStabilityCentrality } from '@ona/contracts';

/** The centralities of one network split by verdict; a centrality that could not be compared is in neither. */
export interface StabilitySummary {
  stable: TStabilityCentrality[];
  unstable: TStabilityCentrality[];
}

export function networkStability(confidence: TConfidence | undefined, network: string): TNetworkStability | null {
  return confidence?.networks.find((n) => n.network === network) ?? null;
}

/** Which rankings hold and which do not, in the order the centralities are listed (in-degree first). */
export function stabilitySummary(stability: TNetworkStability | null, only?: readonly TStabilityCentrality[]): StabilitySummary {
  const summary: StabilitySummary = { stable: [], unstable: [] };
  for (const figure of stability?.centralities ?? []) {
    if (only && !only.includes(figure.centrality)) continue;
    if (figure.verdict === 'stable') summary.stable.push(figure.centrality);
    else if (figure.verdict === 'unstable') summary.unstable.push(figure.centrality);
  }
  return summary;
}

/** A share as a whole percentage, floored so that 79.6 % never reads as the 80 % of the next band. */
export function wholePercent(rate: number): number {
  return Math.floor(rate * 100 + 1e-9);
}
