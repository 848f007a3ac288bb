//! Routes live chat's events to their followers: one task reads the fan-out,
//! decodes each event once, and hands it to the followers of its own
//! conversation (a channel per conversation followed here) and to the agents
//! (one channel for all). A shopper's follower so costs nothing for the
//! other conversations' events, however many there are.
//!
//! When the router itself falls behind the fan-out, every channel is closed:
//! each follower ends with an error and resumes from the database.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use keyshop_core::fanout::Fanout;
use keyshop_proto::member::v1 as pb;
use prost::Message;
use tokio::sync::broadcast;

/// Events one conversation's follower may be behind by before it is dropped.
const PER_CHAT: usize = 256;
/// Events an agent's follower (every conversation) may be behind by.
const ALL_CHATS: usize = 4096;

pub type Event = Arc<pb::ChatEvent>;

pub struct ChatRouter {
    chats: Mutex<HashMap<i64, broadcast::Sender<Event>>>,
    all: Mutex<broadcast::Sender<Event>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl ChatRouter {
    /// A router reading `fanout` from now on, for as long as it is kept.
    pub fn start(fanout: &Fanout) -> Arc<ChatRouter> {
        let router = Arc::new(ChatRouter {
            chats: Mutex::new(HashMap::new()),
            all: Mutex::new(broadcast::channel(ALL_CHATS).0),
        });
        let mut events = fanout.subscribe();
        let kept = Arc::downgrade(&router);
        tokio::spawn(async move {
            loop {
                let received = events.recv().await;
                let Some(router) = kept.upgrade() else { return };
                match received {
                    Ok(bytes) => match pb::ChatEvent::decode(&*bytes) {
                        Ok(event) => router.dispatch(Arc::new(event)),
                        Err(error) => tracing::warn!(error = %error, "a chat event does not decode"),
                    },
                    Err(broadcast::error::RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "the chat router fell behind; every follower resumes");
                        router.close_all();
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
        router
    }

    /// The events of conversation `chat_id` from now on.
    pub fn chat(&self, chat_id: i64) -> broadcast::Receiver<Event> {
        let mut chats = locked(&self.chats);
        // Conversations nobody follows any more are forgotten now and then.
        if chats.len() >= 1024 && chats.len().is_power_of_two() {
            chats.retain(|_, sender| sender.receiver_count() > 0);
        }
        chats.entry(chat_id).or_insert_with(|| broadcast::channel(PER_CHAT).0).subscribe()
    }

    /// Every conversation's events from now on (the agents' screens).
    pub fn all(&self) -> broadcast::Receiver<Event> {
        locked(&self.all).subscribe()
    }

    fn dispatch(&self, event: Event) {
        // No follower is no error.
        let _ = locked(&self.all).send(event.clone());
        let mut chats = locked(&self.chats);
        let chat_id = event.chat_id;
        if let Some(sender) = chats.get(&chat_id)
            && sender.send(event).is_err()
        {
            chats.remove(&chat_id);
        }
    }

    /// Ends every follower (they resume from the database).
    fn close_all(&self) {
        locked(&self.chats).clear();
        *locked(&self.all) = broadcast::channel(ALL_CHATS).0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use keyshop_proto::member::v1::chat_event::Kind;

    fn typing(chat_id: i64) -> Vec<u8> {
        pb::ChatEvent { chat_id, kind: Some(Kind::Typing("shopper".to_owned())) }.encode_to_vec()
    }

    #[tokio::test]
    async fn a_follower_gets_its_own_conversation_only_and_agents_get_all() {
        let fanout = Fanout::local();
        let router = ChatRouter::start(&fanout);
        let mut seven = router.chat(7);
        let mut all = router.all();
        fanout.publish(typing(8)).await;
        fanout.publish(typing(7)).await;
        assert_eq!(seven.recv().await.unwrap().chat_id, 7, "not 8's");
        assert_eq!(all.recv().await.unwrap().chat_id, 8);
        assert_eq!(all.recv().await.unwrap().chat_id, 7);
        drop(seven);
        fanout.publish(typing(7)).await;
        all.recv().await.unwrap();
        for _ in 0..100 {
            if locked(&router.chats).is_empty() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert!(locked(&router.chats).is_empty(), "nobody follows 7 any more");
        router.close_all();
        assert!(all.recv().await.is_err(), "closed: the agent resumes");
    }
}
