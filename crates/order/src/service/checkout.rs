//! Checkout, step by step: the form checked; a quote (the products as the
//! catalog sells them now, within their per-order limits, priced at the rate
//! locked now with the member's discount, the coupon, the member's points and
//! the method's fee); the keys held; the points taken; a payment session
//! opened; the order written with it. Nothing is written when a step
//! refuses, and the keys and points go back if the session cannot be opened
//! or the order cannot be written.

use std::collections::BTreeMap;

use keyshop_core::error::{AppError, ErrorCode};
use keyshop_core::ids::{OrderNo, ProductId, SessionId};
use keyshop_core::money::{ExchangeRate, Money};
use keyshop_core::secret;
use keyshop_core::vocab::StockStatus;

use super::{CartOwner, OrderService, not_found};
use crate::domain::cart::{self, Allowance, CartLine};
use crate::domain::checkout::{self, CheckedForm, CheckoutForm};
use crate::domain::coupon::CouponRefusal;
use crate::domain::guest::GuestCounts;
use crate::domain::order::{Order, OrderLine};
use crate::domain::pricing::{self, Breakdown, PointsOffer, PriceInput, PricedLine};
use crate::domain::state::Lifecycle;
use crate::ports::{HoldLine, MethodOffer, ProductOffer, Shopper};
use crate::store;
use crate::store::orders::OrderDraft;

/// The longest `Idempotency-Key` kept.
const MAX_IDEMPOTENCY_KEY: usize = 100;

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
    /// The caller's address (guests' limits are per address).
    pub client_ip: String,
}

#[derive(Debug, Clone)]
pub struct Placed {
    pub order: Order,
    /// The guest's key to the order (empty when none was issued).
    pub link_token: String,
    pub payment_session_id: Option<SessionId>,
}

/// What the buyer would pay, before anything is held or written.
struct Quote {
    /// (line number, product, quantity), one per product.
    lines: Vec<(i64, ProductOffer, i64)>,
    rate: ExchangeRate,
    method: MethodOffer,
    coupon_code: Option<String>,
    bill: Breakdown,
    /// Who used the coupon (`member:<id>` or the e-mail).
    buyer: String,
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

/// The quantity of each product, lines of the same product added up.
fn quantities(lines: &[CartLine]) -> Result<BTreeMap<ProductId, i64>, AppError> {
    let mut quantities: BTreeMap<ProductId, i64> = BTreeMap::new();
    for line in lines {
        if line.quantity < 1 {
            return Err(AppError::field("quantity", "api.cart.quantityInvalid"));
        }
        let total = quantities.entry(line.product_id).or_insert(0);
        *total = total.checked_add(line.quantity).ok_or_else(|| AppError::field("quantity", "api.cart.overLimit"))?;
    }
    Ok(quantities)
}

impl OrderService {
    pub async fn checkout(&self, request: CheckoutRequest) -> Result<Placed, AppError> {
        let form = checkout::check(&request.form, !request.lines.is_empty())?;
        if request.lines.len() > cart::MAX_LINES {
            return Err(AppError::field("lines", "api.error.validation"));
        }
        let shopper = self.shopper(request.bearer.as_deref()).await?;
        let idempotency_key = request
            .idempotency_key
            .as_deref()
            .map(str::trim)
            .filter(|key| !key.is_empty())
            .map(|key| key.chars().take(MAX_IDEMPOTENCY_KEY).collect::<String>());

        // A retry with the same key answers the same order.
        if let Some(key) = idempotency_key.clone() {
            let (email, member) = (form.email.as_str().to_owned(), shopper.as_ref().map(|shopper| shopper.member_id));
            let existing = self
                .db
                .run(move |conn| Ok::<_, AppError>(store::orders::find_by_idempotency(conn, &email, member, &key)?));
            let existing = existing.await?;
            if let Some(order_no) = existing {
                return self.replay(&order_no).await;
            }
        }

        let quote = self.quote(&request.lines, &form, shopper.as_ref()).await?;
        if shopper.is_none() {
            self.guest_allowance(&request.client_ip, form.email.as_str(), &quote).await?;
        }
        let order_no = self.hold(&quote, form.email.as_str()).await?;
        let link_token = secret::new_token().map_err(AppError::internal)?;
        let placed = match self.draft(&order_no, &form, &quote, &request, shopper.as_ref(), &link_token) {
            Ok(draft) => self.place(draft, &quote, request.bearer.as_deref()).await,
            Err(error) => Err(error),
        };
        let (payment_session_id, order) = match placed {
            Ok(placed) => placed,
            Err(error) => {
                self.undo_checkout(&order_no, &quote).await;
                return Err(error);
            }
        };
        let owner = match &shopper {
            Some(shopper) => Some(CartOwner::Member(shopper.member_id)),
            None => Some(request.cart_token.trim())
                .filter(|token| !token.is_empty())
                .map(|token| CartOwner::Visitor(secret::digest(token))),
        };
        let bought = quote.lines.iter().map(|(_, offer, _)| offer.id).collect();
        if let Err(error) = self.remove_bought(owner, bought).await {
            tracing::warn!(error = %error.detail, "the bought products stay in the cart");
        }
        Ok(Placed { order, link_token, payment_session_id: Some(payment_session_id) })
    }

    /// Spends the points, opens the payment session and writes the order
    /// with it in one transaction. The session is opened first so that the
    /// order is written once, with it; its id reaches the buyer only with the
    /// written order, so a session whose order could not be written is never
    /// paid, and expires.
    async fn place(
        &self,
        mut draft: OrderDraft,
        quote: &Quote,
        bearer: Option<&str>,
    ) -> Result<(SessionId, Order), AppError> {
        self.spend_points(&draft.order_no, quote, bearer).await?;
        let amount = Money::new(quote.bill.real_amount, draft.currency);
        let session = self.ports.payments.open_session(&draft.order_no, &quote.method.code, amount).await?;
        draft.payment_session_id = Some(session.clone());
        Ok((session, self.persist(draft, quote).await?))
    }

    /// Takes the points the quote pays with from the member (nothing when
    /// it pays with none).
    async fn spend_points(&self, order_no: &OrderNo, quote: &Quote, bearer: Option<&str>) -> Result<(), AppError> {
        if quote.bill.points_used == 0 {
            return Ok(());
        }
        let bearer = bearer.ok_or_else(|| AppError::of(ErrorCode::Unauthenticated))?;
        self.ports.members.spend_points(bearer, order_no, quote.bill.points_used).await
    }

    /// A checkout that stopped after its keys were held: they go back, and
    /// the points it paid with (if they were taken: the order number is new,
    /// so nothing else can have taken points under it).
    async fn undo_checkout(&self, order_no: &OrderNo, quote: &Quote) {
        if quote.bill.points_used > 0
            && let Err(error) = self.ports.members.return_points(order_no).await
        {
            tracing::error!(%order_no, error = %error.detail, "points of an order never written not given back");
        }
        if let Err(release) = self.ports.inventory.release(order_no).await {
            tracing::warn!(%order_no, error = %release.detail, "held keys not released; they expire");
        }
    }

    /// Counts a guest's checkout against the limits of `domain::guest`, per
    /// address and per e-mail, over the payment window; 429 beyond them.
    async fn guest_allowance(&self, client_ip: &str, email: &str, quote: &Quote) -> Result<(), AppError> {
        let window = self.settings.window;
        let address = keyshop_core::throttle::address_bucket(client_ip);
        let keys = quote.lines.iter().map(|(_, _, quantity)| u64::try_from(*quantity).unwrap_or(u64::MAX)).sum();
        let throttle = &self.throttle;
        let (orders_from_address, left) = throttle.hit(&format!("order:guest:orders:ip:{address}"), window).await;
        let (orders_for_email, _) =
            throttle.hit(&format!("order:guest:orders:email:{}", secret::digest(email)), window).await;
        let (keys_from_address, _) = throttle.add(&format!("order:guest:keys:ip:{address}"), keys, window).await;
        let counts = GuestCounts { orders_from_address, orders_for_email, keys_from_address };
        if counts.allowed(self.settings.guest_limits) {
            Ok(())
        } else {
            Err(AppError::rate_limited("api.order.guestLimit", left))
        }
    }

    /// The products as the catalog sells them now, priced.
    async fn quote(
        &self,
        lines: &[CartLine],
        form: &CheckedForm,
        shopper: Option<&Shopper>,
    ) -> Result<Quote, AppError> {
        let quantities = quantities(lines)?;
        let offers = self.ports.catalog.offers(quantities.keys().copied().collect()).await?;
        let mut quoted = Vec::with_capacity(quantities.len());
        for (line_no, (product_id, quantity)) in (1..).zip(&quantities) {
            let offer = offers.iter().find(|offer| offer.id == *product_id).ok_or_else(|| {
                AppError::field("lines", "api.order.noProducts").with_detail(format!("product {product_id} is gone"))
            })?;
            if offer.stock == StockStatus::OutOfStock {
                return Err(AppError::new(ErrorCode::Conflict, "api.delivery.outOfStock"));
            }
            // Stock is the hold's to judge; the per-order limit is the product's.
            cart::check_quantity(*quantity, Allowance { per_order_limit: offer.per_order_limit, available: i64::MAX })?;
            quoted.push((line_no, offer.clone(), *quantity));
        }

        let rate = self.rate_of(form.currency).await?;
        let methods = self.ports.payments.methods(form.currency).await?;
        let method = methods
            .into_iter()
            .find(|method| method.code == form.payment_method)
            .ok_or_else(|| AppError::new(ErrorCode::BusinessRule, "api.order.methodUnavailable"))?;

        let buyer = match shopper {
            Some(shopper) => format!("member:{}", shopper.member_id),
            None => form.email.as_str().to_owned(),
        };
        let coupon = match &form.coupon {
            None => None,
            Some(code) => {
                let (code, who) = (code.clone(), buyer.clone());
                let (found, uses) = self
                    .db
                    .run(move |conn| -> Result<_, AppError> {
                        Ok((store::coupons::find(conn, &code)?, store::coupons::uses_by(conn, &code, &who)?))
                    })
                    .await?;
                Some((found.ok_or_else(|| coupon_refused(CouponRefusal::NotFound))?, uses))
            }
        };
        let priced: Vec<PricedLine> = quoted
            .iter()
            .map(|(_, offer, quantity)| PricedLine {
                unit_price_usd: offer.price_usd,
                quantity: *quantity,
                coupon: coupon.as_ref().is_none_or(|(found, _)| found.rules.covers(offer.id.get(), offer.product_type)),
            })
            .collect();
        let goods_usd = pricing::goods_usd(&priced).map_err(money_error)?;
        let coupon = match coupon {
            None => None,
            Some((found, uses)) => {
                found.check(self.clock.now_ms(), goods_usd, uses).map_err(coupon_refused)?;
                if !priced.iter().any(|line| line.coupon) {
                    return Err(coupon_refused(CouponRefusal::NotApplicable));
                }
                let value = found.value_in(form.currency.as_str());
                Some((found.code, value))
            }
        };
        let points = match shopper {
            _ if form.points == 0 => None,
            None => return Err(AppError::field("points", "api.order.pointsMembersOnly")),
            Some(shopper) => Some(PointsOffer { points: form.points, per_usd: shopper.points_per_usd }),
        };
        let input = PriceInput {
            member_discount_percent: shopper.map_or(0, |shopper| shopper.discount_percent),
            coupon: coupon.as_ref().map(|(_, value)| *value),
            fee: method.fee,
            adjustment: 0,
            service_charge: 0,
            points,
        };
        let bill = pricing::price(&priced, rate, &input).map_err(money_error)?;
        if bill.real_amount <= 0 {
            return Err(AppError::new(ErrorCode::BusinessRule, "api.order.noProducts"));
        }
        Ok(Quote { lines: quoted, rate, method, coupon_code: coupon.map(|(code, _)| code), bill, buyer })
    }

    /// Holds the quote's keys for the buyer at `email` under a number no
    /// order has yet (the delivery service knows the reservation by it, and
    /// delivers its keys only to that e-mail).
    async fn hold(&self, quote: &Quote, email: &str) -> Result<OrderNo, AppError> {
        let order_no = self.fresh_order_no().await?;
        let lines = quote
            .lines
            .iter()
            .map(|(line_no, offer, quantity)| HoldLine {
                line_no: *line_no,
                sku: offer.sku.clone(),
                quantity: *quantity,
            })
            .collect();
        self.ports.inventory.hold(&order_no, email, lines).await?;
        Ok(order_no)
    }

    /// The order to write, pending payment (in a session not opened yet).
    fn draft(
        &self,
        order_no: &OrderNo,
        form: &CheckedForm,
        quote: &Quote,
        request: &CheckoutRequest,
        shopper: Option<&Shopper>,
        link_token: &str,
    ) -> Result<OrderDraft, AppError> {
        let now = self.clock.now_ms();
        let window_ms = i64::try_from(self.settings.window.as_millis()).unwrap_or(i64::MAX);
        let mut lines = Vec::with_capacity(quote.lines.len());
        for (line_no, offer, quantity) in &quote.lines {
            lines.push(OrderLine {
                line_no: *line_no,
                product_id: offer.id,
                sku: offer.sku.clone(),
                title: offer.title.clone(),
                platform: offer.platform,
                game_name: offer.game_name.clone(),
                game_ext_name: offer.game_ext_name.clone(),
                unit_price_usd: offer.price_usd,
                unit_price: quote.rate.convert(offer.price_usd).map_err(money_error)?,
                quantity: *quantity,
            });
        }
        Ok(OrderDraft {
            order_no: order_no.clone(),
            member: shopper.map(|shopper| shopper.member_id),
            email: form.email.as_str().to_owned(),
            contact: form.contact.clone(),
            note: form.note.clone(),
            language: keyshop_core::mail::language(&request.language).to_owned(),
            currency: form.currency,
            rate_micros: quote.rate.micros(),
            price: quote.bill,
            coupon_code: quote.coupon_code.clone(),
            payment_method: quote.method.code.clone(),
            payment_session_id: None,
            real_amount_usd: pricing::to_usd(quote.bill.real_amount, quote.rate).map_err(money_error)?,
            billing_address: form.billing_address.clone(),
            link_token_hash: secret::digest(link_token),
            idempotency_key: request
                .idempotency_key
                .as_deref()
                .map(str::trim)
                .filter(|key| !key.is_empty())
                .map(|key| key.chars().take(MAX_IDEMPOTENCY_KEY).collect()),
            expires_at_ms: now.saturating_add(window_ms),
            now_ms: now,
            lines,
        })
    }

    /// Writes the order with its coupon use; the order as written.
    async fn persist(&self, draft: OrderDraft, quote: &Quote) -> Result<Order, AppError> {
        let (coupon, buyer) = (quote.coupon_code.clone(), quote.buyer.clone());
        self.db
            .write(move |conn| -> Result<Order, AppError> {
                let order_no = draft.order_no.clone();
                store::orders::insert(conn, draft)?;
                if let Some(code) = &coupon {
                    // Returning an error rolls the order back with the claim.
                    match store::coupons::claim(conn, code, &buyer, order_no.as_str())? {
                        store::coupons::Claim::Claimed => {}
                        store::coupons::Claim::UsedUp => return Err(coupon_refused(CouponRefusal::UsedUp)),
                        store::coupons::Claim::BuyerLimit => return Err(coupon_refused(CouponRefusal::BuyerLimit)),
                    }
                }
                Ok(store::orders::find(conn, &order_no)?.ok_or_else(not_found)?.0)
            })
            .await
    }

    async fn fresh_order_no(&self) -> Result<OrderNo, AppError> {
        for _ in 0..5 {
            let drawn = checkout::order_no(
                keyshop_core::clock::yyyymmdd(self.clock.now_ms()),
                secret::random_u64().map_err(AppError::internal)?,
            );
            let candidate = OrderNo::parse(&drawn).ok_or_else(|| AppError::internal("order number shape"))?;
            let number = candidate.clone();
            let taken = self.db.run(move |conn| Ok::<_, AppError>(store::orders::exists(conn, &number)?)).await?;
            if !taken {
                return Ok(candidate);
            }
        }
        Err(AppError::internal("no free order number in five draws"))
    }

    /// The answer to a retried checkout: the same order, a fresh link token
    /// (the first answer never arrived), its open payment session.
    async fn replay(&self, order_no: &OrderNo) -> Result<Placed, AppError> {
        let link_token = secret::new_token().map_err(AppError::internal)?;
        let (number, hash) = (order_no.clone(), secret::digest(&link_token));
        self.db.write(move |conn| Ok::<_, AppError>(store::orders::set_link_token_hash(conn, &number, &hash)?)).await?;
        let order = self.load(order_no).await?;
        if !order.state.payable() {
            let payment_session_id = order.payment_session_id.clone();
            return Ok(Placed { order, link_token, payment_session_id });
        }
        let (session, order) = self.open_payment(order_no, &order.payment_method, order.amount()).await?;
        Ok(Placed { order, link_token, payment_session_id: Some(session) })
    }

    /// A payment session for the order (the open one when it is still
    /// good), remembered as the order's latest.
    pub(super) async fn open_payment(
        &self,
        order_no: &OrderNo,
        method: &str,
        amount: Money,
    ) -> Result<(SessionId, Order), AppError> {
        let session = self.ports.payments.open_session(order_no, method, amount).await?;
        let (number, id) = (order_no.clone(), session.clone());
        // The order as this write left it, read in its transaction.
        let order = self
            .db
            .write(move |conn| -> Result<Order, AppError> {
                store::orders::set_payment_session(conn, &number, &id)?;
                Ok(store::orders::find(conn, &number)?.ok_or_else(not_found)?.0)
            })
            .await?;
        Ok((session, order))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(product_id: i64, quantity: i64) -> CartLine {
        CartLine { product_id: ProductId::new(product_id).unwrap(), quantity }
    }

    #[test]
    fn quantities_add_up_per_product_without_overflowing() {
        let summed = quantities(&[line(2, 1), line(1, 3), line(2, 4)]).unwrap();
        assert_eq!(summed.into_iter().map(|(id, quantity)| (id.get(), quantity)).collect::<Vec<_>>(), [(1, 3), (2, 5)]);
        assert_eq!(quantities(&[line(1, i64::MAX), line(1, 1)]).unwrap_err().fields["quantity"], "api.cart.overLimit");
        assert_eq!(quantities(&[line(1, 0)]).unwrap_err().fields["quantity"], "api.cart.quantityInvalid");
    }
}
