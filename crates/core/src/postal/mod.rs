//! Postal addresses: a member's address book and an order's billing address
//! hold the same checked shape. Phones are checked against the country's
//! numbering plan and stored in E.164; postal codes against the country's
//! format (lenient where the store knows none).

pub mod country;

use crate::error::{AppError, FieldErrors};
use crate::fields;

pub const MAX_NAME_CHARS: usize = 60;
pub const MAX_PLACE_CHARS: usize = 100;
pub const MAX_ADDRESS_CHARS: usize = 200;

/// An address as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostalAddressForm {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    pub province: String,
    pub zip: String,
    pub country: String,
}

/// An address, checked: every field but the province present, the phone in
/// E.164, the zip upper-cased, the country an ISO code the store knows.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddress {
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
    pub address: String,
    pub city: String,
    pub province: String,
    pub zip: String,
    pub country: String,
}

impl PostalAddressForm {
    /// The address, or every field error at once.
    pub fn parse(&self) -> Result<PostalAddress, AppError> {
        let mut errors = FieldErrors::default();
        let address = self.check(&mut errors);
        errors.finish()?;
        Ok(address)
    }

    /// Checks into `errors` (for a form that has other fields too).
    pub fn check(&self, errors: &mut FieldErrors) -> PostalAddress {
        let first_name = fields::required(errors, "firstName", &self.first_name, MAX_NAME_CHARS);
        let last_name = fields::required(errors, "lastName", &self.last_name, MAX_NAME_CHARS);
        let country = if self.country.trim().is_empty() {
            errors.add("country", "api.field.required");
            String::new()
        } else {
            country::normalize(&self.country).unwrap_or_else(|| {
                errors.add("country", "api.member.countryInvalid");
                String::new()
            })
        };
        let phone = phone(errors, &country, &self.phone, true);
        let address = fields::required(errors, "address", &self.address, MAX_ADDRESS_CHARS);
        let city = fields::required(errors, "city", &self.city, MAX_PLACE_CHARS);
        let province = fields::optional(errors, "province", &self.province, MAX_PLACE_CHARS);
        let zip = zip(errors, &country, &self.zip, true);
        PostalAddress { first_name, last_name, phone, address, city, province, zip, country }
    }
}

impl PostalAddress {
    /// An address another service already checked (an order's billing
    /// address on the bus), taken as it is.
    pub fn from_checked(address: keyshop_proto::common::v1::PostalAddress) -> PostalAddress {
        PostalAddress {
            first_name: address.first_name,
            last_name: address.last_name,
            phone: address.phone,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.zip,
            country: address.country,
        }
    }

    /// The address as lines to print (name, street, city line, country).
    pub fn lines(&self) -> Vec<String> {
        let city_line = [self.zip.as_str(), self.city.as_str(), self.province.as_str()]
            .iter()
            .filter(|part| !part.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        [format!("{} {}", self.first_name, self.last_name), self.address.clone(), city_line, self.country.clone()]
            .into_iter()
            .filter(|line| !line.trim().is_empty())
            .collect()
    }
}

impl From<PostalAddress> for keyshop_proto::common::v1::PostalAddress {
    fn from(address: PostalAddress) -> Self {
        keyshop_proto::common::v1::PostalAddress {
            first_name: address.first_name,
            last_name: address.last_name,
            phone: address.phone,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.zip,
            country: address.country,
        }
    }
}

/// An address off the wire is a form: the receiving service checks it.
impl From<keyshop_proto::common::v1::PostalAddress> for PostalAddressForm {
    fn from(address: keyshop_proto::common::v1::PostalAddress) -> Self {
        PostalAddressForm {
            first_name: address.first_name,
            last_name: address.last_name,
            phone: address.phone,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.zip,
            country: address.country,
        }
    }
}

/// The country, checked; "" when none was given.
pub fn optional_country(errors: &mut FieldErrors, value: &str) -> String {
    if value.trim().is_empty() {
        return String::new();
    }
    country::normalize(value).unwrap_or_else(|| {
        errors.add("country", "api.member.countryInvalid");
        String::new()
    })
}

/// A phone valid for `country`, in E.164; `required` says whether "" is an error.
pub fn phone(errors: &mut FieldErrors, country: &str, value: &str, required: bool) -> String {
    if value.trim().is_empty() {
        if required {
            errors.add("phone", "api.field.required");
        }
        return String::new();
    }
    country::phone_e164(country, value).unwrap_or_else(|| {
        errors.add("phone", "api.member.phoneInvalid");
        String::new()
    })
}

/// A postal code in the country's format; `required` says whether "" is an error.
pub fn zip(errors: &mut FieldErrors, country: &str, value: &str, required: bool) -> String {
    if value.trim().is_empty() {
        if required {
            errors.add("zip", "api.field.required");
        }
        return String::new();
    }
    country::zip(country, value).unwrap_or_else(|| {
        errors.add("zip", "api.member.zipInvalid");
        String::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> PostalAddressForm {
        PostalAddressForm {
            first_name: "Ana".into(),
            last_name: "Lima".into(),
            phone: "030 901820".into(),
            address: "Unter den Linden 1".into(),
            city: "Berlin".into(),
            province: "".into(),
            zip: "10117".into(),
            country: "de".into(),
        }
    }

    #[test]
    fn a_good_address_is_checked_and_cleaned() {
        let address = form().parse().unwrap();
        assert_eq!((address.phone.as_str(), address.country.as_str()), ("+4930901820", "DE"));
        assert_eq!(address.lines(), ["Ana Lima", "Unter den Linden 1", "10117 Berlin", "DE"]);
    }

    #[test]
    fn every_required_field_is_named() {
        let fields = PostalAddressForm::default().parse().unwrap_err().fields;
        for field in ["firstName", "lastName", "phone", "address", "city", "zip", "country"] {
            assert_eq!(fields[field], "api.field.required", "{field}");
        }
        assert!(!fields.contains_key("province"));
        let fields = PostalAddressForm { zip: "1".into(), phone: "1".into(), ..form() }.parse().unwrap_err().fields;
        assert_eq!(fields["zip"], "api.member.zipInvalid");
        assert_eq!(fields["phone"], "api.member.phoneInvalid");
    }
}
