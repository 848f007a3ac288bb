import { useTranslation } from '@/lib/i18n/use-translation';

import type { TranslationKey } from '@/lib/i18n/i18n';
import './auth.css';

const STEPS: readonly TranslationKey[] = [
  'auth.forgot.stepEmail',
  'auth.forgot.stepCode',
  'auth.forgot.stepPassword',
];

/** E-mail → code → new password, with the current step marked. */
export function ResetSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <ol className="ks-auth__steps">
      {STEPS.map((key, index) => (
        <li
          key={key}
          className="ks-auth__step"
          aria-current={index + 1 === current ? 'step' : undefined}
          data-done={index + 1 < current || undefined}
        >
          {t(key)}
        </li>
      ))}
    </ol>
  );
}
