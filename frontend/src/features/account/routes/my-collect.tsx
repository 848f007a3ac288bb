import { Heart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { ProductCard } from '@/components/product/product-card';
import { AppLink } from '@/components/ui/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { notify } from '@/lib/toast';

import { useCollect, useToggleCollect } from '../api/account';
import { AccountHeading } from '../components/account-layout';

/** The wishlist: product cards, each with a remove button. */
export function MyCollectRoute() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const collect = useCollect(page);
  const toggle = useToggleCollect();
  const rows = collect.data?.rows ?? [];
  const remove = (productId: number): void => {
    toggle.mutate(
      { productId, on: false },
      { onSuccess: () => notify.success(t('api.collect.removed')) },
    );
  };
  return (
    <section data-testid="my-collect">
      <AccountHeading title={t('account.nav.collect')} />
      {collect.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={Heart}
          title={t('account.collect.empty')}
          text={t('account.collect.emptyText')}
          testId="collect-empty"
        >
          <AppLink to={paths.games} className="ks-button ks-button--primary">
            {t('nav.allGames')}
          </AppLink>
        </EmptyState>
      ) : (
        <ul className="ks-collect-grid">
          {rows.map((row) => (
            <li key={row.productId} className="ks-collect-grid__item" data-testid="collect-item">
              {row.product ? (
                <ProductCard product={row.product} />
              ) : (
                <p className="ks-list-card ks-list-card__text">{t('account.collect.gone')}</p>
              )}
              <button
                type="button"
                className="ks-button ks-button--small ks-button--ghost"
                onClick={() => remove(row.productId)}
                data-testid="collect-remove"
              >
                <Trash2 aria-hidden="true" size={16} />
                {t('account.collect.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {collect.data && collect.data.total > collect.data.limit ? (
        <Pagination
          page={page}
          total={collect.data.total}
          limit={collect.data.limit}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}
