"""Headless Chromium driven over its DevTools protocol (python3-websocket), for
the browser tests in this folder. Everything listens on 127.0.0.1 only and
every wait is bounded."""

import base64
import json
import os
import subprocess
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
    """One browser tab."""

    def __init__(self, socket_url):
        self.socket = websocket.create_connection(socket_url, timeout=10)
        self.next_id = 0

    def call(self, method, params=None):
        """Sends one DevTools command and returns its reply (events in between are skipped)."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params or {}}))
        for _ in range(1000):
            reply = json.loads(self.socket.recv())
            if reply.get("id") == self.next_id:
                return reply
        raise AssertionError("no answer from the browser to " + method)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (None while the page is loading or if it threw)."""
        reply = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        return reply.get("result", {}).get("result", {}).get("value")

    def seen(self, selector):
        """What a person sees of the first element at `selector`: its computed `display` and `visibility`,
        its box's width and height, whether the browser renders it at all (`checkVisibility`, which also
        looks at its ancestors), whether it is laid out (`offsetParent`, or fixed / in the top layer), its
        visible text; None when no element matches."""
        return self.evaluate("""(() => {
            const e = document.querySelector(%s);
            if (!e) return null;
            const style = getComputedStyle(e);
            const box = e.getBoundingClientRect();
            return {display: style.display, visibility: style.visibility, width: box.width, height: box.height,
                    rendered: e.checkVisibility({visibilityProperty: true, opacityProperty: true}),
                    laidOut: e.offsetParent !== null || style.position === "fixed",
                    text: (e.innerText || "").trim()};
        })()""" % json.dumps(selector))

    def press(self, key, code, key_code, text=""):
        """Presses and releases one key in the focused element, as a keyboard would."""
        base = {"key": key, "code": code, "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code}
        self.call("Input.dispatchKeyEvent", dict(base, type="keyDown", text=text) if text else dict(base, type="rawKeyDown"))
        self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))

    def viewport(self, width, height, mobile):
        """Sizes the viewport (a phone's when `mobile`), for this tab's pages from now on."""
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        time.sleep(0.3)  # Layout settles.

    def screenshot(self, path, width=None, height=None, mobile=None):
        """Saves a PNG of the viewport, at that size first (a phone's when `mobile`) when a size is given."""
        if width:
            self.viewport(width, height, mobile)
        self.call("Page.bringToFront")  # A tab behind another may never paint, and never answer.
        data = self.call("Page.captureScreenshot", {"format": "png"})["result"]["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))


class Browser:
    """A headless Chromium with its profile in `folder`; `processes` gets it, for the caller to stop."""

    def __init__(self, folder, processes):
        profile = os.path.join(folder, "profile")
        process = subprocess.Popen(
            [os.environ.get("CHROMIUM", "chromium"), "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
             "--user-data-dir=" + profile, "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(process)
        port_file = os.path.join(profile, "DevToolsActivePort")
        wait_for("Chromium's DevTools port", lambda: os.path.exists(port_file) and open(port_file).read().strip())
        self.port = open(port_file).read().split()[0]

    def open_tab(self, url, ready):
        """A new tab at `url`, once the page has loaded and the JavaScript expression `ready` is true."""
        request = urllib.request.Request("http://127.0.0.1:%s/json/new?%s" % (self.port, url), method="PUT")
        tab = Page(json.load(urllib.request.urlopen(request, timeout=10))["webSocketDebuggerUrl"])
        wait_for(url, lambda: tab.evaluate("document.readyState") == "complete" and tab.evaluate(ready))
        return tab


def is_shown(seen):
    """Whether `Page.seen`'s answer is an element a person can see: rendered, laid out, and not empty."""
    return bool(seen) and seen["display"] != "none" and seen["visibility"] == "visible" and seen["rendered"] \
        and seen["laidOut"] and seen["width"] > 0 and seen["height"] > 0


def is_hidden(seen):
    """Whether `Page.seen`'s answer is an element nobody sees: missing, not rendered, or with no box."""
    return not seen or not seen["rendered"] or (seen["width"] == 0 and seen["height"] == 0) \
        or seen["display"] == "none" or seen["visibility"] != "visible"


class Screenshots:
    """A numbered screenshot per step of a walk, kept in `folder`."""

    def __init__(self, folder, prefix):
        self.folder = folder
        self.prefix = prefix
        self.count = 0
        os.makedirs(folder, exist_ok=True)

    def take(self, tab, name, width=None, height=None, mobile=None):
        """Saves the viewport as `PREFIX-NN-name.png` (at that size when given) and returns its path."""
        self.count += 1
        path = os.path.join(self.folder, "%s-%02d-%s.png" % (self.prefix, self.count, name))
        tab.screenshot(path, width, height, mobile)
        return path


def stop(processes):
    """Stops each process (the last started first), killing one that does not stop."""
    for process in reversed(processes):
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
