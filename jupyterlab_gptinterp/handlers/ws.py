"""The chat websocket: one per browser tab, authenticated before the upgrade.

Every incoming frame is validated by pydantic and gets exactly one reply: `chat_opened` or `ack`
when the service took it, a typed `error` when anything was wrong (the socket stays open).
"""

from __future__ import annotations

from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.base.websocket import WebSocketMixin
from pydantic import ValidationError
from tornado import web
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from ..chat import ChatService
from ..errors import MESSAGES, ErrorCode, GPTInterpError
from ..protocol import (
    MAX_MESSAGE_BYTES,
    Ack,
    AnyClientMessage,
    Approve,
    ChatOpened,
    Error,
    OpenChat,
    Reject,
    SendMessage,
    SetApprovalMode,
    Stop,
    client_message_adapter,
    request_id_of,
)
from .auth import AUTH_RESOURCE


class ChatSocket(WebSocketMixin, WebSocketHandler, JupyterHandler):
    auth_resource = AUTH_RESOURCE

    def initialize(self, service: ChatService) -> None:
        self.service = service

    def set_default_headers(self) -> None:
        """JupyterHandler's headers make no sense on a websocket upgrade."""

    @ws_authenticated
    async def get(self, *args: Any, **kwargs: Any) -> None:
        user = self.current_user
        if not await ensure_async(self.authorizer.is_authorized(self, user, "execute", self.auth_resource)):
            raise web.HTTPError(403)
        await super().get(*args, **kwargs)

    def open(self, *args: Any, **kwargs: Any) -> Any:
        # Events are many small frames (a token each): without TCP_NODELAY, Nagle's algorithm
        # holds each one behind the client's delayed ACK, ~40 ms on Linux.
        self.set_nodelay(True)
        return super().open(*args, **kwargs)

    @property
    def username(self) -> str:
        user = self.current_user
        return getattr(user, "username", None) or str(user)

    def send(self, payload: str) -> None:
        try:
            self.write_message(payload)
        except WebSocketClosedError:
            self.service.unsubscribe_all(self.send)

    def _error(self, code: ErrorCode, message: str, request_id: str | None = None, chat_id: str | None = None) -> None:
        self.send(Error(code=code, message=message, request_id=request_id, chat_id=chat_id).model_dump_json())

    async def on_message(self, message: str | bytes) -> None:
        if len(message) > MAX_MESSAGE_BYTES:
            self._error(
                ErrorCode.message_too_large,
                f"{MESSAGES[ErrorCode.message_too_large]} Limit: {MAX_MESSAGE_BYTES} bytes.",
            )
            return
        try:
            msg = client_message_adapter.validate_json(message)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            self._error(
                ErrorCode.invalid_message,
                f"{MESSAGES[ErrorCode.invalid_message]} {where}: {first.get('msg')}",
                request_id_of(message),
            )
            return
        try:
            await self._dispatch(msg)
        except GPTInterpError as exc:
            self._error(exc.code, exc.text, msg.request_id, getattr(msg, "chat_id", None))
        except Exception:
            self.log.exception("gptinterp: message failed")
            self._error(ErrorCode.internal, MESSAGES[ErrorCode.internal], msg.request_id)
        else:
            if not isinstance(msg, OpenChat):  # chat_opened is open_chat's reply
                self.send(Ack(request_id=msg.request_id, of=msg.type).model_dump_json())

    async def _dispatch(self, msg: AnyClientMessage) -> None:
        service = self.service
        if isinstance(msg, OpenChat):
            info = service.open_chat(msg.notebook_path, msg.chat_id)
            service.subscribe(info.chat_id, self.send)
            self.send(
                ChatOpened(
                    request_id=msg.request_id, chat=info, last_seq=service.last_seq(info.chat_id)
                ).model_dump_json()
            )
            for frame in service.replay(info.chat_id, msg.after_seq):
                self.send(frame)
            if phase := service.phase(info.chat_id):  # a turn is running: what it does now
                self.send(phase)
        elif isinstance(msg, SendMessage):
            await service.send_message(
                msg.chat_id,
                msg.text,
                msg.notebook,
                msg.action,
                msg.cell_id,
                model=msg.model,
                attachments=msg.attachments,
            )
        elif isinstance(msg, Approve):
            await service.approve(
                msg.chat_id, msg.proposal_id, msg.code, self.username, msg.after_cell_id, msg.run, msg.kernel_id
            )
        elif isinstance(msg, Reject):
            service.reject(msg.chat_id, msg.proposal_id, msg.reason)
        elif isinstance(msg, Stop):
            await service.stop(msg.chat_id)
        elif isinstance(msg, SetApprovalMode):
            service.set_approval_mode(msg.chat_id, msg.mode, self.username)

    def on_close(self) -> None:
        self.service.unsubscribe_all(self.send)
