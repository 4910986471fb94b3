"""The preview's editing controls in a real browser: headless Chromium on a copy
of the sample site served by `sitegen serve` walks every flow of the built-in
theme (a new post, editing it, the counter's − and + and a favorite, the
primes table, a menu item's price in its dialog, the profile's bio draft
cancelled then saved, a draft kept through a reload and a conflict) and checks
the files on disk and the pages reloaded after each write. It also saves
screenshots (a 390 px phone and a 1280 px desktop; the walk itself is on the phone
screen, and no page may scroll sideways) of the menu dialog and the
profile draft into SCREENSHOTS (default: a new temp folder, printed).

Run by `make browser-test` (not by `make test`):
python3 edit_controls.py SITEGEN [SCREENSHOTS]. Everything listens on
127.0.0.1 only; every wait is bounded; both processes are stopped at the end,
whatever happened.
"""

import json
import os
import shutil
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

from devtools import Browser, stop, wait_for
from preview import serve

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PASSED = []


def ok(what):
    PASSED.append(what)
    print("ok: " + what)


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def js(value):
    """A JavaScript literal for a Python string or number."""
    return json.dumps(value, ensure_ascii=False)


class Flow:
    """One tab of the preview and the helpers every flow uses."""

    def __init__(self, browser, origin):
        self.browser = browser
        self.origin = origin
        self.tab = None

    def open(self, path):
        if self.tab:
            self.tab.call("Page.navigate", {"url": self.origin + path})
            wait_for(path, lambda: self.tab.evaluate("location.pathname") == urllib.parse.urlsplit(self.origin + path).path
                     and self.tab.evaluate("document.readyState") == "complete" and self.ready())
        else:
            self.tab = self.browser.open_tab(self.origin + path, "!!document.querySelector('script[src=\"/_sitegen/edit.js\"]')")
            self.phone()
        self.mark()

    def phone(self):
        """The rest of the walk happens on a 390 px phone screen."""
        self.tab.viewport(390, 844, True)

    def fits(self, what):
        """Nothing sticks out sideways on the phone screen (no horizontal scrolling)."""
        width = self.tab.evaluate("document.documentElement.scrollWidth")
        assert width is not None and width <= 390, "%s is %s px wide on a 390 px screen" % (what, width)

    def ready(self):
        return self.tab.evaluate("!!document.querySelector('script[src=\"/_sitegen/edit.js\"]')")

    def mark(self):
        """Marks the page, so a reload can be told from no reload."""
        self.tab.evaluate("window.browserTestMark = true")
        time.sleep(0.4)  # The live-reload event stream connects; edit.js reads what it needs.

    def reloaded(self):
        return self.tab.evaluate("document.readyState === 'complete' && !window.browserTestMark") is True

    def wait_reloaded(self, what):
        wait_for(what + " (page reloaded)", self.reloaded)
        self.mark()

    def run(self, script):
        return self.tab.evaluate("(() => { " + script + " })()")

    def click(self, selector):
        assert self.run("const e = document.querySelector(%s); if (!e) return false; e.click(); return true;" % js(selector)), \
            "nothing to click at " + selector
        time.sleep(0.1)

    def type(self, selector, text):
        """Puts text into a field as typing would (an input event after it)."""
        assert self.run("const e = document.querySelector(%s); if (!e) return false; e.focus(); e.value = %s; "
                        "e.dispatchEvent(new Event('input', {bubbles: true})); return true;" % (js(selector), js(text))), \
            "no field at " + selector

    def value(self, selector):
        return self.run("const e = document.querySelector(%s); return e ? e.value : null;" % js(selector))

    def text(self):
        return self.tab.evaluate("document.querySelector('main').innerText") or ""

    def wait_text(self, what, needle):
        return wait_for(what, lambda: needle in self.text())


def new_post(flow, site):
    posts = os.path.join(site, "content", "posts")
    before = set(os.listdir(posts))
    flow.open("posts/")
    flow.click('details[data-edit="new-post"] > summary')
    assert flow.value("#new-post-username") == "민디고", "the username is site.yml's default_username"
    flow.fits("the posts list with the new post form")
    flow.type("#new-post-title", "브라우저에서 쓴 글")
    flow.type("#new-post-body", "Written in the browser.")
    flow.click('form[data-edit-form="new-post"] button[type="submit"]')
    wait_for("the new post's page", lambda: flow.tab.evaluate("location.pathname") not in (None, "/posts/")
             and "Written in the browser." in flow.text())
    path = urllib.parse.unquote(flow.tab.evaluate("location.pathname"))
    added = sorted(set(os.listdir(posts)) - before)
    assert len(added) == 1, added
    source = os.path.join(posts, added[0])
    text = read(source)
    assert "username: 민디고\n" in text and "title: 브라우저에서 쓴 글\n" in text and text.endswith("Written in the browser.\n"), text
    assert path == "/posts/" + added[0][:-len(".md")] + "/", path
    flow.mark()
    ok("a new post from the posts list: " + added[0] + " written, its page shown")
    return source


def edit_post(flow, source):
    before = read(source)
    flow.click('[data-edit="post"] [data-edit-open]')
    wait_for("the post's fields in the form", lambda: flow.value("#edit-post-body") == "Written in the browser.\n")
    assert flow.value("#edit-post-title") == "브라우저에서 쓴 글"
    flow.fits("the post with its edit form")
    assert flow.tab.evaluate("document.querySelector('#edit-post-form [name=username]') === null"), "username is not editable"
    assert "민디고" in flow.run("return document.querySelector('#edit-post-form .edit-fixed').innerText")
    flow.type("#edit-post-body", "Edited in the browser.\n")
    flow.type("#edit-post-tags", "browser, 스터디")
    flow.click('#edit-post-form button[type="submit"]')
    flow.wait_reloaded("the edited post")
    flow.wait_text("the new body", "Edited in the browser.")
    assert "#스터디" in flow.text() and "Written in the browser." not in flow.text()
    after = read(source)
    assert after.endswith("---\nEdited in the browser.\n") and "tags: [browser, 스터디]\n" in after, after
    assert after.replace("tags: [browser, 스터디]\n", "").replace("Edited in the browser.\n", "Written in the browser.\n") == before, \
        "only the body and the new tags changed:\n" + after
    ok("the post's content and tags edited in place, username untouched, page reloaded")


def counter(flow, site):
    primes = os.path.join(site, "content", "primes.md")
    flow.open("counter/")
    assert "10 is not prime :(" in flow.text() and not flow.tab.evaluate("!!document.querySelector('[data-favorite]')")
    flow.fits("the counter")
    flow.click('[data-step="1"]')
    flow.wait_reloaded("the counter at 11")
    flow.wait_text("11's verdict", "11 is prime 🎉")
    assert "count: 11\n" in read(primes) and "the 11th prime is 31" in flow.text(), flow.text()
    flow.click('[data-favorite="add"]')
    flow.wait_reloaded("11 saved")
    wait_for("the remove button", lambda: flow.tab.evaluate("!!document.querySelector('[data-favorite=\"remove\"]')"))
    assert "favorites: [2, 3, 5, 7, 13, 11]\n" in read(primes), read(primes)
    assert "Remove from favorite primes" in flow.text()
    flow.click('[data-step="-1"]')
    flow.wait_reloaded("the counter at 10")
    flow.wait_text("10's verdict", "10 is not prime :(")
    assert "count: 10\n" in read(primes)
    ok("counter: + to 11 (prime, nth shown), saved to favorites, − back to 10, primes.md follows")


def primes_table(flow, site):
    primes = os.path.join(site, "content", "primes.md")
    flow.open("primes/")
    flow.fits("the primes table")
    before = read(primes)
    flow.type("#add-favorite", "8")
    flow.click('form[data-edit-form="add-favorite"] button[type="submit"]')
    message = wait_for("the refusal", lambda: flow.run("const e = document.querySelector('.edit-error'); return e && e.innerText"))
    assert "8" in message and "prime" in message, message
    assert read(primes) == before, "a refused favorite writes nothing"
    assert not flow.reloaded()
    flow.type("#add-favorite", "17")
    flow.click('form[data-edit-form="add-favorite"] button[type="submit"]')
    flow.wait_reloaded("17 added")
    assert "favorites: [2, 3, 5, 7, 13, 11, 17]\n" in read(primes), read(primes)
    flow.click('tbody [data-favorite="remove"][data-value="17"]')
    flow.wait_reloaded("17 removed")
    assert "favorites: [2, 3, 5, 7, 13, 11]\n" in read(primes), read(primes)
    ok("primes table: a non-prime refused with the server's words (" + message.strip().splitlines()[-1] + "), 17 added, removed")


def menu_dialog(flow, site, screenshots):
    dish = os.path.join(site, "content", "menu", "대방어.md")
    before = read(dish)
    flow.open("menu/")
    # By keyboard: focus the pencil and press Enter.
    flow.run("document.querySelector('[aria-label=\"수정: 대방어\"]').focus()")
    flow.tab.press("Enter", "Enter", 13, "\r")
    wait_for("the dialog", lambda: flow.tab.evaluate("document.getElementById('menu-dialog').open"))
    wait_for("the price in the dialog", lambda: flow.value("#menu-dialog-price") == "33000")
    assert flow.value("#menu-dialog-name") == "대방어"
    assert flow.tab.evaluate("document.activeElement.id") == "menu-dialog-name", "focus moves into the dialog"
    flow.type("#menu-dialog-price", "abc")
    flow.click('#menu-dialog button[type="submit"]')
    message = wait_for("the price's diagnostic", lambda: flow.run(
        "const e = document.querySelector('#menu-dialog .edit-error'); return e && e.innerText"))
    assert "content/menu/대방어.md:" in message and "error:" in message, message
    assert flow.tab.evaluate("document.getElementById('menu-dialog').open"), "the dialog stays open"
    assert read(dish) == before, "an invalid price writes nothing"
    flow.fits("the menu with its dialog")
    for width, height, mobile in ((390, 844, True), (1280, 900, False)):
        flow.tab.screenshot(os.path.join(screenshots, "menu-dialog-%d.png" % width), width, height, mobile)
    flow.phone()
    ok("menu dialog: price abc refused with build's message (" + message.strip().splitlines()[0] + "), dialog open, file untouched")
    flow.type("#menu-dialog-price", "35000")
    flow.click('#menu-dialog button[type="submit"]')
    flow.wait_reloaded("the new price")
    assert read(dish) == before.replace("price: 33000\n", "price: 35000\n"), read(dish)
    assert "35,000" in flow.text() or "35000" in flow.text(), flow.text()
    # Escape closes the dialog and writes nothing.
    flow.run("document.querySelector('[aria-label=\"수정: 대방어\"]').click()")
    wait_for("the dialog again", lambda: flow.tab.evaluate("document.getElementById('menu-dialog').open"))
    flow.tab.press("Escape", "Escape", 27)
    wait_for("the dialog to close", lambda: flow.tab.evaluate("!document.getElementById('menu-dialog').open"))
    wait_for("focus back on the pencil",
             lambda: flow.tab.evaluate("document.activeElement.getAttribute('aria-label')") == "수정: 대방어")
    ok("menu dialog: price 35000 saved, the list shows it; Enter opens, Escape closes, focus comes back")


def profile(flow, site, screenshots):
    kim = os.path.join(site, "content", "profiles", "kim.md")
    before = read(kim)
    flow.open("profiles/kim/")
    flow.click('[data-edit="profile"] [data-edit-open]')
    wait_for("the bio in the draft", lambda: flow.value("#edit-profile-bio") == "Hello World")
    assert flow.tab.evaluate("document.querySelector('#edit-profile-form [name=name]') === null"), "the name is not editable"
    flow.type("#edit-profile-bio", "A draft nobody keeps")
    flow.fits("the profile with its bio draft")
    for width, height, mobile in ((390, 844, True), (1280, 900, False)):
        flow.tab.screenshot(os.path.join(screenshots, "profile-draft-%d.png" % width), width, height, mobile)
    flow.phone()
    flow.click('#edit-profile-form [data-edit-cancel]')
    wait_for("the draft to close", lambda: flow.tab.evaluate("document.getElementById('edit-profile-form').hidden"))
    time.sleep(1.0)
    assert read(kim) == before, "cancel writes nothing"
    assert not flow.reloaded() and "Hello World" in flow.text()
    ok("profile: a bio draft cancelled, the file untouched")
    flow.click('[data-edit="profile"] [data-edit-open]')
    wait_for("the bio again", lambda: flow.value("#edit-profile-bio") == "Hello World")
    flow.type("#edit-profile-bio", "Keeps the backlog tidy")
    flow.click('#edit-profile-form button[type="submit"]')
    flow.wait_reloaded("the saved bio")
    flow.wait_text("the new bio", "Keeps the backlog tidy")
    assert read(kim) == before.replace("bio: Hello World\n", "bio: Keeps the backlog tidy\n"), read(kim)
    ok("profile: the bio saved, the name untouched, the page shows it")


def draft_kept(flow, site):
    kim = os.path.join(site, "content", "profiles", "kim.md")
    flow.open("profiles/kim/")
    flow.click('[data-edit="profile"] [data-edit-open]')
    wait_for("the bio", lambda: flow.value("#edit-profile-bio") == "Keeps the backlog tidy")
    flow.type("#edit-profile-bio", "My unsaved draft")
    changed = read(kim).replace("always brings snacks", "always brings coffee")
    write(kim, changed)  # Someone else saves the file: the page changes, the live reload comes.
    wait_for("the notice that the page changed", lambda: flow.tab.evaluate("!!document.querySelector('.edit-notice')"))
    time.sleep(0.5)
    assert not flow.reloaded() and flow.value("#edit-profile-bio") == "My unsaved draft", "the draft survives the reload event"
    ok("a draft holds the live reload (notice shown, draft intact)")
    flow.click('#edit-profile-form button[type="submit"]')
    message = wait_for("the conflict", lambda: flow.run(
        "const e = document.querySelector('#edit-profile-form .edit-error'); return e && e.innerText"))
    assert flow.value("#edit-profile-bio") == "My unsaved draft" and read(kim) == changed, "409 writes nothing, keeps the draft"
    ok("409: the draft is kept and the form says the file changed (" + message.strip().splitlines()[0] + ")")
    flow.click('#edit-profile-form .edit-error button')
    flow.wait_reloaded("the reload the conflict offers")
    flow.wait_text("the other edit", "always brings coffee")
    ok("the conflict's reload button shows the file as it is now")


def refused(flow, site):
    kim = os.path.join(site, "content", "profiles", "kim.md")
    before = read(kim)
    flow.run("document.querySelector('meta[name=\"sitegen-token\"]').content = '00000000000000000000000000000000'")
    flow.click('[data-edit="profile"] [data-edit-open]')
    wait_for("the bio", lambda: flow.value("#edit-profile-bio") == "Keeps the backlog tidy")
    flow.type("#edit-profile-bio", "Not allowed")
    flow.click('#edit-profile-form button[type="submit"]')
    message = wait_for("the refusal", lambda: flow.run(
        "const e = document.querySelector('#edit-profile-form .edit-error'); return e && e.innerText"))
    assert "미리 보기가 변경을 거부했습니다" in message and read(kim) == before, message
    ok("403 (a wrong token): the form says the preview refused it (" + message.strip() + ")")


def main(sitegen, screenshots):
    work = tempfile.mkdtemp(prefix="sitegen-browser-")
    os.makedirs(screenshots, exist_ok=True)
    processes = []
    try:
        site = os.path.join(work, "site")
        os.makedirs(site)
        for item in ("site.yml", "content", "templates"):
            source = os.path.join(REPOSITORY, item)
            (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(site, item))
        write(os.path.join(site, "site.yml"), read(os.path.join(site, "site.yml")) + "default_username: 민디고\n")
        primes = os.path.join(site, "content", "primes.md")
        write(primes, read(primes).replace("count: 7\n", "count: 10\n"))

        origin = serve(sitegen, site, work, processes)
        try:
            urllib.request.urlopen(origin + "_sitegen/edit.js", timeout=10).read()
        except urllib.error.HTTPError as error:
            raise AssertionError("the preview does not serve /_sitegen/edit.js (EditScript.source): %s" % error)
        flow = Flow(Browser(work, processes), origin)
        post = new_post(flow, site)
        edit_post(flow, post)
        counter(flow, site)
        primes_table(flow, site)
        menu_dialog(flow, site, screenshots)
        profile(flow, site, screenshots)
        draft_kept(flow, site)
        refused(flow, site)
        print("screenshots: " + screenshots)
        print("%d passed, 0 failed" % len(PASSED))
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]),
         os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="sitegen-screenshots-"))
