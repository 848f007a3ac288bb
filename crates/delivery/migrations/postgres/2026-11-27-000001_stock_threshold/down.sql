ALTER TABLE stock DROP COLUMN threshold_version;
ALTER TABLE stock DROP COLUMN low_threshold;
