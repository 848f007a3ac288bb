-- POST /prod-api/api/login for the bench member (BENCH_EMAIL, BENCH_PASSWORD), with the
-- store's captcha test code: logins in flight count as failures until judged, and from the
-- third one on the member service asks for the captcha.
wrk.method = "POST"
wrk.path = "/prod-api/api/login"
wrk.headers["Content-Type"] = "application/json"
wrk.body = string.format(
  '{"account":"%s","password":"%s","code":"%s","uuid":"bench"}',
  os.getenv("BENCH_EMAIL"),
  os.getenv("BENCH_PASSWORD"),
  os.getenv("KEYSHOP_CAPTCHA_TEST_CODE")
)
