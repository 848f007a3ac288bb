-- E-mail links were made when the order was paid and travelled, token and
-- all, through the outbox, the bus and the delivery database. Every token
-- issued that way stops opening its order: copies of it left anywhere open
-- nothing. (The links made from now on exist only in the e-mail; members
-- sign in as before.)
UPDATE orders SET mail_token_hash = NULL, mail_token_expires_at = NULL WHERE mail_token_hash IS NOT NULL;
