DROP TABLE provider_events;
DROP TABLE payment_sessions;
DROP TABLE payment_methods;
