//! Reservations: what a checkout may ask for, and the states of a hold.
//!
//! A key is `available`, `reserved` for one order line, or `sold` to it. A
//! reservation is `held` until paid (`allocated`) or given back (`released`:
//! cancelled, expired, failed).

use std::collections::BTreeSet;

use keyshop_core::error::{AppError, FieldErrors};

/// Keys one order line may hold.
pub const MAX_QUANTITY_PER_LINE: i64 = 100;
pub const MAX_LINES: usize = 50;
pub const MAX_ORDER_NO_LEN: usize = 64;
/// The longest hold a caller may ask for.
pub const MAX_HOLD_SECONDS: i64 = 24 * 3600;

keyshop_core::code_enum! {
    /// Where a key is.
    pub enum KeyStatus {
        Available = "available",
        /// Held for one order line until the order is paid or given up.
        Reserved = "reserved",
        Sold = "sold",
    }
}

keyshop_core::code_enum! {
    /// Where a checkout's hold is.
    pub enum HoldState {
        /// Keys held until paid or released.
        Held = "held",
        /// Given back: cancelled, expired, failed.
        Released = "released",
        /// Paid: the keys are the order's.
        Allocated = "allocated",
    }
}

/// One line of a reservation request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineRequest {
    pub line_no: i64,
    pub sku: String,
    pub quantity: i64,
}

/// Checks a reservation request; field errors name the first bad line.
pub fn check_request(order_no: &str, lines: &[LineRequest], hold_seconds: i64) -> Result<(), AppError> {
    let mut errors = FieldErrors::default();
    if !is_order_no(order_no) {
        errors.add("orderNo", "api.error.validation");
    }
    if lines.is_empty() || lines.len() > MAX_LINES {
        errors.add("lines", "api.error.validation");
    }
    let mut seen = BTreeSet::new();
    for line in lines {
        if !seen.insert(line.line_no) || line.line_no < 0 {
            errors.add("lines", "api.error.validation");
        }
        if line.sku.trim().is_empty() || line.sku.len() > 64 {
            errors.add("sku", "api.error.validation");
        }
        if !(1..=MAX_QUANTITY_PER_LINE).contains(&line.quantity) {
            errors.add("quantity", "api.error.validation");
        }
    }
    if !(0..=MAX_HOLD_SECONDS).contains(&hold_seconds) {
        errors.add("holdSeconds", "api.error.validation");
    }
    errors.finish()
}

/// An order number as callers send it: 1 to 64 letters, digits, `-` or `_`.
pub fn is_order_no(order_no: &str) -> bool {
    !order_no.is_empty()
        && order_no.len() <= MAX_ORDER_NO_LEN
        && order_no.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// Lines sorted by SKU, so two checkouts lock stock rows in the same order
/// and never deadlock.
pub fn lock_order(lines: &[LineRequest]) -> Vec<LineRequest> {
    let mut sorted = lines.to_vec();
    sorted.sort_by(|left, right| left.sku.cmp(&right.sku).then(left.line_no.cmp(&right.line_no)));
    sorted
}

/// Why a paid order's event is not the order that was checked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PaidRefusal {
    #[error("the order was never held here: it did not come through checkout")]
    NeverHeld,
    #[error("the e-mail is not the buyer's the order was held for")]
    OtherEmail,
    #[error("the lines are not the ones held")]
    OtherLines,
}

/// Whether a paid order's event (`paid_email`, `paid_lines`) is the order
/// held here: held at all, for the same buyer's e-mail (when the hold
/// recorded one: `held_email` is `Some("")` for holds made before it was),
/// with the same lines.
pub fn check_paid_against(
    held_email: Option<&str>,
    held_lines: &[LineRequest],
    paid_email: &str,
    paid_lines: &[LineRequest],
) -> Result<(), PaidRefusal> {
    let held_email = held_email.ok_or(PaidRefusal::NeverHeld)?;
    if !held_email.is_empty() && !held_email.eq_ignore_ascii_case(paid_email.trim()) {
        return Err(PaidRefusal::OtherEmail);
    }
    let mut held: Vec<&LineRequest> = held_lines.iter().collect();
    let mut paid: Vec<&LineRequest> = paid_lines.iter().collect();
    held.sort_by_key(|line| line.line_no);
    paid.sort_by_key(|line| line.line_no);
    if held != paid {
        return Err(PaidRefusal::OtherLines);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(line_no: i64, sku: &str, quantity: i64) -> LineRequest {
        LineRequest { line_no, sku: sku.to_owned(), quantity }
    }

    #[test]
    fn good_requests_pass() {
        assert!(check_request("KS-20261123-0001", &[line(1, "SKU-A", 2), line(2, "SKU-B", 1)], 0).is_ok());
        assert!(check_request("A_1", &[line(0, "S", MAX_QUANTITY_PER_LINE)], MAX_HOLD_SECONDS).is_ok());
    }

    #[test]
    fn bad_requests_name_their_fields() {
        let fields = |result: Result<(), AppError>| {
            let mut fields: Vec<String> = result.unwrap_err().fields.keys().cloned().collect();
            fields.sort();
            fields
        };
        assert_eq!(fields(check_request("", &[], -1)), ["holdSeconds", "lines", "orderNo"]);
        assert_eq!(fields(check_request("a b", &[line(1, "S", 1)], 0)), ["orderNo"]);
        assert_eq!(fields(check_request("A", &[line(1, "S", 1), line(1, "T", 1)], 0)), ["lines"]);
        assert_eq!(fields(check_request("A", &[line(1, " ", 0)], 0)), ["quantity", "sku"]);
        assert_eq!(fields(check_request("A", &[line(1, "S", MAX_QUANTITY_PER_LINE + 1)], 0)), ["quantity"]);
        assert_eq!(fields(check_request(&"A".repeat(65), &[line(1, "S", 1)], 0)), ["orderNo"]);
    }

    #[test]
    fn locks_are_taken_in_sku_order() {
        let sorted = lock_order(&[line(1, "B", 1), line(2, "A", 1), line(3, "A", 2)]);
        let order: Vec<_> = sorted.iter().map(|line| line.line_no).collect();
        assert_eq!(order, [2, 3, 1]);
    }

    #[test]
    fn states_round_trip() {
        for state in [HoldState::Held, HoldState::Released, HoldState::Allocated] {
            assert_eq!(HoldState::parse(state.as_str()), Some(state));
        }
        assert_eq!(HoldState::parse("paid"), None);
        assert_eq!(KeyStatus::Sold.as_str(), "sold");
    }

    #[test]
    fn a_paid_event_must_be_the_order_held_for_its_buyer() {
        let held = vec![LineRequest { line_no: 1, sku: "SKU-A".into(), quantity: 2 }];
        assert_eq!(check_paid_against(Some("ann@example.com"), &held, " Ann@Example.com ", &held), Ok(()));
        assert_eq!(check_paid_against(None, &[], "ann@example.com", &held), Err(PaidRefusal::NeverHeld));
        assert_eq!(
            check_paid_against(Some("ann@example.com"), &held, "thief@example.com", &held),
            Err(PaidRefusal::OtherEmail)
        );
        let more = vec![LineRequest { line_no: 1, sku: "SKU-A".into(), quantity: 20 }];
        assert_eq!(
            check_paid_against(Some("ann@example.com"), &held, "ann@example.com", &more),
            Err(PaidRefusal::OtherLines)
        );
        // A hold made before holds recorded the e-mail: the lines still count.
        assert_eq!(check_paid_against(Some(""), &held, "ann@example.com", &held), Ok(()));
    }
}
