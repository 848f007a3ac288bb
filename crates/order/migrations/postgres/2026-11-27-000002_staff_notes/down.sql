DROP TABLE order_staff_notes;
