import { Clock, Flame, Trophy } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { paths } from '@/config/paths';
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint';

import { useBestSellers } from '../api/get-best-sellers';
import { useHotGames } from '../api/get-hot-games';
import { useLatestReleases } from '../api/get-latest-releases';
import { Hero } from '../components/hero';
import { LanguageSuggestion } from '../components/language-suggestion';
import { PlatformTiles } from '../components/platform-tiles';
import { ProductRow } from '../components/product-row';
import { TrustStrip } from '../components/trust-strip';

import './home.css';

/**
 * The home page: the language suggestion, the hero with the featured deals (the hottest
 * products), the rows of best sellers, latest releases and hottest products, the platform
 * tiles and the trust strip.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const bestSellers = useBestSellers();
  const latest = useLatestReleases();
  const belowTheFold = useAfterFirstPaint();
  return (
    <>
      <LanguageSuggestion />
      <Hero featured={hot.isError ? [] : hot.data} />
      {belowTheFold ? (
        <div className="ks-home-rows">
          <ProductRow
            id="best-sellers"
            title={t('home.bestSellers')}
            icon={Trophy}
            products={bestSellers.data}
            failed={bestSellers.isError}
            seeAllTo={`${paths.games}?sort=best_selling`}
          />
          <ProductRow
            id="latest-releases"
            title={t('home.latestReleases')}
            icon={Clock}
            products={latest.data}
            failed={latest.isError}
            seeAllTo={`${paths.games}?sort=newest`}
          />
          <ProductRow
            id="hot-games"
            title={t('home.hottest')}
            icon={Flame}
            products={hot.data}
            failed={hot.isError}
            seeAllTo={`${paths.games}?sort=discount`}
          />
          <PlatformTiles />
          <TrustStrip />
        </div>
      ) : null}
    </>
  );
}
