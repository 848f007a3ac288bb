-- The relay looks only for rows not yet published: the index holds those
-- alone, so stamping a row takes it out of a small index instead of moving
-- it within one that grows with every event ever written.
DROP INDEX outbox_pending;
CREATE INDEX outbox_pending ON outbox (seq) WHERE published_at IS NULL;
