"""The live preview in a real browser: headless Chromium opens a post served by
`sitegen serve`, the post's file is edited, and the page must show the new text
without anyone reloading it; then a broken front matter must bring up the error
overlay, and fixing it must take the overlay away.

Run by `make browser-test` (not by `make test`): python3 live_reload.py SITEGEN.
Chromium is driven over its DevTools protocol (python3-websocket). Everything
listens on 127.0.0.1 only; every wait is bounded; both processes are killed
at the end, whatever happened.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket


def wait_for(what, test, seconds=15.0):
    """Calls test() until it returns something true, for at most `seconds`; fails saying what it waited for."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = test()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out waiting for " + what)


class Page:
    """One browser tab, through the DevTools protocol."""

    def __init__(self, socket_url):
        self.socket = websocket.create_connection(socket_url, timeout=10)
        self.next_id = 0

    def evaluate(self, expression):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": "Runtime.evaluate",
                                     "params": {"expression": expression, "returnByValue": True}}))
        for _ in range(1000):
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                return reply.get("result", {}).get("result", {}).get("value")
        raise AssertionError("no answer from the browser")


def main(sitegen):
    work = tempfile.mkdtemp(prefix="sitegen-browser-")
    processes = []
    try:
        site = os.path.join(work, "site")
        subprocess.run([sitegen, "init", site, "--title", "Browser test"], check=True, stdout=subprocess.DEVNULL)
        posts = os.path.join(site, "content", "posts")
        post_name = sorted(name for name in os.listdir(posts) if name.endswith(".md"))[0]
        post = os.path.join(posts, post_name)
        original = open(post, encoding="utf-8").read()
        with open(os.path.join(site, "content", "about.md"), "w", encoding="utf-8") as about:
            about.write("---\ntitle: About\n---\nA page no post edit changes.\n")

        server = subprocess.Popen([sitegen, "serve", "--site", site, "--port", "0"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, env=dict(os.environ, TMPDIR=work))
        processes.append(server)
        first = server.stdout.readline()
        match = re.fullmatch(r"serving (http://127\.0\.0\.1:\d+/)\n", first)
        assert match, "no serving line: " + repr(first)
        origin = match.group(1)
        slug = post_name[:-len(".md")]

        profile = os.path.join(work, "profile")
        browser = subprocess.Popen(
            [os.environ.get("CHROMIUM", "chromium"), "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
             "--user-data-dir=" + profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(browser)
        port_file = os.path.join(profile, "DevToolsActivePort")
        wait_for("Chromium's DevTools port", lambda: os.path.exists(port_file) and open(port_file).read().strip())
        port = open(port_file).read().split()[0]

        def open_tab(path):
            request = urllib.request.Request("http://127.0.0.1:%s/json/new?%s" % (port, origin + path), method="PUT")
            tab = Page(json.load(urllib.request.urlopen(request, timeout=10))["webSocketDebuggerUrl"])
            wait_for(path, lambda: tab.evaluate("document.readyState") == "complete"
                     and tab.evaluate("!!document.querySelector('script[src=\"/_sitegen/live-reload.js\"]')"))
            return tab

        page = open_tab("posts/" + urllib.request.quote(slug) + "/")
        about = open_tab("about/")
        about.evaluate("window.sitegenMark = 'still the same page'")
        time.sleep(0.5)  # The pages' event streams connect.

        edited = original.rstrip("\n") + "\n\nEdited while the browser watched.\n"
        open(post, "w", encoding="utf-8").write(edited)
        wait_for("the edited text on the page",
                 lambda: page.evaluate("document.body.innerText.includes('Edited while the browser watched.')"))
        print("ok: the page shows the edit without a manual reload")
        time.sleep(0.5)
        assert about.evaluate("window.sitegenMark") == "still the same page", "a page whose bytes did not change reloaded"
        print("ok: a page the edit did not change is not reloaded")

        assets = os.path.join(site, "templates", "assets")
        os.makedirs(assets, exist_ok=True)
        theme_css = urllib.request.urlopen(origin + "assets/style.css", timeout=10).read().decode("utf-8")
        with open(os.path.join(assets, "style.css"), "w", encoding="utf-8") as css:
            css.write(theme_css + "\nbody { outline: 3px solid rgb(1, 2, 3); }\n")
        wait_for("the new stylesheet", lambda: about.evaluate("getComputedStyle(document.body).outlineColor") == "rgb(1, 2, 3)")
        assert about.evaluate("window.sitegenMark") == "still the same page", "a stylesheet change reloaded the page"
        print("ok: a stylesheet change is applied without a reload")

        broken = edited.replace("---\n", "---\ntitle: [unclosed\n", 1)
        open(post, "w", encoding="utf-8").write(broken)
        overlay = wait_for("the error overlay", lambda: page.evaluate(
            "(document.getElementById('sitegen-errors') || {}).innerText"))
        assert "error:" in overlay and post_name in overlay, overlay
        print("ok: the error overlay appears: " + overlay.strip().splitlines()[-1])

        open(post, "w", encoding="utf-8").write(edited.replace("Edited while", "Fixed while"))
        wait_for("the overlay to go", lambda: page.evaluate("!document.getElementById('sitegen-errors')"))
        wait_for("the fixed text", lambda: page.evaluate("document.body.innerText.includes('Fixed while the browser watched.')"))
        print("ok: the overlay disappears once the error is fixed")
        print("5 passed, 0 failed")
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]))
