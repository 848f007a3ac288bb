import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { STAFF_SECTIONS } from '../components/staff-layout';
import { mayStaff, useStaffStore } from '../lib/staff-store';

/** The console's first page: the tasks the role allows. */
export function StaffHomeRoute() {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  return (
    <section data-testid="staff-home">
      <h1 className="ks-staff__title">{t('staff.home.title')}</h1>
      <p className="ks-staff__intro">{t('staff.home.intro')}</p>
      <div className="ks-staff__tiles">
        {STAFF_SECTIONS.filter(
          (section) => section.permission === null || mayStaff(staff, section.permission),
        ).map((section) => (
          <Link key={section.to} to={section.to} className="ks-staff__tile">
            {t(section.key)}
          </Link>
        ))}
      </div>
    </section>
  );
}
