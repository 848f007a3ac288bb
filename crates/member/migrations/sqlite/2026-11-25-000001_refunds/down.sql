ALTER TABLE consumptions DROP COLUMN refunded_at;
