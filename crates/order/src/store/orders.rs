//! `orders`, `order_lines` and `order_history`: an order, what it holds, and
//! every state it went through. State changes are guarded updates: an order
//! moves only from the state the caller saw, so two racing changes cannot
//! both win. Rows stay here: the rest of the service sees [`Order`].

use diesel::prelude::*;
use keyshop_core::db::{DbConnection, like_escaped};
use keyshop_core::error::AppError;
use keyshop_core::ids::{MemberId, OrderNo, ProductId, SessionId};
use keyshop_core::money::CurrencyCode;
use keyshop_core::postal::PostalAddress;
use keyshop_core::vocab::Platform;

use super::schema::{order_billing_addresses, order_history, order_lines, order_points, orders};
use crate::domain::figures::OrderTimes;
use crate::domain::order::{Order, OrderLine, StateStep};
use crate::domain::pricing::Breakdown;
use crate::domain::state::{Lifecycle, OrderState};

/// A guest's order is stored with member id 0: the idempotency key's unique
/// index then covers guests too (NULLs would all be distinct).
const GUEST: i64 = 0;

fn member_column(member: Option<MemberId>) -> i64 {
    member.map_or(GUEST, MemberId::get)
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = orders)]
pub struct NewOrder {
    pub order_no: OrderNo,
    pub member_id: i64,
    pub email: String,
    pub contact: String,
    pub note: String,
    pub language: String,
    pub currency: CurrencyCode,
    pub rate_micros: i64,
    pub goods: i64,
    pub member_discount: i64,
    pub coupon_code: Option<String>,
    pub coupon_discount: i64,
    pub payment_method: String,
    pub payment_fee: i64,
    pub payment_session_id: String,
    pub adjustment: i64,
    pub service_charge: i64,
    pub freight: i64,
    pub real_amount: i64,
    pub real_amount_usd: i64,
    pub state: OrderState,
    pub link_token_hash: String,
    pub idempotency_key: Option<String>,
    pub expires_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

/// What a new order is made of.
pub struct OrderDraft {
    pub order_no: OrderNo,
    pub member: Option<MemberId>,
    pub email: String,
    pub contact: String,
    pub note: String,
    pub language: String,
    pub currency: CurrencyCode,
    pub rate_micros: i64,
    pub price: Breakdown,
    pub coupon_code: Option<String>,
    pub payment_method: String,
    /// The payment session opened for it, when it is written with one.
    pub payment_session_id: Option<SessionId>,
    pub real_amount_usd: i64,
    pub billing_address: PostalAddress,
    pub link_token_hash: String,
    pub idempotency_key: Option<String>,
    pub expires_at_ms: i64,
    pub now_ms: i64,
    pub lines: Vec<OrderLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
struct OrderRow {
    order_no: OrderNo,
    member_id: i64,
    email: String,
    contact: String,
    note: String,
    language: String,
    currency: CurrencyCode,
    rate_micros: i64,
    goods: i64,
    member_discount: i64,
    coupon_code: Option<String>,
    coupon_discount: i64,
    payment_method: String,
    payment_fee: i64,
    adjustment: i64,
    service_charge: i64,
    freight: i64,
    real_amount: i64,
    real_amount_usd: i64,
    state: OrderState,
    link_token_hash: String,
    idempotency_key: Option<String>,
    expires_at: i64,
    paid_at: Option<i64>,
    delivered_at: Option<i64>,
    completed_at: Option<i64>,
    deleted_at: Option<i64>,
    created_at: i64,
    updated_at: i64,
    mail_token_hash: Option<String>,
    payment_session_id: String,
    mail_token_expires_at: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Insertable, Queryable)]
#[diesel(table_name = order_billing_addresses)]
struct BillingRow {
    order_no: OrderNo,
    first_name: String,
    last_name: String,
    phone: String,
    address: String,
    city: String,
    province: String,
    zip: String,
    country: String,
}

impl BillingRow {
    fn new(order_no: OrderNo, address: PostalAddress) -> BillingRow {
        BillingRow {
            order_no,
            first_name: address.first_name,
            last_name: address.last_name,
            phone: address.phone,
            address: address.address,
            city: address.city,
            province: address.province,
            zip: address.zip,
            country: address.country,
        }
    }

    fn address(self) -> PostalAddress {
        PostalAddress {
            first_name: self.first_name,
            last_name: self.last_name,
            phone: self.phone,
            address: self.address,
            city: self.city,
            province: self.province,
            zip: self.zip,
            country: self.country,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Insertable, Queryable)]
#[diesel(table_name = order_lines)]
struct LineRow {
    order_no: OrderNo,
    line_no: i64,
    product_id: ProductId,
    sku: String,
    title: String,
    platform: Platform,
    image: String,
    game_name: String,
    game_ext_name: String,
    unit_price_usd: i64,
    unit_price: i64,
    quantity: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
struct HistoryRow {
    _id: i64,
    _order_no: String,
    state: OrderState,
    note: String,
    at: i64,
}

/// Who may open an order besides its member: the hashes of its link tokens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// The checkout's token; it works for a while after the order was placed.
    pub link_token_hash: String,
    /// The delivery e-mail's token and until when it works.
    pub mail_token_hash: Option<String>,
    pub mail_token_expires_at: Option<i64>,
}

fn order_of(
    row: OrderRow,
    lines: Vec<LineRow>,
    history: Vec<HistoryRow>,
    billing: Option<BillingRow>,
    (points_used, points_discount): (i64, i64),
) -> (Order, Access) {
    let order = Order {
        member: MemberId::new(row.member_id),
        billing_address: billing.map(BillingRow::address),
        payment_session_id: SessionId::parse(&row.payment_session_id),
        price: Breakdown {
            goods: row.goods,
            member_discount: row.member_discount,
            coupon_discount: row.coupon_discount,
            payment_fee: row.payment_fee,
            adjustment: row.adjustment,
            service_charge: row.service_charge,
            points_used,
            points_discount,
            freight: row.freight,
            real_amount: row.real_amount,
        },
        lines: lines
            .into_iter()
            .map(|line| OrderLine {
                line_no: line.line_no,
                product_id: line.product_id,
                sku: line.sku,
                title: line.title,
                platform: line.platform,
                game_name: line.game_name,
                game_ext_name: line.game_ext_name,
                unit_price_usd: line.unit_price_usd,
                unit_price: line.unit_price,
                quantity: line.quantity,
            })
            .collect(),
        history: history
            .into_iter()
            .map(|step| StateStep { state: step.state, at_ms: step.at, note: step.note })
            .collect(),
        order_no: row.order_no,
        email: row.email,
        contact: row.contact,
        note: row.note,
        language: row.language,
        currency: row.currency,
        rate_micros: row.rate_micros,
        coupon_code: row.coupon_code,
        payment_method: row.payment_method,
        real_amount_usd: row.real_amount_usd,
        state: row.state,
        expires_at_ms: row.expires_at,
        created_at_ms: row.created_at,
        deleted: row.deleted_at.is_some(),
    };
    let access = Access {
        link_token_hash: row.link_token_hash,
        mail_token_hash: row.mail_token_hash,
        mail_token_expires_at: row.mail_token_expires_at,
    };
    (order, access)
}

fn record(conn: &mut DbConnection, order_no: &OrderNo, state: OrderState, note: &str, at: i64) -> QueryResult<()> {
    diesel::insert_into(order_history::table)
        .values((
            order_history::order_no.eq(order_no),
            order_history::state.eq(state),
            order_history::note.eq(note),
            order_history::at.eq(at),
        ))
        .execute(conn)?;
    Ok(())
}

/// A new order with its lines, pending payment, its first state recorded.
pub fn insert(conn: &mut DbConnection, draft: OrderDraft) -> Result<(), AppError> {
    let row = NewOrder {
        order_no: draft.order_no.clone(),
        member_id: member_column(draft.member),
        email: draft.email,
        contact: draft.contact,
        note: draft.note,
        language: draft.language,
        currency: draft.currency,
        rate_micros: draft.rate_micros,
        goods: draft.price.goods,
        member_discount: draft.price.member_discount,
        coupon_code: draft.coupon_code,
        coupon_discount: draft.price.coupon_discount,
        payment_method: draft.payment_method,
        payment_fee: draft.price.payment_fee,
        payment_session_id: draft.payment_session_id.map(String::from).unwrap_or_default(),
        adjustment: draft.price.adjustment,
        service_charge: draft.price.service_charge,
        freight: draft.price.freight,
        real_amount: draft.price.real_amount,
        real_amount_usd: draft.real_amount_usd,
        state: OrderState::PendingPayment,
        link_token_hash: draft.link_token_hash,
        idempotency_key: draft.idempotency_key,
        expires_at: draft.expires_at_ms,
        created_at: draft.now_ms,
        updated_at: draft.now_ms,
    };
    diesel::insert_into(orders::table).values(&row).execute(conn)?;
    diesel::insert_into(order_billing_addresses::table)
        .values(BillingRow::new(draft.order_no.clone(), draft.billing_address))
        .execute(conn)?;
    super::order_points::insert(conn, &draft.order_no, draft.price.points_used, draft.price.points_discount)?;
    for line in draft.lines {
        let line = LineRow {
            order_no: draft.order_no.clone(),
            line_no: line.line_no,
            product_id: line.product_id,
            sku: line.sku,
            title: line.title,
            platform: line.platform,
            image: String::new(),
            game_name: line.game_name,
            game_ext_name: line.game_ext_name,
            unit_price_usd: line.unit_price_usd,
            unit_price: line.unit_price,
            quantity: line.quantity,
        };
        diesel::insert_into(order_lines::table).values(&line).execute(conn)?;
    }
    record(conn, &draft.order_no, OrderState::PendingPayment, "", draft.now_ms)?;
    Ok(())
}

/// An order's row with its billing address and `(points used, their
/// discount)`, when it has them.
type OrderParts = (OrderRow, Option<BillingRow>, Option<(i64, i64)>);

/// The order with its lines and history, and who else may open it: three
/// indexed reads (the order with its address and points, which are one row
/// each at most; its lines; its history).
pub fn find(conn: &mut DbConnection, order_no: &OrderNo) -> Result<Option<(Order, Access)>, AppError> {
    let row: Option<OrderParts> = orders::table
        .left_join(order_billing_addresses::table)
        .left_join(order_points::table)
        .filter(orders::order_no.eq(order_no))
        .select((
            orders::all_columns,
            order_billing_addresses::all_columns.nullable(),
            (order_points::points_used, order_points::points_discount).nullable(),
        ))
        .get_result(conn)
        .optional()?;
    let Some((row, billing, points)) = row else { return Ok(None) };
    let lines = order_lines::table.filter(order_lines::order_no.eq(order_no)).order(order_lines::line_no).load(conn)?;
    let history = order_history::table
        .filter(order_history::order_no.eq(order_no))
        .order((order_history::at, order_history::id))
        .load(conn)?;
    Ok(Some(order_of(row, lines, history, billing, points.unwrap_or((0, 0)))))
}

/// What a change of an order's state needs to know of it, without its lines,
/// history and address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderHead {
    pub state: OrderState,
    pub member: Option<MemberId>,
    pub coupon_code: Option<String>,
    pub real_amount_usd: i64,
    pub points_used: i64,
}

/// State, member id, coupon, amount in USD and points used of an order.
type HeadRow = (OrderState, i64, Option<String>, i64, Option<i64>);

/// [`OrderHead`] of `order_no`: one indexed read instead of the three of [`find`].
pub fn head(conn: &mut DbConnection, order_no: &OrderNo) -> QueryResult<Option<OrderHead>> {
    let row: Option<HeadRow> = orders::table
        .left_join(order_points::table)
        .filter(orders::order_no.eq(order_no))
        .select((
            orders::state,
            orders::member_id,
            orders::coupon_code,
            orders::real_amount_usd,
            order_points::points_used.nullable(),
        ))
        .get_result(conn)
        .optional()?;
    Ok(row.map(|(state, member_id, coupon_code, real_amount_usd, points_used)| OrderHead {
        state,
        member: MemberId::new(member_id),
        coupon_code,
        real_amount_usd,
        points_used: points_used.unwrap_or(0),
    }))
}

/// Whether an order has this number.
pub fn exists(conn: &mut DbConnection, order_no: &OrderNo) -> QueryResult<bool> {
    let count: i64 = orders::table.find(order_no).count().get_result(conn)?;
    Ok(count > 0)
}

/// The order a buyer already placed with this `Idempotency-Key`.
pub fn find_by_idempotency(
    conn: &mut DbConnection,
    email: &str,
    member: Option<MemberId>,
    key: &str,
) -> QueryResult<Option<OrderNo>> {
    orders::table
        .filter(orders::email.eq(email))
        .filter(orders::member_id.eq(member_column(member)))
        .filter(orders::idempotency_key.eq(key))
        .select(orders::order_no)
        .get_result(conn)
        .optional()
}

/// A member's orders not deleted, newest first, and how many there are.
pub fn page_of_member(
    conn: &mut DbConnection,
    member: MemberId,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Order>, i64), AppError> {
    let mine = || orders::table.filter(orders::member_id.eq(member.get())).filter(orders::deleted_at.is_null());
    let numbers: Vec<OrderNo> = mine()
        .order((orders::created_at.desc(), orders::order_no.desc()))
        .offset(offset)
        .limit(limit)
        .select(orders::order_no)
        .load(conn)?;
    let total = mine().count().get_result(conn)?;
    let mut rows = Vec::with_capacity(numbers.len());
    for order_no in numbers {
        if let Some((order, _)) = find(conn, &order_no)? {
            rows.push(order);
        }
    }
    Ok((rows, total))
}

/// What staff search orders by; an empty field does not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderFilter {
    /// The order number's beginning.
    pub order_no: String,
    /// Part of the buyer's e-mail.
    pub email: String,
    pub state: Option<OrderState>,
    /// Orders with a line of this SKU.
    pub sku: String,
    /// Placed at or after, and before (epoch milliseconds; 0: no bound).
    pub from_ms: i64,
    pub to_ms: i64,
    /// One member's orders (0: anyone's).
    pub member_id: i64,
}

/// The orders `filter` finds, newest first, and how many there are.
pub fn search(
    conn: &mut DbConnection,
    filter: &OrderFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Order>, i64), AppError> {
    let matching = || {
        let mut query = orders::table.into_boxed();
        if !filter.order_no.is_empty() {
            query = query.filter(orders::order_no.like(format!("{}%", like_escaped(&filter.order_no))).escape('\\'));
        }
        if !filter.email.is_empty() {
            query = query.filter(orders::email.like(format!("%{}%", like_escaped(&filter.email))).escape('\\'));
        }
        if let Some(state) = filter.state {
            query = query.filter(orders::state.eq(state));
        }
        if !filter.sku.is_empty() {
            let with_sku =
                order_lines::table.filter(order_lines::sku.eq(filter.sku.clone())).select(order_lines::order_no);
            query = query.filter(orders::order_no.eq_any(with_sku));
        }
        if filter.member_id > 0 {
            query = query.filter(orders::member_id.eq(filter.member_id));
        }
        if filter.from_ms > 0 {
            query = query.filter(orders::created_at.ge(filter.from_ms));
        }
        if filter.to_ms > 0 {
            query = query.filter(orders::created_at.lt(filter.to_ms));
        }
        query
    };
    let numbers: Vec<OrderNo> = matching()
        .order((orders::created_at.desc(), orders::order_no.desc()))
        .offset(offset)
        .limit(limit)
        .select(orders::order_no)
        .load(conn)?;
    let total = matching().count().get_result(conn)?;
    let mut rows = Vec::with_capacity(numbers.len());
    for order_no in numbers {
        if let Some((order, _)) = find(conn, &order_no)? {
            rows.push(order);
        }
    }
    Ok((rows, total))
}

/// A refund request waiting for a decision.
#[derive(Debug, Clone, Queryable)]
pub struct RefundWaiting {
    pub order_no: String,
    pub email: String,
    pub real_amount: i64,
    pub currency: String,
    pub requested_at: i64,
    pub reason: String,
}

/// The orders waiting for a refund decision, oldest request first, and how
/// many there are.
pub fn refunds_waiting(conn: &mut DbConnection, offset: i64, limit: i64) -> QueryResult<(Vec<RefundWaiting>, i64)> {
    let waiting = || {
        orders::table
            .inner_join(order_history::table)
            .filter(orders::state.eq(OrderState::RefundRequested))
            .filter(order_history::state.eq(OrderState::RefundRequested))
    };
    let rows = waiting()
        .order((order_history::at.asc(), orders::order_no.asc()))
        .offset(offset)
        .limit(limit)
        .select((
            orders::order_no,
            orders::email,
            orders::real_amount,
            orders::currency,
            order_history::at,
            order_history::note,
        ))
        .load(conn)?;
    let total = waiting().count().get_result(conn)?;
    Ok((rows, total))
}

/// Moves the order from `from` to `to`, only if it is still in `from`, and
/// records the step. Whether it moved.
pub fn transition(
    conn: &mut DbConnection,
    order_no: &OrderNo,
    from: OrderState,
    to: OrderState,
    note: &str,
    now_ms: i64,
) -> QueryResult<bool> {
    let guarded = orders::table.find(order_no).filter(orders::state.eq(from));
    let moved = match to {
        OrderState::Paid => diesel::update(guarded)
            .set((orders::state.eq(to), orders::paid_at.eq(now_ms), orders::updated_at.eq(now_ms)))
            .execute(conn)?,
        OrderState::Delivered => diesel::update(guarded)
            .set((orders::state.eq(to), orders::delivered_at.eq(now_ms), orders::updated_at.eq(now_ms)))
            .execute(conn)?,
        OrderState::Completed => diesel::update(guarded)
            .set((orders::state.eq(to), orders::completed_at.eq(now_ms), orders::updated_at.eq(now_ms)))
            .execute(conn)?,
        _ => diesel::update(guarded).set((orders::state.eq(to), orders::updated_at.eq(now_ms))).execute(conn)?,
    };
    if moved == 0 {
        return Ok(false);
    }
    record(conn, order_no, to, note, now_ms)?;
    Ok(true)
}

/// A new link token for the buyer (a retried checkout).
pub fn set_link_token_hash(conn: &mut DbConnection, order_no: &OrderNo, hash: &str) -> QueryResult<usize> {
    diesel::update(orders::table.find(order_no)).set(orders::link_token_hash.eq(hash)).execute(conn)
}

/// The token of the delivery e-mail's link.
pub fn set_mail_token_hash(
    conn: &mut DbConnection,
    order_no: &OrderNo,
    hash: &str,
    expires_at: i64,
) -> QueryResult<usize> {
    diesel::update(orders::table.find(order_no))
        .set((orders::mail_token_hash.eq(hash), orders::mail_token_expires_at.eq(expires_at)))
        .execute(conn)
}

/// Sets the hash of a guest order's e-mail link token, when the order is a
/// guest's and in one of the `states`; whether it was.
pub fn set_guest_mail_token_hash(
    conn: &mut DbConnection,
    order_no: &OrderNo,
    states: &[OrderState],
    hash: &str,
    expires_at: i64,
) -> QueryResult<bool> {
    let set = diesel::update(
        orders::table.find(order_no).filter(orders::member_id.eq(GUEST)).filter(orders::state.eq_any(states)),
    )
    .set((orders::mail_token_hash.eq(hash), orders::mail_token_expires_at.eq(expires_at)))
    .execute(conn)?;
    Ok(set > 0)
}

/// The order's latest payment session.
pub fn set_payment_session(conn: &mut DbConnection, order_no: &OrderNo, session_id: &SessionId) -> QueryResult<usize> {
    diesel::update(orders::table.find(order_no)).set(orders::payment_session_id.eq(session_id.as_str())).execute(conn)
}

/// Placed, paid, delivered, the amount in US cents, the state.
type TimesRow = (i64, Option<i64>, Option<i64>, i64, OrderState);

/// The times and amount of every order placed or paid since `since_ms`,
/// for the dashboard. (An order paid before the window and delivered in it,
/// late, is not among them.)
pub fn times_since(conn: &mut DbConnection, since_ms: i64) -> QueryResult<Vec<OrderTimes>> {
    let rows: Vec<TimesRow> = orders::table
        .filter(orders::created_at.ge(since_ms).or(orders::paid_at.ge(since_ms)))
        .select((orders::created_at, orders::paid_at, orders::delivered_at, orders::real_amount_usd, orders::state))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(created_at, paid_at, delivered_at, amount_usd, state)| OrderTimes {
            created_at,
            paid_at,
            delivered_at,
            amount_usd,
            refunded: state == OrderState::Refunded,
        })
        .collect())
}

/// How many paid orders wait for keys, and when the oldest of them was paid.
pub fn waiting_for_keys(conn: &mut DbConnection) -> QueryResult<(i64, Option<i64>)> {
    let waiting = || orders::table.filter(orders::state.eq_any([OrderState::Paid, OrderState::DelayedDelivery]));
    let count = waiting().count().get_result(conn)?;
    let oldest = waiting().select(diesel::dsl::min(orders::paid_at)).get_result(conn)?;
    Ok((count, oldest))
}

/// When each waiting refund request was made, oldest first.
pub fn refund_requests_waiting(conn: &mut DbConnection) -> QueryResult<Vec<i64>> {
    orders::table
        .inner_join(order_history::table)
        .filter(orders::state.eq(OrderState::RefundRequested))
        .filter(order_history::state.eq(OrderState::RefundRequested))
        .order(order_history::at.asc())
        .select(order_history::at)
        .load(conn)
}

/// Unpaid orders whose payment window closed before `now_ms`.
pub fn due_to_expire(conn: &mut DbConnection, now_ms: i64, limit: i64) -> QueryResult<Vec<OrderNo>> {
    orders::table
        .filter(orders::state.eq(OrderState::PendingPayment))
        .filter(orders::expires_at.lt(now_ms))
        .order(orders::expires_at)
        .limit(limit)
        .select(orders::order_no)
        .load(conn)
}

/// Delivered orders not confirmed since `before_ms`: completed automatically.
pub fn due_to_complete(conn: &mut DbConnection, before_ms: i64, limit: i64) -> QueryResult<Vec<OrderNo>> {
    orders::table
        .filter(orders::state.eq_any([OrderState::Delivered, OrderState::RefundRejected]))
        .filter(orders::updated_at.lt(before_ms))
        .order(orders::updated_at)
        .limit(limit)
        .select(orders::order_no)
        .load(conn)
}

/// Hides the order from its buyer, if its state allows it. Whether it did.
pub fn soft_delete(conn: &mut DbConnection, order_no: &OrderNo, now_ms: i64) -> QueryResult<bool> {
    let deletable: Vec<OrderState> = OrderState::ALL.iter().copied().filter(|state| state.deletable()).collect();
    let deleted = diesel::update(
        orders::table.find(order_no).filter(orders::deleted_at.is_null()).filter(orders::state.eq_any(deletable)),
    )
    .set((orders::deleted_at.eq(now_ms), orders::updated_at.eq(now_ms)))
    .execute(conn)?;
    Ok(deleted > 0)
}
