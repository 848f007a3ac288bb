DROP TABLE reveals;
DROP TABLE reservation_lines;
DROP TABLE reservations;
DROP TABLE stock;
DROP TABLE product_keys;
