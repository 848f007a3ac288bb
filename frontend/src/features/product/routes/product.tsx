import { PackageSearch, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useParams } from 'react-router';

import { AppLink } from '@/components/ui/app-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { listPath, paths } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/http/envelope';
import { truncateTitle } from '@/lib/text/truncate-title';

import { useProduct } from '../api/get-product';
import { BuyBox } from '../components/buy-box';
import { Gallery } from '../components/gallery';
import { ProductTabs, type ProductTab } from '../components/product-tabs';

import './product.css';

function ProductSkeleton() {
  return (
    <div className="ks-product__layout" aria-busy="true" data-testid="product-loading">
      <div className="ks-gallery ks-product__gallery" data-has-screenshots>
        <span className="ks-gallery__cover ks-skeleton ks-image--cover" />
        <span className="ks-gallery__main ks-skeleton ks-image--wide" />
      </div>
      <div className="ks-buy-box ks-product__buy">
        <span className="ks-skeleton ks-skeleton--line ks-skeleton--short" />
        <span className="ks-skeleton ks-skeleton--title" />
        <span className="ks-skeleton ks-skeleton--line" />
        <span className="ks-skeleton ks-skeleton--block" />
      </div>
    </div>
  );
}

/** `/{gameName}/{gameExtName}`: gallery and cover, the buy box, then the tabs. */
export function ProductRoute() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const { gameName = '', gameExtName = '' } = useParams();
  const productRef = { gameName, gameExtName };
  const product = useProduct(productRef);
  const [tab, setTab] = useState<ProductTab>('description');
  const [shownFor, setShownFor] = useState(`${gameName}/${gameExtName}`);
  if (shownFor !== `${gameName}/${gameExtName}`) {
    setShownFor(`${gameName}/${gameExtName}`);
    setTab('description');
  }
  usePageTitle(product.data?.title);

  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.code === 404;
    return (
      <div className="ks-container ks-page">
        <EmptyState
          icon={PackageSearch}
          title={missing ? t('api.error.productNotFound') : t('product.loadFailed')}
          text={missing ? t('product.missingText') : product.error.message}
          testId={missing ? 'product-not-found' : 'product-error'}
          headingLevel={1}
        >
          {missing ? null : (
            <button
              type="button"
              className="ks-button ks-button--secondary"
              onClick={() => void product.refetch()}
            >
              <RotateCw aria-hidden="true" size={18} />
              {t('common.retry')}
            </button>
          )}
          <AppLink to={paths.games} className="ks-button ks-button--primary">
            {t('catalog.browseAll')}
          </AppLink>
        </EmptyState>
      </div>
    );
  }

  const data = product.data;
  return (
    <div className="ks-container ks-page ks-product" data-testid="product-page">
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          ...(data ? [{ label: labels.type(data.type), to: listPath(data.type) }] : []),
          { label: data ? truncateTitle(data.title) : t('common.loading') },
        ]}
      />
      {data ? (
        <div className="ks-product__layout">
          <div className="ks-product__gallery">
            <Gallery title={data.title} cover={data.cover} screenshots={data.screenshots} />
          </div>
          <div className="ks-product__buy">
            <BuyBox
              product={data}
              onShowReviews={() => {
                setTab('ratings');
                document.getElementById('product-tabs')?.scrollIntoView({ block: 'start' });
              }}
            />
          </div>
          <div className="ks-product__details">
            <ProductTabs product={data} productRef={productRef} tab={tab} onTabChange={setTab} />
          </div>
        </div>
      ) : (
        <ProductSkeleton />
      )}
    </div>
  );
}
