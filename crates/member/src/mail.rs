//! The member service's e-mails, written from the shared catalogues in the
//! reader's language: a plain-text and an HTML body each.

use keyshop_core::i18n::Messages;
use keyshop_core::mail::{Block, language};
pub use keyshop_core::mail::{Composed, compose};

fn paragraphs(texts: Vec<String>) -> Vec<Block> {
    texts.into_iter().map(Block::Text).collect()
}

/// The forgot-password code.
pub fn reset_code(to: &str, language_code: &str, code: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        messages.text(language, "email.member.resetCode.subject", &[]),
        &paragraphs(vec![
            messages.text(language, "email.member.resetCode.body", &[("code", code)]),
            messages.text(language, "email.member.resetCode.ignore", &[]),
        ]),
    )
}

/// Someone registered with an address that already has an account: its
/// owner hears of it (the registering browser was told nothing different).
pub fn already_registered(to: &str, language_code: &str, public_url: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        messages.text(language, "email.member.alreadyRegistered.subject", &[]),
        &[
            Block::Text(messages.text(language, "email.member.alreadyRegistered.body", &[])),
            Block::Link(
                messages.text(language, "email.member.alreadyRegistered.signIn", &[]),
                format!("{public_url}/login"),
            ),
            Block::Link(
                messages.text(language, "email.member.alreadyRegistered.forgot", &[]),
                format!("{public_url}/forgot"),
            ),
            Block::Text(messages.text(language, "email.member.alreadyRegistered.ignore", &[])),
        ],
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
        &[Block::Text(messages.text(language, "email.member.form.body", &[("name", name), ("form", &form)]))],
    )
}

/// Staff's answer to a form, to its sender in their language.
pub fn form_reply(to: &str, language_code: &str, name: &str, form_kind: &str, body: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    let form = messages.text(language, &format!("email.member.form.kind.{form_kind}"), &[]);
    let greeting = if name.is_empty() {
        messages.text(language, "email.member.form.replyIntroNoName", &[("form", &form)])
    } else {
        messages.text(language, "email.member.form.replyIntro", &[("name", name), ("form", &form)])
    };
    compose(
        to,
        language,
        messages.text(language, "email.member.form.replySubject", &[("form", &form)]),
        &[Block::Text(greeting), Block::Text(body.to_owned())],
    )
}

/// A new form for staff who answer forms (in the default language: staff
/// have none of their own).
pub fn form_arrived(to: &str, form_kind: &str, sender: &str, inbox_url: &str) -> Composed {
    let language = keyshop_core::i18n::DEFAULT;
    let messages = Messages::embedded();
    let form = messages.text(language, &format!("email.member.form.kind.{form_kind}"), &[]);
    compose(
        to,
        language,
        messages.text(language, "email.staff.formArrived.subject", &[("form", &form), ("email", sender)]),
        &[
            Block::Text(messages.text(language, "email.staff.formArrived.body", &[("form", &form), ("email", sender)])),
            Block::Link(messages.text(language, "email.staff.formArrived.link", &[]), inbox_url.to_owned()),
        ],
    )
}

/// Staff answered the member's ticket: the reply, and the link to the thread.
pub fn ticket_answered(to: &str, language_code: &str, subject: &str, reply: &str, ticket_url: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        messages.text(language, "email.member.ticket.answeredSubject", &[("subject", subject)]),
        &[
            Block::Text(messages.text(language, "email.member.ticket.answeredIntro", &[("subject", subject)])),
            Block::Text(reply.to_owned()),
            Block::Link(messages.text(language, "email.member.ticket.open", &[]), ticket_url.to_owned()),
        ],
    )
}

/// A new ticket for staff who answer tickets (in the default language:
/// staff have none of their own).
pub fn ticket_opened(to: &str, subject: &str, sender: &str, ticket_url: &str) -> Composed {
    let language = keyshop_core::i18n::DEFAULT;
    let messages = Messages::embedded();
    let values = [("subject", subject), ("email", sender)];
    compose(
        to,
        language,
        messages.text(language, "email.staff.ticketOpened.subject", &values),
        &[
            Block::Text(messages.text(language, "email.staff.ticketOpened.body", &values)),
            Block::Link(messages.text(language, "email.staff.ticketOpened.link", &[]), ticket_url.to_owned()),
        ],
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
            Block::Text(messages.text(language, "email.member.newsletter.confirmBody", &[])),
            Block::Text(messages.text(language, "email.member.newsletter.ignore", &[])),
            Block::Link(messages.text(language, "email.member.newsletter.confirmLink", &[]), confirm_url.to_owned()),
            Block::Link(
                messages.text(language, "email.member.newsletter.unsubscribeLink", &[]),
                unsubscribe_url.to_owned(),
            ),
        ],
    )
}

/// A newsletter issue: staff's Markdown (sanitised), and the unsubscribe link.
pub fn newsletter_issue(to: &str, language_code: &str, subject: &str, body: &str, unsubscribe_url: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        subject.to_owned(),
        &[
            Block::Markdown(body.to_owned()),
            Block::Link(
                messages.text(language, "email.member.newsletter.unsubscribeLink", &[]),
                unsubscribe_url.to_owned(),
            ),
        ],
    )
}

/// An agent answered a conversation the shopper left for e-mail: the
/// answer, and the link back to the chat.
pub fn chat_answered(to: &str, language_code: &str, name: &str, reply: &str, chat_url: &str) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    compose(
        to,
        language,
        messages.text(language, "email.member.chat.answeredSubject", &[]),
        &[
            Block::Text(messages.text(language, "email.member.chat.answeredIntro", &[("name", name)])),
            Block::Text(reply.to_owned()),
            Block::Link(messages.text(language, "email.member.chat.open", &[]), chat_url.to_owned()),
        ],
    )
}

/// One line of a transcript: who wrote it, when (UTC), what (an image as a note).
pub struct TranscriptLine {
    pub agent: bool,
    pub at_ms: i64,
    pub body: String,
    pub image: bool,
}

/// The conversation as the shopper saw it, for their records.
pub fn chat_transcript(to: &str, language_code: &str, started_ms: i64, lines: &[TranscriptLine]) -> Composed {
    let language = language(language_code);
    let messages = Messages::embedded();
    let started = keyshop_core::clock::date_time(started_ms);
    let date = format!(
        "{:04}-{:02}-{:02} {:02}:{:02} UTC",
        started.year(),
        u8::from(started.month()),
        started.day(),
        started.hour(),
        started.minute()
    );
    let you = messages.text(language, "email.member.chat.you", &[]);
    let agent = messages.text(language, "email.member.chat.agent", &[]);
    let image = messages.text(language, "email.member.chat.image", &[]);
    let mut blocks =
        vec![Block::Text(messages.text(language, "email.member.chat.transcriptIntro", &[("date", &date)]))];
    blocks.extend(lines.iter().map(|line| {
        let at = keyshop_core::clock::date_time(line.at_ms);
        let who = if line.agent { &agent } else { &you };
        let what = if line.image { &image } else { &line.body };
        Block::Text(format!("[{:02}:{:02}] {who}: {what}", at.hour(), at.minute()))
    }));
    compose(to, language, messages.text(language, "email.member.chat.transcriptSubject", &[("date", &date)]), &blocks)
}

/// A conversation left for e-mail, for the agents (in the default language).
pub fn chat_left(to: &str, first_line: &str, sender: &str, chat_url: &str) -> Composed {
    let language = keyshop_core::i18n::DEFAULT;
    let messages = Messages::embedded();
    let values = [("subject", first_line), ("email", sender)];
    compose(
        to,
        language,
        messages.text(language, "email.staff.chatLeft.subject", &values),
        &[
            Block::Text(messages.text(language, "email.staff.chatLeft.body", &values)),
            Block::Link(messages.text(language, "email.staff.chatLeft.link", &[]), chat_url.to_owned()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_escape_html_and_carry_the_links() {
        let mail = newsletter_issue(
            "a@b.co",
            "de",
            "<News>",
            "**Deals** & <b>more</b><script>alert(1)</script>",
            "https://shop.example/u#token=1",
        );
        assert!(mail.html.contains("<strong>Deals</strong> &amp; <b>more</b>"), "{}", mail.html);
        assert!(!mail.html.contains("<script"), "{}", mail.html);
        assert!(mail.text.contains("Deals & more"), "{}", mail.text);
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
