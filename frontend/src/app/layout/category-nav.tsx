import { ChevronDown, LayoutGrid, Menu as MenuIcon, Newspaper } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@/components/ui/menu';
import { listPath, paths } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';
import { GENRES, PLATFORMS, PRODUCT_TYPES } from '@/lib/catalog/codes';
import { useNavigationBar } from '@/lib/catalog/get-navigation-bar';

import './category-nav.css';

/** The codes of each list, in the navigation bar's order once it is in, else the store's. */
export function useNavigationCodes() {
  const { data } = useNavigationBar();
  const withProducts = (
    items: { code: string; count: number }[] | undefined,
    fallback: readonly string[],
  ) => (items ? items.filter((item) => item.count > 0).map((item) => item.code) : [...fallback]);
  return {
    types: withProducts(data?.types, PRODUCT_TYPES),
    platforms: withProducts(data?.platforms, PLATFORMS),
    genres: withProducts(data?.genres, GENRES),
  };
}

/** The category bar under the header on wide screens: all games, the types, platforms and genres menus, news. */
export function CategoryNav() {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const codes = useNavigationCodes();
  return (
    <nav className="ks-category-nav" aria-label={t('nav.categories')}>
      <div className="ks-container ks-category-nav__inner">
        <AppLink to={paths.games} className="ks-category-nav__link ks-category-nav__link--strong">
          <LayoutGrid aria-hidden="true" size={16} />
          {t('nav.allGames')}
        </AppLink>
        {codes.types.map((code) => (
          <AppLink key={code} to={listPath(code)} className="ks-category-nav__link">
            {labels.type(code)}
          </AppLink>
        ))}
        <Menu>
          <MenuTrigger className="ks-category-nav__menu" data-testid="platforms-menu">
            {t('nav.platforms')}
            <ChevronDown aria-hidden="true" size={16} className="ks-menu-trigger__chevron" />
          </MenuTrigger>
          <MenuContent align="start" className="ks-menu--columns">
            {codes.platforms.map((code) => (
              <MenuItem key={code} asChild>
                <AppLink to={listPath(code)}>
                  <PlatformIcon code={code} size={20} />
                  {labels.platform(code)}
                </AppLink>
              </MenuItem>
            ))}
          </MenuContent>
        </Menu>
        <Menu>
          <MenuTrigger className="ks-category-nav__menu" data-testid="genres-menu">
            {t('nav.genres')}
            <ChevronDown aria-hidden="true" size={16} className="ks-menu-trigger__chevron" />
          </MenuTrigger>
          <MenuContent align="start" className="ks-menu--columns">
            {codes.genres.map((code) => (
              <MenuItem key={code} asChild>
                <AppLink to={listPath(code)}>{labels.genre(code)}</AppLink>
              </MenuItem>
            ))}
          </MenuContent>
        </Menu>
        <AppLink to={paths.news} className="ks-category-nav__link">
          <Newspaper aria-hidden="true" size={16} />
          {t('nav.news')}
        </AppLink>
      </div>
    </nav>
  );
}

const loadMenuDrawer = () => import(/* webpackChunkName: "menu-drawer" */ './menu-drawer');
const MenuDrawer = lazy(async () => ({ default: (await loadMenuDrawer()).MenuDrawer }));

/**
 * The menu button of phones. Its drawer (Radix Dialog) loads on first use — or when the
 * pointer or focus comes near — so it costs the first page nothing.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadMenuDrawer();
  return (
    <>
      <button
        type="button"
        className="ks-icon-button ks-header__menu-button"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="mobile-menu-button"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" size={20} />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MenuDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
