"""One proposal, from the user's decision to its outcome: wait, run if approved, record.

Used by a turn for each proposal, and by the chat service for proposals restored after a server
restart (no turn waits on those). Every step is an event in the chat's history.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..approval import Approval, ApprovalGate, Proposal
from ..errors import GPTInterpError
from ..protocol import (
    ExecutionDone,
    ExecutionOutput,
    ExecutionStarted,
    NotebookView,
    ProposalDecided,
    ProposalEvent,
)
from .outcome import Outcome
from .replies import Proposed
from .seams import ExecutionResult, Executor, Sink, Workspace


class Emitter:
    """Stored chat events of one chat, stamped with its id and the time."""

    def __init__(self, sink: Sink, chat_id: str):
        self.sink = sink
        self.chat_id = chat_id

    async def __call__(self, event_type: type, **fields: Any) -> Any:
        event = event_type(chat_id=self.chat_id, ts=time.time(), **fields)
        await self.sink.emit(event)
        return event


async def open_proposal(
    gate: ApprovalGate, sink: Sink, chat_id: str, proposed: Proposed, notebook: NotebookView, auto_run: bool
) -> tuple[ProposalEvent, Proposal]:
    """Show `proposed` to the user as a pending proposal (approved at once, as automatic, when the
    user chose auto-run: still a server-held approval of exactly this code)."""
    cell = next((c for c in notebook.cells if c.id == proposed.cell_id), None) if proposed.cell_id else None
    proposal = gate.propose(chat_id, proposed.code, proposed.reason, proposed.kind)
    event = ProposalEvent(
        chat_id=chat_id,
        ts=time.time(),
        proposal_id=proposal.proposal_id,
        kind=proposed.kind,
        code=proposed.code,
        reason=proposed.reason,
        notebook_path=notebook.path,
        kernel_id=notebook.kernel_id or "",
        cell_id=proposed.cell_id,
        old_source=cell.source if cell else None,
    )
    await sink.emit(event)
    if auto_run and proposed.kind == "run_code":
        gate.approve(chat_id, proposal.proposal_id, proposed.code, "auto-run", auto=True, kernel_id=notebook.kernel_id)
    return event, proposal


async def settle_proposal(
    sink: Sink,
    executor: Executor,
    event: ProposalEvent,
    proposal: Proposal,
    workspace: Workspace | None = None,
    on_run: Callable[[str], Awaitable[None]] | None = None,
) -> Outcome:
    """Wait for the user's decision on `proposal`, run it if approved, and return the outcome
    (`waited`: seconds spent waiting for the user). `on_run(code)` is told when it starts."""
    emit = Emitter(sink, event.chat_id)
    pid = event.proposal_id
    started = time.monotonic()
    try:
        decision = await proposal.wait()
    except asyncio.CancelledError:
        await emit(ProposalDecided, proposal_id=pid, decision="cancelled", reason="Stopped.")
        raise
    outcome = Outcome(proposed=event.code, decision=decision.kind, kind=event.kind, reason=decision.reason)
    outcome.waited = time.monotonic() - started
    if decision.kind != "approved" or decision.approval is None:
        await emit(ProposalDecided, proposal_id=pid, decision=decision.kind, reason=decision.reason)
        return outcome
    approval = decision.approval
    outcome.code, outcome.run = approval.code, decision.run
    await emit(
        ProposalDecided, proposal_id=pid, decision="approved", code=approval.code,
        after_cell_id=decision.after_cell_id, run=decision.run, auto=approval.auto,
    )  # fmt: skip
    if not decision.run:
        return outcome
    kernel_id = decision.kernel_id or event.kernel_id
    await emit(
        ExecutionStarted, proposal_id=pid, kernel_id=kernel_id, notebook_path=event.notebook_path,
        code=approval.code, after_cell_id=decision.after_cell_id, cell_id=event.cell_id,
        kernel_busy=executor.busy(kernel_id),
    )  # fmt: skip
    if on_run is not None:
        await on_run(approval.code)
    before = await workspace.snapshot(event.notebook_path) if workspace else {}
    result = await _execute(executor, emit, approval, kernel_id, pid)
    outcome.files = await workspace.written(event.notebook_path, before) if workspace else []
    await emit(
        ExecutionDone, proposal_id=pid, status=result.status, execution_count=result.execution_count,
        message=result.message, files=outcome.files,
    )  # fmt: skip
    outcome.status, outcome.outputs, outcome.message = result.status, result.outputs, result.message
    return outcome


async def _execute(
    executor: Executor, emit: Emitter, approval: Approval, kernel_id: str, proposal_id: str
) -> ExecutionResult:
    index = 0

    async def on_output(output: dict[str, Any]) -> None:
        nonlocal index
        await emit(ExecutionOutput, proposal_id=proposal_id, index=index, output=output)
        index += 1

    try:
        return await executor.execute(approval, kernel_id, on_output)
    except asyncio.CancelledError:
        await emit(
            ExecutionDone, proposal_id=proposal_id, status="aborted", message="Stopped; the kernel was interrupted."
        )
        raise
    except GPTInterpError as exc:
        return ExecutionResult("error", message=exc.text)
