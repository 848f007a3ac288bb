DROP TABLE notice_texts;
