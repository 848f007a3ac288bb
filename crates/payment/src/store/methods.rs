//! `payment_methods`: the methods the store knows, by provider and currency.

use diesel::prelude::*;
use keyshop_core::db::DbConnection;

use super::schema::payment_methods;
use keyshop_core::vocab::PaymentProvider;

use crate::domain::methods::Method;

pub fn all(conn: &mut DbConnection) -> QueryResult<Vec<Method>> {
    let rows: Vec<(String, PaymentProvider, String, i64, i64)> = payment_methods::table
        .order((payment_methods::sort, payment_methods::code))
        .select((
            payment_methods::code,
            payment_methods::provider,
            payment_methods::currencies,
            payment_methods::fee_basis_points,
            payment_methods::fee_fixed_usd,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(code, provider, currencies, fee_basis_points, fee_fixed_usd)| Method {
            code,
            provider,
            currencies: currencies
                .split(',')
                .map(|code| code.trim().to_owned())
                .filter(|code| !code.is_empty())
                .collect(),
            fee_basis_points,
            fee_fixed_usd,
        })
        .collect())
}
