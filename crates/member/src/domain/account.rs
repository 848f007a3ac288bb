//! Registering an account: what the form must hold.

use keyshop_core::email::Email;
use keyshop_core::error::{AppError, FieldErrors};

use keyshop_core::fields as text;

use super::password;

pub const MAX_NAME_CHARS: usize = 60;

/// The register form as typed.
#[derive(Debug, Clone, Default)]
pub struct RegisterForm {
    pub email: String,
    pub full_name: String,
    pub password: String,
    pub confirm_password: String,
    pub agree_terms: bool,
    pub newsletter: bool,
}

/// A registration that passed every rule (the password is still plain: it is
/// hashed on a blocking thread by the caller).
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub email: Email,
    pub full_name: String,
    pub password: String,
    pub newsletter: bool,
}

impl NewAccount {
    pub fn parse(form: &RegisterForm) -> Result<NewAccount, AppError> {
        let mut errors = FieldErrors::default();
        let email = text::email(&mut errors, "email", &form.email, "api.member.emailInvalid");
        let full_name = text::required(&mut errors, "fullName", &form.full_name, MAX_NAME_CHARS);
        password::check_new(&mut errors, &form.password, &form.confirm_password);
        if !form.agree_terms {
            errors.add("agreeTerms", "api.member.termsRequired");
        }
        errors.finish()?;
        let email = email.ok_or_else(|| AppError::field("email", "api.member.emailInvalid"))?;
        Ok(NewAccount { email, full_name, password: form.password.clone(), newsletter: form.newsletter })
    }
}

/// The login account as typed: an e-mail, compared lower-cased.
pub fn normalize_account(account: &str) -> String {
    account.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> RegisterForm {
        RegisterForm {
            email: "Ana@Example.com".into(),
            full_name: " Ana Lima ".into(),
            password: "secret12".into(),
            confirm_password: "secret12".into(),
            agree_terms: true,
            newsletter: true,
        }
    }

    #[test]
    fn a_good_form_registers_lower_cased_and_trimmed() {
        let account = NewAccount::parse(&form()).unwrap();
        assert_eq!(account.email.as_str(), "ana@example.com");
        assert_eq!(account.full_name, "Ana Lima");
        assert!(account.newsletter);
    }

    #[test]
    fn every_rule_names_its_field() {
        let bad = RegisterForm {
            email: "ana@".into(),
            full_name: "".into(),
            password: "123".into(),
            confirm_password: "1234".into(),
            agree_terms: false,
            newsletter: false,
        };
        let fields = NewAccount::parse(&bad).unwrap_err().fields;
        assert_eq!(fields["email"], "api.member.emailInvalid");
        assert_eq!(fields["fullName"], "api.field.required");
        assert_eq!(fields["password"], "api.member.passwordLength");
        assert_eq!(fields["confirmPassword"], "api.member.passwordMismatch");
        assert_eq!(fields["agreeTerms"], "api.member.termsRequired");
        let fields = NewAccount::parse(&RegisterForm { email: " ".into(), ..form() }).unwrap_err().fields;
        assert_eq!(fields["email"], "api.field.required");
        assert_eq!(fields.len(), 1);
    }

    #[test]
    fn accounts_compare_lower_cased() {
        assert_eq!(normalize_account(" Ana@Example.COM "), "ana@example.com");
    }
}
