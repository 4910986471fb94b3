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

    def screenshot(self, path, width, height, mobile):
        """Saves a PNG of the viewport at that size (a phone's when `mobile`)."""
        self.viewport(width, height, mobile)
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


def stop(processes):
    """Stops each process (the last started first), killing one that does not stop."""
    for process in reversed(processes):
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
