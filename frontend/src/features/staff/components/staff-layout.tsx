import { LogOut } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { NavLink, Navigate, Outlet, useNavigate } from 'react-router';

import { paths } from '@/config/paths';

import { staffLogout } from '../api/staff';
import { useConsoleCatalogue } from '../lib/console-catalogue';
import { mayStaff, useStaffStore } from '../lib/staff-store';
import './staff.css';

/** The console's sections and the permission each needs (the home page needs none). */
export const STAFF_SECTIONS = [
  { to: paths.staffOrders, key: 'staff.nav.orders', permission: 'orders.read' },
  { to: paths.staffProducts, key: 'staff.nav.products', permission: 'catalog.manage' },
  { to: paths.staffSettings, key: 'staff.nav.settings', permission: 'content.manage' },
  { to: paths.staffNews, key: 'staff.nav.news', permission: 'content.manage' },
  { to: paths.staffPages, key: 'staff.nav.pages', permission: 'content.manage' },
  { to: paths.staffNotices, key: 'staff.nav.notices', permission: 'content.manage' },
  { to: paths.staffNewsletters, key: 'staff.nav.newsletters', permission: 'content.manage' },
  { to: paths.staffLevels, key: 'staff.nav.levels', permission: 'content.manage' },
  { to: paths.staffReviews, key: 'staff.nav.reviews', permission: 'content.manage' },
  { to: paths.staffRefunds, key: 'staff.nav.refunds', permission: 'orders.read' },
  { to: paths.staffChat, key: 'staff.nav.chat', permission: 'chat.answer' },
  { to: paths.staffTickets, key: 'staff.nav.tickets', permission: 'tickets.answer' },
  { to: paths.staffForms, key: 'staff.nav.forms', permission: 'forms.answer' },
  { to: paths.staffStock, key: 'staff.nav.stock', permission: 'keys.read' },
  { to: paths.staffCustomers, key: 'staff.nav.customers', permission: 'members.read' },
  { to: paths.staffCoupons, key: 'staff.nav.coupons', permission: 'coupons.manage' },
  { to: paths.staffPayments, key: 'staff.nav.payments', permission: 'payments.read' },
  { to: paths.staffTeam, key: 'staff.nav.team', permission: 'staff.manage' },
  { to: paths.staffAudit, key: 'staff.nav.audit', permission: 'audit.read' },
  { to: paths.staffSessions, key: 'staff.nav.sessions', permission: null },
] as const;

/**
 * The console around its pages: the bar (who is signed in, in which role, sign-out) and the
 * sections the role may use. Without a staff session every page goes to the sign-in.
 */
export function StaffLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useStaffStore((state) => state.staff);
  const end = useStaffStore((state) => state.end);
  const textsReady = useConsoleCatalogue();
  if (staff === null) return <Navigate to={paths.staffLogin} replace />;
  if (!textsReady) return null;

  const signOut = async (): Promise<void> => {
    try {
      await staffLogout();
    } finally {
      end();
      void navigate(paths.staffLogin, { replace: true });
    }
  };

  return (
    <div className="ks-staff" data-testid="staff-console">
      <a className="ks-skip-link" href="#staff-main">
        {t('staff.skip')}
      </a>
      <header className="ks-staff__bar">
        <span className="ks-staff__brand">{t('staff.title')}</span>
        <span className="ks-staff__who" data-testid="staff-who">
          {t('staff.signedInAs', { email: staff.email })}
          <span className="ks-staff__role" data-testid="staff-role">
            {t(`staff.role.${staff.role}`)}
          </span>
        </span>
        <button
          type="button"
          className="ks-button ks-button--ghost ks-button--small"
          onClick={() => void signOut()}
          data-testid="staff-sign-out"
        >
          <LogOut size={16} aria-hidden />
          {t('staff.signOut')}
        </button>
      </header>
      <nav className="ks-staff__nav" aria-label={t('staff.title')}>
        <NavLink to={paths.staff} end>
          {t('staff.nav.home')}
        </NavLink>
        {STAFF_SECTIONS.filter(
          (section) => section.permission === null || mayStaff(staff, section.permission),
        ).map((section) => (
          <NavLink key={section.to} to={section.to} data-testid={`staff-nav-${section.key}`}>
            {t(section.key)}
          </NavLink>
        ))}
      </nav>
      <main id="staff-main" className="ks-staff__main">
        <Outlet />
      </main>
    </div>
  );
}

/** A section's page, or a notice when the role does not include it (the services refuse too). */
export function RequirePermission({
  permission,
  children,
}: {
  permission: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  if (!mayStaff(staff, permission)) {
    return (
      <p className="ks-staff__intro" role="alert" data-testid="staff-forbidden">
        {t('staff.forbidden')}
      </p>
    );
  }
  return <>{children}</>;
}
