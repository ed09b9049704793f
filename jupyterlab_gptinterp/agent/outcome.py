"""What became of one proposal, as data: the user's decision, and what running the code did.

The loop builds an `Outcome` once per proposal; the aids read it (never the text the model is
sent), and `context.outcome_for_model` renders it for the model in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from ..protocol import ProposalKind, WrittenFile
from . import outputs as _outputs

Decision = Literal["approved", "rejected", "cancelled", "refused"]


@dataclass
class Outcome:
    proposed: str  # the code the model proposed
    decision: Decision  # "refused": an aid declined to show it to the user
    kind: ProposalKind = "run_code"  # mcp_tool: `proposed` and `code` are the tool's arguments (JSON)
    code: str = ""  # what ran: the proposal as the user approved it (possibly edited)
    reason: str = ""  # the user's reason for a rejection
    run: bool = True  # False: a replacement accepted without running it
    status: Literal["ok", "error", "aborted", ""] = ""  # "" when nothing ran
    outputs: list[dict[str, Any]] = field(default_factory=list)  # nbformat outputs, in order
    message: str = ""  # what happened besides the outputs (timeout, kernel death)
    files: list[WrittenFile] = field(default_factory=list)  # what the code wrote beside the notebook
    notes: list[str] = field(default_factory=list)  # what the aids add for the model, in order
    waited: float = 0.0  # seconds the proposal waited for the user's decision
    tool: str = ""  # mcp_tool: the tool as the model called it
    answered: bool | None = None  # the check call's verdict: does its output answer the question? (None: not asked)

    @property
    def ran(self) -> bool:
        return self.decision == "approved" and self.run and self.status != ""

    @property
    def edited(self) -> bool:
        return self.decision == "approved" and self.code != self.proposed

    @property
    def failed(self) -> bool:
        return self.status in ("error", "aborted")

    @property
    def error(self) -> dict[str, Any]:
        """The error output ({} when the run raised nothing)."""
        return next((o for o in self.outputs if o.get("output_type") == "error"), {})

    @property
    def error_name(self) -> str:
        return str(self.error.get("ename") or "")

    @property
    def error_value(self) -> str:
        return str(self.error.get("evalue") or "")

    @cached_property
    def printed(self) -> str:
        """Everything but the error, as the text the model reads (images described)."""
        return _text(self.outputs)

    @cached_property
    def results(self) -> str:
        """What the code printed or displayed, without its warnings (stderr): the lines a result is read from."""
        return _text([o for o in self.outputs if not (o.get("output_type") == "stream" and o.get("name") == "stderr")])


def _text(outputs: list[dict[str, Any]]) -> str:
    shown = [t for o, t in _outputs.described(outputs, 4000) if o.get("output_type") != "error"]
    return "".join(t if t.endswith("\n") else t + "\n" for t in shown if t).strip()
