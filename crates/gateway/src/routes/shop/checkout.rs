//! `POST /api/order/checkout`: the order placed, its keys held and a payment
//! session opened. An `Idempotency-Key` header makes a retry answer the same
//! order; a visitor's `X-Cart-Token` lets the bought products leave the cart.

use actix_web::{HttpRequest, post, web};
use keyshop_proto::order::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{CART_TOKEN_HEADER, OrderDto, header, order_call};
use crate::body::JsonBody;
use crate::context;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::postal::PostalAddressDto;
use crate::state::GatewayState;
use keyshop_core::error::AppError;

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CheckoutLineBody {
    #[schema(required = true, minimum = 1)]
    pub product_id: i64,
    #[schema(required = true, minimum = 1)]
    pub quantity: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CheckoutBody {
    pub lines: Vec<CheckoutLineBody>,
    pub email: String,
    pub contact: String,
    pub note: String,
    pub coupon: String,
    pub payment_method: String,
    pub currency: String,
    /// Who pays: a member picks one of their addresses, a guest types it.
    /// Field errors are named `billingAddress.<field>`.
    pub billing_address: PostalAddressDto,
    /// A member's points to pay with: at most this many, as many as the
    /// order can take (it is always left to pay at least one minor unit).
    pub points: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacedDto {
    pub order: OrderDto,
    /// Opens the order for a guest (send it as `X-Order-Token`); empty when
    /// paying again.
    pub link_token: String,
    pub payment_session_id: String,
}

impl TryFrom<pb::Placed> for PlacedDto {
    type Error = AppError;

    fn try_from(placed: pb::Placed) -> Result<PlacedDto, AppError> {
        let order = placed.order.ok_or_else(|| AppError::internal("the order service answered no order"))?;
        Ok(PlacedDto {
            order: OrderDto::try_from(order)?,
            link_token: placed.link_token,
            payment_session_id: placed.payment_session_id,
        })
    }
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_checkout",
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "A retry with the same key answers the same order"),
        ("X-Cart-Token" = Option<String>, Header, description = "A visitor's cart"),
    ),
    request_body = CheckoutBody,
    responses(
        (status = 200, description = "The order, pending payment, and its payment session", body = Envelope<PlacedDto>),
        (status = 400, description = "email, contact, coupon, lines, currency, points (a guest's, or out of range) or billingAddress.<field> invalid", body = Envelope<FieldErrorsDto>),
        (status = 409, description = "Out of stock (api.delivery.outOfStock)", body = Envelope<Option<String>>),
        (status = 422, description = "Coupon refused, the method is not offered in the currency, or fewer points than offered (api.order.pointsShort)", body = Envelope<Option<String>>),
        (status = 429, description = "A guest's limit of unpaid orders or held keys (api.order.guestLimit); data.retryAfter", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/order/checkout")]
pub async fn checkout(
    state: web::Data<GatewayState>,
    body: JsonBody<CheckoutBody>,
    request: HttpRequest,
) -> ApiResult<PlacedDto> {
    let body = body.into_inner();
    let call = pb::CheckoutRequest {
        lines: body
            .lines
            .iter()
            .map(|line| pb::CheckoutLine { product_id: line.product_id, quantity: line.quantity })
            .collect(),
        email: body.email,
        contact: body.contact,
        note: body.note,
        coupon: body.coupon,
        payment_method: body.payment_method,
        currency: body.currency.trim().to_ascii_uppercase(),
        language: context::language().to_owned(),
        idempotency_key: header(&request, "idempotency-key"),
        cart_token: header(&request, CART_TOKEN_HEADER),
        billing_address: Some(body.billing_address.into()),
        client_ip: state.client_ip(&request),
        points: body.points,
    };
    let placed = state.clients.order().checkout(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(PlacedDto::try_from(placed)?))
}
