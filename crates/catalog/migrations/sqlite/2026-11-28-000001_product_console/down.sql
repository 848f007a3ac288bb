DROP TABLE product_images;
ALTER TABLE product_texts DROP COLUMN title;
ALTER TABLE products DROP COLUMN version;
ALTER TABLE products DROP COLUMN state;
