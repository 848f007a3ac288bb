//! `refunds`: the refund of a paid session, at most one (the key is the
//! session), so a repeated approval refunds once.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use keyshop_core::ids::{OrderNo, SessionId};
use keyshop_core::money::{CurrencyCode, Money};
use keyshop_core::vocab::PaymentProvider;

use super::schema::refunds;
use crate::domain::refund::Refund;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Insertable)]
#[diesel(table_name = refunds)]
struct RefundRow {
    session_id: SessionId,
    order_no: OrderNo,
    provider: PaymentProvider,
    amount: i64,
    currency: CurrencyCode,
    provider_ref: String,
    created_at: i64,
}

impl From<RefundRow> for Refund {
    fn from(row: RefundRow) -> Refund {
        Refund {
            session_id: row.session_id,
            order_no: row.order_no,
            provider: row.provider,
            amount: Money::new(row.amount, row.currency),
            provider_ref: row.provider_ref,
            refunded_at_ms: row.created_at,
        }
    }
}

pub fn find(conn: &mut DbConnection, session_id: &SessionId) -> QueryResult<Option<Refund>> {
    let row: Option<RefundRow> = refunds::table.find(session_id).get_result(conn).optional()?;
    Ok(row.map(Refund::from))
}

pub fn insert(conn: &mut DbConnection, refund: &Refund) -> QueryResult<()> {
    let row = RefundRow {
        session_id: refund.session_id.clone(),
        order_no: refund.order_no.clone(),
        provider: refund.provider,
        amount: refund.amount.minor,
        currency: refund.amount.currency,
        provider_ref: refund.provider_ref.clone(),
        created_at: refund.refunded_at_ms,
    };
    diesel::insert_into(refunds::table).values(&row).execute(conn)?;
    Ok(())
}

/// When each of the order's refunds was made: `(session id, at)`.
pub fn times_of_order(conn: &mut DbConnection, order_no: &OrderNo) -> QueryResult<Vec<(SessionId, i64)>> {
    refunds::table.filter(refunds::order_no.eq(order_no)).select((refunds::session_id, refunds::created_at)).load(conn)
}
