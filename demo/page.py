"""The demo page: the conversation as HTML, styled like Discord's dark theme, phone-friendly.

Images go into the page as base64 data URIs while the page stays under :data:`INLINE_LIMIT`
(one file to open or send); beyond that they are written beside it, under ``images/``.
"""

from __future__ import annotations

import base64
import hashlib
import html
import mimetypes
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from demo.conversation import Button, Embed, Entry, Image, Place
from demo.markdown import Names, to_html

INLINE_LIMIT = 30 * 1024 * 1024  # bytes of base64 images the page may hold
STYLE_CLASSES = {0: "select", 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}
CSS_FILE = Path(__file__).with_name("page.css")


@dataclass(frozen=True)
class Page:
    """What :func:`write_page` wrote."""

    path: Path
    images: int
    inline: bool  # images inside the page (else files under ``images/`` beside it)
    size: int  # bytes of the page (images included when inline)


class Writer:
    """Turns places into HTML; ``image_src`` decides where each image's bytes go."""

    def __init__(self, places: Sequence[Place], out: Path, inline: bool) -> None:
        self.places = places
        self.out = out
        self.inline = inline
        self.images = 0
        self.anchors = {p.id: (p.name, p.anchor) for p in places}
        self.names: dict[str, str] = {}

    def image_src(self, image: Image) -> str:
        self.images += 1
        kind = image.content_type or ""
        if not kind.startswith("image/"):  # uploads often say application/octet-stream
            kind = mimetypes.guess_type(image.filename)[0] or "image/png"
        if self.inline:
            return f"data:{kind};base64,{base64.b64encode(image.data).decode('ascii')}"
        digest = hashlib.sha256(image.data).hexdigest()[:16]
        name = f"{digest}{Path(image.filename).suffix or '.png'}"
        folder = self.out / "images"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(image.data)
        return f"images/{name}"

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
    """Write ``out/index.html``; images inline unless they would pass :data:`INLINE_LIMIT`
    (``inline`` forces either way)."""
    out.mkdir(parents=True, exist_ok=True)
    if inline is None:
        total = sum(len(i.data) for p in places for e in p.entries for i in e.images)
        inline = total * 4 / 3 <= INLINE_LIMIT
    writer = Writer(places, out, inline)
    sections = "".join(writer.place(p, names) for p in places)
    document = (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{CSS_FILE.read_text(encoding='utf-8')}</style>"
        f"</head><body>{writer.nav()}<main><header><h1>{html.escape(title)}</h1>{intro}</header>"
        f"{sections}</main></body></html>\n"
    )
    path = out / "index.html"
    path.write_text(document, encoding="utf-8")
    return Page(path, writer.images, inline, path.stat().st_size)
