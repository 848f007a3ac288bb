-- Where the buyer pays (the provider's hosted page, or the sandbox's page
-- in the store) and the provider's id of the money taken (Stripe's
-- payment intent, PayPal's capture), which refunds name.
ALTER TABLE payment_sessions ADD COLUMN redirect_url TEXT NOT NULL DEFAULT '';
ALTER TABLE payment_sessions ADD COLUMN payment_ref TEXT NOT NULL DEFAULT '';
