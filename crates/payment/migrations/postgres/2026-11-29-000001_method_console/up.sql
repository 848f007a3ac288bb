-- Payment methods in the console: switched on or off, edited with the
-- version read, and a fee per currency where one is set (else the method's).
ALTER TABLE payment_methods ADD COLUMN enabled BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE payment_methods ADD COLUMN version BIGINT NOT NULL DEFAULT 1;

CREATE TABLE payment_method_fees (
    method TEXT NOT NULL REFERENCES payment_methods (code) ON DELETE CASCADE,
    currency TEXT NOT NULL,
    fee_basis_points BIGINT NOT NULL CHECK (fee_basis_points >= 0),
    fee_fixed_usd BIGINT NOT NULL CHECK (fee_fixed_usd >= 0),
    PRIMARY KEY (method, currency)
);
