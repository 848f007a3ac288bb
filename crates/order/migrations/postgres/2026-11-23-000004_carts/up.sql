-- Carts: a member's ("member:<id>") or a visitor's ("visitor:<SHA-256 of
-- the cart token>"), one row per product with the card as it was when added
-- (shown if the product is later withdrawn).
CREATE TABLE cart_lines (
    owner TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    sku TEXT NOT NULL,
    title TEXT NOT NULL,
    platform TEXT NOT NULL DEFAULT '',
    game_name TEXT NOT NULL DEFAULT '',
    game_ext_name TEXT NOT NULL DEFAULT '',
    price_usd BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (owner, product_id)
);
CREATE INDEX cart_lines_updated ON cart_lines (updated_at);

-- The order's latest payment session (the paying screen follows it).
ALTER TABLE orders ADD COLUMN payment_session_id TEXT NOT NULL DEFAULT '';
