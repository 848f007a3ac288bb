//! The member service's e-mails, written from the shared catalogues in the
//! reader's language: a plain-text and an HTML body each.

use keyshop_core::i18n::{self, Messages};
use keyshop_core::mail::Email;

/// One composed e-mail.
#[derive(Debug, Clone)]
pub struct Composed {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
}

impl Composed {
    pub fn as_email(&self) -> Email<'_> {
        Email { to: &self.to, subject: &self.subject, text: self.text.clone(), html: self.html.clone() }
    }
}

fn language(code: &str) -> &'static str {
    i18n::normalize(code).unwrap_or(i18n::DEFAULT)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Paragraphs of text, and links as (label, URL), into both bodies.
fn compose(to: &str, language: &str, subject: String, paragraphs: &[String], links: &[(String, String)]) -> Composed {
    let messages = Messages::embedded();
    let signature = messages.text(language, "email.signature", &[]);
    let mut text = paragraphs.join("\n\n");
    let mut html = String::from("<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\">");
    let direction = if language == "ar" { " dir=\"rtl\"" } else { "" };
    html.push_str(&format!("<div{direction}>"));
    for paragraph in paragraphs {
        html.push_str(&format!("<p>{}</p>", escape(paragraph).replace('\n', "<br>")));
    }
    for (label, url) in links {
        text.push_str(&format!("\n\n{label}: {url}"));
        html.push_str(&format!("<p><a href=\"{}\">{}</a></p>", escape(url), escape(label)));
    }
    text.push_str(&format!("\n\n{signature}\n"));
    html.push_str(&format!("<p>{}</p></div></body></html>", escape(&signature)));
    Composed { to: to.to_owned(), subject, text, html }
}

/// The forgot-password code.
pub fn reset_code(to: &str, language_code: &str, code: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        messages.text(language, "email.member.resetCode.subject", &[]),
        &[
            messages.text(language, "email.member.resetCode.body", &[("code", code)]),
            messages.text(language, "email.member.resetCode.ignore", &[]),
        ],
        &[],
    )
}

/// "We received your form."
pub fn form_received(to: &str, language_code: &str, name: &str, form_kind: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    let form = messages.text(language, &format!("email.member.form.kind.{form_kind}"), &[]);
    compose(
        to,
        language,
        messages.text(language, "email.member.form.subject", &[("form", &form)]),
        &[messages.text(language, "email.member.form.body", &[("name", name), ("form", &form)])],
        &[],
    )
}

/// The double opt-in link, with the unsubscribe link.
pub fn newsletter_confirm(to: &str, language_code: &str, confirm_url: &str, unsubscribe_url: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        messages.text(language, "email.member.newsletter.confirmSubject", &[]),
        &[
            messages.text(language, "email.member.newsletter.confirmBody", &[]),
            messages.text(language, "email.member.newsletter.ignore", &[]),
        ],
        &[
            (messages.text(language, "email.member.newsletter.confirmLink", &[]), confirm_url.to_owned()),
            (messages.text(language, "email.member.newsletter.unsubscribeLink", &[]), unsubscribe_url.to_owned()),
        ],
    )
}

/// A newsletter issue: staff's text, and the unsubscribe link.
pub fn newsletter_issue(to: &str, language_code: &str, subject: &str, text: &str, unsubscribe_url: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        subject.to_owned(),
        &[text.to_owned()],
        &[(messages.text(language, "email.member.newsletter.unsubscribeLink", &[]), unsubscribe_url.to_owned())],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_escape_html_and_carry_the_links() {
        let mail = newsletter_issue("a@b.co", "de", "<News>", "Deals & <b>more</b>", "https://shop.example/u#token=1");
        assert!(mail.html.contains("Deals &amp; &lt;b&gt;more&lt;/b&gt;"));
        assert!(mail.text.contains("https://shop.example/u#token=1"));
        assert!(mail.html.contains("href=\"https://shop.example/u#token=1\""));
        assert_eq!(mail.subject, "<News>");
    }

    #[test]
    fn the_code_is_in_the_mail() {
        let mail = reset_code("a@b.co", "xx", "042917");
        assert!(mail.text.contains("042917"));
        assert!(mail.html.contains("042917"));
    }
}
