import 'i18next';

import type enUS from '@locales/en-US.json';
import type consoleEnUS from '@locales/console/en-US.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    /** The shop's texts, and the staff console's (loaded with the console). */
    resources: { translation: typeof enUS & typeof consoleEnUS };
    returnNull: false;
  }
}
