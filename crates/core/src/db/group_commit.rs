//! Group commit for SQLite: one writer thread per database runs the queued
//! write transactions of this process together, each in its own savepoint of
//! one `BEGIN IMMEDIATE … COMMIT`, and answers them once that commit is done.
//!
//! A SQLite file takes one writer at a time, so this process's writers queued
//! anyway; what grouping saves is the per-transaction cost: a commit appends
//! every page the transaction touched to the write-ahead log, and the pages
//! that every purchase touches (the outbox's last page, the indexes' right
//! edges) were appended once per transaction; now once per group. It also
//! saves the hop to a blocking thread per write. Under light load a group is
//! one transaction, as before; the more writers wait, the larger the groups.
//!
//! Each transaction keeps its own outcome: one whose work fails is rolled back
//! to its savepoint and the others commit. Nobody hears of success before the
//! commit; if the commit fails, every transaction of the group gets the error.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;

use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::r2d2::Pool;

use super::{DbConnection, DbError, DbManager};

/// The most transactions one commit takes: a bound on how long the first of
/// a group waits for the others' work.
const MAX_GROUP: usize = 64;

/// What a queued transaction leaves once its work ran: told how the commit
/// went, it answers its caller.
type Answer = Box<dyn FnOnce(Result<(), &str>) + Send>;
/// A queued transaction: runs its work in a savepoint of the group's
/// transaction (given the error instead when the group could not start).
type Job = Box<dyn for<'c> FnOnce(Result<&'c mut DbConnection, &str>) -> Answer + Send>;

/// The queue of the writer thread. Cloned with the [`super::Db`]; the thread
/// ends when the last clone is dropped.
#[derive(Clone)]
pub(super) struct GroupWriter {
    queue: mpsc::Sender<Job>,
}

impl GroupWriter {
    /// Starts the writer thread of `pool`'s database.
    pub(super) fn start(pool: Pool<DbManager>) -> std::io::Result<GroupWriter> {
        let (queue, jobs) = mpsc::channel::<Job>();
        std::thread::Builder::new().name("db-writer".to_owned()).spawn(move || write_groups(&pool, &jobs))?;
        Ok(GroupWriter { queue })
    }

    /// Runs `work` in the next group; resolves once the group is committed
    /// (or `work` failed and was rolled back).
    pub(super) async fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<DbError> + From<diesel::result::Error> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel::<Result<T, E>>();
        // The caller's span goes along: events written to the outbox in
        // `work` carry its trace context.
        let span = tracing::Span::current();
        let job: Job = Box::new(move |conn: Result<&mut DbConnection, &str>| {
            let _entered = span.enter();
            let outcome = match conn {
                Ok(conn) => in_savepoint(conn, work),
                Err(message) => Err(E::from(DbError::Group(message.to_owned()))),
            };
            Box::new(move |committed: Result<(), &str>| {
                let outcome = match (outcome, committed) {
                    (Ok(value), Ok(())) => Ok(value),
                    (Ok(_), Err(message)) => Err(E::from(DbError::Group(message.to_owned()))),
                    (Err(error), _) => Err(error),
                };
                // The caller may have gone (its request was cancelled).
                let _ = reply.send(outcome);
            })
        });
        self.queue.send(job).map_err(|_| E::from(DbError::WriterGone))?;
        answer.await.map_err(|_| E::from(DbError::WriterGone))?
    }
}

/// `work` in a savepoint: released on `Ok`, rolled back on `Err` or a panic.
fn in_savepoint<T, E, F>(conn: &mut DbConnection, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<DbError> + From<diesel::result::Error>,
{
    DbConnection::begin_transaction(conn)?;
    let outcome = match catch_unwind(AssertUnwindSafe(|| work(conn))) {
        Ok(outcome) => outcome,
        Err(_) => Err(E::from(DbError::Panicked)),
    };
    match outcome {
        Ok(value) => {
            DbConnection::commit_transaction(conn)?;
            Ok(value)
        }
        Err(error) => {
            if let Err(rollback_error) = DbConnection::rollback_transaction(conn) {
                tracing::warn!(error = %rollback_error, "rollback to a savepoint failed");
            }
            Err(error)
        }
    }
}

/// The writer thread: waits for a transaction, takes every other one queued
/// by then (up to [`MAX_GROUP`]) and commits them together.
fn write_groups(pool: &Pool<DbManager>, jobs: &mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match jobs.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        metrics::histogram!("db_write_group_size").record(group.len() as f64);
        commit_group(pool, group);
    }
}

fn commit_group(pool: &Pool<DbManager>, group: Vec<Job>) {
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(error) => return refuse(group, &DbError::from(error).to_string()),
    };
    let conn: &mut DbConnection = &mut conn;
    let begun = match conn {
        DbConnection::Sqlite(inner) => AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE"),
        DbConnection::Postgres(_) => DbConnection::begin_transaction(conn),
    };
    if let Err(error) = begun {
        return refuse(group, &error.to_string());
    }
    let answers: Vec<Answer> = group.into_iter().map(|job| job(Ok(&mut *conn))).collect();
    match DbConnection::commit_transaction(conn) {
        Ok(()) => answers.into_iter().for_each(|answer| answer(Ok(()))),
        Err(error) => {
            tracing::warn!(error = %error, "a group commit failed");
            if let Err(rollback_error) = DbConnection::rollback_transaction(conn) {
                tracing::warn!(error = %rollback_error, "rolling back a failed group commit failed");
            }
            let message = error.to_string();
            answers.into_iter().for_each(|answer| answer(Err(&message)));
        }
    }
}

/// Answers every transaction of a group that could not start.
fn refuse(group: Vec<Job>, message: &str) {
    tracing::warn!(error = %message, "a write group could not start");
    for job in group {
        job(Err(message))(Err(message));
    }
}
