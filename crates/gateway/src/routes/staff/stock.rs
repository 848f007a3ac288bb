//! `/api/staff/stock`: the key stock per product (available, held for
//! checkouts, sold) with each product's low-stock threshold; a threshold
//! changed (with the version read: 409 when it changed since); keys
//! imported from a `.txt` or `.csv` file's text, read as `keyshop keys
//! import` reads it, with the same report; a product's keys listed masked,
//! and a sold one shown in full to the owner for a reason (audited).

use actix_web::{HttpRequest, get, post, put, web};
use std::collections::HashMap;

use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::identity::Permission;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::delivery::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiError, ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::ListPage;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockDto {
    pub sku: String,
    /// The product's title; absent when the catalog does not sell the SKU.
    pub title: Option<String>,
    pub available: i64,
    /// Held for checkouts waiting for payment.
    pub reserved: i64,
    pub sold: i64,
    /// Low at or under this many available keys.
    pub threshold: i64,
    pub low: bool,
    /// Sent back with a change of the threshold.
    pub version: i64,
}

impl From<pb::StaffStock> for StockDto {
    fn from(row: pb::StaffStock) -> StockDto {
        StockDto {
            title: None,
            sku: row.sku,
            available: row.available,
            reserved: row.reserved,
            sold: row.sold,
            threshold: row.threshold,
            low: row.low,
            version: row.version,
        }
    }
}

/// `rows` with the titles of their products (one catalog call).
pub async fn titled(state: &GatewayState, rows: Vec<pb::StaffStock>) -> Result<Vec<StockDto>, ApiError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let skus = rows.iter().map(|row| row.sku.clone()).collect();
    let call = catalog::ListProductCardsRequest { ids: Vec::new(), skus };
    let cards = state.clients.catalog().list_product_cards(call).await?.into_inner().products;
    let titles: HashMap<String, String> = cards.into_iter().map(|card| (card.sku, card.title)).collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let title = titles.get(&row.sku).cloned();
            StockDto { title, ..StockDto::from(row) }
        })
        .collect())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct StockParams {
    /// SKUs beginning with this.
    pub sku: Option<String>,
    /// `true`: only the products at or under their threshold.
    #[param(value_type = Option<bool>)]
    pub low: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_stock", params(LangParam, StockParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The products' stock, by SKU", body = Envelope<ListPage<StockDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read the stock (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/stock")]
pub async fn staff_stock(
    state: web::Data<GatewayState>,
    query: web::Query<StockParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<StockDto>> {
    let staff = staff_with(&state, &request, Permission::KeysRead).await?;
    let mut errors = FieldErrors::default();
    let low_only = match query.low.as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => {
            errors.add("low", "api.field.invalid");
            false
        }
    };
    let call = pb::StaffStockQuery {
        sku: query.sku.clone().unwrap_or_default(),
        low_only,
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.delivery().staff_list_stock(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: titled(&state, page.rows).await?,
        total: page.total,
        page: i32::try_from(page.page).unwrap_or(i32::MAX),
        limit: i32::try_from(page.limit).unwrap_or(i32::MAX),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ThresholdBody {
    /// Low at or under this many available keys (0 to 100,000).
    #[schema(minimum = 0, maximum = 100_000)]
    pub threshold: i64,
    /// The version read with the stock.
    pub version: i64,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_stock_threshold", params(LangParam,
        ("sku" = String, Path, description = "The product's SKU")),
    security(("bearer" = [])),
    request_body = ThresholdBody,
    responses(
        (status = 200, description = "The product's stock with its new threshold", body = Envelope<StockDto>),
        (status = 400, description = "The threshold is out of range", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not change the stock (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No stock of that SKU", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/stock/{sku}/threshold")]
pub async fn staff_stock_threshold(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<ThresholdBody>,
    request: HttpRequest,
) -> ApiResult<StockDto> {
    let staff = staff_with(&state, &request, Permission::KeysImport).await?;
    let body = body.into_inner();
    let call = pb::StockThreshold { sku: path.into_inner(), threshold: body.threshold, version: body.version };
    let row = acting(staff, state.clients.delivery().set_stock_threshold(call)).await?.into_inner();
    Ok(Reply::ok(titled(&state, vec![row]).await?.remove(0)))
}

/// How an import file is read.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KeyFileFormat {
    /// One key per line.
    Txt,
    /// Rows of key and note.
    Csv,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportKeysBody {
    /// The file's text (a large file is sent in parts of whole lines).
    pub text: String,
    pub format: KeyFileFormat,
}

/// What an import did: the report `keyshop keys import` prints.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReportDto {
    pub imported: i64,
    /// Keys already held (for any product) or repeated in the file.
    pub duplicates: i64,
    pub invalid: i64,
    /// Keys of the product available after the import.
    pub available: i64,
    /// Line positions (from 1, blank lines not counted) of the first invalid keys.
    pub invalid_lines: Vec<i64>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_import_keys", params(LangParam,
        ("sku" = String, Path, description = "The product's SKU")),
    security(("bearer" = [])),
    request_body = ImportKeysBody,
    responses(
        (status = 200, description = "The import's report", body = Envelope<ImportReportDto>),
        (status = 400, description = "No keys, too many, or a SKU the catalog does not sell (api.staff.unknownSku)", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not import keys (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/stock/{sku}/keys")]
pub async fn staff_import_keys(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    body: JsonBody<ImportKeysBody>,
    request: HttpRequest,
) -> ApiResult<ImportReportDto> {
    let staff = staff_with(&state, &request, Permission::KeysImport).await?;
    let (sku, body) = (path.into_inner(), body.into_inner());
    // Keys for a SKU the catalog does not sell would never be sold.
    let call = catalog::ListProductCardsRequest { ids: Vec::new(), skus: vec![sku.clone()] };
    if state.clients.catalog().list_product_cards(call).await?.into_inner().products.is_empty() {
        return Err(AppError::field("sku", "api.staff.unknownSku").into());
    }
    let call = pb::ImportKeysRequest {
        sku,
        keys: Vec::new(),
        csv: matches!(body.format, KeyFileFormat::Csv),
        text: body.text,
    };
    let report = acting(staff, state.clients.delivery().import_keys(call)).await?.into_inner();
    Ok(Reply::ok(ImportReportDto {
        imported: report.imported,
        duplicates: report.duplicates,
        invalid: report.invalid,
        available: report.available,
        invalid_lines: report.invalid_lines,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffKeyDto {
    pub id: i64,
    pub sku: String,
    /// The first and last characters; the rest hidden.
    pub masked: String,
    /// `available`, `reserved` or `sold`.
    pub status: String,
    /// The order holding or owning it.
    pub order_no: Option<String>,
    /// Epoch milliseconds.
    pub imported_at: i64,
    pub sold_at: Option<i64>,
}

impl From<pb::StaffKey> for StaffKeyDto {
    fn from(key: pb::StaffKey) -> StaffKeyDto {
        StaffKeyDto {
            id: key.id,
            sku: key.sku,
            masked: key.masked,
            status: key.status,
            order_no: (!key.order_no.is_empty()).then_some(key.order_no),
            imported_at: key.imported_at_ms,
            sold_at: (key.sold_at_ms > 0).then_some(key.sold_at_ms),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KeyListParams {
    /// `available`, `reserved` or `sold` (default: every key).
    pub status: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_keys", params(LangParam, KeyListParams,
        ("sku" = String, Path, description = "The product's SKU")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The product's keys, newest first, masked", body = Envelope<ListPage<StaffKeyDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not read the stock (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/stock/{sku}/keys")]
pub async fn staff_keys(
    state: web::Data<GatewayState>,
    path: web::Path<String>,
    query: web::Query<KeyListParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<StaffKeyDto>> {
    let staff = staff_with(&state, &request, Permission::KeysRead).await?;
    let mut errors = FieldErrors::default();
    let call = pb::StaffKeysQuery {
        sku: path.into_inner(),
        status: query.status.clone().unwrap_or_default(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.delivery().staff_list_keys(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(StaffKeyDto::from).collect(),
        total: page.total,
        page: i32::try_from(page.page).unwrap_or(i32::MAX),
        limit: i32::try_from(page.limit).unwrap_or(i32::MAX),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevealKeyBody {
    /// Why the key is shown (kept in the audit log).
    #[schema(max_length = 200)]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffRevealedKeyDto {
    pub key: StaffKeyDto,
    /// The key in full.
    pub text: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_reveal_key", params(LangParam,
        ("id" = i64, Path, description = "The key's id")),
    security(("bearer" = [])),
    request_body = RevealKeyBody,
    responses(
        (status = 200, description = "The key in full; the reveal is recorded", body = Envelope<StaffRevealedKeyDto>),
        (status = 400, description = "No reason, or too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not reveal keys (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such key", body = Envelope<Option<String>>),
        (status = 409, description = "The key is not sold (api.staff.keyNotSold)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/keys/{id}/reveal")]
pub async fn staff_reveal_key(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<RevealKeyBody>,
    request: HttpRequest,
) -> ApiResult<StaffRevealedKeyDto> {
    let staff = staff_with(&state, &request, Permission::KeysReveal).await?;
    let call = pb::StaffRevealKeyRequest { id: path.into_inner(), reason: body.into_inner().reason };
    let shown = acting(staff, state.clients.delivery().staff_reveal_key(call)).await?.into_inner();
    Ok(Reply::ok(StaffRevealedKeyDto { key: StaffKeyDto::from(shown.key.unwrap_or_default()), text: shown.text }))
}
