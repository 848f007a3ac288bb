import { Heart, LayoutDashboard, LifeBuoy, LogIn, LogOut, UserPlus, UserRound } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { useNavigate } from 'react-router';

import { useMemberInfo } from '@/api/member-info';
import type { MemberInfoDto } from '@/api/types';
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
import { signOut } from '@/lib/session/sign-out';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

const selectNameAndEmail = ({ fullName, email }: MemberInfoDto) => ({ fullName, email });

/** The account menu: sign in or register; for a member, the account area and sign out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAppStore(selectIsSignedIn);
  const user = useMemberInfo(selectNameAndEmail).data;
  const onSignOut = async (): Promise<void> => {
    await signOut().catch(() => null);
    notify.success(t('api.member.loggedOut'));
    void navigate(paths.home);
  };
  return (
    <Menu>
      <MenuTrigger
        aria-label={t('header.account')}
        data-testid="account-menu"
        data-signed-in={signedIn || undefined}
      >
        <UserRound aria-hidden="true" size={18} />
        <span className="ks-menu-trigger__text">
          {signedIn && user ? user.fullName : t('header.account')}
        </span>
      </MenuTrigger>
      <MenuContent className="ks-menu--account">
        <MenuLabel className="ks-menu__label ks-menu__label--wrap">
          {signedIn && user
            ? t('header.signedInAs', { email: user.email })
            : t('header.accountGreeting')}
        </MenuLabel>
        <MenuSeparator />
        {signedIn ? (
          <>
            <MenuItem asChild>
              <AppLink to={paths.myAccount} data-testid="menu-my-account">
                <LayoutDashboard aria-hidden="true" size={16} />
                {t('account.title')}
              </AppLink>
            </MenuItem>
            <MenuItem asChild>
              <AppLink to={paths.myCollect}>
                <Heart aria-hidden="true" size={16} />
                {t('account.nav.collect')}
              </AppLink>
            </MenuItem>
            <MenuItem asChild>
              <AppLink to={paths.mySupport}>
                <LifeBuoy aria-hidden="true" size={16} />
                {t('account.nav.support')}
              </AppLink>
            </MenuItem>
            <MenuSeparator />
            <MenuItem onSelect={() => void onSignOut()} data-testid="menu-logout">
              <LogOut aria-hidden="true" size={16} />
              {t('account.nav.logout')}
            </MenuItem>
          </>
        ) : (
          <>
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
          </>
        )}
      </MenuContent>
    </Menu>
  );
}
