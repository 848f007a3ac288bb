//! Membership levels: which level a total consumption reaches, what is left
//! to the next one, and the points a payment earns.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    pub id: i64,
    pub name: String,
    pub threshold_usd_cents: i64,
    pub discount_percent: i32,
    pub points_per_usd: i32,
    pub exchange_rate: i32,
}

/// Where a member stands among `levels` (any order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing<'a> {
    pub level: &'a Level,
    pub next: Option<&'a Level>,
    pub amount_to_next_usd_cents: i64,
}

/// The highest level whose threshold `total` reaches, the next one and the
/// amount still to spend; `None` only when `levels` has no level from 0.
pub fn standing(levels: &[Level], total_usd_cents: i64) -> Option<Standing<'_>> {
    let level = levels
        .iter()
        .filter(|level| level.threshold_usd_cents <= total_usd_cents)
        .max_by_key(|level| level.threshold_usd_cents)?;
    let next = levels
        .iter()
        .filter(|candidate| candidate.threshold_usd_cents > total_usd_cents)
        .min_by_key(|candidate| candidate.threshold_usd_cents);
    let amount_to_next_usd_cents = next.map_or(0, |next| next.threshold_usd_cents - total_usd_cents);
    Some(Standing { level, next, amount_to_next_usd_cents })
}

/// Points earned by paying `amount_usd_cents` at `points_per_usd` (whole points, rounded down).
pub fn points_for(amount_usd_cents: i64, points_per_usd: i32) -> i64 {
    amount_usd_cents.max(0).saturating_mul(i64::from(points_per_usd.max(0))) / 100
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels() -> Vec<Level> {
        [("Silver", 10_000, 2, 1), ("Bronze", 0, 0, 1), ("Gold", 50_000, 4, 2)]
            .into_iter()
            .enumerate()
            .map(|(index, (name, threshold, discount, points))| Level {
                id: index as i64 + 1,
                name: name.into(),
                threshold_usd_cents: threshold,
                discount_percent: discount,
                points_per_usd: points,
                exchange_rate: 100,
            })
            .collect()
    }

    #[test]
    fn the_level_follows_the_total() {
        let levels = levels();
        let start = standing(&levels, 0).unwrap();
        assert_eq!(start.level.name, "Bronze");
        assert_eq!(start.next.map(|level| level.name.as_str()), Some("Silver"));
        assert_eq!(start.amount_to_next_usd_cents, 10_000);
        let silver = standing(&levels, 10_000).unwrap();
        assert_eq!((silver.level.name.as_str(), silver.amount_to_next_usd_cents), ("Silver", 40_000));
        let top = standing(&levels, 1_000_000).unwrap();
        assert_eq!((top.level.name.as_str(), top.next, top.amount_to_next_usd_cents), ("Gold", None, 0));
        assert!(standing(&levels[..1], 0).is_none(), "no level starts at 0");
    }

    #[test]
    fn points_round_down() {
        assert_eq!(points_for(2_599, 1), 25);
        assert_eq!(points_for(2_599, 2), 51);
        assert_eq!(points_for(-5, 2), 0);
    }
}
