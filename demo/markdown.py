"""Discord's message markdown, rendered simply as HTML: what the demo page shows.

Covers what Tablero writes: **bold**, *italic*, __underline__, ~~strike~~, `code`, ||spoiler||,
``> quote``, ``-# small print``, headers, bullets, backslash escapes, mentions (``<@id>`` as
@Name, ``<#id>`` as #channel linking into the page), custom emoji and ``<t:…:R>`` timestamps
as readable text. Everything else is escaped, so no message can inject HTML into the page.
"""

from __future__ import annotations

import datetime as dt
import html
import re
from collections.abc import Callable
from dataclasses import dataclass

#: Private-use characters that hold a token's place while the text around it is escaped and
#: its markdown applied (a token may sit inside **bold**, so it must survive that pass).
OPEN, CLOSE = "\ue000", "\ue001"
TOKEN = re.compile(
    r"\\(?P<escaped>[\\*_~`|>#<:-])"
    r"|`(?P<code>[^`\n]+)`"
    r"|<@!?(?P<user>\d+)>"
    r"|<@&(?P<role>\d+)>"
    r"|<#(?P<channel>\d+)>"
    r"|<t:(?P<stamp>-?\d+)(?::(?P<style>[tTdDfFR]))?>"
    r"|<a?:(?P<emoji>\w+):\d+>"
    r"|(?P<url>https?://[^\s<>|)]+)"
)
KINDS = ("escaped", "code", "user", "role", "channel", "stamp", "emoji", "url")
PLACEHOLDER = re.compile(f"{OPEN}(\\d+){CLOSE}")
#: (pattern, HTML tag): longest markers first, so *** is bold italic and not italic bold.
INLINE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*"), "strong><em"),
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), "strong"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__"), "u"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"), "s"),
    (re.compile(r"\|\|(.+?)\|\|"), "span class=spoiler"),
    (re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])"), "em"),
    (re.compile(r"(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)"), "em"),
)
LINE_BLOCKS: tuple[tuple[str, str], ...] = (
    ("### ", "h5"),
    ("## ", "h4"),
    ("# ", "h3"),
    ("-# ", "small"),
    ("> ", "blockquote"),
)


@dataclass(frozen=True)
class Names:
    """How ids in a message read: users, roles and channels (channel -> (name, page anchor))."""

    user: Callable[[int], str | None]
    role: Callable[[int], str | None] = lambda _: None
    channel: Callable[[int], tuple[str, str] | None] = lambda _: None


def relative(when: float, now: float) -> str:
    """``<t:…:R>`` as Discord words it: "in 2 days", "5 minutes ago", "now"."""
    delta = when - now
    seconds = abs(delta)
    for unit, size in (
        ("year", 365 * 86400),
        ("month", 30 * 86400),
        ("day", 86400),
        ("hour", 3600),
        ("minute", 60),
        ("second", 1),
    ):
        if seconds >= size:
            count = round(seconds / size)
            words = f"{count} {unit}{'' if count == 1 else 's'}"
            return f"in {words}" if delta > 0 else f"{words} ago"
    return "now"


def timestamp(when: float, style: str, now: float) -> str:
    """A ``<t:when:style>`` as text, in UTC (the page is read anywhere)."""
    if style == "R":
        return relative(when, now)
    moment = dt.datetime.fromtimestamp(when, dt.UTC)
    formats = {
        "t": "%H:%M",
        "T": "%H:%M:%S",
        "d": "%d/%m/%Y",
        "D": "%-d %B %Y",
        "f": "%-d %B %Y %H:%M",
        "F": "%A, %-d %B %Y %H:%M",
    }
    return moment.strftime(formats.get(style, formats["f"])) + ("" if style in "dD" else " UTC")


def _token_html(match: re.Match[str], names: Names, now: float) -> str:
    """The HTML of one token of :data:`TOKEN`."""
    kind = next(k for k in KINDS if match[k] is not None)  # not lastgroup: "style" nests
    if kind == "escaped":
        return html.escape(match["escaped"])
    if kind == "code":
        return f"<code>{html.escape(match['code'])}</code>"
    if kind == "user":
        name = names.user(int(match["user"])) or "unknown user"
        return f'<span class="mention">@{html.escape(name)}</span>'
    if kind == "role":
        name = names.role(int(match["role"])) or "unknown role"
        return f'<span class="mention">@{html.escape(name)}</span>'
    if kind == "channel":
        found = names.channel(int(match["channel"]))
        if found is None:
            return '<span class="mention">#unknown</span>'
        name, anchor = found
        return f'<a class="mention" href="#{anchor}">#{html.escape(name)}</a>'
    if kind == "stamp":
        when = float(match["stamp"])
        full = timestamp(when, "F", now)
        text = timestamp(when, match["style"] or "f", now)
        return f'<time class="stamp" title="{html.escape(full)}">{html.escape(text)}</time>'
    if kind == "emoji":
        return html.escape(f":{match['emoji']}:")
    url = html.escape(match["url"])
    return f'<a href="{url}" rel="nofollow noopener">{url}</a>'


def inline(text: str, names: Names, now: float) -> str:
    """One line of a message as HTML (no block markup)."""
    tokens: list[str] = []

    def hold(match: re.Match[str]) -> str:
        tokens.append(_token_html(match, names, now))
        return f"{OPEN}{len(tokens) - 1}{CLOSE}"

    text = text.replace(OPEN, "").replace(CLOSE, "")  # only tokens may hold these
    out = html.escape(TOKEN.sub(hold, text), quote=False)
    for pattern, tag in INLINE:
        closing = "".join(f"</{t.split()[0]}>" for t in reversed(tag.split("><")))
        out = pattern.sub(lambda m, tag=tag, closing=closing: f"<{tag}>{m[1]}{closing}", out)
    return PLACEHOLDER.sub(lambda m: tokens[int(m[1])], out)


def to_html(text: str, names: Names, now: float) -> str:
    """A whole message's text as HTML: one block per line, quotes, headers, bullets."""
    lines: list[str] = []
    bullets: list[str] = []

    def flush() -> None:
        if bullets:
            lines.append("<ul>" + "".join(f"<li>{b}</li>" for b in bullets) + "</ul>")
            bullets.clear()

    for line in text.split("\n"):
        if line.startswith(("- ", "* ")):
            bullets.append(inline(line[2:], names, now))
            continue
        flush()
        block = next(((p, tag) for p, tag in LINE_BLOCKS if line.startswith(p)), None)
        if block is not None:
            prefix, tag = block
            lines.append(f"<{tag}>{inline(line[len(prefix) :], names, now)}</{tag}>")
        elif line.strip():
            lines.append(f"<p>{inline(line, names, now)}</p>")
        else:
            lines.append('<p class="gap"></p>')
    flush()
    return "".join(lines)
