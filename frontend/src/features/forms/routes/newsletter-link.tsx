import { CheckCircle2, MailX, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

import { confirmNewsletter, unsubscribeNewsletter } from '../api/forms';

type Outcome = 'working' | 'done' | 'failed';

/** The token of an e-mailed link: in the fragment (`#token=…`), never sent to a server log. */
export function tokenOfHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** /newsletter/confirm and /newsletter/unsubscribe: the links of the newsletter e-mails. */
export function NewsletterLinkRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const unsubscribe = location.pathname === paths.newsletterUnsubscribe;
  const [outcome, setOutcome] = useState<Outcome>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = tokenOfHash(location.hash);
    // Take the token out of the address bar and the history.
    void navigate(
      { pathname: location.pathname, search: location.search, hash: '' },
      { replace: true },
    );
    const call = unsubscribe ? unsubscribeNewsletter : confirmNewsletter;
    call({ token })
      .then(() => setOutcome('done'))
      .catch(() => setOutcome('failed'));
  }, [location, navigate, unsubscribe]);

  const title =
    outcome === 'working'
      ? t('common.loading')
      : outcome === 'failed'
        ? t('api.newsletter.linkInvalid')
        : unsubscribe
          ? t('api.newsletter.unsubscribed')
          : t('api.newsletter.subscribed');
  const icon = outcome === 'failed' ? TriangleAlert : unsubscribe ? MailX : CheckCircle2;
  return (
    <div className="ks-container ks-page" data-testid="newsletter-link" data-outcome={outcome}>
      <EmptyState icon={icon} title={title} headingLevel={1}>
        <AppLink to={paths.home} className="ks-button ks-button--primary">
          {t('common.backHome')}
        </AppLink>
      </EmptyState>
    </div>
  );
}
