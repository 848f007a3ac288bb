-- Points a member pays an order with: taken at checkout (the balance never
-- below zero), given back once when the order is cancelled, expires unpaid
-- or is refunded (`returned_at`).
CREATE TABLE point_spends (
    order_no TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    points BIGINT NOT NULL,
    spent_at BIGINT NOT NULL,
    returned_at BIGINT
);
CREATE INDEX point_spends_by_member ON point_spends (member_id, spent_at);
