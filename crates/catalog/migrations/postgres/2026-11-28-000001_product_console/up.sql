-- The console's products: a life cycle (draft, published, archived; only a
-- published product is listed and sold), a version for optimistic edits, a
-- title per language, and uploaded images (slot 0 the cover, 1.. the
-- screenshots), each a stem of files `<stem>-<width>.webp` in the storage.
ALTER TABLE products ADD COLUMN state TEXT NOT NULL DEFAULT 'published';
ALTER TABLE products ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE product_texts ADD COLUMN title TEXT NOT NULL DEFAULT '';
UPDATE product_texts SET title = (SELECT title FROM products WHERE products.id = product_texts.product_id)
    WHERE language = 'en-US';

CREATE TABLE product_images (
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    slot INTEGER NOT NULL CHECK (slot >= 0),
    stem TEXT NOT NULL,
    PRIMARY KEY (product_id, slot)
);
