//! A database per test, removed afterwards: a SQLite file, or a PostgreSQL
//! database created next to [`crate::servers::postgres_url`].

use keyshop_core::db::{Db, DbError, Migrations};

/// A database for one test, removed afterwards.
pub struct TestDb {
    pub db: Db,
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Sqlite(#[allow(dead_code)] tempfile::TempDir),
    Postgres { admin_url: String, name: String },
}

impl TestDb {
    /// A fresh SQLite file.
    pub async fn sqlite(migrations: &'static Migrations) -> Result<TestDb, DbError> {
        let dir =
            tempfile::tempdir().map_err(|error| DbError::Migration { name: "test", message: error.to_string() })?;
        let url = format!("sqlite://{}", dir.path().join("test.db").display());
        let db = Db::connect(&url, migrations).await?;
        Ok(TestDb { db, url, cleanup: Cleanup::Sqlite(dir) })
    }

    /// A fresh PostgreSQL database next to [`crate::servers::postgres_url`].
    pub async fn postgres(migrations: &'static Migrations) -> Result<TestDb, DbError> {
        let name = format!("keyshop_test_{}", uuid::Uuid::new_v4().simple());
        TestDb::create_postgres(crate::servers::postgres_url(), name, migrations).await
    }

    async fn create_postgres(
        admin_url: String,
        name: String,
        migrations: &'static Migrations,
    ) -> Result<TestDb, DbError> {
        let admin = admin_url.clone();
        let database = name.clone();
        tokio::task::spawn_blocking(move || -> Result<(), DbError> {
            use diesel::{Connection, RunQueryDsl};
            let mut conn = diesel::PgConnection::establish(&admin)
                .map_err(|error| DbError::Migration { name: "test", message: error.to_string() })?;
            diesel::sql_query(format!("CREATE DATABASE {database}")).execute(&mut conn)?;
            Ok(())
        })
        .await??;
        let url = replace_database(&admin_url, &name);
        let db = Db::connect(&url, migrations).await?;
        Ok(TestDb { db, url, cleanup: Cleanup::Postgres { admin_url, name } })
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup {
            use diesel::{Connection, RunQueryDsl};
            if let Ok(mut conn) = diesel::PgConnection::establish(admin_url) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut conn);
            }
        }
    }
}

/// An empty PostgreSQL database next to [`crate::servers::postgres_url`], for a process
/// that migrates it itself; dropped with this value.
pub struct EmptyPostgres {
    pub url: String,
    admin_url: String,
    name: String,
}

impl EmptyPostgres {
    pub fn create(label: &str) -> Result<EmptyPostgres, DbError> {
        use diesel::{Connection, RunQueryDsl};
        let admin_url = crate::servers::postgres_url();
        let name = format!("keyshop_{label}_{}", uuid::Uuid::new_v4().simple());
        let created = diesel::PgConnection::establish(&admin_url)
            .map_err(|error| DbError::Migration { name: "test", message: error.to_string() })
            .and_then(|mut conn| Ok(diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut conn)?));
        created.map(|_| EmptyPostgres { url: replace_database(&admin_url, &name), admin_url, name })
    }
}

impl Drop for EmptyPostgres {
    fn drop(&mut self) {
        use diesel::{Connection, RunQueryDsl};
        if let Ok(mut conn) = diesel::PgConnection::establish(&self.admin_url) {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)).execute(&mut conn);
        }
    }
}

/// `postgres://u@h:5432/test?x` with the database name replaced.
pub fn replace_database(url: &str, database: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(base, query)| (base, Some(query)));
    let scheme_end = base.find("://").map_or(0, |index| index + 3);
    let path_start = base[scheme_end..].find('/').map_or(base.len(), |index| scheme_end + index);
    let mut out = format!("{}/{database}", &base[..path_start]);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}

/// Runs the same async test body on SQLite and on PostgreSQL: the storage
/// suite of every component uses this.
#[macro_export]
macro_rules! storage_test {
    ($name:ident, $migrations:expr, $body:expr) => {
        mod $name {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let test_db = $crate::TestDb::sqlite($migrations).await.expect("sqlite test database");
                ($body)(test_db.db.clone()).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let test_db = $crate::TestDb::postgres($migrations).await.expect("postgres test database");
                ($body)(test_db.db.clone()).await;
            }
        }
    };
}

/// Like [`storage_test!`], but the body gets the whole [`TestDb`] (its URL
/// too), for tests that start a service from a configuration.
#[macro_export]
macro_rules! backend_test {
    ($name:ident, $migrations:expr, $body:expr) => {
        mod $name {
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let test_db = $crate::TestDb::sqlite($migrations).await.expect("sqlite test database");
                ($body)(test_db).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                ($body)($crate::TestDb::postgres($migrations).await.expect("postgres test database")).await;
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn replaces_the_database_name() {
        assert_eq!(
            replace_database("postgres://postgres@127.0.0.1:5432/test", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(
            replace_database("postgres://u:p@h/test?sslmode=disable", "y"),
            "postgres://u:p@h/y?sslmode=disable"
        );
        assert_eq!(replace_database("postgres://h", "z"), "postgres://h/z");
    }
}
