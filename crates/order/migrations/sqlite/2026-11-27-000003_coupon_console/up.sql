-- Coupons made in the console: switched off without deleting them, kept to
-- some products or types, a fixed amount per currency (`EUR:450,JPY:700`),
-- and a version for the 409 check of an edit. Lists are stored sorted, as
-- comma-separated text, checked by the service before they are written.
ALTER TABLE coupons ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE coupons ADD COLUMN product_ids TEXT NOT NULL DEFAULT '';
ALTER TABLE coupons ADD COLUMN product_types TEXT NOT NULL DEFAULT '';
ALTER TABLE coupons ADD COLUMN fixed_amounts TEXT NOT NULL DEFAULT '';
ALTER TABLE coupons ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE coupons ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX orders_coupon ON orders (coupon_code);
