-- Paid orders to deliver: what the buyer bought (from OrderPaid), and the
-- delivery e-mail's progress. One row per order, however often the event
-- arrives.

CREATE TABLE deliveries (
    order_no TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    language TEXT NOT NULL,
    order_url TEXT NOT NULL,
    -- waiting_stock: keys missing; queued: the e-mail is due; sent
    state TEXT NOT NULL CHECK (state IN ('waiting_stock', 'queued', 'sent')),
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at BIGINT,
    -- when the buyer last asked for the e-mail again
    resent_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);

CREATE TABLE delivery_lines (
    order_no TEXT NOT NULL REFERENCES deliveries (order_no),
    line_no BIGINT NOT NULL,
    title TEXT NOT NULL,
    platform TEXT NOT NULL,
    game_name TEXT NOT NULL,
    game_ext_name TEXT NOT NULL,
    PRIMARY KEY (order_no, line_no)
);
