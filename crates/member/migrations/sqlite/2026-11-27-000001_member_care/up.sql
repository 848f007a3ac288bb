-- Staff look after members: a version of what staff change on an account
-- (disabled, points), for the 409 check, and every points adjustment with
-- its reason, append-only.
ALTER TABLE members ADD COLUMN staff_version BIGINT NOT NULL DEFAULT 0;
CREATE TABLE points_adjustments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT NOT NULL REFERENCES members (id),
    delta BIGINT NOT NULL,
    reason TEXT NOT NULL,
    staff_email TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX points_adjustments_member ON points_adjustments (member_id, at);
