DROP TABLE form_replies;
DROP INDEX form_submissions_status;
ALTER TABLE form_submissions DROP COLUMN updated_at;
ALTER TABLE form_submissions DROP COLUMN version;
ALTER TABLE form_submissions DROP COLUMN status;
