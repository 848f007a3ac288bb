DROP INDEX orders_coupon;
ALTER TABLE coupons DROP COLUMN updated_at;
ALTER TABLE coupons DROP COLUMN version;
ALTER TABLE coupons DROP COLUMN fixed_amounts;
ALTER TABLE coupons DROP COLUMN product_types;
ALTER TABLE coupons DROP COLUMN product_ids;
ALTER TABLE coupons DROP COLUMN disabled;
