DROP INDEX news_shown;
ALTER TABLE pages DROP COLUMN version;
ALTER TABLE news DROP COLUMN updated_at;
ALTER TABLE news DROP COLUMN version;
ALTER TABLE news DROP COLUMN published;
ALTER TABLE news DROP COLUMN cover_image;
ALTER TABLE news DROP COLUMN author;
