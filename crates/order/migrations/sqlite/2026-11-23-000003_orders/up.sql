-- Orders with every part of their price, locked at checkout; their lines
-- with a snapshot of each product; their state history; coupons and their
-- uses. Money is in minor units: *_usd in US cents, the rest in the order's
-- currency at rate_micros (units of the currency per 1 USD, × 1,000,000).

CREATE TABLE coupons (
    code TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    -- percent off (1..100), or US cents off
    amount BIGINT NOT NULL CHECK (amount > 0),
    min_goods_usd BIGINT NOT NULL DEFAULT 0 CHECK (min_goods_usd >= 0),
    starts_at BIGINT NOT NULL,
    ends_at BIGINT,
    usage_limit BIGINT,
    used BIGINT NOT NULL DEFAULT 0 CHECK (used >= 0),
    per_buyer_limit BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE orders (
    order_no TEXT PRIMARY KEY,
    -- 0 for a guest
    member_id BIGINT NOT NULL DEFAULT 0,
    email TEXT NOT NULL,
    contact TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT 'en-US',
    currency TEXT NOT NULL,
    rate_micros BIGINT NOT NULL CHECK (rate_micros > 0),
    goods BIGINT NOT NULL,
    member_discount BIGINT NOT NULL DEFAULT 0,
    coupon_code TEXT,
    coupon_discount BIGINT NOT NULL DEFAULT 0,
    payment_method TEXT NOT NULL,
    payment_fee BIGINT NOT NULL DEFAULT 0,
    adjustment BIGINT NOT NULL DEFAULT 0,
    service_charge BIGINT NOT NULL DEFAULT 0,
    freight BIGINT NOT NULL DEFAULT 0,
    real_amount BIGINT NOT NULL CHECK (real_amount >= 0),
    real_amount_usd BIGINT NOT NULL CHECK (real_amount_usd >= 0),
    state TEXT NOT NULL,
    -- SHA-256 of the token in the guest's e-mail link
    link_token_hash TEXT NOT NULL UNIQUE,
    -- the buyer's Idempotency-Key, scoped to the buyer
    idempotency_key TEXT,
    expires_at BIGINT NOT NULL,
    paid_at BIGINT,
    delivered_at BIGINT,
    completed_at BIGINT,
    deleted_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    -- SHA-256 of the token in the delivery e-mail's link (made at payment)
    mail_token_hash TEXT
);
CREATE INDEX orders_member ON orders (member_id, created_at);
CREATE INDEX orders_email ON orders (email);
CREATE INDEX orders_state ON orders (state, expires_at);
CREATE UNIQUE INDEX orders_idempotency ON orders (email, member_id, idempotency_key);

CREATE TABLE order_lines (
    order_no TEXT NOT NULL REFERENCES orders (order_no),
    line_no BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    sku TEXT NOT NULL,
    title TEXT NOT NULL,
    platform TEXT NOT NULL DEFAULT '',
    image TEXT NOT NULL DEFAULT '',
    -- the product page (its activation guide for the delivery e-mail)
    game_name TEXT NOT NULL DEFAULT '',
    game_ext_name TEXT NOT NULL DEFAULT '',
    unit_price_usd BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_no, line_no)
);

-- Every state the order went through, for tracking.
CREATE TABLE order_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_no TEXT NOT NULL REFERENCES orders (order_no),
    state TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    at BIGINT NOT NULL
);
CREATE INDEX order_history_order ON order_history (order_no, at);

CREATE TABLE coupon_uses (
    coupon_code TEXT NOT NULL REFERENCES coupons (code),
    -- "member:ID" or the guest's e-mail
    buyer TEXT NOT NULL,
    order_no TEXT NOT NULL REFERENCES orders (order_no),
    PRIMARY KEY (coupon_code, order_no)
);
CREATE INDEX coupon_uses_buyer ON coupon_uses (coupon_code, buyer);
