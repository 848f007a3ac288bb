import { LogIn, UserPlus, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { AppLink } from '@/components/ui/app-link';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '@/components/ui/menu';
import { paths } from '@/config/paths';

/** The account menu of a signed-out shopper; the member issue adds the signed-in items. */
export function AccountMenu() {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuTrigger aria-label={t('header.account')} data-testid="account-menu">
        <UserRound aria-hidden="true" size={18} />
        <span className="ks-menu-trigger__text">{t('header.account')}</span>
      </MenuTrigger>
      <MenuContent className="ks-menu--account">
        <MenuLabel className="ks-menu__label ks-menu__label--wrap">
          {t('header.accountGreeting')}
        </MenuLabel>
        <MenuSeparator />
        <MenuItem asChild>
          <AppLink to={paths.login}>
            <LogIn aria-hidden="true" size={16} />
            {t('nav.signIn')}
          </AppLink>
        </MenuItem>
        <MenuItem asChild>
          <AppLink to={paths.register}>
            <UserPlus aria-hidden="true" size={16} />
            {t('nav.register')}
          </AppLink>
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
