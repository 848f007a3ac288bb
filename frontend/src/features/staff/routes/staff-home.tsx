import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';
import { Link } from 'react-router';

import type { DashboardDto } from '@/api/types';
import { FormAlert } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useOrderMoney } from '@/hooks/use-order-money';
import { formatMoney } from '@/lib/money';
import { useAppStore } from '@/stores/app-store';

import { staffDashboard } from '../api/staff';
import { BarChart, type BarSeries } from '../components/bar-chart';
import { STAFF_SECTIONS } from '../components/staff-layout';
import { useDateTime } from '../lib/format';
import { mayStaff, useStaffStore } from '../lib/staff-store';

/** How often the figures are read again while the page is open. */
const REFRESH_MS = 60_000;

/** US cents as the charts write them. */
const usd = (cents: number): string => formatMoney(cents, { symbol: '$', rate: 1 });
const count = (value: number): string => String(value);

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/** One figure: what it is, its value, and a line of detail. */
function Figure({
  label,
  value,
  detail,
  alert = false,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  alert?: boolean;
  testId: string;
}) {
  return (
    <div
      className={`ks-staff__figure${alert ? ' ks-staff__figure--alert' : ''}`}
      data-testid={testId}
    >
      <span className="ks-staff__figure-label">{label}</span>
      <strong className="ks-staff__figure-value">{value}</strong>
      {detail ? <span className="ks-staff__figure-detail">{detail}</span> : null}
    </div>
  );
}

function Dashboard({ figures }: { figures: DashboardDto }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const staff = useStaffStore((state) => state.staff);
  const money = useOrderMoney();
  const formatDateTime = useDateTime();
  const today = figures.days[figures.days.length - 1];

  const days = useMemo(() => {
    const label = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    const series: BarSeries[] = [
      {
        label: t('staff.dashboard.sales'),
        values: figures.days.map((day) => day.salesUsd),
        token: '--ks-accent',
      },
    ];
    return { labels: figures.days.map((day) => label.format(new Date(day.day))), series };
  }, [figures.days, language, t]);
  const hours = useMemo(() => {
    const label = new Intl.DateTimeFormat(language, { hour: 'numeric' });
    const series: BarSeries[] = [
      {
        label: t('staff.dashboard.placed'),
        values: figures.hours.map((hour) => hour.placed),
        token: '--ks-muted',
      },
      {
        label: t('staff.dashboard.paid'),
        values: figures.hours.map((hour) => hour.paid),
        token: '--ks-success',
      },
    ];
    return { labels: figures.hours.map((hour) => label.format(new Date(hour.hour))), series };
  }, [figures.hours, language, t]);

  return (
    <>
      <div className="ks-staff__figures">
        <Figure
          label={t('staff.dashboard.salesToday')}
          value={usd(today?.salesUsd ?? 0)}
          detail={t('staff.dashboard.sales30', {
            amount: usd(sum(figures.days.map((day) => day.salesUsd))),
          })}
          testId="staff-figure-sales"
        />
        <Figure
          label={t('staff.dashboard.paidToday')}
          value={count(today?.paid ?? 0)}
          detail={t('staff.dashboard.deliveredToday', { count: today?.delivered ?? 0 })}
          testId="staff-figure-paid"
        />
        <Figure
          label={t('staff.dashboard.waitingForKeys')}
          value={count(figures.waitingForKeys)}
          detail={
            figures.oldestWaitingPaidAt
              ? t('staff.dashboard.oldestPaid', {
                  when: formatDateTime(figures.oldestWaitingPaidAt),
                })
              : undefined
          }
          alert={figures.waitingForKeys > 0}
          testId="staff-figure-waiting"
        />
        <Figure
          label={t('staff.dashboard.refundsWaiting')}
          value={count(figures.refundsWaiting)}
          detail={
            figures.refundsOverdue > 0
              ? t('staff.dashboard.overdue', { count: figures.refundsOverdue })
              : undefined
          }
          alert={figures.refundsOverdue > 0}
          testId="staff-figure-refunds"
        />
        <Figure
          label={t('staff.dashboard.openTickets')}
          value={count(figures.openTickets)}
          detail={
            figures.oldestOpenTicketAt
              ? t('staff.dashboard.oldestTicket', {
                  when: formatDateTime(figures.oldestOpenTicketAt),
                })
              : undefined
          }
          testId="staff-figure-tickets"
        />
        <Figure
          label={t('staff.dashboard.lowStock')}
          value={count(figures.lowStockTotal)}
          alert={figures.lowStockTotal > 0}
          testId="staff-figure-low-stock"
        />
      </div>

      <div className="ks-staff__charts">
        <section className="ks-staff__card">
          <h2 className="ks-staff__subtitle">{t('staff.dashboard.salesChart')}</h2>
          <BarChart
            title={t('staff.dashboard.salesChart')}
            labels={days.labels}
            series={days.series}
            format={usd}
            testId="staff-chart-sales"
          />
        </section>
        <section className="ks-staff__card">
          <h2 className="ks-staff__subtitle">{t('staff.dashboard.hoursChart')}</h2>
          <BarChart
            title={t('staff.dashboard.hoursChart')}
            labels={hours.labels}
            series={hours.series}
            format={count}
            testId="staff-chart-hours"
          />
        </section>
      </div>

      <div className="ks-staff__charts">
        <section className="ks-staff__card" data-testid="staff-dashboard-refunds">
          <h2 className="ks-staff__subtitle">{t('staff.dashboard.refundsTitle')}</h2>
          {figures.refunds.length === 0 ? (
            <p className="ks-staff__intro">{t('staff.refunds.empty')}</p>
          ) : (
            <ul className="ks-staff__rows">
              {figures.refunds.map((refund) => (
                <li key={refund.orderNo}>
                  <Link className="ks-text-link" to={paths.staffRefunds}>
                    {refund.orderNo}
                  </Link>
                  <span>{money(refund.amount, refund.currency)}</span>
                  <span className="ks-staff__muted">
                    {t('staff.dashboard.decideBy', { when: formatDateTime(refund.deadline) })}
                    {refund.overdue ? (
                      <span className="ks-staff__badge">{t('staff.refunds.overdue')}</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="ks-staff__card" data-testid="staff-dashboard-low-stock">
          <h2 className="ks-staff__subtitle">{t('staff.dashboard.lowStockTitle')}</h2>
          {figures.lowStock.length === 0 ? (
            <p className="ks-staff__intro">{t('staff.dashboard.noLowStock')}</p>
          ) : (
            <ul className="ks-staff__rows">
              {figures.lowStock.map((row) => (
                <li key={row.sku}>
                  {mayStaff(staff, 'keys.read') ? (
                    <Link
                      className="ks-text-link"
                      to={`${paths.staffStock}?sku=${encodeURIComponent(row.sku)}`}
                    >
                      {row.title ?? row.sku}
                    </Link>
                  ) : (
                    <span>{row.title ?? row.sku}</span>
                  )}
                  <span className="ks-staff__muted">
                    {t('staff.stock.left', { count: row.available, threshold: row.threshold })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

/** The console's first page: the store's figures, then the tasks the role allows. */
export function StaffHomeRoute() {
  const { t } = useTranslation();
  const staff = useStaffStore((state) => state.staff);
  const figures = useQuery({
    queryKey: ['staff', 'dashboard'],
    queryFn: staffDashboard,
    refetchInterval: REFRESH_MS,
  });
  return (
    <section data-testid="staff-home">
      <h1 className="ks-staff__title">{t('staff.home.title')}</h1>
      <p className="ks-staff__intro">{t('staff.home.intro')}</p>
      {figures.isError ? <FormAlert>{figures.error.message}</FormAlert> : null}
      {figures.data ? <Dashboard figures={figures.data} /> : null}
      <h2 className="ks-staff__subtitle">{t('staff.home.tasks')}</h2>
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
