"""Tournaments through the loopback Discord: a moderator announces one, players join by
button, rounds are paired and played in threads, standings and the end are posted."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cogs.utils.event_words import points_text
from cogs.utils.tournaments import TournamentPublisher
from data import Ending, Entrant, Pairing, Tournament
from loopback.models import FakeChannel, FakeMessage, FakeUser
from loopback.perms import MANAGE_GUILD
from loopback.records import Interaction
from table.pairing import Standing
from tests.e2e import World, button, command, resign, stored_game, timers_asleep, until

HOUR = 3600.0


# -- acting as players and moderators -------------------------------------------------------
def make_moderator(world: World, user: FakeUser) -> None:
    """Give ``user`` a role that manages the server."""
    admins = world.fake.add_role(world.guild, f"admins-{user.id}", MANAGE_GUILD)
    admins.member_ids.add(user.id)


async def tournament(world: World, user: FakeUser, sub: str, **args: Any) -> Interaction:
    """/tournament <sub> in the world's channel, once answered (``create``: the subcommand
    of the ``game`` given)."""
    if sub == "create":
        sub = f"create {args.pop('game')}"
    return await command(world, user, world.channel, "tournament", args, subcommand=sub)


async def create(world: World, user: FakeUser, **args: Any) -> FakeMessage:
    """/tournament create by a moderator: the announcement posted in the channel."""
    done = await tournament(world, user, "create", **args)
    assert done.ephemeral and "is announced" in done.text, done.text
    return announcement(world)


def announcement(world: World, number: int = 1) -> FakeMessage:
    """The announcement of event ``number`` (its embed's footer names it)."""
    for message in world.fake.messages(world.channel):
        for embed in message.embeds:
            if (embed.get("footer") or {}).get("text") == f"Tournament #{number}":
                return message
    raise AssertionError(f"no announcement of event {number}")


async def join(world: World, user: FakeUser, message: FakeMessage) -> Interaction:
    """Press Join under the announcement."""
    custom_id = button(message, "ev:", ":join")
    return await (await world.fake.click(user, message, custom_id)).done()


def users(world: World, count: int) -> list[FakeUser]:
    """Ana, Luis, Eve and as many more as needed, ``count`` in all."""
    people = [world.ana, world.luis, world.eve]
    people += [world.fake.add_user(f"Player{n}") for n in range(4, count + 1)]
    return people[:count]


async def tables_of(world: World, round: int, event: int = 1) -> list[Any]:
    """Round ``round``'s pairings once every game of it has its opening board out."""
    store = world.bot.store

    async def opened() -> list[Any] | None:
        found = await store.tournaments.pairings(event, round)
        if not found:
            return None
        for pairing in found:
            if pairing.game_id is None:
                continue
            game = await store.games.get(pairing.game_id)
            if game is None or game.place_id is None or game.posted_version < 0:
                return None
        return found

    return await until(opened, f"round {round} to be paired and opened")


def place_of(world: World, place_id: int) -> FakeChannel:
    """The thread (or channel) with id ``place_id``."""
    for place in [world.channel, *world.fake.threads(world.channel)]:
        if place.id == place_id:
            return place
    raise AssertionError(f"no place {place_id}")


async def game_place(world: World, game_id: int) -> tuple[Any, FakeChannel]:
    """A game and its thread."""
    record = await stored_game(world, game_id)
    return record, place_of(world, record.place_id)


async def round_post(world: World, text: str) -> FakeMessage:
    """The channel's message that says ``text`` (a round's post), once posted."""
    return await world.fake.wait_for_message(world.channel, lambda m: text in m.text)


async def finished(world: World, game_id: int) -> None:
    """Wait until the game's last post is recorded (its round may go on then)."""

    async def over() -> bool:
        record = await stored_game(world, game_id)
        return not record.active and record.posted_version == record.version

    await until(over, f"game {game_id} to be over and posted")


async def draw_by_agreement(world: World, record: Any, place: FakeChannel, people: dict) -> None:
    """The first seat offers a draw, the second accepts it."""
    first, second = (people[s.user_id] for s in record.seats)
    await command(world, first, place, "draw")
    offer = next(
        m
        for m in reversed(world.fake.messages(place))
        if m.custom_ids and m.custom_ids[0].startswith("dw:")
    )
    await (await world.fake.click(second, offer, button(offer, "dw:", ":yes"))).done()
    await finished(world, record.id)


async def resigns(world: World, user: FakeUser, record: Any, place: FakeChannel) -> None:
    """``user`` resigns the game."""
    await resign(world, user, place)
    await finished(world, record.id)


async def tick(world: World, hours: float) -> None:
    """Move the clock, fire what fell due, and have the timer loop count from the new time
    (a timer stored from now on, due at once, wakes it)."""
    world.clock.now += hours * HOUR
    await world.bot.get_cog("Timers").fire_due()
    await timers_asleep(world)


def rows_of(message: FakeMessage) -> list[str]:
    """The standings' lines of a round's post (the list in words, for screen readers)."""
    return [line for line in message.content.split("\n") if line[:1].isdigit()]


# -- tests ----------------------------------------------------------------------------------
async def test_a_swiss_of_four_from_announcement_to_winner(tablero: World) -> None:
    world = tablero
    refused = await tournament(
        world, world.eve, "create", game="stonehenge", format="swiss", name="Cup", rounds=2
    )
    assert refused.ephemeral and "Only moderators" in refused.text, refused.text
    assert await world.bot.store.tournaments.get(1) is None
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="stonehenge", format="swiss", name="Autumn Cup", rounds=2, days=1
    )
    assert "Autumn Cup" in message.text and "Swiss" in message.text, message.text
    assert "Nobody has joined yet" in message.text
    people = users(world, 4)
    for user in people:
        joined = await join(world, user, message)
        assert joined.ephemeral and "Autumn Cup" in joined.text, joined.text
    again = await join(world, world.ana, message)
    assert again.ephemeral and "You are in this tournament already" in again.text, again.text
    assert "Entrants (4)" in message.text and "Player4" in message.text, message.text
    not_mod = await tournament(world, world.eve, "start")
    assert "Only moderators" in not_mod.text
    started = await tournament(world, world.ana, "start")
    assert "Round 1 of **Autumn Cup** is paired" in started.text, started.text
    by_id = {u.id: u for u in people}

    first = await tables_of(world, 1)
    assert len(first) == 2 and all(len(p.players) == 2 for p in first)
    began = await round_post(world, "has begun with 4 players")
    assert all(f"<@{u.id}>" in began.content for u in people), began.content
    records = []
    for pairing in first:
        record, place = await game_place(world, pairing.game_id)
        assert place.name.startswith(f"Autumn Cup · 1.{pairing.board}: "), place.name
        opening = world.fake.messages(place)[0]
        assert opening.content.startswith(f"🏆 **Autumn Cup · 1.{pairing.board}**"), opening
        assert record.names() == tuple(by_id[p].name for p in pairing.players)
        records.append((record, place))
    # Board 1: the second seat resigns; board 2: a draw agreed.
    (one, one_place), (two, two_place) = records
    winner, loser = (by_id[s.user_id] for s in one.seats)
    await resigns(world, loser, one, one_place)
    await draw_by_agreement(world, two, two_place, by_id)
    drew = [by_id[s.user_id].name for s in two.seats]

    post = await round_post(world, "round 1 of 2 is over")
    rows = rows_of(post)
    assert rows[0] == f"1. {winner.name}: 1 · Buchholz 0 · SB 0 · one game", rows
    assert sorted(rows[1:3]) == sorted(
        f"2. {name}: ½ · Buchholz ½ · SB 0.25 · one game" for name in drew
    ), rows
    assert rows[3] == f"4. {loser.name}: 0 · Buchholz 1 · SB 0 · one game", rows
    assert post.attachments and post.attachments[0].filename.endswith(".png")
    assert "Round 2:" in post.text

    second = await tables_of(world, 2)
    met = {frozenset(p.players) for p in first}
    assert not met & {frozenset(p.players) for p in second}  # nobody meets twice
    assert any(f"<@{p}>" in post.content for p in second[0].players)
    (three, three_place), (four, four_place) = [await game_place(world, p.game_id) for p in second]
    assert three_place.name.startswith("Autumn Cup · 2."), three_place.name
    # Board 1 runs out of time: its first seat never moves, the second claims.
    await tick(world, 25)
    claimer = by_id[three.seats[1].user_id]
    claimed = await command(world, claimer, three_place, "claim")
    assert claimed.ephemeral, claimed.text
    await finished(world, three.id)
    assert (await stored_game(world, three.id)).result.ending is Ending.TIMEOUT
    await resigns(world, by_id[four.seats[0].user_id], four, four_place)

    end = await round_post(world, "is over after 2 rounds")
    assert "Winner" in end.text and "/replay" in end.text and "#1–#4" in end.text, end.text
    history = await results_of(world, first) + await results_of(world, second)
    names = {u.id: u.name for u in people}
    assert sorted(rows_of(end)) == hand_worked(history, list(names), names)
    event = await world.bot.store.tournaments.get(1)
    assert event.status == "finished"
    assert not announcement(world).custom_ids  # no more joining


async def test_a_round_robin_of_four_meets_everyone_once(tablero: World) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(world, world.ana, game="stonehenge", format="round-robin", name="League")
    people = users(world, 4)
    by_id = {u.id: u for u in people}
    names = {u.id: u.name for u in people}
    for user in people:
        await join(world, user, message)
    await tournament(world, world.ana, "start")
    met: set[frozenset[int]] = set()
    history = []
    for round in (1, 2, 3):
        tables = await tables_of(world, round)
        assert len(tables) == 2
        for pairing in tables:
            met.add(frozenset(pairing.players))
            record, place = await game_place(world, pairing.game_id)
            assert "League" in place.name
            if (round, pairing.board) == (3, 1):  # settled by a moderator: a draw that counts
                args = {"reason": "Both away", "result": "draw"}
                await command(world, world.ana, place, "mod", args, subcommand="end")
                await finished(world, record.id)
                drawn = {by_id[p].name for p in pairing.players}
                continue
            await resigns(world, by_id[record.seats[1].user_id], record, place)
        history += await results_of(world, tables)
        if round < 3:
            post = await round_post(world, f"round {round} of 3 is over")
            assert sorted(rows_of(post)) == hand_worked(history, list(by_id), names)
    assert len(met) == 6  # every pair once
    end = await round_post(world, "is over after 3 rounds")
    assert "Winner" in end.text
    halves = {row.split(". ", 1)[1].split(":")[0] for row in rows_of(end) if "½ · Buch" in row}
    assert halves == drawn, rows_of(end)  # only the moderator's draw gave half points
    assert sorted(rows_of(end)) == hand_worked(history, list(by_id), names)


async def test_islas_tables_of_seven_sit_at_a_table_of_four_and_one_of_three(
    tablero: World,
) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="islas", format="tables", name="Isles Open", rounds=1
    )
    people = users(world, 7)
    for user in people:
        await join(world, user, message)
    wrong = await tournament(
        world, world.ana, "create", game="stonehenge", format="tables", name="No", rounds=1
    )
    assert wrong.ephemeral and "cannot be played in that format" in wrong.text, wrong.text
    await tournament(world, world.ana, "start")
    tables = await tables_of(world, 1)
    assert sorted(len(p.players) for p in tables) == [3, 4]
    by_id = {u.id: u for u in people}
    for pairing in tables:
        record, place = await game_place(world, pairing.game_id)
        assert record.players == len(pairing.players) and "Isles Open" in place.name
        await resigns(world, by_id[record.seats[-1].user_id], record, place)
    # Hand-worked: the one who resigns is last; the others share the first places' points
    # (at four (4+2+1)/3 each, at three (4+2)/2); nobody has scored a game point yet.
    end = await round_post(world, "is over after one round")
    name = {u.id: u.name for u in people}
    four = next(p.players for p in tables if len(p.players) == 4)
    three = next(p.players for p in tables if len(p.players) == 3)
    assert sorted(rows_of(end)) == sorted(
        [
            *(f"1. {name[p]}: 3 · game points 0 · one game" for p in three[:2]),
            *(f"3. {name[p]}: 2.33 · game points 0 · one game" for p in four[:3]),
            *(f"6. {name[p[-1]]}: 0 · game points 0 · one game" for p in (three, four)),
        ]
    ), rows_of(end)


async def test_sixty_four_entrants_with_long_names_fit_discords_limits(tablero: World) -> None:
    world = tablero
    publisher = TournamentPublisher(world.bot)
    ids = [10**19 + n for n in range(64)]  # 20-digit ids: the longest mentions
    names = [("*_" * 15) + f"{n:02d}" for n in range(64)]  # 32 characters, all markdown
    entrants = [Entrant(i, name, 0.0, None) for i, name in zip(ids, names, strict=True)]
    event = Tournament(
        id=7,
        guild_id=world.guild.id,
        channel_id=world.channel.id,
        message_id=None,
        name="W" * 60,
        game="stonehenge",
        options={},
        format="swiss",
        rounds=6,
        days_per_move=3,
        signup_ends=world.clock() + HOUR,
        min_players=2,
        max_players=64,
        rated=True,
        undo=False,
        lang="es",
        status="signup",
        round=0,
        created_by=world.ana.id,
        created_at=world.clock(),
        finished_at=None,
        season_id=None,
    )
    message_id = await publisher.show_entrants(event, entrants)
    shown = next(m for m in world.fake.messages(world.channel) if m.id == message_id)
    assert "Inscritos (64)" in shown.text and shown.custom_ids, shown.text
    running = replace(event, status="running", round=1, message_id=message_id)
    standings = [Standing(n + 1, ids[n], 6 - n / 16, (99.5, 88.25), 6) for n in range(64)]
    tables = [Pairing(2, b + 1, (ids[2 * b], ids[2 * b + 1]), 9_000 + b) for b in range(32)]
    await publisher.show_round(running, 1, standings, tables, entrants, "event-7-round-1")
    posts = [m for m in world.fake.messages(world.channel) if m.id != message_id]
    assert len(posts) > 1 and all(len(m.content) <= 2000 for m in posts)
    text = "\n".join(m.content for m in posts)
    assert all(f"<@{i}>" in text for i in ids)  # every player's table is said
    assert len([line for line in text.split("\n") if line[:1].isdigit()]) == 64  # every row
    assert posts[0].attachments and len(posts[0].attachments) == 4  # 16 rows a picture
    pinged = {u for m in posts for u in m.pinged_user_ids}
    assert pinged == set(ids)
    before = len(world.fake.messages(world.channel))
    over = replace(running, status="finished")
    await publisher.show_round(over, 6, standings, [], entrants, "event-7-round-6")
    end = world.fake.messages(world.channel)[before:]
    assert "ha terminado tras 6 rondas" in end[0].content and "🥇 Gana:" in end[0].content
    assert all(len(m.content) <= 2000 and not m.pinged_user_ids for m in end)
    assert len([m for m in end for line in m.content.split("\n") if line[:1].isdigit()]) == 64


async def play_round(
    world: World,
    round: int,
    by_id: dict[int, FakeUser],
    *,
    draws: tuple[int, ...] = (),
    timeouts: tuple[int, ...] = (),
) -> list[Any]:
    """End every game of ``round`` still on: the boards in ``draws`` agreed drawn, those in
    ``timeouts`` lost on time by their first seat (claimed by the second), the others
    resigned by their second seat. The round's tables."""
    tables = await tables_of(world, round)
    late = []
    for pairing in tables:
        if pairing.game_id is None:
            continue
        record, place = await game_place(world, pairing.game_id)
        if not record.active:
            continue  # resigned by a withdrawal
        if pairing.board in draws:
            await draw_by_agreement(world, record, place, by_id)
        elif pairing.board in timeouts:
            late.append((record, place))
        else:
            await resigns(world, by_id[record.seats[1].user_id], record, place)
    if late:
        await tick(world, 25)  # a day a move: every late first seat's time is up
        for record, place in late:
            claimed = await command(world, by_id[record.seats[1].user_id], place, "claim")
            assert claimed.ephemeral, claimed.text
            await finished(world, record.id)
    return tables


async def results_of(world: World, tables: list[Any]) -> list[tuple[tuple[int, ...], tuple]]:
    """Each table of a round with the points its players got, read from the games' results
    by the rules of the plan (a win 1, a draw ½, a loss 0, a bye 1), not by the bot's maths."""
    out = []
    for pairing in tables:
        if pairing.game_id is None:
            out.append((pairing.players, (1.0,)))
            continue
        result = (await stored_game(world, pairing.game_id)).result
        if result.ending is Ending.DRAW:
            out.append((pairing.players, (0.5, 0.5)))
        else:
            out.append((pairing.players, tuple(float(s in result.winners) for s in (0, 1))))
    return out


def hand_worked(history: list[Any], still_in: list[int], names: dict[int, str]) -> list[str]:
    """The standings rows worked out from their definitions: points; Buchholz, the sum of the
    opponents' points (a bye an opponent with none); Sonneborn–Berger, each opponent's points
    times one's score against them; players level on all three share the rank."""
    points: dict[int, float] = {}
    met: dict[int, list[tuple[int, float]]] = {}
    for players, got in history:
        for player, score in zip(players, got, strict=True):
            points[player] = points.get(player, 0.0) + score
        if len(players) == 2:
            (a, b), (sa, sb) = players, got
            met.setdefault(a, []).append((b, sa))
            met.setdefault(b, []).append((a, sb))

    def key(player: int) -> tuple[float, float, float]:
        games = met.get(player, [])
        return (
            points.get(player, 0.0),
            sum(points.get(o, 0.0) for o, _ in games),
            sum(points.get(o, 0.0) * s for o, s in games),
        )

    rows = []
    for player in still_in:
        mine = key(player)
        rank = 1 + sum(key(other) > mine for other in still_in)
        count = len(met.get(player, []))
        games = "one game" if count == 1 else f"{count} games"
        pts, bh, sb = (points_text("en", v) for v in mine)
        rows.append(f"{rank}. {names[player]}: {pts} · Buchholz {bh} · SB {sb} · {games}")
    return sorted(rows)


async def test_a_swiss_of_nine_over_four_rounds_with_byes_a_withdrawal_a_timeout_and_a_draw(
    tablero: World,
) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="stonehenge", format="swiss", name="Winter", rounds=4, days=1
    )
    people = users(world, 9)
    by_id = {u.id: u for u in people}
    for user in people:
        await join(world, user, message)
    await tournament(world, world.ana, "start")

    first = await play_round(world, 1, by_id, draws=(1,))
    byes = [p.players[0] for p in first if p.game_id is None]
    assert len(byes) == 1 and len(first) == 5
    post = await round_post(world, "round 1 of 4 is over")
    assert f"Bye: <@{byes[0]}> (one point)" in (await round_post(world, "has begun")).content
    # Hand-worked: a bye and three wins make 1 point with no tie-break yet, shared first;
    # the draw ½ each (Buchholz ½, Sonneborn–Berger ¼); the three who resigned 0 (Buchholz 1).
    name = {u.id: u.name for u in people}
    won = [p.players[0] for p in first if p.game_id is not None and p.board != 1] + byes
    drew = next(p.players for p in first if p.board == 1)
    lost = [p.players[1] for p in first if p.game_id is not None and p.board != 1]
    assert sorted(rows_of(post)) == sorted(
        [
            *(f"1. {name[p]}: 1 · Buchholz 0 · SB 0 · one game" for p in won[:3]),
            f"1. {name[byes[0]]}: 1 · Buchholz 0 · SB 0 · 0 games",
            *(f"5. {name[p]}: ½ · Buchholz ½ · SB 0.25 · one game" for p in drew),
            *(f"7. {name[p]}: 0 · Buchholz 1 · SB 0 · one game" for p in lost),
        ]
    ), rows_of(post)

    history = await results_of(world, first)
    everyone = [u.id for u in people]
    assert sorted(rows_of(post)) == hand_worked(history, everyone, name)

    second = await play_round(world, 2, by_id, timeouts=(1,))
    history += await results_of(world, second)
    byes += [p.players[0] for p in second if p.game_id is None]
    timed_out = await stored_game(world, next(p.game_id for p in second if p.board == 1))
    assert timed_out.result.ending is Ending.TIMEOUT
    post = await round_post(world, "round 2 of 4 is over")
    assert sorted(rows_of(post)) == hand_worked(history, everyone, name)

    # After round 2, a player of round 3 withdraws: their game is resigned for them.
    third = await tables_of(world, 3)
    byes += [p.players[0] for p in third if p.game_id is None]
    quitter = by_id[next(p for p in third if p.game_id is not None).players[0]]
    left = await (await world.fake.click(quitter, message, button(message, "ev:", ":leave"))).done()
    assert left.ephemeral and ("You withdrew" in left.text or "retirado" in left.text), left.text
    await play_round(world, 3, by_id)
    history += await results_of(world, third)
    post = await round_post(world, "round 3 of 4 is over")
    still_in = [p for p in everyone if p != quitter.id]  # their games count for the others
    assert sorted(rows_of(post)) == hand_worked(history, still_in, name)
    assert "withdrew in round" in message.text, message.text

    fourth = await play_round(world, 4, by_id)
    assert all(quitter.id not in p.players for p in fourth)  # paired no more
    assert [p for p in fourth if p.game_id is None] == []  # eight left: nobody sits out
    assert len(byes) == len(set(byes)) == 3  # a bye at most once each
    end = await round_post(world, "is over after 4 rounds")
    games = 4 + 4 + 4 + 4
    assert "Winner" in end.text and f"#1–#{games}" in end.text, end.text
    history += await results_of(world, fourth)
    assert sorted(rows_of(end)) == hand_worked(history, still_in, name)
    assert not any(quitter.name in row for row in rows_of(end))
    event = await world.bot.store.tournaments.get(1)
    assert event.status == "finished" and not message.custom_ids


async def test_too_few_players_when_the_signup_closes_cancel_the_tournament(
    tablero: World,
) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(
        world,
        world.ana,
        game="kahuna",
        format="swiss",
        name="Quiet",
        rounds=3,
        **{"signup-hours": 2, "min": 4},
    )
    assert "Sign-up closes <t:" in message.text, message.text
    for user in (world.luis, world.eve):
        await join(world, user, message)
    gone = await tournament(world, world.eve, "leave")
    assert gone.ephemeral and "You left **Quiet**" in gone.text, gone.text
    assert "Entrants (1)" in message.text and "Eve" not in message.text, message.text
    await tick(world, 1)
    assert (await world.bot.store.tournaments.get(1)).status == "signup"
    await tick(world, 1.5)
    cancelled = await round_post(world, "is cancelled")
    assert "fewer than 4 players joined" in cancelled.content, cancelled.content
    assert not message.custom_ids and "was cancelled" in message.text
    late = await tournament(world, world.ana, "leave", event=1)
    assert late.ephemeral and "takes no more entries" in late.text, late.text


async def test_players_look_up_pairings_and_standings_and_a_moderator_cancels(
    tablero: World,
) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="stonehenge", format="swiss", name="Spring", rounds=3, hidden=True
    )
    assert "hidden druids" in message.text, message.text  # the game's own options
    none_yet = await tournament(world, world.eve, "pairings")
    assert "No round has been paired yet" in none_yet.text, none_yet.text
    for user in users(world, 4):
        await join(world, user, message)
    choices = await world.fake.autocomplete(
        world.eve,
        world.channel,
        "tournament",
        {"event": "spr"},
        focused="event",
        subcommand="standings",
    )
    assert [c["value"] for c in choices] == [1] and "Spring" in choices[0]["name"], choices
    await tournament(world, world.ana, "start")
    tables = await tables_of(world, 1)
    for table in tables:
        assert (await stored_game(world, table.game_id)).options["hidden"] is True
    listed = await tournament(world, world.eve, "pairings", event=1)
    assert "**Spring**, round 1 of 3" in listed.text, listed.text
    assert all(f"<@{p}>" in listed.text for t in tables for p in t.players)
    standings = await tournament(world, world.eve, "standings")
    assert standings.ephemeral and "1. Ana: 0" in standings.text, standings.text
    refused = await tournament(world, world.eve, "cancel")
    assert "Only moderators" in refused.text
    done = await tournament(world, world.ana, "cancel")
    assert "**Spring** is cancelled" in done.text, done.text
    post = await round_post(world, "is cancelled: a moderator called it off")
    assert not post.pinged_user_ids
    assert (await world.bot.store.tournaments.get(1)).status == "cancelled"


async def test_the_join_button_works_after_a_restart(tablero: World) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(world, world.ana, game="kahuna", format="round-robin", name="Old")
    await join(world, world.luis, message)
    await world.restart()
    joined = await join(world, world.eve, message)
    assert joined.ephemeral and "You are in **Old**" in joined.text, joined.text
    assert "Entrants (2)" in message.text and "Eve" in message.text, message.text


async def test_a_round_paired_before_a_crash_opens_its_threads_after_the_restart(
    tablero: World,
) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="stonehenge", format="swiss", name="Storm", rounds=1
    )
    for user in users(world, 4):
        await join(world, user, message)

    async def crash(step: str) -> None:
        if step == "paired":
            raise RuntimeError("killed")

    world.bot.tournaments.fault = crash
    await tournament(world, world.ana, "start")  # the round is stored; nothing is opened
    assert world.fake.threads(world.channel) == []
    await world.restart()
    tables = await tables_of(world, 1)
    records = [await stored_game(world, p.game_id) for p in tables]
    names = sorted(place_of(world, record.place_id).name for record in records)
    assert len(names) == 2 and all(n.startswith("Storm · 1.") for n in names), names
    await round_post(world, "has begun with 4 players")


async def test_a_forgotten_player_is_named_not_mentioned_in_the_pairings(tablero: World) -> None:
    world = tablero
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="stonehenge", format="swiss", name="Fog", rounds=2
    )
    people = users(world, 4)
    for user in people:
        await join(world, user, message)
    await tournament(world, world.ana, "start")
    tables = await tables_of(world, 1)
    table = next(p for p in tables if world.eve.id in p.players)
    record, place = await game_place(world, table.game_id)
    await resigns(world, world.eve, record, place)
    asked = await command(world, world.eve, world.channel, "forget-me")
    assert asked.message is not None, asked.text
    await (await world.fake.click(world.eve, asked.message, f"fm:{world.eve.id}")).done()
    listed = await tournament(world, world.luis, "pairings", event=1, round=1)
    assert "former player" in listed.text and "<@-" not in listed.text, listed.text
    assert f"<@{world.eve.id}>" not in listed.text


async def test_an_event_with_a_bank_gives_each_game_its_bank_and_weekends_off(
    tablero: World,
) -> None:
    world = tablero
    make_moderator(world, world.ana)
    args = {"rounds": 1, "bank": 7, "increment": 1, "cap": 14, "weekends": True}
    message = await create(world, world.ana, game="stonehenge", format="swiss", name="Bank", **args)
    assert "7 days + 1 a move (at most 14), weekends off" in message.text, message.text
    assert "days per move" not in message.text  # a bank, not days per move
    for user in (world.ana, world.luis):
        await join(world, user, message)
    await tournament(world, world.ana, "start")
    (pairing,) = await tables_of(world, 1)
    record, place = await game_place(world, pairing.game_id)
    assert record.control.bank == 7 and record.control.weekends and record.days_per_move is None
    opening = await world.fake.wait_for_message(place, lambda m: bool(m.attachments))
    assert "7d 0h" in opening.text, opening.text  # each player's bank, as /play's games show


async def test_an_increment_without_a_bank_is_refused_at_create(tablero: World) -> None:
    world = tablero
    make_moderator(world, world.ana)
    args = {"game": "stonehenge", "format": "swiss", "name": "Odd", "rounds": 1, "increment": 1}
    done = await tournament(world, world.ana, "create", **args)
    assert done.ephemeral and "bank" in done.text.lower(), done.text
    assert await world.bot.store.tournaments.of_guild(world.guild.id) == []
