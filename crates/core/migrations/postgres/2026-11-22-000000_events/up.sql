-- Transactional outbox: producers insert here in the same transaction as the
-- state change; the relay publishes and stamps published_at.
CREATE TABLE outbox (
    seq BIGSERIAL PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    topic TEXT NOT NULL,
    event_type TEXT NOT NULL,
    aggregate_key TEXT NOT NULL,
    payload BYTEA NOT NULL,
    traceparent TEXT NOT NULL DEFAULT '',
    tracestate TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    published_at BIGINT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE INDEX outbox_pending ON outbox (published_at, seq);

-- Idempotent consumers: one row per (consumer, event) handled.
CREATE TABLE processed_events (
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    PRIMARY KEY (consumer, event_id)
);
