//! `payment_methods` and `payment_method_fees`: the methods the store knows,
//! by provider and currency, with a fee per currency where one is set.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;
use keyshop_core::vocab::PaymentProvider;

use super::schema::{payment_method_fees as fees, payment_methods};
use crate::domain::methods::{CurrencyFee, Method, MethodEdit};

type Row = (String, PaymentProvider, String, i64, i64, bool, i64);
type FeeRow = (String, i64, i64);

/// Every method in the order they are offered, with its fees per currency: one statement, a
/// row per method and fee (a method without fees has one row with none).
pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Method>> {
    let rows: Vec<(Row, Option<FeeRow>)> = payment_methods::table
        .left_join(fees::table)
        .order((payment_methods::sort, payment_methods::code, fees::currency))
        .select((
            (
                payment_methods::code,
                payment_methods::provider,
                payment_methods::currencies,
                payment_methods::fee_basis_points,
                payment_methods::fee_fixed_usd,
                payment_methods::enabled,
                payment_methods::version,
            ),
            (fees::currency, fees::fee_basis_points, fees::fee_fixed_usd).nullable(),
        ))
        .load(conn)?;
    let mut methods: Vec<Method> = Vec::new();
    for (row, fee) in rows {
        if methods.last().is_none_or(|method| method.code != row.0) {
            methods.push(method_of(row));
        }
        if let (Some(method), Some((currency, fee_basis_points, fee_fixed_usd))) = (methods.last_mut(), fee) {
            method.fees.push(CurrencyFee { currency, fee_basis_points, fee_fixed_usd });
        }
    }
    Ok(methods)
}

fn method_of((code, provider, currencies, fee_basis_points, fee_fixed_usd, enabled, version): Row) -> Method {
    Method {
        fees: Vec::new(),
        code,
        provider,
        currencies: currencies.split(',').map(|code| code.trim().to_owned()).filter(|code| !code.is_empty()).collect(),
        fee_basis_points,
        fee_fixed_usd,
        enabled,
        version,
    }
}

/// Rewrites method `code` if it is still at `version`; `false` otherwise.
pub fn update(conn: &mut DbConnection, code: &str, version: i64, edit: &MethodEdit) -> QueryResult<bool> {
    let changed = diesel::update(
        payment_methods::table.filter(payment_methods::code.eq(code)).filter(payment_methods::version.eq(version)),
    )
    .set((
        payment_methods::enabled.eq(edit.enabled),
        payment_methods::currencies.eq(edit.currencies.join(",")),
        payment_methods::fee_basis_points.eq(edit.fee_basis_points),
        payment_methods::fee_fixed_usd.eq(edit.fee_fixed_usd),
        payment_methods::version.eq(version + 1),
    ))
    .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    diesel::delete(fees::table.filter(fees::method.eq(code))).execute(conn)?;
    for fee in &edit.fees {
        diesel::insert_into(fees::table)
            .values((
                fees::method.eq(code),
                fees::currency.eq(&fee.currency),
                fees::fee_basis_points.eq(fee.fee_basis_points),
                fees::fee_fixed_usd.eq(fee.fee_fixed_usd),
            ))
            .execute(conn)?;
    }
    Ok(true)
}
