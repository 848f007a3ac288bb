-- The order's link (for a guest, with its token) is no longer kept: the
-- e-mail asks the order service for one while it is written.
ALTER TABLE deliveries DROP COLUMN order_url;
