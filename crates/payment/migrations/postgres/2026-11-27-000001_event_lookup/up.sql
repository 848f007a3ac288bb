-- Staff read an order's payment events with its sessions.
CREATE INDEX provider_events_session ON provider_events (session_id, received_at);
