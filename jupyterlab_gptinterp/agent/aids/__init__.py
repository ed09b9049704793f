"""The loop's aids, one plug-in per module; `build` makes the list a LoopConfig holds.

Their order is the order their hooks run in: hints and checks note a run before the answer aid
judges it; echo cuts a recital before revise and grounding look at what is left.
"""

from __future__ import annotations

from ..seams import Workspace
from .answer import Answer
from .base import Aid, Check, Note, Refusal, Review, TurnState
from .checks import Checks
from .echo import Echo
from .grounding import Grounding
from .hints import Hints
from .preview import Preview
from .repeats import Repeats
from .revise import Revise

AIDS = ("preview", "hints", "checks", "answer", "repeats", "echo", "revise", "grounding")

__all__ = ["AIDS", "Aid", "Check", "Note", "Refusal", "Review", "TurnState", "build"]


def build(
    names: list[str] | tuple[str, ...] | frozenset[str], workspace: Workspace | None = None, preview_budget: int = 1500
) -> list[Aid]:
    """The aids named in `names`, in their working order."""
    makers = {
        "preview": lambda: Preview(workspace, preview_budget),
        "hints": Hints,
        "checks": Checks,
        "answer": Answer,
        "repeats": Repeats,
        "echo": Echo,
        "revise": Revise,
        "grounding": Grounding,
    }
    unknown = set(names) - set(makers)
    if unknown:
        raise ValueError(f"unknown loop aids {sorted(unknown)}; known: {', '.join(AIDS)}")
    return [makers[n]() for n in AIDS if n in names]
