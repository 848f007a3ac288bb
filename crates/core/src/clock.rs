/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    let now = time::OffsetDateTime::now_utc();
    (now.unix_timestamp_nanos() / 1_000_000) as i64
}

/// Today's year and month (1–12), UTC.
pub fn year_month() -> (i32, u32) {
    let now = time::OffsetDateTime::now_utc();
    (now.year(), u32::from(u8::from(now.month())))
}
