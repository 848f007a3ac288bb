DROP TABLE payment_method_fees;
ALTER TABLE payment_methods DROP COLUMN version;
ALTER TABLE payment_methods DROP COLUMN enabled;
