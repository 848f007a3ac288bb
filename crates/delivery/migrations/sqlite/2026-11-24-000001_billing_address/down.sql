ALTER TABLE deliveries DROP COLUMN billing_address;
