//! The order service's use cases: checkout, who may see an order, and the
//! order's life after it (cancel, expiry, payment, delivery). They speak to
//! the other services through [`Ports`] only.

mod cart;
mod checkout;
mod coupons;
mod dashboard;
mod lifecycle;
mod orders;
mod refund;
mod staff_actions;

#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::clock::SharedClock;
use keyshop_core::db::Db;
use keyshop_core::error::AppError;
use keyshop_core::events::OutboxWaker;
use keyshop_core::ids::OrderNo;
use keyshop_core::mail::Mailer;
use keyshop_core::money::{CurrencyCode, ExchangeRate};
use keyshop_core::secret;
use keyshop_core::throttle::Throttle;

pub use cart::{CartAsker, CartOwner, CartView, CartViewLine};
pub use checkout::{CheckoutRequest, Placed};
pub use coupons::{CouponFigures, CouponPage};
pub use dashboard::OrderFigures;
pub use lifecycle::ConfirmedPayment;
pub use orders::{OrderKeys, OrderPage, StaffOrderView};
pub use refund::{MAX_REASON_CHARS, RefundQueue, RefundWaiting, check_reason};

use crate::domain::link;
use crate::domain::order::Order;
use crate::ports::kept::KeptAllowances;
use crate::ports::{Ports, Shopper};
use crate::store;

/// Who asks for an order.
#[derive(Debug, Clone, Default)]
pub struct Asker {
    /// The member's session token, if any.
    pub bearer: Option<String>,
    /// A guest's link token, if any.
    pub link_token: String,
}

/// What the order service is told at start.
#[derive(Debug, Clone)]
pub struct OrderSettings {
    /// Where buyers reach the store (the order link in e-mails).
    pub public_url: String,
    /// How long an unpaid order holds its keys.
    pub window: Duration,
    /// Where refund requests are reported.
    pub support_email: String,
    /// How much a guest may hold unpaid at once.
    pub guest_limits: keyshop_core::config::GuestLimits,
}

pub struct OrderService {
    db: Db,
    clock: SharedClock,
    waker: OutboxWaker,
    ports: Ports,
    /// What a product put into a cart is offered at and has in stock, kept
    /// a second.
    cart_allowances: KeptAllowances,
    mailer: Arc<Mailer>,
    /// Guests' limits, apart from any cache.
    throttle: Arc<dyn Throttle>,
    settings: OrderSettings,
}

/// What an order service works with besides its peers.
pub struct OrderDeps {
    pub db: Db,
    pub clock: SharedClock,
    pub waker: OutboxWaker,
    pub mailer: Arc<Mailer>,
    pub throttle: Arc<dyn Throttle>,
}

fn not_found() -> AppError {
    AppError::not_found("api.error.notFound")
}

impl OrderService {
    pub fn new(deps: OrderDeps, ports: Ports, settings: OrderSettings) -> OrderService {
        let OrderDeps { db, clock, waker, mailer, throttle } = deps;
        let cart_allowances = KeptAllowances::new(ports.catalog.clone(), ports.inventory.clone(), clock.clone());
        OrderService { db, clock, waker, ports, cart_allowances, mailer, throttle, settings }
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The member behind `bearer`; `None` for a guest.
    async fn shopper(&self, bearer: Option<&str>) -> Result<Option<Shopper>, AppError> {
        match bearer {
            None => Ok(None),
            Some(token) => self.ports.members.authenticate(token).await.map(Some),
        }
    }

    /// The order, if `asker` may see it: its member, or a guest with its link
    /// token. Anyone else learns nothing, not even that it exists.
    pub async fn order_for(&self, order_no: &str, asker: &Asker) -> Result<Order, AppError> {
        Ok(self.authorize(order_no, asker).await?.0)
    }

    /// The order `asker` may see and who they are for the audit log
    /// (`member:<id>` or `guest-link`).
    async fn authorize(&self, order_no: &str, asker: &Asker) -> Result<(Order, String), AppError> {
        let order_no = OrderNo::parse(order_no).ok_or_else(not_found)?;
        let found = self.db.run(move |conn| store::orders::find(conn, &order_no)).await?;
        let (order, access) = found.ok_or_else(not_found)?;
        if order.deleted {
            return Err(not_found());
        }
        // The owner, signed in.
        if let Some(owner) = order.member
            && let Ok(Some(shopper)) = self.shopper(asker.bearer.as_deref()).await
            && shopper.member_id == owner
        {
            return Ok((order, format!("member:{owner}")));
        }
        // The link token is a secret of this order alone: it opens it for
        // whoever holds it (the e-mail's reader), signed in or not.
        // Each works for a while after it was issued (`domain::link`).
        if asker.link_token.is_empty() {
            return Err(not_found());
        }
        let digest = secret::digest(&asker.link_token);
        let now = self.clock.now_ms();
        let by_checkout = secret::constant_time_eq(&digest, &access.link_token_hash)
            && link::open(link::expires(order.created_at_ms), now);
        let by_mail = access.mail_token_hash.as_deref().is_some_and(|hash| secret::constant_time_eq(&digest, hash))
            && link::open(access.mail_token_expires_at.unwrap_or_else(|| link::expires(order.created_at_ms)), now);
        if by_checkout || by_mail { Ok((order, "guest-link".to_owned())) } else { Err(not_found()) }
    }

    /// Today's rate of `currency` (a field error for a currency not sold in).
    async fn rate_of(&self, currency: CurrencyCode) -> Result<ExchangeRate, AppError> {
        self.ports.catalog.rate(currency).await?.ok_or_else(|| AppError::field("currency", "api.error.validation"))
    }

    /// The order as stored, whoever asks (staff, workers, events).
    async fn load(&self, order_no: &OrderNo) -> Result<Order, AppError> {
        let order_no = order_no.clone();
        let found = self.db.run(move |conn| store::orders::find(conn, &order_no)).await?;
        found.map(|(order, _)| order).ok_or_else(not_found)
    }
}
