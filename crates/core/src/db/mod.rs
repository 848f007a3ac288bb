//! Storage: one diesel connection type over SQLite and PostgreSQL, chosen by
//! the URL scheme; an r2d2 pool; embedded migrations per backend run at start;
//! every query runs on a blocking thread, off the async runtime.
//!
//! A look-up by key reads with `get_result`, not `first`: `first` binds its
//! `LIMIT ?`, and SQLite re-prepares a statement whose LIMIT is a bound
//! parameter each time it is run (a parse per look-up under load).

mod group_commit;
mod manager;
mod sql_types;
mod transaction;

use std::sync::Arc;
use std::time::Duration;

use diesel::r2d2::{Pool, PooledConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

use crate::error::AppError;
pub use manager::{Backend, DbManager};
pub use transaction::write_transaction;

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(diesel::SqliteConnection),
    Postgres(diesel::PgConnection),
}

impl DbConnection {
    pub fn backend(&self) -> Backend {
        match self {
            DbConnection::Sqlite(_) => Backend::Sqlite,
            DbConnection::Postgres(_) => Backend::Postgres,
        }
    }
}

/// Runs `$body` with `$inner` bound to the backend's own connection, for
/// what diesel's multi-backend connection cannot write (`ON CONFLICT`, row
/// locks, a batch insert): `on_backend!(conn, |inner| insert.execute(inner))`.
#[macro_export]
macro_rules! on_backend {
    ($conn:expr, |$inner:ident| $body:expr) => {
        match $conn {
            $crate::db::DbConnection::Sqlite($inner) => $body,
            $crate::db::DbConnection::Postgres($inner) => $body,
        }
    };
}

/// The migrations of one component, one embedded tree per backend with
/// matching folder names.
pub struct Migrations {
    pub name: &'static str,
    pub sqlite: EmbeddedMigrations,
    pub postgres: EmbeddedMigrations,
}

/// Lends a `'static` embedded migration tree to diesel's harness.
struct StaticSource(&'static EmbeddedMigrations);

impl<DB: diesel::backend::Backend> diesel::migration::MigrationSource<DB> for StaticSource {
    fn migrations(&self) -> diesel::migration::Result<Vec<Box<dyn diesel::migration::Migration<DB>>>> {
        diesel::migration::MigrationSource::<DB>::migrations(self.0)
    }
}

/// The kernel's own tables (outbox, processed events), which every service
/// database carries.
pub const CORE_MIGRATIONS: Migrations = Migrations {
    name: "core",
    sqlite: diesel_migrations::embed_migrations!("migrations/sqlite"),
    postgres: diesel_migrations::embed_migrations!("migrations/postgres"),
};

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("cannot open the database ({backend:?}): {source}")]
    Connect { backend: Backend, source: diesel::r2d2::PoolError },
    #[error("cannot check out a database connection: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("migration {name} failed: {message}")]
    Migration { name: &'static str, message: String },
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
    #[error("the database task stopped: {0}")]
    Join(#[from] tokio::task::JoinError),
    #[error("unsupported database URL scheme (use sqlite:// or postgres://)")]
    Scheme,
    #[error("the write group failed: {0}")]
    Group(String),
    #[error("cannot start the database writer: {0}")]
    Thread(std::io::Error),
    #[error("the database writer stopped")]
    WriterGone,
    #[error("a database task panicked")]
    Panicked,
}

impl From<DbError> for AppError {
    fn from(error: DbError) -> AppError {
        match error {
            DbError::Connect { .. } | DbError::Pool(_) | DbError::WriterGone => AppError::unavailable(error),
            other => AppError::internal(other),
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(error: diesel::result::Error) -> AppError {
        AppError::from(DbError::from(error))
    }
}

/// A pooled database. Clone freely.
#[derive(Clone)]
pub struct Db {
    pool: Pool<DbManager>,
    backend: Backend,
    /// SQLite only: this process's write transactions are committed in
    /// groups by one writer thread (see [`group_commit`]), first come first
    /// served, instead of meeting in SQLite's busy handler (which sleeps 1 to
    /// 100 ms between tries). Other processes on the same file (a CLI import)
    /// still meet `busy_timeout`.
    writer: Option<group_commit::GroupWriter>,
}

pub type Conn = PooledConnection<DbManager>;

impl Db {
    /// Opens the pool of a service (creating the SQLite file and its folder
    /// if needed) and runs the kernel's and then the component's pending
    /// migrations.
    pub async fn connect(url: &str, migrations: &'static Migrations) -> Result<Db, DbError> {
        Db::open(url, migrations, 2).await
    }

    /// [`Db::connect`] for a command that does its work and exits: the pool
    /// opens a connection only when work waits for one. A service's pool
    /// keeps two idle and opens the next in a background thread as one is
    /// taken; a process that exited meanwhile had OpenSSL's exit handlers
    /// free what that thread's TLS handshake with PostgreSQL was using
    /// (a crash after the work was done).
    pub async fn connect_for_command(url: &str, migrations: &'static Migrations) -> Result<Db, DbError> {
        Db::open(url, migrations, 0).await
    }

    async fn open(url: &str, migrations: &'static Migrations, min_idle: u32) -> Result<Db, DbError> {
        let manager = DbManager::from_url(url)?;
        let backend = manager.backend();
        let max_size = match backend {
            Backend::Sqlite => 8,
            Backend::Postgres => 16,
        };
        let db = tokio::task::spawn_blocking(move || -> Result<Db, DbError> {
            let pool = Pool::builder()
                .max_size(max_size)
                // Connections are opened as work needs them (r2d2 would open
                // all of them at start): a replica idles on two, and many
                // replicas fit in PostgreSQL's connection limit.
                .min_idle(Some(min_idle))
                // No `SELECT 1` before each use (a round trip and a parse per
                // query under load; a SQLite file cannot drop a connection):
                // a PostgreSQL connection is checked after a failed use
                // instead, and one the server dropped leaves the pool.
                .test_on_check_out(false)
                .connection_timeout(Duration::from_secs(10))
                .build(manager)
                .map_err(|source| DbError::Connect { backend, source })?;
            let writer = match backend {
                Backend::Sqlite => Some(group_commit::GroupWriter::start(pool.clone()).map_err(DbError::Thread)?),
                Backend::Postgres => None,
            };
            Ok(Db { pool, backend, writer })
        })
        .await??;
        db.migrate(&CORE_MIGRATIONS).await?;
        db.migrate(migrations).await?;
        Ok(db)
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool's open and idle connections (for metrics).
    pub fn pool_state(&self) -> diesel::r2d2::State {
        self.pool.state()
    }

    /// Runs pending migrations of `migrations` on this database.
    pub async fn migrate(&self, migrations: &'static Migrations) -> Result<(), DbError> {
        self.run(move |conn| run_migrations(conn, migrations)).await
    }

    /// Runs `work` with a pooled connection on a blocking thread.
    pub async fn run<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<DbError> + Send + 'static,
    {
        let pool = self.pool.clone();
        // The caller's span goes along: events written to the outbox in
        // `work` carry its trace context.
        let span = tracing::Span::current();
        let joined = tokio::task::spawn_blocking(move || {
            let _entered = span.enter();
            let mut conn = pool.get().map_err(DbError::from)?;
            let outcome = work(&mut conn);
            if outcome.is_err() {
                manager::retire_if_lost(&mut conn);
            }
            outcome
        })
        .await;
        match joined {
            Ok(result) => result,
            Err(join_error) => Err(E::from(DbError::Join(join_error))),
        }
    }

    /// Runs `work` inside a write transaction: on SQLite a savepoint of the
    /// next group commit (`BEGIN IMMEDIATE`), on PostgreSQL its own
    /// transaction. Commits on `Ok`, rolls back on `Err`; returns once the
    /// outcome is durable.
    pub async fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<DbError> + From<diesel::result::Error> + Send + 'static,
    {
        match &self.writer {
            Some(writer) => writer.write(work).await,
            None => self.run(move |conn| write_transaction(conn, work)).await,
        }
    }

    /// Runs `work`, which writes with a single statement, as its own
    /// transaction: on PostgreSQL that statement commits by itself (no
    /// `BEGIN` and `COMMIT` round trips), on SQLite it is a savepoint of the
    /// next group commit, like [`Db::write`]. Work of more than one statement
    /// must go through [`Db::write`]: here each would commit on its own.
    pub async fn write_one<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<DbError> + From<diesel::result::Error> + Send + 'static,
    {
        if self.writer.is_some() {
            return self.write(work).await;
        }
        self.run(work).await
    }

    /// A connection for synchronous callers (CLI commands, tests).
    pub fn get(&self) -> Result<Conn, DbError> {
        Ok(self.pool.get()?)
    }

    /// Whether a query goes through (for readiness).
    pub async fn ping(&self) -> bool {
        use diesel::RunQueryDsl;
        self.run(|conn| diesel::sql_query("SELECT 1").execute(conn).map_err(DbError::from)).await.is_ok()
    }
}

fn run_migrations(conn: &mut DbConnection, migrations: &'static Migrations) -> Result<(), DbError> {
    let name = migrations.name;
    let result = match conn {
        DbConnection::Sqlite(inner) => inner.run_pending_migrations(StaticSource(&migrations.sqlite)).map(|_| ()),
        DbConnection::Postgres(inner) => {
            // Parallel replicas must not race: one migrates, the others wait.
            use diesel::RunQueryDsl;
            let lock_id = advisory_lock_id(name);
            diesel::sql_query(format!("SELECT pg_advisory_lock({lock_id})")).execute(inner)?;
            let outcome = inner.run_pending_migrations(StaticSource(&migrations.postgres)).map(|_| ());
            diesel::sql_query(format!("SELECT pg_advisory_unlock({lock_id})")).execute(inner)?;
            outcome
        }
    };
    result.map_err(|error| DbError::Migration { name, message: error.to_string() })
}

/// A stable 63-bit id per migration set for `pg_advisory_lock`.
fn advisory_lock_id(name: &str) -> i64 {
    let hash = name
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3));
    (hash >> 1) as i64
}

/// Reverts the applied migrations of `migrations`, newest first (for the
/// up/down/up test). Other sets sharing the database are left alone.
pub fn revert_all(conn: &mut DbConnection, migrations: &'static Migrations) -> Result<(), DbError> {
    let name = migrations.name;
    let result = match conn {
        DbConnection::Sqlite(inner) => revert_set(inner, &migrations.sqlite),
        DbConnection::Postgres(inner) => revert_set(inner, &migrations.postgres),
    };
    result.map_err(|error| DbError::Migration { name, message: error.to_string() })
}

fn revert_set<DB, C>(conn: &mut C, source: &'static EmbeddedMigrations) -> diesel::migration::Result<()>
where
    DB: diesel::backend::Backend,
    C: MigrationHarness<DB>,
    EmbeddedMigrations: diesel::migration::MigrationSource<DB>,
{
    let applied = conn.applied_migrations()?;
    let mut own = diesel::migration::MigrationSource::<DB>::migrations(source)?;
    own.sort_by(|a, b| b.name().version().cmp(&a.name().version()));
    for migration in own {
        if applied.contains(&migration.name().version()) {
            conn.revert_migration(migration.as_ref())?;
        }
    }
    Ok(())
}

/// Reverts then re-applies a migration set.
pub fn redo_all(conn: &mut DbConnection, migrations: &'static Migrations) -> Result<(), DbError> {
    revert_all(conn, migrations)?;
    run_migrations(conn, migrations)
}

/// Shared handle type used by services.
pub type SharedDb = Arc<Db>;

/// `text` for a SQL `LIKE` pattern, its wildcards (`%`, `_`) and the escape
/// character escaped with `\`: the query must say `.escape('\\')`.
pub fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

#[cfg(test)]
mod like_tests {
    #[test]
    fn like_patterns_escape_their_wildcards() {
        assert_eq!(super::like_escaped(r"50%_off\x"), r"50\%\_off\\x");
    }
}
