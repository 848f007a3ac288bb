ALTER TABLE cart_lines DROP COLUMN region;
ALTER TABLE cart_lines DROP COLUMN product_type;
