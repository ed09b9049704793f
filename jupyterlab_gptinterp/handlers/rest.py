"""REST: the version handshake, and a notebook's chats (list, rename, delete)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from jupyter_server.auth.decorator import authorized
from jupyter_server.base.handlers import APIHandler
from pydantic import ValidationError
from tornado import web

from ..chat import ChatService
from ..errors import GPTInterpError
from ..protocol import ChatList, ChatPatch, Info, SentReply
from .auth import AUTH_RESOURCE


class _Base(APIHandler):
    auth_resource = AUTH_RESOURCE


class InfoHandler(_Base):
    def initialize(self, info: Callable[[], Info]) -> None:
        self._info = info

    @web.authenticated
    @authorized
    def get(self) -> None:
        self.finish(self._info().model_dump_json())


class ChatsHandler(_Base):
    def initialize(self, service: ChatService) -> None:
        self.service = service

    @web.authenticated
    @authorized
    def get(self) -> None:
        path = self.get_query_argument("notebook_path", None)
        self.finish(ChatList(chats=self.service.list_chats(path)).model_dump_json())


class ChatHandler(_Base):
    """One chat: PATCH renames it, DELETE stops its turn and removes it with its history."""

    def initialize(self, service: ChatService) -> None:
        self.service = service

    @web.authenticated
    @authorized
    def patch(self, chat_id: str) -> None:
        try:
            patch = ChatPatch.model_validate_json(self.request.body)
        except ValidationError as exc:
            raise web.HTTPError(
                400, "The chat update was not understood: it needs a title of 1 to 200 characters."
            ) from exc
        with _http_errors():
            info = self.service.rename_chat(chat_id, patch.title)
        self.finish(info.model_dump_json())

    @web.authenticated
    @authorized
    async def delete(self, chat_id: str) -> None:
        with _http_errors():
            await self.service.delete_chat(chat_id)
        self.set_status(204)
        self.finish()


class SentHandler(_Base):
    """`GET /gptinterp/chats/<chat_id>/sent`: the messages of the chat's latest model call."""

    def initialize(self, service: ChatService) -> None:
        self.service = service

    @web.authenticated
    @authorized
    def get(self, chat_id: str) -> None:
        with _http_errors():
            messages = self.service.last_request(chat_id)
        self.finish(SentReply(chat_id=chat_id, messages=messages).model_dump_json())


@contextmanager
def _http_errors() -> Iterator[None]:
    """A typed service error becomes an HTTP error with its plain-words message."""
    try:
        yield
    except GPTInterpError as exc:
        status = 404 if exc.code.value.startswith("unknown") else 400
        raise web.HTTPError(status, exc.text) from exc
