//! `/api/cart`, `/api/order*` and `/api/payment*`: the money path. Carts
//! (a member's by the session, a visitor's by the `X-Cart-Token` header),
//! checkout with an `Idempotency-Key`, orders seen only by their member or
//! with the guest's link token (the `X-Order-Token` header), the payment
//! sessions and the providers' webhooks. Tokens travel in headers only.

pub mod cart;
pub mod checkout;
pub mod keys;
pub mod orders;
pub mod payment;
pub mod webhook;

use actix_web::HttpRequest;
use keyshop_core::error::AppError;
use keyshop_core::vocab::{OrderState, Platform};
use keyshop_proto::order::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::routes::dto::cover_url;
use crate::routes::member::authorized;
use crate::routes::postal::PostalAddressDto;

/// A visitor's cart.
pub const CART_TOKEN_HEADER: &str = "x-cart-token";
/// A guest's order (the token given at checkout or in the e-mail's link).
pub const ORDER_TOKEN_HEADER: &str = "x-order-token";

/// The value of `name`, when it is there and readable.
pub fn header(request: &HttpRequest, name: &str) -> String {
    request.headers().get(name).and_then(|value| value.to_str().ok()).map(str::trim).unwrap_or_default().to_owned()
}

/// A call for the order service with the member's session, if any.
pub fn order_call<T>(request: &HttpRequest, message: T) -> tonic::Request<T> {
    authorized(request, message)
}

/// The order asked about: its number (path) and the guest's link token.
pub fn order_query(request: &HttpRequest, order_no: String) -> pb::OrderQuery {
    pb::OrderQuery { order_no, link_token: header(request, ORDER_TOKEN_HEADER) }
}

/// `currency` of the cart calls.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CurrencyParam {
    /// A currency code the store sells in (default USD).
    pub currency: Option<String>,
}

impl CurrencyParam {
    pub fn code(&self) -> String {
        self.currency.as_deref().map(str::trim).filter(|code| !code.is_empty()).unwrap_or("USD").to_ascii_uppercase()
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineDto {
    pub line_no: i64,
    pub product_id: i64,
    pub sku: String,
    pub title: String,
    pub platform: Platform,
    pub game_name: String,
    pub game_ext_name: String,
    pub cover: String,
    /// Minor units of the order's currency.
    pub unit_price: i64,
    pub quantity: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateStepDto {
    pub state: OrderState,
    /// Epoch milliseconds.
    pub at: i64,
    pub note: String,
}

/// An order with every part of its price, in minor units of its currency
/// (at the rate locked at checkout), and what its buyer may do with it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderDto {
    pub order_no: String,
    pub state: OrderState,
    /// Absent for orders placed before it was asked.
    pub billing_address: Option<PostalAddressDto>,
    pub email: String,
    pub contact: String,
    pub note: String,
    pub currency: String,
    /// Units of the currency per 1 USD × 1,000,000.
    pub rate_micros: i64,
    pub goods: i64,
    pub member_discount: i64,
    pub coupon_code: String,
    pub coupon_discount: i64,
    pub payment_method: String,
    pub payment_fee: i64,
    pub adjustment: i64,
    pub service_charge: i64,
    /// The member's points paid with, and what they took off.
    pub points_used: i64,
    pub points_discount: i64,
    pub freight: i64,
    pub real_amount: i64,
    /// End of the payment window, epoch milliseconds.
    pub expires_at: i64,
    pub created_at: i64,
    /// The latest payment session.
    pub payment_session_id: String,
    pub payable: bool,
    pub has_keys: bool,
    pub confirmable: bool,
    pub deletable: bool,
    pub cancellable: bool,
    /// Paid and not yet asked: a refund may be requested.
    pub refundable: bool,
    pub lines: Vec<OrderLineDto>,
    /// Oldest first.
    pub history: Vec<StateStepDto>,
}

impl TryFrom<pb::Order> for OrderDto {
    type Error = AppError;

    fn try_from(order: pb::Order) -> Result<OrderDto, AppError> {
        let history = order
            .history
            .into_iter()
            .map(|step| {
                Ok(StateStepDto { state: OrderState::from_proto(step.state)?, at: step.at_ms, note: step.note })
            })
            .collect::<Result<Vec<_>, AppError>>()?;
        Ok(OrderDto {
            order_no: order.order_no,
            state: OrderState::from_proto(order.state)?,
            billing_address: order.billing_address.map(PostalAddressDto::from),
            email: order.email,
            contact: order.contact,
            note: order.note,
            currency: order.currency,
            rate_micros: order.rate_micros,
            goods: order.goods,
            member_discount: order.member_discount,
            coupon_code: order.coupon_code,
            coupon_discount: order.coupon_discount,
            payment_method: order.payment_method,
            payment_fee: order.payment_fee,
            adjustment: order.adjustment,
            service_charge: order.service_charge,
            points_used: order.points_used,
            points_discount: order.points_discount,
            freight: order.freight,
            real_amount: order.real_amount,
            expires_at: order.expires_at_ms,
            created_at: order.created_at_ms,
            payment_session_id: order.payment_session_id,
            payable: order.payable,
            has_keys: order.has_keys,
            confirmable: order.confirmable,
            deletable: order.deletable,
            cancellable: order.cancellable,
            refundable: order.refundable,
            lines: order
                .lines
                .into_iter()
                .map(|line| {
                    Ok(OrderLineDto {
                        cover: cover_url(line.product_id, ""),
                        line_no: line.line_no,
                        product_id: line.product_id,
                        sku: line.sku,
                        title: line.title,
                        platform: Platform::from_proto(line.platform)?,
                        game_name: line.game_name,
                        game_ext_name: line.game_ext_name,
                        unit_price: line.unit_price,
                        quantity: line.quantity,
                    })
                })
                .collect::<Result<_, AppError>>()?,
            history,
        })
    }
}
