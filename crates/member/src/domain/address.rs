//! Delivery and billing addresses: what one must hold, and the default rules.

use keyshop_core::error::AppError;
use keyshop_core::postal::{PostalAddress, PostalAddressForm};

pub use keyshop_core::postal::{MAX_NAME_CHARS, MAX_PLACE_CHARS};
/// At most this many addresses per member.
pub const MAX_PER_MEMBER: i64 = 20;

/// An address-book entry as typed: the address and whether it is the default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressForm {
    pub address: PostalAddressForm,
    pub is_default: bool,
}

/// An address-book entry, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedAddress {
    pub address: PostalAddress,
    pub is_default: bool,
}

impl AddressForm {
    /// The address to store; every field but the province is required.
    pub fn validate(&self) -> Result<CheckedAddress, AppError> {
        Ok(CheckedAddress { address: self.address.parse()?, is_default: self.is_default })
    }
}

/// Whether a new address becomes the default: the first one always does.
pub fn new_is_default(requested: bool, existing: i64) -> bool {
    requested || existing == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_its_checked_address() {
        let form = AddressForm {
            address: PostalAddressForm {
                first_name: "Ana".into(),
                last_name: "Lima".into(),
                phone: "030 901820".into(),
                address: "Unter den Linden 1".into(),
                city: "Berlin".into(),
                zip: "10117".into(),
                country: "DE".into(),
                ..PostalAddressForm::default()
            },
            is_default: true,
        };
        let checked = form.validate().unwrap();
        assert_eq!((checked.address.phone.as_str(), checked.is_default), ("+4930901820", true));
        assert_eq!(AddressForm::default().validate().unwrap_err().fields.len(), 7);
    }

    #[test]
    fn the_first_address_is_the_default() {
        assert!(new_is_default(false, 0));
        assert!(!new_is_default(false, 1));
        assert!(new_is_default(true, 3));
    }
}
