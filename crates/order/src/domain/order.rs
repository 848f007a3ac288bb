//! An order as the service knows it (the read model every boundary is built
//! from), and what its buyer may do with it at a given moment.

use keyshop_core::ids::{MemberId, OrderNo, ProductId, SessionId};
use keyshop_core::money::{CurrencyCode, Money};
use keyshop_core::postal::PostalAddress;
use keyshop_core::vocab::Platform;

use super::pricing::Breakdown;
use super::state::{Lifecycle, OrderEvent, OrderState};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    pub order_no: OrderNo,
    /// `None` for a guest's order.
    pub member: Option<MemberId>,
    pub email: String,
    pub contact: String,
    pub note: String,
    /// The buyer's language (e-mails).
    pub language: String,
    pub currency: CurrencyCode,
    /// Units of the currency per 1 USD × 1,000,000, locked at checkout.
    pub rate_micros: i64,
    /// Every part of the price, minor units of `currency`.
    pub price: Breakdown,
    pub coupon_code: Option<String>,
    pub payment_method: String,
    /// What was paid, in US cents at the locked rate.
    pub real_amount_usd: i64,
    pub state: OrderState,
    pub billing_address: Option<PostalAddress>,
    /// The latest payment session.
    pub payment_session_id: Option<SessionId>,
    pub expires_at_ms: i64,
    pub created_at_ms: i64,
    pub deleted: bool,
    pub lines: Vec<OrderLine>,
    pub history: Vec<StateStep>,
}

impl Order {
    /// Whether a payment of `amount` minor units of `currency` pays this
    /// order: exactly its price, in its currency.
    pub fn paid_by(&self, amount: i64, currency: &str) -> bool {
        amount == self.price.real_amount && currency.eq_ignore_ascii_case(self.currency.as_str())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLine {
    pub line_no: i64,
    pub product_id: ProductId,
    pub sku: String,
    pub title: String,
    pub platform: Platform,
    pub game_name: String,
    pub game_ext_name: String,
    pub unit_price_usd: i64,
    /// Minor units of the order's currency.
    pub unit_price: i64,
    pub quantity: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateStep {
    pub state: OrderState,
    pub at_ms: i64,
    pub note: String,
}

/// What the buyer may do with an order now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Actions {
    pub payable: bool,
    pub has_keys: bool,
    pub confirmable: bool,
    pub deletable: bool,
    pub cancellable: bool,
    pub refundable: bool,
}

impl Order {
    /// What is paid, in the order's currency.
    pub fn amount(&self) -> Money {
        Money::new(self.price.real_amount, self.currency)
    }

    /// Unpaid and still within its payment window at `now_ms`.
    pub fn payable_at(&self, now_ms: i64) -> bool {
        self.state.payable() && self.expires_at_ms > now_ms
    }

    /// What its buyer may do at `now_ms`.
    pub fn actions(&self, now_ms: i64) -> Actions {
        let can = |event: OrderEvent| self.state.next(event).is_ok();
        Actions {
            payable: self.payable_at(now_ms),
            has_keys: self.state.paid(),
            confirmable: can(OrderEvent::Confirm),
            deletable: self.state.deletable(),
            cancellable: can(OrderEvent::Cancel),
            refundable: can(OrderEvent::RequestRefund),
        }
    }
}
