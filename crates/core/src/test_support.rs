//! Helpers for tests across the workspace: throw-away databases on SQLite and
//! PostgreSQL, and a real SMTP server that keeps what it receives.
//!
//! Tests that need a server find it on `TEST_POSTGRES_URL`, `TEST_REDIS_URL`
//! or `TEST_KAFKA_URL`, else where this kind of machine runs it, and fail when
//! it does not answer: `make test-rust` (`.ci/test-services`) starts what it
//! can and filters out, as skipped, the tests whose server is absent. Their
//! names say what they need (`postgres`, `redis`, `kafka`, `distributed`).

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::Mutex;

use crate::db::{Db, DbError, Migrations};

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

    /// A fresh PostgreSQL database next to [`postgres_url`].
    pub async fn postgres(migrations: &'static Migrations) -> Result<TestDb, DbError> {
        let name = format!("keyshop_test_{}", uuid::Uuid::new_v4().simple());
        TestDb::create_postgres(postgres_url(), name, migrations).await
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

/// An empty PostgreSQL database next to [`postgres_url`], for a process
/// that migrates it itself; dropped with this value.
pub struct EmptyPostgres {
    pub url: String,
    admin_url: String,
    name: String,
}

impl EmptyPostgres {
    pub fn create(label: &str) -> Result<EmptyPostgres, DbError> {
        use diesel::{Connection, RunQueryDsl};
        let admin_url = postgres_url();
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

/// `name`'s value, else `default`.
fn server_url(name: &str, default: &str) -> String {
    std::env::var(name).ok().filter(|url| !url.is_empty()).unwrap_or_else(|| default.to_owned())
}

/// The PostgreSQL server tests create their databases on.
pub fn postgres_url() -> String {
    server_url("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable")
}

/// The Redis server of the cache's tests and the distributed test.
pub fn redis_url() -> String {
    server_url("TEST_REDIS_URL", "redis://127.0.0.1:6379")
}

/// The Kafka-compatible broker of the bus's tests.
pub fn kafka_url() -> String {
    server_url("TEST_KAFKA_URL", "kafka://127.0.0.1:19092")
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
                let test_db = $crate::test_support::TestDb::sqlite($migrations).await.expect("sqlite test database");
                ($body)(test_db.db.clone()).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let test_db =
                    $crate::test_support::TestDb::postgres($migrations).await.expect("postgres test database");
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
                let test_db = $crate::test_support::TestDb::sqlite($migrations).await.expect("sqlite test database");
                ($body)(test_db).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                ($body)($crate::test_support::TestDb::postgres($migrations).await.expect("postgres test database"))
                    .await;
            }
        }
    };
}

/// The complete e-mails a `file://` mailer wrote to `dir`, as text with
/// quoted-printable undone, oldest first.
pub fn outbox_mails(dir: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|entry| entry.path()).collect();
    files.sort_by_key(|path| std::fs::metadata(path).and_then(|meta| meta.modified()).ok());
    files
        .iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
        .filter_map(|path| std::fs::read_to_string(path).ok())
        // A file still being written is left for the next look: every
        // message is multipart, complete once its closing boundary is there.
        .filter(|raw| raw.trim_end().ends_with("--"))
        .map(|raw| decode_quoted_printable(&raw))
        .collect()
}

/// Soft line breaks and `=XX` escapes of quoted-printable undone.
fn decode_quoted_printable(raw: &str) -> String {
    let joined = raw.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'='
            && index + 2 < bytes.len()
            && let Ok(byte) = u8::from_str_radix(&joined[index + 1..index + 3], 16)
        {
            out.push(byte);
            index += 3;
            continue;
        }
        out.push(bytes[index]);
        index += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One message an [`SmtpSink`] received.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub from: String,
    pub recipients: Vec<String>,
    pub data: String,
}

/// A small but real SMTP server on loopback that accepts every message.
pub struct SmtpSink {
    addr: SocketAddr,
    messages: Arc<Mutex<Vec<ReceivedMail>>>,
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        let listener = match TcpListener::bind("127.0.0.1:0").await {
            Ok(listener) => listener,
            Err(error) => panic!("smtp sink cannot bind: {error}"),
        };
        let addr = listener.local_addr().unwrap_or_else(|error| panic!("smtp sink address: {error}"));
        let messages = Arc::new(Mutex::new(Vec::new()));
        let store = messages.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let store = store.clone();
                tokio::spawn(async move {
                    let _ = serve_smtp(stream, store).await;
                });
            }
        });
        SmtpSink { addr, messages }
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub async fn messages(&self) -> Vec<ReceivedMail> {
        self.messages.lock().await.clone()
    }
}

async fn serve_smtp(stream: tokio::net::TcpStream, store: Arc<Mutex<Vec<ReceivedMail>>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut current = ReceivedMail { from: String::new(), recipients: Vec::new(), data: String::new() };
    while let Some(line) = lines.next_line().await? {
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            write.write_all(b"250-sink\r\n250 8BITMIME\r\n").await?;
        } else if upper.starts_with("MAIL FROM:") {
            current.from = line[10..].trim().trim_matches(['<', '>']).to_owned();
            write.write_all(b"250 OK\r\n").await?;
        } else if upper.starts_with("RCPT TO:") {
            current.recipients.push(line[8..].trim().trim_matches(['<', '>']).to_owned());
            write.write_all(b"250 OK\r\n").await?;
        } else if upper == "DATA" {
            write.write_all(b"354 go ahead\r\n").await?;
            while let Some(data_line) = lines.next_line().await? {
                if data_line == "." {
                    break;
                }
                current.data.push_str(&data_line);
                current.data.push('\n');
            }
            store.lock().await.push(std::mem::replace(
                &mut current,
                ReceivedMail { from: String::new(), recipients: Vec::new(), data: String::new() },
            ));
            write.write_all(b"250 queued\r\n").await?;
        } else if upper == "QUIT" {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            write.write_all(b"250 OK\r\n").await?;
        }
    }
    Ok(())
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
