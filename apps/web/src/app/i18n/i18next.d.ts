import 'i18next';
import type { defaultNS, LazyCatalogues, resources } from './index.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: { translation: (typeof resources)['en']['translation'] & LazyCatalogues };
  }
}
