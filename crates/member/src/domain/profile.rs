//! The profile a member keeps: what may be saved.

use keyshop_core::error::{AppError, FieldErrors};

use keyshop_core::fields as text;

use super::account::MAX_NAME_CHARS;

pub const MAX_CONTACT_CHARS: usize = 64;

/// Profile fields as typed (the login e-mail is not among them: it cannot change here).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileForm {
    pub full_name: String,
    pub country: String,
    pub phone: String,
    pub zip: String,
    pub address: String,
    pub discord: String,
    pub telegram: String,
    pub whatsapp: String,
    pub newsletter: bool,
}

pub use keyshop_core::postal::{MAX_ADDRESS_CHARS, optional_country, phone, zip};

impl ProfileForm {
    /// The profile to store: trimmed, the phone in E.164, the zip upper-cased.
    pub fn validate(&self) -> Result<ProfileForm, AppError> {
        let mut errors = FieldErrors::default();
        let full_name = text::required(&mut errors, "fullName", &self.full_name, MAX_NAME_CHARS);
        let country = optional_country(&mut errors, &self.country);
        let phone = phone(&mut errors, &country, &self.phone, false);
        let zip = zip(&mut errors, &country, &self.zip, false);
        let address = text::optional(&mut errors, "address", &self.address, MAX_ADDRESS_CHARS);
        let discord = text::optional(&mut errors, "discord", &self.discord, MAX_CONTACT_CHARS);
        let telegram = text::optional(&mut errors, "telegram", &self.telegram, MAX_CONTACT_CHARS);
        let whatsapp = text::optional(&mut errors, "whatsapp", &self.whatsapp, MAX_CONTACT_CHARS);
        errors.finish()?;
        Ok(ProfileForm {
            full_name,
            country,
            phone,
            zip,
            address,
            discord,
            telegram,
            whatsapp,
            newsletter: self.newsletter,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ProfileForm {
        ProfileForm {
            full_name: "Ana Lima".into(),
            country: "us".into(),
            phone: "(415) 555-2671".into(),
            zip: "94105".into(),
            address: "1 Market St".into(),
            discord: "ana#1234".into(),
            ..ProfileForm::default()
        }
    }

    #[test]
    fn a_good_profile_is_normalized() {
        let profile = form().validate().unwrap();
        assert_eq!((profile.country.as_str(), profile.phone.as_str()), ("US", "+14155552671"));
    }

    #[test]
    fn phone_and_zip_follow_the_country() {
        let fields = ProfileForm { phone: "555".into(), zip: "ABC".into(), ..form() }.validate().unwrap_err().fields;
        assert_eq!(fields["phone"], "api.member.phoneInvalid");
        assert_eq!(fields["zip"], "api.member.zipInvalid");
        let fields = ProfileForm { country: "ZZ".into(), ..form() }.validate().unwrap_err().fields;
        assert_eq!(fields["country"], "api.member.countryInvalid");
        let fields = ProfileForm { full_name: " ".into(), discord: "d".repeat(65), ..form() }.validate().unwrap_err();
        assert_eq!(fields.fields["fullName"], "api.field.required");
        assert_eq!(fields.fields["discord"], "api.field.tooLong");
    }

    #[test]
    fn empty_optional_fields_are_fine() {
        let profile = ProfileForm { full_name: "Ana".into(), ..ProfileForm::default() }.validate().unwrap();
        assert_eq!(profile.phone, "");
        let international = ProfileForm { phone: "+44 20 7946 0958".into(), country: String::new(), ..form() };
        assert_eq!(international.validate().unwrap().phone, "+442079460958");
    }
}
