"""The loop's aids, one plug-in per module; `build` makes the list a LoopConfig holds.

Their order is the order their hooks run in: hints and checks note a run before the answer aid
judges it; echo cuts a recital before revise and grounding look at what is left.
"""

from __future__ import annotations

import logging

from ..outcome import Outcome
from ..seams import Workspace
from .answer import Answer
from .base import Aid, Check, Note, Refusal, Review, TurnState
from .checks import Checks
from .echo import Echo
from .grounding import Grounding
from .hints import Hints
from .loading import Loading
from .parts import Parts
from .preview import PREVIEW_BUDGET, Preview
from .repeats import Repeats
from .revise import Revise
from .syntax import Syntax
from .values import Values

AIDS = (
    "preview",
    "parts",
    "values",
    "hints",
    "checks",
    "answer",
    "syntax",
    "repeats",
    "loading",
    "echo",
    "revise",
    "grounding",
)
# The aids on unless configured otherwise. 'values' is off: over 22 held-out questions it acted on
# (held-out 28, 29 and 30, the embedded model) it scored 6 with it and 6 without; it stays a plug-in
# for a provider whose model may use it better.
DEFAULT_AIDS = tuple(n for n in AIDS if n != "values")

log = logging.getLogger(__name__)
DEBUG_CHARS = 600  # of a declined proposal, in a debug log line

__all__ = [
    "AIDS",
    "DEFAULT_AIDS",
    "PREVIEW_BUDGET",
    "Aid",
    "Check",
    "Note",
    "Pipeline",
    "Refusal",
    "Review",
    "TurnState",
    "build",
]


def build(
    names: list[str] | tuple[str, ...] | frozenset[str],
    workspace: Workspace | None = None,
    preview_budget: int = PREVIEW_BUDGET,
) -> list[Aid]:
    """The aids named in `names`, in their working order."""
    makers = {
        "preview": lambda: Preview(workspace, preview_budget),
        "parts": Parts,
        "values": Values,
        "hints": Hints,
        "checks": Checks,
        "answer": Answer,
        "syntax": Syntax,
        "repeats": Repeats,
        "loading": Loading,
        "echo": Echo,
        "revise": Revise,
        "grounding": Grounding,
    }
    unknown = set(names) - set(makers)
    if unknown:
        raise ValueError(f"unknown loop aids {sorted(unknown)}; known: {', '.join(AIDS)}")
    return [makers[n]() for n in AIDS if n in names]


class Pipeline:
    """A turn's aids, each hook run in order and their answers folded into one."""

    def __init__(self, aids: list[Aid]):
        self.aids = [aid.fresh() for aid in aids]

    async def context(self, turn: TurnState) -> str:
        found = [(aid, await aid.context(turn)) for aid in self.aids]
        for aid, text in found:
            _acted(aid, "context", bool(text))
        return "\n\n".join(text for _, text in found if text)

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        for aid in self.aids:
            refusal = await aid.refuse(turn, code)
            if _acted(aid, "refused", refusal is not None):
                log.debug("gptinterp: %s declined %r", aid.name, code[-DEBUG_CHARS:])  # content: debug only
                return refusal
        return None

    def needs_code(self, turn: TurnState) -> bool:
        """Some aid would send a reply in words back: the next reply must propose code."""
        return any(_acted(aid, "held to code", aid.needs_code(turn)) for aid in self.aids)

    def doomed(self, turn: TurnState, code: str) -> bool:
        """Some aid will decline this code, whatever the model writes after it."""
        return any(_acted(aid, "cut", aid.doomed(turn, code)) for aid in self.aids)

    def opening(self, turn: TurnState) -> str:
        """The first lines of a python block the model opens next, from the first aid that has some."""
        for aid in self.aids:
            if _acted(aid, "offered an opening", bool(lines := aid.opening(turn))):
                return lines
        return ""

    async def after_run(self, turn: TurnState, outcome: Outcome) -> str:
        """Notes added to the outcome (and the turn); the answer an aid found in it, or ""."""
        for aid in self.aids:
            note = await aid.after_run(turn, outcome)
            _acted(aid, "noted", note is not None and bool(note.text))
            _acted(aid, "answered", note is not None and bool(note.answer))
            if note is not None and note.text:
                outcome.notes.append(note.text)
                turn.notes.append(note.text)
            if note is not None and note.answer:
                return note.answer
        return ""

    async def review(self, turn: TurnState, text: str) -> Review:
        """The reviews of a final reply; the first that asks the model again ends the round."""
        done = Review(text=text)
        for aid in self.aids:
            got = await aid.review(turn, done.text or "")
            if got is None:
                continue
            changed = got.text is not None and got.text != done.text
            acted = bool(got.retry or not got.show or got.flags or changed)
            _acted(aid, "asked again" if got.retry else "reviewed", acted)
            done = Review(
                text=got.text if got.text is not None else done.text,
                show=done.show and got.show,
                flags=[*done.flags, *got.flags],
                retry=got.retry,
            )
            if got.retry:
                break
        return done

    async def tidy(self, turn: TurnState, text: str) -> str:
        """The words before a proposal's code, as each aid would show them."""
        for aid in self.aids:
            tidied = await aid.tidy(turn, text)
            _acted(aid, "tidied", tidied != text)
            text = tidied
        return text


def _acted(aid: Aid, how: str, did: bool) -> bool:
    """Log which aid acted on a turn, and how (the eval counts these lines; no data, only names)."""
    if did:
        log.info("gptinterp: aid %s %s", aid.name, how)
    return did
