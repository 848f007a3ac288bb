DROP TABLE coupon_uses;
DROP TABLE order_history;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE coupons;
