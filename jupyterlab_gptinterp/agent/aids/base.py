"""The aid interface: what a plug-in that helps the model may do, and what it sees of a turn.

An aid is general help, the kind any Python or pandas user would be given (a file's schema, a
close match for a misspelt name, "this printed nothing"). It acts only through eight hooks, each
optional, and keeps its own state for one turn (`fresh()` makes a turn's copy):

- `context`: text for the system prompt, before the first model call;
- `refuse`: decline a proposal before the user sees it, telling the model why (or taking it as
  the answer it really is);
- `needs_code`: before a model call, a reply in words could not be the answer now: the reply
  must propose code (held to that shape where the server constrains replies to a grammar);
- `doomed`: code still being written that `refuse` will decline whatever follows: the model
  stops writing there (a cheap check, run at each line the model writes);
- `opening`: the first lines of a python block the model opens, written into its reply for it
  where the server goes on from a reply it is given (llama.cpp's prefill): lines known to be
  right that a small model would spend seconds retyping, and could mistype;
- `after_run`: a note the model reads below a run's result, or the turn's answer found in it;
- `review`: look at a final reply before it is shown: change it, flag numbers, or ask again;
- `tidy`: the words the model wrote before its code, as the user will see them beside the card.

Aids reason over the typed `Outcome`s of the turn; only the echo aid compares a reply with the
text the model was sent.
"""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...protocol import NotebookView
from ..outcome import Outcome
from ..seams import FileProfile


@dataclass
class Refusal:
    status: str  # what the user is told (a status line); "" to say nothing
    note: str  # what the model is told instead of a result
    answer: str = ""  # the proposal was really the answer (a value in a code block): end with it


@dataclass
class Note:
    text: str = ""  # added below the run's result
    answer: str = ""  # the output answers the question: the turn ends with this


@dataclass
class Review:
    text: str | None = None  # the reply as it should be shown (None: as it is)
    show: bool = True  # False: not an answer; the user does not see it
    flags: list[str] = field(default_factory=list)  # numbers the user should check
    retry: str = ""  # ask the model again, with this note


@dataclass
class Check:
    """A short, schema-constrained judgment of one output against the question."""

    answers: bool
    answer: str  # the answer, in a sentence, taken from the output ("" when it does not answer)
    missing: str  # what the output lacks ("" when it answers)


@dataclass
class TurnState:
    """What the aids see of the turn in progress (the loop owns and updates it)."""

    question: str
    action: str  # chat | explain | fix
    fenced: bool  # the model proposes code as a python block (small local models)
    notebook: NotebookView
    attachments: list[str] = field(default_factory=list)  # files the user attached, relative to the notebook
    files: list[FileProfile] = field(default_factory=list)  # data files described to the model
    listing: list[str] = field(default_factory=list)  # data files beside the notebook, by name
    outcomes: list[Outcome] = field(default_factory=list)  # this turn's proposals, in order
    system: str = ""  # the system prompt of the latest model call
    earlier: list[str] = field(default_factory=list)  # the user's earlier messages in this chat
    seen: list[str] = field(default_factory=list)  # texts the model was given: the request, the notebook, earlier turns
    notes: list[str] = field(default_factory=list)  # what the aids told the model this turn
    sent: list[str] = field(default_factory=list)  # the results as the model read them (the echo aid compares)
    asked: list[str] = field(default_factory=list)  # the question's parts, as the parts call listed them
    rejected_reason: str = ""  # the user's reason, when the last decision was a rejection with one
    # A short constrained call: does this output answer the question, and how (None: the model failed)?
    check: Callable[[Outcome], Awaitable[Check | None]] | None = None
    # A short constrained call: is the question, which names no file, about the data files listed?
    needs_data: Callable[[], Awaitable[bool | None]] | None = None
    # A short constrained call: what the question asks its code to do, as short phrases (None: failed)?
    parts: Callable[[], Awaitable[list[str] | None]] | None = None
    # A short constrained call: which of these columns' values (name -> values) these conditions of
    # the question select rows by, at most one pair each.
    values: Callable[[dict[str, list[str]], list[str]], Awaitable[list[tuple[str, str]] | None]] | None = None
    # A short constrained call: does this reply state an answer to the question, or only explain?
    states_answer: Callable[[str], Awaitable[bool | None]] | None = None

    @property
    def last_run(self) -> Outcome | None:
        return next((o for o in reversed(self.outcomes) if o.ran), None)

    @property
    def ran_code(self) -> bool:
        return any(o.ran for o in self.outcomes)


class Aid:
    name: ClassVar[str] = ""

    def fresh(self) -> Aid:
        """This aid with empty per-turn state (the configured instance is a template)."""
        return copy.deepcopy(self)

    async def context(self, turn: TurnState) -> str:
        return ""

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        return None

    def needs_code(self, turn: TurnState) -> bool:
        return False

    def doomed(self, turn: TurnState, code: str) -> bool:
        return False

    def opening(self, turn: TurnState) -> str:
        return ""

    async def after_run(self, turn: TurnState, outcome: Outcome) -> Note | None:
        return None

    async def review(self, turn: TurnState, text: str) -> Review | None:
        return None

    async def tidy(self, turn: TurnState, text: str) -> str:
        return text


AidFactory = Callable[..., Any]
