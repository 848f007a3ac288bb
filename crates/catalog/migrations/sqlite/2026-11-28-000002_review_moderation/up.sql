-- Review moderation: a review staff hid (left out of the list and the
-- rating), the store's reply shown under it, and whether the reviewer's
-- e-mail bought the product (then, or before).
ALTER TABLE reviews ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE reviews ADD COLUMN staff_reply TEXT NOT NULL DEFAULT '';
ALTER TABLE reviews ADD COLUMN verified BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE reviews ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

-- Who bought what, from the order service's OrderPaid events: a keyed hash
-- of the buyer's e-mail (never the address) and the SKU.
CREATE TABLE buyers (
    email_hash TEXT NOT NULL,
    sku TEXT NOT NULL,
    PRIMARY KEY (email_hash, sku)
);

INSERT INTO settings (key, value, public, updated_at) VALUES ('reviewsBuyersOnly', 'false', TRUE, 0)
    ON CONFLICT (key) DO NOTHING;
