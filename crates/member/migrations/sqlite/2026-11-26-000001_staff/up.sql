-- The people who run the store, apart from shoppers: their accounts, the
-- links that enroll them, their recovery codes and their sessions.

CREATE TABLE staff (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- lower-cased; the sign-in account
    email TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'support', 'finance')),
    -- invited (not enrolled yet), active, disabled
    state TEXT NOT NULL CHECK (state IN ('invited', 'active', 'disabled')),
    -- argon2id, PHC string; empty until enrolled
    password_hash TEXT NOT NULL DEFAULT '',
    -- base32 TOTP secret; empty until enrolled
    totp_secret TEXT NOT NULL DEFAULT '',
    -- the last TOTP time step accepted: a code is never accepted twice
    totp_last_step BIGINT NOT NULL DEFAULT 0,
    -- bumped by every change, checked on write
    version BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE staff_enrollments (
    -- SHA-256 of the link's token
    token_hash TEXT PRIMARY KEY,
    staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    -- the secret offered to the authenticator, set when the link is opened
    totp_secret TEXT NOT NULL DEFAULT '',
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX staff_enrollments_by_staff ON staff_enrollments (staff_id);

CREATE TABLE staff_recovery_codes (
    staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    -- SHA-256 of the normalised code (80 random bits)
    code_hash TEXT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (staff_id, code_hash)
);

CREATE TABLE staff_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    -- the absolute end, whatever the activity
    expires_at BIGINT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);
