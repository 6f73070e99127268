"""Reading request bodies: plain JSON, or multipart with ``payload_json`` and ``files[n]``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, hdrs, web

from .errors import ApiError


@dataclass
class UploadedFile:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


def _file_index(name: str) -> int | None:
    if name.startswith("files[") and name.endswith("]"):
        return int(name[6:-1])
    if name.startswith("file"):
        digits = name[4:]
        return int(digits) if digits.isdigit() else 0
    return None


async def _read_multipart(request: web.Request) -> tuple[Any, dict[int, UploadedFile]]:
    payload: Any = None
    files: dict[int, UploadedFile] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        if name == "payload_json":
            payload = json.loads(await part.text())
            continue
        index = _file_index(name)
        if index is None:
            continue
        data = bytes(await part.read(decode=False))
        ctype = part.headers.get(hdrs.CONTENT_TYPE)
        files[index] = UploadedFile(index, part.filename or f"file{index}", data, ctype)
    return payload, files


async def read_body(request: web.Request) -> tuple[Any, dict[int, UploadedFile]]:
    """The JSON payload (``None`` when empty) and the uploaded files, keyed by index."""
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return None, {}
    try:
        return json.loads(raw), {}
    except ValueError as exc:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from exc
