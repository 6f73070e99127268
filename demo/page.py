"""The demo page: the conversation as HTML, styled like Discord's dark theme, phone-friendly.

Images go into the page as base64 data URIs while the whole page stays under
:data:`PAGE_LIMIT` (one file to open or send); beyond that each distinct image is written once
beside it, under ``images/``, and a browser fetches only those scrolled to (``loading=lazy``).
Either way a PNG goes as lossless WebP where that is smaller: the same pixels, in about a third
of the bytes (the whole demo's 150 boards: 17 MB of PNG, 6.5 MB of WebP).
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import mimetypes
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import PIL.features
import PIL.Image

from demo.conversation import Button, Embed, Entry, Image, Place
from demo.markdown import Names, to_html

#: The most a page with its images inside may weigh: light enough for a phone.
PAGE_LIMIT = 5_000_000
#: Lossless WebP's effort: 2 of 6 gives nearly the smallest file (43 KB a board where 6 gives
#: 42) in 2% of the time (90 ms a board where 6 takes 4 s).
WEBP_METHOD = 2
STYLE_CLASSES = {0: "select", 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}
CSS_FILE = Path(__file__).with_name("page.css")


@dataclass(frozen=True)
class Page:
    """What :func:`write_page` wrote."""

    path: Path
    images: int
    inline: bool  # images inside the page (else files under ``images/`` beside it)
    size: int  # bytes of the page (images included when inline)


@dataclass(frozen=True)
class Encoded:
    """An image as the page holds it: its bytes, their type and a file name's suffix."""

    data: bytes
    kind: str
    suffix: str


def encode(image: Image) -> Encoded:
    """``image`` as lossless WebP when it is a still PNG and that is smaller, else as sent."""
    kind = image.content_type or ""
    if not kind.startswith("image/"):  # uploads often say application/octet-stream
        kind = mimetypes.guess_type(image.filename)[0] or "image/png"
    sent = Encoded(image.data, kind, Path(image.filename).suffix or ".png")
    if kind != "image/png" or not PIL.features.check("webp"):
        return sent
    try:
        with PIL.Image.open(io.BytesIO(image.data)) as picture:
            if getattr(picture, "is_animated", False):
                return sent
            webp = io.BytesIO()
            # exact: even the colour under a transparent pixel is kept
            picture.save(webp, "WEBP", lossless=True, quality=100, method=WEBP_METHOD, exact=True)
    except (OSError, ValueError):  # not an image Pillow reads: shown as it came
        return sent
    smaller = webp.getvalue()
    return Encoded(smaller, "image/webp", ".webp") if len(smaller) < len(image.data) else sent


def encode_all(places: Sequence[Place]) -> dict[bytes, Encoded]:
    """Every distinct image of ``places`` (by its bytes) encoded once, in threads (Pillow
    encodes without the interpreter lock)."""
    distinct = {i.data: i for p in places for e in p.entries for i in e.images}
    with ThreadPoolExecutor() as pool:
        return dict(zip(distinct, pool.map(encode, distinct.values()), strict=True))


class Writer:
    """Turns places into HTML; ``image_src`` decides where each image's bytes go."""

    def __init__(
        self,
        places: Sequence[Place],
        out: Path,
        inline: bool,
        encoded: dict[bytes, Encoded] | None = None,
    ) -> None:
        self.places = places
        self.out = out
        self.inline = inline
        self.images = 0
        self.anchors = {p.id: (p.name, p.anchor) for p in places}
        self.names: dict[str, str] = {}
        self.encoded = {} if encoded is None else encoded
        #: the files written under ``images/`` (by name)
        self.written: set[str] = set()

    def image_src(self, image: Image) -> str:
        self.images += 1
        encoded = self.encoded.get(image.data)
        if encoded is None:
            encoded = self.encoded[image.data] = encode(image)
        if self.inline:
            return f"data:{encoded.kind};base64,{base64.b64encode(encoded.data).decode('ascii')}"
        digest = hashlib.sha256(encoded.data).hexdigest()[:16]
        name = f"{digest}{encoded.suffix}"
        folder = self.out / "images"
        folder.mkdir(parents=True, exist_ok=True)
        if name not in self.written:  # an image shown twice is one file
            (folder / name).write_bytes(encoded.data)
            self.written.add(name)
        return f"images/{name}"

    def clear_stale(self) -> None:
        """Remove the images an earlier page left under ``images/`` that this one does not
        show (only files named as this module names them)."""
        folder = self.out / "images"
        if not folder.is_dir():
            return
        for path in folder.iterdir():
            ours = len(path.stem) == 16 and all(c in "0123456789abcdef" for c in path.stem)
            if ours and path.suffix in {".png", ".webp", ".gif"} and path.name not in self.written:
                path.unlink()

    def text(self, markdown: str, names: Names, now: float) -> str:
        return to_html(markdown, names, now)

    def entry(self, entry: Entry, names: Names, follows: bool) -> str:
        """One row; ``follows``: same author as the row before (no header again)."""
        classes = ["entry", f"is-{entry.kind}"]
        if entry.only_for:
            classes.append("ephemeral")
        if follows:
            classes.append("follows")
        who = html.escape(entry.author)
        avatar = f'<div class="avatar{" bot" if entry.bot else ""}">{who[:1].upper()}</div>'
        badge = '<span class="badge">APP</span>' if entry.bot else ""
        header = (
            f'<div class="head"><span class="name{" botname" if entry.bot else ""}">{who}</span>'
            f"{badge}<time>{entry.when}</time></div>"
        )
        body = [self.body(entry, names)]
        if entry.only_for:
            seen = f"Only {html.escape(entry.only_for)} can see this"
            body.append(f'<div class="only">👁 {seen} · <span>Dismiss message</span></div>')
        return (
            f'<div class="{" ".join(classes)}" id="m{entry.id}">{"" if follows else avatar}'
            f'<div class="main">{"" if follows else header}{"".join(body)}</div></div>'
        )

    def body(self, entry: Entry, names: Names) -> str:
        if entry.kind == "command":
            name, *options = entry.text.split(" ")
            chips = "".join(self.option_chip(o) for o in options)
            return (
                f'<div class="command"><span class="slash">{html.escape(name)}</span>{chips}</div>'
            )
        if entry.kind == "click":
            return f'<div class="click">🖱 {html.escape(entry.text)}</div>'
        parts = [self.text(entry.text, names, entry.at)]
        parts += [self.embed(e, names, entry.at) for e in entry.embeds]
        parts += [self.figure(image) for image in entry.images]
        if entry.buttons:
            parts.append(
                f'<div class="buttons">{"".join(self.button(b) for b in entry.buttons)}</div>'
            )
        if entry.edited:
            parts.append('<span class="edited">(edited)</span>')
        if entry.thread is not None and entry.thread in self.anchors:
            parts.append(self.thread_card(entry.thread))
        return "".join(parts)

    @staticmethod
    def option_chip(option: str) -> str:
        """A filled-in option: ``level:easy`` as a chip whose name is dimmed."""
        name, sep, value = option.partition(":")
        if not sep:
            return f'<span class="sub">{html.escape(name)}</span>'
        return (
            f'<span class="option"><span class="key">{html.escape(name)}</span>'
            f"{html.escape(value)}</span>"
        )

    def thread_card(self, thread: int) -> str:
        name, anchor = self.anchors[thread]
        count = next(
            len([e for e in p.entries if e.kind == "message"])
            for p in self.places
            if p.id == thread
        )
        return (
            f'<a class="thread" href="#{anchor}"><span class="tname">🧵 {html.escape(name)}</span>'
            f"<span>{count} messages · See thread ›</span></a>"
        )

    def figure(self, image: Image) -> str:
        alt = html.escape(image.alt or "", quote=True)
        caption = (
            f"<figcaption><b>ALT</b> {html.escape(image.alt)}</figcaption>" if image.alt else ""
        )
        return (
            f'<figure><img src="{self.image_src(image)}" alt="{alt}" loading="lazy" '
            f'decoding="async">{caption}</figure>'
        )

    @staticmethod
    def button(button: Button) -> str:
        kind = STYLE_CLASSES.get(button.style, "secondary")
        off = " disabled" if button.disabled else ""
        arrow = " ↗" if button.style == 5 else ""
        return f'<span class="btn {kind}{off}">{html.escape(button.label)}{arrow}</span>'

    def embed(self, embed: Embed, names: Names, now: float) -> str:
        color = f"#{embed.color:06x}" if embed.color is not None else "#1e1f22"
        parts = []
        if embed.title:
            parts.append(f'<div class="etitle">{self.text(embed.title, names, now)}</div>')
        if embed.description:
            parts.append(self.text(embed.description, names, now))
        for name, value in embed.fields:
            parts.append(
                f'<div class="field"><div class="fname">{self.text(name, names, now)}</div>'
                f"{self.text(value, names, now)}</div>"
            )
        if embed.footer:
            parts.append(f'<div class="footer">{html.escape(embed.footer)}</div>')
        return f'<div class="embed" style="border-color:{color}">{"".join(parts)}</div>'

    def place(self, place: Place, names: Names) -> str:
        rows, previous = [], None
        for entry in place.entries:
            follows = (
                previous is not None
                and previous.kind == entry.kind == "message"
                and previous.author == entry.author
                and previous.only_for == entry.only_for
                and entry.at - previous.at < 420
            )
            rows.append(self.entry(entry, names, follows))
            previous = entry
        icon = "🧵" if place.is_thread else "#"
        back = ""
        if place.parent in self.anchors:
            parent_name, parent_anchor = self.anchors[place.parent]
            back = f'<a class="back" href="#{parent_anchor}">‹ #{html.escape(parent_name)}</a>'
        return (
            f'<section id="{place.anchor}"><h2><span class="icon">{icon}</span>'
            f"{html.escape(place.name)}{back}</h2>{''.join(rows)}</section>"
        )

    def nav(self) -> str:
        links = []
        for place in self.places:
            icon = "🧵" if place.is_thread else "#"
            cls = ' class="sub"' if place.is_thread else ""
            links.append(
                f'<li{cls}><a href="#{place.anchor}">{icon} {html.escape(place.name)}</a></li>'
            )
        return f'<nav><div class="server">Tablero demo</div><ul>{"".join(links)}</ul></nav>'


def write_page(
    places: Sequence[Place],
    out: Path,
    names: Names,
    *,
    title: str = "Tablero — a demo on a loopback Discord",
    intro: str = "",
    inline: bool | None = None,
) -> Page:
    """Write ``out/index.html``; images inline unless the page would weigh more than
    :data:`PAGE_LIMIT` with them (``inline`` forces either way)."""
    out.mkdir(parents=True, exist_ok=True)
    encoded = encode_all(places)
    writer = Writer(places, out, inline is not False, encoded)
    document = _document(writer, names, title, intro)
    if inline is None and len(document.encode()) > PAGE_LIMIT:
        writer = Writer(places, out, False, encoded)
        document = _document(writer, names, title, intro)
    path = out / "index.html"
    path.write_text(document, encoding="utf-8")
    writer.clear_stale()
    return Page(path, writer.images, writer.inline, path.stat().st_size)


def _document(writer: Writer, names: Names, title: str, intro: str) -> str:
    sections = "".join(writer.place(p, names) for p in writer.places)
    return (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{CSS_FILE.read_text(encoding='utf-8')}</style>"
        f"</head><body>{writer.nav()}<main><header><h1>{html.escape(title)}</h1>{intro}</header>"
        f"{sections}</main></body></html>\n"
    )
