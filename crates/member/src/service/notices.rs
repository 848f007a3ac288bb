//! Notices: to one member or to all, read and unread.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::identity::Party;
use keyshop_core::ids::MemberId;
use keyshop_core::paging::Paging;

use super::{Caller, MemberService, not_yours, page_window};
use crate::store;
use crate::store::notices::NoticeRow;
use keyshop_core::fields as text;

pub const MAX_TITLE_CHARS: usize = 120;
pub const MAX_CONTENT_CHARS: usize = 4000;

impl MemberService {
    /// The caller's notices, each in `language` where it was written in it.
    pub async fn notices(
        &self,
        caller: &Caller,
        page: i64,
        limit: i64,
        language: &str,
    ) -> Result<(Vec<NoticeRow>, i64, Paging), AppError> {
        let (paging, offset, size) = page_window(page, limit)?;
        let member_id = caller.member_id;
        let language = keyshop_core::i18n::normalize(language).unwrap_or(keyshop_core::i18n::DEFAULT);
        let (rows, total) = self
            .db
            .run(move |conn| -> Result<_, DbError> {
                let (mut rows, total) = store::notices::page(conn, member_id, offset, size)?;
                let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
                let mut own = store::notice_texts::in_language(conn, &ids, language)?;
                for row in &mut rows {
                    if let Some((title, content)) = own.remove(&row.id) {
                        (row.title, row.content) = (title, content);
                    }
                }
                Ok((rows, total))
            })
            .await?;
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

    /// (staff) Sends a notice to member `member_id`, or to all with `None`:
    /// `title` and `content` the default (English) ones, `texts` the same in
    /// other languages `(language, title, content)`; recorded for the audit
    /// log as `actor`'s.
    pub async fn send_notice(
        &self,
        member: Option<MemberId>,
        title: &str,
        content: &str,
        texts: Vec<(String, String, String)>,
        actor: Option<Actor>,
    ) -> Result<i64, AppError> {
        let member_id = member.map(MemberId::get);
        let mut errors = FieldErrors::default();
        let title = text::required(&mut errors, "title", title, MAX_TITLE_CHARS);
        let content = text::required(&mut errors, "content", content, MAX_CONTENT_CHARS);
        let mut others: Vec<(String, String, String)> = Vec::new();
        for (index, (language, other_title, other_content)) in texts.into_iter().enumerate() {
            let field = |name: &str| format!("texts[{index}].{name}");
            let known = keyshop_core::i18n::SUPPORTED.iter().any(|code| *code == language);
            if !known || language == keyshop_core::i18n::DEFAULT || others.iter().any(|(seen, _, _)| *seen == language)
            {
                errors.add(field("language"), "api.field.invalid");
                continue;
            }
            let other_title = text::optional(&mut errors, &field("title"), &other_title, MAX_TITLE_CHARS);
            let other_content = text::optional(&mut errors, &field("content"), &other_content, MAX_CONTENT_CHARS);
            if other_title.is_empty() && other_content.is_empty() {
                continue;
            }
            if other_title.is_empty() || other_content.is_empty() {
                errors.add(field(if other_title.is_empty() { "title" } else { "content" }), "api.field.required");
            }
            others.push((language, other_title, other_content));
        }
        errors.finish()?;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<i64, AppError> {
                if let Some(member_id) = member_id {
                    store::members::find(conn, member_id)?.ok_or_else(|| AppError::not_found("api.member.notFound"))?;
                }
                let id = store::notices::insert(conn, member_id, &title, &content, now)?;
                store::notice_texts::insert(conn, id, &others)?;
                if let Some(actor) = &actor {
                    let target =
                        member_id.map_or_else(|| "every member".to_owned(), |member| format!("member {member}"));
                    let languages: Vec<&str> = others.iter().map(|(language, _, _)| language.as_str()).collect();
                    let summary = format!("{title} (also in: {})", languages.join(", "));
                    let record = audit::record(actor, AuditAction::NoticeSend, &target, &summary, Party::Member, now);
                    outbox::enqueue(conn, &record)?;
                }
                Ok(id)
            })
            .await
    }
}
