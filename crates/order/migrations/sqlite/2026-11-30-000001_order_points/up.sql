-- The member's points an order was paid with, and what they took off its
-- price (minor units of its currency): a row only for an order that used
-- points.
CREATE TABLE order_points (
    order_no TEXT PRIMARY KEY REFERENCES orders (order_no) ON DELETE CASCADE,
    points_used BIGINT NOT NULL,
    points_discount BIGINT NOT NULL
);
