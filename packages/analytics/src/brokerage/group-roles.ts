import type { AnalysisOptions } from '../options.ts';
import { inTopShare } from '../metrics/ranking.ts';
import type { BrokerageRole, NodeBrokerage } from './gould-fernandez.ts';
import { BROKERAGE_ROLES } from './gould-fernandez.ts';

/**
 * A group role pairs absolute evidence with a relative rank, like every role of the engine:
 * - absolute: the person brokers at least `minCount` two-paths of that type, significantly more
 *   than a random graph of the same density would (z ≥ `zThreshold`); an undefined z (one-person
 *   unit) never gives a role;
 * - relative: the count is in the top share of the organisation for that role. Without it the
 *   random-graph null model, whose expectation is tiny in a large sparse organisation, would make
 *   nearly every between-unit broker of 20,000 people a gatekeeper or representative.
 */
export function groupRoles(result: { nodes: readonly Pick<NodeBrokerage, 'raw' | 'z'>[] }, options: AnalysisOptions): BrokerageRole[][] {
  const { minCount, zThreshold, topShare } = options.brokerage;
  const inTopOf = Object.fromEntries(
    BROKERAGE_ROLES.map((role) => [role, inTopShare(result.nodes.map((node) => node.raw[role]), topShare)]),
  ) as Record<BrokerageRole, (value: number) => boolean>;
  return result.nodes.map((node) =>
    BROKERAGE_ROLES.filter((role) => {
      const z = node.z[role];
      return node.raw[role] >= minCount && node.raw[role] > 0 && inTopOf[role](node.raw[role]) && z !== null && z >= zThreshold;
    }),
  );
}
