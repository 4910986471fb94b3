"""Responsive images in a real browser: the kitchen sink (Tests/Fixtures/kitchen-sink)
is built with `sitegen build` into a temp folder and served on 127.0.0.1; headless
Chromium loads its photo post (content/posts/photo-walk/, a phone's photo published
with resized copies) in a 390 px wide phone viewport and in a 1280 px wide window,
each time in a new tab with the cache off, and records from the DevTools network log
which copy of the photo it fetched: the 480 px WebP on the phone, the 960 px WebP in
the window (the theme's text column is 48rem, `sizes` says so). Each step leaves a
screenshot in SCREENSHOTS (default: a new temp folder, printed), and the script prints
what was fetched.

Run by `make browser-test` (not by `make test`): python3 responsive_images.py SITEGEN [SCREENSHOTS].
Everything listens on 127.0.0.1 only; every wait is bounded; every process and server
is stopped at the end, whatever happened.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from accessibility import copy_site, static_server
from devtools import Browser, Screenshots, is_shown, stop

POST = "posts/photo-walk/"
# Viewport width → (height, phone?, the copy the browser should fetch).
STEPS = [(390, 844, True, "river-480w.webp"), (1280, 900, False, "river-960w.webp")]


def load_logging_requests(tab, url, seconds=15.0):
    """Navigates `tab` to `url` with the network log on; returns every URL requested until the page loaded."""
    tab.call("Network.enable")
    tab.call("Network.setCacheDisabled", {"cacheDisabled": True})
    tab.call("Page.enable")
    tab.next_id += 1
    tab.socket.send(json.dumps({"id": tab.next_id, "method": "Page.navigate", "params": {"url": url}}))
    requested = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        message = json.loads(tab.socket.recv())
        if message.get("method") == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
        elif message.get("method") == "Page.loadEventFired":
            return requested
    raise AssertionError("timed out loading " + url)


def main(sitegen, screenshots):
    work = tempfile.mkdtemp(prefix="sitegen-browser-")
    shots = Screenshots(screenshots, "responsive-images")
    processes, servers = [], []
    try:
        site = copy_site("kitchen-sink", work)
        output = os.path.join(work, "public")
        subprocess.run([sitegen, "build", "--site", site, "--output", output, "--quiet"], check=True)
        origin = static_server(output, servers)
        browser = Browser(work, processes)
        for width, height, phone, expected in STEPS:
            tab = browser.open_tab("about:blank", "true")
            tab.viewport(width, height, phone)
            requested = load_logging_requests(tab, origin + POST)
            photos = [url[len(origin):] for url in requested if "/river" in url]
            shown = tab.evaluate("document.querySelector('.prose img').currentSrc")
            tab.evaluate("document.querySelector('.prose picture').scrollIntoView()")
            shots.take(tab, "%dpx" % width)
            assert is_shown(tab.seen(".prose img")), "the photo is not on screen at %d px" % width
            print("%d px: fetched %s; the <img> shows %s" % (width, ", ".join(photos) or "no photo", shown[len(origin):]))
            assert photos == [POST + expected], "at %d px the browser should fetch only %s, fetched %s" % (
                width, expected, photos)
            print("ok: at %d px only the %s copy is fetched" % (width, expected))
        print("screenshots: %s (%d)" % (screenshots, shots.count))
        print("%d passed, 0 failed" % len(STEPS))
    finally:
        for server in servers:
            server.shutdown()
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]),
         os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="sitegen-screenshots-"))
