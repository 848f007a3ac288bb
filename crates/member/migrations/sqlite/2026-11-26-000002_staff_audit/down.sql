DROP TABLE staff_audit;
