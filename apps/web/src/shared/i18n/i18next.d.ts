import 'i18next';
import type { englishResources } from '../../locales/resources.ts';

// Typed keys: a missing English text is a compile error, not a raw key on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof englishResources;
  }
}
