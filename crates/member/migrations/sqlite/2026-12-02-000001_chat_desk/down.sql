ALTER TABLE chats DROP COLUMN transcript_at;
ALTER TABLE chats DROP COLUMN by_email;
ALTER TABLE chats DROP COLUMN ticket_id;
ALTER TABLE chat_messages DROP COLUMN attachment;
DROP TABLE canned_replies;
DROP TABLE chat_agents;
