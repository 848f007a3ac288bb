DELETE FROM settings WHERE key = 'reviewsBuyersOnly';
DROP TABLE buyers;
ALTER TABLE reviews DROP COLUMN version;
ALTER TABLE reviews DROP COLUMN verified;
ALTER TABLE reviews DROP COLUMN staff_reply;
ALTER TABLE reviews DROP COLUMN hidden;
