import { useTranslation } from '@/lib/i18n/use-translation';

import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { listPath } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { useNavigationBar } from '@/lib/catalog/get-navigation-bar';
import { PLATFORMS } from '@/lib/catalog/codes';

/** One tile per platform (with its product count once the navigation bar is in), to `/{platform}`. */
export function PlatformTiles() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const navigation = useNavigationBar();
  const counts = new Map(navigation.data?.platforms.map((item) => [item.code, item.count]));
  const platforms = navigation.data
    ? navigation.data.platforms.map((item) => item.code)
    : [...PLATFORMS];

  return (
    <section className="ks-container ks-platforms" aria-labelledby="platforms-heading">
      <h2 id="platforms-heading" className="ks-section-title">
        {t('home.platformsHeading')}
      </h2>
      <ul className="ks-platforms__list">
        {platforms.map((code) => {
          const count = counts.get(code);
          return (
            <li key={code}>
              <AppLink to={listPath(code)} className="ks-platform-tile" data-platform={code}>
                <PlatformIcon code={code} size={40} />
                <span className="ks-platform-tile__text">
                  <span className="ks-platform-tile__name">{labels.platform(code)}</span>
                  {count === undefined ? null : (
                    <span className="ks-platform-tile__count">
                      {t('home.productCount', { count })}
                    </span>
                  )}
                </span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
