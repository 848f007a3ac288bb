//! The tonic adapter: proto in, use case, proto out. A member's session
//! token comes from the `authorization` metadata, never from a message.

use std::sync::Arc;

use keyshop_core::error::AppError;
use keyshop_core::grpc::bearer;
use keyshop_core::ids::ProductId;
use keyshop_core::money::CurrencyCode;
use keyshop_proto::order::v1 as pb;
use keyshop_proto::order::v1::order_service_server::OrderService as OrderApi;
use tonic::{Request, Response, Status};

use crate::domain::cart::CartLine;
use crate::domain::checkout::CheckoutForm;
use crate::domain::order::Order;
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
        let (found, reveals) = self.service.staff_order(&request.into_inner().order_no).await?;
        Ok(Response::new(pb::StaffOrder {
            order: Some(order(found, self.now())),
            reveals: reveals
                .into_iter()
                .map(|reveal| pb::KeyReveal {
                    at_ms: reveal.at_ms,
                    ip: reveal.ip,
                    browser: reveal.browser,
                    os: reveal.os,
                    actor: reveal.actor,
                })
                .collect(),
        }))
    }

    async fn staff_list_refunds(&self, request: Request<pb::StaffListRefundsRequest>) -> Answer<pb::RefundQueue> {
        let request = request.into_inner();
        let queue = self.service.refund_queue(request.page, request.limit).await?;
        Ok(Response::new(pb::RefundQueue {
            rows: queue
                .rows
                .into_iter()
                .map(|row| pb::RefundQueueItem {
                    order_no: row.order_no,
                    email: row.email,
                    amount: row.amount,
                    currency: row.currency,
                    requested_at_ms: row.requested_at_ms,
                    reason: row.reason,
                    deadline_ms: row.deadline_ms,
                    overdue: row.overdue,
                })
                .collect(),
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
