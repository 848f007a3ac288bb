//! Membership levels: which level a total consumption reaches, what is left
//! to the next one, the points a payment earns, and the level table as
//! staff write it in the console.

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::fields;

/// The most levels a store has.
pub const MAX_LEVELS: usize = 10;
const MAX_NAME_CHARS: usize = 40;
/// 1,000,000.00 US dollars.
const MAX_THRESHOLD_USD_CENTS: i64 = 100_000_000;
const MAX_DISCOUNT_PERCENT: i32 = 50;
const MAX_POINTS_PER_USD: i32 = 100;
const MAX_EXCHANGE_RATE: i32 = 100_000;

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

/// Checks the level table staff wrote (`id` 0: a new level), every field
/// at once: 1 to 10 levels, named (each name once), thresholds each once and
/// one of them 0 (where every member starts), a discount of at most 50 %, at
/// most 100 points per dollar, an exchange rate of 1 to 100,000 points per
/// dollar. Lowest threshold first.
pub fn check_levels(levels: Vec<Level>) -> Result<Vec<Level>, AppError> {
    let mut errors = FieldErrors::default();
    if levels.is_empty() || levels.len() > MAX_LEVELS {
        errors.add("levels", "api.staff.levelCount");
    }
    let mut kept: Vec<Level> = Vec::with_capacity(levels.len());
    for (index, level) in levels.into_iter().enumerate() {
        let field = |name: &str| format!("levels[{index}].{name}");
        let name = fields::required(&mut errors, &field("name"), &level.name, MAX_NAME_CHARS);
        if !name.is_empty() && kept.iter().any(|other| other.name.to_lowercase() == name.to_lowercase()) {
            errors.add(field("name"), "api.field.duplicate");
        }
        if !(0..=MAX_THRESHOLD_USD_CENTS).contains(&level.threshold_usd_cents) {
            errors.add(field("thresholdUsdCents"), "api.field.outOfRange");
        } else if kept.iter().any(|other| other.threshold_usd_cents == level.threshold_usd_cents) {
            errors.add(field("thresholdUsdCents"), "api.field.duplicate");
        }
        if !(0..=MAX_DISCOUNT_PERCENT).contains(&level.discount_percent) {
            errors.add(field("discountPercent"), "api.field.outOfRange");
        }
        if !(0..=MAX_POINTS_PER_USD).contains(&level.points_per_usd) {
            errors.add(field("pointsPerUsd"), "api.field.outOfRange");
        }
        if !(1..=MAX_EXCHANGE_RATE).contains(&level.exchange_rate) {
            errors.add(field("exchangeRate"), "api.field.outOfRange");
        }
        if level.id < 0 || (level.id > 0 && kept.iter().any(|other| other.id == level.id)) {
            errors.add(field("id"), "api.field.invalid");
        }
        kept.push(Level { name, ..level });
    }
    if !kept.is_empty() && !kept.iter().any(|level| level.threshold_usd_cents == 0) {
        errors.add("levels", "api.staff.levelFromZero");
    }
    errors.finish()?;
    kept.sort_by_key(|level| level.threshold_usd_cents);
    Ok(kept)
}

/// What staff read, to send back with their change (a change made in
/// between gives another).
pub fn fingerprint(levels: &[Level]) -> String {
    let text: String = levels
        .iter()
        .map(|level| {
            format!(
                "{}|{}|{}|{}|{}|{}\n",
                level.id,
                level.name,
                level.threshold_usd_cents,
                level.discount_percent,
                level.points_per_usd,
                level.exchange_rate
            )
        })
        .collect();
    keyshop_core::secret::digest(&text).chars().take(16).collect()
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

    #[test]
    fn the_level_table_is_checked_field_by_field_and_sorted() {
        let checked = check_levels(levels()).unwrap();
        let names: Vec<&str> = checked.iter().map(|level| level.name.as_str()).collect();
        assert_eq!(names, ["Bronze", "Silver", "Gold"]);
        let mut bad = levels();
        bad[0].name = " bronze ".into();
        bad[1].threshold_usd_cents = 50_000;
        bad[2].discount_percent = 51;
        bad[2].points_per_usd = -1;
        bad[2].exchange_rate = 0;
        let error = check_levels(bad).unwrap_err();
        let fields: Vec<&str> = error.fields.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "levels",
                "levels[1].name",
                "levels[2].discountPercent",
                "levels[2].exchangeRate",
                "levels[2].pointsPerUsd",
                "levels[2].thresholdUsdCents"
            ]
        );
        assert_eq!(error.fields["levels"], "api.staff.levelFromZero", "no level starts at 0 any more");
        assert!(check_levels(Vec::new()).unwrap_err().fields.contains_key("levels"));
    }

    #[test]
    fn the_fingerprint_changes_with_any_field() {
        let before = fingerprint(&levels());
        let mut changed = levels();
        changed[1].exchange_rate = 99;
        assert_ne!(before, fingerprint(&changed));
        assert_eq!(before, fingerprint(&levels()));
    }
}
