import type { TLocale } from '@ona/contracts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { labeller } from '../analytics-shared/labels.ts';
import type { GraphViewLabels } from './graph-view.ts';

/** The graph view's filter and attribute texts in the request's language. */
export function graphLabels(locale: TLocale): GraphViewLabels {
  const label = labeller(locale);
  const t = (key: MessageKey) => translate(locale, key);
  return {
    department: t('graph.filters.department'),
    filter: (key) => t(`graph.filters.${key}`),
    generation: (code) => label.generation(code),
    gender: (code) => {
      const key = `graph.genders.${code.toLowerCase()}` as MessageKey;
      const text = translate(locale, key);
      return text === key ? code : text;
    },
    keyRole: (code) => label.keyRole(code),
  };
}
