#!/usr/bin/env python3
"""Checks a built site: every internal link and #fragment of every page leads
somewhere, every page's head has its canonical URL and link-preview tags
(OpenGraph: absolute, under the base URL, dates in RFC 3339), and feed.xml
(Atom) and sitemap.xml have their formats' required elements, absolute URLs
under the base URL and valid dates.

usage: check_output.py OUTPUT_FOLDER BASE_URL

Prints one line per problem (`file: error: …`) and a summary; exits 1 if
there was any problem. Used by `make check-site`.
"""

import os
import re
import sys
import xml.etree.ElementTree as ElementTree
from datetime import datetime
from html.parser import HTMLParser
from urllib.parse import quote, unquote, urljoin, urlsplit

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
# RFC 3339 date-time, as Atom requires (section 3.3 of RFC 4287).
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
# The W3C datetime forms a sitemap's lastmod may take.
W3C_DATETIME = re.compile(r"^\d{4}(-\d\d(-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d))?)?)?$")
# Attributes holding one URL, by element.
URL_ATTRIBUTES = {"a": "href", "area": "href", "link": "href", "img": "src", "script": "src",
                  "source": "src", "iframe": "src", "video": "src", "audio": "src", "form": "action"}


class Page(HTMLParser):
    """The ids and the links (with their lines) of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []
        self.canonical = None
        self.properties = {}  # <meta property> by name: each content, in order.

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        for name in ("id",) + (("name",) if tag == "a" else ()):
            if values.get(name):
                self.ids.add(values[name])
        if tag == "link" and values.get("rel") == "canonical":
            self.canonical = values.get("href")
        if tag == "meta" and values.get("property"):
            self.properties.setdefault(values["property"], []).append(values.get("content") or "")
        url = values.get(URL_ATTRIBUTES.get(tag, ""))
        if url is not None:
            self.links.append((self.getpos()[0], url))
        for candidate in (values.get("srcset") or "").split(","):
            if candidate.strip():
                self.links.append((self.getpos()[0], candidate.split()[0]))


class Site:
    def __init__(self, output, base_url):
        self.output = output
        self.base = urlsplit(base_url)
        self.root = self.base.path if self.base.path.endswith("/") else self.base.path + "/"
        self.problems = []
        self.pages = {}
        for folder, _, files in os.walk(output):
            for name in files:
                if name.endswith(".html"):
                    path = os.path.relpath(os.path.join(folder, name), output)
                    page = Page()
                    with open(os.path.join(output, path), encoding="utf-8") as file:
                        page.feed(file.read())
                    self.pages[path] = page

    def problem(self, where, message):
        self.problems.append(f"{os.path.join(self.output, where)}: error: {message}")

    def url_of(self, path):
        """The site path a file is served at, percent-encoded as a link to it is:
        `posts/a/index.html` → `/club/posts/a/`, `tags/c#/index.html` → `/club/tags/c%23/`."""
        folder, name = os.path.split(path)
        link = self.root + (quote(folder) + "/" if folder else "")
        return link if name == "index.html" else link + quote(name)

    def target(self, path):
        """The output file a site path (without query or fragment) names, or None."""
        if not path.startswith(self.root):
            return None
        relative = unquote(path[len(self.root):])
        if relative.startswith("/") or ".." in relative.split("/"):
            return None
        if relative == "" or relative.endswith("/"):
            relative += "index.html"
        return relative if os.path.isfile(os.path.join(self.output, relative)) else None

    def check_link(self, where, page_url, link):
        """Reports `link`, found on the page at `page_url`, if it leads nowhere in the site."""
        parts = urlsplit(link)
        if parts.scheme or parts.netloc:
            if (parts.scheme, parts.netloc) != (self.base.scheme, self.base.netloc) or not self.base.netloc:
                return  # Another site's: not ours to check.
        resolved = urlsplit(urljoin(page_url, link))
        target = self.target(resolved.path)
        if target is None:
            outside = "" if resolved.path.startswith(self.root) else f" (outside the base path {self.root})"
            self.problem(where, f"link {link} leads to no page{outside}")
            return
        fragment = unquote(resolved.fragment)
        if fragment and target in self.pages and fragment not in self.pages[target].ids:
            self.problem(where, f"link {link}: {target} has no id \"{fragment}\"")

    def check_links(self):
        for path, page in sorted(self.pages.items()):
            for line, link in page.links:
                if not link.startswith(("mailto:", "tel:", "data:", "javascript:")):
                    self.check_link(f"{path}:{line}", self.url_of(path), link)

    def check_heads(self):
        """A page's canonical URL and og:url are its own address; og:image names a file of the
        site (or another site's); the dates are RFC 3339; no tag is written without a value."""
        for path, page in sorted(self.pages.items()):
            if path == "404.html" or self.is_redirect(path):
                continue
            own = urljoin(self.base.geturl(), self.url_of(path))
            if page.canonical != own:
                self.problem(path, f"canonical link {page.canonical!r}, not its address {own}")
            for name in ("og:title", "og:url", "og:type", "og:site_name"):
                if len(page.properties.get(name, [])) != 1:
                    self.problem(path, f"needs one <meta property=\"{name}\">")
            if page.properties.get("og:url") != [own]:
                self.problem(path, f"og:url {page.properties.get('og:url')} is not {own}")
            for name, values in page.properties.items():
                for value in values:
                    if not value.strip():
                        self.problem(path, f"<meta property=\"{name}\"> has no value")
                    elif name == "og:image" and urlsplit(value).netloc == self.base.netloc:
                        self.check_absolute(f"{path}: og:image", value)
                    elif name.endswith("_time"):
                        self.check_date(f"{path}: {name}", value, RFC3339, "an RFC 3339 date-time")

    def check_absolute(self, where, url):
        """An absolute URL under the base URL, naming a file of the site."""
        parts = urlsplit(url)
        if not parts.scheme or not parts.netloc:
            self.problem(where, f"{url!r} is not an absolute URL")
        elif not url.startswith(self.base.geturl()):
            self.problem(where, f"{url} is not under the base URL {self.base.geturl()}")
        elif self.target(parts.path) is None:
            self.problem(where, f"{url} names no file of the site")

    def parse_xml(self, name, root_tag):
        try:
            root = ElementTree.parse(os.path.join(self.output, name)).getroot()
        except (OSError, ElementTree.ParseError) as error:
            self.problem(name, f"not well-formed XML: {error}")
            return None
        if root.tag != root_tag:
            self.problem(name, f"the root element is {root.tag}, not {root_tag}")
            return None
        return root

    def check_date(self, where, text, pattern, form):
        text = (text or "").strip()
        if not pattern.match(text):
            self.problem(where, f"{text!r} is not {form}")
            return
        try:  # The pattern allows month 13 or February 30; this does not.
            datetime.fromisoformat(text if "T" in text else (text + "-01-01")[:10])
        except ValueError:
            self.problem(where, f"{text!r} is not a real date")

    def one(self, where, parent, tag):
        found = parent.findall(tag)
        if len(found) != 1:
            self.problem(where, f"needs exactly one <{tag.split('}')[-1]}>, has {len(found)}")
            return None
        return found[0]

    def check_feed(self):
        feed = self.parse_xml("feed.xml", ATOM + "feed")
        if feed is None:
            return
        entries = feed.findall(ATOM + "entry")
        self.check_atom_element("feed.xml: feed", feed, needs_author=not entries)
        ids = set()
        for index, entry in enumerate(entries, 1):
            where = f"feed.xml: entry {index}"
            self.check_atom_element(where, entry, needs_author=feed.find(ATOM + "author") is None)
            entry_id = entry.findtext(ATOM + "id")
            if entry_id in ids:
                self.problem(where, f"id {entry_id} is used by an earlier entry")
            ids.add(entry_id)

    def check_atom_element(self, where, element, needs_author):
        """The elements RFC 4287 requires of a feed or an entry: id, title, updated, an author."""
        for tag in ("id", "title", "updated"):
            child = self.one(where, element, ATOM + tag)
            if child is None:
                continue
            if tag == "id":
                parts = urlsplit((child.text or "").strip())
                if not parts.scheme or (parts.scheme in ("http", "https") and not parts.netloc):
                    self.problem(where, f"id {child.text!r} is not an absolute IRI")
            elif tag == "updated":
                self.check_date(where, child.text, RFC3339, "an RFC 3339 date-time")
            elif not (child.text or "").strip():
                self.problem(where, "the title is empty")
        if needs_author and element.find(ATOM + "author") is None:
            self.problem(where, "has no <author>")
        for author in element.findall(ATOM + "author"):
            if not (author.findtext(ATOM + "name") or "").strip():
                self.problem(where, "an <author> has no <name>")
        for link in element.findall(ATOM + "link"):
            self.check_absolute(where + " link", link.get("href", ""))

    def check_sitemap(self):
        urlset = self.parse_xml("sitemap.xml", SITEMAP + "urlset")
        if urlset is None:
            return
        urls = urlset.findall(SITEMAP + "url")
        if not urls or len(urls) > 50000:
            self.problem("sitemap.xml", f"has {len(urls)} <url> elements (1 to 50,000 allowed)")
        seen = set()
        for index, url in enumerate(urls, 1):
            where = f"sitemap.xml: url {index}"
            loc = self.one(where, url, SITEMAP + "loc")
            if loc is not None:
                text = (loc.text or "").strip()
                self.check_absolute(where, text)
                if text in seen:
                    self.problem(where, f"{text} is listed twice")
                seen.add(text)
            for lastmod in url.findall(SITEMAP + "lastmod"):
                self.check_date(where, lastmod.text, W3C_DATETIME, "a W3C datetime")
        listed = {self.target(urlsplit(text).path) for text in seen}
        for path in sorted(self.pages):
            if path != "404.html" and path not in listed and not self.is_redirect(path):
                self.problem("sitemap.xml", f"does not list {path}")

    def is_redirect(self, path):
        """Whether a page only sends its visitor on (an alias's `noindex` redirect, left out of sitemaps)."""
        with open(os.path.join(self.output, path), encoding="utf-8") as handle:
            head = handle.read(2048)
        return 'http-equiv="refresh"' in head and 'name="robots" content="noindex"' in head


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check_output.py OUTPUT_FOLDER BASE_URL")
    site = Site(sys.argv[1], sys.argv[2])
    site.check_links()
    site.check_heads()
    site.check_feed()
    site.check_sitemap()
    for line in site.problems:
        print(line)
    links = sum(len(page.links) for page in site.pages.values())
    problems = f"{len(site.problems)} problem" + ("" if len(site.problems) == 1 else "s")
    print(f"{sys.argv[1]}: {len(site.pages)} pages, {links} links, heads, feed and sitemap: {problems}")
    sys.exit(1 if site.problems else 0)


if __name__ == "__main__":
    main()
