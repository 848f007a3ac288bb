import { Gamepad2, Newspaper } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { PlatformIcon } from '@/components/product/platform-icon';
import { AppLink } from '@/components/ui/app-link';
import { Drawer } from '@/components/ui/drawer';
import { listPath, paths } from '@/config/paths';
import { useCatalogLabels } from '@/hooks/use-catalog-labels';

import { useNavigationCodes } from './category-nav';

interface MenuDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The phone menu: all games, news, and every type, platform and genre. */
export function MenuDrawer({ open, onOpenChange }: MenuDrawerProps) {
  const { t } = useTranslation();
  const labels = useCatalogLabels();
  const codes = useNavigationCodes();
  const close = () => onOpenChange(false);

  const section = (
    titleKey: 'nav.types' | 'nav.platforms' | 'nav.genres',
    items: string[],
    name: (code: string) => string,
    withIcon = false,
  ) => (
    <section className="ks-mobile-menu__section">
      <h3 className="ks-mobile-menu__heading">{t(titleKey)}</h3>
      <ul className="ks-mobile-menu__list">
        {items.map((code) => (
          <li key={code}>
            <AppLink to={listPath(code)} className="ks-mobile-menu__link" onClick={close}>
              {withIcon ? <PlatformIcon code={code} size={20} /> : null}
              {name(code)}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );

  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={t('nav.menu')} testId="mobile-menu">
      <nav aria-label={t('nav.categories')} className="ks-mobile-menu">
        <ul className="ks-mobile-menu__list ks-mobile-menu__list--main">
          <li>
            <AppLink to={paths.games} className="ks-mobile-menu__link" onClick={close}>
              <Gamepad2 aria-hidden="true" size={20} />
              {t('nav.allGames')}
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.news} className="ks-mobile-menu__link" onClick={close}>
              <Newspaper aria-hidden="true" size={20} />
              {t('nav.news')}
            </AppLink>
          </li>
        </ul>
        {section('nav.types', codes.types, labels.type)}
        {section('nav.platforms', codes.platforms, labels.platform, true)}
        {section('nav.genres', codes.genres, labels.genre)}
      </nav>
    </Drawer>
  );
}
