//! The order service's use cases: checkout, who may see an order, and the
//! order's life after it (cancel, expiry, payment, delivery).

mod cart;
mod checkout;
mod lifecycle;
mod orders;
mod refund;

use std::sync::Arc;
use std::time::Duration;

use keyshop_core::clock::SharedClock;
use keyshop_core::db::Db;
use keyshop_core::error::AppError;
use keyshop_core::events::OutboxWaker;
use keyshop_core::mail::Mailer;
use keyshop_core::money::ExchangeRate;
use keyshop_core::secret;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_proto::payment::v1::payment_service_client::PaymentServiceClient;

pub use cart::{CartAsker, CartOwner, CartView, CartViewLine};
pub use checkout::{CheckoutRequest, Placed};
pub use orders::{OrderKeys, OrderPage};
pub use refund::{MAX_REASON_CHARS, check_reason};

use crate::domain::link;
use crate::store;
use crate::store::orders::{HistoryRow, OrderLine, OrderRow};

use keyshop_core::grpc::Intercepted;

/// The services the order service calls.
#[derive(Clone)]
pub struct Peers {
    pub catalog: CatalogServiceClient<Intercepted>,
    pub member: MemberServiceClient<Intercepted>,
    pub delivery: DeliveryServiceClient<Intercepted>,
    pub payment: PaymentServiceClient<Intercepted>,
}

/// An order with its lines and history, as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderView {
    pub order: OrderRow,
    pub lines: Vec<OrderLine>,
    pub history: Vec<HistoryRow>,
}

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
}

pub struct OrderService {
    db: Db,
    clock: SharedClock,
    waker: OutboxWaker,
    peers: Peers,
    mailer: Arc<Mailer>,
    settings: OrderSettings,
}

impl OrderService {
    pub fn new(
        db: Db,
        clock: SharedClock,
        waker: OutboxWaker,
        peers: Peers,
        mailer: Arc<Mailer>,
        settings: OrderSettings,
    ) -> OrderService {
        OrderService { db, clock, waker, peers, mailer, settings }
    }

    /// Where the service reads the time.
    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// The member behind `bearer`: (id, e-mail, discount %); `None` for a guest.
    async fn member(&self, bearer: Option<&str>) -> Result<Option<(i64, String, i64)>, AppError> {
        let Some(token) = bearer else { return Ok(None) };
        let mut request = tonic::Request::new(keyshop_proto::member::v1::Empty {});
        let value = format!("Bearer {token}")
            .parse()
            .map_err(|_| AppError::of(keyshop_core::error::ErrorCode::Unauthenticated))?;
        request.metadata_mut().insert("authorization", value);
        let member = self.peers.member.clone().authenticate(request).await?.into_inner();
        Ok(Some((member.member_id, member.email, i64::from(member.discount_percent))))
    }

    /// The order, if `asker` may see it: its member, or a guest with its link
    /// token. Anyone else learns nothing, not even that it exists.
    pub async fn order_for(&self, order_no: String, asker: &Asker) -> Result<OrderView, AppError> {
        Ok(self.authorize(order_no, asker).await?.0)
    }

    /// The order `asker` may see and who they are for the audit log
    /// (`member:<id>` or `guest-link`).
    async fn authorize(&self, order_no: String, asker: &Asker) -> Result<(OrderView, String), AppError> {
        let not_found = || AppError::not_found("api.error.notFound");
        if order_no.is_empty() || order_no.len() > 64 {
            return Err(not_found());
        }
        let view = self.load(order_no).await?.ok_or_else(not_found)?;
        if view.order.deleted_at.is_some() {
            return Err(not_found());
        }
        // The owner, signed in.
        if view.order.member_id != 0
            && let Ok(Some((member_id, ..))) = self.member(asker.bearer.as_deref()).await
            && member_id == view.order.member_id
        {
            return Ok((view, format!("member:{member_id}")));
        }
        // The link token is a secret of this order alone: it opens it for
        // whoever holds it (the e-mail's reader), signed in or not.
        // Each works for a while after it was issued (`domain::link`).
        let digest = secret::digest(&asker.link_token);
        let now = self.clock.now_ms();
        let order = &view.order;
        let by_checkout = secret::constant_time_eq(&digest, &order.link_token_hash)
            && link::open(link::expires(order.created_at), now);
        let by_mail = order.mail_token_hash.as_deref().is_some_and(|hash| secret::constant_time_eq(&digest, hash))
            && link::open(order.mail_token_expires_at.unwrap_or_else(|| link::expires(order.created_at)), now);
        let by_link = !asker.link_token.is_empty() && (by_checkout || by_mail);
        if by_link { Ok((view, "guest-link".to_owned())) } else { Err(not_found()) }
    }

    /// Today's rate of `currency` (a field error for a currency not sold in).
    async fn rate_of(&self, currency: &str) -> Result<ExchangeRate, AppError> {
        let currencies = self.peers.catalog.clone().list_currencies(catalog::ListCurrenciesRequest {}).await?;
        let found = currencies
            .into_inner()
            .currencies
            .into_iter()
            .find(|found| found.code == currency)
            .ok_or_else(|| AppError::field("currency", "api.error.validation"))?;
        ExchangeRate::from_micros(found.rate_micros).map_err(AppError::internal)
    }

    async fn load(&self, order_no: String) -> Result<Option<OrderView>, AppError> {
        self.db
            .run(move |conn| -> Result<Option<OrderView>, AppError> {
                let Some(order) = store::orders::find(conn, &order_no)? else { return Ok(None) };
                let lines = store::orders::lines(conn, &order_no)?;
                let history = store::orders::history(conn, &order_no)?;
                Ok(Some(OrderView { order, lines, history }))
            })
            .await
    }
}
