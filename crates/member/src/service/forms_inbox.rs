//! The forms inbox: the sale, wholesale, affiliate and feedback forms
//! shoppers sent, for the staff whose role answers them. Each is new,
//! replied or closed; a reply is e-mailed to its sender in their language and
//! kept with the form; every change checks the version read and is audited.
//! Staff who answer forms are e-mailed when one arrives.

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::db::{DbConnection, DbError};
use keyshop_core::error::{AppError, ErrorCode, FieldErrors};
use keyshop_core::events::outbox;
use keyshop_core::fields;
use keyshop_core::identity::{Party, Permission};
use keyshop_core::paging::Paging;

use super::MemberService;
use crate::domain::forms::LONG;
use crate::store::form_submissions::{self as forms, FormRow, FormStatus, ReplyRow};
use crate::{mail, store};

/// The kinds of form the inbox holds.
pub const KINDS: [&str; 4] = ["sale", "wholesale", "affiliate", "feedback"];

/// A submission with its replies.
#[derive(Debug, Clone)]
pub struct FormView {
    pub row: FormRow,
    pub replies: Vec<ReplyRow>,
}

fn not_found() -> AppError {
    AppError::not_found("api.form.notFound")
}

fn changed() -> AppError {
    AppError::new(ErrorCode::Conflict, "api.staff.changed")
}

fn views(conn: &mut DbConnection, rows: Vec<FormRow>) -> Result<Vec<FormView>, AppError> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let replies = forms::replies(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let own = replies.iter().filter(|reply| reply.submission_id == row.id).cloned().collect();
            FormView { row, replies: own }
        })
        .collect())
}

fn view(conn: &mut DbConnection, id: i64) -> Result<FormView, AppError> {
    let row = forms::find(conn, id)?.ok_or_else(not_found)?;
    views(conn, vec![row])?.pop().ok_or_else(not_found)
}

fn staff_email(actor: &Actor) -> String {
    match actor {
        Actor::Staff(staff) => staff.email.clone(),
        Actor::Cli => "keyshop admin".to_owned(),
    }
}

/// The sender's name as the form has it ("" when it has none).
fn sender_name(row: &FormRow) -> String {
    serde_json::from_str::<serde_json::Value>(&row.fields)
        .ok()
        .and_then(|fields| fields.get("name").and_then(|name| name.as_str().map(str::to_owned)))
        .unwrap_or_default()
}

impl MemberService {
    /// The inbox, newest first: of one kind and status when given.
    pub async fn staff_forms(
        &self,
        kind: &str,
        status: &str,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<FormView>, i64, Paging), AppError> {
        let mut errors = FieldErrors::default();
        let kind = match kind {
            "" => None,
            known if KINDS.contains(&known) => Some(known.to_owned()),
            _ => {
                errors.add("kind", "api.field.invalid");
                None
            }
        };
        let status = match status {
            "" => None,
            code => {
                let parsed = FormStatus::parse(code);
                if parsed.is_none() {
                    errors.add("status", "api.field.invalid");
                }
                parsed
            }
        };
        let paging = match Paging::parse(page, limit) {
            Ok(paging) => Some(paging),
            Err(error) => {
                for (field, key) in error.fields {
                    errors.add(field, key);
                }
                None
            }
        };
        errors.finish()?;
        let paging = paging.ok_or_else(|| AppError::field("page", "api.field.invalid"))?;
        let (offset, size) = (paging.offset() as i64, i64::from(paging.limit));
        let (rows, total) = self
            .db
            .run(move |conn| -> Result<_, AppError> {
                let (rows, total) = forms::page(conn, kind.as_deref(), status, offset, size)?;
                Ok((views(conn, rows)?, total))
            })
            .await?;
        Ok((rows, total, paging))
    }

    pub async fn staff_form(&self, id: i64) -> Result<FormView, AppError> {
        self.db.run(move |conn| view(conn, id)).await
    }

    /// E-mails `body` to the form's sender in their language, keeps it with
    /// the form and marks the form replied (at the version read).
    pub async fn reply_form(&self, id: i64, version: i64, body: &str, actor: Actor) -> Result<FormView, AppError> {
        let mut errors = FieldErrors::default();
        let body = fields::required(&mut errors, "body", body, LONG);
        errors.finish()?;
        let now = self.clock.now_ms();
        let author = staff_email(&actor);
        let text = body.clone();
        let replied = self
            .db
            .write(move |conn| -> Result<FormView, AppError> {
                let row = forms::find(conn, id)?.ok_or_else(not_found)?;
                if !forms::set_status(conn, id, version, FormStatus::Replied, now)? {
                    return Err(changed());
                }
                forms::add_reply(conn, id, &author, &text, now)?;
                let summary = format!("{} form from {}: {} characters", row.kind, row.email, text.chars().count());
                let record =
                    audit::record(&actor, AuditAction::FormReply, &format!("form {id}"), &summary, Party::Member, now);
                outbox::enqueue(conn, &record)?;
                view(conn, id)
            })
            .await?;
        self.wake_outbox();
        let row = &replied.row;
        let composed = mail::form_reply(&row.email, &row.language, &sender_name(row), &row.kind, &body);
        self.mailer.send(composed.as_email()).await.map_err(AppError::unavailable)?;
        Ok(replied)
    }

    /// Closes a form or opens it again (new), at the version read.
    pub async fn set_form_status(
        &self,
        id: i64,
        version: i64,
        status: &str,
        actor: Actor,
    ) -> Result<FormView, AppError> {
        let status = FormStatus::parse(status).ok_or_else(|| AppError::field("status", "api.field.invalid"))?;
        let now = self.clock.now_ms();
        let saved = self
            .db
            .write(move |conn| -> Result<FormView, AppError> {
                let row = forms::find(conn, id)?.ok_or_else(not_found)?;
                if !forms::set_status(conn, id, version, status, now)? {
                    return Err(changed());
                }
                let summary = format!("{} → {}", row.status, status);
                let record =
                    audit::record(&actor, AuditAction::FormStatus, &format!("form {id}"), &summary, Party::Member, now);
                outbox::enqueue(conn, &record)?;
                view(conn, id)
            })
            .await?;
        self.wake_outbox();
        Ok(saved)
    }

    /// Tells every active member of staff who answers forms that form `id`
    /// arrived (in the background; a failure is logged).
    pub(super) async fn announce_form(&self, id: i64, kind: &str, sender: &str) {
        let recipients =
            self.db.run(|conn| store::staff::active_with(conn, Permission::FormsAnswer).map_err(DbError::from)).await;
        let recipients = match recipients {
            Ok(recipients) => recipients,
            Err(error) => {
                tracing::warn!(error = %error, "staff not told of a new form");
                return;
            }
        };
        let link = format!("{}/staff/forms?id={id}", self.settings.public_url);
        for recipient in recipients {
            self.send_in_background(mail::form_arrived(&recipient, kind, sender, &link));
        }
    }
}
