//! `/api/cart[/lines|/merge]`: the cart, priced today in the shopper's
//! currency. A member's is found by the session; a visitor's by the
//! `X-Cart-Token` header, and the first line added makes one (its token comes
//! back in `cartToken`, for the browser to keep).

use actix_web::{HttpRequest, get, post, put, web};
use keyshop_core::error::AppError;
use keyshop_proto::order::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{CART_TOKEN_HEADER, CurrencyParam, header, order_call};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::ProductCardDto;
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLineDto {
    /// Today's card (prices in USD cents), or the one kept when added if the
    /// product is no longer sold.
    pub product: ProductCardDto,
    pub quantity: i64,
    /// The most one order may take now.
    pub most: i64,
    /// Minor units of the cart's currency.
    pub unit_price: i64,
    pub line_total: i64,
    /// False when the product is gone or out of stock.
    pub available: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartDto {
    pub lines: Vec<CartLineDto>,
    pub currency: String,
    /// The available lines' total, minor units of `currency`.
    pub goods: i64,
    /// Units in the cart (the badge).
    pub count: i64,
    /// Set when this call made the visitor's cart: send it as `X-Cart-Token`.
    pub cart_token: Option<String>,
}

impl TryFrom<pb::Cart> for CartDto {
    type Error = AppError;

    fn try_from(cart: pb::Cart) -> Result<CartDto, AppError> {
        Ok(CartDto {
            lines: cart
                .lines
                .into_iter()
                .map(|line| {
                    Ok(CartLineDto {
                        product: ProductCardDto::try_from(line.card.unwrap_or_default())?,
                        quantity: line.quantity,
                        most: line.most,
                        unit_price: line.unit_price,
                        line_total: line.line_total,
                        available: line.available,
                    })
                })
                .collect::<Result<_, AppError>>()?,
            currency: cart.currency,
            goods: cart.goods,
            count: cart.count,
            cart_token: Some(cart.cart_token).filter(|token| !token.is_empty()),
        })
    }
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CartLineBody {
    #[schema(required = true, minimum = 1)]
    pub product_id: i64,
    /// 0 removes the product.
    #[schema(minimum = 0)]
    pub quantity: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "cart_get",
    params(CurrencyParam, ("X-Cart-Token" = Option<String>, Header, description = "A visitor's cart")),
    responses(
        (status = 200, description = "The cart (empty when there is none)", body = Envelope<CartDto>),
        (status = 400, description = "A currency the store does not sell in", body = Envelope<FieldErrorsDto>),
    ))]
#[get("/api/cart")]
pub async fn get_cart(
    state: web::Data<GatewayState>,
    query: web::Query<CurrencyParam>,
    request: HttpRequest,
) -> ApiResult<CartDto> {
    let call = pb::CartQuery { cart_token: header(&request, CART_TOKEN_HEADER), currency: query.code() };
    let cart = state.clients.order().get_cart(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(CartDto::try_from(cart)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "cart_set_line",
    params(CurrencyParam, ("X-Cart-Token" = Option<String>, Header, description = "A visitor's cart")),
    request_body = CartLineBody,
    responses(
        (status = 200, description = "The cart after the change", body = Envelope<CartDto>),
        (status = 400, description = "quantity below 0 or over what one order may take (api.cart.overLimit)", body = Envelope<FieldErrorsDto>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
        (status = 409, description = "Out of stock (api.delivery.outOfStock)", body = Envelope<Option<String>>),
        (status = 422, description = "The cart is full (api.cart.full)", body = Envelope<Option<String>>),
    ))]
#[put("/api/cart/lines")]
pub async fn set_cart_line(
    state: web::Data<GatewayState>,
    query: web::Query<CurrencyParam>,
    body: JsonBody<CartLineBody>,
    request: HttpRequest,
) -> ApiResult<CartDto> {
    let call = pb::SetCartLineRequest {
        cart_token: header(&request, CART_TOKEN_HEADER),
        currency: query.code(),
        product_id: body.product_id,
        quantity: body.quantity,
    };
    let cart = state.clients.order().set_cart_line(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(CartDto::try_from(cart)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "cart_merge",
    security(("bearer" = [])),
    params(CurrencyParam, ("X-Cart-Token" = Option<String>, Header, description = "The visitor's cart to merge")),
    responses(
        (status = 200, description = "The member's cart with the visitor's lines added", body = Envelope<CartDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[post("/api/cart/merge")]
pub async fn merge_cart(
    state: web::Data<GatewayState>,
    query: web::Query<CurrencyParam>,
    request: HttpRequest,
) -> ApiResult<CartDto> {
    let call = pb::CartQuery { cart_token: header(&request, CART_TOKEN_HEADER), currency: query.code() };
    let cart = state.clients.order().merge_cart(order_call(&request, call)).await?.into_inner();
    Ok(Reply::ok(CartDto::try_from(cart)?))
}
