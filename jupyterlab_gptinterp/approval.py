"""Server-held approvals: the one gate between what a model writes and a kernel.

A proposal is a pending future. Only `ApprovalGate.approve` can make an `Approval`, and only for a
pending proposal of the same chat; the approval is bound to the sha256 of the exact (possibly
edited) code and can be spent once. `kernel.py` accepts nothing but an unspent `Approval`. Every
refusal is a typed `GPTInterpError`, and fails closed: nothing is resolved, nothing runs.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Literal

from .errors import ErrorCode, GPTInterpError

_ISSUER = object()  # only this module can mint approvals


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


class Approval:
    """Permission to run exactly `code` once, for one proposal of one chat."""

    __slots__ = ("chat_id", "proposal_id", "code", "digest", "user", "auto", "_spent")

    def __init__(self, issuer: object, *, chat_id: str, proposal_id: str, code: str, user: str, auto: bool):
        if issuer is not _ISSUER:
            raise TypeError("Approvals are issued by ApprovalGate only")
        self.chat_id = chat_id
        self.proposal_id = proposal_id
        self.code = code
        self.digest = code_hash(code)
        self.user = user
        self.auto = auto
        self._spent = False

    def spend(self) -> str:
        """Return the code to run, once; a second call, or code changed since, is refused."""
        if self._spent:
            raise GPTInterpError(ErrorCode.proposal_decided, "This approval was already used.")
        if code_hash(self.code) != self.digest:
            raise GPTInterpError(ErrorCode.proposal_decided, "The approved code was altered.")
        self._spent = True
        return self.code


@dataclass
class Decision:
    kind: Literal["approved", "rejected", "cancelled"]
    approval: Approval | None = None
    reason: str = ""
    after_cell_id: str | None = None
    run: bool = True  # False: accept a replacement without running it
    kernel_id: str | None = None  # the notebook's kernel now, if the user's tab says it changed


@dataclass
class Proposal:
    chat_id: str
    proposal_id: str
    code: str
    reason: str
    kind: str = "run_code"
    # Made on the running loop: a proposal is always created inside the server's event loop.
    future: asyncio.Future[Decision] = field(
        repr=False, default_factory=lambda: asyncio.get_running_loop().create_future()
    )

    async def wait(self) -> Decision:
        return await self.future


class ApprovalGate:
    """Pending proposals by id; decided ones are forgotten (a later decision is refused)."""

    def __init__(self) -> None:
        self._pending: dict[str, Proposal] = {}
        self._decided: dict[str, str] = {}  # proposal_id -> chat_id, to tell "decided" from "unknown"

    def propose(self, chat_id: str, code: str, reason: str = "", kind: str = "run_code") -> Proposal:
        proposal_id = "p-" + secrets.token_hex(8)
        proposal = Proposal(chat_id, proposal_id, code, reason, kind)
        self._pending[proposal_id] = proposal
        return proposal

    def restore(self, chat_id: str, proposal_id: str, code: str, reason: str = "", kind: str = "run_code") -> Proposal:
        """Bring back a proposal that was pending when the server stopped: pending again, never run."""
        proposal = Proposal(chat_id, proposal_id, code, reason, kind)
        self._pending[proposal_id] = proposal
        return proposal

    def pending(self, chat_id: str) -> list[Proposal]:
        return [p for p in self._pending.values() if p.chat_id == chat_id]

    def check(self, chat_id: str, proposal_id: str) -> Proposal:
        """The pending proposal, or the typed refusal a decision on it would get."""
        proposal = self._pending.get(proposal_id)
        if proposal is None:
            owner = self._decided.get(proposal_id)
            if owner is None:
                raise GPTInterpError(ErrorCode.unknown_proposal)
            if owner != chat_id:
                raise GPTInterpError(ErrorCode.wrong_chat)
            raise GPTInterpError(ErrorCode.proposal_decided)
        if proposal.chat_id != chat_id:
            raise GPTInterpError(ErrorCode.wrong_chat)
        return proposal

    def _take(self, chat_id: str, proposal_id: str) -> Proposal:
        proposal = self.check(chat_id, proposal_id)
        del self._pending[proposal_id]
        self._decided[proposal_id] = chat_id
        return proposal

    def approve(
        self,
        chat_id: str,
        proposal_id: str,
        code: str,
        user: str,
        *,
        auto: bool = False,
        after_cell_id: str | None = None,
        run: bool = True,
        kernel_id: str | None = None,
    ) -> Approval:
        pending = self._pending.get(proposal_id)
        if pending is not None and pending.chat_id == chat_id and pending.kind == "run_code" and not run:
            raise GPTInterpError(ErrorCode.invalid_message, "Code proposals are approved by running them.")
        proposal = self._take(chat_id, proposal_id)
        approval = Approval(_ISSUER, chat_id=chat_id, proposal_id=proposal_id, code=code, user=user, auto=auto)
        _resolve(proposal, Decision("approved", approval, after_cell_id=after_cell_id, run=run, kernel_id=kernel_id))
        return approval

    def reject(self, chat_id: str, proposal_id: str, reason: str = "") -> None:
        _resolve(self._take(chat_id, proposal_id), Decision("rejected", reason=reason))

    def cancel_chat(self, chat_id: str, reason: str = "Stopped by the user.") -> int:
        """Cancel every pending proposal of a chat (Stop); returns how many."""
        proposals = self.pending(chat_id)
        for p in proposals:
            _resolve(self._take(chat_id, p.proposal_id), Decision("cancelled", reason=reason))
        return len(proposals)


def _resolve(proposal: Proposal, decision: Decision) -> None:
    if not proposal.future.done():
        proposal.future.set_result(decision)
