//! Notices: to one member or to all, read and unread.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::ids::MemberId;
use keyshop_core::paging::Paging;

use super::{Caller, MemberService, not_yours, page_window};
use crate::store;
use crate::store::notices::NoticeRow;
use keyshop_core::fields as text;

pub const MAX_TITLE_CHARS: usize = 120;
pub const MAX_CONTENT_CHARS: usize = 4000;

impl MemberService {
    pub async fn notices(
        &self,
        caller: &Caller,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<NoticeRow>, i64, Paging), AppError> {
        let (paging, offset, size) = page_window(page, limit)?;
        let member_id = caller.member_id;
        let (rows, total) =
            self.db.run(move |conn| store::notices::page(conn, member_id, offset, size).map_err(DbError::from)).await?;
        Ok((rows, total, paging))
    }

    pub async fn unread_notices(&self, caller: &Caller) -> Result<i64, AppError> {
        let member_id = caller.member_id;
        Ok(self.db.run(move |conn| store::notices::unread_count(conn, member_id).map_err(DbError::from)).await?)
    }

    pub async fn mark_notice_read(&self, caller: &Caller, id: i64) -> Result<(), AppError> {
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        let visible = self
            .db
            .write(move |conn| store::notices::mark_read(conn, member_id, id, now).map_err(DbError::from))
            .await?;
        if visible { Ok(()) } else { Err(not_yours()) }
    }

    /// (staff) Sends a notice to member `member_id`, or to all with `None`.
    pub async fn send_notice(&self, member: Option<MemberId>, title: &str, content: &str) -> Result<i64, AppError> {
        let member_id = member.map(MemberId::get);
        let mut errors = FieldErrors::default();
        let title = text::required(&mut errors, "title", title, MAX_TITLE_CHARS);
        let content = text::required(&mut errors, "content", content, MAX_CONTENT_CHARS);
        errors.finish()?;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<i64, AppError> {
                if let Some(member_id) = member_id {
                    store::members::find(conn, member_id)?.ok_or_else(|| AppError::not_found("api.member.notFound"))?;
                }
                Ok(store::notices::insert(conn, member_id, &title, &content, now)?)
            })
            .await
    }
}
