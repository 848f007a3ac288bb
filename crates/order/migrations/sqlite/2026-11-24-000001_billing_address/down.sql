DROP TABLE order_billing_addresses;
