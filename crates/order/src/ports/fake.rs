//! The order service's peers in memory, for the use cases' unit tests: a
//! catalog of offers and rates, members by session token, an inventory that
//! holds all or nothing, payments that remember every session and refund.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::ids::{MemberId, OrderNo, ProductId, SessionId};
use keyshop_core::money::{CurrencyCode, ExchangeRate, Money};
use keyshop_core::vocab::{Platform, ProductType, Region, StockStatus};
use keyshop_proto::catalog::v1::ProductCard;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::payment::v1 as payment;

use super::{
    Catalog, HoldLine, Inventory, Members, MethodOffer, Payments, Ports, ProductOffer, Revealed, Shopper, Viewer,
};
use crate::domain::pricing::FeeRule;

#[derive(Default)]
pub struct FakeCatalog {
    pub offers: Mutex<Vec<ProductOffer>>,
    pub rates: Mutex<BTreeMap<CurrencyCode, ExchangeRate>>,
    /// The `supportEmail` site setting.
    pub support_email: Mutex<Option<String>>,
}

impl FakeCatalog {
    /// Sells product `id` (SKU `SKU-<id>`) at `price_usd`, at most `limit` per order (0: the default).
    pub fn sell(&self, id: i64, price_usd: i64, limit: i64) -> ProductId {
        let id = ProductId::new(id).unwrap();
        let sku = format!("SKU-{id}");
        let title = format!("Game {id}");
        let card = ProductCard {
            id: id.get(),
            sku: sku.clone(),
            title: title.clone(),
            product_type: ProductType::Game.to_proto(),
            platform: Platform::Steam.to_proto(),
            region: Region::Global.to_proto(),
            price_usd,
            stock: StockStatus::InStock.to_proto(),
            per_order_limit: i32::try_from(limit).unwrap(),
            ..ProductCard::default()
        };
        self.offers.lock().unwrap().push(ProductOffer {
            id,
            sku,
            title,
            product_type: ProductType::Game,
            platform: Platform::Steam,
            region: Region::Global,
            game_name: format!("game-{id}"),
            game_ext_name: String::new(),
            price_usd,
            stock: StockStatus::InStock,
            per_order_limit: limit,
            card,
        });
        id
    }

    pub fn rate(&self, currency: &str, decimal: &str) {
        let rate = ExchangeRate::parse_decimal(decimal).unwrap();
        self.rates.lock().unwrap().insert(CurrencyCode::parse(currency).unwrap(), rate);
    }
}

#[async_trait::async_trait]
impl Catalog for FakeCatalog {
    async fn offers(&self, ids: Vec<ProductId>) -> Result<Vec<ProductOffer>, AppError> {
        let offers = self.offers.lock().unwrap();
        Ok(offers.iter().filter(|offer| ids.contains(&offer.id)).cloned().collect())
    }

    async fn rate(&self, currency: CurrencyCode) -> Result<Option<ExchangeRate>, AppError> {
        Ok(self.rates.lock().unwrap().get(&currency).copied())
    }

    async fn support_email(&self) -> Result<Option<String>, AppError> {
        Ok(self.support_email.lock().unwrap().clone())
    }
}

/// A support ticket the fake member service opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticket {
    pub member_id: MemberId,
    pub order_no: OrderNo,
    pub subject: String,
    pub message: String,
}

#[derive(Default)]
pub struct FakeMembers {
    pub sessions: Mutex<BTreeMap<String, Shopper>>,
    pub tickets: Mutex<Vec<Ticket>>,
    /// Each member's points.
    pub points: Mutex<BTreeMap<MemberId, i64>>,
    /// The points each order took (and still holds).
    pub spent: Mutex<BTreeMap<OrderNo, (MemberId, i64)>>,
}

impl FakeMembers {
    /// A signed-in member with `discount_percent` off; their session token.
    pub fn sign_in(&self, member_id: i64, discount_percent: i64) -> String {
        let member_id = MemberId::new(member_id).unwrap();
        let token = format!("session-{member_id}");
        let shopper = Shopper {
            member_id,
            email: format!("member{member_id}@example.com"),
            discount_percent,
            points_per_usd: 100,
        };
        self.sessions.lock().unwrap().insert(token.clone(), shopper);
        token
    }

    /// The member's points now.
    pub fn points_of(&self, member_id: i64) -> i64 {
        self.points.lock().unwrap().get(&MemberId::new(member_id).unwrap()).copied().unwrap_or(0)
    }
}

#[async_trait::async_trait]
impl Members for FakeMembers {
    async fn authenticate(&self, bearer: &str) -> Result<Shopper, AppError> {
        self.sessions.lock().unwrap().get(bearer).cloned().ok_or_else(|| AppError::of(ErrorCode::Unauthenticated))
    }

    async fn open_ticket(
        &self,
        bearer: &str,
        order_no: &OrderNo,
        subject: String,
        message: String,
        _language: &str,
    ) -> Result<(), AppError> {
        let member_id = self.authenticate(bearer).await?.member_id;
        self.tickets.lock().unwrap().push(Ticket { member_id, order_no: order_no.clone(), subject, message });
        Ok(())
    }

    async fn spend_points(&self, bearer: &str, order_no: &OrderNo, points: i64) -> Result<(), AppError> {
        let member_id = self.authenticate(bearer).await?.member_id;
        let mut balances = self.points.lock().unwrap();
        let balance = balances.entry(member_id).or_insert(0);
        if *balance < points {
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.pointsShort"));
        }
        *balance -= points;
        self.spent.lock().unwrap().insert(order_no.clone(), (member_id, points));
        Ok(())
    }

    async fn return_points(&self, order_no: &OrderNo) -> Result<(), AppError> {
        if let Some((member_id, points)) = self.spent.lock().unwrap().remove(order_no) {
            *self.points.lock().unwrap().entry(member_id).or_insert(0) += points;
        }
        Ok(())
    }
}

#[derive(Default)]
pub struct FakeInventory {
    /// Keys free per SKU.
    pub stock: Mutex<BTreeMap<String, i64>>,
    pub held: Mutex<BTreeMap<OrderNo, Vec<HoldLine>>>,
    pub released: Mutex<Vec<OrderNo>>,
    pub reveals: Mutex<Vec<(OrderNo, Viewer)>>,
    pub resent: Mutex<Vec<OrderNo>>,
}

impl FakeInventory {
    pub fn stock(&self, sku: &str, keys: i64) {
        self.stock.lock().unwrap().insert(sku.to_owned(), keys);
    }

    pub fn free(&self, sku: &str) -> i64 {
        self.stock.lock().unwrap().get(sku).copied().unwrap_or(0)
    }
}

#[async_trait::async_trait]
impl Inventory for FakeInventory {
    async fn available(&self, skus: Vec<String>) -> Result<BTreeMap<String, i64>, AppError> {
        let stock = self.stock.lock().unwrap();
        Ok(skus.into_iter().map(|sku| (sku.clone(), stock.get(&sku).copied().unwrap_or(0))).collect())
    }

    async fn hold(&self, order_no: &OrderNo, _email: &str, lines: Vec<HoldLine>) -> Result<(), AppError> {
        let mut held = self.held.lock().unwrap();
        if held.contains_key(order_no) {
            return Ok(());
        }
        let mut stock = self.stock.lock().unwrap();
        if lines.iter().any(|line| stock.get(&line.sku).copied().unwrap_or(0) < line.quantity) {
            return Err(AppError::new(ErrorCode::Conflict, "api.delivery.outOfStock"));
        }
        for line in &lines {
            *stock.entry(line.sku.clone()).or_insert(0) -= line.quantity;
        }
        held.insert(order_no.clone(), lines);
        Ok(())
    }

    async fn release(&self, order_no: &OrderNo) -> Result<(), AppError> {
        if let Some(lines) = self.held.lock().unwrap().remove(order_no) {
            let mut stock = self.stock.lock().unwrap();
            for line in lines {
                *stock.entry(line.sku).or_insert(0) += line.quantity;
            }
            self.released.lock().unwrap().push(order_no.clone());
        }
        Ok(())
    }

    async fn reveal(&self, order_no: &OrderNo, viewer: Viewer) -> Result<Revealed, AppError> {
        let held = self.held.lock().unwrap();
        let lines = held.get(order_no).cloned().unwrap_or_default();
        self.reveals.lock().unwrap().push((order_no.clone(), viewer));
        let keys = lines
            .iter()
            .map(|line| delivery::RevealedKey {
                line_no: line.line_no,
                key: format!("{}-KEY", line.sku),
                ..delivery::RevealedKey::default()
            })
            .collect();
        Ok(Revealed { keys, reveals: Vec::new() })
    }

    async fn resend(&self, order_no: &OrderNo) -> Result<(), AppError> {
        self.resent.lock().unwrap().push(order_no.clone());
        Ok(())
    }

    async fn reveal_log(&self, _: &OrderNo) -> Result<Vec<delivery::Reveal>, AppError> {
        Ok(Vec::new())
    }

    async fn delivery_record(&self, _: &OrderNo) -> Result<delivery::DeliveryRecord, AppError> {
        Ok(delivery::DeliveryRecord::default())
    }
}

/// A payment session the fake opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenedSession {
    pub id: SessionId,
    pub order_no: OrderNo,
    pub method: String,
    pub amount: Money,
}

#[derive(Default)]
pub struct FakePayments {
    pub methods: Mutex<Vec<MethodOffer>>,
    pub sessions: Mutex<Vec<OpenedSession>>,
    pub refunds: Mutex<Vec<OrderNo>>,
    /// The provider is down: no session opens.
    pub down: Mutex<bool>,
}

impl FakePayments {
    pub fn offer(&self, code: &str, basis_points: i64, fixed_usd: i64) {
        let fee = FeeRule { basis_points, fixed_usd };
        self.methods.lock().unwrap().push(MethodOffer { code: code.to_owned(), fee });
    }
}

#[async_trait::async_trait]
impl Payments for FakePayments {
    async fn methods(&self, _currency: CurrencyCode) -> Result<Vec<MethodOffer>, AppError> {
        Ok(self.methods.lock().unwrap().clone())
    }

    async fn open_session(&self, order_no: &OrderNo, method: &str, amount: Money) -> Result<SessionId, AppError> {
        if *self.down.lock().unwrap() {
            return Err(AppError::unavailable("the provider opens no checkout"));
        }
        let mut sessions = self.sessions.lock().unwrap();
        let id = SessionId::parse(&format!("ps-{}", sessions.len() + 1)).unwrap();
        let opened = OpenedSession { id: id.clone(), order_no: order_no.clone(), method: method.to_owned(), amount };
        sessions.push(opened);
        Ok(id)
    }

    async fn refund(&self, order_no: &OrderNo) -> Result<(), AppError> {
        let mut refunds = self.refunds.lock().unwrap();
        if refunds.contains(order_no) {
            return Err(AppError::new(ErrorCode::Conflict, "api.payment.refunded"));
        }
        refunds.push(order_no.clone());
        Ok(())
    }

    async fn history(&self, _: &OrderNo) -> Result<Vec<payment::PaymentAttempt>, AppError> {
        Ok(Vec::new())
    }
}

/// Every fake, and the [`Ports`] over them.
#[derive(Default, Clone)]
pub struct Fakes {
    pub catalog: Arc<FakeCatalog>,
    pub members: Arc<FakeMembers>,
    pub inventory: Arc<FakeInventory>,
    pub payments: Arc<FakePayments>,
}

impl Fakes {
    pub fn ports(&self) -> Ports {
        Ports {
            catalog: self.catalog.clone(),
            members: self.members.clone(),
            inventory: self.inventory.clone(),
            payments: self.payments.clone(),
        }
    }
}
