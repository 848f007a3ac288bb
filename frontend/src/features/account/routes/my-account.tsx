import { Crown, Heart, LifeBuoy, MapPin } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useMemberInfo } from '@/api/member-info';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { useFormatMoney } from '@/hooks/use-format-money';

import { useLevelInfo, useProfile } from '../api/account';
import { AccountHeading } from '../components/account-layout';
import { useFormatDateTime } from '../lib/format';

/** The overview: level, points, consumption, the profile and shortcuts. */
export function MyAccountRoute() {
  const { t } = useTranslation();
  const user = useMemberInfo().data;
  const level = useLevelInfo(user?.id).data;
  const profile = useProfile().data;
  const money = useFormatMoney();
  const dateTime = useFormatDateTime();
  return (
    <section data-testid="my-account">
      <AccountHeading title={t('account.overview.greeting', { name: user?.fullName ?? '' })} />
      <div className="ks-stats">
        <div className="ks-stat">
          <p className="ks-stat__label">{t('account.level')}</p>
          <p className="ks-stat__value" data-testid="overview-level">
            {level?.level.name ?? user?.levelName ?? '—'}
          </p>
        </div>
        <div className="ks-stat">
          <p className="ks-stat__label">{t('account.points')}</p>
          <p className="ks-stat__value" data-testid="overview-points">
            {level?.points ?? user?.points ?? 0}
          </p>
        </div>
        <div className="ks-stat">
          <p className="ks-stat__label">{t('account.consumption')}</p>
          <p className="ks-stat__value">{money(level?.totalConsumptionUsd ?? 0)}</p>
        </div>
        <div className="ks-stat">
          <p className="ks-stat__label">{t('account.discount')}</p>
          <p className="ks-stat__value">{`${String(level?.discountPercent ?? 0)} %`}</p>
        </div>
      </div>
      <div className="ks-panel">
        <h2 className="ks-panel__title">{t('account.nav.info')}</h2>
        <dl className="ks-definition">
          <dt>{t('auth.email')}</dt>
          <dd data-testid="overview-email">{profile?.email ?? user?.email}</dd>
          <dt>{t('auth.fullName')}</dt>
          <dd>{profile?.fullName ?? user?.fullName}</dd>
          <dt>{t('account.memberSince')}</dt>
          <dd>{user ? dateTime(user.createdAt) : ''}</dd>
        </dl>
        <AppLink to={paths.myInfo} className="ks-button ks-button--secondary ks-button--small">
          {t('account.overview.editProfile')}
        </AppLink>
      </div>
      <div className="ks-panel">
        <h2 className="ks-panel__title">{t('account.overview.shortcuts')}</h2>
        <div className="ks-form-actions">
          <AppLink to={paths.myMembership} className="ks-button ks-button--secondary">
            <Crown aria-hidden="true" size={18} />
            {t('account.nav.membership')}
          </AppLink>
          <AppLink to={paths.myCollect} className="ks-button ks-button--secondary">
            <Heart aria-hidden="true" size={18} />
            {t('account.nav.collect')}
          </AppLink>
          <AppLink to={paths.myAddress} className="ks-button ks-button--secondary">
            <MapPin aria-hidden="true" size={18} />
            {t('account.nav.address')}
          </AppLink>
          <AppLink to={paths.mySupport} className="ks-button ks-button--secondary">
            <LifeBuoy aria-hidden="true" size={18} />
            {t('account.nav.support')}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
