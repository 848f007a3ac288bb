-- Live chat: a shopper's conversation with the agents (a guest's known by
-- the hash of the token it was given, a member's by their id), waiting for an
-- agent, with one, or closed; each line with its author (shopper, agent, a
-- staff-only note, the store); how far each side has read.
CREATE TABLE chats (
    id BIGSERIAL PRIMARY KEY,
    visitor_hash TEXT NOT NULL,
    member_id BIGINT REFERENCES members (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    order_no TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL,
    status TEXT NOT NULL,
    agent_id BIGINT REFERENCES staff (id) ON DELETE SET NULL,
    rating INTEGER,
    shopper_read BIGINT NOT NULL DEFAULT 0,
    agent_read BIGINT NOT NULL DEFAULT 0,
    first_response_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    closed_at BIGINT
);
CREATE INDEX chats_by_status ON chats (status, updated_at);
CREATE INDEX chats_by_visitor ON chats (visitor_hash, status);
CREATE INDEX chats_by_agent ON chats (agent_id, status);

CREATE TABLE chat_messages (
    id BIGSERIAL PRIMARY KEY,
    chat_id BIGINT NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
    author TEXT NOT NULL,
    staff_id BIGINT,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX chat_messages_by_chat ON chat_messages (chat_id, id);
