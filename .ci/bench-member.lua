-- A signed-in member's call: the session token (BENCH_TOKEN) as the bearer.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
