//! The public forms: sell to us, wholesale enquiry, affiliate application and
//! feedback. Each validates into a kind, the sender's e-mail and its fields.

use std::collections::BTreeMap;

use keyshop_core::email::Email;
use keyshop_core::error::{AppError, FieldErrors};

use keyshop_core::fields as text;

pub const SHORT: usize = 120;
pub const MEDIUM: usize = 500;
pub const LONG: usize = 4000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    Sale,
    Wholesale,
    Affiliate,
    Feedback,
}

impl FormKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FormKind::Sale => "sale",
            FormKind::Wholesale => "wholesale",
            FormKind::Affiliate => "affiliate",
            FormKind::Feedback => "feedback",
        }
    }
}

/// A form that passed its rules: who sent it and the fields, by their API names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    pub kind: FormKind,
    pub name: String,
    pub email: Email,
    pub fields: BTreeMap<&'static str, String>,
}

/// Collects the fields of one form with their rules.
struct Reader {
    errors: FieldErrors,
    fields: BTreeMap<&'static str, String>,
}

impl Reader {
    fn new() -> Reader {
        Reader { errors: FieldErrors::default(), fields: BTreeMap::new() }
    }

    fn required(&mut self, field: &'static str, value: &str, max: usize) -> &mut Reader {
        let value = text::required(&mut self.errors, field, value, max);
        self.fields.insert(field, value);
        self
    }

    fn optional(&mut self, field: &'static str, value: &str, max: usize) -> &mut Reader {
        let value = text::optional(&mut self.errors, field, value, max);
        self.fields.insert(field, value);
        self
    }

    fn finish(mut self, kind: FormKind, name_field: &str, email: &str) -> Result<Submission, AppError> {
        let email = text::email(&mut self.errors, "email", email, "api.field.email");
        self.errors.finish()?;
        let email = email.ok_or_else(|| AppError::field("email", "api.field.email"))?;
        let name = self.fields.get(name_field).cloned().unwrap_or_default();
        Ok(Submission { kind, name, email, fields: self.fields })
    }
}

#[derive(Debug, Clone, Default)]
pub struct SaleForm {
    pub name: String,
    pub email: String,
    pub confirm_email: String,
    pub region: String,
    pub description: String,
}

impl SaleForm {
    pub fn validate(&self) -> Result<Submission, AppError> {
        let mut reader = Reader::new();
        reader.required("name", &self.name, SHORT).required("region", &self.region, SHORT).required(
            "description",
            &self.description,
            LONG,
        );
        if self.confirm_email.trim().is_empty() {
            reader.errors.add("confirmEmail", "api.field.required");
        } else if !self.confirm_email.trim().eq_ignore_ascii_case(self.email.trim()) {
            reader.errors.add("confirmEmail", "api.form.emailMismatch");
        }
        reader.finish(FormKind::Sale, "name", &self.email)
    }
}

#[derive(Debug, Clone, Default)]
pub struct WholesaleForm {
    pub company: String,
    pub contact_name: String,
    pub email: String,
    pub products: String,
    pub quantities: String,
    pub message: String,
}

impl WholesaleForm {
    pub fn validate(&self) -> Result<Submission, AppError> {
        let mut reader = Reader::new();
        reader
            .required("company", &self.company, SHORT)
            .required("contactName", &self.contact_name, SHORT)
            .required("products", &self.products, MEDIUM)
            .required("quantities", &self.quantities, MEDIUM)
            .optional("message", &self.message, LONG);
        reader.finish(FormKind::Wholesale, "contactName", &self.email)
    }
}

#[derive(Debug, Clone, Default)]
pub struct AffiliateForm {
    pub name: String,
    pub email: String,
    pub website: String,
    pub audience: String,
    pub message: String,
}

impl AffiliateForm {
    pub fn validate(&self) -> Result<Submission, AppError> {
        let mut reader = Reader::new();
        reader
            .required("name", &self.name, SHORT)
            .required("website", &self.website, SHORT)
            .optional("audience", &self.audience, MEDIUM)
            .required("message", &self.message, LONG);
        reader.finish(FormKind::Affiliate, "name", &self.email)
    }
}

#[derive(Debug, Clone, Default)]
pub struct FeedbackForm {
    pub name: String,
    pub email: String,
    pub message: String,
}

impl FeedbackForm {
    pub fn validate(&self) -> Result<Submission, AppError> {
        let mut reader = Reader::new();
        reader.required("name", &self.name, SHORT).required("message", &self.message, LONG);
        reader.finish(FormKind::Feedback, "name", &self.email)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_emails_of_sell_to_us_must_agree() {
        let form = SaleForm {
            name: "Ana".into(),
            email: "ana@example.com".into(),
            confirm_email: "ANA@example.com".into(),
            region: "EU".into(),
            description: "200 Steam keys".into(),
        };
        let submission = form.validate().unwrap();
        assert_eq!((submission.kind, submission.name.as_str()), (FormKind::Sale, "Ana"));
        assert_eq!(submission.fields["description"], "200 Steam keys");
        let fields = SaleForm { confirm_email: "other@example.com".into(), ..form.clone() }.validate().unwrap_err();
        assert_eq!(fields.fields["confirmEmail"], "api.form.emailMismatch");
        let fields = SaleForm::default().validate().unwrap_err().fields;
        for field in ["name", "email", "confirmEmail", "region", "description"] {
            assert_eq!(fields[field], "api.field.required", "{field}");
        }
    }

    #[test]
    fn optional_fields_and_lengths() {
        let wholesale = WholesaleForm {
            company: "ACME".into(),
            contact_name: "Bo".into(),
            email: "bo@acme.example".into(),
            products: "Elden Ring".into(),
            quantities: "500".into(),
            message: "".into(),
        };
        assert_eq!(wholesale.validate().unwrap().name, "Bo");
        let long = WholesaleForm { products: "p".repeat(501), ..wholesale };
        assert_eq!(long.validate().unwrap_err().fields["products"], "api.field.tooLong");
        let affiliate = AffiliateForm {
            name: "Cy".into(),
            email: "bad".into(),
            website: "https://cy.example".into(),
            audience: "".into(),
            message: "Hi".into(),
        };
        assert_eq!(affiliate.validate().unwrap_err().fields["email"], "api.field.email");
        let feedback = FeedbackForm { name: "Di".into(), email: "di@example.com".into(), message: "Great".into() };
        assert_eq!(feedback.validate().unwrap().kind.as_str(), "feedback");
    }
}
