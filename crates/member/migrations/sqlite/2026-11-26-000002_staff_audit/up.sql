-- The audit log: what staff did, from every service's record
-- (StaffActionRecorded). Append-only: rows are inserted, never changed.
CREATE TABLE staff_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- the record's event id: a record delivered twice is kept once
    event_id TEXT NOT NULL UNIQUE,
    at BIGINT NOT NULL,
    staff_id TEXT NOT NULL,
    staff_email TEXT NOT NULL,
    role TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    summary TEXT NOT NULL,
    ip TEXT NOT NULL,
    service TEXT NOT NULL
);
CREATE INDEX staff_audit_by_time ON staff_audit (at);
