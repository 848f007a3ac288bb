//! Live chat's rules: what a shopper gives before the first message, what a
//! message may be, how a conversation moves (waiting for an agent, with an
//! agent, closed) and who takes a waiting one.

use keyshop_core::email::Email;
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::fields;
use keyshop_core::ids::OrderNo;

/// The most bytes of text one message carries.
pub const MAX_MESSAGE_BYTES: usize = 4096;
const MAX_NAME_CHARS: usize = 60;
/// The most conversations one visitor has open at once.
pub const MAX_OPEN_PER_VISITOR: i64 = 3;

keyshop_core::code_enum! {
    /// Where a conversation is.
    pub enum ChatStatus {
        /// Nobody has taken it yet.
        Waiting = "waiting",
        /// An agent has it.
        Active = "active",
        /// Over: it takes no more messages.
        Closed = "closed",
    }
}

keyshop_core::code_enum! {
    /// Who wrote a line of a conversation.
    pub enum ChatAuthor {
        Shopper = "shopper",
        Agent = "agent",
        /// A note staff leave for each other: never shown to the shopper.
        Note = "note",
        /// The store's own line (taken, closed, turned into a ticket).
        System = "system",
    }
}

impl ChatAuthor {
    /// Whether the shopper sees lines of this author.
    pub fn shown_to_shopper(self) -> bool {
        self != ChatAuthor::Note
    }
}

/// Who a guest says they are before their first message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestIntro {
    pub name: String,
    pub email: Email,
    /// Empty when the chat is not about an order.
    pub order_no: String,
}

/// Checks a guest's name, e-mail and optional order number, every field at once.
pub fn check_intro(name: &str, email: &str, order_no: &str) -> Result<GuestIntro, AppError> {
    let mut errors = FieldErrors::default();
    let name = fields::required(&mut errors, "name", name, MAX_NAME_CHARS);
    let email = fields::email(&mut errors, "email", email, "api.member.emailInvalid");
    let order_no = check_order_no(&mut errors, order_no);
    errors.finish()?;
    let email = email.ok_or_else(|| AppError::internal("a checked e-mail went missing"))?;
    Ok(GuestIntro { name, email, order_no })
}

/// A member's optional order number (their name and e-mail are their account's).
pub fn check_order(order_no: &str) -> Result<String, AppError> {
    let mut errors = FieldErrors::default();
    let order_no = check_order_no(&mut errors, order_no);
    errors.finish()?;
    Ok(order_no)
}

/// An optional order number: empty, or the shape of one.
fn check_order_no(errors: &mut FieldErrors, order_no: &str) -> String {
    let trimmed = order_no.trim().to_ascii_uppercase();
    if !trimmed.is_empty() && OrderNo::parse(&trimmed).is_none() {
        errors.add("orderNo", "api.field.invalid");
    }
    trimmed
}

/// A message's text: trimmed, not empty, at most [`MAX_MESSAGE_BYTES`], no
/// control characters but line breaks and tabs.
pub fn check_text(text: &str) -> Result<String, AppError> {
    let trimmed = text.trim();
    let key = if trimmed.is_empty() {
        "api.field.required"
    } else if trimmed.len() > MAX_MESSAGE_BYTES {
        "api.chat.tooLong"
    } else if trimmed.chars().any(|char| char.is_control() && char != '\n' && char != '\t') {
        "api.field.invalid"
    } else {
        return Ok(trimmed.to_owned());
    };
    Err(AppError::field("text", key))
}

/// What staff may do to a conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatStep {
    /// An agent takes a waiting one (one an agent has is taken: 409).
    Claim,
    /// It is given to an agent: a waiting one, or one an agent had.
    Transfer,
    /// Over for good.
    Close,
}

/// The status after `step`; a closed conversation moves no more (409).
pub fn after(current: ChatStatus, step: ChatStep) -> Result<ChatStatus, AppError> {
    match (current, step) {
        (ChatStatus::Closed, _) => Err(AppError::new(ErrorCode::Conflict, "api.chat.closed")),
        (ChatStatus::Active, ChatStep::Claim) => Err(AppError::new(ErrorCode::Conflict, "api.chat.taken")),
        (_, ChatStep::Claim | ChatStep::Transfer) => Ok(ChatStatus::Active),
        (_, ChatStep::Close) => Ok(ChatStatus::Closed),
    }
}

/// A shopper writes only in a conversation that is not closed.
pub fn shopper_may_write(current: ChatStatus) -> Result<(), AppError> {
    match current {
        ChatStatus::Closed => Err(AppError::new(ErrorCode::Conflict, "api.chat.closed")),
        ChatStatus::Waiting | ChatStatus::Active => Ok(()),
    }
}

/// An agent on duty: their id and how many conversations they have now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnDuty {
    pub staff_id: i64,
    pub active: i64,
}

/// The agent a waiting conversation goes to: the one with the fewest
/// conversations under `limit` each (the lowest id among equals); `None`
/// when every agent is full or none is online.
pub fn pick_agent(agents: &[OnDuty], limit: i64) -> Option<i64> {
    agents
        .iter()
        .filter(|agent| agent.active < limit)
        .min_by_key(|agent| (agent.active, agent.staff_id))
        .map(|agent| agent.staff_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guest_gives_a_name_and_an_e_mail_and_may_name_an_order() {
        let intro = check_intro(" Ann ", "Ann@Example.com", "ks20261125000000001234").unwrap();
        assert_eq!((intro.name.as_str(), intro.email.as_str()), ("Ann", "ann@example.com"));
        assert_eq!(intro.order_no, "KS20261125000000001234");
        let fields = check_intro("", "ann@", "not an order").unwrap_err().fields;
        assert_eq!(fields["name"], "api.field.required");
        assert_eq!(fields["email"], "api.member.emailInvalid");
        assert_eq!(fields["orderNo"], "api.field.invalid");
        assert_eq!(check_intro(&"n".repeat(61), "a@b.co", "").unwrap_err().fields["name"], "api.field.tooLong");
        assert_eq!(check_order("").unwrap(), "");
        assert_eq!(check_order("x y").unwrap_err().fields["orderNo"], "api.field.invalid");
    }

    #[test]
    fn a_message_is_four_kilobytes_of_text_at_most() {
        assert_eq!(check_text("  My key fails\n  ").unwrap(), "My key fails");
        assert_eq!(check_text(&"é".repeat(2048)).unwrap().len(), 4096);
        assert_eq!(check_text(&"é".repeat(2049)).unwrap_err().fields["text"], "api.chat.tooLong");
        assert_eq!(check_text(" \n ").unwrap_err().fields["text"], "api.field.required");
        assert_eq!(check_text("bell\u{7}").unwrap_err().fields["text"], "api.field.invalid");
        assert_eq!(check_text("tab\there").unwrap(), "tab\there");
    }

    #[test]
    fn a_conversation_is_taken_then_closed_for_good() {
        assert_eq!(after(ChatStatus::Waiting, ChatStep::Claim).unwrap(), ChatStatus::Active);
        assert_eq!(after(ChatStatus::Active, ChatStep::Claim).unwrap_err().msg_key, "api.chat.taken");
        assert_eq!(after(ChatStatus::Active, ChatStep::Transfer).unwrap(), ChatStatus::Active);
        assert_eq!(after(ChatStatus::Waiting, ChatStep::Close).unwrap(), ChatStatus::Closed);
        assert_eq!(after(ChatStatus::Closed, ChatStep::Transfer).unwrap_err().msg_key, "api.chat.closed");
        assert!(shopper_may_write(ChatStatus::Waiting).is_ok());
        assert_eq!(shopper_may_write(ChatStatus::Closed).unwrap_err().code, ErrorCode::Conflict);
        assert!(!ChatAuthor::Note.shown_to_shopper() && ChatAuthor::Agent.shown_to_shopper());
        assert_eq!(ChatStatus::parse("active"), Some(ChatStatus::Active));
    }

    #[test]
    fn a_waiting_chat_goes_to_the_least_busy_agent_under_the_limit() {
        let agents = [
            OnDuty { staff_id: 7, active: 2 },
            OnDuty { staff_id: 3, active: 1 },
            OnDuty { staff_id: 5, active: 1 },
            OnDuty { staff_id: 9, active: 4 },
        ];
        assert_eq!(pick_agent(&agents, 4), Some(3));
        assert_eq!(pick_agent(&agents, 1), None, "everyone is full");
        assert_eq!(pick_agent(&[], 4), None, "nobody online");
    }
}
