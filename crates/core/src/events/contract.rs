//! What every [`EventBus`] does, run against each implementation (the
//! in-process bus and Kafka): `bus_contract!(make)` writes one test per rule,
//! `make` being an expression that gives an `Arc<dyn EventBus>` whose events
//! are dead-lettered after two attempts.
//!
//! Each test uses topics and groups of its own, so runs against one broker
//! never see each other's events.

use std::sync::Arc;
use std::time::Duration;

use keyshop_proto::events::v1::SettingChanged;

use super::{Delivery, Event, EventBus, Subscription, topics};

/// Long enough for a Kafka group to form and rebalance.
const WAIT: Duration = Duration::from_secs(60);

fn unique(name: &str) -> String {
    format!("test.{name}.{}", uuid::Uuid::new_v4().simple())
}

fn event(topic: &str, key: &str, n: usize) -> Event {
    Event { topic: topic.to_owned(), ..Event::new(key, &SettingChanged { key: format!("{key}-{n}") }) }
}

fn label(delivery: &Delivery) -> String {
    delivery.event.decode::<SettingChanged>().and_then(Result::ok).map(|changed| changed.key).unwrap_or_default()
}

async fn next(subscription: &mut Box<dyn Subscription>) -> Delivery {
    tokio::time::timeout(WAIT, subscription.next()).await.expect("a delivery in time").expect("the bus is open")
}

/// Publishes `events` in order from another task (the in-process bus
/// answers a publish only once the event was handled).
fn publish_all(bus: &Arc<dyn EventBus>, events: Vec<Event>) -> tokio::task::JoinHandle<()> {
    let bus = Arc::clone(bus);
    tokio::spawn(async move {
        for event in events {
            bus.publish(&event).await.expect("published");
        }
    })
}

async fn finished(publisher: tokio::task::JoinHandle<()>) {
    tokio::time::timeout(WAIT, publisher).await.expect("publishing finished in time").expect("publisher ran");
}

pub async fn every_group_gets_every_event_and_members_share(bus: Arc<dyn EventBus>) {
    let topic = unique("fanout");
    let (a, b) = (unique("a"), unique("b"));
    let mut first_a = bus.subscribe(&a, &[&topic]).await.unwrap();
    let mut second_a = bus.subscribe(&a, &[&topic]).await.unwrap();
    let mut only_b = bus.subscribe(&b, &[&topic]).await.unwrap();
    let publisher = publish_all(&bus, (0..4).map(|n| event(&topic, &format!("k{n}"), n)).collect());
    let (mut seen_by_a, mut seen_by_b) = (Vec::new(), Vec::new());
    while seen_by_a.len() < 4 || seen_by_b.len() < 4 {
        let delivery = tokio::time::timeout(WAIT, async {
            tokio::select! {
                Some(delivery) = first_a.next() => ("a", delivery),
                Some(delivery) = second_a.next() => ("a", delivery),
                Some(delivery) = only_b.next() => ("b", delivery),
            }
        })
        .await
        .expect("deliveries in time");
        let (member, delivery) = delivery;
        if member == "a" { &mut seen_by_a } else { &mut seen_by_b }.push(label(&delivery));
        delivery.ack();
    }
    finished(publisher).await;
    seen_by_a.sort();
    seen_by_b.sort();
    assert_eq!(seen_by_a, ["k0-0", "k1-1", "k2-2", "k3-3"]);
    assert_eq!(seen_by_b, seen_by_a);
}

pub async fn one_aggregate_is_delivered_in_order(bus: Arc<dyn EventBus>) {
    let topic = unique("order");
    let mut subscription = bus.subscribe(&unique("g"), &[&topic]).await.unwrap();
    let publisher = publish_all(&bus, (0..20).map(|n| event(&topic, "KS1", n)).collect());
    let mut seen = Vec::new();
    for _ in 0..20 {
        let delivery = next(&mut subscription).await;
        seen.push(label(&delivery));
        delivery.ack();
    }
    finished(publisher).await;
    assert_eq!(seen, (0..20).map(|n| format!("KS1-{n}")).collect::<Vec<_>>());
}

pub async fn a_nacked_event_is_delivered_again(bus: Arc<dyn EventBus>) {
    let topic = unique("retry");
    let mut subscription = bus.subscribe(&unique("g"), &[&topic]).await.unwrap();
    let publisher = publish_all(&bus, vec![event(&topic, "k", 1)]);
    let first = next(&mut subscription).await;
    assert_eq!(first.attempt, 1);
    first.nack("boom");
    let second = next(&mut subscription).await;
    assert_eq!((second.attempt, label(&second).as_str()), (2, "k-1"));
    second.ack();
    finished(publisher).await;
}

pub async fn an_unacked_event_goes_to_the_next_member(bus: Arc<dyn EventBus>) {
    let (topic, group) = (unique("handover"), unique("g"));
    let mut leaving = bus.subscribe(&group, &[&topic]).await.unwrap();
    let publisher = publish_all(&bus, vec![event(&topic, "k", 1), event(&topic, "k", 2)]);
    let handled = next(&mut leaving).await;
    assert_eq!(label(&handled), "k-1");
    handled.ack();
    let unhandled = next(&mut leaving).await;
    assert_eq!(label(&unhandled), "k-2");
    // The member leaves mid-way: its second event was never acked.
    drop(unhandled);
    drop(leaving);
    let mut next_member = bus.subscribe(&group, &[&topic]).await.unwrap();
    let again = next(&mut next_member).await;
    assert_eq!(label(&again), "k-2", "the acked event is not handled twice");
    again.ack();
    finished(publisher).await;
}

pub async fn an_event_failing_every_attempt_is_dead_lettered(bus: Arc<dyn EventBus>) {
    let topic = unique("poison");
    let mut dead = bus.subscribe(&unique("dead"), &[topics::DEAD_LETTER]).await.unwrap();
    let mut subscription = bus.subscribe(&unique("g"), &[&topic]).await.unwrap();
    let poison = event(&topic, "bad", 1);
    let publisher = publish_all(&bus, vec![poison.clone(), event(&topic, "good", 2)]);
    let mut attempts = 0;
    let mut handled = Vec::new();
    while handled.is_empty() || attempts < 2 {
        let delivery = next(&mut subscription).await;
        if delivery.event.id == poison.id {
            attempts += 1;
            delivery.nack(format!("attempt {attempts} failed"));
        } else {
            handled.push(label(&delivery));
            delivery.ack();
        }
    }
    finished(publisher).await;
    assert_eq!(handled, ["good-2"], "the poison event holds nothing else up");
    loop {
        let letter = next(&mut dead).await;
        let found = letter.event.id == poison.id;
        letter.ack();
        if found {
            break;
        }
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        tokio::time::timeout(Duration::from_millis(300), subscription.next()).await.is_err(),
        "a dead-lettered event is not delivered again"
    );
}

/// One `#[tokio::test]` per rule above for the bus `make` opens.
macro_rules! bus_contract {
    ($make:expr) => {
        $crate::events::contract::bus_contract!(@tests $make;
            every_group_gets_every_event_and_members_share, one_aggregate_is_delivered_in_order,
            a_nacked_event_is_delivered_again, an_unacked_event_goes_to_the_next_member,
            an_event_failing_every_attempt_is_dead_lettered);
    };
    (@tests $make:expr; $($rule:ident),*) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $rule() {
                let bus: std::sync::Arc<dyn $crate::events::EventBus> = $make;
                $crate::events::contract::$rule(bus).await;
            }
        )*
    };
}

pub(crate) use bus_contract;
