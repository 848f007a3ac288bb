-- Refunds: at most one per paid session, the whole amount, through the
-- session's provider.
CREATE TABLE refunds (
    session_id TEXT PRIMARY KEY REFERENCES payment_sessions (id),
    order_no TEXT NOT NULL,
    provider TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL,
    provider_ref TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_no);
