"""A person's settings through the loopback Discord: ``/settings me`` (time zone, quiet hours)
and ``/notify`` (direct messages, reminders before a deadline, digest, "you're next"), each
answer showing what is in force, in the person's language; ``/settings server`` stays the
server's."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from data import PersonSettings
from loopback.models import FakeUser
from loopback.records import Interaction
from tests.e2e import World, command


async def _me(world: World, user: FakeUser, args: Any = None) -> Interaction:
    return await command(world, user, world.channel, "settings", args, subcommand="me")


async def _zones(world: World, typed: str) -> list[dict[str, Any]]:
    return await world.fake.autocomplete(
        world.ana,
        world.channel,
        "settings",
        {"timezone": typed},
        focused="timezone",
        subcommand="me",
    )


async def test_settings_me_offers_at_most_25_zones_that_match_what_is_typed(
    tablero: World,
) -> None:
    world = tablero
    for typed in ("", "a", "America/"):
        offered = await _zones(world, typed)
        assert len(offered) == 25, typed  # Discord shows 25 at most
        assert all(typed.lower() in c["value"].lower() for c in offered), offered
        assert all(c["name"] == c["value"] and len(c["value"]) <= 100 for c in offered)
    assert [c["value"] for c in await _zones(world, "madrid")] == ["Europe/Madrid"]
    assert (await _zones(world, "new y"))[0]["value"] == "America/New_York"  # space for _
    assert await _zones(world, "Atlantis") == []


async def test_settings_me_refuses_a_zone_it_does_not_know(tablero: World) -> None:
    world = tablero
    store = world.bot.store
    refused = await _me(world, world.ana, {"timezone": "Mars/Olympus_Mons"})
    assert refused.ephemeral and "“Mars/Olympus_Mons” is not a time zone" in refused.text
    spanish = await _me(world, world.luis, {"timezone": "Atlántida"})
    assert "no conoce la zona horaria “Atlántida”" in spanish.text, spanish.text
    for user in (world.ana, world.luis):
        assert await store.settings.person(user.id) == PersonSettings()


async def test_settings_me_sets_the_zone_and_quiet_hours_and_shows_them_back(
    tablero: World,
) -> None:
    world = tablero
    store = world.bot.store
    shown = await _me(world, world.ana)  # nothing set yet: UTC, said so
    assert shown.ephemeral and "Your time zone: UTC" in shown.text, shown.text
    assert "/settings me" in shown.text and "No quiet hours." in shown.text

    args = {"timezone": "europe/madrid", "quiet-from": "22:30", "quiet-to": "7:00"}
    done = await _me(world, world.ana, args)
    there = datetime.fromtimestamp(world.clock(), ZoneInfo("Europe/Madrid")).strftime("%H:%M")
    assert f"Your time zone: Europe/Madrid (it is {there} there now)" in done.text, done.text
    assert "Quiet hours: 22:30–07:00 (Europe/Madrid)" in done.text
    stored = await store.settings.person(world.ana.id)
    assert stored == PersonSettings(timezone="Europe/Madrid", quiet=(22 * 60 + 30, 7 * 60))
    assert (await _me(world, world.ana)).text == done.text  # shown again as they are

    half = await _me(world, world.ana, {"quiet-from": "23:00"})
    assert "Give both ends of your quiet hours" in half.text, half.text
    wrong = await _me(world, world.ana, {"quiet-from": "10pm", "quiet-to": "06:00"})
    assert "“10pm” is not a time of day" in wrong.text, wrong.text
    assert await store.settings.person(world.ana.id) == stored  # refusals change nothing
    cleared = await _me(world, world.ana, {"quiet-to": "off"})
    assert "No quiet hours." in cleared.text and "Europe/Madrid" in cleared.text
    assert (await store.settings.person(world.ana.id)).quiet is None

    spanish = await _me(world, world.luis, {"timezone": "America/Mexico_City"})
    assert "Tu zona horaria: America/Mexico_City" in spanish.text, spanish.text
    assert "Sin horas de silencio." in spanish.text


async def test_notify_reads_times_before_a_deadline_and_shows_all_in_force(
    tablero: World,
) -> None:
    world = tablero
    store = world.bot.store

    async def notify(user: FakeUser, args: dict[str, Any] | None = None) -> Interaction:
        return await command(world, user, world.channel, "notify", args)

    shown = await notify(world.ana)  # no option: shows them, changes nothing
    assert shown.ephemeral and "No direct messages about your turns." in shown.text
    assert "No reminders before a deadline." in shown.text and "No daily digest." in shown.text
    await _me(world, world.ana, {"timezone": "Asia/Tokyo"})
    done = await notify(world.ana, {"before": "24h 4h 1h", "digest": 8, "next": True})
    assert "Reminders before a deadline: 24h, 4h and 1h before." in done.text, done.text
    assert "A daily digest of your games at 08:00 (Asia/Tokyo)." in done.text
    assert "you are told when your turn is next" in done.text
    assert "No direct messages" in done.text  # on: left as it was
    assert await store.settings.person(world.ana.id) == PersonSettings(
        timezone="Asia/Tokyo", remind_before=(24.0, 4.0, 1.0), digest_hour=8, heads_up=True
    )
    other = await notify(world.ana, {"before": "90m, 1d", "on": True})
    assert "24h and 1h30m before" in other.text and "You will get a direct message" in other.text
    assert (await store.settings.person(world.ana.id)).remind_before == (24.0, 1.5)

    for before, why in [
        ("10m", "“10m” is not between 15 minutes and 14 days"),
        ("1 2 3 4 5 6", "At most 5 reminders"),
        ("tomorrow", "“tomorrow” is not a list of times"),
    ]:
        refused = await notify(world.ana, {"before": before})
        assert refused.ephemeral and why in refused.text, refused.text
    for args in ({"digest": 24}, {"before": "1h " * 40}):  # what Discord would not send
        ix = await world.fake.slash(world.ana, world.channel, "notify", args, check=False)
        assert "is not one of the values" in (await ix.done()).text
    off = await notify(world.ana, {"before": "off", "digest": -1, "next": False})
    assert "No reminders before a deadline." in off.text and "No daily digest." in off.text
    assert await store.settings.person(world.ana.id) == PersonSettings(
        dm_turns=True, timezone="Asia/Tokyo"
    )

    spanish = await notify(world.luis, {"before": "24,4,1", "digest": 21})
    assert "Recordatorios antes de un plazo: 24h, 4h y 1h antes." in spanish.text, spanish.text
    assert "Un resumen diario de tus partidas a las 21:00 (UTC)." in spanish.text
