#!/usr/bin/env python3
"""Lays out a Hugo project that builds the same pages as sitegen from one corpus.

    bench/hugo_site.py CORPUS_DIR HUGO_DIR

The Hugo project reads CORPUS_DIR/content in place (a module mount, nothing
copied or changed) and adds only what Hugo needs to name and lay out the same
pages as sitegen's default theme: section titles (_index.md), the counter page,
small templates written for this benchmark, and the default theme's stylesheet.

Pages on both sides: home (the 5 newest posts), the posts list, one page per
post, /tags/ (every tag with its count), /tags/<tag>/ (its posts, newest
first), /users/<username>/ (the author's posts, newest first), the menu list
and items, the profiles list and profiles, the counter and primes pages, 404,
a sitemap and one feed of the 20 newest posts with their full content. The
posts list, each tag page and each author page come in pages of 20 posts (the
first at the list's address, then .../page/2/ ...), with previous/next links,
page numbers and the total. A post's page shows a table of contents when it has
two or more level 2-3 headings, its tags and author as links, and links to the
newer and the older post. Cards show the author and the tags as links.

Markdown as sitegen renders it: Goldmark with pipe tables, footnotes,
strikethrough, linkify and task lists on (typographer and definition lists
off), GitHub-style heading ids with a `#` link (a heading render hook), fenced
code highlighted with CSS classes (`noClasses = false`; untagged fences stay
plain, as `guessSyntax` is off), raw HTML dropped.

Authors: a Hugo taxonomy reads the front-matter key named by its plural, and
the posts name their author as `username:` (cascade can only set fixed values,
and `[frontmatter]` maps only dates), so the author taxonomy is
`user = "username"`: its term pages are moved to /users/<term>/ with
`[permalinks.term]`, and its own list page (/username/) is never rendered
(`build.render: never`), as sitegen has no /users/ page. Both lower-case the
usernames in these addresses (/users/kim/ for `Kim`).

A corpus made with `make_corpus.py --collections` (it has content/events/)
also gets what sitegen builds for a custom collection and a report page: the
events list (sorted by `starts`, oldest first, 10 a page; Hugo's `[frontmatter]`
takes an event's date from `starts`), one page per event with its fields, the
speakers taxonomy at /events/speakers/ and /events/speakers/<name>/ (10 a
page), and /budget/, whose `layout: budget` renders data/budget.csv as a table.
Hugo's `site.Data` does not read CSV (0.168 ignores data/*.csv), so the
corpus's data/ is mounted as assets/data and the layout reads the same file
with `resources.Get` and `transform.Unmarshal (dict "targetType" "map")`
(rows keyed by the header, as `site.data.budget` is in sitegen).

Differences that remain: Hugo also writes a .../page/1/index.html redirect
for every paginated list (it cannot be turned off), its sitemap leaves out the
pages after the first of each list (sitegen's lists them), its feed is RSS at
index.xml (sitegen's is Atom at feed.xml), section feeds and robots.txt are
off, and the highlighting's class names and the words of the theme differ.
`bench/compare_pages.py` lists the pages each tool wrote.
"""

from __future__ import annotations

import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus  # noqa: E402  (the site's title and nav live there)

LAYOUT_VERSION = "3"  # bump when the files below change
PAGER_SIZE = 20  # sitegen's default `paginate` (the corpus's site.yml does not set it)
EVENTS_PAGER_SIZE = make_corpus.EVENTS_PAGINATE  # the events collection's `paginate`


def toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def has_collections(corpus_dir: str) -> bool:
    """Whether the corpus was made with --collections (it has the custom collection's folder)."""
    return os.path.isdir(os.path.join(corpus_dir, "content", "events"))


# With --collections: the speakers taxonomy under /events/, an event's date from its `starts`, and
# the corpus's data/ as assets (Hugo's site.Data does not read CSV; resources.Get can).
COLLECTIONS_CONFIG = """
[taxonomies]
tag = "tags"
user = "username"
speaker = "speakers"
[permalinks.term]
username = "/users/:slug/"
speakers = "/events/speakers/:slug/"
[permalinks.taxonomy]
speakers = "/events/speakers/"

[frontmatter]
date = ["starts", ":default"]
"""

PLAIN_TAXONOMIES = """
[taxonomies]
tag = "tags"
user = "username"
[permalinks.term]
username = "/users/:slug/"
"""


def config(content_dir: str, collections: bool = False) -> str:
    nav = "".join(
        f"[[params.nav]]\ntitle = {toml_string(title)}\nurl = {toml_string(url)}\n\n"
        for title, url in make_corpus.nav(collections)
    )
    data_mount = (f"[[module.mounts]]\nsource = {toml_string(os.path.join(os.path.dirname(content_dir), 'data'))}\n"
                  f"target = \"assets/data\"\n" if collections else "")
    return f"""# Written by bench/hugo_site.py for the sitegen vs Hugo benchmark.
baseURL = {toml_string(make_corpus.BASE_URL)}
title = {toml_string(make_corpus.SITE_TITLE)}
languageCode = {toml_string(make_corpus.LANGUAGE)}
defaultContentLanguage = {toml_string(make_corpus.LANGUAGE)}
disableKinds = ["robotsTXT"]
capitalizeListTitles = false
buildFuture = true
enableGitInfo = false

[params]
description = {toml_string(make_corpus.SITE_DESCRIPTION)}

{nav}[outputs]
home = ["html", "rss"]
section = ["html"]
page = ["html"]
taxonomy = ["html"]
term = ["html"]

# sitegen's tag pages (/tags/, /tags/<tag>/) and author pages (/users/<username>/). The
# posts carry their author as `username: Kim`, and a taxonomy reads the front-matter key
# named by its plural, so the author taxonomy's plural is "username"; its term pages are
# moved to /users/<term>/ below and its own list page (/username/) is never rendered
# (content-extra/username/_index.md), as sitegen has no /users/ page.
{(COLLECTIONS_CONFIG if collections else PLAIN_TAXONOMIES).strip()}

[pagination]
pagerSize = {PAGER_SIZE}

[markup.goldmark.extensions]
definitionList = false
footnote = true
linkify = true
strikethrough = true
table = true
taskList = true
[markup.goldmark.extensions.typographer]
disable = true
[markup.goldmark.parser]
autoHeadingID = true
autoHeadingIDType = "github"
[markup.goldmark.renderer]
unsafe = false
[markup.highlight]
codeFences = true
noClasses = false
guessSyntax = false
[markup.tableOfContents]
startLevel = 2
endLevel = 3
ordered = true

[[module.mounts]]
source = {toml_string(content_dir)}
target = "content"
[[module.mounts]]
source = "content-extra"
target = "content"
[[module.mounts]]
source = "static"
target = "static"
{data_mount}"""


BASEOF = """<!DOCTYPE html>
<html lang="{{ site.Language.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
<meta name="description" content="{{ site.Params.description }}">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Hugo {{ hugo.Version }}">
<link rel="stylesheet" href="{{ "assets/style.css" | relURL }}">
<link rel="alternate" type="application/rss+xml" title="{{ site.Title }}" href="{{ "index.xml" | relURL }}">
</head>
<body>
<a class="skip-link" href="#main">본문으로 건너뛰기</a>
<header class="site-header">
  <div class="wrap header-row">
    <a class="brand" href="{{ "/" | relURL }}">{{ site.Title }}</a>
    <nav class="site-nav" aria-label="Sections">
      <ul>
        {{- $here := .RelPermalink }}
        {{- range site.Params.nav }}
        <li><a href="{{ .url }}"{{ if or (eq .url $here) (and (ne .url "/") (hasPrefix $here .url)) }} aria-current="page"{{ end }}>{{ .title }}</a></li>
        {{- end }}
      </ul>
    </nav>
  </div>
</header>
<main id="main" class="wrap">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer">
  <div class="wrap">
    <p>{{ site.Title }} · <a href="{{ "index.xml" | relURL }}">feed</a> · made with Hugo</p>
  </div>
</footer>
</body>
</html>
"""

AVATAR = """<span class="avatar" style="background-color: hsl({{ mod (hash.FNV32a .) 360 }} 55% 42%)" aria-hidden="true">{{ substr . 0 1 | upper }}</span>
"""

POST_CARD = """<li class="card post-card">
  {{ partial "avatar.html" .Params.username }}
  <div class="card-body">
    <h3 class="card-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h3>
    <p class="meta">{{ partial "author.html" . }} · <time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2006-01-02" }}</time></p>
    <p class="excerpt">{{ .Plain | truncate 160 }}</p>
    {{ partial "tags.html" (dict "page" . "class" "tags card-tags") }}
  </div>
</li>
"""

AUTHOR = """{{ $username := .Params.username }}{{ range first 1 (.GetTerms "username") }}<a class="username" href="{{ .RelPermalink }}">{{ $username }}</a>{{ else }}<span class="username">{{ $username }}</span>{{ end }}"""

TAGS = """{{- with .page.GetTerms "tags" }}
<ul class="{{ $.class }}" aria-label="태그">
  {{- range . }}
  <li><a href="{{ .RelPermalink }}">#{{ .LinkTitle }}</a></li>
  {{- end }}
</ul>
{{- end }}
"""

# The posts list, every tag page and every author page: one page of the list, then the pages
# around it (two either side, the first and the last, gaps between), like sitegen's theme.
POST_LIST = """{{- $pager := .Paginator }}
{{- with $pager.Pages }}
<ul class="cards">
  {{- range . }}
  {{ partial "post-card.html" . }}
  {{- end }}
</ul>
{{- else }}
<p class="empty">글이 없어요.</p>
{{- end }}
{{- if gt $pager.TotalPages 1 }}
{{- $current := $pager.PageNumber }}
{{- $last := $pager.TotalPages }}
<nav class="pagination" aria-label="쪽">
  <p class="pagination-position">{{ $last }}쪽 중 {{ $current }}쪽 · 글 {{ $pager.TotalNumberOfElements }}개</p>
  <ul>
    {{- with $pager.Prev }}
    <li><a href="{{ .URL }}" rel="prev">← 최신 글</a></li>
    {{- end }}
    {{- $from := cond (gt $current 3) (sub $current 2) 1 }}
    {{- $to := cond (lt (add $current 2) $last) (add $current 2) $last }}
    {{- if gt $from 1 }}
    <li><a href="{{ $pager.First.URL }}">1</a></li>
    {{- if gt $from 2 }}<li class="pagination-gap" aria-hidden="true">…</li>{{ end }}
    {{- end }}
    {{- range seq $from $to }}
    <li>{{ if eq . $current }}<span aria-current="page">{{ . }}</span>{{ else }}<a href="{{ (index $pager.Pagers (sub . 1)).URL }}">{{ . }}</a>{{ end }}</li>
    {{- end }}
    {{- if lt $to $last }}
    {{- if lt $to (sub $last 1) }}<li class="pagination-gap" aria-hidden="true">…</li>{{ end }}
    <li><a href="{{ $pager.Last.URL }}">{{ $last }}</a></li>
    {{- end }}
    {{- with $pager.Next }}
    <li><a href="{{ .URL }}" rel="next">이전 글 →</a></li>
    {{- end }}
  </ul>
</nav>
{{- end }}
"""

PAGE_TITLE = """{{ .Title }}{{ with .Paginator }}{{ if gt .PageNumber 1 }} ({{ .PageNumber }}쪽){{ end }}{{ end }}"""

HOME = """{{ define "title" }}{{ site.Title }}{{ end }}
{{ define "main" }}
{{- $posts := where site.RegularPages "Section" "posts" }}
<section class="hero">
  <h1>{{ site.Title }}</h1>
  <p class="lead">{{ site.Params.description }}</p>
</section>
<section class="tiles" aria-label="Sections">
  <a class="tile" href="{{ "posts/" | relURL }}"><strong>Scrum 스터디 방</strong><span>{{ len $posts }} posts</span></a>
  <a class="tile" href="{{ "menu/" | relURL }}"><strong>우노의 심야식당</strong><span>tonight's menu</span></a>
  <a class="tile" href="{{ "profiles/" | relURL }}"><strong>프로필</strong><span>who we are</span></a>
  {{- with site.GetPage "/primes" }}
  <a class="tile" href="{{ "counter/" | relURL }}"><strong>{{ .Params.count }}</strong><span>the counter</span></a>
  {{- end }}
  {{- with site.GetPage "/events" }}
  <a class="tile" href="{{ .RelPermalink }}"><strong>{{ .Title }}</strong><span>{{ len .Pages }}</span></a>
  {{- end }}
</section>
<section>
  <h2>최근 글</h2>
  <ul class="cards">
    {{- range first 5 $posts }}
    {{ partial "post-card.html" . }}
    {{- end }}
  </ul>
  <p><a class="more" href="{{ "posts/" | relURL }}">모든 글 보기 →</a></p>
</section>
{{ end }}
"""

LIST = """{{ define "title" }}{{ if eq .Section "posts" }}{{ partial "page-title.html" . }}{{ else if eq .Section "events" }}{{ partial "event-page-title.html" . }}{{ else }}{{ .Title }}{{ end }} · {{ site.Title }}{{ end }}
{{ define "main" }}
<h1>{{ .Title }}</h1>
{{- if eq .Section "posts" }}
<p class="lead">Newest first. 글 {{ len .Pages }}개 · <a href="{{ "tags/" | relURL }}">모든 태그</a></p>
{{ partial "post-list.html" . }}
{{- else if eq .Section "events" }}
{{ partial "event-list.html" . }}
{{- else if eq .Section "menu" }}
<p class="lead">Open late. Prices in won.</p>
{{- $items := slice }}
{{- range .Pages }}{{ $items = $items | append (dict "price" (int .Params.price) "name" .Params.name "page" .) }}{{ end }}
<ul class="menu-list">
  {{- range sort $items "price" }}
  {{- $price := .price }}
  {{- with .page }}
  <li class="card menu-row">
    <div>
      <h2 class="card-title"><a href="{{ .RelPermalink }}">{{ .Params.name }}</a></h2>
      <p class="excerpt">{{ .Plain | truncate 80 }}</p>
    </div>
    <p class="price">{{ lang.FormatNumberCustom 0 $price }}원</p>
  </li>
  {{- end }}
  {{- end }}
</ul>
{{- else }}
<ul class="cards">
  {{- range sort .Pages "Params.name" }}
  <li class="card">
    {{ partial "avatar.html" .Params.name }}
    <div class="card-body">
      <h2 class="card-title"><a href="{{ .RelPermalink }}">{{ .Params.name }}</a></h2>
      {{ with .Params.bio }}<p class="excerpt">{{ . }}</p>{{ end }}
    </div>
  </li>
  {{- end }}
</ul>
{{- end }}
{{ end }}
"""

SINGLE = """{{ define "title" }}{{ or .Params.name .Title "소수" }} · {{ site.Title }}{{ end }}
{{ define "main" }}
{{- if eq .Section "posts" }}
<article class="post">
  <header class="post-header">
    {{ partial "avatar.html" .Params.username }}
    <div>
      <h1>{{ .Title }}</h1>
      <p class="meta">{{ partial "author.html" . }} · <time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2006-01-02" }}</time></p>
    </div>
  </header>
  {{- $headings := 0 }}
  {{- range .Fragments.HeadingsMap }}{{ if and (ge .Level 2) (le .Level 3) }}{{ $headings = add $headings 1 }}{{ end }}{{ end }}
  {{- if ge $headings 2 }}
  <div class="toc">
    <p class="toc-title">목차</p>
    {{ .TableOfContents }}
  </div>
  {{- end }}
  <div class="prose">{{ .Content }}</div>
  {{ partial "tags.html" (dict "page" . "class" "tags") }}
  {{- if or .PrevInSection .NextInSection }}
  <nav class="post-neighbours" aria-label="글 더 보기">
    {{ with .NextInSection }}<a class="newer" href="{{ .RelPermalink }}" rel="prev"><span>다음 글</span> {{ .Title }}</a>{{ end }}
    {{ with .PrevInSection }}<a class="older" href="{{ .RelPermalink }}" rel="next"><span>이전 글</span> {{ .Title }}</a>{{ end }}
  </nav>
  {{- end }}
  <footer class="post-footer">
    <a href="{{ "posts/" | relURL }}">← 목록으로</a>
  </footer>
</article>
{{- else if eq .Section "events" }}
<article class="item">
  <h1>{{ .Title }}</h1>
  <dl class="fields">
    <dt>starts</dt><dd><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2006-01-02" }}</time></dd>
    {{- with .Params.venue }}
    <dt>venue</dt><dd>{{ . }}</dd>
    {{- end }}
    {{- with .Params.seats }}
    <dt>seats</dt><dd>{{ . }}</dd>
    {{- end }}
    {{- with .GetTerms "speakers" }}
    <dt>speakers</dt><dd><ul>{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul></dd>
    {{- end }}
  </dl>
  <div class="prose">{{ .Content }}</div>
  <p><a href="{{ "events/" | relURL }}">← {{ (site.GetPage "/events").Title }}</a></p>
</article>
{{- else if eq .Section "menu" }}
<article class="menu-item">
  <h1>{{ .Params.name }}</h1>
  <p class="price big">{{ lang.FormatNumberCustom 0 (int .Params.price) }}원</p>
  <div class="prose">{{ .Content }}</div>
  <p><a href="{{ "menu/" | relURL }}">← 메뉴로</a></p>
</article>
{{- else if eq .Section "profiles" }}
<article class="profile">
  <header class="post-header">
    {{ partial "avatar.html" .Params.name }}
    <div>
      <h1>{{ .Params.name }}</h1>
      {{ with .Params.bio }}<p class="lead">{{ . }}</p>{{ end }}
    </div>
  </header>
  <div class="prose">{{ .Content }}</div>
  <p><a href="{{ "profiles/" | relURL }}">← 프로필 목록</a></p>
</article>
{{- else }}
<h1>{{ or .Title "소수" }}</h1>
<div class="prose">{{ .Content }}</div>
<table class="primes">
  <thead>
    <tr><th scope="col">Prime</th><th scope="col">Position</th></tr>
  </thead>
  <tbody>
    {{- range $index, $prime := .Params.favorites }}
    <tr><td>{{ $prime }}</td><td>{{ add $index 1 }}</td></tr>
    {{- end }}
  </tbody>
</table>
{{- end }}
{{ end }}
"""

TAXONOMY = """{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul class="tag-cloud">
  {{- range .Data.Terms.Alphabetical }}
  <li><a href="{{ .Page.RelPermalink }}">#{{ .Page.LinkTitle }}</a> <span class="count">글 {{ .Count }}개</span></li>
  {{- end }}
</ul>
<p><a href="{{ if eq .Data.Plural "speakers" }}{{ "events/" | relURL }}{{ else }}{{ "posts/" | relURL }}{{ end }}">← 목록으로</a></p>
{{ end }}
"""

TERM = """{{ define "title" }}{{ if eq .Data.Plural "speakers" }}{{ partial "event-page-title.html" . }}{{ else }}{{ if eq .Data.Plural "tags" }}#{{ end }}{{ partial "page-title.html" . }}{{ end }} · {{ site.Title }}{{ end }}
{{ define "main" }}
{{- if eq .Data.Plural "speakers" }}
<h1>{{ .Title }}</h1>
<p class="lead">{{ len .Pages }}</p>
{{ partial "event-list.html" . }}
{{- else if eq .Data.Plural "tags" }}
<h1>#{{ .Title }}</h1>
<p class="lead">글 {{ len .Pages }}개 · <a href="{{ "tags/" | relURL }}">모든 태그</a></p>
{{- else }}
<header class="post-header">
  {{ partial "avatar.html" .Title }}
  <div>
    <h1>{{ .Title }}</h1>
    <p class="meta">글 {{ len .Pages }}개</p>
  </div>
</header>
{{ partial "post-list.html" . }}
{{- end }}
{{ end }}
"""

# The events list and a speaker's events: oldest first (an event's date is its `starts`), 10 a page,
# with the same pager as the posts. A page's pager is made once: the title asks for the same one.
EVENT_PAGE_TITLE = """{{ .Title }}{{ with .Paginate .Pages.ByDate """ + str(EVENTS_PAGER_SIZE) + """ }}{{ if gt .PageNumber 1 }} ({{ .PageNumber }}쪽){{ end }}{{ end }}"""

EVENT_LIST = """{{- $pager := .Paginate .Pages.ByDate """ + str(EVENTS_PAGER_SIZE) + """ }}
<ul class="cards">
  {{- range $pager.Pages }}
  <li class="card">
    <div class="card-body">
      <h2 class="card-title"><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
      <p class="meta"><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Date.Format "2006-01-02" }}</time>{{ with .Params.venue }} · {{ . }}{{ end }}{{ with .Params.seats }} · {{ . }}{{ end }}</p>
      {{- with .GetTerms "speakers" }}
      <ul class="tags card-tags">{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>{{ end }}</ul>
      {{- end }}
    </div>
  </li>
  {{- end }}
</ul>
{{- if gt $pager.TotalPages 1 }}
<nav class="pagination" aria-label="쪽">
  <p class="pagination-position">{{ $pager.TotalPages }}쪽 중 {{ $pager.PageNumber }}쪽 · {{ $pager.TotalNumberOfElements }}</p>
  <ul>
    {{- with $pager.Prev }}
    <li><a href="{{ .URL }}" rel="prev">←</a></li>
    {{- end }}
    {{- range $pager.Pagers }}
    {{- if and (ge .PageNumber (sub $pager.PageNumber 2)) (le .PageNumber (add $pager.PageNumber 2)) }}
    <li>{{ if eq .PageNumber $pager.PageNumber }}<span aria-current="page">{{ .PageNumber }}</span>{{ else }}<a href="{{ .URL }}">{{ .PageNumber }}</a>{{ end }}</li>
    {{- end }}
    {{- end }}
    {{- with $pager.Next }}
    <li><a href="{{ .URL }}" rel="next">→</a></li>
    {{- end }}
  </ul>
</nav>
{{- end }}
"""

# The report page (`layout: budget` in content/budget.md): every row of data/budget.csv.
BUDGET = """{{ define "main" }}
<article class="report">
  <h1>{{ .Title }}</h1>
  <div class="prose">{{ .Content }}</div>
  {{- $rows := resources.Get "data/budget.csv" | transform.Unmarshal (dict "targetType" "map") }}
  <table class="budget">
    <thead>
      <tr><th scope="col">월</th><th scope="col">분류</th><th scope="col">항목</th><th scope="col">담당</th><th scope="col">금액</th></tr>
    </thead>
    <tbody>
      {{- range $rows }}
      <tr><td>{{ .month }}</td><td>{{ .category }}</td><td>{{ .item }}</td><td>{{ .owner }}</td><td>{{ .amount }}</td></tr>
      {{- end }}
    </tbody>
  </table>
</article>
{{ end }}
"""

# Heading ids with a `#` link, as sitegen's heading anchors.
RENDER_HEADING = """<h{{ .Level }} id="{{ .Anchor }}">{{ .Text }} <a class="heading-anchor" href="#{{ .Anchor | safeURL }}" aria-labelledby="{{ .Anchor }}">#</a></h{{ .Level }}>
"""

COUNTER = """{{ define "main" }}
{{- with site.GetPage "/primes" }}
<h1>카운터</h1>
<section class="counter" aria-live="polite">
  <p class="counter-value">{{ .Params.count }}</p>
</section>
<p class="hint">See also the <a href="{{ .RelPermalink }}">favorite primes</a>.</p>
{{- end }}
{{ end }}
"""

NOT_FOUND = """{{ define "title" }}Page not found · {{ site.Title }}{{ end }}
{{ define "main" }}
<h1>Page not found</h1>
<p>There is nothing at this address. Try the <a href="{{ "/" | relURL }}">home page</a>.</p>
{{ end }}
"""

RSS = """{{- printf "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>" | safeHTML }}
<rss version="2.0">
  <channel>
    <title>{{ site.Title }}</title>
    <link>{{ .Permalink }}</link>
    <description>{{ site.Params.description }}</description>
    <language>{{ site.Language.LanguageCode }}</language>
    {{- $posts := first 20 (where site.RegularPages "Section" "posts") }}
    {{- with index $posts 0 }}
    <lastBuildDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 -0700" }}</lastBuildDate>
    {{- end }}
    {{- range $posts }}
    <item>
      <title>{{ .Title }}</title>
      <link>{{ .Permalink }}</link>
      <guid>{{ .Permalink }}</guid>
      <pubDate>{{ .Date.Format "Mon, 02 Jan 2006 15:04:05 -0700" }}</pubDate>
      <author>{{ .Params.username }}</author>
      <description>{{ .Content | transform.XMLEscape }}</description>
    </item>
    {{- end }}
  </channel>
</rss>
"""

# The titles of the sections and of the tag list (content-extra/<name>/_index.md).
SECTION_INDEX = {"posts": "Scrum 스터디 방", "menu": "우노의 심야식당", "profiles": "프로필", "tags": "태그"}
# The author taxonomy's own list page: sitegen has no /users/ page, so Hugo does not render it.
AUTHORS_INDEX = "---\ntitle: 글쓴이\nbuild:\n  render: never\n---\n"


def write(path: str, text: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def lay_out(corpus_dir: str, hugo_dir: str, stylesheet: str | None = None) -> None:
    """Writes (or rewrites) the Hugo project in hugo_dir for the corpus in corpus_dir."""
    content_dir = os.path.abspath(os.path.join(corpus_dir, "content"))
    collections = has_collections(corpus_dir)
    for folder in ("layouts", "content-extra", "static"):
        shutil.rmtree(os.path.join(hugo_dir, folder), ignore_errors=True)
    write(os.path.join(hugo_dir, "hugo.toml"), config(content_dir, collections))
    layouts = os.path.join(hugo_dir, "layouts")
    write(os.path.join(layouts, "baseof.html"), BASEOF)
    write(os.path.join(layouts, "home.html"), HOME)
    write(os.path.join(layouts, "list.html"), LIST)
    write(os.path.join(layouts, "single.html"), SINGLE)
    write(os.path.join(layouts, "taxonomy.html"), TAXONOMY)
    write(os.path.join(layouts, "term.html"), TERM)
    write(os.path.join(layouts, "_markup", "render-heading.html"), RENDER_HEADING)
    write(os.path.join(layouts, "counter.html"), COUNTER)
    write(os.path.join(layouts, "404.html"), NOT_FOUND)
    write(os.path.join(layouts, "home.rss.xml"), RSS)
    write(os.path.join(layouts, "_partials", "avatar.html"), AVATAR)
    write(os.path.join(layouts, "_partials", "post-card.html"), POST_CARD)
    write(os.path.join(layouts, "_partials", "author.html"), AUTHOR)
    write(os.path.join(layouts, "_partials", "tags.html"), TAGS)
    write(os.path.join(layouts, "_partials", "post-list.html"), POST_LIST)
    write(os.path.join(layouts, "_partials", "page-title.html"), PAGE_TITLE)
    extra = os.path.join(hugo_dir, "content-extra")
    for section, title in SECTION_INDEX.items():
        write(os.path.join(extra, section, "_index.md"), f"---\ntitle: {toml_string(title)}\n---\n")
    write(os.path.join(extra, "username", "_index.md"), AUTHORS_INDEX)
    write(os.path.join(extra, "counter.md"), "---\ntitle: 카운터\nlayout: counter\n---\n")
    if collections:
        write(os.path.join(layouts, "budget.html"), BUDGET)
        write(os.path.join(layouts, "_partials", "event-list.html"), EVENT_LIST)
        write(os.path.join(layouts, "_partials", "event-page-title.html"), EVENT_PAGE_TITLE)
        write(os.path.join(extra, "events", "_index.md"), f"---\ntitle: {toml_string(make_corpus.EVENTS_TITLE)}\n---\n")
        write(os.path.join(extra, "speakers", "_index.md"), f"---\ntitle: {toml_string(make_corpus.SPEAKERS_TITLE)}\n---\n")
    static = os.path.join(hugo_dir, "static", "assets")
    os.makedirs(static, exist_ok=True)
    if stylesheet and os.path.isfile(stylesheet):
        shutil.copyfile(stylesheet, os.path.join(static, "style.css"))
    else:
        write(os.path.join(static, "style.css"), "body { font-family: sans-serif; }\n")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    lay_out(argv[0], argv[1], os.path.join(repo, "templates", "assets", "style.css"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
