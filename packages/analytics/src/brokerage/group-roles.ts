import type { AnalysisOptions } from '../options.ts';
import type { BrokerageResult, BrokerageRole } from './gould-fernandez.ts';
import { BROKERAGE_ROLES } from './gould-fernandez.ts';

/**
 * A group role when the person brokers at least `minCount` two-paths of that type and does so
 * significantly more than a random graph of the same density would (z ≥ 1.96). A z-score that
 * is undefined (one-person unit) never gives a role.
 */
export function groupRoles(result: BrokerageResult, options: AnalysisOptions): BrokerageRole[][] {
  return result.nodes.map((node) =>
    BROKERAGE_ROLES.filter((role) => {
      const z = node.z[role];
      return node.raw[role] >= options.brokerage.minCount && z !== null && z >= options.brokerage.zThreshold;
    }),
  );
}
