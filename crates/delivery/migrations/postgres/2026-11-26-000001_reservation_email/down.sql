ALTER TABLE reservations DROP COLUMN email;
