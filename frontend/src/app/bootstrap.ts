import { activateLanguage, initI18n } from '@/lib/i18n/i18n';
import { decideLangQuery } from '@/lib/navigation/lang-query';
import { hasStoredLanguage, useAppStore } from '@/stores/app-store';

/**
 * Before the first render: apply the `lang` rules to the address the shopper opened (so the
 * first paint is already in that language, and a first visit with an unsupported `lang` starts
 * on `/`), start i18next in the chosen language and load its catalogue. The address is fixed
 * with a history replace before the router reads it; later navigations follow the same rules
 * in `useNavigationRules`.
 */
export async function bootstrapLanguage(location: Location, history: History): Promise<void> {
  const { language, setLanguage } = useAppStore.getState();
  const decision = decideLangQuery(location.search, language, hasStoredLanguage());
  if (decision.switchTo) setLanguage(decision.switchTo);
  if (decision.redirect) {
    const pathname = decision.redirect.pathname ?? location.pathname;
    const hash = decision.redirect.pathname === null ? location.hash : '';
    history.replaceState(history.state, '', `${pathname}${decision.redirect.search}${hash}`);
  }
  const wanted = useAppStore.getState().language;
  await initI18n(wanted);
  await activateLanguage(wanted);
}
