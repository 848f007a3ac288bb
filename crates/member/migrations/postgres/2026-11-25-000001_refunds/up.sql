-- When a refund took back what the order had added (null: it stands).
ALTER TABLE consumptions ADD COLUMN refunded_at BIGINT;
