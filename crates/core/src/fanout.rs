//! Fan-out of short-lived messages to every replica of a service (live chat:
//! a line, someone typing, a read mark). Each process keeps a local
//! broadcast that its followers read; with `CACHE_URL=redis://…` a message
//! published on one replica goes through Redis pub/sub to the broadcast of
//! every replica, else (the embedded store, one process) straight to the
//! local one.
//!
//! Why Redis pub/sub and not the Kafka bus: these messages matter only to
//! whoever follows now. The durable record is the database (a client that
//! reconnects reads what it missed from there), so a message needs neither a
//! log nor a consumer group (a group per replica would replay the topic at
//! every start), and pub/sub delivers it in a round trip. Delivery is best
//! effort: a replica cut off from Redis reconnects, and its followers catch
//! up from the database.

use std::sync::Arc;
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{Client, RedisError};
use tokio::sync::{OnceCell, broadcast};

/// Messages a slow follower may fall behind by before it is dropped.
const BACKLOG: usize = 4096;
const CALL_TIMEOUT: Duration = Duration::from_secs(2);
const RECONNECT_AFTER: Duration = Duration::from_millis(500);

/// One channel of messages to every replica.
pub struct Fanout {
    local: broadcast::Sender<Arc<[u8]>>,
    redis: Option<RedisSide>,
}

struct RedisSide {
    client: Client,
    channel: String,
    connection: OnceCell<ConnectionManager>,
}

impl Fanout {
    /// A fan-out within this process only.
    pub fn local() -> Arc<Fanout> {
        Arc::new(Fanout { local: broadcast::channel(BACKLOG).0, redis: None })
    }

    /// The fan-out of `channel` for `CACHE_URL`: through Redis for a
    /// `redis://` URL (listening from now on, in the background), else local.
    pub fn from_url(url: &str, channel: &str) -> Result<Arc<Fanout>, RedisError> {
        if !url.starts_with("redis://") {
            return Ok(Fanout::local());
        }
        let redis = RedisSide { client: Client::open(url)?, channel: channel.to_owned(), connection: OnceCell::new() };
        let fanout = Arc::new(Fanout { local: broadcast::channel(BACKLOG).0, redis: Some(redis) });
        let listener = fanout.clone();
        tokio::spawn(async move { listener.listen().await });
        Ok(fanout)
    }

    /// Sends `payload` to every follower on every replica (best effort).
    pub async fn publish(&self, payload: Vec<u8>) {
        match &self.redis {
            None => {
                // No follower is no error.
                let _ = self.local.send(payload.into());
            }
            Some(redis) => {
                if let Err(error) = redis.publish(&payload).await {
                    tracing::warn!(error = %error, "fan-out through Redis failed; delivered here only");
                    let _ = self.local.send(payload.into());
                }
            }
        }
    }

    /// What is published from now on; a receiver that falls [`BACKLOG`]
    /// behind gets `Lagged` (its follower is dropped and resumes).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<[u8]>> {
        self.local.subscribe()
    }

    /// Forwards the Redis channel into the local broadcast, reconnecting
    /// after a failure, for the life of the process.
    async fn listen(self: Arc<Self>) {
        let Some(redis) = &self.redis else { return };
        loop {
            match redis.client.get_async_pubsub().await {
                Ok(mut pubsub) => match pubsub.subscribe(&redis.channel).await {
                    Ok(()) => {
                        let mut messages = pubsub.on_message();
                        while let Some(message) = futures::StreamExt::next(&mut messages).await {
                            let payload: Vec<u8> = message.get_payload_bytes().to_vec();
                            let _ = self.local.send(payload.into());
                        }
                        tracing::warn!(channel = %redis.channel, "Redis pub/sub ended; listening again");
                    }
                    Err(error) => tracing::warn!(error = %error, "Redis subscribe failed"),
                },
                Err(error) => tracing::warn!(error = %error, "Redis pub/sub unreachable"),
            }
            tokio::time::sleep(RECONNECT_AFTER).await;
        }
    }
}

impl RedisSide {
    async fn publish(&self, payload: &[u8]) -> Result<(), RedisError> {
        let mut connection = self
            .connection
            .get_or_try_init(|| async {
                let config = ConnectionManagerConfig::new()
                    .set_connection_timeout(Some(CALL_TIMEOUT))
                    .set_response_timeout(Some(CALL_TIMEOUT))
                    .set_number_of_retries(1);
                ConnectionManager::new_with_config(self.client.clone(), config).await
            })
            .await?
            .clone();
        redis::cmd("PUBLISH").arg(&self.channel).arg(payload).query_async::<i64>(&mut connection).await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_local_fanout_reaches_every_follower_and_drops_a_slow_one() {
        let fanout = Fanout::local();
        let (mut first, mut second) = (fanout.subscribe(), fanout.subscribe());
        fanout.publish(b"hello".to_vec()).await;
        assert_eq!(&*first.recv().await.unwrap(), b"hello");
        assert_eq!(&*second.recv().await.unwrap(), b"hello");
        for index in 0..=BACKLOG {
            fanout.publish(index.to_string().into_bytes()).await;
        }
        assert!(matches!(first.recv().await, Err(broadcast::error::RecvError::Lagged(_))));
    }
}
