#!/usr/bin/env python3
"""The whole purchase under load (run by .ci/bench inside .ci/with-keyshop).

Each buyer (a connection of wrk running .ci/bench-purchase.lua) buys in a
loop as a guest: checkout (one key of a product with stock) -> the sandbox's
card page charges 4242 (its signed webhook is checked and the payment
applied) -> the order is paid, the key allocated and e-mailed.
At each concurrency level for a fixed time it reports completed orders/s
(orders whose delivery e-mail was written) and the p50/p99 time from the
webhook (the card charge) to the e-mail file in the store's outbox.
In distributed mode (BENCH_DATABASES, set by .ci/with-distributed) it also
reports each service database's transactions per delivered order over the
measured levels, from PostgreSQL's own counters: a figure the machine's
noise does not move, for work that cuts statements out of the purchase.
Measures only: nothing here passes or fails on timings.
"""

import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse

URL = os.environ["KEYSHOP_URL"]
DATA = os.environ["KEYSHOP_DATA_DIR"]
BINARY = os.environ["E2E_KEYSHOP_BIN"]
LEVELS = [int(level) for level in os.environ.get("BENCH_PURCHASE_LEVELS", "4,16,64").split(",")]
SECONDS = int(os.environ.get("BENCH_PURCHASE_SECONDS", "8"))
KEYS_PER_PRODUCT = 4000
PRODUCTS = 6

host = urllib.parse.urlparse(URL)
ORDER_NO = re.compile(r"KS\d{10,}")


def call(connection, method, path, body=None):
    payload = None if body is None else json.dumps(body)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    connection.request(method, path, payload, headers)
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def stock_up():
    """Products with plenty of keys, imported with `keyshop keys import`."""
    connection = http.client.HTTPConnection(host.hostname, host.port)
    _, body = call(connection, "GET", "/prod-api/api/home/queryGames?stock=in_stock&limit=10")
    products = body["data"]["rows"][:PRODUCTS]
    env = {name: value for name, value in os.environ.items() if name != "KEYSHOP_URL"}
    for index, product in enumerate(products):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as keys:
            for number in range(KEYS_PER_PRODUCT):
                keys.write(f"BENCH-{index:02d}-{number:06d}-{os.getpid()}\n")
        subprocess.run([BINARY, "keys", "import", "--product", product["sku"], keys.name],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        os.unlink(keys.name)
    return [product["id"] for product in products]


BILLING = {"firstName": "Bench", "lastName": "Buyer", "phone": "+49 30 901820", "address": "Unter den Linden 1",
           "city": "Berlin", "province": "", "zip": "10117", "country": "DE"}


def buy(connection, product_id, email):
    """One purchase: checkout, then the sandbox charge. The order number and
    when the charge was asked for, or the error."""
    status, placed = call(connection, "POST", "/prod-api/api/order/checkout", {
        "lines": [{"productId": product_id, "quantity": 1}],
        "email": email, "contact": "", "note": "",
        "coupon": "", "paymentMethod": "sandbox-card", "currency": "USD", "billingAddress": BILLING})
    if status != 200:
        return None, f"checkout {status} {placed.get('msgKey')}"
    session = placed["data"]["paymentSessionId"]
    started = time.time()
    status, paid = call(connection, "POST", f"/prod-api/api/payment/sandbox/{session}/charge",
                        {"number": "4242424242424242", "expiry": "12/39", "cvc": "123"})
    if status != 200 or paid["data"]["state"] != "succeeded":
        return None, f"charge {status}"
    return (placed["data"]["order"]["orderNo"], started), None


def run_buyers(product_ids, level, seconds, results):
    """`level` buyers for `seconds` (wrk, .ci/bench-purchase.lua): the paid
    orders with when their charge was sent, and the errors."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-purchase.lua")
    env = dict(os.environ, BENCH_PRODUCT_IDS=",".join(str(product) for product in product_ids),
               BENCH_PURCHASE_OUT=results)
    subprocess.run(["wrk", "-t1", f"-c{level}", f"-d{seconds}s", "-s", script, URL],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    charged, errors, first_error = {}, 0, ""
    with open(results) as lines:
        for line in lines:
            name, _, value = line.rstrip("\n").partition(" ")
            if name == "errors":
                errors = int(value)
            elif name == "first-error":
                first_error = value
            else:
                charged[name] = float(value)
    return charged, errors, first_error


class Outbox:
    """The store's e-mail files: which order's delivery e-mail was written
    when. Each file is read once (the later scans list only the new ones), so
    waiting for a level's e-mails takes little of the CPU the store uses to
    send them."""

    def __init__(self, path):
        self.path = path
        self.seen = set()
        self.written = {}

    def scan(self):
        """Order number -> when its delivery e-mail was written, for every file so far."""
        with os.scandir(self.path) as entries:
            for entry in entries:
                if entry.name in self.seen:
                    continue
                try:
                    with open(entry.path, "rb") as mail:
                        head = mail.read(4096).decode("latin1")
                    mtime = entry.stat().st_mtime
                except OSError:
                    continue
                self.seen.add(entry.name)
                for order_no in ORDER_NO.findall(head):
                    self.written.setdefault(order_no, mtime)
        return self.written


def warm_up(product_ids, outbox):
    """One purchase followed to its e-mail before anything is measured: the
    consumers have joined their groups (on Kafka that takes seconds after a
    start) and the connections are open."""
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    bought, error = buy(connection, product_ids[0], "bench-warm-up@example.com")
    if error:
        sys.exit(f"the warm-up purchase failed: {error}")
    deadline = time.time() + 60
    while bought[0] not in outbox.scan():
        if time.time() > deadline:
            sys.exit("the warm-up purchase got no e-mail within 60 s")
        time.sleep(0.1)


# PostgreSQL sends a backend's counters to pg_stat_database when it goes idle, at
# most once a second, and within 10 s of its last transaction at the latest.
STATS_SETTLE_SECONDS = 11


def databases():
    """`service -> URL` of the store's databases, from `BENCH_DATABASES` ("name=url …")."""
    pairs = (item.split("=", 1) for item in os.environ.get("BENCH_DATABASES", "").split())
    return {name: url for name, url in pairs}


def transactions(urls):
    """Each database's committed and rolled-back transactions so far."""
    counts = {}
    for name, url in urls.items():
        out = subprocess.run(
            ["psql", "-XAtq", url, "-c",
             "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"],
            check=True, capture_output=True, text=True).stdout
        counts[name] = int(out.strip())
    return counts


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


def main():
    product_ids = stock_up()
    outbox = Outbox(os.path.join(DATA, "outbox"))
    warm_up(product_ids, outbox)
    urls = databases()
    if urls:
        time.sleep(STATS_SETTLE_SECONDS)
        before = transactions(urls)
    delivered = 0
    print(f"{'purchase':<16} {'orders/s':>12} {'p50':>10} {'p99':>10} {'errors':>8}   (webhook -> e-mail written)")
    with tempfile.TemporaryDirectory() as scratch:
        for level in LEVELS:
            started = time.time()
            charged, errors, first_error = run_buyers(product_ids, level, SECONDS, os.path.join(scratch, f"{level}.txt"))
            # Wait for the e-mails of every paid order (or give up after 30 s).
            settle = time.time() + 30
            while time.time() < settle:
                written = outbox.scan()
                if all(order in written for order in charged):
                    break
                time.sleep(0.2)
            done = [written[order] for order in charged if order in written]
            elapsed = (max(done) if done else time.time()) - started
            latencies = [written[order] - charged[order] for order in charged if order in written]
            lost = len(charged) - len(done)
            delivered += len(done)
            print(f"purchase@{level:<7} {len(done) / elapsed:>12.1f} {percentile(latencies, 0.5) * 1000:>8.0f}ms "
                  f"{percentile(latencies, 0.99) * 1000:>8.0f}ms {errors + lost:>8}")
            if errors:
                print(f"  first error: {first_error}", file=sys.stderr)
            if lost:
                print(f"  {lost} paid orders without an e-mail after 30 s", file=sys.stderr)
    if urls and delivered:
        time.sleep(STATS_SETTLE_SECONDS)
        after = transactions(urls)
        # The statements' own transactions included (each lone SELECT counts as one); the
        # orders still paying when a level ended count in its transactions, not in its orders.
        per_order = "  ".join(f"{name} {(after[name] - before[name]) / delivered:.1f}" for name in urls)
        print(f"purchase transactions per delivered order ({delivered} orders): {per_order}, "
              f"all {(sum(after.values()) - sum(before.values())) / delivered:.1f}")


if __name__ == "__main__":
    main()
