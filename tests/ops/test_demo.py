"""`python3 tasks.py demo`: the page shows what was typed, the bot's messages and every image."""

from __future__ import annotations

import ast
import base64
import hashlib
import html
import io
import re
from pathlib import Path

from PIL import Image

from demo.conversation import names, places
from demo.markdown import Names, to_html
from demo.page import PAGE_LIMIT, write_page
from demo.scenario import Script, run
from loopback.timing import WAIT

ROOT = Path(__file__).resolve().parents[2]
DAY = 86400


def test_discord_markdown_reads_as_players_see_it() -> None:
    people = {1: "Ana", 2: "Tablero"}
    known = Names(people.get, channel=lambda cid: ("games", "place-9") if cid == 9 else None)
    text = (
        "**<@1>** played in <#9>. ⏳ Deadline <t:1000000:R>.\n-# <script>x</script> *so* \\*not\\*"
    )
    out = to_html(text, known, now=1000000 - 3 * DAY)
    assert '<p><strong><span class="mention">@Ana</span></strong> played in ' in out
    assert '<a class="mention" href="#place-9">#games</a>' in out
    assert ">in 3 days</time>" in out and 'title="Monday, 12 January 1970 13:46 UTC"' in out
    assert "<small>&lt;script&gt;x&lt;/script&gt; <em>so</em> *not*</small>" in out
    assert "2 hours ago" in to_html("<t:0:R>", known, now=2 * 3600)
    assert "@unknown user" in to_html("<@5>", known, now=0)  # never a raw id


async def test_the_page_has_the_commands_the_messages_and_the_images(tmp_path: Path) -> None:
    # Ana's first move against the bot: a short run of the demo's script (no self-play)
    result = await run(Script(bot_ms=20, newcomer_moves=1, tables=(), timeout=WAIT))
    world = result.fake.world
    boards = [m for m in world.messages.values() if m.attachments and not m.deleted]
    assert len(boards) >= 2
    page = write_page(places(world), tmp_path, names(world))
    text = page.path.read_text(encoding="utf-8")
    assert page.inline and page.images == len(boards)
    # what Ana typed, with its options, in order with the bot's answers
    play = text.index('<span class="slash">/play</span><span class="sub">stonehenge</span>')
    assert '<span class="key">opponent</span>@Tablero</span>' in text[play:]
    assert '<span class="key">level</span>easy</span>' in text[play:]
    started = text.index("<strong>Ana</strong> plays Stonehenge against the bot in")
    move = text.index('<span class="slash">/move</span><span class="option">')
    assert play < started < move
    # the bot's messages as players read them: her ephemeral reply marked, no raw markup
    assert "✅ You played" in text[move:] and "Only Ana can see this" in text[move:]
    assert "it&#x27;s your turn" in text or "plays next." in text
    for raw in ("<@", "<#", "<t:", "**"):
        assert raw not in re.sub(r"<(?:/?[a-z][^>]*)>", "", text), raw
    # the game's thread, linked from the channel, and its boards with their alt text
    thread = next(p for p in places(world) if p.is_thread)
    assert f'<a class="thread" href="#{thread.anchor}">' in text
    assert f'<section id="{thread.anchor}">' in text
    # (a PNG as lossless WebP where that is lighter: the same pixels)
    images = re.findall(r'<img src="data:image/(?:png|webp);base64,([^"]+)" alt="([^"]*)"', text)
    assert len(images) == len(boards)
    attached = [a for m in sorted(boards, key=lambda m: m.id) for a in m.attachments]
    for (data, _), attachment in zip(images, attached, strict=True):
        assert pixels(base64.b64decode(data)) == pixels(attachment.data)
    alts = [html.escape(a.description or "") for a in attached]
    assert [alt for _, alt in images] == alts and all(alts)
    assert '<span class="btn primary">🎯 Play</span>' in text
    # a page too big to hold its images keeps them beside it
    # (what an earlier page wrote there goes, unless it is not an image of this module's)
    folder = tmp_path / "files" / "images"
    folder.mkdir(parents=True)
    (folder / "0123456789abcdef.webp").write_bytes(b"an earlier board")
    (folder / "notes.txt").write_text("mine")
    files = write_page(places(world), tmp_path / "files", names(world), inline=False)
    written = files.path.read_text(encoding="utf-8")
    assert not files.inline and "data:image" not in written
    assert (folder / "notes.txt").exists() and not (folder / "0123456789abcdef.webp").exists()
    kept = sorted(p for p in folder.iterdir() if p.suffix != ".txt")
    assert kept and all(f'src="images/{p.name}"' in written for p in kept)


def pixels(data: bytes) -> tuple[tuple[int, int], str]:
    """An image's size and a digest of its pixels (however it is encoded)."""
    picture = Image.open(io.BytesIO(data))
    return picture.size, hashlib.sha256(picture.convert("RGBA").tobytes()).hexdigest()


async def test_the_whole_demo_s_page_is_light_enough_for_a_phone(tmp_path: Path) -> None:
    """Every board of the whole demo, each as the bot drew it, in a page of at most 5 MB."""
    result = await run(Script(bot_ms=20, timeout=300))
    world = result.fake.world
    boards = [m for m in world.messages.values() if m.attachments and not m.deleted]
    sent = [a.data for m in sorted(boards, key=lambda m: m.id) for a in m.attachments]
    assert len(sent) > 100  # three whole games and the newcomer's
    page = write_page(places(world), tmp_path, names(world))
    assert page.size <= PAGE_LIMIT == 5_000_000
    text = page.path.read_text(encoding="utf-8")
    sources = re.findall(r'<img src="([^"]+)"', text)
    assert len(sources) == page.images == len(sent)
    shown = [
        base64.b64decode(source.partition(",")[2])
        if source.startswith("data:")
        else (tmp_path / source).read_bytes()
        for source in sources
    ]
    # each image the bot sent, pixel for pixel: nothing blurred, nothing lost
    assert sorted(map(pixels, shown)) == sorted(map(pixels, sent))
    if not page.inline:  # each distinct image once, and only what this page shows
        folder = sorted((tmp_path / "images").iterdir())
        assert len(folder) == len(set(sources))


def test_the_demo_imports_nothing_of_the_tests() -> None:
    wrong = []
    for path in sorted((ROOT / "demo").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            wrong += [f"{path.name}: {m}" for m in modules if m.split(".")[0] == "tests"]
    assert wrong == []
