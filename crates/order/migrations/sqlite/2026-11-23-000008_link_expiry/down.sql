ALTER TABLE orders DROP COLUMN mail_token_expires_at;
