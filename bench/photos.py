"""The photo corpus of `bench/run --photos`: N page bundles, each a post showing one
generated JPEG of 3 to 12 megapixels, and the equivalent Hugo project, whose single
template makes the same copies with `.Resize` (480, 960 and 1600 wide, in WebP and
JPEG, and the photo at its own width in WebP and JPEG, as sitegen publishes it).

Photos are made by the `vips` command (libvips-tools on Debian, `brew install vips`)
at run time and cached under bench/.corpus; none is committed. Each is grey: smooth
bands (`vips sines`) with noise over them, so that it neither compresses to nothing
nor is pure noise.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile

WIDTHS = [480, 960, 1600]
QUALITY = 80


def vips() -> str:
    found = shutil.which("vips")
    if not found:
        raise SystemExit("error: --photos needs the `vips` command: apt-get install libvips-tools (or brew install vips)")
    return found


def make_photo(path: str, seed: int, megapixels: float) -> tuple[int, int]:
    """Writes a JPEG of about `megapixels` (4:3) to `path`; returns its width and height."""
    width = int((megapixels * 1e6 * 4 / 3) ** 0.5)
    height = width * 3 // 4
    tool = vips()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as work:
        bands, noise, both = (os.path.join(work, name) for name in ("bands.v", "noise.v", "both.v"))
        subprocess.run([tool, "sines", bands, str(width), str(height), "--hfreq", f"{rng.uniform(0.2, 2):.2f}",
                        "--vfreq", f"{rng.uniform(0.2, 2):.2f}"], check=True)
        subprocess.run([tool, "gaussnoise", noise, str(width), str(height), "--sigma", "0.15", "--mean", "0",
                        "--seed", str(seed)], check=True)
        subprocess.run([tool, "add", bands, noise, both], check=True)
        subprocess.run([tool, "linear", both, f"{path}[Q=90]", "80", "128", "--uchar"], check=True)
    return width, height


def post(number: int) -> str:
    return (f"---\ntitle: Photo {number}\ndate: 2024-01-01T00:{number // 60 % 60:02d}:{number % 60:02d}Z\n"
            f"username: bench\n---\nA photo.\n\n![Photo {number}](photo.jpg)\n")


HUGO_CONFIG = f"""baseURL = "https://example.org/"
title = "Photos"
disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
[imaging]
  quality = {QUALITY}
"""

# One page per photo: the same copies sitegen makes, and an <img srcset> like its.
HUGO_SINGLE = """<!doctype html><html><head><title>{{ .Title }}</title></head><body>{{ .Content }}
{{ with .Resources.GetMatch "photo.jpg" }}{{ $full := . }}
{{ $webp := slice }}{{ $jpeg := slice }}
{{ range (slice 480 960 1600) }}{{ if lt . $full.Width }}
{{ $w := $full.Resize (printf "%dx webp" .) }}{{ $j := $full.Resize (printf "%dx" .) }}
{{ $webp = $webp | append (printf "%s %dw" $w.RelPermalink .) }}{{ $jpeg = $jpeg | append (printf "%s %dw" $j.RelPermalink .) }}
{{ end }}{{ end }}
{{ $w := $full.Resize (printf "%dx webp" $full.Width) }}{{ $j := $full.Resize (printf "%dx" $full.Width) }}
<picture><source type="image/webp" srcset="{{ delimit ($webp | append (printf "%s %dw" $w.RelPermalink $full.Width)) ", " }}">
<img src="{{ $j.RelPermalink }}" srcset="{{ delimit ($jpeg | append (printf "%s %dw" $j.RelPermalink $full.Width)) ", " }}" width="{{ $full.Width }}" height="{{ $full.Height }}" alt=""></picture>
{{ end }}</body></html>
"""
HUGO_LIST = """<!doctype html><html><head><title>{{ .Title }}</title></head><body>
{{ range .Pages }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>
"""


def generate(root: str, count: int, seed: int) -> None:
    """The sitegen site (root/site) and the Hugo project (root/hugo) over the same photos."""
    site, hugo = os.path.join(root, "site"), os.path.join(root, "hugo")
    rng = random.Random(seed)
    os.makedirs(site, exist_ok=True)
    with open(os.path.join(site, "site.yml"), "w") as handle:
        handle.write(f"title: Photos\nbase_url: https://example.org/\nimages: {{widths: {WIDTHS}, quality: {QUALITY}}}\n")
    for folder in ("layouts/_default", "content/posts"):
        os.makedirs(os.path.join(hugo, folder), exist_ok=True)
    with open(os.path.join(hugo, "hugo.toml"), "w") as handle:
        handle.write(HUGO_CONFIG)
    for name, text in (("single.html", HUGO_SINGLE), ("list.html", HUGO_LIST)):
        with open(os.path.join(hugo, "layouts/_default", name), "w") as handle:
            handle.write(text)
    for number in range(count):
        folder = os.path.join(site, "content", "posts", f"photo-{number:03d}")
        os.makedirs(folder, exist_ok=True)
        make_photo(os.path.join(folder, "photo.jpg"), seed * 100_000 + number, rng.uniform(3, 12))
        with open(os.path.join(folder, "index.md"), "w") as handle:
            handle.write(post(number))
        twin = os.path.join(hugo, "content", "posts", f"photo-{number:03d}")
        os.makedirs(twin, exist_ok=True)
        os.link(os.path.join(folder, "photo.jpg"), os.path.join(twin, "photo.jpg"))
        with open(os.path.join(twin, "index.md"), "w") as handle:
            handle.write(post(number).replace("username: bench\n", ""))


def replace_photo(site: str, hugo: str, number: int, seed: int) -> None:
    """Gives photo `number` other pixels, the same in both sites: a new file renamed over each
    (the corpus's files are hard links, never written into)."""
    folder = os.path.join(site, "content", "posts", f"photo-{number:03d}")
    fresh = os.path.join(folder, "new-photo.jpg")
    make_photo(fresh, seed, 6)
    twin = os.path.join(hugo, "content", "posts", f"photo-{number:03d}", "photo.jpg")
    os.link(fresh, twin + ".new")
    os.replace(twin + ".new", twin)
    os.replace(fresh, os.path.join(folder, "photo.jpg"))


def link_tree(source: str, target: str) -> None:
    """A copy of `source` at `target` whose files are hard links."""
    shutil.copytree(source, target, copy_function=os.link)
