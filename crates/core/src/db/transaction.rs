use diesel::connection::{AnsiTransactionManager, TransactionManager};

use super::{DbConnection, DbError};

/// Runs `work` in a transaction that takes the write lock up front: `BEGIN
/// IMMEDIATE` on SQLite (so two writers never deadlock on a lock upgrade and
/// `busy_timeout` applies), a plain `BEGIN` on PostgreSQL. Commits on `Ok`,
/// rolls back on `Err`.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<DbError> + From<diesel::result::Error>,
{
    match conn {
        DbConnection::Sqlite(inner) => AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE")?,
        DbConnection::Postgres(_) => DbConnection::begin_transaction(conn)?,
    }
    match work(conn) {
        Ok(value) => {
            DbConnection::commit_transaction(conn)?;
            Ok(value)
        }
        Err(error) => {
            if let Err(rollback_error) = DbConnection::rollback_transaction(conn) {
                tracing::warn!(error = %rollback_error, "rollback failed");
            }
            Err(error)
        }
    }
}
