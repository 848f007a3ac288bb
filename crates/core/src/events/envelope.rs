use keyshop_proto::events::v1::EventEnvelope;
use prost::Message;
use uuid::Uuid;

use crate::clock::{Clock, SystemClock};
use crate::error::AppError;
use crate::telemetry;

/// A protobuf payload that knows its type name and topic.
pub trait EventPayload: Message + Default {
    const EVENT_TYPE: &'static str;
    const TOPIC: &'static str;
}

/// An event as producers write it and consumers read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub id: String,
    pub event_type: String,
    pub topic: String,
    pub aggregate_key: String,
    pub occurred_at_ms: i64,
    pub traceparent: String,
    pub tracestate: String,
    pub payload: Vec<u8>,
}

impl Event {
    /// A new event of `payload`, carrying the current trace context.
    pub fn new<P: EventPayload>(aggregate_key: impl Into<String>, payload: &P) -> Event {
        let (traceparent, tracestate) = telemetry::current_trace_context();
        Event {
            id: Uuid::now_v7().to_string(),
            event_type: P::EVENT_TYPE.to_owned(),
            topic: P::TOPIC.to_owned(),
            aggregate_key: aggregate_key.into(),
            occurred_at_ms: SystemClock.now_ms(),
            traceparent,
            tracestate,
            payload: payload.encode_to_vec(),
        }
    }

    pub fn is<P: EventPayload>(&self) -> bool {
        self.event_type == P::EVENT_TYPE
    }

    /// Decodes the payload as `P`; `None` when the event is of another type.
    pub fn decode<P: EventPayload>(&self) -> Option<Result<P, AppError>> {
        if !self.is::<P>() {
            return None;
        }
        Some(P::decode(self.payload.as_slice()).map_err(|error| {
            AppError::internal(format!("event {} of type {} does not decode: {error}", self.id, self.event_type))
        }))
    }

    pub fn to_proto(&self) -> EventEnvelope {
        EventEnvelope {
            id: self.id.clone(),
            event_type: self.event_type.clone(),
            topic: self.topic.clone(),
            aggregate_key: self.aggregate_key.clone(),
            occurred_at_ms: self.occurred_at_ms,
            traceparent: self.traceparent.clone(),
            tracestate: self.tracestate.clone(),
            payload: self.payload.clone(),
        }
    }

    pub fn from_proto(envelope: EventEnvelope) -> Event {
        Event {
            id: envelope.id,
            event_type: envelope.event_type,
            topic: envelope.topic,
            aggregate_key: envelope.aggregate_key,
            occurred_at_ms: envelope.occurred_at_ms,
            traceparent: envelope.traceparent,
            tracestate: envelope.tracestate,
            payload: envelope.payload,
        }
    }
}

impl EventPayload for keyshop_proto::events::v1::StaffActionRecorded {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.StaffActionRecorded";
    const TOPIC: &'static str = super::topics::AUDIT;
}

impl EventPayload for keyshop_proto::events::v1::CurrencyRateChanged {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.CurrencyRateChanged";
    const TOPIC: &'static str = super::topics::CATALOG;
}

impl EventPayload for keyshop_proto::events::v1::SettingChanged {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.SettingChanged";
    const TOPIC: &'static str = super::topics::CATALOG;
}

impl EventPayload for keyshop_proto::events::v1::ProductsChanged {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.ProductsChanged";
    const TOPIC: &'static str = super::topics::CATALOG;
}

impl EventPayload for keyshop_proto::events::v1::StockChanged {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.StockChanged";
    const TOPIC: &'static str = super::topics::DELIVERY;
}

impl EventPayload for keyshop_proto::events::v1::OrderPaid {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.OrderPaid";
    const TOPIC: &'static str = super::topics::ORDER;
}

impl EventPayload for keyshop_proto::events::v1::OrderRefunded {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.OrderRefunded";
    const TOPIC: &'static str = super::topics::ORDER;
}

impl EventPayload for keyshop_proto::events::v1::OrderCancelled {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.OrderCancelled";
    const TOPIC: &'static str = super::topics::ORDER;
}

impl EventPayload for keyshop_proto::events::v1::PaymentSucceeded {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.PaymentSucceeded";
    const TOPIC: &'static str = super::topics::PAYMENT;
}

impl EventPayload for keyshop_proto::events::v1::KeysDelivered {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.KeysDelivered";
    const TOPIC: &'static str = super::topics::DELIVERY;
}

impl EventPayload for keyshop_proto::events::v1::KeysDelayed {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.KeysDelayed";
    const TOPIC: &'static str = super::topics::DELIVERY;
}

impl EventPayload for keyshop_proto::events::v1::MemberRegistered {
    const EVENT_TYPE: &'static str = "keyshop.events.v1.MemberRegistered";
    const TOPIC: &'static str = super::topics::MEMBER;
}

#[cfg(test)]
mod tests {
    use super::*;
    use keyshop_proto::events::v1::{CurrencyRateChanged, SettingChanged};

    #[test]
    fn payload_round_trips_and_types_are_checked() {
        let payload = CurrencyRateChanged { code: "EUR".into(), old_rate_micros: 1, new_rate_micros: 2 };
        let event = Event::new("EUR", &payload);
        assert_eq!(event.topic, "keyshop.catalog.v1");
        assert!(event.decode::<SettingChanged>().is_none());
        assert_eq!(event.decode::<CurrencyRateChanged>().unwrap().unwrap(), payload);
        assert_eq!(Event::from_proto(event.to_proto()), event);
    }
}
