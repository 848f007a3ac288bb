import { useTranslation } from '@/lib/i18n/use-translation';

import { AppLink } from '@/components/ui/app-link';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { SearchBox } from '@/features/search/components/search-box';
import { CartButton } from '@/features/shop/components/cart-button';
import { CurrencySwitcher } from '@/features/site/components/currency-switcher';
import { LanguageSwitcher } from '@/features/site/components/language-switcher';
import { useSiteName } from '@/hooks/use-site-name';

import { CategoryNav, MobileMenu } from './category-nav';

import './header.css';

/**
 * Sticky header: logo, the search in the middle, currency, language, account and cart
 * on the other side, the category bar below. On phones: the menu button opens a drawer with the
 * categories and the search takes its own row.
 */
export function Header() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  return (
    <header className="ks-header">
      <div className="ks-container ks-header__bar">
        <MobileMenu />
        <AppLink
          to={paths.home}
          className="ks-logo ks-header__logo"
          aria-label={t('header.homeLink', { siteName })}
        >
          <LogoMark size={32} />
          <span className="ks-logo__name">{siteName}</span>
        </AppLink>
        <SearchBox className="ks-header__search" />
        <div className="ks-header__tools" role="group" aria-label={t('header.toolbar')}>
          <CurrencySwitcher />
          <LanguageSwitcher />
          <AccountMenu />
          <CartButton />
        </div>
      </div>
      <CategoryNav />
    </header>
  );
}
