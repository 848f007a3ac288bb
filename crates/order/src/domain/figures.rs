//! The dashboard's order figures: orders counted into the days and hours of
//! the member of staff's clock (their offset from UTC), oldest first.

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;
/// Days the sales chart shows, today the last.
pub const DAYS: usize = 30;
/// Hours the orders-per-hour chart shows, the hour now the last.
pub const HOURS: usize = 24;
/// The widest offset from UTC a clock has (UTC+14, UTC−12 and beyond).
pub const MAX_OFFSET_MINUTES: i32 = 14 * 60;

/// A day's figures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Day {
    pub start_ms: i64,
    /// US cents paid that day, refunded orders left out.
    pub sales_usd: i64,
    pub paid: i64,
    pub delivered: i64,
}

/// An hour's figures.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hour {
    pub start_ms: i64,
    pub placed: i64,
    pub paid: i64,
}

/// What the figures are counted from: one order of the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderTimes {
    pub created_at: i64,
    pub paid_at: Option<i64>,
    pub delivered_at: Option<i64>,
    /// The amount paid in US cents.
    pub amount_usd: i64,
    pub refunded: bool,
}

/// The days and hours of the charts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Figures {
    pub days: Vec<Day>,
    pub hours: Vec<Hour>,
}

/// Where the clock's `offset_minutes` (east of UTC) starts the day and the
/// hour holding `now_ms`.
fn local_starts(now_ms: i64, offset_minutes: i32) -> (i64, i64) {
    let offset = i64::from(offset_minutes) * MINUTE_MS;
    let local = now_ms + offset;
    (local.div_euclid(DAY_MS) * DAY_MS - offset, local.div_euclid(HOUR_MS) * HOUR_MS - offset)
}

/// Since when orders count: the start of the first day or hour shown.
pub fn window_start(now_ms: i64, offset_minutes: i32) -> i64 {
    let (today, hour) = local_starts(now_ms, offset_minutes);
    (today - (DAYS as i64 - 1) * DAY_MS).min(hour - (HOURS as i64 - 1) * HOUR_MS)
}

/// Index of the bucket of `size_ms` from `first` holding `at`, if shown.
fn bucket(at: i64, first: i64, size_ms: i64, count: usize) -> Option<usize> {
    if at < first {
        return None;
    }
    usize::try_from((at - first) / size_ms).ok().filter(|index| *index < count)
}

/// Counts `orders` into the 30 days and 24 hours ending now.
pub fn count(now_ms: i64, offset_minutes: i32, orders: &[OrderTimes]) -> Figures {
    let (today, hour) = local_starts(now_ms, offset_minutes);
    let first_day = today - (DAYS as i64 - 1) * DAY_MS;
    let first_hour = hour - (HOURS as i64 - 1) * HOUR_MS;
    let mut days: Vec<Day> =
        (0..DAYS as i64).map(|index| Day { start_ms: first_day + index * DAY_MS, ..Day::default() }).collect();
    let mut hours: Vec<Hour> =
        (0..HOURS as i64).map(|index| Hour { start_ms: first_hour + index * HOUR_MS, ..Hour::default() }).collect();
    for order in orders {
        if let Some(index) = bucket(order.created_at, first_hour, HOUR_MS, HOURS) {
            hours[index].placed += 1;
        }
        if let Some(paid_at) = order.paid_at {
            if let Some(index) = bucket(paid_at, first_hour, HOUR_MS, HOURS) {
                hours[index].paid += 1;
            }
            if let Some(index) = bucket(paid_at, first_day, DAY_MS, DAYS) {
                days[index].paid += 1;
                if !order.refunded {
                    days[index].sales_usd += order.amount_usd;
                }
            }
        }
        if let Some(index) = order.delivered_at.and_then(|at| bucket(at, first_day, DAY_MS, DAYS)) {
            days[index].delivered += 1;
        }
    }
    Figures { days, hours }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-24 15:30 UTC.
    const NOW: i64 = 1_795_534_200_000;

    fn order(created_at: i64, paid_at: Option<i64>, delivered_at: Option<i64>) -> OrderTimes {
        OrderTimes { created_at, paid_at, delivered_at, amount_usd: 1000, refunded: false }
    }

    #[test]
    fn days_start_at_the_staff_members_midnight() {
        let utc = count(NOW, 0, &[]);
        assert_eq!(utc.days.len(), DAYS);
        assert_eq!(utc.hours.len(), HOURS);
        assert_eq!(utc.days[DAYS - 1].start_ms, NOW - 15 * HOUR_MS - 30 * MINUTE_MS, "today 00:00 UTC");
        assert_eq!(utc.hours[HOURS - 1].start_ms, NOW - 30 * MINUTE_MS, "15:00");
        assert_eq!(utc.days[0].start_ms, utc.days[DAYS - 1].start_ms - 29 * DAY_MS);
        // In Tokyo (UTC+9) it is 00:30 on the 25th: today began half an hour ago.
        let tokyo = count(NOW, 540, &[]);
        assert_eq!(tokyo.days[DAYS - 1].start_ms, NOW - 30 * MINUTE_MS);
        // In Kolkata (UTC+5:30) it is 21:00: the hour began now.
        assert_eq!(count(NOW, 330, &[]).hours[HOURS - 1].start_ms, NOW);
        // West of UTC (UTC−8) it is 07:30.
        assert_eq!(count(NOW, -480, &[]).days[DAYS - 1].start_ms, NOW - 7 * HOUR_MS - 30 * MINUTE_MS);
    }

    #[test]
    fn orders_count_where_they_happened() {
        let orders = [
            // Placed and paid this hour, delivered today.
            order(NOW - MINUTE_MS, Some(NOW - MINUTE_MS), Some(NOW)),
            // Placed an hour ago, never paid.
            order(NOW - HOUR_MS, None, None),
            // Paid yesterday, delivered today.
            order(NOW - DAY_MS, Some(NOW - DAY_MS), Some(NOW - 10 * MINUTE_MS)),
            // Paid 40 days ago: outside every window.
            order(NOW - 40 * DAY_MS, Some(NOW - 40 * DAY_MS), Some(NOW - 40 * DAY_MS)),
            // Paid today and refunded since: paid, no sales.
            OrderTimes { refunded: true, ..order(NOW - 2 * HOUR_MS, Some(NOW - 2 * HOUR_MS), None) },
        ];
        let figures = count(NOW, 0, &orders);
        let today = figures.days[DAYS - 1];
        assert_eq!((today.sales_usd, today.paid, today.delivered), (1000, 2, 2));
        let yesterday = figures.days[DAYS - 2];
        assert_eq!((yesterday.sales_usd, yesterday.paid, yesterday.delivered), (1000, 1, 0));
        assert_eq!(figures.days.iter().map(|day| day.paid).sum::<i64>(), 3);
        let now = figures.hours[HOURS - 1];
        assert_eq!((now.placed, now.paid), (1, 1));
        assert_eq!(figures.hours[HOURS - 2].placed, 1);
        assert_eq!(figures.hours[HOURS - 3].paid, 1);
        // Yesterday's order was paid exactly 24 hours ago: before the first hour shown.
        assert_eq!(figures.hours.iter().map(|hour| hour.paid).sum::<i64>(), 2);
    }

    #[test]
    fn the_window_covers_the_first_day_and_hour() {
        let start = window_start(NOW, 0);
        assert_eq!(start, count(NOW, 0, &[]).days[0].start_ms);
        // Just after midnight in Tokyo the first hour shown is yesterday's, but
        // the first day is 29 days before today: the day is earlier still.
        assert!(window_start(NOW, 540) <= count(NOW, 540, &[]).hours[0].start_ms);
    }
}
