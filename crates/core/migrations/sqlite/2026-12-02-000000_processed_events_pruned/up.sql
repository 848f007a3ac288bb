-- The relay deletes the claims older than a topic keeps its events, oldest
-- first: they are found by age instead of by reading the whole table.
CREATE INDEX processed_events_age ON processed_events (processed_at);
