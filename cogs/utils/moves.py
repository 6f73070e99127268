"""A move made through Discord: the picker's steps (buttons and menus that keep working after a
restart, their custom_ids carrying the game, its version and the path so far), and the
mover's private answer once the table stored the move.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils import images, picker
from cogs.utils.host import host_of
from cogs.utils.i18n import lang_of, tr
from cogs.utils.replies import guarded, send_private
from cogs.utils.views import LastingView
from data import GameRecord
from games.plugin import plugin_for
from locales import t
from table.refusal import Refusal
from table.turn import Played, Problem

if TYPE_CHECKING:
    from table.table import Table

MAX_BUTTONS = 20  # four rows of five; the fifth row holds Back
SELECT_SIZE = 25


def _table(interaction: discord.Interaction) -> Table:
    return host_of(interaction).table


class PickButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pk:(?P<gid>\d+):(?P<ver>\d+):(?P<path>[^:]*):(?P<tok>[^:]*)",
):
    """One choice of the picker (an empty token redraws ``path``: the Back button)."""

    def __init__(self, gid: int, ver: int, path: str, tok: str, label: str = "?") -> None:
        custom_id = f"pk:{gid}:{ver}:{path}:{tok}"
        style = discord.ButtonStyle.primary if tok else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.gid, self.ver, self.path, self.tok = gid, ver, path, tok

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["gid"]), int(match["ver"]), match["path"], match["tok"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Go one step further (or back) in the picker."""
        path = picker.decode(self.path) + ((self.tok,) if self.tok else ())
        await guarded(interaction, advance(interaction, self.gid, self.ver, path))


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"ps:(?P<gid>\d+):(?P<ver>\d+):(?P<path>[^:]*):(?P<n>\d+)",
):
    """A menu of choices, for steps with more than fit on buttons."""

    def __init__(self, gid: int, ver: int, path: str, n: int, options: list | None = None) -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"ps:{gid}:{ver}:{path}:{n}",
            options=options or [discord.SelectOption(label="?")],
        )
        super().__init__(select)
        self.gid, self.ver, self.path = gid, ver, path

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickSelect:
        """Rebuild from a used custom_id."""
        return cls(int(match["gid"]), int(match["ver"]), match["path"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Go one step further with the chosen value."""
        values = (interaction.data or {}).get("values") or [""]
        path = (*picker.decode(self.path), str(values[0]))
        await guarded(interaction, advance(interaction, self.gid, self.ver, path))


def picker_message(
    interaction: discord.Interaction,
    table: Table,
    record: GameRecord,
    path: tuple[str, ...],
) -> tuple[str, discord.ui.View]:
    """The picker's text and components at ``path`` (which must not be complete)."""
    game_picker = plugin_for(record.game).picker
    state = table.state(record)
    lang = lang_of(interaction)
    here = picker.step(game_picker, state, path)
    view = LastingView()
    encoded = picker.encode(path)
    labels = [(tok, game_picker.token_label(lang, state, path, tok)[:80]) for tok in here.tokens]
    if len(labels) <= MAX_BUTTONS:
        for tok, label in labels:
            view.add_item(PickButton(record.id, record.version, encoded, tok, label))
    else:
        for n in range(0, len(labels), SELECT_SIZE):
            chunk = labels[n : n + SELECT_SIZE]
            options = [discord.SelectOption(label=label, value=tok) for tok, label in chunk]
            view.add_item(PickSelect(record.id, record.version, encoded, n, options))
    if path:
        back = PickButton(record.id, record.version, picker.encode(path[:-1]), "", "↩")
        back.item.label = t(lang, "button-back")
        back.item.row = 4
        view.add_item(back)
    return game_picker.prompt(lang, state, path), view


async def advance(
    interaction: discord.Interaction, game_id: int, version: int, path: tuple[str, ...]
) -> None:
    """Show the next picker step, or play the move once the path is complete."""
    table = _table(interaction)
    record = await table.game(game_id)
    checked = table.check_turn(record, interaction.user.id)
    state = checked[1]
    if record.version != version:
        # The position moved on (an old picker): start again from the current one.
        content, view = picker_message(interaction, table, record, ())
        notice = tr(interaction, "error-position-changed")
        await interaction.response.edit_message(content=f"⚠️ {notice}\n{content}", view=view)
        return
    game_picker = plugin_for(record.game).picker
    here = picker.step(game_picker, state, path)
    if here.move is None:
        content, view = picker_message(interaction, table, record, path)
        lang = lang_of(interaction)
        png = await asyncio.to_thread(game_picker.picker_image, lang, state, path)
        alt = game_picker.picker_alt_text(lang, state, path)[:1000] or None
        files = [discord.File(io.BytesIO(png), "choices.png", description=alt)] if png else []
        await interaction.response.edit_message(content=content, view=view, attachments=files)
        return
    words = game_picker.picked_words(lang_of(interaction), state, path)  # before the move
    await interaction.response.defer()
    try:
        played = await table.play(record, interaction.user.id, here.move, checked=checked)
    except Refusal as error:
        await interaction.edit_original_response(
            content="⚠️ " + tr(interaction, error.key, **error.params), view=None
        )
        return
    content, view, file = await _after_move(interaction, table, played, words)
    await interaction.edit_original_response(
        content=content, view=view, attachments=[file] if file else []
    )


async def acknowledge(interaction: discord.Interaction, table: Table, played: Played) -> None:
    """Tell the mover, privately, that their move is in (and, mid-turn, what they may do next)."""
    content, view, file = await _after_move(interaction, table, played)
    await send_private(
        interaction,
        content,
        view=view or discord.utils.MISSING,
        file=file or discord.utils.MISSING,
    )


async def _after_move(
    interaction: discord.Interaction,
    table: Table,
    played: Played,
    words: str | None = None,
) -> tuple[str, discord.ui.View | None, discord.File | None]:
    """'Done' when the turn passed (with what only the mover learnt, and their private view);
    else the private board and the picker to go on. ``words``: the move as the picker put it
    (else its notation in the mover's language)."""
    record = played.record
    wording = plugin_for(record.game).words
    lang = lang_of(interaction)
    done = tr(interaction, "move-done", move=words or wording.move_words(lang, played.notation))
    done += where_played(interaction, record)
    if played.problem is not None:
        done += "\n" + not_posted(interaction, played.problem)
    seat = record.seat_of(interaction.user.id)
    if played.turn_over:
        state = table.state(record)
        learnt = wording.private_after_turn(lang, state, seat) if seat is not None else None
        if seat is None or learnt is None:
            return done, None, None
        if played.mine is not None:  # drawn while the move was stored and posted
            return f"{done}\n{learnt}", None, (await played.mine).file(images.PRIVATE_NAME)
        return f"{done}\n{learnt}", None, await images.private(table, record, seat, lang)
    if played.mine is not None:
        file = (await played.mine).file("board.png")
    else:
        file = await images.board(table, record, seat, lang)
    prompt, view = picker_message(interaction, table, record, ())
    return f"{done} {tr(interaction, 'turn-goes-on')}\n{prompt}", view, file


def where_played(interaction: discord.Interaction, record: GameRecord) -> str:
    """' (in your Stonehenge game against Luis, #thread)' when the game is not the one here."""
    if record.place_id == interaction.channel_id:
        return ""
    uid = interaction.user.id
    return " " + tr(
        interaction,
        "move-done-in",
        game=plugin_for(record.game).words.title(lang_of(interaction)),
        opponents=", ".join(s.name for s in record.seats if s.user_id != uid),
        place=f"<#{record.place_id or record.channel_id}>",
    )


def not_posted(
    interaction: discord.Interaction, problem: Problem, key: str = "move-not-posted"
) -> str:
    """The move (or the new game) counts, Discord refused its board: where, and which
    permissions are missing."""
    missing = ", ".join(
        tr(interaction, "perm-" + name.replace("_", "-")) for name in problem.missing
    )
    return tr(interaction, key, place=f"<#{problem.channel_id}>", missing=missing or "none")
