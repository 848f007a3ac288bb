-- The e-mail's link to a guest's order works until then (epoch ms).
ALTER TABLE orders ADD COLUMN mail_token_expires_at BIGINT;
