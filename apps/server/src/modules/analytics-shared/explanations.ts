import { BROKERAGE_ROLES, DYSFUNCTION_CODES, KEY_ROLES, RISK_FACTOR_CODES, type BrokerageRole, type DysfunctionCode, type KeyRole, type RiskFactorCode } from '@ona/analytics';
import type { TLocale, TRetentionExplanations } from '@ona/contracts';
import { translate } from '../../i18n/translate.ts';

type RiskLevel = 0 | 1 | 2 | 3 | 4;

/**
 * The manager sentence of docs/methods.md for each factor, role, dysfunction and risk level, in
 * the request's language. The keys are typed against the English locale file, so a code without a
 * sentence fails the type-check.
 */
export function explainer(locale: TLocale) {
  return {
    riskFactor: (code: RiskFactorCode) => translate(locale, `explanations.risk_factors.${code}`),
    keyRole: (code: KeyRole) => translate(locale, `explanations.key_roles.${code}`),
    groupRole: (code: BrokerageRole) => translate(locale, `explanations.group_roles.${code}`),
    dysfunction: (code: DysfunctionCode) => translate(locale, `explanations.dysfunctions.${code}`),
    riskLevel: (level: RiskLevel) => translate(locale, `explanations.risk_levels.level_${level}`),
  };
}
export type Explainer = ReturnType<typeof explainer>;

/** The codes a response names, gathered so that its glossary explains exactly those. */
export interface NamedCodes {
  riskFactors?: Iterable<RiskFactorCode>;
  keyRoles?: Iterable<KeyRole>;
  groupRoles?: Iterable<BrokerageRole>;
  dysfunctions?: Iterable<DysfunctionCode>;
}

/** Sentences of the codes present, in the engine's order of the vocabulary. */
function sentences<C extends string>(codes: Iterable<C> | undefined, order: readonly C[], explain: (code: C) => string): Partial<Record<C, string>> {
  const present = new Set(codes ?? []);
  const out: Partial<Record<C, string>> = {};
  for (const code of order) if (present.has(code)) out[code] = explain(code);
  return out;
}

/** The glossary of a retention response: every code it names, and all five risk levels. */
export function explanationsOf(named: NamedCodes, explain: Explainer): TRetentionExplanations {
  return {
    ...roleExplanationsOf(named, explain),
    risk_factors: sentences(named.riskFactors, RISK_FACTOR_CODES, explain.riskFactor),
    dysfunctions: sentences(named.dysfunctions, DYSFUNCTION_CODES, explain.dysfunction),
    risk_levels: { '0': explain.riskLevel(0), '1': explain.riskLevel(1), '2': explain.riskLevel(2), '3': explain.riskLevel(3), '4': explain.riskLevel(4) },
  };
}

/** The key and group roles of a key-people response. */
export function roleExplanationsOf(named: NamedCodes, explain: Explainer): Pick<TRetentionExplanations, 'key_roles' | 'group_roles'> {
  return {
    key_roles: sentences(named.keyRoles, KEY_ROLES, explain.keyRole),
    group_roles: sentences(named.groupRoles, BROKERAGE_ROLES, explain.groupRole),
  };
}
