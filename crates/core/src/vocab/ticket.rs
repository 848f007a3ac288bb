//! The status of a support ticket.

crate::vocabulary! {
    /// Whose turn it is on a support ticket.
    pub enum TicketStatus: keyshop_proto::common::v1::TicketStatus {
        /// Waiting for staff.
        Open = "open",
        /// Staff answered; waiting for the member.
        Answered = "answered",
        Closed = "closed",
    }
}
