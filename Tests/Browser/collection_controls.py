"""The preview's editing controls of a declared collection in a real browser: headless Chromium
on a small site with the `events` collection of issue 47, served by `sitegen serve`, fills and
saves an event's form (made from the schema: a number, a text, a list, a date, a checkbox, a
choice, the immutable host shown fixed), sees the page's own text change, sees the API's
refusal of a bad value in the form with the file untouched, and adds an event from the list
page's "new" form.

Needs the collections' item and list pages to hold the forms (`page.edit_form` from
`EditFormFields.edit` in an item page that includes `partials/item-edit`, `page.new_form` from
`EditFormFields.new` in a list page that includes `partials/item-new`): the built-in
`collection-item` and `collection` templates do.

Run by `make browser-test` (not by `make test`): python3 collection_controls.py SITEGEN
[SCREENSHOTS]. Everything listens on 127.0.0.1 only; every wait is bounded; both processes
are stopped at the end, whatever happened.
"""

import os
import shutil
import sys
import tempfile

from devtools import Browser, stop, wait_for
from edit_controls import Flow, ok, read, write
from preview import serve

SETTINGS = """title: Club
base_url: https://example.org/
language: en
collections:
  events:
    title: Events
    fields:
      title:    {type: text, required: true}
      starts:   {type: date, required: true}
      venue:    {type: text, label: Where}
      seats:    {type: integer, min: 0}
      speakers: {type: list}
      online:   {type: boolean}
      status:   {type: choice, of: [draft, review, done]}
      host:     {type: text, required: true, immutable: true}
    sort: {by: starts, order: ascending}
"""

MEETUP = """---
title: Spring meetup
starts: 2025-03-01T18:30:00+09:00
# where and how many
venue: Hall A
seats: 30
speakers: [kim, lee]
host: kim
---
Come along.
"""

OPENER = '[data-edit="item"] [data-edit-open]'
FORM = "#edit-item-form"
FIELDS = (FORM, "#edit-field-title", "#edit-field-starts", "#edit-field-venue", "#edit-field-seats",
          "#edit-field-speakers", "#edit-field-online", "#edit-field-status", "#edit-item-body",
          FORM + ' button[type="submit"]', FORM + " [data-edit-cancel]")


def edit_item(flow, source):
    before = read(source)
    flow.open("events/spring-meetup/")
    assert flow.tab.evaluate("!!document.querySelector(%s)" % '\'[data-edit="item"]\''), \
        "the event's page has no editing form: its template must include partials/item-edit and its page value " \
        "page.edit_form (EditFormFields.edit)"
    # The generic item page names each field by its label: the name tidied, or `label:` (venue's "Where").
    flow.sees_at_widths("item-closed", shown=[OPENER, "dl.fields dt:nth-of-type(2)"], hidden=FIELDS,
                        texts={OPENER: "Edit", "dl.fields dt:nth-of-type(1)": "Starts",
                               "dl.fields dt:nth-of-type(2)": "Where", "dl.fields dd:nth-of-type(2)": "Hall A"})
    flow.click(OPENER)
    wait_for("the event's fields in the form", lambda: flow.value("#edit-field-seats") == "30")
    assert flow.value("#edit-field-venue") == "Hall A" and flow.value("#edit-field-speakers") == "kim, lee"
    assert flow.value("#edit-field-starts") == "2025-03-01" and flow.value("#edit-item-body") == "Come along.\n"
    flow.sees_at_widths("item-open", shown=FIELDS,
                        texts={FORM + " .edit-fixed": "kim", FORM + " label[for=edit-field-venue]": "Where"})
    assert flow.tab.evaluate("document.querySelector('#edit-item-form [name=host]') === null"), "host is not editable"
    flow.fits("the event with its edit form")
    ok("an event's form made from its schema: each field filled from the file, the immutable host shown fixed")

    # A value the schema refuses: the browser's own min check taken away, the server's words shown.
    flow.run("document.querySelector('#edit-field-seats').removeAttribute('min'); return true;")
    flow.type("#edit-field-seats", "-1")
    flow.click(FORM + ' button[type="submit"]')
    message = wait_for("the refusal", lambda: flow.run(
        "const e = document.querySelector('#edit-item-form .edit-error'); return e && e.innerText"))
    assert "seats must be at least 0, got -1" in message and read(source) == before, message
    flow.sees("item-refused", shown=FIELDS + (FORM + " .edit-error",))
    ok("422: the form shows the schema's refusal (" + " / ".join(message.strip().splitlines()) + "), file untouched")

    flow.type("#edit-field-seats", "40")
    flow.type("#edit-field-venue", "Hall B")
    flow.type("#edit-field-speakers", "kim, lee, park")
    flow.run("const e = document.querySelector('#edit-field-online'); e.checked = true; return true;")
    flow.run("const e = document.querySelector('#edit-field-status'); e.value = 'review'; return true;")
    flow.type("#edit-item-body", "Bring a friend.\n")
    flow.run("const e = document.querySelector('#edit-field-starts'); e.value = '2025-03-02'; return true;")
    flow.click(FORM + ' button[type="submit"]')
    flow.wait_reloaded("the edited event")
    flow.wait_text("the new body", "Bring a friend.")
    flow.sees("item-saved", shown=[OPENER], hidden=FIELDS)
    text = flow.text()
    assert "Hall B" in text and "Hall A" not in text and "park" in text and "Come along." not in text, text
    assert "March 2, 2025" in text and "March 1, 2025" not in text, text
    after = read(source)
    expected = before.replace("Hall A", "Hall B").replace("seats: 30", "seats: 40") \
        .replace("[kim, lee]", "[kim, lee, park]").replace("host: kim\n", "host: kim\nonline: true\nstatus: review\n") \
        .replace("Come along.", "Bring a friend.").replace("2025-03-01T18:30", "2025-03-02T18:30")
    assert after == expected, "only the fields changed were written:\n" + after
    ok("the event saved from its form: typed values written (seats: 40, online: true, a list in flow style, "
       "a new day that keeps the date's time and offset), "
       "every other byte kept, the page reloaded showing Hall B and the new body")


def new_item(flow, site):
    events = os.path.join(site, "content", "events")
    flow.open("events/")
    summary = 'details[data-edit="new-item"] > summary'
    new_form = 'form[data-edit-form="new-item"]'
    assert flow.tab.evaluate("!!document.querySelector(%s)" % "'details[data-edit=\"new-item\"]'"), \
        "the events list has no new-item form: its template must include partials/item-new and its page value " \
        "page.new_form (EditFormFields.new)"
    flow.sees("list-new-closed", shown=[summary], hidden=[new_form + " #edit-field-title"])
    flow.click(summary)
    flow.sees_at_widths("list-new-open", shown=[new_form + " #edit-field-title", new_form + " #edit-field-host"])
    flow.type(new_form + " #edit-field-title", "Summer picnic")
    flow.type(new_form + " #edit-field-starts", "2025-07-01")
    flow.type(new_form + " #edit-field-host", "lee")
    flow.type(new_form + " #edit-field-seats", "12")
    flow.type("#new-item-body", "Bring food.")
    flow.click(new_form + ' button[type="submit"]')
    wait_for("the new event's page", lambda: flow.tab.evaluate("location.pathname") == "/events/summer-picnic/"
             and "Bring food." in flow.text())
    flow.mark()
    flow.sees("new-item-page", texts={"main": "Summer picnic"})
    text = read(os.path.join(events, "summer-picnic.md"))
    assert text == "---\ntitle: Summer picnic\nstarts: 2025-07-01\nseats: 12\nhost: lee\n---\nBring food.\n", text
    ok("a new event from the list page's form: content/events/summer-picnic.md written in the schema's order, its page shown")


def main(sitegen, screenshots):
    work = tempfile.mkdtemp(prefix="sitegen-browser-")
    os.makedirs(screenshots, exist_ok=True)
    processes = []
    try:
        site = os.path.join(work, "site")
        os.makedirs(os.path.join(site, "content", "events"))
        write(os.path.join(site, "site.yml"), SETTINGS)
        source = os.path.join(site, "content", "events", "spring-meetup.md")
        write(source, MEETUP)
        origin = serve(sitegen, site, work, processes)
        flow = Flow(Browser(work, processes), origin, screenshots)
        edit_item(flow, source)
        new_item(flow, site)
        print("screenshots: %s (%d)" % (screenshots, flow.shots.count))
        print("passed, 0 failed")
    finally:
        stop(processes)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(os.path.abspath(sys.argv[1]),
         os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="sitegen-screenshots-"))
