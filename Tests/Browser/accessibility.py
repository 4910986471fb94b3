"""The built-in theme's accessibility, checked by axe-core in headless Chromium:
the sample site (the repository's content/, templates/, site.yml) and
Tests/Fixtures/kitchen-sink are built with `sitegen build` into temp folders and
served on 127.0.0.1; on each site's home page, posts list, a post (the kitchen
sink's has a task list and footnotes), a tag page and its other page kinds,
in the light and the dark colour scheme (`prefers-color-scheme`, emulated),
axe-core must find no violation of any rule it runs by default (WCAG 2 A and
AA, best practices). The preview's editing controls are checked the same way
on `sitegen serve`'s post and profile pages, their forms closed and open, and
on a declared collection's item and list pages (the forms made from its schema).
Each page and scheme leaves a screenshot in SCREENSHOTS (default: a new temp
folder, printed).

Run by `make browser-test` (not by `make test`), which installs axe-core
(axe.min.js, from PyPI's axe-playwright-python, in a virtual environment under
.build/): python3 accessibility.py SITEGEN AXE_JS [SCREENSHOTS]. Everything
listens on 127.0.0.1 only; every wait is bounded; every process is stopped at
the end, whatever happened.
"""

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

import collection_controls
from devtools import Browser, Screenshots, is_shown, stop, wait_for
from preview import serve

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SITES = {
    # The sample site: the repository root's site.yml, content/ and templates/.
    "sample": (REPOSITORY, ("site.yml", "content", "templates")),
    "kitchen-sink": (os.path.join(REPOSITORY, "Tests", "Fixtures", "kitchen-sink"),
                     ("site.yml", "content", "static", "templates", "data")),
}
# Paths checked on each site besides its first tag page (the kitchen sink's alerts are in posts/github-extras/).
PAGES = {
    "sample": ["", "posts/", "posts/scrum-study/", "tags/", "menu/", "menu/대방어/", "profiles/", "profiles/kim/",
               "counter/", "primes/", "about/", "404.html"],
    "kitchen-sink": ["", "posts/", "posts/markdown-tour/", "posts/github-extras/", "posts/math/", "posts/photo-walk/",
                     "posts/cover-story/", "posts/page/2/", "tags/", "menu/",
                     "profiles/kim/", "users/sink/", "counter/", "primes/", "guide/setup/", "about/", "report/", "budget/",
                     "events/", "events/spring-meetup/", "events/speakers/lee/"],
}
SCHEMES = ("light", "dark")


def copy_site(name, work):
    source, items = SITES[name]
    site = os.path.join(work, name)
    os.makedirs(site)
    for item in items:
        path = os.path.join(source, item)
        if os.path.isdir(path):
            shutil.copytree(path, os.path.join(site, item))
        elif os.path.exists(path):
            shutil.copy(path, os.path.join(site, item))
    return site


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def static_server(folder, servers):
    """Serves `folder` on a free port of 127.0.0.1 in a thread; returns its origin."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    servers.append(server)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return "http://127.0.0.1:%d/" % server.server_address[1]


class Checker:
    """One tab that opens pages in a colour scheme and runs axe-core on them."""

    def __init__(self, browser, axe_source, screenshots):
        self.browser = browser
        self.axe_source = axe_source
        self.shots = Screenshots(screenshots, "axe")
        self.tab = None
        self.failures = []
        self.checked = 0

    def open(self, url, scheme):
        if self.tab is None:
            self.tab = self.browser.open_tab("about:blank", "true")
            self.tab.viewport(1280, 900, False)
        self.tab.call("Emulation.setEmulatedMedia",
                      {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        self.tab.call("Page.navigate", {"url": url})
        wanted = urllib.parse.urlsplit(url).path
        wait_for(url, lambda: self.tab.evaluate("location.pathname") == wanted
                 and self.tab.evaluate("document.readyState") == "complete")
        assert self.tab.evaluate("matchMedia('(prefers-color-scheme: %s)').matches" % scheme), scheme + " is emulated"

    def check(self, what, scheme):
        """Runs axe-core on the page as it is now; notes each violation; a screenshot."""
        if not self.tab.evaluate("typeof axe === 'object'"):
            reply = self.tab.call("Runtime.evaluate", {"expression": self.axe_source})
            assert "exceptionDetails" not in reply.get("result", {}), "axe.min.js did not load: %s" % reply
        results = self.tab.evaluate(
            "axe.run(document, {resultTypes: ['violations']}).then((r) => JSON.stringify(r.violations))")
        assert results is not None, "axe-core gave no answer on " + what
        violations = json.loads(results)
        self.checked += 1
        self.shots.take(self.tab, "%s-%s" % (what.strip("/").replace("/", "_") or "home", scheme))
        for violation in violations:
            for node in violation["nodes"]:
                self.failures.append("%s (%s): %s [%s] %s: %s\n    %s" % (
                    what, scheme, violation["id"], violation["impact"], violation["help"], " ".join(node["target"]),
                    node.get("failureSummary", "").replace("\n", "\n    ")))
        print("%s: %s (%s)" % ("ok" if not violations else "FAIL", what, scheme))


def built_sites(sitegen, work, servers, checker):
    for name in SITES:
        site = copy_site(name, work)
        output = os.path.join(work, name + "-public")
        # The port is known before the build, so every link and stylesheet points at this server.
        origin = static_server(output, servers)
        build = subprocess.run([sitegen, "build", "--site", site, "--output", output, "--base-url", origin, "--quiet"],
                               capture_output=True, text=True)
        assert build.returncode == 0, "%s did not build:\n%s" % (name, build.stderr)
        tags = sorted(entry for entry in os.listdir(os.path.join(output, "tags"))
                      if os.path.isdir(os.path.join(output, "tags", entry)))
        assert tags, name + " has tag pages"
        for path in PAGES[name] + ["tags/" + tags[0] + "/"]:
            for scheme in SCHEMES:
                checker.open(origin + urllib.parse.quote(path), scheme)
                checker.check(name + "/" + path, scheme)


def preview_controls(sitegen, work, processes, checker):
    """The editing controls `sitegen serve` adds, closed and open, on a post and a profile."""
    site = copy_site("sample", work + "/preview")
    origin = serve(sitegen, site, work, processes)
    for path, opener, form in (("posts/scrum-study/", '[data-edit="post"] [data-edit-open]', "#edit-post-form"),
                               ("profiles/kim/", '[data-edit="profile"] [data-edit-open]', "#edit-profile-form"),
                               ("posts/", 'details[data-edit="new-post"] > summary', 'form[data-edit-form="new-post"]'),
                               ("menu/", '[data-edit-dialog]', "#menu-dialog")):
        for scheme in SCHEMES:
            checker.open(origin + path, scheme)
            wait_for("the editing script", lambda: checker.tab.evaluate(
                "!!document.querySelector('script[src=\"/_sitegen/edit.js\"]')"))
            checker.check("serve/" + path + " closed", scheme)
            checker.tab.evaluate("document.querySelector(%s).click()" % json.dumps(opener))
            wait_for(form + " on screen", lambda: is_shown(checker.tab.seen(form)))
            checker.check("serve/" + path + " open", scheme)


def collection_forms(sitegen, work, processes, checker):
    """The forms a declared collection's pages get from its schema, closed and open: an event's, and the list's new one."""
    site = os.path.join(work, "events")
    os.makedirs(os.path.join(site, "content", "events"))
    with open(os.path.join(site, "site.yml"), "w", encoding="utf-8") as file:
        file.write(collection_controls.SETTINGS)
    with open(os.path.join(site, "content", "events", "spring-meetup.md"), "w", encoding="utf-8") as file:
        file.write(collection_controls.MEETUP)
    origin = serve(sitegen, site, work, processes)
    for path, opener, form in (("events/spring-meetup/", '[data-edit="item"] [data-edit-open]', "#edit-item-form"),
                               ("events/", 'details[data-edit="new-item"] > summary', 'form[data-edit-form="new-item"]')):
        for scheme in SCHEMES:
            checker.open(origin + path, scheme)
            wait_for("the editing script", lambda: checker.tab.evaluate(
                "!!document.querySelector('script[src=\"/_sitegen/edit.js\"]')"))
            checker.check("serve/" + path + " closed", scheme)
            checker.tab.evaluate("document.querySelector(%s).click()" % json.dumps(opener))
            wait_for(form + " on screen", lambda: is_shown(checker.tab.seen(form)))
            checker.check("serve/" + path + " open", scheme)


def main(sitegen, axe_js, screenshots):
    work = tempfile.mkdtemp(prefix="sitegen-axe-")
    processes = []
    servers = []
    try:
        with open(axe_js, encoding="utf-8") as file:
            axe_source = file.read()
        browser = Browser(work, processes)
        checker = Checker(browser, axe_source, screenshots)
        built_sites(sitegen, work, servers, checker)
        preview_controls(sitegen, work, processes, checker)
        collection_forms(sitegen, work, processes, checker)
        print("screenshots: %s (%d)" % (screenshots, checker.shots.count))
        if checker.failures:
            print("\n".join(checker.failures))
            print("%d pages checked, %d violations" % (checker.checked, len(checker.failures)))
            sys.exit(1)
        print("%d pages checked, 0 violations" % checker.checked)
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]),
         os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else tempfile.mkdtemp(prefix="sitegen-screenshots-"))
