"""A fresh look for a model that is stuck.

A small model that has been told twice in a row that its proposal was declined (the same failed
code again, the same code whose output is already there), or whose last two runs failed on the
same line, rarely gets out by itself: the long history pulls it back to the code it keeps
writing. Its next call then sees only the system prompt (notebook, previews), the question, and
the last code that ran with what came of it (error, hints, notes), and is asked for the one
thing that moves the turn on: corrected code after a failure, else the answer from that output
or the code that computes it. When that is declined too, the same call is sampled rather than
decoded greedily. The turn then goes on from that message (its reply, the result of its run):
the history before it is what kept the model writing the same code, and a local server's one
prompt cache, which now holds the focused prompt, is read on from it rather than read again
from the system prompt on (some 2,000-3,000 tokens, 30-50 s on a CPU, each time).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .aids.errors import failing_line, normalise
from .context import outcome_for_model
from .outcome import Outcome

if TYPE_CHECKING:
    from .aids.base import TurnState

AFTER = 2  # declined proposals in a row before the model's next call is a focused one
# Greedy decoding answers the same focused call with the same declined code: each one after the
# first is sampled instead, each at a temperature of its own. A resampled call to llama.cpp has a
# fixed seed (llm.RESAMPLE_SEED), so the same prompt at the same temperature draws the same reply:
# on held-out 39 a capped temperature made the same doomed reply three times over, 1,387 tokens each.
RESAMPLE = (0.7, 1.0, 0.8, 1.1, 0.9)

FIX = (
    "That code failed. Find the cause in the error and the notes above, and propose the corrected code, "
    "complete and different from the code above."
)
ANSWER = (
    "If that output answers the question exactly, reply with the answer in one or two sentences of text. "
    "If it does not, propose the code that computes exactly what was asked."
)
COMPUTE = (
    "That code printed nothing, so there is no answer yet. Propose the code that computes exactly what was asked "
    "and prints it."
)
HEAD = "(Starting over on this request: earlier proposals were declined.)"
FRESH = "Nothing has run yet. Propose code that computes the answer, different from what was declined."


def failing_again(outcomes: list[Outcome]) -> str:
    """What to say when the last run failed on a line that an earlier run of the turn failed on too
    (with whatever error: changes around a line can swap one error for another), or with the same
    error where the traceback shows no line, else "": the model changed code around the cause
    without fixing it. Runs that worked in between do not count: a small model told that an output
    is not the answer yet goes back to the line that failed."""
    ran = [o for o in outcomes if o.ran]
    if not ran or not ran[-1].failed:
        return ""
    last, line = ran[-1], failing_line(ran[-1])
    earlier = [o for o in ran[:-1] if o.failed]
    if line:
        times = 1 + sum(normalise(failing_line(o)) == normalise(line) for o in earlier)
        if times == 2 and ran[-2].failed and normalise(failing_line(ran[-2])) == normalise(line):
            return f"The line `{line}` failed in both of the last two runs: change that line itself, not the code around it."
        if times >= 2:
            return f"The line `{line}` has failed in {times} runs of this request: change that line itself, or compute it another way."
        return ""
    same = [
        o
        for o in earlier
        if not failing_line(o) and (o.error_name, o.error_value) == (last.error_name, last.error_value)
    ]
    if same and ran[-2] is same[-1]:
        return f"It failed twice with the same {last.error_name}: the change did not reach its cause."
    if same:
        return (
            f"It has failed {len(same) + 1} times with the same {last.error_name}: the changes did not reach its cause."
        )
    return ""


DECLINED_CHARS = 1500  # of the last declined proposal, in a focused call


def prompt(
    question: str,
    last: Outcome | None,
    budget: int,
    told: str = "",
    again: str = "",
    declined: Outcome | None = None,
) -> tuple[str, str]:
    """The one user message of a focused call, and its instruction (a recital of which is no answer;
    the output quoted in the message may well be part of one). `told`: what an aid said when it
    sent the model's last reply back, kept in the focused message; `again`: what `failing_again` said;
    `declined`: the last proposal an aid declined, with why, unless it is the code that ran last (a
    model asked for code "different from what was declined" that it could not see wrote the same
    declined code again, six times over on held-out 28)."""
    ask = FRESH if last is None else FIX if last.failed else ANSWER if last.printed else COMPUTE
    if again and last is not None and last.failed:
        ask += " " + again
    parts = [f"{HEAD}\nThe question: {question}"]
    if last is not None:
        result = outcome_for_model(last, budget)
        parts.append(f"The last code that ran for it:\n```python\n{last.code}\n```\n{result}")
    if declined is not None and declined.reason and (last is None or declined.proposed.strip() != last.code.strip()):
        code = declined.proposed[-DECLINED_CHARS:]
        parts.append(f"The code proposed last was declined and not run:\n```python\n{code}\n```\n{declined.reason}")
    return "\n\n".join([*parts, *([told] if told else []), ask]), f"{HEAD} {ask}"


def note(state: TurnState, refused: int, told: str, again: str, budget: int) -> str:
    """The message of a focused call, a call that sees the question and the last run only, when the
    model is stuck (`AFTER` declines in a row, or a line failed again), its instruction kept among
    the turn's notes; "" when it is not stuck."""
    if refused < AFTER and not again:
        return ""
    declined = state.outcomes[-1] if state.outcomes and state.outcomes[-1].decision == "refused" else None
    text, ask = prompt(state.question, state.last_run, budget, told, again, declined)
    state.notes.append(ask)
    return text


def resample(refused: int, again: bool = False) -> float | None:
    """The temperature a greedy model samples its next call at after `refused` declines in a row
    (None: greedy); `again`: the call is focused because a line failed twice, declines or not."""
    extra = refused if again else refused - AFTER
    return None if extra < 1 else RESAMPLE[min(extra, len(RESAMPLE)) - 1]
