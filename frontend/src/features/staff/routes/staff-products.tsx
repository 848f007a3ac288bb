import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { ConsoleProductRow, ProductState } from '@/api/types';
import { LanguageValues, ProductStateValues } from '@/api/vocabulary';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { formatMoney } from '@/lib/money';

import { searchProducts } from '../api/staff';
import { RequirePermission } from '../components/staff-layout';
import { useDateTime } from '../lib/format';

export const PRODUCTS_KEY = ['staff', 'products'] as const;
const PAGE_SIZE = 20;

const usd = (cents: number): string => formatMoney(cents, { symbol: '$', rate: 1 });

/** A product's state as a badge: published stands out, a draft and an archive are muted. */
export function StateBadge({ state }: { state: ProductState }) {
  const { t } = useTranslation();
  return (
    <span
      className={
        state === 'published' ? 'ks-staff__role' : 'ks-staff__badge ks-staff__badge--quiet'
      }
      data-testid="staff-product-state"
      data-state={state}
    >
      {t(`staff.products.state.${state}`)}
    </span>
  );
}

function ProductLine({ product }: { product: ConsoleProductRow }) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const formatDateTime = useDateTime();
  return (
    <li
      className={`ks-staff__card ks-staff__product${product.state === 'archived' ? ' ks-staff__card--muted' : ''}`}
      data-testid="staff-product-row"
      data-sku={product.sku}
    >
      <img
        className="ks-staff__thumb"
        src={product.cover ?? `/prod-api/api/media/cover/${String(product.id)}.svg`}
        alt=""
        loading="lazy"
      />
      <div className="ks-staff__product-body">
        <p className="ks-staff__row-title">
          <Link
            to={`${paths.staffProducts}/${String(product.id)}`}
            data-testid="staff-product-open"
          >
            {product.title}
          </Link>{' '}
          <StateBadge state={product.state} />
        </p>
        <dl className="ks-staff__facts">
          <div>
            <dt>{t('staff.products.sku')}</dt>
            <dd className="ks-staff__code">{product.sku}</dd>
          </div>
          <div>
            <dt>{t('staff.products.platform')}</dt>
            <dd>{labels.platform(product.platform)}</dd>
          </div>
          <div>
            <dt>{t('staff.products.price')}</dt>
            <dd>{usd(product.priceUsd)}</dd>
          </div>
          <div>
            <dt>{t('staff.products.languages')}</dt>
            <dd data-testid="staff-product-languages">
              {t('staff.products.languagesDone', {
                done: product.languagesDone,
                total: LanguageValues.length,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('staff.products.updated')}</dt>
            <dd>{formatDateTime(product.updatedAt)}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

function ProductsPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ text: '', state: '' as ProductState | '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const products = useQuery({
    queryKey: [...PRODUCTS_KEY, filters, page],
    queryFn: () => searchProducts(filters.text.trim(), filters.state, page),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="staff-products">
      <h1 className="ks-staff__title">{t('staff.products.title')}</h1>
      <p className="ks-staff__intro">{t('staff.products.intro')}</p>
      <Link
        to={`${paths.staffProducts}/new`}
        className="ks-button ks-button--primary"
        data-testid="staff-product-new"
      >
        <Plus size={18} aria-hidden />
        {t('staff.products.new')}
      </Link>
      <form
        className="ks-staff__filters ks-staff__audit"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <TextField
          label={t('staff.products.search')}
          value={draft.text}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
          testId="staff-products-text"
        />
        <SelectField
          label={t('staff.products.stateLabel')}
          value={draft.state}
          onChange={(event) =>
            setDraft({ ...draft, state: event.target.value as ProductState | '' })
          }
          testId="staff-products-state"
        >
          <option value="">{t('staff.products.allStates')}</option>
          {ProductStateValues.map((state) => (
            <option key={state} value={state}>
              {t(`staff.products.state.${state}`)}
            </option>
          ))}
        </SelectField>
        <div className="ks-staff__actions">
          <button type="submit" className="ks-button ks-button--secondary">
            <Search size={18} aria-hidden />
            {t('staff.orders.search')}
          </button>
        </div>
      </form>
      {products.isError ? <FormAlert>{products.error.message}</FormAlert> : null}
      {products.data?.total === 0 ? (
        <p className="ks-staff__intro">{t('staff.products.empty')}</p>
      ) : null}
      <ul className="ks-staff__list">
        {products.data?.rows.map((product) => (
          <ProductLine key={product.id} product={product} />
        ))}
      </ul>
      {products.data && products.data.total > PAGE_SIZE ? (
        <Pagination
          page={page}
          total={products.data.total}
          limit={PAGE_SIZE}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

/** The manager's products: every state, searched, each opened in the editor. */
export function StaffProductsRoute() {
  return (
    <RequirePermission permission="catalog.manage">
      <ProductsPage />
    </RequirePermission>
  );
}
