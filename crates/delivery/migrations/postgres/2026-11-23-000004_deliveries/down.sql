DROP TABLE delivery_lines;
DROP TABLE deliveries;
