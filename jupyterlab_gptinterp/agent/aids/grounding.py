"""Grounding: an answer about data must rest on an output the model saw.

- A reply to a question about data files (one described to the model, attached, named by a word
  of its name, or, when it names none, found to need the files by a short constrained call), or
  to one the model ran code for, with no run behind it that worked and printed a
  result (none, only failed ones, or ones that printed nothing) is not shown; the model is asked,
  twice at most, to run code that computes it (a preview shows a file's layout, not its answer; an
  explanation of an error is not an answer). A small model asked once tends to repeat its guess;
  asked twice, its next call is a focused one, which shows it the last error and its hints afresh.
- A reply to a data question, after runs, that a short constrained call finds states no answer
  (it explains the code, an error, a check's note or an empty result) is asked once for the code
  that prints the answer; a second one is not shown, and the turn ends with its last result.
- Numbers of an answer found in no output, request or preview the model saw (allowing rounding,
  separators and a ratio shown as a percentage) are flagged for the user, and the model is asked
  once to compute them; the same answer again, with nothing in between, is not shown twice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .base import Aid, Review, TurnState
from .preview import mentions_files

FLAG = "Check: "
_FENCE = re.compile(r"```[^\n]*\n.*?```", re.DOTALL)
_LIST_MARK = re.compile(r"^\s*\d+[.)]\s", re.MULTILINE)
_NUM = re.compile(r"(?<![\w.])[-−]?\$?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w])")
_PRINT_ARGS = re.compile(r"\bprint\(([^()]*)\)")
_STRINGS = re.compile(r"""(?:[rbfu]{0,2})("[^"\n]*"|'[^'\n]*')""", re.IGNORECASE)
ASKS_TO_RUN = 2  # a data answer with no run behind it is sent back this many times, then shown
JUDGED = 3  # replies a turn asks the short call about (each costs a call)


class Grounding(Aid):
    name = "grounding"

    def __init__(self) -> None:
        self.asked_to_run = 0
        self.asked_numbers = False
        self.flagged = ""  # the answer shown flagged, before the model was asked to check it
        self.needs_data: bool | None = None  # the short call's verdict on a question that names no file
        self.judged = 0  # replies the short call was asked about
        self.stated_none = False  # a reply it found stating no answer was sent back

    def needs_code(self, turn: TurnState) -> bool:
        """A reply in words would be sent back, on what is known without a call: the model proposes
        code instead (a small model's words there ran on for a whole reply). Not once the user has
        rejected code this turn: their reason may ask for words."""
        if turn.action != "chat" or not turn.fenced or self.asked_to_run >= ASKS_TO_RUN or _worked(turn):
            return False
        if any(o.decision == "rejected" for o in turn.outcomes):
            return False
        return _failed(turn) or self.needs_data is True or self._names_data(turn)

    async def review(self, turn: TurnState, text: str) -> Review | None:
        if turn.action != "chat" or not text.strip():
            return None
        how = "reply with one ```python block" if turn.fenced else "call run_code"
        worked = _worked(turn) or _rejected(turn)  # the user's reason may ask for words
        if not worked and self.asked_to_run < ASKS_TO_RUN and (_failed(turn) or await self._about_data(turn)):
            self.asked_to_run += 1
            if _failed(turn):
                retry = f"{FLAG}the last run failed, so no output answers the question yet. To answer, {how} that fixes that code and prints the answer."
            else:
                why = "no run printed a result" if turn.ran_code else "you have run no code for this question"
                retry = (
                    f"{FLAG}{why}, and the description of the data shows only its layout and a few values. To "
                    f"answer, {how} that computes the answer from the data and prints it."
                )
            return Review(show=False, retry=retry)
        if self.flagged and text.strip() == self.flagged:
            return Review(show=False)  # the same answer again: it is on screen already, flagged
        if (stated := await self._states_no_answer(turn, text, how)) is not None:
            return stated
        missing = ungrounded(text, self._seen(turn))
        named = [] if missing else unseen_names(turn.question, text, [o.printed for o in turn.outcomes if o.ran])
        missing = missing or named
        if not missing:
            return None
        if self.asked_numbers:
            return Review(flags=missing)
        self.asked_numbers = True
        self.flagged = text.strip()
        shown = ", ".join(missing[:5])
        last = turn.last_run
        printed = (last.results or last.printed).strip().splitlines() if last else []
        if named and printed:  # a name where the run printed something else: an id, often
            note = (
                f"{FLAG}{shown} appear(s) in no output: the last run printed {printed[-1].strip()[:80]!r}. If that is "
                f"an id or a code, {how} that looks up the name it stands for in the data and prints it; else answer "
                "with what the output says."
            )
        elif not turn.ran_code:
            note = f"{FLAG}{shown} appear(s) in no output: you have run no code for this question. To compute the answer, {how} that prints it."
        else:
            note = f"{FLAG}{shown} appear(s) in no output you have seen. Do not guess: run code that computes and prints the answer, or answer again using only numbers and names from the outputs."
        return Review(flags=missing, retry=note)

    async def _states_no_answer(self, turn: TurnState, text: str, how: str) -> Review | None:
        """A small model's reply to a data question, after runs, that the short call finds states no
        answer (it explains the code, an error, a check's note, an empty result: our tool text
        answered as if the user wrote it) is not shown: asked once for the code that prints the
        answer; the second such reply ends the turn with its last result. None: let it through."""
        if not turn.fenced or not turn.ran_code or turn.states_answer is None or self.judged >= JUDGED:
            return None
        if (last := turn.last_run) is not None and last.answered:
            return None  # the answer the check call itself took from the last output
        if text.rstrip().endswith("?") or _rejected(turn) or not await self._about_data(turn):
            return None  # a question back to the user, or words the user's reason may have asked for
        self.judged += 1
        if await turn.states_answer(text) is not False:
            return None
        if self.stated_none:
            return Review(text="", show=False)
        self.stated_none = True
        return Review(
            show=False,
            retry=f"{FLAG}your reply does not state the answer to the question. To answer, {how} that computes "
            "it and prints it.",
        )

    async def _about_data(self, turn: TurnState) -> bool:
        """The question is about the data: a file was described or attached, or it says a word of a
        listed file's name, or (asked once per turn) a short call finds that it can only be answered
        from the files listed beside the notebook ("which month grew most?" beside sales.csv)."""
        if self._names_data(turn):
            return True
        if self.needs_data is None and turn.listing and turn.fenced and turn.needs_data is not None:
            self.needs_data = bool(await turn.needs_data())
        return bool(self.needs_data)

    @staticmethod
    def _names_data(turn: TurnState) -> bool:
        return bool(turn.files or turn.attachments or mentions_files(turn.question, turn.listing))

    @staticmethod
    def _seen(turn: TurnState) -> list[str]:
        runs = [o for o in turn.outcomes if o.ran]
        return [*turn.seen, *(without_literals(o.printed, o.code) for o in runs)]


def _worked(turn: TurnState) -> bool:
    """A run printed a result (one that printed nothing, loading data say, grounds no more than a
    failure), and no run failed since where the model proposes code as a block: a small model's
    words after a failed run explain that error ("The error was caused by ...") or fall back on an
    output it had itself gone past, as if our tool text were the user's question."""
    return not (turn.fenced and _failed(turn)) and any(
        o.ran and not o.failed and (o.printed or o.files) for o in turn.outcomes
    )


def _rejected(turn: TurnState) -> bool:
    """The user turned the last proposal down."""
    decided = [o for o in turn.outcomes if o.decision != "refused"]
    return bool(decided) and decided[-1].decision == "rejected"


def _failed(turn: TurnState) -> bool:
    """The last run failed (and, for a model that calls tools, every run): a question to compute,
    whatever it names."""
    last = turn.last_run
    return last is not None and last.failed and (turn.fenced or all(o.failed for o in turn.outcomes if o.ran))


def _numbers(text: str) -> list[tuple[str, float, int]]:
    """(as written, value, decimals) for each number in `text`."""
    out = []
    for raw in _NUM.findall(text):
        clean = raw.replace("$", "").replace(",", "").replace("−", "-")
        try:
            value = float(clean)
        except ValueError:
            continue
        decimals = len(clean.split(".")[1]) if "." in clean and "e" not in clean.lower() else 0
        out.append((raw, value, decimals))
    return out


def ungrounded(answer: str, seen: Iterable[str]) -> list[str]:
    """Numbers of `answer` (code blocks and list markers aside) found in none of the `seen` texts."""
    prose = _LIST_MARK.sub(" ", _FENCE.sub(" ", answer))
    wanted = _numbers(prose)
    if not wanted:
        return []
    values = {v for text in seen for _, v, _ in _numbers(text)}
    missing = []
    for raw, value, decimals in wanted:
        unit = 10.0**-decimals  # the answer may round or truncate what it saw to its last digit

        def near(v: float, value: float = value, unit: float = unit) -> bool:
            return abs(v - value) < unit or abs(v - value) <= 1e-5 * abs(value)

        if not any(near(v) or near(100 * v) for v in values):
            missing.append(raw.strip())
    return list(dict.fromkeys(missing))


_ASKS_WHO = re.compile(r"\b(?:which|who|whose)\b", re.IGNORECASE)
# A name of two words or more, each capitalised ('Thanasi Kokkinakis', 'St. Columba Hospital').
_NAME = re.compile(r"\b[A-Z][a-z]+\.?(?:[ -](?:[A-Z]['’][A-Z][a-z]+|[A-Z][a-z]+\.?))+")
_WORD = re.compile(r"[a-z0-9]+")
_SERIES_FOOTER = re.compile(r"^(?:name|length|dtype): ")
_OPENERS = {"the", "a", "an", "in", "on", "at", "of", "for", "this", "that", "it", "there", "both", "most", "each"}


def unseen_names(question: str, answer: str, printed: list[str]) -> list[str]:
    """Names of an answer to a question that asks which one or who, found in no output of the
    turn's runs (the question's own names count for nothing: "Jeff Sackmann's repository" named
    the winner of a run that printed an id). Its words in the outputs, however cased or ordered, or
    its letters run together ('Oconnell' for "O'Connell"), ground it."""
    if not _ASKS_WHO.search(question) or not printed:
        return []
    prose = _LIST_MARK.sub(" ", _FENCE.sub(" ", answer))
    lines = [x for x in printed[-1].lower().splitlines() if x.strip() and not _SERIES_FOOTER.match(x.strip())]
    if lines and any(len(w) > 1 and w in _WORD.findall(prose.lower()) for w in _WORD.findall(lines[-1])):
        return []  # the answer says what the last run printed last: its names are about that
    out = " ".join(printed).lower()
    seen, squashed = set(_WORD.findall(out)), "".join(_WORD.findall(out))

    def grounded(name: str) -> bool:
        parts = _WORD.findall(name.lower())
        return set(parts) <= seen or "".join(parts) in squashed

    names = [" ".join(n.split()[1:]) if n.split()[0].lower() in _OPENERS else n for n in _NAME.findall(prose)]
    return list(dict.fromkeys(n for n in names if len(n.split()) > 1 and not grounded(n)))


def without_literals(output: str, code: str) -> str:
    """`output` without the numbers `code` printed as bare literals (`print(1042)`): printing a
    number grounds nothing. Data written in code and computed on still counts."""
    literals = set()
    for args in _PRINT_ARGS.findall(code):
        if not re.search(r"[A-Za-z_]", _STRINGS.sub(" ", args)):
            literals |= {value for _, value, _ in _numbers(args)}
    if not literals:
        return output
    return _NUM.sub(
        lambda m: " " if any(v == value for _, v, _ in _numbers(m.group(0)) for value in literals) else m.group(0),
        output,
    )
