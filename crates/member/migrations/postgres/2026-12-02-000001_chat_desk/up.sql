-- The support desk around live chat: agents' presence (online takes new
-- conversations, away keeps their own; a heartbeat older than a minute is
-- offline), canned replies per language, a shopper's image attachments
-- (stored in the media store, named by their content), the ticket a
-- conversation became when no agent was there, whether its answers go by
-- e-mail, and when its transcript was last e-mailed.
CREATE TABLE chat_agents (
    staff_id BIGINT PRIMARY KEY REFERENCES staff (id) ON DELETE CASCADE,
    presence TEXT NOT NULL,
    seen_at BIGINT NOT NULL
);

CREATE TABLE canned_replies (
    id BIGSERIAL PRIMARY KEY,
    language TEXT NOT NULL,
    shortcut TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX canned_replies_by_shortcut ON canned_replies (language, shortcut);

ALTER TABLE chat_messages ADD COLUMN attachment TEXT;
ALTER TABLE chats ADD COLUMN ticket_id BIGINT;
ALTER TABLE chats ADD COLUMN by_email BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE chats ADD COLUMN transcript_at BIGINT;
