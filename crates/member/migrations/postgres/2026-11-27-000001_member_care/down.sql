DROP TABLE points_adjustments;
ALTER TABLE members DROP COLUMN staff_version;
