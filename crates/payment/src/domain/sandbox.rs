//! The sandbox provider's test cards, as the real card networks' test
//! numbers behave: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
//! declined, 4000 0000 0000 9995 has insufficient funds. Any other number
//! that passes the Luhn check is declined; the expiry must be in the future
//! and the CVC 3 or 4 digits.

use keyshop_core::error::FieldErrors;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardOutcome {
    Succeeded,
    Declined,
    InsufficientFunds,
}

impl CardOutcome {
    /// The provider's decline code, as in the webhook.
    pub fn code(self) -> &'static str {
        match self {
            CardOutcome::Succeeded => "succeeded",
            CardOutcome::Declined => "card_declined",
            CardOutcome::InsufficientFunds => "insufficient_funds",
        }
    }
}

/// What the test payment page sends.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardForm {
    pub number: String,
    /// `MM/YY`
    pub expiry: String,
    pub cvc: String,
}

fn luhn(digits: &[u32]) -> bool {
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(index, digit)| if index % 2 == 1 { (digit * 2) / 10 + (digit * 2) % 10 } else { *digit })
        .sum();
    sum.is_multiple_of(10)
}

/// The card's outcome; field errors for a card that is not even a card.
/// `year` and `month` are today's (for the expiry check).
pub fn charge(form: &CardForm, year: i32, month: u32) -> Result<CardOutcome, keyshop_core::error::AppError> {
    let mut errors = FieldErrors::default();
    let compact: String = form.number.chars().filter(|char| !char.is_whitespace() && *char != '-').collect();
    let digits: Option<Vec<u32>> = compact.chars().map(|char| char.to_digit(10)).collect();
    let digits = digits.filter(|digits| (12..=19).contains(&digits.len()) && luhn(digits));
    if digits.is_none() {
        errors.add("number", "api.payment.cardInvalid");
    }
    let expiry = form
        .expiry
        .trim()
        .split_once('/')
        .and_then(|(mm, yy)| Some((mm.trim().parse::<u32>().ok()?, yy.trim().parse::<i32>().ok()?)))
        .filter(|(mm, _)| (1..=12).contains(mm))
        .map(|(mm, yy)| (mm, if yy < 100 { 2000 + yy } else { yy }));
    match expiry {
        Some((mm, yy)) if (yy, mm) >= (year, month) => {}
        _ => errors.add("expiry", "api.payment.expiryInvalid"),
    }
    let cvc = form.cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.chars().all(|char| char.is_ascii_digit()) {
        errors.add("cvc", "api.payment.cvcInvalid");
    }
    errors.finish()?;
    Ok(match compact.as_str() {
        "4242424242424242" => CardOutcome::Succeeded,
        "4000000000009995" => CardOutcome::InsufficientFunds,
        _ => CardOutcome::Declined,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(number: &str) -> CardForm {
        CardForm { number: number.to_owned(), expiry: "12/30".to_owned(), cvc: "123".to_owned() }
    }

    #[test]
    fn the_test_cards_do_what_they_say() {
        assert_eq!(charge(&card("4242 4242 4242 4242"), 2026, 11).unwrap(), CardOutcome::Succeeded);
        assert_eq!(charge(&card("4000 0000 0000 0002"), 2026, 11).unwrap(), CardOutcome::Declined);
        assert_eq!(charge(&card("4000-0000-0000-9995"), 2026, 11).unwrap(), CardOutcome::InsufficientFunds);
        assert_eq!(
            charge(&card("5555 5555 5555 4444"), 2026, 11).unwrap(),
            CardOutcome::Declined,
            "a real-looking card"
        );
        assert_eq!(CardOutcome::InsufficientFunds.code(), "insufficient_funds");
    }

    #[test]
    fn what_is_not_a_card_says_which_field() {
        let fields =
            |form: CardForm| -> Vec<String> { charge(&form, 2026, 11).unwrap_err().fields.into_keys().collect() };
        assert_eq!(fields(card("4242 4242 4242 4241")), ["number"], "Luhn");
        assert_eq!(fields(card("4242")), ["number"]);
        assert_eq!(fields(CardForm { expiry: "10/26".to_owned(), ..card("4242424242424242") }), ["expiry"]);
        assert_eq!(fields(CardForm { expiry: "13/30".to_owned(), ..card("4242424242424242") }), ["expiry"]);
        assert!(charge(&CardForm { expiry: "11/2026".to_owned(), ..card("4242424242424242") }, 2026, 11).is_ok());
        assert_eq!(fields(CardForm { cvc: "12a".to_owned(), ..card("4242424242424242") }), ["cvc"]);
        assert_eq!(fields(CardForm::default()), ["cvc", "expiry", "number"]);
    }
}
