-- A cart line keeps the product's type and region beside its platform, so a
-- line whose product the catalog no longer sells still shows a whole card.
-- Lines added before this were all games or global keys as far as the cart
-- can tell; the next add of the product replaces the snapshot.
ALTER TABLE cart_lines ADD COLUMN product_type TEXT NOT NULL DEFAULT 'game';
ALTER TABLE cart_lines ADD COLUMN region TEXT NOT NULL DEFAULT 'global';
