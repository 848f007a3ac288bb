//! Refund requests: the answer the refund page promises within 2 working
//! days (Monday to Friday, UTC).

const DAY_MS: i64 = 86_400_000;
/// Working days staff have to decide a refund request.
pub const DECISION_WORKING_DAYS: u32 = 2;

/// Monday is 0, Sunday 6, of the UTC day holding `at_ms`.
fn weekday(at_ms: i64) -> i64 {
    // 1970-01-01 was a Thursday.
    (at_ms.div_euclid(DAY_MS) + 3).rem_euclid(7)
}

/// When a refund asked at `requested_at_ms` must be decided: the same time
/// of day, 2 working days later (weekends do not count).
pub fn decision_deadline(requested_at_ms: i64) -> i64 {
    let mut at = requested_at_ms;
    let mut counted = 0;
    while counted < DECISION_WORKING_DAYS {
        at = at.saturating_add(DAY_MS);
        if weekday(at) < 5 {
            counted += 1;
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-23 10:00 UTC, a Monday.
    const MONDAY: i64 = 1_795_428_000_000;

    #[test]
    fn the_deadline_is_two_working_days_later() {
        assert_eq!(weekday(MONDAY), 0);
        assert_eq!(decision_deadline(MONDAY), MONDAY + 2 * DAY_MS, "Monday: Wednesday");
        let friday = MONDAY + 4 * DAY_MS;
        assert_eq!(decision_deadline(friday), MONDAY + 8 * DAY_MS, "Friday: Tuesday");
        let saturday = MONDAY + 5 * DAY_MS;
        assert_eq!(decision_deadline(saturday), MONDAY + 8 * DAY_MS, "Saturday: Tuesday");
    }
}
