"""REST: the version handshake and the list of a notebook's chats."""

from __future__ import annotations

from typing import Any, Callable

from jupyter_server.auth.decorator import authorized
from jupyter_server.base.handlers import APIHandler
from tornado import web

from ..protocol import ChatList, Info


class _Base(APIHandler):
    auth_resource = "gptinterp"


class InfoHandler(_Base):
    def initialize(self, info: Callable[[], Info]) -> None:
        self._info = info

    @web.authenticated
    @authorized
    def get(self) -> None:
        self.finish(self._info().model_dump_json())


class ChatsHandler(_Base):
    def initialize(self, service: Any) -> None:
        self.service = service

    @web.authenticated
    @authorized
    def get(self) -> None:
        path = self.get_query_argument("notebook_path", None)
        self.finish(ChatList(chats=self.service.list_chats(path)).model_dump_json())
