//! Time. Services read it through the [`Clock`] they were given (the
//! platform's), so a test moves time instead of sleeping: [`ManualClock`]
//! stands still until told otherwise. Infrastructure that measures real
//! elapsed time (event timestamps, metrics, cache expiry in Redis) reads
//! [`SystemClock`] itself.

use std::fmt::Debug;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use time::OffsetDateTime;

/// Where a service reads the time.
pub trait Clock: Send + Sync + Debug {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> i64;

    /// Now, as a UTC date and time.
    fn now(&self) -> OffsetDateTime {
        date_time(self.now_ms())
    }
}

/// A clock shared by a process's services.
pub type SharedClock = Arc<dyn Clock>;

/// The machine's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        (OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000) as i64
    }
}

/// The machine's clock, shared.
pub fn system() -> SharedClock {
    Arc::new(SystemClock)
}

/// A clock that stands still until moved (tests).
#[derive(Debug)]
pub struct ManualClock {
    ms: AtomicI64,
}

impl ManualClock {
    /// Stopped at `ms`.
    pub fn at(ms: i64) -> Arc<ManualClock> {
        Arc::new(ManualClock { ms: AtomicI64::new(ms) })
    }

    /// Stopped at the machine's now.
    pub fn starting_now() -> Arc<ManualClock> {
        ManualClock::at(SystemClock.now_ms())
    }

    /// Moves the clock forward.
    pub fn advance(&self, by: Duration) {
        self.ms.fetch_add(i64::try_from(by.as_millis()).unwrap_or(i64::MAX), Ordering::SeqCst);
    }

    pub fn set(&self, ms: i64) {
        self.ms.store(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.ms.load(Ordering::SeqCst)
    }
}

/// `ms` since the epoch as a UTC date and time (the epoch itself when out of
/// range).
pub fn date_time(ms: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// The year and month (1–12) of `ms`, UTC.
pub fn year_month(ms: i64) -> (i32, u32) {
    let moment = date_time(ms);
    (moment.year(), u32::from(u8::from(moment.month())))
}

/// `YYYYMMDD` of `ms`, UTC.
pub fn yyyymmdd(ms: i64) -> u32 {
    let date = date_time(ms).date();
    let (year, month, day) = (date.year(), u32::from(u8::from(date.month())), u32::from(date.day()));
    u32::try_from(year).unwrap_or(0) * 10_000 + month * 100 + day
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let clock = ManualClock::at(1_000);
        assert_eq!(clock.now_ms(), 1_000);
        clock.advance(Duration::from_secs(2));
        assert_eq!(clock.now_ms(), 3_000);
        clock.set(5);
        assert_eq!(clock.now_ms(), 5);
    }

    #[test]
    fn calendar_dates_of_instants() {
        assert_eq!(yyyymmdd(0), 19700101);
        assert_eq!(yyyymmdd(1_795_392_000_000), 20261123);
        assert_eq!(yyyymmdd(951_782_400_000), 20000229);
        assert_eq!(year_month(1_795_392_000_000), (2026, 11));
        assert!(SystemClock.now_ms() > 1_795_392_000_000);
    }
}
