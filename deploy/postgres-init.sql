-- One role and one database per keyshop service: services never share tables.
-- Run once by the postgres image when its volume is first initialised
-- (docker-compose.yml mounts this file into /docker-entrypoint-initdb.d/).
-- The passwords are for local development only and match keyshop.env.example.
CREATE ROLE "catalog" LOGIN PASSWORD 'catalog-dev-password';
CREATE DATABASE "catalog" OWNER "catalog";

CREATE ROLE "member" LOGIN PASSWORD 'member-dev-password';
CREATE DATABASE "member" OWNER "member";

CREATE ROLE "delivery" LOGIN PASSWORD 'delivery-dev-password';
CREATE DATABASE "delivery" OWNER "delivery";

CREATE ROLE "payment" LOGIN PASSWORD 'payment-dev-password';
CREATE DATABASE "payment" OWNER "payment";

-- "order" is an SQL keyword, hence the quotes everywhere above.
CREATE ROLE "order" LOGIN PASSWORD 'order-dev-password';
CREATE DATABASE "order" OWNER "order";

-- No service may open another service's database.
REVOKE CONNECT ON DATABASE "catalog", "member", "delivery", "payment", "order" FROM PUBLIC;
