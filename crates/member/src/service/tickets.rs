//! Support tickets: the member's side and the staff's. Staff who answer
//! tickets are e-mailed when one is opened; a staff reply is e-mailed to the
//! member in their language; staff replies and closes are audited.

use std::collections::BTreeMap;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::outbox;
use keyshop_core::identity::{Party, Permission};
use keyshop_core::paging::Paging;

use super::{Caller, MemberService, not_yours, page_window};
use crate::domain::throttle;
use crate::domain::ticket::{self, Author, Status};
use crate::store::tickets::{MessageRow, TicketRow};
use crate::{mail, store};

impl MemberService {
    pub async fn tickets(
        &self,
        caller: &Caller,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<TicketRow>, i64, Paging), AppError> {
        self.ticket_page(Some(caller.member_id), None, page, limit).await
    }

    /// (staff) Every ticket, or those of one status, with their members' e-mails.
    pub async fn staff_tickets(
        &self,
        status: Option<Status>,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<TicketRow>, BTreeMap<i64, String>, i64, Paging), AppError> {
        let (rows, total, paging) = self.ticket_page(None, status, page, limit).await?;
        let ids: Vec<i64> = rows.iter().map(|row| row.member_id).collect();
        let emails = self.db.run(move |conn| store::members::emails_of(conn, &ids).map_err(DbError::from)).await?;
        Ok((rows, emails, total, paging))
    }

    /// (staff) A ticket with its messages and its member's e-mail.
    pub async fn staff_ticket(&self, id: i64) -> Result<(TicketRow, Vec<MessageRow>, String), AppError> {
        let (ticket, messages) = self.ticket(None, id).await?;
        let member_id = ticket.member_id;
        let emails =
            self.db.run(move |conn| store::members::emails_of(conn, &[member_id]).map_err(DbError::from)).await?;
        let email = emails.get(&member_id).cloned().unwrap_or_default();
        Ok((ticket, messages, email))
    }

    /// (staff) Answers ticket `id`: kept in its thread, the ticket answered,
    /// audited; the member is e-mailed the reply in their language.
    pub async fn staff_reply_ticket(&self, id: i64, body: &str, actor: Actor) -> Result<i64, AppError> {
        let body = ticket::parse_body(body)?;
        let now = self.clock.now_ms();
        let text = body.clone();
        let (message_id, ticket, member) = self
            .db
            .write(move |conn| -> Result<_, AppError> {
                let ticket = store::tickets::find(conn, id, None)?.ok_or_else(not_yours)?;
                let next = ticket::after_message(ticket.status, Author::Staff)?;
                let message_id = store::tickets::add_message(conn, id, Author::Staff.as_str(), &text, now)?;
                store::tickets::set_status(conn, id, next, now)?;
                let member = store::members::find(conn, ticket.member_id)?;
                let summary = format!("\"{}\": {} characters", ticket.subject, text.chars().count());
                let record = audit::record(
                    &actor,
                    AuditAction::TicketReply,
                    &format!("ticket {id}"),
                    &summary,
                    Party::Member,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                Ok((message_id, ticket, member))
            })
            .await?;
        self.wake_outbox();
        if let Some(member) = member {
            let link = format!("{}/my-support?id={id}", self.settings.public_url);
            self.send_in_background(mail::ticket_answered(
                &member.email,
                &member.language,
                &ticket.subject,
                &body,
                &link,
            ));
        }
        Ok(message_id)
    }

    /// (staff) Closes ticket `id` (409 when it is closed already); audited.
    pub async fn staff_close_ticket(&self, id: i64, actor: Actor) -> Result<(), AppError> {
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let ticket = store::tickets::find(conn, id, None)?.ok_or_else(not_yours)?;
                if ticket.status == Status::Closed {
                    return Err(AppError::new(ErrorCode::Conflict, "api.ticket.closed"));
                }
                store::tickets::set_status(conn, id, Status::Closed, now)?;
                let summary = format!("\"{}\": {} → closed", ticket.subject, ticket.status);
                let record = audit::record(
                    &actor,
                    AuditAction::TicketClose,
                    &format!("ticket {id}"),
                    &summary,
                    Party::Member,
                    now,
                );
                outbox::enqueue(conn, &record)?;
                Ok(())
            })
            .await?;
        self.wake_outbox();
        Ok(())
    }

    /// Tells every active member of staff who answers tickets that ticket
    /// `id` was opened (in the background; a failure is logged).
    pub(super) async fn announce_ticket(&self, id: i64, subject: &str, sender: &str) {
        let recipients =
            self.db.run(|conn| store::staff::active_with(conn, Permission::TicketsAnswer).map_err(DbError::from)).await;
        let recipients = match recipients {
            Ok(recipients) => recipients,
            Err(error) => {
                tracing::warn!(error = %error, "staff not told of a new ticket");
                return;
            }
        };
        let link = format!("{}/staff/tickets/{id}", self.settings.public_url);
        for recipient in recipients {
            self.send_in_background(mail::ticket_opened(&recipient, subject, sender, &link));
        }
    }

    /// (staff) The tickets waiting for an answer, and when the oldest was opened.
    pub async fn open_tickets(&self) -> Result<(i64, Option<i64>), AppError> {
        Ok(self.db.run(move |conn| store::tickets::count_of(conn, Status::Open).map_err(DbError::from)).await?)
    }

    async fn ticket_page(
        &self,
        member_id: Option<i64>,
        status: Option<Status>,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<TicketRow>, i64, Paging), AppError> {
        let (paging, offset, size) = page_window(page, limit)?;
        let (rows, total) = self
            .db
            .run(move |conn| store::tickets::page(conn, member_id, status, offset, size).map_err(DbError::from))
            .await?;
        Ok((rows, total, paging))
    }

    pub async fn open_ticket(
        &self,
        caller: &Caller,
        subject: &str,
        message: &str,
        order_no: &str,
    ) -> Result<i64, AppError> {
        let (subject, message, order_no) = ticket::parse_new(subject, message, order_no)?;
        self.throttle(&format!("member:ticket:{}", caller.member_id), throttle::TICKET, "api.error.tooManyRequests")
            .await?;
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        let title = subject.clone();
        let id = self
            .db
            .write(move |conn| -> Result<i64, DbError> {
                let id = store::tickets::insert(conn, member_id, &title, &order_no, Status::Open, now)?;
                store::tickets::add_message(conn, id, Author::Member.as_str(), &message, now)?;
                Ok(id)
            })
            .await?;
        self.announce_ticket(id, &subject, &caller.email).await;
        Ok(id)
    }

    /// A ticket with its messages: the caller's own, or any for staff (`None`).
    pub async fn ticket(&self, caller: Option<&Caller>, id: i64) -> Result<(TicketRow, Vec<MessageRow>), AppError> {
        let owner = caller.map(|caller| caller.member_id);
        let found = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                let Some(ticket) = store::tickets::find(conn, id, owner)? else { return Ok(None) };
                Ok(Some((ticket, store::tickets::messages(conn, id)?)))
            })
            .await?;
        found.ok_or_else(not_yours)
    }

    /// The member who owns ticket `id` writes in it (it is open again).
    pub async fn post_ticket_message(&self, caller: &Caller, id: i64, body: &str) -> Result<i64, AppError> {
        let body = ticket::parse_body(body)?;
        self.throttle(&format!("member:ticket:{}", caller.member_id), throttle::TICKET, "api.error.tooManyRequests")
            .await?;
        let owner = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<i64, AppError> {
                let ticket = store::tickets::find(conn, id, Some(owner))?.ok_or_else(not_yours)?;
                let next = ticket::after_message(ticket.status, Author::Member)?;
                let message_id = store::tickets::add_message(conn, id, Author::Member.as_str(), &body, now)?;
                store::tickets::set_status(conn, id, next, now)?;
                Ok(message_id)
            })
            .await
    }

    pub async fn close_ticket(&self, caller: &Caller, id: i64) -> Result<(), AppError> {
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                store::tickets::find(conn, id, Some(member_id))?.ok_or_else(not_yours)?;
                store::tickets::set_status(conn, id, Status::Closed, now)?;
                Ok(())
            })
            .await
    }
}
