DROP TABLE order_points;
