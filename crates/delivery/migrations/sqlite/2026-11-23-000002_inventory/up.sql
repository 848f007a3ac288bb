-- The key inventory. A key's text is never stored: only its AES-256-GCM
-- ciphertext (nonce, master key id) and a keyed fingerprint for duplicates.

CREATE TABLE product_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sku TEXT NOT NULL,
    master_key_id INTEGER NOT NULL,
    nonce BLOB NOT NULL,
    ciphertext BLOB NOT NULL,
    -- HMAC-SHA256 of the key: one key is stored once, whatever its product
    fingerprint BLOB NOT NULL UNIQUE,
    note TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'reserved', 'sold')),
    -- the order line holding or owning the key
    order_no TEXT,
    line_no BIGINT,
    imported_at BIGINT NOT NULL,
    sold_at BIGINT,
    CHECK ((status = 'available') = (order_no IS NULL))
);
CREATE INDEX product_keys_stock ON product_keys (sku, status, id);
CREATE INDEX product_keys_order ON product_keys (order_no, line_no);

-- Counts per product, changed in the same transaction as the keys: the
-- source of the stock events, and the row that orders concurrent changes.
CREATE TABLE stock (
    sku TEXT PRIMARY KEY,
    available BIGINT NOT NULL DEFAULT 0 CHECK (available >= 0),
    reserved BIGINT NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    sold BIGINT NOT NULL DEFAULT 0 CHECK (sold >= 0)
);

CREATE TABLE reservations (
    order_no TEXT PRIMARY KEY,
    state TEXT NOT NULL CHECK (state IN ('held', 'released', 'allocated')),
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX reservations_expiry ON reservations (state, expires_at);

CREATE TABLE reservation_lines (
    order_no TEXT NOT NULL REFERENCES reservations (order_no),
    line_no BIGINT NOT NULL,
    sku TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_no, line_no)
);

-- Who saw an order's keys, when and from where.
CREATE TABLE reveals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_no TEXT NOT NULL,
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    ip TEXT NOT NULL,
    browser TEXT NOT NULL,
    os TEXT NOT NULL
);
CREATE INDEX reveals_order ON reveals (order_no, at);
