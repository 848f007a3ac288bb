//! The checkout form and the order number.

use keyshop_core::email::Email;
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::money::CurrencyCode;
use keyshop_core::postal::{PostalAddress, PostalAddressForm};

pub const MAX_NOTE_LEN: usize = 500;
pub const MAX_COUPON_LEN: usize = 32;
/// The most points one order may offer (a trillion: far beyond any balance).
pub const MAX_POINTS: i64 = 1_000_000_000_000;

/// What the buyer fills in at checkout.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckoutForm {
    pub email: String,
    pub contact: String,
    pub note: String,
    pub coupon: String,
    pub payment_method: String,
    pub currency: String,
    /// Who pays; the form names its fields `billingAddress.<field>`.
    pub billing_address: PostalAddressForm,
    /// A member's points to pay with (0: none).
    pub points: i64,
}

/// The form, checked and cleaned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedForm {
    pub email: Email,
    /// Digits with an optional leading `+`, separators removed; empty when not given.
    pub contact: String,
    pub note: String,
    pub coupon: Option<String>,
    pub payment_method: String,
    pub currency: CurrencyCode,
    pub billing_address: PostalAddress,
    /// The most points to pay with (0: none).
    pub points: i64,
}

/// A contact number: optional, but when given 6 to 20 digits, an optional
/// leading `+`, and only spaces, dots, dashes or brackets between them.
pub fn normalize_contact(contact: &str) -> Option<String> {
    let trimmed = contact.trim();
    if trimmed.is_empty() {
        return Some(String::new());
    }
    let (plus, rest) = trimmed.strip_prefix('+').map_or(("", trimmed), |rest| ("+", rest));
    if !rest.chars().all(|char| char.is_ascii_digit() || " .-()".contains(char)) {
        return None;
    }
    let digits: String = rest.chars().filter(char::is_ascii_digit).collect();
    (6..=20).contains(&digits.len()).then(|| format!("{plus}{digits}"))
}

/// Checks the form; `has_lines` says whether anything is being bought.
pub fn check(form: &CheckoutForm, has_lines: bool) -> Result<CheckedForm, AppError> {
    let mut errors = FieldErrors::default();
    // Lower-cased whole: a guest finds the order by it, however it was typed.
    let email = Email::parse(&form.email.trim().to_lowercase());
    if email.is_none() {
        errors.add("email", "api.member.emailInvalid");
    }
    let contact = normalize_contact(&form.contact);
    if contact.is_none() {
        errors.add("contact", "api.order.contactInvalid");
    }
    let note = form.note.trim();
    if note.chars().count() > MAX_NOTE_LEN || note.chars().any(|char| char.is_control() && char != '\n') {
        errors.add("note", "api.error.validation");
    }
    let coupon = form.coupon.trim();
    if coupon.len() > MAX_COUPON_LEN || !coupon.chars().all(|char| char.is_ascii_alphanumeric() || char == '-') {
        errors.add("coupon", "api.order.couponNotFound");
    }
    if form.payment_method.trim().is_empty() {
        errors.add("paymentMethod", "api.order.methodRequired");
    }
    let currency = CurrencyCode::parse(&form.currency.trim().to_ascii_uppercase()).ok();
    if currency.is_none() {
        errors.add("currency", "api.error.validation");
    }
    let mut address_errors = FieldErrors::default();
    let billing_address = form.billing_address.check(&mut address_errors);
    for (field, key) in address_errors.into_error().fields {
        errors.add(format!("billingAddress.{field}"), key);
    }
    if !(0..=MAX_POINTS).contains(&form.points) {
        errors.add("points", "api.field.outOfRange");
    }
    if !has_lines {
        errors.add("lines", "api.order.noProducts");
    }
    errors.finish()?;
    let (Some(email), Some(contact), Some(currency)) = (email, contact, currency) else {
        return Err(AppError::internal("checked fields went missing"));
    };
    Ok(CheckedForm {
        email,
        contact,
        note: note.to_owned(),
        coupon: (!coupon.is_empty()).then(|| super::coupon::normalize_code(coupon)),
        payment_method: form.payment_method.trim().to_owned(),
        currency,
        billing_address,
        points: form.points,
    })
}

/// `KS` + the UTC date + 12 random digits: not counting orders, and with a
/// million orders a day two share a number about once in two thousand days
/// (checkout still draws again when the number is taken).
pub fn order_no(date_yyyymmdd: u32, random: u64) -> String {
    format!("KS{date_yyyymmdd:08}{:012}", random % 1_000_000_000_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> CheckoutForm {
        CheckoutForm {
            email: " Ann@Example.com ".to_owned(),
            contact: "+49 (30) 901-820".to_owned(),
            note: "For my brother".to_owned(),
            coupon: " welcome10 ".to_owned(),
            payment_method: "sandbox".to_owned(),
            currency: "eur".to_owned(),
            billing_address: PostalAddressForm {
                first_name: "Ann".to_owned(),
                last_name: "Lee".to_owned(),
                phone: "030 901820".to_owned(),
                address: "Unter den Linden 1".to_owned(),
                city: "Berlin".to_owned(),
                province: String::new(),
                zip: "10117".to_owned(),
                country: "DE".to_owned(),
            },
            points: 250,
        }
    }

    #[test]
    fn a_good_form_comes_back_cleaned() {
        let checked = check(&form(), true).unwrap();
        assert_eq!(checked.email.as_str(), "ann@example.com");
        assert_eq!(checked.contact, "+4930901820");
        assert_eq!(checked.coupon.as_deref(), Some("WELCOME10"));
        assert_eq!(checked.currency.as_str(), "EUR");
        assert_eq!(checked.billing_address.phone, "+4930901820");
        assert_eq!(checked.points, 250);
        let bare = CheckoutForm { contact: String::new(), coupon: String::new(), note: String::new(), ..form() };
        let checked = check(&bare, true).unwrap();
        assert_eq!((checked.contact.as_str(), checked.coupon), ("", None));
    }

    #[test]
    fn every_bad_field_is_named_with_its_message() {
        let bad = CheckoutForm {
            email: "ann@".to_owned(),
            contact: "call me".to_owned(),
            note: "x".repeat(MAX_NOTE_LEN + 1),
            coupon: "no spaces please".to_owned(),
            payment_method: " ".to_owned(),
            currency: "EURO".to_owned(),
            billing_address: PostalAddressForm { zip: "1".to_owned(), city: String::new(), ..form().billing_address },
            points: -1,
        };
        let error = check(&bad, false).unwrap_err();
        let fields: Vec<(&str, &str)> = error.fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            fields,
            [
                ("billingAddress.city", "api.field.required"),
                ("billingAddress.zip", "api.member.zipInvalid"),
                ("contact", "api.order.contactInvalid"),
                ("coupon", "api.order.couponNotFound"),
                ("currency", "api.error.validation"),
                ("email", "api.member.emailInvalid"),
                ("lines", "api.order.noProducts"),
                ("note", "api.error.validation"),
                ("paymentMethod", "api.order.methodRequired"),
                ("points", "api.field.outOfRange"),
            ]
        );
    }

    #[test]
    fn contact_numbers() {
        assert_eq!(normalize_contact("  "), Some(String::new()));
        assert_eq!(normalize_contact("030 901820").as_deref(), Some("030901820"));
        assert_eq!(normalize_contact("12345"), None, "too short");
        assert_eq!(normalize_contact("+1 555 0100 ext 7"), None);
        assert_eq!(normalize_contact(&"1".repeat(21)), None);
        assert_eq!(normalize_contact("++49301234567"), None);
    }

    #[test]
    fn order_numbers_have_a_fixed_shape() {
        assert_eq!(order_no(20261123, 42), "KS20261123000000000042");
        assert_eq!(order_no(20261123, u64::MAX).len(), 22);
    }
}
