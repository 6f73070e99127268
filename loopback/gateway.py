"""The gateway websocket: HELLO, IDENTIFY/READY, GUILD_CREATE, heartbeats, RESUME, dispatch."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from typing import Any

from aiohttp import WSMsgType, web

from .ids import shard_of
from .payloads import guild_create_payload, member_payload, user_payload
from .world import World

log = logging.getLogger("fakediscord.gateway")

HEARTBEAT_MS = 41250
DEFAULT_INTENTS = (1 << 17) - 1
INVALID_SHARD = 4010  # the close code Discord sends for an IDENTIFY with an impossible shard
#: events whose guild is the payload's own ``id`` (the others carry a ``guild_id``)
GUILD_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


def event_guild(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event is about (None: a direct message, or no guild at all)."""
    found = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
    return None if found is None else int(found)


class Connection:
    """One websocket; frames go out in order through a writer task."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write(), name="fakediscord-gateway-writer")

    def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame."""
        self._queue.put_nowait(frame)

    async def _write(self) -> None:
        while (frame := await self._queue.get()) is not None:
            try:
                await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    async def close(self, code: int | None = None) -> None:
        """Stop writing (after flushing) and, with ``code``, close the socket."""
        self._queue.put_nowait(None)
        # Not a wait a test depends on: a frame left unsent is in its session's buffer, sent
        # again on RESUME; and a peer that no longer reads must not hold the fake's closing.
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(self._writer, 1)
        if code is not None and not self.ws.closed:
            await self.ws.close(code=code)


class GatewaySession:
    """A gateway session (survives reconnects when resumed)."""

    def __init__(self, intents: int, shard: list[int] | None) -> None:
        self.session_id = secrets.token_hex(16)
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: deque[dict[str, Any]] = deque(maxlen=5000)
        self.conn: Connection | None = None
        self.resumable = True

    def owns(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of ``guild_id`` (None: direct messages,
        which go to shard 0); a session without a shard receives everything."""
        if self.shard is None:
            return True
        shard, count = self.shard
        return shard_of(guild_id, count) == shard

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a DISPATCH (op 0) frame, buffered for RESUME."""
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.buffer.append(frame)
        if self.conn is not None:
            self.conn.send(frame)


class Gateway:
    """All gateway sessions of the fake. A session identified with ``shard: [id, count]``
    receives only the events of the guilds on that shard (``(guild_id >> 22) % count``) and
    of direct messages when it is shard 0, as Discord does; an interaction goes to the
    newest live session that receives its guild's events."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.sessions: list[GatewaySession] = []
        self.connections: set[Connection] = set()
        world.emit = self.broadcast

    def live(self) -> list[GatewaySession]:
        """Sessions with an open websocket, oldest first."""
        return [s for s in self.sessions if s.conn is not None]

    def current(self) -> GatewaySession | None:
        """The newest live session (the bot that receives interactions)."""
        live = self.live()
        return live[-1] if live else None

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The newest live session that receives the events of ``guild_id`` (None: DMs)."""
        owners = [s for s in self.live() if s.owns(guild_id)]
        return owners[-1] if owners else None

    def broadcast(self, event: str, data: dict[str, Any], intent: int) -> None:
        """Dispatch an event to every live session subscribed to ``intent`` that receives
        the events of its guild."""
        guild_id = event_guild(event, data)
        for session in self.live():
            if session.intents & intent and session.owns(guild_id):
                session.dispatch(event, data)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """The websocket endpoint (``/gateway``)."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws)
        self.connections.add(conn)
        conn.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None})
        session: GatewaySession | None = None
        try:
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                frame = json.loads(msg.data)
                session = await self._on_frame(conn, session, frame, request) or session
        except Exception:
            log.exception("fake gateway: error while handling a frame")
            raise
        finally:
            log.debug("fake gateway: connection closed with %s", ws.close_code)
            if session is not None and session.conn is conn:
                session.conn = None
                if ws.close_code in (1000, 1001):
                    session.resumable = False
            self.connections.discard(conn)
            await conn.close()
            self.world.notifier.notify()
        return ws

    async def _on_frame(
        self,
        conn: Connection,
        session: GatewaySession | None,
        frame: dict[str, Any],
        request: web.Request,
    ) -> GatewaySession | None:
        op, data = frame.get("op"), frame.get("d") or {}
        if op == 1:
            conn.send({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            return await self._identify(conn, data, request)
        elif op == 6:
            return self._resume(conn, data)
        elif op == 8 and session is not None:
            self._members_chunk(session, data)
        return None

    async def _identify(
        self, conn: Connection, data: dict[str, Any], request: web.Request
    ) -> GatewaySession | None:
        world = self.world
        if world.expected_token is not None and data.get("token") != world.expected_token:
            await conn.close(code=4004)
            return None
        shard = data.get("shard")
        if shard is not None and not (
            len(shard) == 2 and 0 <= shard[0] < shard[1]  # [id, count]
        ):
            await conn.close(code=INVALID_SHARD)
            return None
        session = GatewaySession(data.get("intents", DEFAULT_INTENTS), shard)
        session.conn = conn
        self.sessions.append(session)
        guilds = [g for g in world.guilds.values() if session.owns(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": user_payload(world.bot),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": f"ws://{request.host}/gateway",
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        session.dispatch("READY", ready)
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild_create_payload(world, guild))
        world.notifier.notify()
        return session

    def _resume(self, conn: Connection, data: dict[str, Any]) -> GatewaySession | None:
        sid = data.get("session_id")
        session = next((s for s in self.sessions if s.session_id == sid), None)
        if session is None or not session.resumable:
            conn.send({"op": 9, "d": False, "s": None, "t": None})
            return None
        session.conn = conn  # takes over from a connection that has not noticed it died
        last = data.get("seq") or 0
        for frame in list(session.buffer):
            if frame["s"] > last:
                conn.send(frame)
        session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self.world.notifier.notify()
        return session

    def _members_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        world = self.world
        guild = world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None or not session.owns(guild.id):
            return
        members = [member_payload(world, guild, world.users[u]) for u in world.member_ids(guild)]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def drop(self, resume: bool = True) -> None:
        """Cut every live connection: resumable (close 4000) or with an invalid session.

        discord.py RESUMEs at once; after an invalid session it waits 5 s before IDENTIFY.
        """
        for session in self.live():
            conn = session.conn
            assert conn is not None
            if resume:
                session.conn = None
                await conn.close(code=4000)
            else:
                session.resumable = False
                conn.send({"op": 9, "d": False, "s": None, "t": None})

    async def close(self) -> None:
        """Close every websocket."""
        for conn in list(self.connections):
            await conn.close(code=1001)
        for session in self.sessions:
            session.conn = None
