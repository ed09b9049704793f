"""Tornado handlers: thin (authenticate, parse, call the chat service, serialize)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jupyter_server.utils import url_path_join

from ..chat import ChatService
from ..protocol import Info
from .rest import ChatHandler, ChatsHandler, InfoHandler, SentHandler
from .ws import ChatSocket


def make_handlers(service: ChatService, info: Callable[[], Info]) -> list[tuple[str, type, dict[str, Any]]]:
    """Routes relative to the server's base_url (ExtensionApp prefixes it)."""

    def route(path: str) -> str:
        return url_path_join("/gptinterp", path)

    return [
        (route("info"), InfoHandler, {"info": info}),
        (route("chats"), ChatsHandler, {"service": service}),
        (route(r"chats/(?P<chat_id>[A-Za-z0-9_.:-]{1,128})"), ChatHandler, {"service": service}),
        (route(r"chats/(?P<chat_id>[A-Za-z0-9_.:-]{1,128})/sent"), SentHandler, {"service": service}),
        (route("ws"), ChatSocket, {"service": service}),
    ]
