//! Support tickets: what opening one and writing in one take, and how the
//! status moves (open → answered by staff → open again by the member; closed
//! for good).

use keyshop_core::error::{AppError, FieldErrors};

use keyshop_core::fields as text;

pub const MAX_SUBJECT_CHARS: usize = 120;
pub const MAX_BODY_CHARS: usize = 4000;
pub const MAX_ORDER_NO_CHARS: usize = 40;

pub use keyshop_core::vocab::TicketStatus as Status;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Author {
    Member,
    Staff,
}

impl Author {
    pub fn as_str(self) -> &'static str {
        match self {
            Author::Member => "member",
            Author::Staff => "staff",
        }
    }
}

/// The status after `author` writes in a ticket that is `current`; a closed
/// ticket takes no more messages.
pub fn after_message(current: Status, author: Author) -> Result<Status, AppError> {
    match (current, author) {
        (Status::Closed, _) => Err(AppError::new(keyshop_core::error::ErrorCode::Conflict, "api.ticket.closed")),
        (_, Author::Member) => Ok(Status::Open),
        (_, Author::Staff) => Ok(Status::Answered),
    }
}

/// A new ticket: subject, first message, optional order number.
pub fn parse_new(subject: &str, message: &str, order_no: &str) -> Result<(String, String, String), AppError> {
    let mut errors = FieldErrors::default();
    let subject = text::required(&mut errors, "subject", subject, MAX_SUBJECT_CHARS);
    let message = text::required(&mut errors, "message", message, MAX_BODY_CHARS);
    let order_no = text::optional(&mut errors, "orderNo", order_no, MAX_ORDER_NO_CHARS);
    errors.finish()?;
    Ok((subject, message, order_no))
}

/// A message in a ticket.
pub fn parse_body(body: &str) -> Result<String, AppError> {
    let mut errors = FieldErrors::default();
    let body = text::required(&mut errors, "body", body, MAX_BODY_CHARS);
    errors.finish()?;
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_follows_who_wrote_last() {
        assert_eq!(after_message(Status::Open, Author::Staff).unwrap(), Status::Answered);
        assert_eq!(after_message(Status::Answered, Author::Member).unwrap(), Status::Open);
        assert_eq!(after_message(Status::Closed, Author::Member).unwrap_err().msg_key, "api.ticket.closed");
        assert_eq!(Status::parse("answered"), Some(Status::Answered));
        assert_eq!(Status::parse("pending"), None);
    }

    #[test]
    fn new_tickets_need_a_subject_and_a_message() {
        let fields = parse_new(" ", "", &"9".repeat(41)).unwrap_err().fields;
        assert_eq!(fields["subject"], "api.field.required");
        assert_eq!(fields["message"], "api.field.required");
        assert_eq!(fields["orderNo"], "api.field.tooLong");
        assert_eq!(parse_new("Key", "Does not work", "").unwrap().0, "Key");
        assert_eq!(parse_body(&"x".repeat(4001)).unwrap_err().fields["body"], "api.field.tooLong");
    }
}
