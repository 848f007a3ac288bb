#!/usr/bin/env python3
"""The whole purchase under load (run by .ci/bench inside .ci/with-keyshop).

Each worker buys in a loop as a guest: checkout (one key of a product with
stock) -> the sandbox's card page charges 4242 (its signed webhook is checked
and the payment applied) -> the order is paid, the key allocated and e-mailed.
At each concurrency level for a fixed time it reports completed orders/s
(orders whose delivery e-mail was written) and the p50/p99 time from the
webhook (the card charge) to the e-mail file in the store's outbox.
Measures only: nothing here passes or fails on timings.
"""

import http.client
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

URL = os.environ["KEYSHOP_URL"]
DATA = os.environ["KEYSHOP_DATA_DIR"]
BINARY = os.environ["E2E_KEYSHOP_BIN"]
LEVELS = [int(level) for level in os.environ.get("BENCH_PURCHASE_LEVELS", "4,16,64").split(",")]
SECONDS = float(os.environ.get("BENCH_PURCHASE_SECONDS", "8"))
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


def worker(product_ids, deadline, charged, errors, seed):
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    count = 0
    while time.time() < deadline:
        product_id = product_ids[(seed + count) % len(product_ids)]
        count += 1
        try:
            bought, error = buy(connection, product_id, f"bench{seed}-{count}@example.com")
            if error:
                errors.append(error)
                continue
            order_no, started = bought
            charged[order_no] = started
        except (OSError, http.client.HTTPException, ValueError) as error:
            errors.append(str(error))
            connection.close()
            connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)


def warm_up(product_ids, outbox):
    """One purchase followed to its e-mail before anything is measured: the
    consumers have joined their groups (on Kafka that takes seconds after a
    start) and the connections are open."""
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    bought, error = buy(connection, product_ids[0], "bench-warm-up@example.com")
    if error:
        sys.exit(f"the warm-up purchase failed: {error}")
    deadline = time.time() + 60
    while not mailed(outbox, {bought[0]}):
        if time.time() > deadline:
            sys.exit("the warm-up purchase got no e-mail within 60 s")
        time.sleep(0.1)


def mailed(outbox, wanted):
    """Order number -> when its delivery e-mail was written."""
    written = {}
    for name in os.listdir(outbox):
        path = os.path.join(outbox, name)
        try:
            with open(path, "rb") as mail:
                head = mail.read(4096).decode("latin1")
        except OSError:
            continue
        for order_no in ORDER_NO.findall(head):
            if order_no in wanted:
                written[order_no] = os.stat(path).st_mtime
    return written


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


def main():
    product_ids = stock_up()
    outbox = os.path.join(DATA, "outbox")
    warm_up(product_ids, outbox)
    print(f"{'purchase':<16} {'orders/s':>12} {'p50':>10} {'p99':>10} {'errors':>8}   (webhook -> e-mail written)")
    for level in LEVELS:
        charged, errors = {}, []
        started = time.time()
        deadline = started + SECONDS
        threads = [threading.Thread(target=worker, args=(product_ids, deadline, charged, errors, seed))
                   for seed in range(level)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # Wait for the e-mails of every paid order (or give up after 30 s).
        wanted = set(charged)
        written = {}
        settle = time.time() + 30
        while time.time() < settle:
            written = mailed(outbox, wanted - set(written)) | written
            if len(written) >= len(wanted):
                break
            time.sleep(0.5)
        done = [written[order] for order in wanted if order in written]
        elapsed = (max(done) if done else time.time()) - started
        latencies = [written[order] - charged[order] for order in wanted if order in written]
        lost = len(wanted) - len(written)
        print(f"purchase@{level:<7} {len(done) / elapsed:>12.1f} {percentile(latencies, 0.5) * 1000:>8.0f}ms "
              f"{percentile(latencies, 0.99) * 1000:>8.0f}ms {len(errors) + lost:>8}")
        if errors:
            print(f"  first error: {errors[0]}", file=sys.stderr)
        if lost:
            print(f"  {lost} paid orders without an e-mail after 30 s", file=sys.stderr)


if __name__ == "__main__":
    main()
