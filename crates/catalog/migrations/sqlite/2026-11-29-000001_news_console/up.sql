-- News and footer pages written in the console: a news item's author, its
-- uploaded cover (the image's file stem; empty: generated artwork), whether
-- it is published (a draft never shows) and its version; a page's version.
-- Bodies are Markdown, rendered and sanitised when served.
ALTER TABLE news ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN cover_image TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN published BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE news ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE news ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE pages ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
CREATE INDEX news_shown ON news (published, published_at);
