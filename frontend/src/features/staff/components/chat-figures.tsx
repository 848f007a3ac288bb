import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '@/lib/i18n/use-translation';

import type { ChatFiguresDto } from '@/api/types';
import { useAppStore } from '@/stores/app-store';

import { chatFigures } from '../api/chat';

import { BarChart, type BarSeries } from './bar-chart';

/** How often the desk's figures are read again. */
const REFRESH_MS = 10_000;

/** A time to an answer, in seconds under two minutes, else minutes (the reader's language). */
function useDuration(): (ms: number) => string {
  const language = useAppStore((state) => state.language);
  return (ms) => {
    const seconds = Math.round(ms / 1000);
    const [value, unit] =
      seconds < 120 ? [seconds, 'second'] : [Math.round(seconds / 60), 'minute'];
    return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(
      value,
    );
  };
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="ks-staff__figure" data-testid={testId}>
      <span className="ks-staff__figure-label">{label}</span>
      <strong className="ks-staff__figure-value">{value}</strong>
    </div>
  );
}

function PerDay({ figures }: { figures: ChatFiguresDto }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const chart = useMemo(() => {
    const label = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const series: BarSeries[] = [
      {
        label: t('staff.chat.figures.perDay'),
        values: figures.perDay.map((day) => day.count),
        token: '--ks-accent',
      },
    ];
    return { labels: figures.perDay.map((day) => label.format(new Date(day.day))), series };
  }, [figures.perDay, language, t]);
  const count = new Intl.NumberFormat(language);
  return (
    <BarChart
      title={t('staff.chat.figures.perDay')}
      labels={chart.labels}
      series={chart.series}
      format={(value) => count.format(value)}
      testId="staff-chat-per-day"
    />
  );
}

/** The desk at a glance: what waits now, who is there, the median first answer, chats per day. */
export function ChatFigures() {
  const { t } = useTranslation();
  const duration = useDuration();
  const figures = useQuery({
    queryKey: ['staff', 'chat', 'figures'],
    queryFn: chatFigures,
    refetchInterval: REFRESH_MS,
  });
  if (!figures.data) return null;
  const data = figures.data;
  const online = data.agents.filter((agent) => agent.presence === 'online').length;
  const today = data.perDay[data.perDay.length - 1]?.count ?? 0;
  return (
    <details className="ks-staff__card ks-staff-chat__figures" data-testid="staff-chat-figures">
      <summary>
        <span className="ks-staff__figures">
          <Figure
            label={t('staff.chat.figures.waiting')}
            value={String(data.waiting)}
            testId="staff-chat-waiting-now"
          />
          <Figure
            label={t('staff.chat.figures.online')}
            value={`${String(online)} / ${String(data.agents.length)}`}
            testId="staff-chat-agents-online"
          />
          <Figure
            label={t('staff.chat.figures.firstResponse')}
            value={
              data.firstResponseMs === null || data.firstResponseMs === undefined
                ? '—'
                : duration(data.firstResponseMs)
            }
            testId="staff-chat-first-response"
          />
          <Figure
            label={t('staff.chat.figures.today')}
            value={String(today)}
            testId="staff-chat-today"
          />
        </span>
      </summary>
      <PerDay figures={data} />
    </details>
  );
}
