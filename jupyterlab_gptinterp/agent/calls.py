"""The model calls of one turn: streamed replies with retries, and short JSON-constrained checks.

Counts the turn's calls and tokens, names each wait for the user (the `phase` event), keeps the
text streamed so far (Stop and the time limit keep it), and bounds every call by the turn's remaining time.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from decimal import Decimal
from typing import Any

from ..errors import GPTInterpError
from ..protocol import AssistantDelta, Phase, PhaseEvent, StatusEvent
from . import prompts
from .aids.base import Check, TurnState
from .config import LoopConfig
from .context import head_tail
from .outcome import Outcome
from .seams import LLM, Completion, PromptProgress, Sink, TextDelta

log = logging.getLogger(__name__)
DEBUG_CHARS = 600  # of a cut reply's ending, in a debug log line

CUT = (
    "the output is too long and was cut in the middle, so nothing can be counted or looked up in it; print only "
    "the value asked (len(df), a sum, the one row)"
)
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
# A small model decoding greedily can fall into writing one string again and again ('000...', one
# line over and over) until the reply's token cap: 1,024 tokens, 100 s on a CPU, for nothing. Such
# a reply is cut once the repetition is plain, and asked once more, sampled: greedy decoding
# would write it again.
_REPEATING = re.compile(r"(.{1,40}?)\1{5,}$", re.DOTALL)
RUNAWAY_CHARS = 160  # a repeated tail this long (and 6 times its unit) is a runaway
RUNAWAY_RESAMPLE = 0.7
PADDING = 48  # blank characters in a row that end a short call's JSON reply


# In code it can also count instead of repeating: `df['0.1'] = …`, `df['0.2'] = …`, on to the
# cap. Lines alike but for their numbers, each number a fixed step (not all 0) from the line
# before, are a runaway too when there are more of them in a row than code written by hand has
# (twelve months, a list of twenty columns). Only in a python block: prose, tables and quoted
# output list steps (days, years) by right.
_NUMBERED = re.compile(r"\d+(?:\.\d+)?")
ALIKE_LINES = 20


def runaway(text: str) -> int:
    """Where the tail of `text` that repeats one string, repeats lines of code, or counts, starts
    when it is a runaway; else -1."""
    tail = text[-4 * RUNAWAY_CHARS :]
    m = _REPEATING.search(tail)
    if m and len(m.group(0)) >= RUNAWAY_CHARS:
        return len(text) - len(m.group(0))
    done = text[: text.rfind("\n") + 1]  # its finished lines (a stream's last token may begin the next)
    code = prompts.open_code(done)  # parsed once: this runs every few tokens of a stream
    cycled = _cycling(done, code)
    if cycled >= 0:
        return cycled
    counted = _counting(text)
    return counted if counted >= 0 else _reassigning(done, code)


# Whole statements can cycle too, past the 40 characters of a repeated string: the same line,
# or two or three lines in turn (`tz_localize(None)`, `tz_convert('UTC')`, …), to the token cap
# (5 replies of held-out 28, 55 s each). In a python block only; a statement, not data (a grid of
# zeros repeats its row by right).
CYCLES = 4  # times a cycle of lines repeats in a row before it is a runaway
_STATEMENT = re.compile(r"[A-Za-z_]\w*\s*[(\[=.]|^\s*(?:import|from)\s+\w")  # an import block cycles too
PERIODS = 4  # lines in a cycle, at most: three imports and a blank line (held-out 39: 68 s to the cap)


def _cycling(done: str, code: str | None) -> int:
    """Where the second turn of a cycle of 1 to PERIODS lines starts, when the python block being
    written (`code`, the open block of the finished lines `done`) ends with CYCLES turns of it;
    else -1."""
    if not code:
        return -1
    lines = code.splitlines(keepends=True)[-PERIODS * CYCLES :]
    for period in range(1, PERIODS + 1):
        turns = lines[-period * CYCLES :]
        if len(turns) < period * CYCLES:
            break
        unit = turns[:period]
        if turns != unit * CYCLES or not any(len(x.strip()) >= 12 and _STATEMENT.search(x) for x in unit):
            continue
        return len(done) - sum(map(len, turns[period:]))
    return -1


def _counting(text: str) -> int:
    """Where the lines that count at the end of the python block being written start, when there
    are ALIKE_LINES of them; else -1."""
    code = prompts.open_code(text)
    lines = code.splitlines(keepends=True) if code else []
    if not lines or len(_NUMBERED.sub("0", lines[-1]).strip()) < 8:
        return -1
    start, step = len(lines) - 1, None
    while start > 0 and _NUMBERED.sub("0", lines[start - 1]) == _NUMBERED.sub("0", lines[start]):
        this = _step(lines[start - 1], lines[start])
        if not any(this) or step not in (None, this):
            break
        start, step = start - 1, this
    if len(lines) - start < ALIKE_LINES:
        return -1
    return text.rfind("\n") + 1 - sum(map(len, lines[start:]))


# Or it can give one target a new value line after line, each line the one before with another
# literal (`df['YEAR_MONTH'] = df['YEAR_MONTH'].str.replace(r'3', '')`, then r'4', r'5' ...; `.replace(
# 'german', 'german')`, then 'polish' ...): 1,024 tokens, 150 s, twice in held-out 34's thirty
# questions. Code written by hand sets one column a few times in a row (strip '$', then ','), not ten.
_LITERAL = re.compile(r"""[rRbBuUfF]{0,2}(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")|\d+(?:\.\d+)?""")
_TARGET = re.compile(r"^\s*([A-Za-z_][\w.]*(?:\[[^\]]*\])*)\s*=[^=]")
REASSIGNED = 10  # lines in a row that set one target alike but for their literals


def _reassigning(done: str, code: str | None) -> int:
    """Where the lines at the end of the python block being written (`code`, of the finished
    lines `done`) start, when REASSIGNED of them in a row assign the same target, alike but for
    their literals; else -1."""
    lines = code.splitlines(keepends=True) if code else []
    if len(lines) < REASSIGNED or not (target := _TARGET.match(lines[-1])):
        return -1
    shape = _LITERAL.sub("0", lines[-1])
    run = 0
    for line in reversed(lines):
        if _LITERAL.sub("0", line) != shape or not (m := _TARGET.match(line)) or m.group(1) != target.group(1):
            break
        run += 1
    if run < REASSIGNED or len({line.strip() for line in lines[-run:]}) < 2:  # one line again: `_cycling`'s
        return -1
    return len(done) - sum(map(len, lines[-run:]))


def _outside_strings(text: str) -> bool:
    """Whether the end of a JSON text being written is outside its string values."""
    inside = escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = inside
        elif ch == '"':
            inside = not inside
    return not inside


def _step(before: str, line: str) -> tuple[Decimal, ...]:
    """How much each number of `line` is above the same number of the line `before` (exactly)."""
    return tuple(Decimal(b) - Decimal(a) for a, b in zip(_NUMBERED.findall(before), _NUMBERED.findall(line)))


def _off_the_cut(answer: str, question: str, printed: str) -> bool:
    """An answer read off an output the check saw cut in the middle (a small model counts the rows
    it sees): it has a number that neither the question nor the output's last lines hold (where a
    cell prints its result after a long frame)."""
    tail = [line for line in printed.splitlines() if line.strip()][-5:]
    known = {n.replace(",", "") for n in _NUMBER.findall(" ".join([question, *tail]))}
    return any(n.replace(",", "") not in known for n in _NUMBER.findall(answer))


UNSEEN_DATE = "the answer names a date the output does not show; print the date that answers (not only its value)"
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# A month's whole name or its abbreviation, a word of its own ('Market 3' or 'decreased 12' is none).
_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)
_DATES = [  # (pattern, the groups' order: y, m, d as group numbers, 0 for none)
    (re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)"), (1, 2, 3)),
    (re.compile(r"\bdate\((\d{4}), (\d{1,2}), (\d{1,2})\)"), (1, 2, 3)),  # datetime.date(2024, 3, 15)
    # 03/15/2024 or 15.03.2024: month or day first, so read both ways (an output's date is seen either way).
    (re.compile(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d/.])"), (3, 1, 2)),
    (re.compile(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})[/.](\d{4})(?![\d/.])"), (3, 2, 1)),
    (re.compile(rf"\b{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?", re.IGNORECASE), (3, 1, 2)),
    (
        re.compile(rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:,?\s+(\d{{4}}))?", re.IGNORECASE),
        (3, 2, 1),
    ),
]


def _dates(text: str) -> set[tuple[int, int, int]]:
    """The dates `text` writes, as (year or 0, month, day)."""
    found = set()
    for pattern, (y, m, d) in _DATES:
        for match in pattern.finditer(text):
            month = match.group(m)
            number = _MONTHS.index(month[:3].lower()) + 1 if month[:1].isalpha() else int(month)
            year = int(match.group(y)) if match.group(y) else 0
            if 1 <= number <= 12 and 1 <= int(match.group(d)) <= 31:
                found.add((year, number, int(match.group(d))))
    return found


def _unseen_date(answer: str, question: str, printed: str) -> bool:
    """An answer that names a date neither the output nor the question writes (a small model that
    printed a day's mean made up the day)."""
    seen = _dates(question) | _dates(printed)
    return any(
        not any(m == sm and d == sd and (not y or not sy or y == sy) for sy, sm, sd in seen)
        for y, m, d in _dates(answer)
    )


def _doomed(text: str, doomed: Callable[[str], bool]) -> bool:
    code = prompts.open_code(text)
    return code is not None and bool(code.strip()) and doomed(code)


def _fence_line_end(before: str, text: str) -> int:
    """Where in `text`, streamed after `before`, the line that opens the reply's python block ends,
    when it ends there (0 when not): the delta may hold code after it, even the block's end."""
    if "\n" not in text or prompts.open_code(before) is not None:  # the check runs on every delta
        return 0
    ends = (i + 1 for i, ch in enumerate(text) if ch == "\n")
    return next((end for end in ends if _just_opened(before + text[:end])), 0)


def _just_opened(text: str) -> bool:
    """The reply has just opened its python block: the fence's line is whole, no line of code is."""
    return text.endswith("\n") and prompts.open_code(text) == ""


def _capped_in_code(reply: Completion) -> bool:
    """A reply the token cap ended inside its python block: code that cannot run, nor be read as words."""
    return reply.finish_reason == "length" and not reply.tool_calls and prompts.open_code(reply.text) is not None


def _undone(parts: Any) -> str:
    """The first part of the question the check call marked as not done by the code, or ""."""
    items = parts if isinstance(parts, list) else []
    return next((str(p.get("part") or "") for p in items if isinstance(p, dict) and p.get("done") is False), "")


class TurnTimeout(Exception):
    """The turn's time budget ran out during a model call."""


class ModelCalls:
    def __init__(
        self,
        llm: LLM,
        sink: Sink,
        chat_id: str,
        turn_id: str,
        config: LoopConfig,
        until_code: bool = False,
        doomed: Callable[[str], bool] | None = None,
    ):
        self.llm = llm
        # Fenced mode runs a reply's first code block and has no use for what follows it: a reply
        # is constrained to that shape where the server can (prompts.FENCED_GRAMMAR), and read up to
        # that block's end, where the server reports the prompt's tokens (llama.cpp)
        # so that the usage stays counted; elsewhere to the end.
        self.until_code = until_code
        self.sink = sink
        self.chat_id = chat_id
        self.turn_id = turn_id
        self.retries, self.max_retry_wait = config.llm_retries, config.max_retry_wait
        self.doomed = doomed  # fenced code that an aid will decline whatever follows: the block is closed there
        self.usage = [0, 0, 0, 0]  # calls, prompt tokens, completion tokens, cached prompt tokens
        self.partial = ""  # text of the reply being streamed (kept if Stop or the time limit cuts it)
        self.partial_id = ""  # the message it streams as
        self.deadline = float("inf")  # monotonic time the turn's budget ends (waits for the user excluded)
        self._phase: tuple[Phase, float] | None = None  # the current phase and when it began

    async def phase(self, phase: Phase, detail: str = "", processed: int = 0, total: int = 0) -> None:
        """Name what the turn does now; the same phase again (progress) keeps its start time."""
        now = time.time()
        if self._phase is None or self._phase[0] != phase:
            self._phase = (phase, now)
        event = PhaseEvent(
            chat_id=self.chat_id,
            ts=now,
            turn_id=self.turn_id,
            phase=phase,
            detail=detail,
            processed=processed,
            total=total,
            since=self._phase[1],
        )
        await self.sink.emit_ephemeral(event)

    @property
    def prefills(self) -> bool:
        """A python block the reply opens can be started for the model (`ask`'s `opening`)."""
        return self.until_code and self.llm.prefill

    def extend(self, seconds: float) -> None:
        """Time spent waiting for the user does not count against the turn's budget."""
        self.deadline += seconds

    async def ask(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        resample: float | None = None,
        code: bool = False,
        opening: str = "",
    ) -> tuple[str, Completion]:
        """One streamed reply, retried on rate limits and outages (never once text has streamed);
        `resample`: sample this call at that temperature if the model decodes greedily (seams.LLM);
        `code`: a fenced reply must propose code, where the server constrains replies to a grammar;
        `opening`: lines a python block the reply opens starts with, written for the model where the
        server goes on from them (`Aid.opening`).
        A reply that ran away, or that the token cap cut inside its code, is asked once more, sampled
        (greedy decoding would write it again); the second is returned as it is."""
        grammar = (prompts.CODE_GRAMMAR if code else prompts.FENCED_GRAMMAR) if self.until_code else None
        opening = opening if self.prefills else ""
        message_id, reply = await self._ask(messages, tools, resample, grammar, opening)
        if reply.finish_reason == "repeated" or _capped_in_code(reply):
            resample = max(resample or 0.0, RUNAWAY_RESAMPLE)
            message_id, reply = await self._ask(messages, tools, resample, grammar, opening)
        return message_id, reply

    async def _ask(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        resample: float | None,
        grammar: str | None,
        opening: str = "",
    ) -> tuple[str, Completion]:
        message_id = "m-" + secrets.token_hex(6)
        stream = lambda: self._stream(message_id, messages, tools, resample, grammar, opening)  # noqa: E731
        return message_id, await self._retried(lambda: self._bounded(stream(), "reply"))

    async def _retried(self, attempt: Callable[[], Awaitable[Completion]], so_far: str = "") -> Completion:
        """`attempt` made again on rate limits and outages, while it has streamed nothing past `so_far`."""
        for n in range(1, self.retries + 2):
            try:
                return await attempt()
            except GPTInterpError as exc:
                wait = exc.retry_after if exc.retry_after is not None else min(2.0 ** (n - 1), 30.0)
                if self.partial != so_far or not exc.retryable or n > self.retries or wait > self.max_retry_wait:
                    raise
                text = f"{exc.text} Retrying in {wait:g} s (retry {n} of {self.retries})."
                await self.sink.emit_ephemeral(StatusEvent(chat_id=self.chat_id, text=text))
                await self.phase("retrying", text)
                await asyncio.sleep(wait)
        raise AssertionError("unreachable")

    async def _stream(
        self,
        message_id: str,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        resample: float | None,
        grammar: str | None,
        opening: str = "",
        so_far: str = "",
    ) -> Completion:
        """The reply, streamed; `so_far`: its beginning, which the server goes on from. With an
        `opening`, the request stops where the model opens its python block (`_opened`)."""
        self.partial, self.partial_id = so_far, message_id
        reply, read, deltas, started = Completion(""), None, 0, time.monotonic()
        await self.phase("reading")
        stream = self.llm.stream(messages, tools, resample=resample, grammar=grammar)
        try:
            async for event in stream:
                if isinstance(event, PromptProgress):
                    read = event
                    await self.phase("reading", processed=event.processed, total=event.total)
                elif isinstance(event, TextDelta):
                    if not deltas:
                        await self.phase("writing")
                    text, deltas = event.text, deltas + 1
                    if opening and (cut := _fence_line_end(self.partial, text)):
                        text = text[:cut]  # the block's opening line, and no further
                    self.partial += text
                    await self.sink.emit_ephemeral(
                        AssistantDelta(chat_id=self.chat_id, message_id=message_id, delta=text)
                    )
                    if opening and _just_opened(self.partial):
                        break
                    if self.until_code and read is not None and (end := prompts.code_end(self.partial)):
                        # Its completion tokens counted as the deltas read: one token each (llama.cpp).
                        reply = Completion(self.partial[:end], [], "stop", read.total, deltas, read.cache)
                        break
                    prompt, cache = (read.total, read.cache) if read is not None else (0, 0)
                    if self.until_code and self.doomed and "\n" in text and _doomed(self.partial, self.doomed):
                        upto = self.partial[: self.partial.rfind("\n") + 1]
                        reply = Completion(upto + "```", [], "doomed", prompt, deltas, cache)
                        break
                    if deltas % 8 == 0 and (start := runaway(self.partial)) >= 0:
                        # Lines written in for the model stay, even as the first turn of a cycle it repeats.
                        reply = Completion(
                            self.partial[: max(start, len(so_far))], [], "repeated", prompt, deltas, cache
                        )
                        break
                elif isinstance(event, Completion):
                    reply = dataclasses.replace(event, text=so_far + event.text)
        finally:
            if close := getattr(stream, "aclose", None):
                await close()  # the connection closes, and the server stops writing
        if opening and _just_opened(self.partial):
            prompt, cache = (read.total, read.cache) if read is not None else (0, 0)
            self._count(Completion(self.partial, [], "opened", prompt, deltas, cache), "reply", started)
            return await self._opened(message_id, messages, tools, resample, opening)
        # A request going on from a reply: the prompt the server had read already is not counted again.
        read_again = dataclasses.replace(
            reply, prompt_tokens=reply.prompt_tokens - reply.cached_tokens, cached_tokens=0
        )
        self._count(read_again if so_far else reply, "reply", started)
        self.partial = ""
        return reply

    async def _opened(
        self,
        message_id: str,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        resample: float | None,
        opening: str,
    ) -> Completion:
        """The reply from its opened block on: a second request goes on from the reply so far with
        the `opening`'s lines written in (the server reads them ~7 times faster than the model
        writes them), held to the rest of a block; the user sees them stream as the model's."""
        before = self.partial + opening
        await self.sink.emit_ephemeral(AssistantDelta(chat_id=self.chat_id, message_id=message_id, delta=opening))
        prefilled = [*messages, {"role": "assistant", "content": before}]
        rest = prompts.BLOCK_REST_GRAMMAR
        return await self._retried(
            lambda: self._stream(message_id, prefilled, tools, resample, rest, so_far=before), before
        )

    def serve(self, turn: TurnState, budget: int) -> None:
        """Give the turn's aids the short calls they may make, each over the turn as it is then."""
        turn.check = lambda outcome: self.check(turn.question, outcome, budget)
        turn.needs_data = lambda: self.needs_data(turn.question, turn.listing)
        turn.parts = lambda: self.parts(turn.question)
        turn.values = lambda columns, phrases: self.values(turn.question, columns, phrases)
        turn.states_answer = lambda reply: self.states_answer(turn.question, reply)

    async def check(self, question: str, outcome: Outcome, budget: int) -> Check | None:
        """Does this output answer exactly the question? A short call that sees nothing else."""
        await self.phase("checking")
        messages = prompts.check_messages(question, outcome.code, head_tail(outcome.printed, budget))
        data = await self._judge(messages, prompts.CHECK_SCHEMA, "check")
        try:
            check = Check(bool(data["answers"]) is True, str(data.get("answer") or ""), str(data.get("missing") or ""))
        except (KeyError, TypeError, AttributeError):
            return None
        if check.answers and (undone := _undone(data.get("parts"))):  # its own list says a part is not done
            check = Check(False, "", f"the code does not do this part of the question: {undone}")
        if check.answers and len(outcome.printed) > budget and _off_the_cut(check.answer, question, outcome.printed):
            check = Check(False, "", CUT)
        if check.answers and _unseen_date(check.answer, question, outcome.printed):
            check = Check(False, "", UNSEEN_DATE)
        outcome.answered = check.answers and bool(check.answer.strip())
        return check

    async def needs_data(self, question: str, files: list[str]) -> bool | None:
        """Is a question that names no file about the files beside the notebook? (None: no verdict)"""
        await self.phase("checking")
        data = await self._judge(prompts.data_messages(question, files), prompts.DATA_SCHEMA, "data")
        verdict = data.get("needs_data") if isinstance(data, dict) else None
        return verdict if isinstance(verdict, bool) else None

    async def states_answer(self, question: str, reply: str) -> bool | None:
        """Does a reply state an answer to the question, or only explain (None: no verdict)?"""
        await self.phase("checking")
        data = await self._judge(prompts.states_messages(question, reply), prompts.STATES_SCHEMA, "states")
        verdict = data.get("states_answer") if isinstance(data, dict) else None
        return verdict if isinstance(verdict, bool) else None

    async def parts(self, question: str) -> list[str] | None:
        """What a data question asks its code to do, as short phrases (None: the call failed)."""
        await self.phase("reading")
        data = await self._judge(prompts.parts_messages(question), prompts.PARTS_SCHEMA, "parts")
        parts = data.get("parts") if isinstance(data, dict) else None
        if not isinstance(parts, list):
            return None
        # The schema's bounds, again here: a server that ignores the schema may send anything.
        return [p.strip()[:90] for p in parts if isinstance(p, str) and p.strip()][:5] or None

    async def values(
        self, question: str, columns: dict[str, list[str]], phrases: list[str]
    ) -> list[tuple[str, str]] | None:
        """The (column, value) pairs the `phrases` of a data question pick rows by, at most one each,
        among `columns`' values (None: the call failed)."""
        await self.phase("reading")
        messages = prompts.values_messages(question, phrases, columns)
        data = await self._judge(messages, prompts.values_schema(columns, len(phrases)), "values")
        chosen = data.get("values") if isinstance(data, dict) else None
        if not isinstance(chosen, list):
            return None
        # The schema's bounds, again here: a server that ignores the schema may send anything.
        pairs = [(p.get("column"), p.get("value")) for p in chosen if isinstance(p, dict)]
        held = [(c, v) for c, v in pairs if c in columns and v in columns[c]]
        return list(dict.fromkeys(held))[: len(phrases)]

    async def _judge(self, messages: list[dict[str, Any]], schema: dict[str, Any], kind: str) -> Any:
        """A short call whose reply the server constrains to `schema`, parsed (None when it failed)."""
        try:
            reply = await self._bounded(self._collect(messages, schema, kind), kind)
        except GPTInterpError:
            return None
        # A reply stopped in its padding lacks only what the schema's grammar still had open.
        for closing in ("", "}", "]}", "}}", "}]}") if reply.finish_reason == "padded" else ("",):
            try:
                return json.loads(reply.text + closing)
            except ValueError:
                continue
        return None

    async def _collect(self, messages: list[dict[str, Any]], schema: dict[str, Any], kind: str) -> Completion:
        """The reply, stopped where it pads: a grammar from a JSON schema lets blank space in
        between the values, and a small model that has written what it meant can go on writing
        newlines and indents up to the token cap (seen asking llama.cpp directly; blank space
        inside a string value is the value's own)."""
        started, reply, text, read, deltas = time.monotonic(), Completion(""), "", None, 0
        stream = self.llm.stream(messages, None, schema=schema)
        try:
            async for event in stream:
                if isinstance(event, PromptProgress):
                    read = event
                elif isinstance(event, TextDelta):
                    text, deltas = text + event.text, deltas + 1
                    if len(text) - len(text.rstrip()) >= PADDING and _outside_strings(text):
                        prompt, cache = (read.total, read.cache) if read is not None else (0, 0)
                        reply = Completion(text.rstrip(), [], "padded", prompt, deltas, cache)
                        break
                elif isinstance(event, Completion):
                    reply = event
        finally:
            if close := getattr(stream, "aclose", None):
                await close()
        self._count(reply, kind, started)
        return reply

    async def _bounded(self, work: Any, kind: str) -> Any:
        """Await a call within the turn's remaining time; one the limit cuts is logged as `_count` logs the
        others (its kind, its seconds, what it had written), and raises TurnTimeout."""
        started, remaining = time.monotonic(), self.deadline - time.monotonic()
        try:
            if remaining <= 0:
                work.close()
                raise asyncio.TimeoutError
            return await asyncio.wait_for(work, remaining if remaining != float("inf") else None)
        except asyncio.TimeoutError:
            seconds, chars = time.monotonic() - started, len(self.partial)
            log.info(
                "gptinterp: call %s cut by the time limit after %.1f s, %d characters written", kind, seconds, chars
            )
            raise TurnTimeout from None

    def cap(self, steps: int, max_steps: int, max_tokens: int) -> tuple[str, str] | None:
        """The cap the turn has reached before its next call: (reason, what the user is told), or None."""
        used = self.usage[1] + self.usage[2]
        if steps >= max_steps:
            return "step_cap", f"I stopped after {max_steps} steps, the limit for one request."
        if max_tokens and used >= max_tokens:
            return "token_cap", f"I stopped after using {used:,} tokens, the limit for one request ({max_tokens:,})."
        return None

    def totals(self) -> dict[str, int]:
        """The turn's usage, as `turn_ended` reports it."""
        calls, prompt, completion, cached = self.usage
        return {"llm_calls": calls, "prompt_tokens": prompt, "completion_tokens": completion, "cached_tokens": cached}

    def _count(self, reply: Completion, kind: str, started: float) -> None:
        """Add a call to the turn's usage, and log its cost (no content: the eval reads these lines)."""
        seconds = time.monotonic() - started
        tokens = (reply.prompt_tokens, reply.cached_tokens, reply.completion_tokens)
        log.info(
            "gptinterp: call %s %.1f s, prompt %d (%d cached), wrote %d, %s",
            kind,
            seconds,
            *tokens,
            reply.finish_reason,
        )
        if reply.finish_reason in ("length", "repeated", "doomed"):  # what a cut reply held, for who debugs it
            log.debug("gptinterp: call %s cut (%s), ending %r", kind, reply.finish_reason, reply.text[-DEBUG_CHARS:])
        self.usage[0] += 1
        self.usage[1] += reply.prompt_tokens
        self.usage[2] += reply.completion_tokens
        self.usage[3] += reply.cached_tokens
