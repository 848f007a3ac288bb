DROP INDEX orders_paid;
DROP INDEX orders_created;
