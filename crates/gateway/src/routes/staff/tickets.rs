//! `/api/staff/tickets`: the members' support tickets for staff who answer
//! them. Latest activity first (of one status); a ticket's thread with its
//! member; a reply (`POST …/reply`, e-mailed to the member, the ticket then
//! answered) and closing one (`POST …/close`), both audited.

use actix_web::{HttpRequest, get, post, web};
use keyshop_core::error::{AppError, FieldErrors};
use keyshop_core::identity::Permission;
use keyshop_core::vocab::TicketStatus;
use keyshop_proto::member::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{acting, staff_with};
use crate::body::JsonBody;
use crate::envelope::{ApiResult, Envelope, FieldErrorsDto, Reply};
use crate::routes::account::tickets::{TicketMessageDto, messages};
use crate::routes::dto::ListPage;
use crate::routes::{LangParam, params};
use crate::state::GatewayState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffTicketDto {
    pub id: i64,
    pub subject: String,
    pub status: TicketStatus,
    /// Null when the ticket is not about an order.
    pub order_no: Option<String>,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
    pub member_id: i64,
    /// Empty when the member's account is gone.
    pub member_email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffTicketThreadDto {
    pub ticket: StaffTicketDto,
    /// Oldest first.
    pub messages: Vec<TicketMessageDto>,
}

impl TryFrom<pb::Ticket> for StaffTicketDto {
    type Error = AppError;

    fn try_from(ticket: pb::Ticket) -> Result<StaffTicketDto, AppError> {
        Ok(StaffTicketDto {
            id: ticket.id,
            subject: ticket.subject,
            status: TicketStatus::from_proto(ticket.status)?,
            order_no: (!ticket.order_no.is_empty()).then_some(ticket.order_no),
            created_at: ticket.created_at_ms,
            updated_at: ticket.updated_at_ms,
            member_id: ticket.member_id,
            member_email: ticket.member_email,
        })
    }
}

fn thread(thread: pb::TicketThread) -> Result<StaffTicketThreadDto, AppError> {
    let ticket = thread.ticket.ok_or_else(|| AppError::internal("the member service answered no ticket"))?;
    Ok(StaffTicketThreadDto { ticket: StaffTicketDto::try_from(ticket)?, messages: messages(thread.messages) })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TicketSearchParams {
    /// open, answered or closed; absent: any.
    pub status: Option<String>,
    /// From 1 (default 1).
    #[param(schema_with = params::page_schema)]
    pub page: Option<String>,
    /// 10, 20, 30 or 50 (default 20).
    #[param(schema_with = params::limit_schema)]
    pub limit: Option<String>,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_tickets", params(LangParam, TicketSearchParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Tickets, latest activity first", body = Envelope<ListPage<StaffTicketDto>>),
        (status = 400, description = "A filter is wrong", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer tickets (api.staff.forbidden)", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/tickets")]
pub async fn staff_tickets(
    state: web::Data<GatewayState>,
    query: web::Query<TicketSearchParams>,
    request: HttpRequest,
) -> ApiResult<ListPage<StaffTicketDto>> {
    let staff = staff_with(&state, &request, Permission::TicketsAnswer).await?;
    let mut errors = FieldErrors::default();
    let query = query.into_inner();
    let status = match query.status.as_deref().map(str::trim).filter(|status| !status.is_empty()) {
        None => None,
        Some(code) => match TicketStatus::parse(code) {
            Some(status) => Some(status.to_proto()),
            None => {
                errors.add("status", "api.field.invalid");
                None
            }
        },
    };
    let call = pb::StaffListTicketsRequest {
        status,
        page: params::number(&mut errors, "page", query.page.as_deref()),
        limit: params::number(&mut errors, "limit", query.limit.as_deref()),
    };
    errors.finish()?;
    let page = acting(staff, state.clients.member().staff_list_tickets(call)).await?.into_inner();
    Ok(Reply::ok(ListPage {
        rows: page.rows.into_iter().map(StaffTicketDto::try_from).collect::<Result<_, _>>()?,
        total: page.total,
        page: page.page,
        limit: page.limit,
    }))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_ticket", params(LangParam,
        ("id" = i64, Path, description = "The ticket's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The ticket with its messages", body = Envelope<StaffTicketThreadDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer tickets (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such ticket", body = Envelope<Option<String>>),
    ))]
#[get("/api/staff/tickets/{id}")]
pub async fn staff_ticket(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<StaffTicketThreadDto> {
    let staff = staff_with(&state, &request, Permission::TicketsAnswer).await?;
    let found = acting(staff, state.clients.member().staff_get_ticket(pb::IdRequest { id: path.into_inner() })).await?;
    Ok(Reply::ok(thread(found.into_inner())?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffTicketReplyBody {
    /// Plain text, up to 4,000 characters.
    #[schema(max_length = 4000)]
    pub body: String,
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_reply_ticket", params(LangParam,
        ("id" = i64, Path, description = "The ticket's number")),
    security(("bearer" = [])),
    request_body = StaffTicketReplyBody,
    responses(
        (status = 200, description = "The ticket, answered, with the reply", body = Envelope<StaffTicketThreadDto>),
        (status = 400, description = "The reply is empty or too long", body = Envelope<FieldErrorsDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer tickets (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such ticket", body = Envelope<Option<String>>),
        (status = 409, description = "The ticket is closed (api.ticket.closed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/tickets/{id}/reply")]
pub async fn staff_reply_ticket(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    body: JsonBody<StaffTicketReplyBody>,
    request: HttpRequest,
) -> ApiResult<StaffTicketThreadDto> {
    let staff = staff_with(&state, &request, Permission::TicketsAnswer).await?;
    let id = path.into_inner();
    let call = pb::TicketMessageRequest { ticket_id: id, body: body.into_inner().body };
    acting(staff.clone(), state.clients.member().staff_reply_ticket(call)).await?;
    let found = acting(staff, state.clients.member().staff_get_ticket(pb::IdRequest { id })).await?;
    Ok(Reply::ok(thread(found.into_inner())?))
}

#[utoipa::path(context_path = "/prod-api", tag = "staff", operation_id = "staff_close_ticket", params(LangParam,
        ("id" = i64, Path, description = "The ticket's number")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The ticket, closed", body = Envelope<StaffTicketThreadDto>),
        (status = 401, description = "No live staff session", body = Envelope<Option<String>>),
        (status = 403, description = "The role may not answer tickets (api.staff.forbidden)", body = Envelope<Option<String>>),
        (status = 404, description = "No such ticket", body = Envelope<Option<String>>),
        (status = 409, description = "Closed already (api.ticket.closed)", body = Envelope<Option<String>>),
    ))]
#[post("/api/staff/tickets/{id}/close")]
pub async fn staff_close_ticket(
    state: web::Data<GatewayState>,
    path: web::Path<i64>,
    request: HttpRequest,
) -> ApiResult<StaffTicketThreadDto> {
    let staff = staff_with(&state, &request, Permission::TicketsAnswer).await?;
    let id = path.into_inner();
    acting(staff.clone(), state.clients.member().staff_close_ticket(pb::IdRequest { id })).await?;
    let found = acting(staff, state.clients.member().staff_get_ticket(pb::IdRequest { id })).await?;
    Ok(Reply::ok(thread(found.into_inner())?))
}
