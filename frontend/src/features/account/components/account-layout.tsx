import {
  Bell,
  Crown,
  Heart,
  History,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  MapPin,
  Package,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';

import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { loginPath, paths } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n/i18n';
import { signOut } from '@/lib/session/sign-out';
import { notify } from '@/lib/toast';
import { useAppStore } from '@/stores/app-store';
import { selectIsSignedIn } from '@/stores/selectors';

import { useUnreadNotices } from '../api/account';

import './account.css';

interface AccountLink {
  to: string;
  labelKey: TranslationKey;
  icon: LucideIcon;
}

export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { to: paths.myAccount, labelKey: 'account.nav.overview', icon: LayoutDashboard },
  { to: paths.myOrder, labelKey: 'account.nav.orders', icon: Package },
  { to: paths.myInfo, labelKey: 'account.nav.info', icon: UserRound },
  { to: paths.myMembership, labelKey: 'account.nav.membership', icon: Crown },
  { to: paths.myAddress, labelKey: 'account.nav.address', icon: MapPin },
  { to: paths.myCollect, labelKey: 'account.nav.collect', icon: Heart },
  { to: paths.myNotice, labelKey: 'account.nav.notice', icon: Bell },
  { to: paths.mySupport, labelKey: 'account.nav.support', icon: LifeBuoy },
  { to: paths.myHistory, labelKey: 'account.nav.history', icon: History },
  { to: paths.myChangePassword, labelKey: 'account.nav.password', icon: KeyRound },
];

/** The account area: a side menu and the page; visitors are sent to /login first. */
export function AccountLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useAppStore(selectIsSignedIn);
  const unread = useUnreadNotices().data?.count ?? 0;
  const current = ACCOUNT_LINKS.find((link) => link.to === location.pathname);

  if (!signedIn) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  const onSignOut = async (): Promise<void> => {
    await signOut().catch(() => null);
    notify.success(t('api.member.loggedOut'));
    void navigate(paths.home, { replace: true });
  };

  return (
    <div className="ks-container ks-page ks-account" data-testid="account-area">
      <Breadcrumbs
        items={[
          { label: t('nav.home'), to: paths.home },
          { label: t('account.title'), to: paths.myAccount },
          ...(current && current.to !== paths.myAccount ? [{ label: t(current.labelKey) }] : []),
        ]}
      />
      <div className="ks-account__grid">
        <nav className="ks-account__nav" aria-label={t('account.title')}>
          <ul>
            {ACCOUNT_LINKS.map(({ to, labelKey, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className="ks-account__link" end>
                  <Icon aria-hidden="true" size={18} />
                  <span>{t(labelKey)}</span>
                  {to === paths.myNotice && unread > 0 ? (
                    <span className="ks-account__badge" data-testid="unread-badge">
                      {unread}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="ks-account__link ks-account__link--button"
                onClick={() => void onSignOut()}
                data-testid="logout"
              >
                <LogOut aria-hidden="true" size={18} />
                <span>{t('account.nav.logout')}</span>
              </button>
            </li>
          </ul>
        </nav>
        <div className="ks-account__main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** The heading of an account page, with its actions beside it. */
export function AccountHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="ks-account__heading">
      <h1 className="ks-page__title">{title}</h1>
      {children}
    </div>
  );
}
