//! The support desk's rules around live chat: agents' presence, who is
//! there to answer, canned replies, a shopper's image attachments, the
//! e-mailed transcript and the desk's figures.

use keyshop_core::error::{AppError, FieldErrors};

use super::chat::check_text;

/// A heartbeat older than this and the agent is offline (the gateway beats
/// every 15 s while their console is open).
pub const PRESENCE_TTL_MS: i64 = 60_000;
/// The most conversations auto-assignment gives one agent at once.
pub const AGENT_LIMIT: i64 = 4;
/// How soon a conversation turned into a ticket is answered, as the shopper is told.
pub const REPLY_WITHIN_HOURS: i64 = 24;
/// The largest image a shopper attaches.
pub const MAX_ATTACHMENT_BYTES: usize = 2 * 1024 * 1024;
/// How long before the same transcript may be e-mailed again.
pub const TRANSCRIPT_EVERY_MS: i64 = 10 * 60_000;
const MAX_SHORTCUT_CHARS: usize = 32;

keyshop_core::code_enum! {
    /// Whether an agent takes new conversations.
    pub enum Presence {
        /// At the desk: new conversations are given to them.
        Online = "online",
        /// Connected, keeping their own conversations, given no new ones.
        Away = "away",
        /// Gone: their console is closed.
        Offline = "offline",
    }
}

/// An agent's presence as of `now`: what they chose, or offline when their
/// last heartbeat is too old.
pub fn presence_at(chosen: Presence, seen_at_ms: i64, now_ms: i64) -> Presence {
    if now_ms - seen_at_ms > PRESENCE_TTL_MS { Presence::Offline } else { chosen }
}

/// Where a shopper's first message goes when nobody is at the desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unanswered {
    /// Someone is connected: the conversation waits for them.
    Waits,
    /// A member's conversation becomes a ticket (answered under My support and by e-mail).
    Ticket,
    /// A guest's stays, and the answers go to their e-mail too.
    ByEmail,
}

/// What happens to a shopper's message in a waiting conversation: `agents`
/// connected (online or away), a member's or a guest's.
pub fn unanswered(agents_connected: i64, member: bool) -> Unanswered {
    match (agents_connected > 0, member) {
        (true, _) => Unanswered::Waits,
        (false, true) => Unanswered::Ticket,
        (false, false) => Unanswered::ByEmail,
    }
}

/// A ticket's subject from the conversation's first message: its first
/// line, at most 80 characters.
pub fn ticket_subject(first_message: &str) -> String {
    let line = first_message.lines().find(|line| !line.trim().is_empty()).unwrap_or("").trim();
    let mut subject: String = line.chars().take(80).collect();
    if line.chars().count() > 80 {
        subject.pop();
        subject.push('…');
    }
    subject
}

/// A canned reply as checked: its language, its shortcut (lower-case
/// letters, digits and dashes), its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CannedReply {
    pub language: String,
    pub shortcut: String,
    pub body: String,
}

/// Checks a canned reply, every field at once.
pub fn check_canned(language: &str, shortcut: &str, body: &str) -> Result<CannedReply, AppError> {
    let mut errors = FieldErrors::default();
    let language = keyshop_core::i18n::SUPPORTED.iter().find(|supported| **supported == language);
    if language.is_none() {
        errors.add("language", "api.field.invalid");
    }
    let shortcut = shortcut.trim().trim_start_matches('/').to_ascii_lowercase();
    if shortcut.is_empty() {
        errors.add("shortcut", "api.field.required");
    } else if shortcut.chars().count() > MAX_SHORTCUT_CHARS
        || !shortcut.chars().all(|char| char.is_ascii_alphanumeric() || char == '-')
    {
        errors.add("shortcut", "api.chat.shortcut");
    }
    let body = match check_text(body) {
        Ok(body) => body,
        Err(error) => {
            errors.add("body", error.fields.get("text").map_or("api.field.invalid", String::as_str));
            String::new()
        }
    };
    errors.finish()?;
    let language = language.map(|language| (*language).to_owned()).unwrap_or_default();
    Ok(CannedReply { language, shortcut, body })
}

/// An image a shopper may attach, by its first bytes (never by the name or
/// the type the client claims).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Webp,
    Gif,
}

impl ImageKind {
    pub fn content_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Webp => "image/webp",
            ImageKind::Gif => "image/gif",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ImageKind::Png => "png",
            ImageKind::Jpeg => "jpg",
            ImageKind::Webp => "webp",
            ImageKind::Gif => "gif",
        }
    }

    /// The kind of a stored file's name.
    pub fn of_name(name: &str) -> Option<ImageKind> {
        match name.rsplit_once('.')?.1 {
            "png" => Some(ImageKind::Png),
            "jpg" => Some(ImageKind::Jpeg),
            "webp" => Some(ImageKind::Webp),
            "gif" => Some(ImageKind::Gif),
            _ => None,
        }
    }
}

/// Checks an attachment: a PNG, JPEG, WebP or GIF image of at most
/// [`MAX_ATTACHMENT_BYTES`] (400 with a clear reason otherwise).
pub fn check_image(data: &[u8]) -> Result<ImageKind, AppError> {
    if data.is_empty() {
        return Err(AppError::field("file", "api.field.required"));
    }
    if data.len() > MAX_ATTACHMENT_BYTES {
        return Err(AppError::field("file", "api.chat.imageTooLarge"));
    }
    let kind = if data.starts_with(b"\x89PNG\r\n\x1a\n") {
        ImageKind::Png
    } else if data.starts_with(&[0xff, 0xd8, 0xff]) {
        ImageKind::Jpeg
    } else if data.len() >= 12 && &data[..4] == b"RIFF" && &data[8..12] == b"WEBP" {
        ImageKind::Webp
    } else if data.starts_with(b"GIF87a") || data.starts_with(b"GIF89a") {
        ImageKind::Gif
    } else {
        return Err(AppError::field("file", "api.chat.imageType"));
    };
    Ok(kind)
}

/// Whether the transcript may be e-mailed now (last sent at `sent_at`).
pub fn transcript_due(sent_at_ms: Option<i64>, now_ms: i64) -> bool {
    sent_at_ms.is_none_or(|sent| now_ms - sent >= TRANSCRIPT_EVERY_MS)
}

/// The median of `values` (`None` for none); the lower middle of an even count.
pub fn median(values: &mut [i64]) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    Some(values[(values.len() - 1) / 2])
}

/// The day (UTC, days since 1970) of an instant.
pub fn day_of(at_ms: i64) -> i64 {
    at_ms.div_euclid(86_400_000)
}

/// Conversations per day over the `days` days up to `today`, oldest first,
/// from their creation instants (days with none count 0).
pub fn per_day(created_at_ms: &[i64], today: i64, days: i64) -> Vec<(i64, i64)> {
    (today - days + 1..=today)
        .map(|day| (day, created_at_ms.iter().filter(|at| day_of(**at) == day).count() as i64))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_agent_without_a_recent_heartbeat_is_offline() {
        assert_eq!(presence_at(Presence::Online, 1_000, 1_000 + PRESENCE_TTL_MS), Presence::Online);
        assert_eq!(presence_at(Presence::Away, 1_000, 2_000), Presence::Away);
        assert_eq!(presence_at(Presence::Online, 1_000, 1_001 + PRESENCE_TTL_MS), Presence::Offline);
        assert_eq!(Presence::parse("away"), Some(Presence::Away));
    }

    #[test]
    fn with_nobody_at_the_desk_a_member_gets_a_ticket_and_a_guest_an_e_mail() {
        assert_eq!(unanswered(1, true), Unanswered::Waits);
        assert_eq!(unanswered(0, true), Unanswered::Ticket);
        assert_eq!(unanswered(0, false), Unanswered::ByEmail);
        assert_eq!(ticket_subject("\n  My key fails  \nwith error 12"), "My key fails");
        let long = ticket_subject(&"é".repeat(100));
        assert_eq!(long.chars().count(), 80);
        assert!(long.ends_with('…'));
        assert_eq!(ticket_subject(&"a".repeat(80)), "a".repeat(80));
    }

    #[test]
    fn a_canned_reply_has_a_language_a_shortcut_and_a_text() {
        let reply = check_canned("ja", " /Refund-1 ", " 返金します ").unwrap();
        assert_eq!(
            (reply.language.as_str(), reply.shortcut.as_str(), reply.body.as_str()),
            ("ja", "refund-1", "返金します")
        );
        let fields = check_canned("xx", "no spaces", "").unwrap_err().fields;
        assert_eq!(fields["language"], "api.field.invalid");
        assert_eq!(fields["shortcut"], "api.chat.shortcut");
        assert_eq!(fields["body"], "api.field.required");
        assert_eq!(check_canned("en-US", "", "x").unwrap_err().fields["shortcut"], "api.field.required");
        assert_eq!(check_canned("en-US", &"a".repeat(33), "x").unwrap_err().fields["shortcut"], "api.chat.shortcut");
        assert_eq!(check_canned("en-US", "k", &"x".repeat(4097)).unwrap_err().fields["body"], "api.chat.tooLong");
    }

    #[test]
    fn an_attachment_is_a_small_image_by_its_bytes() {
        assert_eq!(check_image(b"\x89PNG\r\n\x1a\n rest").unwrap(), ImageKind::Png);
        assert_eq!(check_image(&[0xff, 0xd8, 0xff, 0xe0]).unwrap(), ImageKind::Jpeg);
        assert_eq!(check_image(b"RIFF\0\0\0\0WEBPVP8 ").unwrap(), ImageKind::Webp);
        assert_eq!(check_image(b"GIF89a...").unwrap(), ImageKind::Gif);
        assert_eq!(check_image(b"<svg onload=alert(1)>").unwrap_err().fields["file"], "api.chat.imageType");
        assert_eq!(check_image(b"").unwrap_err().fields["file"], "api.field.required");
        let huge = [b"\x89PNG\r\n\x1a\n".as_slice(), &vec![0; MAX_ATTACHMENT_BYTES]].concat();
        assert_eq!(check_image(&huge).unwrap_err().fields["file"], "api.chat.imageTooLarge");
        assert_eq!(ImageKind::of_name("ab.webp"), Some(ImageKind::Webp));
        assert_eq!(ImageKind::of_name("ab.svg"), None);
    }

    #[test]
    fn figures_count_per_day_and_take_the_median() {
        assert_eq!(median(&mut [30, 10, 20]), Some(20));
        assert_eq!(median(&mut [40, 10, 20, 30]), Some(20));
        assert_eq!(median(&mut []), None);
        let day = 86_400_000;
        assert_eq!(per_day(&[day * 10 + 5, day * 12, day * 12 + 1, day * 3], 12, 3), vec![(10, 1), (11, 0), (12, 2)]);
        assert!(transcript_due(None, 0));
        assert!(!transcript_due(Some(1_000), 1_000 + TRANSCRIPT_EVERY_MS - 1));
        assert!(transcript_due(Some(1_000), 1_000 + TRANSCRIPT_EVERY_MS));
    }
}
