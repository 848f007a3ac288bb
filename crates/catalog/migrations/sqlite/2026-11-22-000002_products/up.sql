-- Products: one row per sellable key product (a title on one platform in one
-- region). Stock status is a projection fed by delivery events.
CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sku TEXT NOT NULL UNIQUE,
    game_name TEXT NOT NULL,
    game_ext_name TEXT NOT NULL,
    title TEXT NOT NULL,
    product_type TEXT NOT NULL,
    platform TEXT NOT NULL,
    region TEXT NOT NULL,
    developer TEXT NOT NULL DEFAULT '',
    publisher TEXT NOT NULL DEFAULT '',
    release_date TEXT NOT NULL,
    price_usd BIGINT NOT NULL CHECK (price_usd >= 0),
    list_price_usd BIGINT NOT NULL CHECK (list_price_usd >= price_usd),
    per_order_limit INTEGER NOT NULL DEFAULT 10 CHECK (per_order_limit >= 1),
    preorder BOOLEAN NOT NULL DEFAULT FALSE,
    stock_available BIGINT NOT NULL DEFAULT 0 CHECK (stock_available >= 0),
    stock_status TEXT NOT NULL DEFAULT 'out_of_stock',
    -- time of the stock event last applied; older redeliveries are ignored
    stock_version BIGINT NOT NULL DEFAULT 0,
    sold_count BIGINT NOT NULL DEFAULT 0,
    view_count BIGINT NOT NULL DEFAULT 0,
    rating_sum BIGINT NOT NULL DEFAULT 0,
    rating_count BIGINT NOT NULL DEFAULT 0,
    screenshot_count INTEGER NOT NULL DEFAULT 0,
    palette INTEGER NOT NULL DEFAULT 0,
    requirements TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (game_name, game_ext_name)
);

CREATE TABLE product_genres (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    genre TEXT NOT NULL,
    PRIMARY KEY (product_id, genre)
);

CREATE TABLE product_languages (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    PRIMARY KEY (product_id, language)
);

CREATE TABLE product_tags (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    tag TEXT NOT NULL,
    PRIMARY KEY (product_id, tag)
);

-- Description and activation guide per language; en-US is the fallback.
CREATE TABLE product_texts (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    description TEXT NOT NULL,
    activation_guide TEXT NOT NULL,
    PRIMARY KEY (product_id, language)
);

CREATE TABLE reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    full_name TEXT NOT NULL,
    -- kept for staff, never shown publicly
    email TEXT NOT NULL,
    content TEXT NOT NULL,
    stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
    visitor_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_by_product ON reviews (product_id, created_at);

CREATE TABLE news (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    published_at BIGINT NOT NULL,
    click_count BIGINT NOT NULL DEFAULT 0,
    palette INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE news_texts (
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (news_id, language)
);

-- One click per visitor per day raises the count.
CREATE TABLE news_clicks (
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    visitor_hash TEXT NOT NULL,
    day BIGINT NOT NULL,
    PRIMARY KEY (news_id, visitor_hash, day)
);

-- Footer pages (about-us, …) per language; en-US is the fallback.
CREATE TABLE pages (
    slug TEXT NOT NULL,
    language TEXT NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (slug, language)
);
