//! The profile, the password and the login history of the caller.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::paging::Paging;

use super::auth::verify_password;
use super::{Caller, MemberService, page_window};
use crate::domain::password;
use crate::domain::profile::ProfileForm;
use crate::store;
use crate::store::login_history::LoginRow;
use crate::store::members::MemberRow;

impl MemberService {
    pub async fn profile(&self, caller: &Caller) -> Result<MemberRow, AppError> {
        Ok(self.info(caller).await?.member)
    }

    /// Saves the profile (the login e-mail does not change here).
    pub async fn update_profile(&self, caller: &Caller, form: &ProfileForm) -> Result<MemberRow, AppError> {
        let profile = form.validate()?;
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| store::members::update_profile(conn, member_id, &profile, now).map_err(DbError::from))
            .await?;
        self.profile(caller).await
    }

    /// Changes the password: the old one is required; other sessions end.
    pub async fn change_password(
        &self,
        caller: &Caller,
        old_password: &str,
        new_password: &str,
        confirm: &str,
    ) -> Result<(), AppError> {
        let mut errors = FieldErrors::default();
        if old_password.is_empty() {
            errors.add("oldPassword", "api.field.required");
        }
        password::check_new(&mut errors, new_password, confirm);
        errors.finish()?;
        let member = self.profile(caller).await?;
        if !verify_password(old_password.to_owned(), Some(member.password_hash)).await? {
            return Err(AppError::field("oldPassword", "api.member.oldPasswordWrong"));
        }
        let new_password = new_password.to_owned();
        let hash = super::auth::hash_password(new_password).await?;
        let (member_id, keep) = (caller.member_id, caller.session_id);
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), DbError> {
                store::members::set_password_hash(conn, member_id, &hash, now)?;
                store::sessions::revoke_all(conn, member_id, Some(keep), now)?;
                Ok(())
            })
            .await?;
        Ok(())
    }

    pub async fn login_history(
        &self,
        caller: &Caller,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<LoginRow>, i64, Paging), AppError> {
        let (paging, offset, size) = page_window(page, limit)?;
        let member_id = caller.member_id;
        let (rows, total) = self
            .db
            .run(move |conn| store::login_history::page(conn, member_id, offset, size).map_err(DbError::from))
            .await?;
        Ok((rows, total, paging))
    }
}
