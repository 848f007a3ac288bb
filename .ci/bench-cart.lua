-- Adds a product with stock (BENCH_PRODUCT_ID) to a new visitor's cart: no
-- X-Cart-Token, so every request creates a cart.
wrk.method = "PUT"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"productId":' .. os.getenv("BENCH_PRODUCT_ID") .. ',"quantity":1}'
