//! Support tickets: the member's side and the staff's.

use keyshop_core::db::DbError;
use keyshop_core::error::AppError;
use keyshop_core::paging::Paging;

use super::{Caller, MemberService, not_yours, page_window};
use crate::domain::throttle;
use crate::domain::ticket::{self, Author, Status};
use crate::store;
use crate::store::tickets::{MessageRow, TicketRow};

impl MemberService {
    pub async fn tickets(
        &self,
        caller: &Caller,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<TicketRow>, i64, Paging), AppError> {
        self.ticket_page(Some(caller.member_id), None, page, limit).await
    }

    /// (staff) Every ticket, or those of one status.
    pub async fn staff_tickets(
        &self,
        status: Option<Status>,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<TicketRow>, i64, Paging), AppError> {
        self.ticket_page(None, status, page, limit).await
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
        self.db
            .write(move |conn| -> Result<i64, DbError> {
                let id = store::tickets::insert(conn, member_id, &subject, &order_no, Status::Open, now)?;
                store::tickets::add_message(conn, id, Author::Member.as_str(), &message, now)?;
                Ok(id)
            })
            .await
            .map_err(AppError::from)
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

    /// Writes in a ticket: as the member who owns it, or as staff (`None`).
    pub async fn post_ticket_message(&self, caller: Option<&Caller>, id: i64, body: &str) -> Result<i64, AppError> {
        let body = ticket::parse_body(body)?;
        let (owner, author) = match caller {
            Some(caller) => {
                self.throttle(
                    &format!("member:ticket:{}", caller.member_id),
                    throttle::TICKET,
                    "api.error.tooManyRequests",
                )
                .await?;
                (Some(caller.member_id), Author::Member)
            }
            None => (None, Author::Staff),
        };
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<i64, AppError> {
                let ticket = store::tickets::find(conn, id, owner)?.ok_or_else(not_yours)?;
                let current = ticket.status;
                let next = ticket::after_message(current, author)?;
                let message_id = store::tickets::add_message(conn, id, author.as_str(), &body, now)?;
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
