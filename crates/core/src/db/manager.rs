//! The r2d2 connection manager: picks the backend from the URL scheme and sets
//! SQLite up on every connection (WAL, busy timeout, foreign keys).

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::r2d2::{ManageConnection, R2D2Connection};
use diesel::{Connection, ConnectionError, PgConnection, SqliteConnection};

use super::{DbConnection, DbError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// `busy_timeout` comes first: switching a new file to WAL takes a lock that
/// the pool's other connections, opening at the same moment, must wait for.
const SQLITE_SETUP: &str = "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; \
     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";

#[derive(Debug, Clone)]
pub struct DbManager {
    backend: Backend,
    /// For SQLite the file path, for PostgreSQL the whole URL.
    target: String,
}

impl DbManager {
    pub fn from_url(url: &str) -> Result<DbManager, DbError> {
        if let Some(path) = url.strip_prefix("sqlite://") {
            if let Some(parent) = std::path::Path::new(path).parent()
                && !parent.as_os_str().is_empty()
            {
                // The folder is created on demand; an error surfaces on connect.
                let _ = std::fs::create_dir_all(parent);
            }
            return Ok(DbManager { backend: Backend::Sqlite, target: path.to_owned() });
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DbManager { backend: Backend::Postgres, target: url.to_owned() });
        }
        Err(DbError::Scheme)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }
}

impl ManageConnection for DbManager {
    type Connection = DbConnection;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<DbConnection, Self::Error> {
        match self.backend {
            Backend::Sqlite => {
                let mut conn =
                    SqliteConnection::establish(&self.target).map_err(diesel::r2d2::Error::ConnectionError)?;
                conn.batch_execute(SQLITE_SETUP).map_err(|error| {
                    diesel::r2d2::Error::ConnectionError(ConnectionError::CouldntSetupConfiguration(error))
                })?;
                Ok(DbConnection::Sqlite(conn))
            }
            Backend::Postgres => PgConnection::establish(&self.target)
                .map(DbConnection::Postgres)
                .map_err(diesel::r2d2::Error::ConnectionError),
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), Self::Error> {
        conn.ping().map_err(diesel::r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        conn.is_broken()
    }
}

/// After a failed use: a PostgreSQL connection the server no longer answers
/// is marked broken, so the pool drops it instead of lending it again (the
/// pool does not ask the server before each use). One failure per dropped
/// connection reaches a caller, as an unavailable database.
pub(super) fn retire_if_lost(conn: &mut DbConnection) {
    if let DbConnection::Postgres(inner) = conn
        && inner.batch_execute("SELECT 1").is_err()
    {
        tracing::warn!("a PostgreSQL connection was lost; it leaves the pool");
        AnsiTransactionManager::transaction_manager_status_mut(inner).set_in_error();
    }
}
