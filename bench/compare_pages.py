#!/usr/bin/env python3
"""Checks that sitegen and Hugo built the same pages from one corpus.

    bench/compare_pages.py SITEGEN_OUTPUT HUGO_OUTPUT

Lists every `index.html` under each output folder (paths relative to it, sorted)
and prints the paths only one side has. Hugo also writes a `…/page/1/index.html`
for every paginated list (a redirect to the list's own address; it cannot be
turned off, even by `disableAliases`), and sitegen writes none: those are counted
separately as expected. Exit status 0 when nothing else differs, 1 otherwise.
"""

from __future__ import annotations

import os
import sys


def index_pages(folder: str) -> list[str]:
    pages = []
    for root, _, files in os.walk(folder):
        if "index.html" in files:
            pages.append(os.path.relpath(os.path.join(root, "index.html"), folder))
    return sorted(pages)


def is_first_page_redirect(path: str) -> bool:
    return path == "page/1/index.html" or path.endswith("/page/1/index.html")


def compare(sitegen_output: str, hugo_output: str) -> tuple[list[str], list[str], list[str]]:
    """(only sitegen's, only Hugo's, Hugo's page-1 redirects)."""
    sitegen, hugo = index_pages(sitegen_output), index_pages(hugo_output)
    only_sitegen = sorted(set(sitegen) - set(hugo))
    only_hugo = sorted(set(hugo) - set(sitegen))
    redirects = [path for path in only_hugo if is_first_page_redirect(path)]
    return only_sitegen, [path for path in only_hugo if not is_first_page_redirect(path)], redirects


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    sitegen_output, hugo_output = argv
    only_sitegen, only_hugo, redirects = compare(sitegen_output, hugo_output)
    print(f"sitegen: {len(index_pages(sitegen_output)):,} index.html pages; hugo: {len(index_pages(hugo_output)):,}")
    print(f"expected: {len(redirects):,} Hugo page/1/ redirects (sitegen writes no page/1/)")
    for label, paths in (("only sitegen", only_sitegen), ("only hugo", only_hugo)):
        print(f"{label}: {len(paths):,}")
        for path in paths:
            print(f"  {path}")
    return 1 if only_sitegen or only_hugo else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
