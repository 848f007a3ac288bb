-- The buyer's e-mail, given by the order service at checkout: the OrderPaid
-- that delivers the keys must name the same one. Empty for holds made before.
ALTER TABLE reservations ADD COLUMN email TEXT NOT NULL DEFAULT '';
