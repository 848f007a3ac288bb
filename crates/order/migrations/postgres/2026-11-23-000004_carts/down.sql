ALTER TABLE orders DROP COLUMN payment_session_id;
DROP TABLE cart_lines;
