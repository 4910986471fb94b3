"""The preview's editing controls in a real browser: headless Chromium on a copy
of the sample site served by `sitegen serve` walks every flow of the built-in
theme (a new post, editing it, the counter's − and + and a favorite, the
primes table, a menu item's price in its dialog, the profile's bio draft
cancelled then saved, a draft kept through a reload and a conflict) and checks
the files on disk and the pages reloaded after each write.

Before and after every action it checks what a person sees, not attributes:
each control expected on screen is rendered (computed `display` and
`visibility`, `checkVisibility`, a laid-out box wider and taller than 0) with
the words expected, and each one expected away (a closed form, a closed
dialog) has no box. Every step leaves a numbered screenshot in SCREENSHOTS
(default: a new temp folder, printed); the walk is on a 390 px phone screen
(no page may scroll sideways), and the post and profile pages, their forms
closed and open, are also checked and shot at 1280 px.

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

from devtools import Browser, Screenshots, is_hidden, is_shown, stop, wait_for
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

    def __init__(self, browser, origin, screenshots):
        self.browser = browser
        self.origin = origin
        self.tab = None
        self.shots = Screenshots(screenshots, "edit")

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

    def sees(self, step, shown=(), hidden=(), texts=None):
        """What a person sees at this step: every selector in `shown` is on screen (each in `texts` with
        those words), every one in `hidden` is not. The step's screenshot is taken first, to see a failure."""
        self.shots.take(self.tab, step)
        for selector in shown:
            seen = self.tab.seen(selector)
            assert is_shown(seen), "%s: %s should be on screen, but is %s" % (step, selector, seen)
        for selector in hidden:
            seen = self.tab.seen(selector)
            assert is_hidden(seen), "%s: %s should not be on screen, but is %s" % (step, selector, seen)
        for selector, words in (texts or {}).items():
            seen = self.tab.seen(selector)
            assert is_shown(seen) and words in seen["text"], \
                "%s: %s should show %r, but is %s" % (step, selector, words, seen)

    def sees_at_widths(self, step, **expected):
        """`sees` at a 390 px phone's width and a 1280 px desktop's, then back on the phone."""
        for width, height, mobile in ((390, 844, True), (1280, 900, False)):
            self.tab.viewport(width, height, mobile)
            self.sees("%s-%d" % (step, width), **expected)
        self.phone()

    def expanded(self, selector):
        return self.tab.evaluate("document.querySelector(%s).getAttribute('aria-expanded')" % js(selector))

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


NEW_POST_FORM = 'form[data-edit-form="new-post"]'
NEW_POST_FIELDS = ("#new-post-username", "#new-post-title", "#new-post-body", NEW_POST_FORM + ' button[type="submit"]')


def new_post(flow, site):
    posts = os.path.join(site, "content", "posts")
    before = set(os.listdir(posts))
    flow.open("posts/")
    flow.sees("posts-new-post-closed", shown=['details[data-edit="new-post"] > summary'], hidden=NEW_POST_FIELDS,
              texts={'details[data-edit="new-post"] > summary': "새 글 쓰기"})
    flow.click('details[data-edit="new-post"] > summary')
    flow.sees("posts-new-post-open", shown=NEW_POST_FIELDS, texts={NEW_POST_FORM + ' button[type="submit"]': "게시"})
    assert flow.value("#new-post-username") == "민디고", "the username is site.yml's default_username"
    flow.fits("the posts list with the new post form")
    flow.type("#new-post-title", "브라우저에서 쓴 글")
    flow.type("#new-post-body", "Written in the browser.")
    flow.click(NEW_POST_FORM + ' button[type="submit"]')
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
    flow.sees("new-post-page", texts={"h1": "브라우저에서 쓴 글", ".prose": "Written in the browser."})
    ok("a new post from the posts list: the form shown only once opened, " + added[0] + " written, its page shown")
    return source


POST_OPENER = '[data-edit="post"] [data-edit-open]'
POST_FORM = "#edit-post-form"
POST_FIELDS = (POST_FORM, "#edit-post-title", "#edit-post-tags", "#edit-post-body", POST_FORM + ' button[type="submit"]',
               POST_FORM + " [data-edit-cancel]")


def post_closed(flow, step):
    """The post's edit form is closed: only its button shows, and says it is closed."""
    flow.sees_at_widths(step, shown=[POST_OPENER], hidden=POST_FIELDS, texts={POST_OPENER: "수정"})
    assert flow.expanded(POST_OPENER) == "false"


def post_open(flow, step):
    flow.sees_at_widths(step, shown=POST_FIELDS, hidden=[POST_OPENER],
                        texts={POST_FORM + ' button[type="submit"]': "저장", POST_FORM + " [data-edit-cancel]": "취소",
                               POST_FORM + " .edit-fixed": "민디고"})
    assert flow.expanded(POST_OPENER) == "true"


def edit_post(flow, source):
    before = read(source)
    post_closed(flow, "post-closed")
    flow.click(POST_OPENER)
    wait_for("the post's fields in the form", lambda: flow.value("#edit-post-body") == "Written in the browser.\n")
    assert flow.value("#edit-post-title") == "브라우저에서 쓴 글"
    post_open(flow, "post-open")
    flow.fits("the post with its edit form")
    assert flow.tab.evaluate("document.querySelector('#edit-post-form [name=username]') === null"), "username is not editable"
    flow.type("#edit-post-body", "A draft nobody keeps.\n")
    flow.click(POST_FORM + " [data-edit-cancel]")
    post_closed(flow, "post-cancelled")
    assert flow.tab.evaluate("document.activeElement.matches(%s)" % js(POST_OPENER)), "focus goes back to the button"
    assert read(source) == before and "A draft nobody keeps." not in flow.text(), "cancel writes nothing"
    ok("post: the edit form hidden until Edit is pressed (390 and 1280 px), Cancel hides it again, aria-expanded follows")
    flow.click(POST_OPENER)
    wait_for("the post's fields again", lambda: flow.value("#edit-post-body") == "Written in the browser.\n")
    flow.sees("post-reopened", shown=POST_FIELDS)
    flow.type("#edit-post-body", "Edited in the browser.\n")
    flow.type("#edit-post-tags", "browser, 스터디")
    flow.click(POST_FORM + ' button[type="submit"]')
    flow.wait_reloaded("the edited post")
    flow.wait_text("the new body", "Edited in the browser.")
    post_closed(flow, "post-saved")
    flow.sees("post-saved-text", texts={".prose": "Edited in the browser.", ".tags": "#스터디"})
    assert "Written in the browser." not in flow.text()
    after = read(source)
    assert after.endswith("---\nEdited in the browser.\n") and "tags: [browser, 스터디]\n" in after, after
    assert after.replace("tags: [browser, 스터디]\n", "").replace("Edited in the browser.\n", "Written in the browser.\n") == before, \
        "only the body and the new tags changed:\n" + after
    ok("the post's content and tags edited in place, username untouched, page reloaded with the form closed")


STEPS = ('[data-step="-1"]', '[data-step="1"]')


def counter(flow, site):
    primes = os.path.join(site, "content", "primes.md")
    flow.open("counter/")
    flow.sees("counter-10", shown=STEPS, hidden=['[data-favorite]'],
              texts={".counter-value": "10", ".verdict": "10 is not prime :(", ".counter": "the 10th prime is 29"})
    flow.fits("the counter")
    flow.click('[data-step="1"]')
    flow.wait_reloaded("the counter at 11")
    flow.wait_text("11's verdict", "11 is prime 🎉")
    flow.sees("counter-11", shown=STEPS + ('[data-favorite="add"]',), hidden=['[data-favorite="remove"]'],
              texts={".counter-value": "11", ".verdict": "11 is prime 🎉", ".counter": "the 11th prime is 31",
                     '[data-favorite="add"]': "Save to favorite primes"})
    assert "count: 11\n" in read(primes)
    flow.click('[data-favorite="add"]')
    flow.wait_reloaded("11 saved")
    wait_for("the remove button", lambda: flow.tab.evaluate("!!document.querySelector('[data-favorite=\"remove\"]')"))
    flow.sees("counter-11-saved", shown=STEPS + ('[data-favorite="remove"]',), hidden=['[data-favorite="add"]'],
              texts={'[data-favorite="remove"]': "Remove from favorite primes"})
    assert "favorites: [2, 3, 5, 7, 13, 11]\n" in read(primes), read(primes)
    flow.click('[data-step="-1"]')
    flow.wait_reloaded("the counter at 10")
    flow.wait_text("10's verdict", "10 is not prime :(")
    flow.sees("counter-10-again", shown=STEPS, hidden=['[data-favorite]'], texts={".counter-value": "10"})
    assert "count: 10\n" in read(primes)
    ok("counter: + to 11 (prime, nth shown), saved to favorites, − back to 10, primes.md follows; each step seen")


ADD_FAVORITE = 'form[data-edit-form="add-favorite"]'


def primes_table(flow, site):
    primes = os.path.join(site, "content", "primes.md")
    flow.open("primes/")
    flow.sees("primes-table", shown=["table.primes", "#add-favorite", ADD_FAVORITE + ' button[type="submit"]',
                                     'tbody [data-favorite="remove"][data-value="13"]'],
              hidden=[ADD_FAVORITE + " .edit-status"], texts={"table.primes": "13", 'label[for="add-favorite"]': "좋아하는 소수 추가"})
    flow.fits("the primes table")
    before = read(primes)
    flow.type("#add-favorite", "8")
    flow.click(ADD_FAVORITE + ' button[type="submit"]')
    message = wait_for("the refusal", lambda: flow.run("const e = document.querySelector('.edit-error'); return e && e.innerText"))
    assert "8" in message and "prime" in message, message
    flow.sees("primes-8-refused", shown=[ADD_FAVORITE + " .edit-error"], texts={ADD_FAVORITE + " .edit-error": "8"})
    assert read(primes) == before, "a refused favorite writes nothing"
    assert not flow.reloaded()
    flow.type("#add-favorite", "17")
    flow.click(ADD_FAVORITE + ' button[type="submit"]')
    flow.wait_reloaded("17 added")
    flow.sees("primes-17-added", shown=['tbody [data-favorite="remove"][data-value="17"]'], hidden=[".edit-error"])
    assert "favorites: [2, 3, 5, 7, 13, 11, 17]\n" in read(primes), read(primes)
    flow.click('tbody [data-favorite="remove"][data-value="17"]')
    flow.wait_reloaded("17 removed")
    flow.sees("primes-17-removed", shown=['tbody [data-favorite="remove"][data-value="13"]'],
              hidden=['tbody [data-favorite="remove"][data-value="17"]'])
    assert "favorites: [2, 3, 5, 7, 13, 11]\n" in read(primes), read(primes)
    ok("primes table: a non-prime refused (" + message.strip().splitlines()[0] + "), 17 added, removed; each step seen")


MENU_DIALOG = ("#menu-dialog", "#menu-dialog-name", "#menu-dialog-price", '#menu-dialog button[type="submit"]',
               "#menu-dialog [data-edit-cancel]")
PENCIL = '[aria-label="수정: 대방어"]'


def menu_dialog(flow, site):
    dish = os.path.join(site, "content", "menu", "대방어.md")
    before = read(dish)
    flow.open("menu/")
    flow.sees("menu-closed", shown=[PENCIL], hidden=MENU_DIALOG, texts={".menu-list": "33,000"})
    # By keyboard: focus the pencil and press Enter.
    flow.run("document.querySelector(%s).focus()" % js(PENCIL))
    flow.tab.press("Enter", "Enter", 13, "\r")
    wait_for("the dialog", lambda: flow.tab.evaluate("document.getElementById('menu-dialog').open"))
    wait_for("the price in the dialog", lambda: flow.value("#menu-dialog-price") == "33000")
    flow.sees("menu-open", shown=MENU_DIALOG, texts={"#menu-dialog-title": "메뉴 수정"})
    assert flow.value("#menu-dialog-name") == "대방어"
    assert flow.tab.evaluate("document.activeElement.id") == "menu-dialog-name", "focus moves into the dialog"
    flow.type("#menu-dialog-price", "abc")
    flow.click('#menu-dialog button[type="submit"]')
    message = wait_for("the price's refusal", lambda: flow.run(
        "const e = document.querySelector('#menu-dialog .edit-error'); return e && e.innerText"))
    assert "저장하지 않았습니다" in message and "price" in message and "content/menu/대방어.md:" in message, message
    assert "error:" not in message, "the refusal is the site's words with the location as a detail, not a compiler line"
    assert flow.tab.evaluate("document.getElementById('menu-dialog').open"), "the dialog stays open"
    assert read(dish) == before, "an invalid price writes nothing"
    flow.fits("the menu with its dialog")
    flow.sees_at_widths("menu-refused", shown=MENU_DIALOG + ("#menu-dialog .edit-error",))
    ok("menu dialog: price abc refused in the site's words (" + " / ".join(message.strip().splitlines()) + "), file untouched")
    flow.type("#menu-dialog-price", "35000")
    flow.click('#menu-dialog button[type="submit"]')
    flow.wait_reloaded("the new price")
    flow.sees("menu-saved", shown=[PENCIL], hidden=MENU_DIALOG, texts={".menu-list": "35,000"})
    assert read(dish) == before.replace("price: 33000\n", "price: 35000\n"), read(dish)
    # Escape closes the dialog and writes nothing.
    flow.run("document.querySelector(%s).click()" % js(PENCIL))
    wait_for("the dialog again", lambda: flow.tab.evaluate("document.getElementById('menu-dialog').open"))
    flow.sees("menu-open-again", shown=MENU_DIALOG)
    flow.tab.press("Escape", "Escape", 27)
    wait_for("the dialog to close", lambda: flow.tab.evaluate("!document.getElementById('menu-dialog').open"))
    wait_for("focus back on the pencil",
             lambda: flow.tab.evaluate("document.activeElement.getAttribute('aria-label')") == "수정: 대방어")
    flow.sees("menu-escaped", shown=[PENCIL], hidden=MENU_DIALOG)
    ok("menu dialog: price 35000 saved, the list shows it; Enter opens, Escape closes, focus comes back")


PROFILE_OPENER = '[data-edit="profile"] [data-edit-open]'
PROFILE_FORM = "#edit-profile-form"
PROFILE_FIELDS = (PROFILE_FORM, "#edit-profile-bio", PROFILE_FORM + ' button[type="submit"]',
                  PROFILE_FORM + " [data-edit-cancel]")


def profile_closed(flow, step, bio):
    flow.sees_at_widths(step, shown=[PROFILE_OPENER], hidden=PROFILE_FIELDS,
                        texts={PROFILE_OPENER: "소개 수정", ".post-header .lead": bio})
    assert flow.expanded(PROFILE_OPENER) == "false"


def profile_open(flow, step):
    flow.sees_at_widths(step, shown=PROFILE_FIELDS, hidden=[PROFILE_OPENER],
                        texts={PROFILE_FORM + ' button[type="submit"]': "저장", PROFILE_FORM + " [data-edit-cancel]": "취소",
                               PROFILE_FORM + " .edit-fixed": "Kim"})
    assert flow.expanded(PROFILE_OPENER) == "true"


def profile(flow, site):
    kim = os.path.join(site, "content", "profiles", "kim.md")
    before = read(kim)
    flow.open("profiles/kim/")
    profile_closed(flow, "profile-closed", "Hello World")
    flow.click(PROFILE_OPENER)
    wait_for("the bio in the draft", lambda: flow.value("#edit-profile-bio") == "Hello World")
    assert flow.tab.evaluate("document.querySelector('#edit-profile-form [name=name]') === null"), "the name is not editable"
    flow.type("#edit-profile-bio", "A draft nobody keeps")
    profile_open(flow, "profile-draft")
    flow.fits("the profile with its bio draft")
    flow.click(PROFILE_FORM + " [data-edit-cancel]")
    profile_closed(flow, "profile-cancelled", "Hello World")
    time.sleep(1.0)
    assert read(kim) == before, "cancel writes nothing"
    assert not flow.reloaded()
    ok("profile: the bio draft hidden until opened (390 and 1280 px), cancelled, hidden again, the file untouched")
    flow.click(PROFILE_OPENER)
    wait_for("the bio again", lambda: flow.value("#edit-profile-bio") == "Hello World")
    flow.type("#edit-profile-bio", "Keeps the backlog tidy")
    flow.sees("profile-draft-again", shown=PROFILE_FIELDS)
    flow.click(PROFILE_FORM + ' button[type="submit"]')
    flow.wait_reloaded("the saved bio")
    flow.wait_text("the new bio", "Keeps the backlog tidy")
    profile_closed(flow, "profile-saved", "Keeps the backlog tidy")
    assert read(kim) == before.replace("bio: Hello World\n", "bio: Keeps the backlog tidy\n"), read(kim)
    ok("profile: the bio saved, the name untouched, the page shows it with the form closed")


def draft_kept(flow, site):
    kim = os.path.join(site, "content", "profiles", "kim.md")
    flow.open("profiles/kim/")
    flow.click(PROFILE_OPENER)
    wait_for("the bio", lambda: flow.value("#edit-profile-bio") == "Keeps the backlog tidy")
    flow.type("#edit-profile-bio", "My unsaved draft")
    changed = read(kim).replace("always brings snacks", "always brings coffee")
    write(kim, changed)  # Someone else saves the file: the page changes, the live reload comes.
    wait_for("the notice that the page changed", lambda: flow.tab.evaluate("!!document.querySelector('.edit-notice')"))
    time.sleep(0.5)
    assert not flow.reloaded() and flow.value("#edit-profile-bio") == "My unsaved draft", "the draft survives the reload event"
    flow.sees("draft-held", shown=PROFILE_FIELDS + (".edit-notice",), texts={".edit-notice": "편집하는 동안"})
    ok("a draft holds the live reload (notice shown, draft intact)")
    flow.click(PROFILE_FORM + ' button[type="submit"]')
    message = wait_for("the conflict", lambda: flow.run(
        "const e = document.querySelector('#edit-profile-form .edit-error'); return e && e.innerText"))
    assert flow.value("#edit-profile-bio") == "My unsaved draft" and read(kim) == changed, "409 writes nothing, keeps the draft"
    flow.sees("draft-conflict", shown=PROFILE_FIELDS + (PROFILE_FORM + " .edit-error button",))
    ok("409: the draft is kept and the form says the file changed (" + message.strip().splitlines()[0] + ")")
    flow.click('#edit-profile-form .edit-error button')
    flow.wait_reloaded("the reload the conflict offers")
    flow.wait_text("the other edit", "always brings coffee")
    flow.sees("draft-reloaded", shown=[PROFILE_OPENER], hidden=PROFILE_FIELDS + (".edit-notice",))
    ok("the conflict's reload button shows the file as it is now")


def closed_form_holds_nothing(flow, site):
    """A closed form is really closed: a change on disk reloads the page at once."""
    kim = os.path.join(site, "content", "profiles", "kim.md")
    flow.open("profiles/kim/")
    flow.sees("closed-form", shown=[PROFILE_OPENER], hidden=PROFILE_FIELDS)
    write(kim, read(kim).replace("always brings coffee", "always brings tea"))
    flow.wait_reloaded("the page after a change on disk")
    flow.wait_text("the change", "always brings tea")
    flow.sees("closed-form-reloaded", shown=[PROFILE_OPENER], hidden=PROFILE_FIELDS + (".edit-notice",))
    ok("with the form closed, a change on disk reloads the page (nothing held)")


def refused(flow, site):
    kim = os.path.join(site, "content", "profiles", "kim.md")
    before = read(kim)
    flow.run("document.querySelector('meta[name=\"sitegen-token\"]').content = '00000000000000000000000000000000'")
    flow.click(PROFILE_OPENER)
    wait_for("the bio", lambda: flow.value("#edit-profile-bio") == "Keeps the backlog tidy")
    flow.type("#edit-profile-bio", "Not allowed")
    flow.click(PROFILE_FORM + ' button[type="submit"]')
    message = wait_for("the refusal", lambda: flow.run(
        "const e = document.querySelector('#edit-profile-form .edit-error'); return e && e.innerText"))
    assert "미리 보기가 변경을 거부했습니다" in message and read(kim) == before, message
    flow.sees("refused", shown=PROFILE_FIELDS + (PROFILE_FORM + " .edit-error",))
    ok("403 (a wrong token): the form says the preview refused it (" + " / ".join(message.strip().splitlines()) + ")")


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
        flow = Flow(Browser(work, processes), origin, screenshots)
        post = new_post(flow, site)
        edit_post(flow, post)
        counter(flow, site)
        primes_table(flow, site)
        menu_dialog(flow, site)
        profile(flow, site)
        draft_kept(flow, site)
        closed_form_holds_nothing(flow, site)
        refused(flow, site)
        print("screenshots: %s (%d)" % (screenshots, flow.shots.count))
        print("%d passed, 0 failed" % len(PASSED))
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]),
         os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="sitegen-screenshots-"))
