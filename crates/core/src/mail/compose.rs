//! E-mails written from the shared catalogues in the reader's language: a
//! plain-text and an HTML body each, right to left for Arabic, signed.

use super::Email;
use crate::i18n::{self, Messages};

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

/// A part of an e-mail's body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A paragraph; line breaks are kept.
    Text(String),
    /// A heading line.
    Heading(String),
    /// Text to copy exactly (a key, a code): monospace in HTML.
    Code(String),
    /// A link: label and URL.
    Link(String, String),
    /// Staff's Markdown: its words as text, its sanitised HTML.
    Markdown(String),
}

/// The catalogue language for `code`, English when unknown.
pub fn language(code: &str) -> &'static str {
    i18n::normalize(code).unwrap_or(i18n::DEFAULT)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The blocks into both bodies, with the store's signature.
pub fn compose(to: &str, language: &str, subject: String, blocks: &[Block]) -> Composed {
    let signature = Messages::embedded().text(language, "email.signature", &[]);
    let mut text = Vec::new();
    let direction = if language == "ar" { " dir=\"rtl\"" } else { "" };
    let mut html =
        format!("<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\"><div{direction}>");
    for block in blocks {
        match block {
            Block::Text(paragraph) => {
                text.push(paragraph.clone());
                html.push_str(&format!("<p>{}</p>", escape(paragraph).replace('\n', "<br>")));
            }
            Block::Heading(heading) => {
                text.push(heading.clone());
                html.push_str(&format!("<h3 style=\"margin-bottom:4px\">{}</h3>", escape(heading)));
            }
            Block::Code(code) => {
                text.push(format!("    {code}"));
                html.push_str(&format!(
                    "<p><code style=\"font-size:1.1em;background:#f2f2f2;padding:4px 8px\">{}</code></p>",
                    escape(code)
                ));
            }
            Block::Markdown(source) => {
                text.push(crate::markdown::to_plain_text(source));
                html.push_str(&crate::markdown::to_html(source));
            }
            Block::Link(label, url) => {
                text.push(format!("{label}: {url}"));
                html.push_str(&format!("<p><a href=\"{}\">{}</a></p>", escape(url), escape(label)));
            }
        }
    }
    text.push(signature.clone());
    html.push_str(&format!("<p>{}</p></div></body></html>", escape(&signature)));
    Composed { to: to.to_owned(), subject, text: text.join("\n\n") + "\n", html }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_escape_html_and_carry_every_block() {
        let mail = compose(
            "a@b.co",
            "de",
            "<News>".to_owned(),
            &[
                Block::Heading("Shadow & Light".to_owned()),
                Block::Text("Deals & <b>more</b>\nline two".to_owned()),
                Block::Code("AAAAA-<BBB>".to_owned()),
                Block::Link("Open".to_owned(), "https://shop.example/u#token=1".to_owned()),
            ],
        );
        assert!(mail.html.contains("Deals &amp; &lt;b&gt;more&lt;/b&gt;<br>line two"));
        assert!(
            mail.html.contains(
                "<code style=\"font-size:1.1em;background:#f2f2f2;padding:4px 8px\">AAAAA-&lt;BBB&gt;</code>"
            )
        );
        assert!(mail.html.contains("href=\"https://shop.example/u#token=1\""));
        assert!(mail.text.contains("    AAAAA-<BBB>"));
        assert!(mail.text.contains("Open: https://shop.example/u#token=1"));
        assert!(mail.text.ends_with("— Ihr keyshop-Team\n"), "{}", mail.text);
        assert_eq!(mail.subject, "<News>");
        assert!(compose("a@b.co", "ar", String::new(), &[]).html.contains("dir=\"rtl\""));
    }
}
