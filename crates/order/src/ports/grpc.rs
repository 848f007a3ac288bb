//! The ports over tonic: the other services' gRPC clients, their answers
//! turned into the order service's types.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::grpc::Intercepted;
use keyshop_core::ids::{OrderNo, ProductId, SessionId};
use keyshop_core::money::{CurrencyCode, ExchangeRate, Money};
use keyshop_core::vocab::{Platform, ProductType, Region, StockStatus};
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::catalog::v1::catalog_service_client::CatalogServiceClient;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::delivery::v1::delivery_service_client::DeliveryServiceClient;
use keyshop_proto::member::v1 as member;
use keyshop_proto::member::v1::member_service_client::MemberServiceClient;
use keyshop_proto::payment::v1 as payment;
use keyshop_proto::payment::v1::payment_service_client::PaymentServiceClient;

use super::{Catalog, HoldLine, Inventory, Members, MethodOffer, Payments, ProductOffer, Revealed, Shopper, Viewer};
use crate::domain::pricing::FeeRule;

/// `message` with the member's session as its bearer.
fn with_bearer<T>(bearer: &str, message: T) -> Result<tonic::Request<T>, AppError> {
    let mut request = tonic::Request::new(message);
    let value = format!("Bearer {bearer}").parse().map_err(|_| AppError::of(ErrorCode::Unauthenticated))?;
    request.metadata_mut().insert("authorization", value);
    Ok(request)
}

fn offer(card: catalog::ProductCard) -> Result<ProductOffer, AppError> {
    let id = ProductId::new(card.id).ok_or_else(|| AppError::internal(format!("catalog card id {}", card.id)))?;
    Ok(ProductOffer {
        id,
        sku: card.sku.clone(),
        title: card.title.clone(),
        product_type: ProductType::from_proto(card.product_type)?,
        platform: Platform::from_proto(card.platform)?,
        region: Region::from_proto(card.region)?,
        game_name: card.game_name.clone(),
        game_ext_name: card.game_ext_name.clone(),
        price_usd: card.price_usd,
        stock: StockStatus::from_proto(card.stock)?,
        per_order_limit: i64::from(card.per_order_limit),
        card,
    })
}

pub struct GrpcCatalog(pub CatalogServiceClient<Intercepted>);

#[async_trait::async_trait]
impl Catalog for GrpcCatalog {
    async fn offers(&self, ids: Vec<ProductId>) -> Result<Vec<ProductOffer>, AppError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let request =
            catalog::ListProductCardsRequest { ids: ids.iter().map(|id| id.get()).collect(), skus: Vec::new() };
        let cards = self.0.clone().list_product_cards(request).await?.into_inner().products;
        cards.into_iter().map(offer).collect()
    }

    async fn rate(&self, currency: CurrencyCode) -> Result<Option<ExchangeRate>, AppError> {
        let currencies = self.0.clone().list_currencies(catalog::ListCurrenciesRequest {}).await?.into_inner();
        let found = currencies.currencies.into_iter().find(|found| found.code == currency.as_str());
        found.map(|found| ExchangeRate::from_micros(found.rate_micros).map_err(AppError::internal)).transpose()
    }

    async fn support_email(&self) -> Result<Option<String>, AppError> {
        let request = catalog::GetSettingRequest { key: SUPPORT_EMAIL_SETTING.to_owned() };
        match self.0.clone().get_setting(request).await {
            Ok(setting) => Ok(Some(setting.into_inner().value).filter(|address| !address.trim().is_empty())),
            Err(status) if status.code() == tonic::Code::NotFound => Ok(None),
            Err(status) => Err(AppError::from_status(&status)),
        }
    }
}

/// The catalog's site setting that names the support address.
const SUPPORT_EMAIL_SETTING: &str = "supportEmail";

pub struct GrpcMembers(pub MemberServiceClient<Intercepted>);

#[async_trait::async_trait]
impl Members for GrpcMembers {
    async fn authenticate(&self, bearer: &str) -> Result<Shopper, AppError> {
        let member = self.0.clone().authenticate(with_bearer(bearer, member::Empty {})?).await?.into_inner();
        let member_id = keyshop_core::ids::MemberId::new(member.member_id)
            .ok_or_else(|| AppError::internal("the member service answered no member"))?;
        Ok(Shopper {
            member_id,
            email: member.email,
            discount_percent: i64::from(member.discount_percent),
            points_per_usd: i64::from(member.points_exchange_rate),
        })
    }

    async fn open_ticket(
        &self,
        bearer: &str,
        order_no: &OrderNo,
        subject: String,
        message: String,
        language: &str,
    ) -> Result<(), AppError> {
        let ticket = member::OpenTicketRequest {
            subject,
            message,
            order_no: order_no.to_string(),
            client: Some(member::Client { language: language.to_owned(), ..member::Client::default() }),
        };
        self.0.clone().open_ticket(with_bearer(bearer, ticket)?).await?;
        Ok(())
    }

    async fn spend_points(&self, bearer: &str, order_no: &OrderNo, points: i64) -> Result<(), AppError> {
        let request = member::SpendPointsRequest { order_no: order_no.to_string(), points };
        self.0.clone().spend_points(with_bearer(bearer, request)?).await?;
        Ok(())
    }

    async fn return_points(&self, order_no: &OrderNo) -> Result<(), AppError> {
        self.0.clone().return_points(member::ReturnPointsRequest { order_no: order_no.to_string() }).await?;
        Ok(())
    }
}

pub struct GrpcInventory(pub DeliveryServiceClient<Intercepted>);

#[async_trait::async_trait]
impl Inventory for GrpcInventory {
    async fn available(&self, skus: Vec<String>) -> Result<BTreeMap<String, i64>, AppError> {
        if skus.is_empty() {
            return Ok(BTreeMap::new());
        }
        let stock = self.0.clone().get_stock(delivery::StockRequest { skus }).await?.into_inner().stock;
        Ok(stock.into_iter().map(|stock| (stock.sku, stock.available)).collect())
    }

    async fn hold(&self, order_no: &OrderNo, email: &str, lines: Vec<HoldLine>) -> Result<(), AppError> {
        let request = delivery::ReserveRequest {
            order_no: order_no.to_string(),
            email: email.to_owned(),
            lines: lines
                .into_iter()
                .map(|line| delivery::ReserveLine { line_no: line.line_no, sku: line.sku, quantity: line.quantity })
                .collect(),
            hold_seconds: 0,
        };
        self.0.clone().reserve(request).await?;
        Ok(())
    }

    async fn release(&self, order_no: &OrderNo) -> Result<(), AppError> {
        self.0.clone().release(delivery::OrderRef { order_no: order_no.to_string() }).await?;
        Ok(())
    }

    async fn reveal(&self, order_no: &OrderNo, viewer: Viewer) -> Result<Revealed, AppError> {
        let mut client = self.0.clone();
        let request = delivery::RevealRequest {
            order_no: order_no.to_string(),
            actor: viewer.actor,
            ip: viewer.ip,
            user_agent: viewer.user_agent,
        };
        let keys = client.reveal_keys(request).await?.into_inner().keys;
        let reveals = client.list_reveals(delivery::OrderRef { order_no: order_no.to_string() }).await?.into_inner();
        Ok(Revealed { keys, reveals: reveals.reveals })
    }

    async fn resend(&self, order_no: &OrderNo) -> Result<(), AppError> {
        self.0.clone().resend_email(delivery::OrderRef { order_no: order_no.to_string() }).await?;
        Ok(())
    }

    async fn reveal_log(&self, order_no: &OrderNo) -> Result<Vec<delivery::Reveal>, AppError> {
        let log = self.0.clone().list_reveals(delivery::OrderRef { order_no: order_no.to_string() }).await?;
        Ok(log.into_inner().reveals)
    }

    async fn delivery_record(&self, order_no: &OrderNo) -> Result<delivery::DeliveryRecord, AppError> {
        let request = delivery::OrderRef { order_no: order_no.to_string() };
        Ok(self.0.clone().get_delivery_record(request).await?.into_inner())
    }
}

pub struct GrpcPayments(pub PaymentServiceClient<Intercepted>);

#[async_trait::async_trait]
impl Payments for GrpcPayments {
    async fn methods(&self, currency: CurrencyCode) -> Result<Vec<MethodOffer>, AppError> {
        let request = payment::ListMethodsRequest { currency: currency.to_string() };
        let methods = self.0.clone().list_methods(request).await?.into_inner().methods;
        Ok(methods
            .into_iter()
            .map(|method| MethodOffer {
                code: method.code,
                fee: FeeRule { basis_points: method.fee_basis_points, fixed_usd: method.fee_fixed_usd },
            })
            .collect())
    }

    async fn open_session(&self, order_no: &OrderNo, method: &str, amount: Money) -> Result<SessionId, AppError> {
        let request = payment::OpenSessionRequest {
            order_no: order_no.to_string(),
            method: method.to_owned(),
            amount: amount.minor,
            currency: amount.currency.to_string(),
        };
        let session = self.0.clone().open_session(request).await?.into_inner();
        SessionId::parse(&session.id).ok_or_else(|| AppError::internal("the payment service answered no session id"))
    }

    async fn refund(&self, order_no: &OrderNo) -> Result<(), AppError> {
        self.0.clone().refund_payment(payment::RefundRequest { order_no: order_no.to_string() }).await?;
        Ok(())
    }

    async fn history(&self, order_no: &OrderNo) -> Result<Vec<payment::PaymentAttempt>, AppError> {
        let request = payment::OrderPaymentsRequest { order_no: order_no.to_string() };
        Ok(self.0.clone().list_order_payments(request).await?.into_inner().attempts)
    }
}
