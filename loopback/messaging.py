"""Creating, editing and deleting messages from REST bodies (shared by every route)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from .ids import iso_now
from .models import EPHEMERAL, HAS_THREAD, LOADING, FakeAttachment, FakeChannel, FakeMessage
from .multipart import UploadedFile
from .validation import check_message
from .world import World

if TYPE_CHECKING:
    from .records import Interaction

ATTACHMENT_LIMIT = 10 * 1024 * 1024
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
COMPONENTS_V2 = 1 << 15
CREATE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | COMPONENTS_V2
EDIT_FLAGS = SUPPRESS_EMBEDS | COMPONENTS_V2


def _new_attachment(
    world: World, channel_id: int, upload: UploadedFile, spec: dict[str, Any] | None
) -> FakeAttachment:
    aid = world.ids.next()
    filename = (spec or {}).get("filename") or upload.filename
    url = f"{world.base_url}/attachments/{channel_id}/{aid}/{quote(filename)}"
    data = upload.data if world.keep_files else b""
    att = FakeAttachment(aid, filename, data, url, content_type=upload.content_type)
    if not world.keep_files:
        att.dropped_size = len(upload.data)
    att.description = (spec or {}).get("description")
    return att


def build_attachments(
    world: World,
    channel_id: int,
    body: dict[str, Any],
    files: dict[int, UploadedFile],
    existing: list[FakeAttachment],
    creating: bool,
) -> list[FakeAttachment] | None:
    """The message's new attachment list, or ``None`` to keep the current one unchanged."""
    specs = body.get("attachments")
    if specs is None:
        if not files:
            return None
        kept = [] if creating else list(existing)
        return kept + [_new_attachment(world, channel_id, f, None) for f in files.values()]
    by_id = {a.id: a for a in existing}
    result: list[FakeAttachment] = []
    used: set[int] = set()
    for spec in specs:
        sid = int(spec["id"])
        if sid in files and sid not in used:
            used.add(sid)
            result.append(_new_attachment(world, channel_id, files[sid], spec))
        elif sid in by_id:
            result.append(by_id[sid])
    result += [
        _new_attachment(world, channel_id, f, None) for i, f in files.items() if i not in used
    ]
    return result


def _apply(
    msg: FakeMessage,
    world: World,
    body: dict[str, Any],
    files: dict[int, UploadedFile],
    creating: bool,
) -> None:
    if "content" in body:
        msg.content = body["content"] or ""
    if "embeds" in body:
        msg.embeds = list(body["embeds"] or [])
    if "components" in body:
        msg.components = list(body["components"] or [])
    if "allowed_mentions" in body:
        msg.allowed_mentions = body["allowed_mentions"]
    atts = build_attachments(world, msg.channel_id, body, files, msg.attachments, creating)
    if atts is not None:
        msg.attachments = atts


def _check(
    body: dict[str, Any], files: dict[int, UploadedFile], creating: bool, world: World
) -> None:
    if world.strict:
        total = sum(len(f.data) for f in files.values())
        check_message(
            body, len(files), creating=creating, total_bytes=total, limit=ATTACHMENT_LIMIT
        )


def touch_channel(world: World, channel: FakeChannel, msg: FakeMessage) -> None:
    """Update a channel after a new message (un-archiving threads, like Discord)."""
    channel.last_message_id = msg.id
    if channel.is_thread:
        channel.message_count += 1
        if channel.archived and not channel.locked:
            channel.archived = False
            world.emit_channel("THREAD_UPDATE", channel)


def create_message(
    world: World,
    channel: FakeChannel,
    body: dict[str, Any],
    files: dict[int, UploadedFile],
    *,
    author_id: int,
    kind: str = "channel",
    interaction: Interaction | None = None,
    loading: bool = False,
) -> FakeMessage:
    """Validate and store a new message; dispatch MESSAGE_CREATE when public."""
    if not loading:
        _check(body, files, True, world)
    msg = FakeMessage(world.ids.next(), channel.id, channel.guild_id, author_id, kind=kind)
    flags = (body.get("flags") or 0) & CREATE_FLAGS
    if interaction is not None:
        msg.interaction_id = interaction.id
        msg.interaction_type = interaction.type
        msg.interaction_user_id = interaction.user.id
        if interaction.type == 2 and kind == "response":
            msg.message_type = 20
            msg.interaction_name = interaction.command_name
        if (body.get("flags") or 0) & EPHEMERAL:
            flags |= EPHEMERAL
            msg.visible_to = interaction.user.id
    if loading:
        flags |= LOADING
    msg.flags = flags
    if "message_reference" in body:
        msg.message_reference = body["message_reference"]
        msg.message_type = 19
    _apply(msg, world, body, files, True)
    world.messages[msg.id] = msg
    if not msg.ephemeral:
        touch_channel(world, channel, msg)
    world.emit_message("MESSAGE_CREATE", msg)
    return msg


def edit_message(
    world: World, msg: FakeMessage, body: dict[str, Any], files: dict[int, UploadedFile]
) -> FakeMessage:
    """Validate and apply an edit in place, keeping the previous version in the history."""
    _check(body, files, False, world)
    msg.history.append(msg.snapshot())
    keep = msg.flags & (EPHEMERAL | HAS_THREAD | SUPPRESS_NOTIFICATIONS)
    if "flags" in body:
        msg.flags = keep | ((body.get("flags") or 0) & EDIT_FLAGS)
    else:
        msg.flags = keep | (msg.flags & EDIT_FLAGS)
    _apply(msg, world, body, files, False)
    msg.edited_at = iso_now()
    world.emit_message("MESSAGE_UPDATE", msg)
    return msg


def delete_message(world: World, msg: FakeMessage) -> None:
    """Mark a message deleted (it stays in the store for inspection)."""
    msg.deleted = True
    world.emit_message("MESSAGE_DELETE", msg)
