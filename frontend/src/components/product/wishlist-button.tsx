import { Heart } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';

import { loginPath } from '@/config/paths';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

import { useCollectIds, useToggleCollect } from '@/api/account-keys';

import './wishlist-button.css';

/**
 * The heart on product cards and the product page: adds to or removes from the wishlist;
 * a visitor is told to sign in first and taken to /login.
 */
export function WishlistButton({
  productId,
  variant = 'icon',
}: {
  productId: number;
  variant?: 'icon' | 'button';
}) {
  const { t } = useTranslation();
  const signedIn = useAppStore(selectIsSignedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useCollectIds().data;
  const toggle = useToggleCollect();
  const on = ids?.includes(productId) ?? false;
  const label = on ? t('account.collect.remove') : t('account.collect.add');

  const onClick = (): void => {
    if (!signedIn) {
      notify.info(t('api.error.unauthorized'));
      void navigate(loginPath(location.pathname + location.search));
      return;
    }
    toggle.mutate(
      { productId, on: !on },
      { onSuccess: () => notify.success(t(on ? 'api.collect.removed' : 'api.collect.added')) },
    );
  };

  return (
    <button
      type="button"
      className={
        variant === 'icon' ? 'ks-wish ks-wish--icon' : 'ks-button ks-button--secondary ks-wish'
      }
      aria-pressed={on}
      aria-label={variant === 'icon' ? label : undefined}
      title={label}
      disabled={toggle.isPending}
      onClick={onClick}
      data-testid="wishlist-toggle"
    >
      <Heart aria-hidden="true" size={variant === 'icon' ? 18 : 20} />
      {variant === 'button' ? <span>{label}</span> : null}
    </button>
  );
}
