-- The dashboard counts orders by when they were placed and paid.
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX orders_paid ON orders (paid_at);
