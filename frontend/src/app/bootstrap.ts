import { activateLanguage, initI18n } from '@/lib/i18n/i18n';
import { decideLangQuery } from '@/lib/navigation/lang-query';
import { useAppStore } from '@/stores/app-store';

/**
 * Before the first render: honour a `?lang=` in the address (so the first paint is already
 * in that language), start i18next in the stored language and load its catalogue. The
 * navigation rules strip the parameter once the router runs.
 */
export async function bootstrapLanguage(search: string): Promise<void> {
  const { language, setLanguage } = useAppStore.getState();
  const decision = decideLangQuery(search, language);
  if (decision.switchTo) setLanguage(decision.switchTo);
  const wanted = useAppStore.getState().language;
  await initI18n(wanted);
  await activateLanguage(wanted);
}
