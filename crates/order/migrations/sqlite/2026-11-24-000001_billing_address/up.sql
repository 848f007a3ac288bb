-- Who pays: the billing address given at checkout, one per order (orders
-- placed before it was asked have none).
CREATE TABLE order_billing_addresses (
    order_no TEXT PRIMARY KEY REFERENCES orders (order_no),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    -- E.164.
    phone TEXT NOT NULL,
    address TEXT NOT NULL,
    city TEXT NOT NULL,
    province TEXT NOT NULL,
    zip TEXT NOT NULL,
    -- ISO 3166-1 alpha-2.
    country TEXT NOT NULL
);
