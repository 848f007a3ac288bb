import 'i18next';

import type enUS from '@locales/en-US.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** The shop's texts and the staff console's (`staff.*`, loaded with the console). */
    resources: { translation: typeof enUS };
    returnNull: false;
  }
}
