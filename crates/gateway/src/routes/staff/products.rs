//! `/api/staff/products`: the manager's products. The list (every state,
//! search by title, SKU or address), one product with all its languages, a
//! new draft (`POST`), an edit (`PUT` with the version read: 409 when it
//! changed since), publish / unpublish / archive, and the images: an upload
//! is the raw file as the body (sniffed, bounded and converted by the
//! catalog; more than 8 MiB is refused here with a 400 before it is read
//! whole), a removal names the slot.

use actix_web::{HttpRequest, delete, get, post, put, web};
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::identity::Permission;
use keyshop_core::vocab::{Genre, Language, Platform, ProductState, ProductType, Region, StockStatus};
use keyshop_proto::catalog::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::dto::{ListPage, media_file_url};
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

/// An upload's body as the OpenAPI document names it: the raw file.
pub struct ImageFile;

impl utoipa::PartialSchema for ImageFile {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .into()
    }
}

impl ToSchema for ImageFile {}

/// The largest upload read (the catalog checks the rest).
const MAX_UPLOAD_BYTES: usize = 8 * 1024 * 1024;

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConsoleRequirementSet {
    #[serde(default)]
    pub os: String,
    #[serde(default)]
    pub cpu: String,
    #[serde(default)]
    pub memory: String,
    #[serde(default)]
    pub graphics: String,
    #[serde(default)]
    pub storage: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConsoleRequirements {
    pub minimum: ConsoleRequirementSet,
    pub recommended: ConsoleRequirementSet,
}

/// A product's texts in one catalogue language.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleProductTexts {
    /// A catalogue code (`en-US`, `ja`, …); en-US is required.
    pub language: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub activation_guide: String,
}

/// What the console writes of a product.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleProductFields {
    pub sku: String,
    /// The product page's address: `/product/{gameName}/{gameExtName}`.
    pub game_name: String,
    pub game_ext_name: String,
    #[serde(rename = "type")]
    pub product_type: ProductType,
    pub platform: Platform,
    pub region: Region,
    #[serde(default)]
    pub developer: String,
    #[serde(default)]
    pub publisher: String,
    /// YYYY-MM-DD
    pub release_date: String,
    /// US cents.
    pub price_usd: i64,
    /// US cents; 0: the price (no discount shown).
    #[serde(default)]
    pub list_price_usd: i64,
    pub per_order_limit: i32,
    #[serde(default)]
    pub preorder: bool,
    #[serde(default)]
    pub genres: Vec<Genre>,
    /// Languages the product itself supports.
    #[serde(default)]
    pub languages: Vec<Language>,
    pub requirements: Option<ConsoleRequirements>,
    pub texts: Vec<ConsoleProductTexts>,
}

fn set_to_proto(set: ConsoleRequirementSet) -> pb::RequirementSet {
    pb::RequirementSet { os: set.os, cpu: set.cpu, memory: set.memory, graphics: set.graphics, storage: set.storage }
}

fn set_of(set: Option<pb::RequirementSet>) -> ConsoleRequirementSet {
    let set = set.unwrap_or_default();
    ConsoleRequirementSet { os: set.os, cpu: set.cpu, memory: set.memory, graphics: set.graphics, storage: set.storage }
}

impl ConsoleProductFields {
    fn into_proto(self) -> pb::ProductFields {
        pb::ProductFields {
            sku: self.sku,
            game_name: self.game_name,
            game_ext_name: self.game_ext_name,
            product_type: self.product_type.to_proto(),
            platform: self.platform.to_proto(),
            region: self.region.to_proto(),
            developer: self.developer,
            publisher: self.publisher,
            release_date: self.release_date,
            price_usd: self.price_usd,
            list_price_usd: self.list_price_usd,
            per_order_limit: self.per_order_limit,
            preorder: self.preorder,
            genres: self.genres.into_iter().map(Genre::to_proto).collect(),
            languages: self.languages.into_iter().map(Language::to_proto).collect(),
            requirements: self.requirements.map(|requirements| pb::Requirements {
                minimum: Some(set_to_proto(requirements.minimum)),
                recommended: Some(set_to_proto(requirements.recommended)),
            }),
            texts: self
                .texts
                .into_iter()
                .map(|texts| pb::ProductLanguageTexts {
                    language: texts.language,
                    title: texts.title,
                    description: texts.description,
                    activation_guide: texts.activation_guide,
                })
                .collect(),
        }
    }

    fn from_proto(fields: pb::ProductFields) -> Result<ConsoleProductFields, AppError> {
        Ok(ConsoleProductFields {
            sku: fields.sku,
            game_name: fields.game_name,
            game_ext_name: fields.game_ext_name,
            product_type: ProductType::from_proto(fields.product_type)?,
            platform: Platform::from_proto(fields.platform)?,
            region: Region::from_proto(fields.region)?,
            developer: fields.developer,
            publisher: fields.publisher,
            release_date: fields.release_date,
            price_usd: fields.price_usd,
            list_price_usd: fields.list_price_usd,
            per_order_limit: fields.per_order_limit,
            preorder: fields.preorder,
            genres: fields.genres.into_iter().map(Genre::from_proto).collect::<Result<_, _>>()?,
            languages: fields.languages.into_iter().map(Language::from_proto).collect::<Result<_, _>>()?,
            requirements: fields.requirements.map(|requirements| ConsoleRequirements {
                minimum: set_of(requirements.minimum),
                recommended: set_of(requirements.recommended),
            }),
            texts: fields
                .texts
                .into_iter()
                .map(|texts| ConsoleProductTexts {
                    language: texts.language,
                    title: texts.title,
                    description: texts.description,
                    activation_guide: texts.activation_guide,
                })
                .collect(),
        })
    }
}

/// A product as the console edits it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleProductDto {
    pub id: i64,
    pub fields: ConsoleProductFields,
    pub state: ProductState,
    /// Sent back with an edit, a state change or an image.
    pub version: i64,
    /// The cover's URL; absent: the shop shows generated artwork.
    pub cover: Option<String>,
    pub screenshots: Vec<String>,
    /// Where the keys activate (from the region); empty: worldwide.
    pub countries: Vec<String>,
    /// Catalogue languages with no title of their own yet.
    pub missing_languages: Vec<String>,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

impl TryFrom<pb::StaffProduct> for ConsoleProductDto {
    type Error = AppError;

    fn try_from(product: pb::StaffProduct) -> Result<ConsoleProductDto, AppError> {
        Ok(ConsoleProductDto {
            id: product.id,
            fields: ConsoleProductFields::from_proto(product.fields.unwrap_or_default())?,
            state: ProductState::from_proto(product.state)?,
            version: product.version,
            cover: (!product.cover_image.is_empty()).then(|| media_file_url(&product.cover_image, 640)),
            screenshots: product.screenshot_images.iter().map(|stem| media_file_url(stem, 640)).collect(),
            countries: product.countries,
            missing_languages: product.missing_languages,
            created_at: product.created_at_ms,
            updated_at: product.updated_at_ms,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsoleProductRow {
    pub id: i64,
    pub sku: String,
    /// The English title.
    pub title: String,
    pub platform: Platform,
    pub price_usd: i64,
    pub state: ProductState,
    pub stock: StockStatus,
    /// The cover's small size; absent: generated artwork.
    pub cover: Option<String>,
    /// Catalogue languages with a title.
    pub languages_done: i32,
    pub updated_at: i64,
}

impl TryFrom<pb::StaffProductRow> for ConsoleProductRow {
    type Error = AppError;

    fn try_from(row: pb::StaffProductRow) -> Result<ConsoleProductRow, AppError> {
        Ok(ConsoleProductRow {
            id: row.id,
            sku: row.sku,
            title: row.title,
            platform: Platform::from_proto(row.platform)?,
            price_usd: row.price_usd,
            state: ProductState::from_proto(row.state)?,
            stock: StockStatus::from_proto(row.stock)?,
            cover: (!row.cover_image.is_empty()).then(|| media_file_url(&row.cover_image, 320)),
            languages_done: row.languages_done,
            updated_at: row.updated_at_ms,
        })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductSearchParams {
    /// Part of the title, SKU or address.
    pub text: Option<String>,
    /// draft, published or archived; absent: every state.
    pub state: Option<ProductState>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_products", params(LangParam, ProductSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Products in every state, last changed first", body = Envelope<ListPage<ConsoleProductRow>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/products")]
pub async fn staff_products(
    state: web::Data<GatewayState>,
    query: web::Query<ProductSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<ConsoleProductRow>> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let mut errors = FieldErrors::default();
    let call = pb::StaffListProductsRequest {
        text: query.text.clone().unwrap_or_default(),
        states: query.state.iter().map(|state| state.to_proto()).collect(),
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.catalog().staff_list_products(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(ConsoleProductRow::try_from).collect::<Result<_, _>>()?,
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_product", params(LangParam,
        ("id" = i64, Path, description = "The product's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The product with every language", body = Envelope<ConsoleProductDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/products/{id}")]
pub async fn staff_product(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<ConsoleProductDto> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let call = pb::StaffGetProductRequest { id: path.into_inner() };
    let product = acting(staff, state.clients.catalog().staff_get_product(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleProductDto::try_from(product)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_create_product", params(LangParam),
    security(("bearer" = [])),
    request_body = ConsoleProductFields,
    responses(
        (status = 200, description = "The new draft", body = Envelope<ConsoleProductDto>),
        (status = 400, description = "A field is wrong, the SKU or address taken", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/products")]
pub async fn staff_create_product(
    state: web::Data<GatewayState>,
    body: JsonBody<ConsoleProductFields>,
    request: HttpRequest,
) -> ApiResult<ConsoleProductDto> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let call = pb::StaffSaveProductRequest { id: 0, version: 0, fields: Some(body.into_inner().into_proto()) };
    let saved = acting(staff, state.clients.catalog().staff_save_product(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleProductDto::try_from(saved)?))
}

/// An edit: the fields and the version read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleProductEdit {
    pub version: i64,
    pub fields: ConsoleProductFields,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_update_product", params(LangParam,
        ("id" = i64, Path, description = "The product's number")),
    security(("bearer" = [])),
    request_body = ConsoleProductEdit,
    responses(
        (status = 200, description = "The product as saved (the shop shows it at once)", body = Envelope<ConsoleProductDto>),
        (status = 400, description = "A field is wrong, the SKU or address taken", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[put("/api/staff/products/{id}")]
pub async fn staff_update_product(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<ConsoleProductEdit>,
    request: HttpRequest,
) -> ApiResult<ConsoleProductDto> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let edit = body.into_inner();
    let id = path.into_inner();
    if id <= 0 {
        return Err(AppError::not_found("api.error.productNotFound").into());
    }
    let call = pb::StaffSaveProductRequest { id, version: edit.version, fields: Some(edit.fields.into_proto()) };
    let saved = acting(staff, state.clients.catalog().staff_save_product(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleProductDto::try_from(saved)?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsoleProductStateBody {
    pub version: i64,
    /// published, draft (unpublished) or archived.
    pub state: ProductState,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_product_state", params(LangParam,
        ("id" = i64, Path, description = "The product's number")),
    security(("bearer" = [])),
    request_body = ConsoleProductStateBody,
    responses(
        (status = 200, description = "The product in its new state", body = Envelope<ConsoleProductDto>),
        (status = 400, description = "A field is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/products/{id}/state")]
pub async fn staff_product_state(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<ConsoleProductStateBody>,
    request: HttpRequest,
) -> ApiResult<ConsoleProductDto> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let body = body.into_inner();
    let call =
        pb::StaffSetProductStateRequest { id: path.into_inner(), version: body.version, state: body.state.to_proto() };
    let saved = acting(staff, state.clients.catalog().staff_set_product_state(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleProductDto::try_from(saved)?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageParams {
    /// The product's version read.
    pub version: i64,
}

/// The body read up to [`MAX_UPLOAD_BYTES`] (a larger one is refused, not read on).
pub(super) async fn upload(request: &HttpRequest, payload: web::Payload) -> Result<Vec<u8>, AppError> {
    crate::body::file(request, payload, MAX_UPLOAD_BYTES, "api.staff.imageTooLarge", "api.staff.imageBroken").await
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_product_image", params(LangParam,
        ("id" = i64, Path, description = "The product's number"),
        ("slot" = String, Path, description = "cover, or screenshot (added at the end)"),
        ImageParams),
    security(("bearer" = [])),
    request_body(content = inline(ImageFile), content_type = "application/octet-stream", description = "The image file (PNG, JPEG, WebP or GIF, up to 8 MiB)"),
    responses(
        (status = 200, description = "The product with its new image", body = Envelope<ConsoleProductDto>),
        (status = 400, description = "Not an image, too large, too many pixels, or a bad slot; nothing is stored", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/products/{id}/images/{slot}")]
pub async fn staff_product_image(
    state: web::Data<GatewayState>,
    path: web::Path<(i64, String)>,
    query: web::Query<ImageParams>,
    payload: web::Payload,
    request: HttpRequest,
) -> ApiResult<ConsoleProductDto> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let (id, slot) = path.into_inner();
    if !matches!(slot.as_str(), "cover" | "screenshot") {
        return Err(AppError::field("slot", "api.field.invalid").into());
    }
    let data = upload(&request, payload).await?;
    let call = pb::StaffUploadImageRequest { id, version: query.version, slot, data };
    let saved = acting(staff, state.clients.catalog().staff_upload_image(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleProductDto::try_from(saved)?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RemoveImageParams {
    /// The product's version read.
    pub version: i64,
    /// A screenshot's position, from 1 (not for the cover).
    pub index: Option<i32>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_remove_product_image", params(LangParam,
        ("id" = i64, Path, description = "The product's number"),
        ("slot" = String, Path, description = "cover or screenshot"),
        RemoveImageParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The product without the image", body = Envelope<ConsoleProductDto>),
        (status = 400, description = "A bad slot or position", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not manage the catalog (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such product", body = Envelope<Option<String>>),
        (status = 409, description = "Changed since it was read (api.staff.changed)", body = Envelope<Option<String>>),
    ))]
#[delete("/api/staff/products/{id}/images/{slot}")]
pub async fn staff_remove_product_image(
    state: web::Data<GatewayState>,
    path: web::Path<(i64, String)>,
    query: web::Query<RemoveImageParams>,
    request: HttpRequest,
) -> ApiResult<ConsoleProductDto> {
    let staff = staff_with(&state, &request, Permission::CatalogManage).await?;
    let (id, slot) = path.into_inner();
    let call = pb::StaffRemoveImageRequest { id, version: query.version, slot, index: query.index.unwrap_or(0) };
    let saved = acting(staff, state.clients.catalog().staff_remove_image(call)).await?.into_inner();
    Ok(Reply::ok(ConsoleProductDto::try_from(saved)?))
}
