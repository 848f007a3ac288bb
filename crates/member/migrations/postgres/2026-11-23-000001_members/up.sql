-- Members and what they keep. Every member-owned row carries member_id and
-- every query of a member's data filters on it.

CREATE TABLE levels (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    -- total consumption from which the level applies, US cents
    threshold_usd_cents BIGINT NOT NULL UNIQUE CHECK (threshold_usd_cents >= 0),
    discount_percent INTEGER NOT NULL CHECK (discount_percent BETWEEN 0 AND 90),
    points_per_usd INTEGER NOT NULL CHECK (points_per_usd >= 0),
    -- points worth one US dollar when spent
    exchange_rate INTEGER NOT NULL CHECK (exchange_rate > 0)
);

INSERT INTO levels (name, threshold_usd_cents, discount_percent, points_per_usd, exchange_rate) VALUES
    ('Bronze', 0, 0, 1, 100),
    ('Silver', 10000, 2, 1, 100),
    ('Gold', 50000, 4, 2, 100),
    ('Platinum', 200000, 6, 2, 100),
    ('Diamond', 500000, 8, 3, 100);

CREATE TABLE members (
    id BIGSERIAL PRIMARY KEY,
    -- lower-cased; the login account
    email TEXT NOT NULL UNIQUE,
    full_name TEXT NOT NULL,
    -- argon2id, PHC string
    password_hash TEXT NOT NULL,
    country TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    zip TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    discord TEXT NOT NULL DEFAULT '',
    telegram TEXT NOT NULL DEFAULT '',
    whatsapp TEXT NOT NULL DEFAULT '',
    newsletter BOOLEAN NOT NULL DEFAULT FALSE,
    language TEXT NOT NULL DEFAULT 'en-US',
    disabled BOOLEAN NOT NULL DEFAULT FALSE,
    total_consumption_usd_cents BIGINT NOT NULL DEFAULT 0 CHECK (total_consumption_usd_cents >= 0),
    points BIGINT NOT NULL DEFAULT 0 CHECK (points >= 0),
    level_id BIGINT NOT NULL REFERENCES levels (id),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Sessions: only the SHA-256 of the opaque token is stored.
CREATE TABLE sessions (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX sessions_by_member ON sessions (member_id);

CREATE TABLE login_history (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    at BIGINT NOT NULL,
    ip TEXT NOT NULL,
    os TEXT NOT NULL,
    device TEXT NOT NULL,
    browser TEXT NOT NULL,
    success BOOLEAN NOT NULL
);
CREATE INDEX login_history_by_member ON login_history (member_id, at);

-- Forgot password: a 6-digit code (hashed) with tries, then a reset token (hashed).
CREATE TABLE password_resets (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    code_expires_at BIGINT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    reset_token_hash TEXT UNIQUE,
    reset_expires_at BIGINT,
    used_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX password_resets_by_member ON password_resets (member_id, created_at);

CREATE TABLE visits (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT,
    member_name TEXT NOT NULL DEFAULT '',
    to_url TEXT NOT NULL,
    from_url TEXT NOT NULL,
    external BOOLEAN NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX visits_by_time ON visits (at);

CREATE TABLE addresses (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    phone TEXT NOT NULL,
    address TEXT NOT NULL,
    city TEXT NOT NULL,
    province TEXT NOT NULL,
    zip TEXT NOT NULL,
    country TEXT NOT NULL,
    is_default BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX addresses_by_member ON addresses (member_id);
-- At most one default per member (the service keeps at least one).
CREATE UNIQUE INDEX addresses_one_default ON addresses (member_id) WHERE is_default;

CREATE TABLE wishlist (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, product_id)
);

-- A notice to one member, or to all when member_id is NULL.
CREATE TABLE notices (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT REFERENCES members (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX notices_by_member ON notices (member_id, created_at);

CREATE TABLE notice_reads (
    notice_id BIGINT NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    read_at BIGINT NOT NULL,
    PRIMARY KEY (notice_id, member_id)
);

-- What each paid order added; one row per order, so a replayed event adds nothing.
CREATE TABLE consumptions (
    order_no TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    amount_usd_cents BIGINT NOT NULL,
    points BIGINT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX consumptions_by_member ON consumptions (member_id, at);

-- Sell-to-us, wholesale, affiliate and feedback submissions, for staff.
CREATE TABLE form_submissions (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    email TEXT NOT NULL,
    -- the validated fields as a JSON object
    fields TEXT NOT NULL,
    ip TEXT NOT NULL,
    language TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX form_submissions_by_kind ON form_submissions (kind, created_at);

CREATE TABLE newsletter_subscriptions (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    -- pending, confirmed or unsubscribed
    status TEXT NOT NULL,
    confirm_token_hash TEXT,
    confirm_expires_at BIGINT,
    -- put in every newsletter mail; it can only unsubscribe
    unsubscribe_token TEXT NOT NULL UNIQUE,
    language TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE tickets (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    subject TEXT NOT NULL,
    -- open, answered or closed
    status TEXT NOT NULL,
    order_no TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX tickets_by_member ON tickets (member_id, updated_at);
CREATE INDEX tickets_by_status ON tickets (status, updated_at);

CREATE TABLE ticket_messages (
    id BIGSERIAL PRIMARY KEY,
    ticket_id BIGINT NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    -- member or staff
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ticket_messages_by_ticket ON ticket_messages (ticket_id, id);
