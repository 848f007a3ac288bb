//! What the order service asks of the other services, as traits: the
//! catalog (products and rates), the member service (who is signed in, and
//! support tickets), the inventory (keys held, released, shown, e-mailed) and
//! payments (methods, sessions, refunds). `grpc` implements them over tonic;
//! a use case is tested against the in-memory fakes of `fake`.

pub mod grpc;
pub mod kept;

#[cfg(test)]
pub mod fake;

use std::collections::BTreeMap;
use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::ids::{MemberId, OrderNo, ProductId, SessionId};
use keyshop_core::money::{CurrencyCode, ExchangeRate, Money};
use keyshop_core::vocab::{Platform, ProductType, Region, StockStatus};
use keyshop_proto::catalog::v1::ProductCard;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::payment::v1 as payment;

use crate::domain::pricing::FeeRule;

/// A product as the catalog sells it now.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductOffer {
    pub id: ProductId,
    pub sku: String,
    pub title: String,
    pub product_type: ProductType,
    pub platform: Platform,
    pub region: Region,
    pub game_name: String,
    pub game_ext_name: String,
    pub price_usd: i64,
    pub stock: StockStatus,
    /// The most one order may take (0: the store's default).
    pub per_order_limit: i64,
    /// The card as the catalog shows it (carts show it as is).
    pub card: ProductCard,
}

/// The member behind a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shopper {
    pub member_id: MemberId,
    pub email: String,
    /// The member's level discount, in percent.
    pub discount_percent: i64,
    /// Points worth one US dollar at checkout, at the member's level.
    pub points_per_usd: i64,
}

/// A payment method on offer in a currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodOffer {
    pub code: String,
    pub fee: FeeRule,
}

/// A line whose keys a checkout holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoldLine {
    pub line_no: i64,
    pub sku: String,
    pub quantity: i64,
}

/// Who looks at an order's keys (recorded with each reveal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Viewer {
    /// `member:<id>` or `guest-link`.
    pub actor: String,
    pub ip: String,
    pub user_agent: String,
}

/// An order's keys and the log of every time they were shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Revealed {
    pub keys: Vec<delivery::RevealedKey>,
    pub reveals: Vec<delivery::Reveal>,
}

#[async_trait::async_trait]
pub trait Catalog: Send + Sync {
    /// The products of `ids` the catalog still sells (others are left out).
    async fn offers(&self, ids: Vec<ProductId>) -> Result<Vec<ProductOffer>, AppError>;
    /// Today's rate of `currency`; `None` when the store does not sell in it.
    async fn rate(&self, currency: CurrencyCode) -> Result<Option<ExchangeRate>, AppError>;
    /// The support address staff set in the console (the `supportEmail`
    /// site setting); `None` when it is not set.
    async fn support_email(&self) -> Result<Option<String>, AppError>;
}

#[async_trait::async_trait]
pub trait Members: Send + Sync {
    /// The member of a session token; UNAUTHENTICATED for an unknown,
    /// expired or revoked one.
    async fn authenticate(&self, bearer: &str) -> Result<Shopper, AppError>;
    /// A support ticket from the member of `bearer` about `order_no`.
    async fn open_ticket(
        &self,
        bearer: &str,
        order_no: &OrderNo,
        subject: String,
        message: String,
        language: &str,
    ) -> Result<(), AppError>;
    /// Takes `points` from the member of `bearer` for `order_no` (once per
    /// order); 422 `api.order.pointsShort` when the balance is short.
    async fn spend_points(&self, bearer: &str, order_no: &OrderNo, points: i64) -> Result<(), AppError>;
    /// Gives back the points `order_no` took; safe to repeat.
    async fn return_points(&self, order_no: &OrderNo) -> Result<(), AppError>;
}

#[async_trait::async_trait]
pub trait Inventory: Send + Sync {
    /// Keys available per SKU.
    async fn available(&self, skus: Vec<String>) -> Result<BTreeMap<String, i64>, AppError>;
    /// Holds keys for every line of `order_no`, bought by `email`, all or
    /// nothing (409 when stock is short); a repeated hold answers the same.
    async fn hold(&self, order_no: &OrderNo, email: &str, lines: Vec<HoldLine>) -> Result<(), AppError>;
    /// Gives the order's held keys back; safe to repeat.
    async fn release(&self, order_no: &OrderNo) -> Result<(), AppError>;
    /// The order's keys, decrypted, the reveal recorded for `viewer`.
    async fn reveal(&self, order_no: &OrderNo, viewer: Viewer) -> Result<Revealed, AppError>;
    /// The delivery e-mail again (at most once a minute).
    async fn resend(&self, order_no: &OrderNo) -> Result<(), AppError>;
    /// Who opened the order's keys when (staff's view; nothing is revealed).
    async fn reveal_log(&self, order_no: &OrderNo) -> Result<Vec<delivery::Reveal>, AppError>;
    /// How the order's e-mail went (staff's view).
    async fn delivery_record(&self, order_no: &OrderNo) -> Result<delivery::DeliveryRecord, AppError>;
}

#[async_trait::async_trait]
pub trait Payments: Send + Sync {
    async fn methods(&self, currency: CurrencyCode) -> Result<Vec<MethodOffer>, AppError>;
    /// A payment session for the order (the open one for the same attempt).
    async fn open_session(&self, order_no: &OrderNo, method: &str, amount: Money) -> Result<SessionId, AppError>;
    /// Refunds the order's payment in full, once.
    async fn refund(&self, order_no: &OrderNo) -> Result<(), AppError>;
    /// Every attempt to pay the order with its provider events (staff's view).
    async fn history(&self, order_no: &OrderNo) -> Result<Vec<payment::PaymentAttempt>, AppError>;
}

/// The order service's peers.
#[derive(Clone)]
pub struct Ports {
    pub catalog: Arc<dyn Catalog>,
    pub members: Arc<dyn Members>,
    pub inventory: Arc<dyn Inventory>,
    pub payments: Arc<dyn Payments>,
}
