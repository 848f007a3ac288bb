//! The delivery e-mail, in the buyer's language: the order number, each
//! product with its keys and its activation steps, and the link to the order.

use keyshop_core::i18n::Messages;
use keyshop_core::mail::{Block, Composed, compose, language};
use keyshop_core::vocab::Platform;

use crate::service::MailParts;

/// One product of the e-mail: its line, and the activation guide the catalog
/// gives in the buyer's language (empty when it has none).
pub struct GuidedLine<'a> {
    pub line_no: i64,
    pub title: &'a str,
    pub platform: &'a str,
    pub activation_guide: String,
}

/// The e-mail of `parts`, with `order_link` (made for this e-mail alone).
pub fn keys_delivered(parts: &MailParts, guided: &[GuidedLine<'_>], order_link: &str) -> Composed {
    let delivery = &parts.delivery;
    let language = language(&delivery.language);
    let messages = Messages::embedded();
    let order_no = delivery.order_no.as_str();
    let mut blocks = vec![Block::Text(messages.text(language, "email.delivery.intro", &[("orderNo", order_no)]))];
    for line in guided {
        let heading = match Platform::parse(line.platform) {
            Some(platform) => format!("{} · {}", line.title, platform.display_name()),
            None if line.platform.is_empty() => line.title.to_owned(),
            None => format!("{} · {}", line.title, line.platform),
        };
        blocks.push(Block::Heading(heading));
        for key in parts.keys.iter().filter(|key| key.line_no == line.line_no) {
            blocks.push(Block::Code(key.key.clone()));
        }
        if !line.activation_guide.trim().is_empty() {
            blocks.push(Block::Text(format!(
                "{}\n{}",
                messages.text(language, "email.delivery.activation", &[]),
                line.activation_guide.trim()
            )));
        }
    }
    if !delivery.billing_address.is_empty() {
        let billed_to = messages.text(language, "email.delivery.billedTo", &[]);
        blocks.push(Block::Text(format!("{billed_to}\n{}", delivery.billing_address)));
    }
    blocks.push(Block::Text(messages.text(language, "email.delivery.keepSafe", &[])));
    if !order_link.is_empty() {
        blocks.push(Block::Link(messages.text(language, "email.delivery.openOrder", &[]), order_link.to_owned()));
    }
    compose(
        &delivery.email,
        language,
        messages.text(language, "email.delivery.subject", &[("orderNo", order_no)]),
        &blocks,
    )
}
