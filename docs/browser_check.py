"""Open the built site in headless Chromium, as a reader would, and check what it shows.

Usage (after building the site)::

    python docs/browser_check.py [--site docs/_build/html] [--out docs/_build/screenshots]

For the index, a notebook page and the gallery it

- serves the built site on a loopback port (no network needed);
- loads each page in a real browser (``chromium --headless``) inside a small
  harness page of the same origin, waits for MathJax to finish, and reads
  back every image (loaded, with a non-zero natural size), the number of
  formulas MathJax rendered and any TeX left as text;
- saves a full-width screenshot of each page to ``--out``.

It fails (exit 1, one line per problem) on a broken image, fewer figures
than the page must show, or unrendered math; exit 2 when Chromium is
missing. Chromium on Debian/Ubuntu: ``apt-get install chromium``.
"""

from __future__ import annotations

import argparse
import functools
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent

#: Flags that keep Chromium off the network and quiet (the sandbox is off
#: because CI containers run as root).
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
]


@dataclass(frozen=True)
class Page:
    """A page to check: its path in the site, the least number of figures, whether it has math,
    and the height of its screenshot (pixels, at 1280 wide)."""

    path: str
    min_images: int
    math: bool
    height: int = 2400


PAGES = [
    Page("index.html", 0, True),
    Page("notebooks/first-steps.html", 2, True, 7000),
    Page("gallery.html", 9, True, 9000),  # the headings' notation is math
    Page("notebooks/misere-play.html", 1, True, 5000),  # normal and misère P-positions
    Page("notebooks/three-piles.html", 1, True, 5000),  # three slices of the cube
]

HARNESS = """<!doctype html><html><body><pre id="result">pending</pre>
<iframe id="frame" style="width:1280px;height:900px"></iframe>
<script>
const pages = %s;
function sleep(ms) { return new Promise(r => setTimeout(r, ms)); }
async function check(path) {
  const frame = document.getElementById("frame");
  await new Promise(resolve => { frame.onload = resolve; frame.src = path; });
  const win = frame.contentWindow, doc = frame.contentDocument;
  const hasMath = doc.querySelector(".math.notranslate") !== null;
  for (let i = 0; i < 200 && hasMath && !(win.MathJax && win.MathJax.Hub); i++) await sleep(50);
  if (win.MathJax && win.MathJax.Hub) await new Promise(r => win.MathJax.Hub.Queue(r));
  for (const img of doc.images)
    if (!img.complete) await new Promise(r => { img.onload = img.onerror = r; });
  const main = doc.querySelector("main") || doc.body;
  const text = main.innerText;
  return {
    path: path,
    images: [...main.querySelectorAll("img")].map(i => ({src: i.getAttribute("src"),
                                          ok: i.complete && i.naturalWidth > 0})),
    formulas: doc.querySelectorAll(".math.notranslate").length,
    rendered: doc.querySelectorAll(".MathJax_CHTML, .MathJax, mjx-container").length,
    raw_tex: (text.match(/\\\\\\(|\\\\\\[|\\$\\$/g) || []).length,
    title: doc.title,
  };
}
(async () => {
  const out = [];
  for (const p of pages) {
    try { out.push(await check(p)); } catch (e) { out.push({path: p, error: String(e)}); }
  }
  document.getElementById("result").textContent = JSON.stringify(out);
})();
</script></body></html>"""


def find_chromium() -> str | None:
    """The Chromium executable on PATH (``chromium``, ``chromium-browser``, ``google-chrome``)."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class _Handler(SimpleHTTPRequestHandler):
    harness = b""

    def do_GET(self) -> None:
        if self.path.startswith("/__browser_check__.html"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(self.harness)))
            self.end_headers()
            self.wfile.write(self.harness)
        else:
            super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _serve(site: Path, harness: str) -> ThreadingHTTPServer:
    handler = functools.partial(_Handler, directory=str(site))
    _Handler.harness = harness.encode()
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _chromium(chromium: str, profile: str, *args: str, timeout: float = 120) -> str:
    command = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    return done.stdout


def inspect(chromium: str, base: str, pages: list[Page], profile: str) -> list[dict[str, Any]]:
    """Load the harness page in Chromium and return what it found on each page."""
    dom = _chromium(
        chromium,
        profile,
        "--virtual-time-budget=60000",
        "--run-all-compositor-stages-before-draw",
        "--dump-dom",
        f"{base}/__browser_check__.html",
    )
    found = re.search(r'<pre id="result">(.*?)</pre>', dom, re.S)
    if not found or found.group(1) == "pending":
        raise RuntimeError("the harness page did not finish (Chromium printed no result)")
    result: list[dict[str, Any]] = json.loads(html.unescape(found.group(1)))
    return result


def problems(found: list[dict[str, Any]], pages: list[Page]) -> list[str]:
    """One line per problem: an error, a broken image, too few figures, unrendered math.

    Examples
    --------
    >>> page = Page("a.html", 1, True)
    >>> seen = {"path": "a.html", "images": [{"src": "x.png", "ok": False}],
    ...         "formulas": 2, "rendered": 0, "raw_tex": 2}
    >>> problems([seen], [page])  # doctest: +NORMALIZE_WHITESPACE
    ['a.html: broken image x.png', 'a.html: 0 figures shown, expected at least 1',
     'a.html: math not rendered (2 formulas, 0 rendered, 2 TeX fragments left as text)']
    """
    lines = []
    for page, seen in zip(pages, found, strict=True):
        if "error" in seen:
            lines.append(f"{page.path}: {seen['error']}")
            continue
        images = seen["images"]
        lines += [f"{page.path}: broken image {i['src']}" for i in images if not i["ok"]]
        good = sum(1 for i in images if i["ok"])
        if good < page.min_images:
            lines.append(f"{page.path}: {good} figures shown, expected at least {page.min_images}")
        if page.math and not seen["formulas"]:
            lines.append(f"{page.path}: no formulas found (expected math on this page)")
        if seen["raw_tex"] or (seen["formulas"] and not seen["rendered"]):
            lines.append(
                f"{page.path}: math not rendered ({seen['formulas']} formulas, "
                f"{seen['rendered']} rendered, {seen['raw_tex']} TeX fragments left as text)"
            )
    return lines


def screenshot(chromium: str, url: str, path: Path, profile: str, height: int = 2400) -> None:
    """A 1280-pixel-wide screenshot of ``url`` after its scripts ran (MathJax included)."""
    _chromium(
        chromium,
        profile,
        f"--window-size=1280,{height}",
        "--virtual-time-budget=20000",
        f"--screenshot={path}",
        url,
    )
    if not path.exists() or path.stat().st_size == 0:
        raise RuntimeError(f"Chromium wrote no screenshot of {url}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=DOCS / "_build" / "html")
    parser.add_argument("--out", type=Path, default=DOCS / "_build" / "screenshots")
    args = parser.parse_args(argv)
    chromium = find_chromium()
    if chromium is None:
        print("browser_check: Chromium not found; install it (apt-get install chromium)")
        return 2
    if not (args.site / "index.html").exists():
        print(f"browser_check: no built site at {args.site} (run sphinx first)")
        return 2
    missing = [p.path for p in PAGES if not (args.site / p.path).exists()]
    if missing:
        print(f"browser_check: pages missing from the site: {', '.join(missing)}")
        return 1
    harness = HARNESS % json.dumps([p.path for p in PAGES])
    server = _serve(args.site, harness)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(prefix="browser-check-") as profile:
            found = inspect(chromium, base, PAGES, profile)
            for page in PAGES:
                name = page.path.replace("/", "_").replace(".html", ".png")
                screenshot(chromium, f"{base}/{page.path}", args.out / name, profile, page.height)
    finally:
        server.shutdown()
    for seen in found:
        images = seen.get("images", [])
        print(
            f"{seen['path']}: {sum(i['ok'] for i in images)}/{len(images)} images loaded, "
            f"{seen.get('rendered', 0)}/{seen.get('formulas', 0)} formulas rendered"
        )
    bad = problems(found, PAGES)
    for line in bad:
        print(f"FAIL {line}")
    print(f"screenshots in {args.out}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
