//! The tonic adapter: proto in, use case, proto out. A member's session
//! token comes from the `authorization` metadata, never from a message.

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::grpc::bearer;
use keyshop_core::ids::ProductId;
use keyshop_core::money::CurrencyCode;
use keyshop_core::vocab::ProductType;
use keyshop_proto::order::v1 as pb;
use keyshop_proto::order::v1::order_service_server::OrderService as OrderApi;
use tonic::{Request, Response, Status};

use crate::domain::cart::CartLine;
use crate::domain::checkout::CheckoutForm;
use crate::domain::coupon::{CouponDraft, CouponRules};
use crate::domain::order::Order;
use crate::domain::pricing::CouponValue;
use crate::domain::state::OrderState;
use crate::service::{Asker, CartAsker, CartView, CheckoutRequest, OrderKeys, OrderService, Placed};
use crate::store::orders::OrderFilter;

pub struct OrderGrpc {
    pub service: Arc<OrderService>,
}

type Answer<T> = Result<Response<T>, Status>;

/// The order as its buyer sees it at `now` (whether it is still payable).
fn order(order: Order, now: i64) -> pb::Order {
    let actions = order.actions(now);
    pb::Order {
        contact: order.contact,
        note: order.note,
        payment_session_id: order.payment_session_id.map(|id| id.into_string()).unwrap_or_default(),
        payable: actions.payable,
        has_keys: actions.has_keys,
        confirmable: actions.confirmable,
        deletable: actions.deletable,
        cancellable: actions.cancellable,
        refundable: actions.refundable,
        order_no: order.order_no.into_string(),
        state: order.state.to_proto(),
        billing_address: order.billing_address.map(Into::into),
        email: order.email,
        currency: order.currency.to_string(),
        rate_micros: order.rate_micros,
        goods: order.price.goods,
        member_discount: order.price.member_discount,
        coupon_code: order.coupon_code.unwrap_or_default(),
        coupon_discount: order.price.coupon_discount,
        payment_method: order.payment_method,
        payment_fee: order.price.payment_fee,
        adjustment: order.price.adjustment,
        service_charge: order.price.service_charge,
        points_used: order.price.points_used,
        points_discount: order.price.points_discount,
        freight: order.price.freight,
        real_amount: order.price.real_amount,
        expires_at_ms: order.expires_at_ms,
        created_at_ms: order.created_at_ms,
        lines: order
            .lines
            .into_iter()
            .map(|line| pb::OrderLine {
                line_no: line.line_no,
                product_id: line.product_id.get(),
                sku: line.sku,
                title: line.title,
                platform: line.platform.to_proto(),
                unit_price: line.unit_price,
                quantity: line.quantity,
                game_name: line.game_name,
                game_ext_name: line.game_ext_name,
            })
            .collect(),
        history: order
            .history
            .into_iter()
            .map(|step| pb::StateStep { state: step.state.to_proto(), at_ms: step.at_ms, note: step.note })
            .collect(),
    }
}

/// A currency the request names (a field error otherwise).
fn currency(text: &str) -> Result<CurrencyCode, AppError> {
    CurrencyCode::parse(&text.trim().to_ascii_uppercase())
        .map_err(|_| AppError::field("currency", "api.error.validation"))
}

fn product_id(id: i64, field: &str) -> Result<ProductId, AppError> {
    ProductId::new(id).ok_or_else(|| AppError::field(field, "api.error.validation"))
}

fn placed_of(placed: Placed, now: i64) -> pb::Placed {
    pb::Placed {
        order: Some(order(placed.order, now)),
        link_token: placed.link_token,
        payment_session_id: placed.payment_session_id.map(|id| id.into_string()).unwrap_or_default(),
    }
}

fn keys_of(order_no: String, keys: OrderKeys) -> Result<pb::OrderKeys, AppError> {
    let revealed = keys
        .revealed
        .keys
        .iter()
        .map(|key| {
            // Every key was allocated to a line of its order.
            let line = keys.lines.iter().find(|line| line.line_no == key.line_no).ok_or_else(|| {
                AppError::internal(format!("order {order_no}: a key of line {} it does not have", key.line_no))
            })?;
            Ok(pb::RevealedKey {
                line_no: key.line_no,
                title: line.title.clone(),
                platform: line.platform.to_proto(),
                key: key.key.clone(),
                note: key.note.clone(),
            })
        })
        .collect::<Result<_, AppError>>()?;
    Ok(pb::OrderKeys {
        keys: revealed,
        reveals: keys
            .revealed
            .reveals
            .into_iter()
            .map(|reveal| pb::KeyReveal {
                at_ms: reveal.at_ms,
                ip: reveal.ip,
                browser: reveal.browser,
                os: reveal.os,
                actor: reveal.actor,
            })
            .collect(),
        order_no,
    })
}

fn cart_of(view: CartView) -> pb::Cart {
    pb::Cart {
        lines: view
            .lines
            .into_iter()
            .map(|line| pb::CartLine {
                card: Some(line.card),
                quantity: line.quantity,
                most: line.most,
                unit_price: line.unit_price,
                line_total: line.line_total,
                available: line.available,
            })
            .collect(),
        currency: view.currency.to_string(),
        goods: view.goods,
        count: view.count,
        cart_token: view.cart_token.unwrap_or_default(),
    }
}

fn cart_asker<T>(request: &Request<T>, cart_token: String) -> CartAsker {
    CartAsker { bearer: bearer(request), cart_token }
}

fn asker<T>(request: &Request<T>, link_token: String) -> Asker {
    Asker { bearer: bearer(request), link_token }
}

impl OrderGrpc {
    fn now(&self) -> i64 {
        self.service.clock().now_ms()
    }
}

#[tonic::async_trait]
impl OrderApi for OrderGrpc {
    async fn checkout(&self, request: Request<pb::CheckoutRequest>) -> Answer<pb::Placed> {
        let bearer = bearer(&request);
        let request = request.into_inner();
        let lines = request
            .lines
            .iter()
            .map(|line| Ok(CartLine { product_id: product_id(line.product_id, "lines")?, quantity: line.quantity }))
            .collect::<Result<Vec<_>, AppError>>()?;
        let placed = self
            .service
            .checkout(CheckoutRequest {
                lines,
                form: CheckoutForm {
                    email: request.email,
                    contact: request.contact,
                    note: request.note,
                    coupon: request.coupon,
                    payment_method: request.payment_method,
                    currency: request.currency,
                    billing_address: request.billing_address.map(Into::into).unwrap_or_default(),
                    points: request.points,
                },
                language: request.language,
                idempotency_key: Some(request.idempotency_key).filter(|key| !key.is_empty()),
                bearer,
                cart_token: request.cart_token,
                client_ip: request.client_ip,
            })
            .await?;
        Ok(Response::new(placed_of(placed, self.now())))
    }

    async fn get_order(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.order_for(&query.order_no, &asker).await?, self.now())))
    }

    async fn cancel_order(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.cancel(&query.order_no, &asker).await?, self.now())))
    }

    async fn list_orders(&self, request: Request<pb::ListOrdersRequest>) -> Answer<pb::OrderPage> {
        let bearer = bearer(&request);
        let query = request.into_inner();
        let page = self.service.list_orders(bearer.as_deref(), query.page, query.limit).await?;
        Ok(Response::new(pb::OrderPage {
            rows: page.rows.into_iter().map(|view| order(view, self.now())).collect(),
            total: page.total,
            page: page.page,
            limit: page.limit,
        }))
    }

    async fn confirm_receipt(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.confirm_receipt(&query.order_no, &asker).await?, self.now())))
    }

    async fn delete_order(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.delete_order(&query.order_no, &asker).await?, self.now())))
    }

    async fn pay_again(&self, request: Request<pb::PayAgainRequest>) -> Answer<pb::Placed> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(placed_of(
            self.service.pay_again(&query.order_no, &asker, &query.payment_method).await?,
            self.now(),
        )))
    }

    async fn reveal_keys(&self, request: Request<pb::RevealRequest>) -> Answer<pb::OrderKeys> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        let keys = self.service.reveal_keys(&query.order_no, &asker, query.ip, query.user_agent).await?;
        Ok(Response::new(keys_of(query.order_no, keys)?))
    }

    async fn resend_email(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.resend_email(&query.order_no, &asker).await?, self.now())))
    }

    async fn get_cart(&self, request: Request<pb::CartQuery>) -> Answer<pb::Cart> {
        let query = request.get_ref().clone();
        let asker = cart_asker(&request, query.cart_token);
        Ok(Response::new(cart_of(self.service.cart(&asker, currency(&query.currency)?).await?)))
    }

    async fn set_cart_line(&self, request: Request<pb::SetCartLineRequest>) -> Answer<pb::Cart> {
        let query = request.get_ref().clone();
        let asker = cart_asker(&request, query.cart_token);
        let view = self
            .service
            .set_cart_line(
                &asker,
                currency(&query.currency)?,
                product_id(query.product_id, "productId")?,
                query.quantity,
            )
            .await?;
        Ok(Response::new(cart_of(view)))
    }

    async fn merge_cart(&self, request: Request<pb::CartQuery>) -> Answer<pb::Cart> {
        let query = request.get_ref().clone();
        let asker = cart_asker(&request, query.cart_token);
        Ok(Response::new(cart_of(self.service.merge_cart(&asker, currency(&query.currency)?).await?)))
    }

    async fn request_refund(&self, request: Request<pb::RefundRequest>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.request_refund(&query.order_no, &asker, &query.reason).await?, self.now())))
    }

    async fn decide_refund(&self, request: Request<pb::RefundDecision>) -> Answer<pb::Order> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let decision = request.into_inner();
        let actor = keyshop_core::audit::Actor::Staff(staff);
        let decided = self.service.decide_refund(&decision.order_no, decision.approve, &decision.note, &actor).await?;
        Ok(Response::new(order(decided, self.now())))
    }

    async fn staff_search_orders(&self, request: Request<pb::StaffOrderQuery>) -> Answer<pb::OrderPage> {
        let query = request.into_inner();
        let state = match query.state {
            0 => None,
            state => Some(OrderState::from_proto(state).map_err(|_| AppError::field("state", "api.field.invalid"))?),
        };
        let filter = OrderFilter {
            order_no: query.order_no.trim().to_owned(),
            email: query.email.trim().to_lowercase(),
            state,
            sku: query.sku.trim().to_owned(),
            from_ms: query.from_ms,
            to_ms: query.to_ms,
            member_id: query.member_id.max(0),
        };
        let page = self.service.staff_search(filter, query.page, query.limit).await?;
        Ok(Response::new(pb::OrderPage {
            rows: page.rows.into_iter().map(|view| order(view, self.now())).collect(),
            total: page.total,
            page: page.page,
            limit: page.limit,
        }))
    }

    async fn staff_get_order(&self, request: Request<pb::StaffOrderRef>) -> Answer<pb::StaffOrder> {
        let view = self.service.staff_order(&request.into_inner().order_no).await?;
        Ok(Response::new(pb::StaffOrder {
            order: Some(order(view.order, self.now())),
            reveals: view
                .reveals
                .into_iter()
                .map(|reveal| pb::KeyReveal {
                    at_ms: reveal.at_ms,
                    ip: reveal.ip,
                    browser: reveal.browser,
                    os: reveal.os,
                    actor: reveal.actor,
                })
                .collect(),
            notes: view.notes.into_iter().map(staff_note).collect(),
            delivery: Some(view.delivery),
            payments: view.payments,
        }))
    }

    async fn staff_cancel_order(&self, request: Request<pb::StaffOrderRef>) -> Answer<pb::Order> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let cancelled = self.service.staff_cancel(&request.into_inner().order_no, &staff).await?;
        Ok(Response::new(order(cancelled, self.now())))
    }

    async fn staff_resend_email(&self, request: Request<pb::StaffOrderRef>) -> Answer<pb::Order> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let resent = self.service.staff_resend(&request.into_inner().order_no, &staff).await?;
        Ok(Response::new(order(resent, self.now())))
    }

    async fn staff_add_note(&self, request: Request<pb::StaffNoteRequest>) -> Answer<pb::StaffNotes> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let request = request.into_inner();
        let notes = self.service.staff_note(&request.order_no, &request.note, &staff).await?;
        Ok(Response::new(pb::StaffNotes { notes: notes.into_iter().map(staff_note).collect() }))
    }

    async fn staff_list_coupons(&self, request: Request<pb::StaffCouponQuery>) -> Answer<pb::CouponPage> {
        let query = request.into_inner();
        let page = self.service.staff_coupons(&query.text, query.page, query.limit).await?;
        Ok(Response::new(pb::CouponPage {
            rows: page.rows.into_iter().map(coupon_def).collect(),
            total: page.total,
            page: page.page,
            limit: page.limit,
        }))
    }

    async fn staff_save_coupon(&self, request: Request<pb::CouponDef>) -> Answer<pb::CouponDef> {
        let staff = keyshop_core::identity::staff(&request)?.clone();
        let def = request.into_inner();
        let percent = match def.kind.as_str() {
            "percent" => true,
            "fixed" => false,
            _ => return Err(AppError::field("kind", "api.field.invalid").into()),
        };
        let product_types = def
            .product_types
            .iter()
            .map(|code| {
                ProductType::from_proto(*code).map_err(|_| AppError::field("productTypes", "api.field.invalid"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let draft = CouponDraft {
            code: def.code,
            percent,
            amount: def.amount,
            min_goods_usd: def.min_goods_usd,
            starts_at_ms: def.starts_at_ms,
            ends_at_ms: def.ends_at_ms,
            usage_limit: def.usage_limit,
            per_buyer_limit: def.per_buyer_limit,
            rules: CouponRules {
                disabled: def.disabled,
                product_ids: def.product_ids,
                product_types,
                fixed_amounts: def.fixed_amounts.into_iter().collect(),
            },
        };
        let version = (!def.create).then_some(def.version);
        Ok(Response::new(coupon_def(self.service.staff_save_coupon(draft, version, &staff).await?)))
    }

    async fn staff_dashboard(&self, request: Request<pb::StaffDashboardRequest>) -> Answer<pb::OrderFigures> {
        let found = self.service.dashboard(request.into_inner().utc_offset_minutes).await?;
        Ok(Response::new(pb::OrderFigures {
            days: found
                .figures
                .days
                .into_iter()
                .map(|day| pb::DayFigures {
                    day_start_ms: day.start_ms,
                    sales_usd: day.sales_usd,
                    paid: day.paid,
                    delivered: day.delivered,
                })
                .collect(),
            hours: found
                .figures
                .hours
                .into_iter()
                .map(|hour| pb::HourFigures { hour_start_ms: hour.start_ms, placed: hour.placed, paid: hour.paid })
                .collect(),
            waiting_for_keys: found.waiting_for_keys,
            oldest_waiting_paid_ms: found.oldest_waiting_paid_ms.unwrap_or(0),
            refunds_waiting: found.refunds_waiting,
            refunds_overdue: found.refunds_overdue,
            refunds: found.refunds.into_iter().map(refund_item).collect(),
        }))
    }

    async fn staff_list_refunds(&self, request: Request<pb::StaffListRefundsRequest>) -> Answer<pb::RefundQueue> {
        let request = request.into_inner();
        let queue = self.service.refund_queue(request.page, request.limit).await?;
        Ok(Response::new(pb::RefundQueue {
            rows: queue.rows.into_iter().map(refund_item).collect(),
            total: queue.total,
            page: i32::try_from(queue.page).unwrap_or(1),
            limit: i32::try_from(queue.limit).unwrap_or(20),
        }))
    }

    async fn issue_mail_link(&self, request: Request<pb::MailLinkRequest>) -> Answer<pb::MailLink> {
        let url = self.service.issue_mail_link(&request.into_inner().order_no).await?;
        Ok(Response::new(pb::MailLink { url }))
    }
}

/// A refund request waiting for staff, as the console shows it.
fn refund_item(row: crate::service::RefundWaiting) -> pb::RefundQueueItem {
    pb::RefundQueueItem {
        order_no: row.order_no,
        email: row.email,
        amount: row.amount,
        currency: row.currency,
        requested_at_ms: row.requested_at_ms,
        reason: row.reason,
        deadline_ms: row.deadline_ms,
        overdue: row.overdue,
    }
}

fn staff_note(note: crate::store::staff_notes::StaffNote) -> pb::StaffNote {
    pb::StaffNote { staff_email: note.staff_email, note: note.note, at_ms: note.at }
}

/// A coupon as staff read it, with its figures.
fn coupon_def(figures: crate::service::CouponFigures) -> pb::CouponDef {
    let coupon = figures.coupon.coupon;
    let (kind, amount) = match coupon.value {
        CouponValue::Percent(percent) => ("percent", percent),
        CouponValue::FixedUsd(cents) | CouponValue::FixedLocal(cents) => ("fixed", cents),
    };
    pb::CouponDef {
        code: coupon.code,
        kind: kind.to_owned(),
        amount,
        fixed_amounts: coupon.rules.fixed_amounts.into_iter().collect(),
        min_goods_usd: coupon.min_goods_usd,
        starts_at_ms: coupon.starts_at_ms,
        ends_at_ms: coupon.ends_at_ms.unwrap_or(0),
        usage_limit: coupon.usage_limit.unwrap_or(0),
        per_buyer_limit: coupon.per_buyer_limit.unwrap_or(0),
        product_ids: coupon.rules.product_ids,
        product_types: coupon.rules.product_types.into_iter().map(ProductType::to_proto).collect(),
        disabled: coupon.rules.disabled,
        version: figures.coupon.version,
        create: false,
        used: coupon.used,
        paid_orders: figures.paid_orders,
        revenue_usd: figures.revenue_usd,
        created_at_ms: figures.coupon.created_at,
    }
}
