"""Discord-style API errors raised by the fake's handlers."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """An error answered as Discord's JSON error body (``{"code", "message", "errors"}``)."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        """The JSON body Discord would send."""
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            data["errors"] = self.errors
        return data


def invalid_form(problems: list[tuple[str, str]]) -> ApiError:
    """A 400 "Invalid Form Body" (50035) listing ``(field path, problem)`` pairs."""
    errors = {
        path: {"_errors": [{"code": "FAKE_INVALID", "message": msg}]} for path, msg in problems
    }
    return ApiError(400, 50035, "Invalid Form Body", errors)


def unknown(kind: str, code: int) -> ApiError:
    """A 404 "Unknown <kind>" error."""
    return ApiError(404, code, f"Unknown {kind}")


MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
MISSING_ACCESS = (403, 50001, "Missing Access")  # the channel is not even visible
