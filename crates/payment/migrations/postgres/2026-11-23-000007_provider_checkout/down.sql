ALTER TABLE payment_sessions DROP COLUMN payment_ref;
ALTER TABLE payment_sessions DROP COLUMN redirect_url;
