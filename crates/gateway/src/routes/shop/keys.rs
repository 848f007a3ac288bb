//! `POST /api/order/{orderNo}/keys`: the keys of a paid order, for its
//! member or the guest holding its link token; every reveal is recorded
//! (time, address, browser) and the answer carries that log.

use actix_web::http::header::CACHE_CONTROL;
use actix_web::{CustomizeResponder, HttpRequest, Responder, post, web};

use keyshop_core::error::AppError;
use keyshop_core::vocab::Platform;
use keyshop_proto::order::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

use super::{ORDER_TOKEN_HEADER, header, order_call};
use crate::envelope::{ApiError, Envelope, Reply};
use crate::routes::member::client;
use crate::state::GatewayState;

// A key as shown to its owner. Its `Debug` leaves the key out (keys are
// never logged).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedKeyDto {
    pub line_no: i64,
    pub title: String,
    pub platform: Platform,
    pub key: String,
    pub note: String,
}

impl std::fmt::Debug for RevealedKeyDto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RevealedKeyDto")
            .field("line_no", &self.line_no)
            .field("title", &self.title)
            .field("platform", &self.platform)
            .field("key", &"<redacted>")
            .field("note", &self.note)
            .finish()
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealDto {
    /// Epoch milliseconds.
    pub at: i64,
    /// `delivery-email` for the e-mail that carried the keys; else who
    /// opened them (`member:<id>`, `guest-link`).
    pub actor: String,
    pub ip: String,
    pub browser: String,
    pub os: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderKeysDto {
    pub order_no: String,
    pub keys: Vec<RevealedKeyDto>,
    /// Newest first, this one included.
    pub reveals: Vec<RevealDto>,
}

#[utoipa::path(context_path = "/prod-api", tag = "shop", operation_id = "order_keys",
    params(("orderNo" = String, Path), ("X-Order-Token" = Option<String>, Header, description = "A guest's link token")),
    responses(
        (status = 200, description = "The keys and the log of who saw them", body = Envelope<OrderKeysDto>),
        (status = 404, description = "No such order for this buyer", body = Envelope<Option<String>>),
        (status = 409, description = "Not paid (api.order.stateChanged)", body = Envelope<Option<String>>),
    ))]
#[post("/api/order/{orderNo}/keys")]
pub async fn reveal_keys(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    request: HttpRequest,
) -> Result<CustomizeResponder<Reply<OrderKeysDto>>, ApiError> {
    let who = client(&request, &state);
    let call = pb::RevealRequest {
        order_no: path.into_inner(),
        link_token: header(&request, ORDER_TOKEN_HEADER),
        ip: who.ip,
        user_agent: who.user_agent,
    };
    let keys = state.clients.order().reveal_keys(order_call(&request, call)).await?.into_inner();
    // Keys are never kept by a browser or a proxy.
    Ok(Reply::ok(OrderKeysDto {
        order_no: keys.order_no,
        keys: keys
            .keys
            .into_iter()
            .map(|key| {
                Ok(RevealedKeyDto {
                    line_no: key.line_no,
                    title: key.title,
                    platform: Platform::from_proto(key.platform)?,
                    key: key.key,
                    note: key.note,
                })
            })
            .collect::<Result<_, AppError>>()?,
        reveals: keys
            .reveals
            .into_iter()
            .map(|reveal| RevealDto {
                at: reveal.at_ms,
                actor: reveal.actor,
                ip: reveal.ip,
                browser: reveal.browser,
                os: reveal.os,
            })
            .collect(),
    })
    .customize()
    .insert_header((CACHE_CONTROL, "no-store")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shown_key_is_left_out_of_its_debug_text() {
        let key = RevealedKeyDto {
            line_no: 1,
            title: "Emerald Garden".to_owned(),
            platform: Platform::Steam,
            key: "AAAAA-BBBBB-CCCCC".to_owned(),
            note: String::new(),
        };
        let text = format!("{key:?}");
        assert!(!text.contains("AAAAA-BBBBB-CCCCC"), "{text}");
        assert!(text.contains("Emerald Garden") && text.contains("<redacted>"), "{text}");
    }
}
