-- Payment methods per currency, a session per attempt to pay an order, and
-- every provider event seen (webhooks are de-duplicated on it).

CREATE TABLE payment_methods (
    code TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    -- comma-separated ISO codes, or * for every currency
    currencies TEXT NOT NULL,
    fee_basis_points BIGINT NOT NULL DEFAULT 0 CHECK (fee_basis_points >= 0),
    fee_fixed_usd BIGINT NOT NULL DEFAULT 0 CHECK (fee_fixed_usd >= 0),
    sort INTEGER NOT NULL DEFAULT 0
);

INSERT INTO payment_methods (code, provider, currencies, fee_basis_points, fee_fixed_usd, sort) VALUES
    ('sandbox-card', 'sandbox', '*', 0, 0, 1),
    ('stripe-card', 'stripe', 'USD,EUR,GBP,CAD,AUD,JPY,CHF,SEK,NOK,DKK,PLN,CZK,HUF,RON,TRY', 290, 30, 2),
    ('paypal', 'paypal', 'USD,EUR,GBP,CAD,AUD,JPY,CHF,SEK,NOK,DKK,PLN,CZK,HUF', 349, 49, 3);

CREATE TABLE payment_sessions (
    id TEXT PRIMARY KEY,
    order_no TEXT NOT NULL,
    provider TEXT NOT NULL,
    method TEXT NOT NULL REFERENCES payment_methods (code),
    -- minor units of currency, what the provider must confirm
    amount BIGINT NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'succeeded', 'failed', 'cancelled', 'expired')),
    -- the provider's reason for a failure
    reason TEXT NOT NULL DEFAULT '',
    -- the provider's own id of the payment (checkout session, order)
    provider_ref TEXT NOT NULL DEFAULT '',
    expires_at BIGINT NOT NULL,
    paid_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX payment_sessions_order ON payment_sessions (order_no, created_at);
CREATE INDEX payment_sessions_open ON payment_sessions (state, expires_at);

CREATE TABLE provider_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    -- what the event did: applied, ignored (nothing to change) or mismatch
    outcome TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_id)
);
