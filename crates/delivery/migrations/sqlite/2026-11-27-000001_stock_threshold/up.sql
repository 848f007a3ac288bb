-- Each product's low-stock threshold, set by staff (the dashboard lists the
-- products at or under it), and its version for the 409 check of a change.
ALTER TABLE stock ADD COLUMN low_threshold BIGINT NOT NULL DEFAULT 5;
ALTER TABLE stock ADD COLUMN threshold_version BIGINT NOT NULL DEFAULT 0;
