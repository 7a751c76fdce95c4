import type { BrokerageRole, KeyRole, RiskFactorCode, DysfunctionCode, WithholdingReason } from '@ona/analytics';
import type { DYSFUNCTION_CODES, GROUP_ROLE_CODES, KEY_ROLE_CODES, RISK_FACTOR_CODES, WITHHELD_REASON_CODES } from '@ona/contracts';

/**
 * Contracts repeat the engine's vocabularies (they may depend on zod only). These compile-time
 * checks fail the type-check the day the two drift apart.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check = <T extends true>(value: T): T => value;

export const vocabulariesAgree = [
  check<Same<RiskFactorCode, (typeof RISK_FACTOR_CODES)[number]>>(true),
  check<Same<KeyRole, (typeof KEY_ROLE_CODES)[number]>>(true),
  check<Same<BrokerageRole, (typeof GROUP_ROLE_CODES)[number]>>(true),
  check<Same<DysfunctionCode, (typeof DYSFUNCTION_CODES)[number]>>(true),
  check<Same<WithholdingReason, (typeof WITHHELD_REASON_CODES)[number]>>(true),
] as const;
