-- Who paid, as the e-mail prints it (one line per row of the address); ''
-- for orders paid before it was asked.
ALTER TABLE deliveries ADD COLUMN billing_address TEXT NOT NULL DEFAULT '';
