DROP TABLE staff_sessions;
DROP TABLE staff_recovery_codes;
DROP TABLE staff_enrollments;
DROP TABLE staff;
