import type { TLocale } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { explainer } from './explanations.ts';

/**
 * Names of the analytics vocabulary (factors, roles, dysfunctions, levels) in the request's
 * language, for exports and the PDF. Unknown codes fall back to the code itself.
 */
export function labeller(locale: TLocale) {
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const named = (prefix: string, code: string): string => {
    const key = `analytics.${prefix}.${code}` as MessageKey;
    const text = translate(locale, key);
    return text === key ? code : text;
  };
  return {
    t,
    riskFactor: (code: string) => named('risk_factors', code),
    keyRole: (code: string) => named('key_roles', code),
    groupRole: (code: string) => named('group_roles', code),
    generation: (code: string | null) => (code ? named('generations', code) : ''),
    riskLevel: (level: number) => named('risk_levels', `level_${level}`),
    dysfunction: (code: string) => named('dysfunctions', code),
    dysfunctionSet: (code: string) => named('dysfunction_sets', code),
    supportReason: (code: string) => named('support_reasons', code),
    characterType: (code: string) => named('character_types', code),
    hierarchyLevel: (code: string) => named('hierarchy_levels', code),
    yesNo: (value: boolean) => t(value ? 'analytics.export.yes' : 'analytics.export.no'),
    /** The manager sentences (docs/methods.md) that explain a name. */
    explain: explainer(locale),
  };
}
export type Labeller = ReturnType<typeof labeller>;
