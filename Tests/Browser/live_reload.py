"""The live preview in a real browser: headless Chromium opens a post served by
`sitegen serve`, the post's file is edited, and the page must show the new text
without anyone reloading it; then a broken front matter must bring up the error
overlay, and fixing it must take the overlay away. Each step checks what a
person sees (the text rendered in a box wider and taller than 0, the overlay
on screen and then gone) and leaves a numbered screenshot in SCREENSHOTS
(default: a new temp folder, printed).

Run by `make browser-test` (not by `make test`): python3 live_reload.py SITEGEN [SCREENSHOTS].
Chromium is driven over its DevTools protocol (devtools.py, python3-websocket). Everything
listens on 127.0.0.1 only; every wait is bounded; both processes are killed
at the end, whatever happened.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from devtools import Browser, Screenshots, is_hidden, is_shown, stop, wait_for
from preview import serve


def shows(page, shots, step, selector, words=None):
    """`selector` is on screen at this step (with `words` in it, when given); the step's screenshot first."""
    shots.take(page, step)
    seen = page.seen(selector)
    assert is_shown(seen) and (words is None or words in seen["text"]), \
        "%s: %s should be on screen%s, but is %s" % (step, selector, " showing %r" % words if words else "", seen)


def main(sitegen, screenshots):
    work = tempfile.mkdtemp(prefix="sitegen-browser-")
    shots = Screenshots(screenshots, "live-reload")
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

        origin = serve(sitegen, site, work, processes)
        slug = post_name[:-len(".md")]

        browser = Browser(work, processes)

        def open_tab(path):
            return browser.open_tab(origin + path, "!!document.querySelector('script[src=\"/_sitegen/live-reload.js\"]')")

        page = open_tab("posts/" + urllib.request.quote(slug) + "/")
        about = open_tab("about/")
        page.viewport(390, 844, True)
        shows(page, shots, "post", ".prose")
        about.evaluate("window.sitegenMark = 'still the same page'")
        time.sleep(0.5)  # The pages' event streams connect.

        edited = original.rstrip("\n") + "\n\nEdited while the browser watched.\n"
        open(post, "w", encoding="utf-8").write(edited)
        wait_for("the edited text on the page",
                 lambda: page.evaluate("document.body.innerText.includes('Edited while the browser watched.')"))
        shows(page, shots, "post-edited", ".prose", "Edited while the browser watched.")
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
        shows(page, shots, "error-overlay", "#sitegen-errors", post_name)
        print("ok: the error overlay appears: " + overlay.strip().splitlines()[-1])

        open(post, "w", encoding="utf-8").write(edited.replace("Edited while", "Fixed while"))
        wait_for("the overlay to go", lambda: page.evaluate("!document.getElementById('sitegen-errors')"))
        wait_for("the fixed text", lambda: page.evaluate("document.body.innerText.includes('Fixed while the browser watched.')"))
        assert is_hidden(page.seen("#sitegen-errors"))
        shows(page, shots, "fixed", ".prose", "Fixed while the browser watched.")
        print("ok: the overlay disappears once the error is fixed")
        print("screenshots: %s (%d)" % (screenshots, shots.count))
        print("5 passed, 0 failed")
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]),
         os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="sitegen-screenshots-"))
