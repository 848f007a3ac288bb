//! Delivery and billing addresses: what one must hold, and the default rules.

use keyshop_core::error::{AppError, FieldErrors};

use super::profile::{self, MAX_ADDRESS_CHARS};
use super::{country, text};

pub const MAX_NAME_CHARS: usize = 60;
pub const MAX_PLACE_CHARS: usize = 100;
/// At most this many addresses per member.
pub const MAX_PER_MEMBER: i64 = 20;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddressForm {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    pub province: String,
    pub zip: String,
    pub country: String,
    pub is_default: bool,
}

impl AddressForm {
    /// The address to store; every field but the province is required.
    pub fn validate(&self) -> Result<AddressForm, AppError> {
        let mut errors = FieldErrors::default();
        let first_name = text::required(&mut errors, "firstName", &self.first_name, MAX_NAME_CHARS);
        let last_name = text::required(&mut errors, "lastName", &self.last_name, MAX_NAME_CHARS);
        let country = if self.country.trim().is_empty() {
            errors.add("country", "api.field.required");
            String::new()
        } else {
            country::normalize(&self.country).unwrap_or_else(|| {
                errors.add("country", "api.member.countryInvalid");
                String::new()
            })
        };
        let phone = profile::phone(&mut errors, &country, &self.phone, true);
        let address = text::required(&mut errors, "address", &self.address, MAX_ADDRESS_CHARS);
        let city = text::required(&mut errors, "city", &self.city, MAX_PLACE_CHARS);
        let province = text::optional(&mut errors, "province", &self.province, MAX_PLACE_CHARS);
        let zip = profile::zip(&mut errors, &country, &self.zip, true);
        errors.finish()?;
        Ok(AddressForm {
            first_name,
            last_name,
            phone,
            address,
            city,
            province,
            zip,
            country,
            is_default: self.is_default,
        })
    }
}

/// Whether a new address becomes the default: the first one always does.
pub fn new_is_default(requested: bool, existing: i64) -> bool {
    requested || existing == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> AddressForm {
        AddressForm {
            first_name: "Ana".into(),
            last_name: "Lima".into(),
            phone: "030 901820".into(),
            address: "Unter den Linden 1".into(),
            city: "Berlin".into(),
            province: "".into(),
            zip: "10117".into(),
            country: "DE".into(),
            is_default: false,
        }
    }

    #[test]
    fn a_good_address_validates() {
        let address = form().validate().unwrap();
        assert_eq!(address.phone, "+4930901820");
    }

    #[test]
    fn every_required_field_is_named() {
        let fields = AddressForm::default().validate().unwrap_err().fields;
        for field in ["firstName", "lastName", "phone", "address", "city", "zip", "country"] {
            assert_eq!(fields[field], "api.field.required", "{field}");
        }
        assert!(!fields.contains_key("province"));
        let fields = AddressForm { zip: "1".into(), phone: "1".into(), ..form() }.validate().unwrap_err().fields;
        assert_eq!(fields["zip"], "api.member.zipInvalid");
        assert_eq!(fields["phone"], "api.member.phoneInvalid");
    }

    #[test]
    fn the_first_address_is_the_default() {
        assert!(new_is_default(false, 0));
        assert!(!new_is_default(false, 1));
        assert!(new_is_default(true, 3));
    }
}
