//! The tonic adapter: proto in, use case, proto out. A member's session
//! token comes from the `authorization` metadata, never from a message.

use std::sync::Arc;

use keyshop_core::grpc::bearer;
use keyshop_proto::order::v1 as pb;
use keyshop_proto::order::v1::order_service_server::OrderService as OrderApi;
use tonic::{Request, Response, Status};

use crate::domain::cart::CartLine;
use crate::domain::checkout::CheckoutForm;
use crate::service::{Asker, CheckoutRequest, OrderService, OrderView};

pub struct OrderGrpc {
    pub service: Arc<OrderService>,
}

type Answer<T> = Result<Response<T>, Status>;

fn order(view: OrderView) -> pb::Order {
    let order = view.order;
    pb::Order {
        order_no: order.order_no,
        state: order.state,
        email: order.email,
        currency: order.currency,
        rate_micros: order.rate_micros,
        goods: order.goods,
        member_discount: order.member_discount,
        coupon_code: order.coupon_code.unwrap_or_default(),
        coupon_discount: order.coupon_discount,
        payment_method: order.payment_method,
        payment_fee: order.payment_fee,
        adjustment: order.adjustment,
        service_charge: order.service_charge,
        freight: order.freight,
        real_amount: order.real_amount,
        expires_at_ms: order.expires_at,
        created_at_ms: order.created_at,
        lines: view
            .lines
            .into_iter()
            .map(|line| pb::OrderLine {
                line_no: line.line_no,
                product_id: line.product_id,
                sku: line.sku,
                title: line.title,
                platform: line.platform,
                unit_price: line.unit_price,
                quantity: line.quantity,
            })
            .collect(),
        history: view
            .history
            .into_iter()
            .map(|step| pb::StateStep { state: step.state, at_ms: step.at, note: step.note })
            .collect(),
    }
}

fn asker<T>(request: &Request<T>, link_token: String) -> Asker {
    Asker { bearer: bearer(request), link_token }
}

#[tonic::async_trait]
impl OrderApi for OrderGrpc {
    async fn checkout(&self, request: Request<pb::CheckoutRequest>) -> Answer<pb::Placed> {
        let bearer = bearer(&request);
        let request = request.into_inner();
        let placed = self
            .service
            .checkout(CheckoutRequest {
                lines: request
                    .lines
                    .iter()
                    .map(|line| CartLine { product_id: line.product_id, quantity: line.quantity })
                    .collect(),
                form: CheckoutForm {
                    email: request.email,
                    contact: request.contact,
                    note: request.note,
                    coupon: request.coupon,
                    payment_method: request.payment_method,
                    currency: request.currency,
                },
                language: request.language,
                idempotency_key: Some(request.idempotency_key).filter(|key| !key.is_empty()),
                bearer,
            })
            .await?;
        Ok(Response::new(pb::Placed {
            order: Some(order(placed.view)),
            link_token: placed.link_token,
            payment_session_id: placed.payment_session_id,
        }))
    }

    async fn get_order(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.order_for(query.order_no, &asker).await?)))
    }

    async fn cancel_order(&self, request: Request<pb::OrderQuery>) -> Answer<pb::Order> {
        let query = request.get_ref().clone();
        let asker = asker(&request, query.link_token);
        Ok(Response::new(order(self.service.cancel(query.order_no, &asker).await?)))
    }
}
