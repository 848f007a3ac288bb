//! The payment service's use cases over its store: methods on offer, payment
//! sessions (`sessions`), what providers report (`reports`) and refunds
//! (`refunds`). A session's success writes its `PaymentSucceeded` event to the
//! outbox in the same transaction.

mod history;
mod refunds;
mod reports;
mod sessions;

#[cfg(test)]
mod tests;

use std::time::Duration;

use keyshop_core::audit::{self, Actor, AuditAction};
use keyshop_core::clock::SharedClock;
use keyshop_core::db::Db;
use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::events::OutboxWaker;
use keyshop_core::events::outbox;
use keyshop_core::identity::Party;
use keyshop_core::ids::{OrderNo, SessionId};
use keyshop_core::money::Money;
use keyshop_core::vocab::PaymentProvider;

pub use history::Attempt;
pub use reports::ReportOutcome;

use crate::domain::checkout::CheckoutRequest;
use crate::domain::methods::{self, Method, MethodEdit};
use crate::domain::session::PaymentSession;
use crate::providers::{Provider, Providers};
use crate::store;

/// A new payment attempt, checked.
#[derive(Debug, Clone)]
pub struct SessionRequest {
    pub order_no: OrderNo,
    pub method: String,
    pub amount: Money,
}

pub struct PaymentService {
    db: Db,
    clock: SharedClock,
    waker: OutboxWaker,
    /// The providers enabled in this store (`PAYMENT_PROVIDERS`).
    providers: Providers,
    window: Duration,
    /// Where shoppers reach the store: the providers send buyers back there.
    public_url: String,
}

impl PaymentService {
    pub fn new(
        db: Db,
        clock: SharedClock,
        waker: OutboxWaker,
        providers: Providers,
        window: Duration,
        public_url: String,
    ) -> PaymentService {
        PaymentService { db, clock, waker, providers, window, public_url }
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    fn provider(&self, name: PaymentProvider) -> Result<&dyn Provider, AppError> {
        self.providers.get(name).map(AsRef::as_ref).ok_or_else(|| AppError::not_found("api.error.notFound"))
    }

    /// The return pages of a provider's checkout for `session`.
    fn checkout_request(&self, session: &PaymentSession) -> CheckoutRequest {
        let query = format!("session={}&order={}", session.id, session.order_no);
        let back = if session.provider == PaymentProvider::Paypal { "paypal" } else { "success-payment" };
        CheckoutRequest {
            session_id: session.id.to_string(),
            order_no: session.order_no.to_string(),
            amount: session.amount.minor,
            currency: session.amount.currency.to_string(),
            success_url: format!("{}/{back}?{query}", self.public_url),
            cancel_url: format!("{}/cancel?{query}", self.public_url),
            expires_at: session.expires_at_ms / 1000,
        }
    }

    /// The methods on offer in `currency`.
    pub async fn methods(&self, currency: String) -> Result<Vec<Method>, AppError> {
        let all = self.db.run(|conn| Ok::<_, AppError>(store::methods::all(conn)?)).await?;
        Ok(methods::on_offer(&all, &self.providers.names(), &currency))
    }

    /// The providers configured on this store.
    pub fn provider_names(&self) -> Vec<PaymentProvider> {
        self.providers.names()
    }

    /// (staff) Every method the store knows, switched on or off.
    pub async fn staff_methods(&self) -> Result<Vec<Method>, AppError> {
        self.db.run(|conn| Ok::<_, AppError>(store::methods::all(conn)?)).await
    }

    /// (staff) Switches method `code` on or off and sets its currencies and
    /// fees, at the version read; audited in the same transaction.
    pub async fn save_method(
        &self,
        code: &str,
        version: i64,
        edit: MethodEdit,
        actor: Actor,
    ) -> Result<Method, AppError> {
        let edit = methods::check_edit(edit)?;
        let code = code.to_owned();
        let now = self.clock.now_ms();
        let saved = self
            .db
            .write(move |conn| -> Result<Method, AppError> {
                let find = |conn: &mut keyshop_core::db::DbConnection| -> Result<Method, AppError> {
                    store::methods::all(conn)?
                        .into_iter()
                        .find(|method| method.code == code)
                        .ok_or_else(|| AppError::not_found("api.payment.methodNotFound"))
                };
                find(conn)?;
                if !store::methods::update(conn, &code, version, &edit)? {
                    return Err(AppError::new(ErrorCode::Conflict, "api.staff.changed"));
                }
                let fees: Vec<String> = edit
                    .fees
                    .iter()
                    .map(|fee| format!("{} {}bp+{}¢", fee.currency, fee.fee_basis_points, fee.fee_fixed_usd))
                    .collect();
                let summary = format!(
                    "{}; {}; {}bp+{}¢; {}",
                    if edit.enabled { "on" } else { "off" },
                    edit.currencies.join(","),
                    edit.fee_basis_points,
                    edit.fee_fixed_usd,
                    fees.join(", ")
                );
                let record = audit::record(&actor, AuditAction::PaymentMethodSet, &code, &summary, Party::Payment, now);
                outbox::enqueue(conn, &record)?;
                find(conn)
            })
            .await?;
        self.waker.wake();
        Ok(saved)
    }

    pub async fn session(&self, id: SessionId) -> Result<PaymentSession, AppError> {
        self.db
            .run(move |conn| Ok::<_, AppError>(store::sessions::find(conn, &id)?))
            .await?
            .ok_or_else(|| AppError::not_found("api.error.notFound"))
    }
}

impl SessionRequest {
    /// The request as a caller sent it, checked: every field error at once.
    pub fn parse(order_no: &str, method: &str, amount: i64, currency: &str) -> Result<SessionRequest, AppError> {
        let mut errors = keyshop_core::error::FieldErrors::default();
        let order_no = OrderNo::parse(order_no.trim());
        if order_no.is_none() {
            errors.add("orderNo", "api.error.validation");
        }
        if amount <= 0 {
            errors.add("amount", "api.error.validation");
        }
        let currency = keyshop_core::money::CurrencyCode::parse(&currency.trim().to_ascii_uppercase()).ok();
        if currency.is_none() {
            errors.add("currency", "api.error.validation");
        }
        errors.finish()?;
        match (order_no, currency) {
            (Some(order_no), Some(currency)) => {
                Ok(SessionRequest { order_no, method: method.to_owned(), amount: Money::new(amount, currency) })
            }
            _ => Err(AppError::internal("checked fields missing")),
        }
    }
}
