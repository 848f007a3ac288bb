//! Checkout: the form checked, the products priced at the rate locked now,
//! the member's discount and the coupon applied, the keys held, the order
//! written, a payment session opened. Nothing is written when any step
//! refuses; the keys go back if the order cannot be written.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::secret;
use keyshop_proto::catalog::v1 as catalog;
use keyshop_proto::delivery::v1 as delivery;
use keyshop_proto::payment::v1 as payment;

use super::{CartOwner, OrderService, OrderView};
use crate::domain::cart::{self, Allowance, CartLine};
use crate::domain::checkout::{self, CheckoutForm};
use crate::domain::coupon::CouponRefusal;
use crate::domain::pricing::{self, FeeRule, PriceInput, PricedLine};
use crate::domain::state::OrderState;
use crate::store;
use crate::store::orders::{NewOrder, OrderLine};

#[derive(Debug, Clone, Default)]
pub struct CheckoutRequest {
    pub lines: Vec<CartLine>,
    pub form: CheckoutForm,
    pub language: String,
    pub idempotency_key: Option<String>,
    /// The member's session token; `None` for a guest.
    pub bearer: Option<String>,
    /// A visitor's cart token: what is bought leaves that cart.
    pub cart_token: String,
}

#[derive(Debug, Clone)]
pub struct Placed {
    pub view: OrderView,
    pub link_token: String,
    pub payment_session_id: String,
}

fn money_error(error: keyshop_core::money::MoneyError) -> AppError {
    AppError::field("lines", "api.error.validation").with_detail(error.to_string())
}

fn coupon_refused(refusal: CouponRefusal) -> AppError {
    let code = if refusal == CouponRefusal::NotFound { ErrorCode::Validation } else { ErrorCode::BusinessRule };
    let mut error = AppError::new(code, refusal.msg_key());
    if code == ErrorCode::Validation {
        error.fields.insert("coupon".to_owned(), refusal.msg_key());
    }
    error
}

impl OrderService {
    pub async fn checkout(&self, request: CheckoutRequest) -> Result<Placed, AppError> {
        let form = checkout::check(&request.form, !request.lines.is_empty())?;
        if request.lines.len() > cart::MAX_LINES {
            return Err(AppError::field("lines", "api.error.validation"));
        }
        let member = self.member(request.bearer.as_deref()).await?;
        let (member_id, discount) = member.as_ref().map_or((0, 0), |(id, _, discount)| (*id, *discount));
        let email = form.email.as_str().to_owned();

        // A retry with the same key answers the same order.
        if let Some(key) = request.idempotency_key.clone().filter(|key| !key.is_empty()) {
            let (email, key) = (email.clone(), key.chars().take(100).collect::<String>());
            let existing = self
                .db
                .run(move |conn| Ok::<_, AppError>(store::orders::find_by_idempotency(conn, &email, member_id, &key)?))
                .await?;
            if let Some(order_no) = existing {
                return self.replay(order_no).await;
            }
        }

        // The products, as the catalog sells them now.
        let mut quantities: BTreeMap<i64, i64> = BTreeMap::new();
        for line in &request.lines {
            *quantities.entry(line.product_id).or_insert(0) += line.quantity;
        }
        let cards = self
            .peers
            .catalog
            .clone()
            .list_product_cards(catalog::ListProductCardsRequest { ids: quantities.keys().copied().collect() })
            .await?
            .into_inner()
            .products;
        let mut lines = Vec::new();
        for (index, (product_id, quantity)) in quantities.iter().enumerate() {
            let card = cards.iter().find(|card| card.id == *product_id).ok_or_else(|| {
                AppError::field("lines", "api.order.noProducts").with_detail(format!("product {product_id} is gone"))
            })?;
            if card.stock == "out_of_stock" {
                return Err(AppError::new(ErrorCode::Conflict, "api.delivery.outOfStock"));
            }
            cart::check_quantity(*quantity, Allowance { per_order_limit: 0, available: i64::MAX })?;
            lines.push((i64::try_from(index).unwrap_or(0) + 1, card.clone(), *quantity));
        }

        // The rate, the method and its fee, in the order's currency.
        let rate = self.rate_of(&form.currency).await?;
        let methods = self
            .peers
            .payment
            .clone()
            .list_methods(payment::ListMethodsRequest { currency: form.currency.clone() })
            .await?
            .into_inner()
            .methods;
        let method = methods
            .into_iter()
            .find(|method| method.code == form.payment_method)
            .ok_or_else(|| AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"))?;

        let priced: Vec<PricedLine> = lines
            .iter()
            .map(|(_, card, quantity)| PricedLine { unit_price_usd: card.price_usd, quantity: *quantity })
            .collect();
        let goods_usd = pricing::goods_usd(&priced).map_err(money_error)?;
        let buyer = if member_id > 0 { format!("member:{member_id}") } else { email.clone() };
        let now = self.clock.now_ms();
        let coupon = match &form.coupon {
            None => None,
            Some(code) => {
                let (code, buyer) = (code.clone(), buyer.clone());
                let (found, uses) = self
                    .db
                    .run(move |conn| -> Result<_, AppError> {
                        let found = store::coupons::find(conn, &code)?;
                        let uses = store::coupons::uses_by(conn, &code, &buyer)?;
                        Ok((found, uses))
                    })
                    .await?;
                let found = found.ok_or_else(|| coupon_refused(CouponRefusal::NotFound))?;
                Some((found.code.clone(), found.check(now, goods_usd, uses).map_err(coupon_refused)?))
            }
        };
        let input = PriceInput {
            member_discount_percent: discount,
            coupon: coupon.as_ref().map(|(_, value)| *value),
            fee: FeeRule { basis_points: method.fee_basis_points, fixed_usd: method.fee_fixed_usd },
            adjustment: 0,
            service_charge: 0,
        };
        let bill = pricing::price(&priced, rate, &input).map_err(money_error)?;
        if bill.real_amount <= 0 {
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.noProducts"));
        }

        // Hold the keys, then write the order (giving the keys back if that fails).
        // A number no order has: the delivery service knows a reservation by it.
        let order_no = self.fresh_order_no(now).await?;
        self.peers
            .delivery
            .clone()
            .reserve(delivery::ReserveRequest {
                order_no: order_no.clone(),
                lines: lines
                    .iter()
                    .map(|(line_no, card, quantity)| delivery::ReserveLine {
                        line_no: *line_no,
                        sku: card.sku.clone(),
                        quantity: *quantity,
                    })
                    .collect(),
                hold_seconds: 0,
            })
            .await?;
        let link_token = secret::new_token().map_err(AppError::internal)?;
        let window_ms = i64::try_from(self.settings.window.as_millis()).unwrap_or(i64::MAX);
        let order = NewOrder {
            order_no: order_no.clone(),
            member_id,
            email: email.clone(),
            contact: form.contact.clone(),
            note: form.note.clone(),
            language: keyshop_core::mail::language(&request.language).to_owned(),
            currency: form.currency.clone(),
            rate_micros: rate.micros(),
            goods: bill.goods,
            member_discount: bill.member_discount,
            coupon_code: coupon.as_ref().map(|(code, _)| code.clone()),
            coupon_discount: bill.coupon_discount,
            payment_method: method.code.clone(),
            payment_fee: bill.payment_fee,
            adjustment: bill.adjustment,
            service_charge: bill.service_charge,
            freight: bill.freight,
            real_amount: bill.real_amount,
            real_amount_usd: pricing::to_usd(bill.real_amount, rate).map_err(money_error)?,
            state: OrderState::PendingPayment.as_str().to_owned(),
            link_token_hash: secret::digest(&link_token),
            idempotency_key: request
                .idempotency_key
                .clone()
                .filter(|key| !key.is_empty())
                .map(|key| key.chars().take(100).collect()),
            expires_at: now.saturating_add(window_ms),
            created_at: now,
            updated_at: now,
        };
        let order_lines: Vec<OrderLine> = lines
            .iter()
            .map(|(line_no, card, quantity)| OrderLine {
                order_no: order_no.clone(),
                line_no: *line_no,
                product_id: card.id,
                sku: card.sku.clone(),
                title: card.title.clone(),
                platform: card.platform.clone(),
                image: String::new(),
                game_name: card.game_name.clone(),
                game_ext_name: card.game_ext_name.clone(),
                unit_price_usd: card.price_usd,
                unit_price: rate.convert(card.price_usd).unwrap_or_default(),
                quantity: *quantity,
            })
            .collect();
        let written = self
            .db
            .write(move |conn| -> Result<(), AppError> {
                store::orders::insert(conn, &order, &order_lines)?;
                if let Some(code) = &order.coupon_code
                    && !store::coupons::claim(conn, code, &buyer, &order.order_no)?
                {
                    return Err(coupon_refused(CouponRefusal::UsedUp));
                }
                Ok(())
            })
            .await;
        if let Err(error) = written {
            let _ = self.peers.delivery.clone().release(delivery::OrderRef { order_no: order_no.clone() }).await;
            return Err(error);
        }

        let payment_session_id = self.open_payment(&order_no, method.code, bill.real_amount, form.currency).await?;
        let owner = if member_id > 0 {
            Some(CartOwner::Member(member_id))
        } else {
            Some(request.cart_token.trim())
                .filter(|token| !token.is_empty())
                .map(|token| CartOwner::Visitor(secret::digest(token)))
        };
        if let Err(error) = self.remove_bought(owner, quantities.keys().copied().collect()).await {
            tracing::warn!(error = %error.detail, "the bought products stay in the cart");
        }
        let view = self.load(order_no).await?.ok_or_else(|| AppError::internal("the order just written is gone"))?;
        Ok(Placed { view, link_token, payment_session_id })
    }

    async fn fresh_order_no(&self, now: i64) -> Result<String, AppError> {
        for _ in 0..5 {
            let candidate = checkout::order_no(
                keyshop_core::clock::yyyymmdd(now),
                secret::random_u64().map_err(AppError::internal)?,
            );
            let number = candidate.clone();
            let taken =
                self.db.run(move |conn| Ok::<_, AppError>(store::orders::find(conn, &number)?.is_some())).await?;
            if !taken {
                return Ok(candidate);
            }
        }
        Err(AppError::internal("no free order number in five draws"))
    }

    /// The answer to a retried checkout: the same order, a fresh link token
    /// (the first answer never arrived), its open payment session.
    async fn replay(&self, order_no: String) -> Result<Placed, AppError> {
        let link_token = secret::new_token().map_err(AppError::internal)?;
        let hash = secret::digest(&link_token);
        let number = order_no.clone();
        self.db.write(move |conn| Ok::<_, AppError>(store::orders::set_link_token_hash(conn, &number, &hash)?)).await?;
        let view = self.load(order_no.clone()).await?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        let (method, amount, currency) =
            (view.order.payment_method.clone(), view.order.real_amount, view.order.currency.clone());
        let payment_session_id = if OrderState::parse(&view.order.state).is_some_and(OrderState::payable) {
            self.open_payment(&order_no, method, amount, currency).await?
        } else {
            view.order.payment_session_id.clone()
        };
        let view = self.load(order_no).await?.ok_or_else(|| AppError::not_found("api.error.notFound"))?;
        Ok(Placed { view, link_token, payment_session_id })
    }

    /// A payment session for the order (the open one when it is still
    /// good), remembered as the order's latest.
    pub(super) async fn open_payment(
        &self,
        order_no: &str,
        method: String,
        amount: i64,
        currency: String,
    ) -> Result<String, AppError> {
        let session = self
            .peers
            .payment
            .clone()
            .open_session(payment::OpenSessionRequest { order_no: order_no.to_owned(), method, amount, currency })
            .await?
            .into_inner();
        let (number, id) = (order_no.to_owned(), session.id.clone());
        self.db.write(move |conn| Ok::<_, AppError>(store::orders::set_payment_session(conn, &number, &id)?)).await?;
        Ok(session.id)
    }
}
