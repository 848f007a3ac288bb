import { AlertTriangle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/** How long the notice shows before the shopper is taken home. */
export const BAD_LINK_REDIRECT_MS = 3000;

/**
 * Spec: a payment link that names no order, or an order this visitor cannot open, says
 * "Incorrect link, about to jump to home page" and goes home.
 */
export function BadPaymentLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => void navigate(paths.home, { replace: true }),
      BAD_LINK_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="ks-container ks-shop-page" role="alert">
      <EmptyState
        icon={AlertTriangle}
        title={t('shop.pay.badLink')}
        testId="payment-bad-link"
        headingLevel={1}
      />
    </div>
  );
}
