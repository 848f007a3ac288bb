//! `/api/tickets[/{id}[/messages|/close]]`: the member's support tickets and
//! their messages with staff. Another member's ticket answers 404.

use actix_web::{HttpRequest, get, post, web};
use keyshop_core::error::AppError;
use keyshop_core::vocab::TicketStatus;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::addresses::IdDto;
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply, RetryAfterDto};
use crate::routes::dto::ListPage;
use crate::routes::member::{PageParams, authorized, client};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketDto {
    pub id: i64,
    pub subject: String,
    pub status: TicketStatus,
    /// Null when the ticket is not about an order.
    pub order_no: Option<String>,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketMessageDto {
    pub id: i64,
    /// member or staff.
    pub author: String,
    /// Plain text; clients must escape it.
    pub body: String,
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketThreadDto {
    pub ticket: TicketDto,
    pub messages: Vec<TicketMessageDto>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OpenTicketBody {
    #[schema(required = true, min_length = 1)]
    pub subject: String,
    #[schema(required = true, min_length = 1)]
    pub message: String,
    /// The order it is about, if any.
    pub order_no: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TicketReplyBody {
    #[schema(required = true, min_length = 1)]
    pub body: String,
}

impl TryFrom<pb::Ticket> for TicketDto {
    type Error = AppError;

    fn try_from(ticket: pb::Ticket) -> Result<TicketDto, AppError> {
        Ok(TicketDto {
            id: ticket.id,
            subject: ticket.subject,
            status: TicketStatus::from_proto(ticket.status)?,
            order_no: (!ticket.order_no.is_empty()).then_some(ticket.order_no),
            created_at: ticket.created_at_ms,
            updated_at: ticket.updated_at_ms,
        })
    }
}

/// A ticket's messages as answered (also to the staff console).
pub fn messages(messages: Vec<pb::TicketMessage>) -> Vec<TicketMessageDto> {
    messages
        .into_iter()
        .map(|message| TicketMessageDto {
            id: message.id,
            author: message.author,
            body: message.body,
            created_at: message.created_at_ms,
        })
        .collect()
}

/// A ticket and its messages, oldest first.
pub fn thread(thread: pb::TicketThread) -> Result<TicketThreadDto, AppError> {
    let ticket = thread.ticket.ok_or_else(|| AppError::internal("the member service answered no ticket"))?;
    Ok(TicketThreadDto { ticket: TicketDto::try_from(ticket)?, messages: messages(thread.messages) })
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_tickets",
    security(("bearer" = [])), params(PageParams),
    responses(
        (status = 200, description = "A page of tickets, latest activity first", body = Envelope<ListPage<TicketDto>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
    ))]
#[get("/api/tickets")]
pub async fn list_tickets(
    state: web::Data<GatewayState>,
    query: web::Query<PageParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<TicketDto>> {
    let page = state.clients.member().list_tickets(authorized(&request, query.request()?)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(TicketDto::try_from).collect::<Result<_, _>>()?,
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_open_ticket",
    security(("bearer" = [])), request_body = OpenTicketBody,
    responses(
        (status = 200, description = "Opened (msgKey api.ticket.opened)", body = Envelope<IdDto>),
        (status = 400, description = "Subject or message missing or too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 429, description = "Too many tickets", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/tickets")]
pub async fn open_ticket(
    state: web::Data<GatewayState>,
    body: JsonBody<OpenTicketBody>,
    request: HttpRequest,
) -> ApiResult<IdDto> {
    let body = body.into_inner();
    let call = pb::OpenTicketRequest {
        subject: body.subject,
        message: body.message,
        order_no: body.order_no,
        client: Some(client(&request, &state)),
    };
    let opened = state.clients.member().open_ticket(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(IdDto { id: opened.id }).with_msg_key("api.ticket.opened"))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_ticket",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses(
        (status = 200, description = "The ticket and its messages", body = Envelope<TicketThreadDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such ticket of this member", body = Envelope<Option<String>>),
    ))]
#[get("/api/tickets/{id}")]
pub async fn get_ticket(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<TicketThreadDto> {
    let call = pb::IdRequest { id: path.into_inner() };
    let found = state.clients.member().get_ticket(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(thread(found)?))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_ticket_reply",
    security(("bearer" = [])), params(("id" = i64, Path)), request_body = TicketReplyBody,
    responses(
        (status = 200, description = "Sent (msgKey api.ticket.replied)", body = Envelope<IdDto>),
        (status = 400, description = "The message is empty or too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such ticket of this member", body = Envelope<Option<String>>),
        (status = 409, description = "The ticket is closed", body = Envelope<Option<String>>),
        (status = 429, description = "Too many messages", body = Envelope<Option<RetryAfterDto>>),
    ))]
#[post("/api/tickets/{id}/messages")]
pub async fn reply_ticket(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<TicketReplyBody>,
    request: HttpRequest,
) -> ApiResult<IdDto> {
    let call = pb::TicketMessageRequest { ticket_id: path.into_inner(), body: body.into_inner().body };
    let posted = state.clients.member().post_ticket_message(authorized(&request, call)).await?.into_inner();
    Ok(Reply::ok(IdDto { id: posted.id }).with_msg_key("api.ticket.replied"))
}

#[utoipa::path(context_path = "/prod-api", tag = "account", operation_id = "account_ticket_close",
    security(("bearer" = [])), params(("id" = i64, Path)),
    responses(
        (status = 200, description = "Closed (msgKey api.ticket.closedNow)", body = Envelope<Option<String>>),
        (status = 401, description = "Not signed in", body = Envelope<Option<String>>),
        (status = 404, description = "No such ticket of this member", body = Envelope<Option<String>>),
    ))]
#[post("/api/tickets/{id}/close")]
pub async fn close_ticket(state: web::Data<GatewayState>, path: web::Path<i64>, request: HttpRequest) -> ApiResult<()> {
    let call = pb::IdRequest { id: path.into_inner() };
    state.clients.member().close_ticket(authorized(&request, call)).await?;
    Ok(Reply::ok(()).with_msg_key("api.ticket.closedNow"))
}
