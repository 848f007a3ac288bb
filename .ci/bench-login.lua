-- POST /prod-api/api/login for the bench member (BENCH_EMAIL, BENCH_PASSWORD).
wrk.method = "POST"
wrk.path = "/prod-api/api/login"
wrk.headers["Content-Type"] = "application/json"
wrk.body = string.format('{"account":"%s","password":"%s"}', os.getenv("BENCH_EMAIL"), os.getenv("BENCH_PASSWORD"))
