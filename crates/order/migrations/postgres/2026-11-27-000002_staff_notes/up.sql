-- Staff notes on an order: seen by staff only, never by the buyer (the
-- order's history is the buyer's), append-only.
CREATE TABLE order_staff_notes (
    id BIGSERIAL PRIMARY KEY,
    order_no TEXT NOT NULL REFERENCES orders (order_no),
    staff_email TEXT NOT NULL,
    note TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX order_staff_notes_order ON order_staff_notes (order_no, at);
