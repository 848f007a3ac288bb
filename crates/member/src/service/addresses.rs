//! The caller's addresses: exactly one default, which cannot be deleted.

use keyshop_core::db::DbError;
use keyshop_core::error::{AppError, ErrorCode};

use super::{Caller, MemberService, not_yours};
use crate::domain::address::{self, AddressForm};
use crate::store;
use crate::store::addresses::AddressRow;

impl MemberService {
    pub async fn addresses(&self, caller: &Caller) -> Result<Vec<AddressRow>, AppError> {
        let member_id = caller.member_id;
        Ok(self.db.run(move |conn| store::addresses::list(conn, member_id).map_err(DbError::from)).await?)
    }

    /// Adds an address; the first one is the default whatever was asked.
    pub async fn create_address(&self, caller: &Caller, form: &AddressForm) -> Result<i64, AppError> {
        let checked = form.validate()?;
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<i64, AppError> {
                let existing = store::addresses::count(conn, member_id)?;
                if existing >= address::MAX_PER_MEMBER {
                    return Err(AppError::new(ErrorCode::BusinessRule, "api.address.limit"));
                }
                let make_default = address::new_is_default(checked.is_default, existing);
                let id = store::addresses::insert(conn, member_id, &checked.address, now)?;
                if make_default {
                    store::addresses::set_default(conn, member_id, id, now)?;
                }
                Ok(id)
            })
            .await
    }

    /// Changes an address of the caller's; `is_default` true also makes it the default.
    pub async fn update_address(&self, caller: &Caller, id: i64, form: &AddressForm) -> Result<(), AppError> {
        let checked = form.validate()?;
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                store::addresses::find(conn, member_id, id)?.ok_or_else(not_yours)?;
                store::addresses::update(conn, member_id, id, &checked.address, now)?;
                if checked.is_default {
                    store::addresses::set_default(conn, member_id, id, now)?;
                }
                Ok(())
            })
            .await
    }

    pub async fn delete_address(&self, caller: &Caller, id: i64) -> Result<(), AppError> {
        let member_id = caller.member_id;
        self.db
            .write(move |conn| -> Result<(), AppError> {
                let address = store::addresses::find(conn, member_id, id)?.ok_or_else(not_yours)?;
                if address.is_default {
                    return Err(AppError::new(ErrorCode::BusinessRule, "api.address.defaultUndeletable"));
                }
                store::addresses::delete(conn, member_id, id)?;
                Ok(())
            })
            .await
    }

    pub async fn set_default_address(&self, caller: &Caller, id: i64) -> Result<(), AppError> {
        let member_id = caller.member_id;
        let now = self.clock.now_ms();
        self.db
            .write(move |conn| -> Result<(), AppError> {
                store::addresses::find(conn, member_id, id)?.ok_or_else(not_yours)?;
                store::addresses::set_default(conn, member_id, id, now)?;
                Ok(())
            })
            .await
    }
}
