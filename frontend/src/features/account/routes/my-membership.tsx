import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { useTranslation } from '@/lib/i18n/use-translation';

import { useMemberInfo } from '@/api/member-info';
import type { MemberInfoDto } from '@/api/types';
import { useFormatMoney } from '@/hooks/use-format-money';

import { levelsQuery, useLevelInfo } from '../api/account';
import { AccountHeading } from '../components/account-layout';
import { progressPercent } from '../lib/format';

const selectMemberId = (member: MemberInfoDto) => member.id;

/** The member's level card with the way to the next level, and the table of levels. */
export function MyMembershipRoute() {
  const { t } = useTranslation();
  const memberId = useMemberInfo(selectMemberId).data;
  const info = useLevelInfo(memberId).data;
  const levels = useQuery(levelsQuery).data ?? [];
  const money = useFormatMoney();
  const percent = info
    ? progressPercent(
        info.totalConsumptionUsd,
        info.level.thresholdUsd,
        info.nextLevel?.thresholdUsd ?? info.level.thresholdUsd,
      )
    : 0;
  return (
    <section data-testid="my-membership">
      <AccountHeading title={t('account.nav.membership')} />
      {info ? (
        <div className="ks-level-card" data-testid="level-card">
          <p className="ks-stat__label">{t('account.level')}</p>
          <h2 className="ks-level-card__name">
            <Crown aria-hidden="true" size={24} /> {info.level.name}
          </h2>
          <p>
            {t('account.membership.summary', {
              discount: info.discountPercent,
              points: info.points,
              spent: money(info.totalConsumptionUsd),
            })}
          </p>
          <div
            className="ks-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('account.membership.progress')}
          >
            <div className="ks-progress__bar" style={{ inlineSize: `${String(percent)}%` }} />
          </div>
          <p data-testid="level-next">
            {info.nextLevel
              ? t('account.membership.toNext', {
                  amount: money(info.amountToNextUsd),
                  level: info.nextLevel.name,
                })
              : t('account.membership.top')}
          </p>
        </div>
      ) : null}
      <div className="ks-panel">
        <h2 className="ks-panel__title">{t('account.membership.levels')}</h2>
        <div className="ks-table-wrap">
          <table className="ks-table" data-testid="level-table">
            <thead>
              <tr>
                <th scope="col">{t('account.level')}</th>
                <th scope="col">{t('account.membership.threshold')}</th>
                <th scope="col">{t('account.discount')}</th>
                <th scope="col">{t('account.membership.pointsPerUsd')}</th>
                <th scope="col">{t('account.membership.exchange')}</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((level) => (
                <tr key={level.id} aria-current={level.id === info?.level.id ? 'true' : undefined}>
                  <td>{level.name}</td>
                  <td>{money(level.thresholdUsd)}</td>
                  <td>{`${String(level.discountPercent)} %`}</td>
                  <td>{level.pointsPerUsd}</td>
                  <td>{t('account.membership.exchangeRate', { points: level.exchangeRate })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="ks-list-card__text">{t('account.membership.note')}</p>
      </div>
    </section>
  );
}
