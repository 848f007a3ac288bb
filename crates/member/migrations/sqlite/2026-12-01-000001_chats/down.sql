DROP TABLE chat_messages;
DROP TABLE chats;
