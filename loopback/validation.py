"""Discord's limits on messages, components, autocomplete choices and modals."""

from __future__ import annotations

from typing import Any

from .errors import ApiError, invalid_form
from .models import embed_texts, walk_components

Problems = list[tuple[str, str]]

EMBED_LIMITS = {"title": 256, "description": 4096}


def _check_embeds(embeds: list[dict[str, Any]], out: Problems) -> None:
    if len(embeds) > 10:
        out.append(("embeds", "at most 10 embeds"))
    total = 0
    for i, embed in enumerate(embeds):
        for key, limit in EMBED_LIMITS.items():
            if len(embed.get(key) or "") > limit:
                out.append((f"embeds.{i}.{key}", f"must be {limit} or fewer in length"))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            out.append((f"embeds.{i}.fields", "at most 25 fields"))
        for j, fld in enumerate(fields):
            if not fld.get("name") or len(fld["name"]) > 256:
                out.append((f"embeds.{i}.fields.{j}.name", "1 to 256 characters"))
            if not fld.get("value") or len(fld["value"]) > 1024:
                out.append((f"embeds.{i}.fields.{j}.value", "1 to 1024 characters"))
        total += sum(len(t) for t in embed_texts(embed))
    if total > 6000:
        out.append(("embeds", "embeds must hold at most 6000 characters in all"))


def _check_select(path: str, comp: dict[str, Any], out: Problems) -> None:
    options = comp.get("options")
    if comp.get("type") == 3 and not 1 <= len(options or []) <= 25:
        out.append((f"{path}.options", "a select needs 1 to 25 options"))
    for k, opt in enumerate(options or []):
        for key in ("label", "value"):
            if not opt.get(key) or len(opt[key]) > 100:
                out.append((f"{path}.options.{k}.{key}", "1 to 100 characters"))
        if len(opt.get("description") or "") > 100:
            out.append((f"{path}.options.{k}.description", "at most 100 characters"))
    if len(comp.get("placeholder") or "") > 150:
        out.append((f"{path}.placeholder", "at most 150 characters"))
    max_values = comp.get("max_values", 1)
    if options is not None and max_values > len(options):
        out.append((f"{path}.max_values", "max_values exceeds the number of options"))


def _check_components(components: list[dict[str, Any]], flags: int, out: Problems) -> None:
    v2 = bool(flags & (1 << 15))
    if not v2 and len(components) > 5:
        out.append(("components", "at most 5 action rows"))
    seen: set[str] = set()
    for i, row in enumerate(components):
        children = row.get("components") or []
        if not v2 and row.get("type") == 1:
            kinds = [c.get("type") for c in children]
            if not children or len(children) > 5:
                out.append((f"components.{i}", "an action row holds 1 to 5 components"))
            if any(k != 2 for k in kinds) and len(kinds) > 1:
                out.append((f"components.{i}", "a select must be alone in its row"))
    for comp in walk_components(components):
        cid = comp.get("custom_id")
        path = f"components[{cid or comp.get('label')}]"
        if cid is not None:
            if not cid or len(cid) > 100:
                out.append((path, "custom_id must be 1 to 100 characters"))
            if cid in seen:
                out.append((path, "custom_id must be unique in a message"))
            seen.add(cid)
        if comp.get("type") == 2:
            if len(comp.get("label") or "") > 80:
                out.append((f"{path}.label", "at most 80 characters"))
            link = comp.get("style") == 5
            if link != bool(comp.get("url")) or (
                not link and cid is None and comp.get("style") != 6
            ):
                out.append((path, "link buttons need a url, other buttons a custom_id"))
        if comp.get("type") in (3, 5, 6, 7, 8):
            _check_select(path, comp, out)


def check_message(
    body: dict[str, Any], n_files: int, *, creating: bool, total_bytes: int = 0, limit: int
) -> None:
    """Raise :class:`ApiError` when a message body breaks Discord's limits."""
    if total_bytes > limit:
        raise ApiError(413, 40005, "Request entity too large")
    out: Problems = []
    if len(body.get("content") or "") > 2000:
        out.append(("content", "must be 2000 or fewer in length"))
    _check_embeds(body.get("embeds") or [], out)
    _check_components(body.get("components") or [], body.get("flags") or 0, out)
    if out:
        raise invalid_form(out)
    keys = ("content", "embeds", "components", "attachments", "poll", "sticker_ids")
    if creating and not n_files and not any(body.get(k) for k in keys):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_choices(choices: list[dict[str, Any]]) -> None:
    """Raise :class:`ApiError` when autocomplete choices break Discord's limits."""
    out: Problems = []
    if len(choices) > 25:
        out.append(("data.choices", "at most 25 choices"))
    for i, choice in enumerate(choices):
        if not choice.get("name") or len(choice["name"]) > 100:
            out.append((f"data.choices.{i}.name", "1 to 100 characters"))
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            out.append((f"data.choices.{i}.value", "at most 100 characters"))
    if out:
        raise invalid_form(out)


def check_modal(data: dict[str, Any]) -> None:
    """Raise :class:`ApiError` when a modal breaks Discord's limits."""
    out: Problems = []
    if not data.get("title") or len(data["title"]) > 45:
        out.append(("data.title", "1 to 45 characters"))
    if not data.get("custom_id") or len(data["custom_id"]) > 100:
        out.append(("data.custom_id", "1 to 100 characters"))
    if not 1 <= len(data.get("components") or []) <= 5:
        out.append(("data.components", "1 to 5 components"))
    if out:
        raise invalid_form(out)
