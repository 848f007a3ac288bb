-- The buyers of .ci/bench-purchase.py: each wrk connection is one guest buying
-- in a loop, checkout (one key of a product of BENCH_PRODUCT_IDS) then the
-- sandbox's card charge of the session it was given. wrk's C loop drives the
-- HTTP, so the load generator takes a few per cent of a core, not the share
-- of the two cores that Python threads took from the store they measured.
--
-- At the end the paid orders, with when each charge was sent (the wall clock,
-- comparable with the e-mail files' mtime), go to BENCH_PURCHASE_OUT as
-- "ORDER_NO SECONDS" lines, then "errors N" and "first-error TEXT".

local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock_id, bench_timespec *when);
]])
local CLOCK_REALTIME = 0
local clock = ffi.new("bench_timespec")

local function now()
  ffi.C.clock_gettime(CLOCK_REALTIME, clock)
  return tonumber(clock.tv_sec) + tonumber(clock.tv_nsec) * 1e-9
end

local headers = { ["Content-Type"] = "application/json" }
local checkout_body = '{"lines":[{"productId":%s,"quantity":1}],"email":"bench%d-%d@example.com",'
  .. '"contact":"","note":"","coupon":"","paymentMethod":"sandbox-card","currency":"USD",'
  .. '"billingAddress":{"firstName":"Bench","lastName":"Buyer","phone":"+49 30 901820",'
  .. '"address":"Unter den Linden 1","city":"Berlin","province":"","zip":"10117","country":"DE"}}'
local charge_body = '{"number":"4242424242424242","expiry":"12/39","cvc":"123"}'

local threads = {}

function setup(thread)
  thread:set("thread_no", #threads + 1)
  table.insert(threads, thread)
end

-- Per thread (wrk gives each its own Lua state).
local products = {}
local waiting = {} -- payment sessions checked out and not yet charged (a stack)
local charged_at = {} -- payment session -> when its charge was sent
local bought = 0
paid = {} -- order number -> when its charge was sent
errors = 0
first_error = ""

function init(args)
  for id in string.gmatch(os.getenv("BENCH_PRODUCT_IDS") or "", "[^,]+") do
    table.insert(products, id)
  end
end

-- wrk asks a connection's next request right after handing its response to
-- `response`: a session pushed there is popped here by the same connection.
function request()
  local session = table.remove(waiting)
  if session then
    charged_at[session] = now()
    return wrk.format("POST", "/prod-api/api/payment/sandbox/" .. session .. "/charge", headers, charge_body)
  end
  bought = bought + 1
  local product = products[bought % #products + 1]
  return wrk.format("POST", "/prod-api/api/order/checkout", headers,
    string.format(checkout_body, product, thread_no, bought))
end

local function failed(what, status, body)
  errors = errors + 1
  if first_error == "" then
    first_error = what .. " " .. status .. " " .. (string.match(body, '"msgKey":"([^"]*)"') or "")
  end
end

function response(status, headers, body)
  local session = string.match(body, '"paymentSessionId":"([^"]+)"')
  if session then
    table.insert(waiting, session)
    return
  end
  local id = string.match(body, '"id":"([^"]+)"')
  local sent = id and charged_at[id]
  if not sent then
    failed("checkout", status, body)
    return
  end
  charged_at[id] = nil
  local order_no = string.match(body, '"orderNo":"([^"]+)"')
  if status == 200 and order_no and string.find(body, '"state":"succeeded"', 1, true) then
    paid[order_no] = sent
  else
    failed("charge", status, body)
  end
end

function done(summary, latency, requests)
  local out = assert(io.open(assert(os.getenv("BENCH_PURCHASE_OUT")), "w"))
  local errors_in_all, first = 0, ""
  for _, thread in ipairs(threads) do
    for order_no, sent in pairs(thread:get("paid")) do
      out:write(string.format("%s %.6f\n", order_no, sent))
    end
    errors_in_all = errors_in_all + thread:get("errors")
    if first == "" then
      first = thread:get("first_error")
    end
  end
  out:write(string.format("errors %d\nfirst-error %s\n", errors_in_all, first))
  out:close()
end
