import type { RatingSummaryDto } from '@/api/types';

export interface RatingBar {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Share of all reviews, 0–100, rounded to a whole percent. */
  percent: number;
}

const STARS = [5, 4, 3, 2, 1] as const;

/** One bar per star, 5 down to 1; missing or bad counts are 0. */
export function ratingBars(summary: Pick<RatingSummaryDto, 'stars'> | undefined): RatingBar[] {
  const counts = STARS.map((stars) => {
    const value = summary?.stars[String(stars)];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  });
  const total = counts.reduce((sum, count) => sum + count, 0);
  return STARS.map((stars, index) => {
    const count = counts[index] ?? 0;
    return { stars, count, percent: total === 0 ? 0 : Math.round((count / total) * 100) };
  });
}

/** The average to one decimal ("4.2"), or null without reviews. */
export function formatAverage(
  summary: Pick<RatingSummaryDto, 'average' | 'count'> | undefined,
): string | null {
  if (!summary || summary.count <= 0 || !Number.isFinite(summary.average)) return null;
  return (Math.round(summary.average * 10) / 10).toFixed(1);
}
