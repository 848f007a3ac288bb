DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (published_at, seq);
