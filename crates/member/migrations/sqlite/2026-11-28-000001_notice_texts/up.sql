-- A notice in other languages than its own (the default, English): a member
-- reads the one in the language they use, else the default.
CREATE TABLE notice_texts (
    notice_id BIGINT NOT NULL REFERENCES notices (id) ON DELETE CASCADE,
    language TEXT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    PRIMARY KEY (notice_id, language)
);
