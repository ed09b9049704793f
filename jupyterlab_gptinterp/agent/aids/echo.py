"""Echo: a reply that repeats what the model was sent is not an answer.

A small model sometimes opens its reply by reciting the rules, a note we added, or the notebook
and file previews; or it answers with our own tool text (a status line, a traceback, a hint),
as if the result we sent were the user's words. The recital is cut; a reply with nothing else
left is not shown, and the model is asked once for the answer itself. The line a model writes
before its code is cut the same way (it shows beside the card), with nothing asked again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from .. import prompts
from ..context import RESULT_HEAD
from ..outputs import output_text
from .base import Aid, Review, TurnState
from .preview import words

# How our own tool text starts: a result, its parts, the aids' notes.
TOOL_LINES = (
    RESULT_HEAD,
    "Error:",
    "Hint:",
    "Check:",
    "Not run:",
    "Not proposed:",
    "Traceback (most recent call",
    prompts.RESULT_INTRO,
)
TOOL_LABELS = ("Result:", "Output:")  # alone on a line
ASK_AGAIN = (
    "Your reply only repeated what you were sent. Reply with one line and one ```python block that computes the "
    "answer, or with the answer itself."
)
_WORD = re.compile(r"\S+")
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z])")
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|$)", re.DOTALL)
# A sentence, roughly: a '.' inside a number or a file name ('3.5', 'a.csv') splits it too, into
# pieces that are judged alone (a piece of a rule is recited as much as the whole).
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+(?=\s|$)|$)|[.!?]+", re.MULTILINE)


class Echo(Aid):
    name = "echo"

    def __init__(self) -> None:
        self.asked = False

    async def review(self, turn: TurnState, text: str) -> Review | None:
        kept = await self.tidy(turn, text)
        if kept == text:
            return None
        if not re.search(r"\w", re.sub(r"```\w*", "", kept)):  # an empty fence is nothing left
            kept = ""
        if kept.strip() or not text.strip():
            return Review(text=kept)
        if self.asked:
            return Review(text="", show=False)
        self.asked = True
        return Review(text="", show=False, retry=ASK_AGAIN)

    async def tidy(self, turn: TurnState, text: str) -> str:
        rules = [prompts.FENCED_RULES, prompts.TOOLS_RULES, prompts.SYSTEM, *turn.notes]
        # Errors and our notes are never an answer, however short the line copied from them;
        # what code printed may well be (an answer can quote its output).
        errors = [output_text(o.error) for o in turn.outcomes if o.error]
        printed = [o.printed for o in turn.outcomes if o.ran]
        kept = without_recital(strip_echo(text, turn.system, notes=rules), rules, printed)
        return without_tool_text(kept, [*turn.sent, *turn.notes], quoted=[*errors, *turn.notes], printed=printed)


def without_recital(text: str, rules: Sequence[str], printed: Sequence[str] = ()) -> str:
    """`text` without its sentences that restate one of our rules or notes in other words ('To run
    the Python code, reply with one line ...', or a piece of one): most of the sentence's words in
    a rule's sentence, in order, in at most three runs. A sentence a run `printed` stays (a note
    may quote an output, and an answer may too); code blocks are left as they are."""
    ours = [w for rule in rules for s in _SENTENCE.findall(" ".join(rule.split())) if len(w := words(s)) >= 5]
    outputs = [" ".join(words(p)) for p in printed]

    def recited(sentence: str) -> bool:
        said = words(sentence)
        if len(said) < 5 or any(" ".join(said) in out for out in outputs):
            return False
        for rule in ours:
            runs = [b for b in SequenceMatcher(None, said, rule, autojunk=False).get_matching_blocks() if b.size]
            if len(runs) <= 3 and sum(b.size for b in runs) >= 0.8 * len(said):
                return True
        return False

    def prose(piece: str) -> str:
        cut = _SENTENCE.sub(lambda m: "" if recited(m.group(0)) else m.group(0), piece)
        return cut if cut == piece else re.sub(r"\n{3,}", "\n\n", re.sub(r"[ \t]+(?=\n|$)|(?<=\n)[ \t]+", "", cut))

    out, end = [], 0
    for m in _FENCE.finditer(text):  # the prose between code blocks, each block as it is
        out += [prose(text[end : m.start()]), m.group(0)]
        end = m.end()
    kept = "".join([*out, prose(text[end:])])
    return text if kept == text else kept.strip()


def without_tool_text(text: str, sent: Sequence[str], quoted: Sequence[str] = (), printed: Sequence[str] = ()) -> str:
    """`text` without lines of our own tool text: lines that start like it, long lines (and
    code blocks) copied from what we sent this turn, and any line of `quoted` texts (errors,
    our notes) copied as it stands. A line that a run `printed` is no tool text: an answer may
    well be the sentence the code printed."""
    body = " ".join(" ".join(sent).split())
    # A line of an error or a note is copied even when its first word gained a capital.
    errors = "\n".join(" ".join(line.split()) for q in quoted for line in q.splitlines()).lower()
    outputs = {" ".join(line.split()) for p in printed for line in p.splitlines()}

    def copied(chunk: str, prose: bool = False) -> bool:
        flat = " ".join(chunk.split())
        if prose and flat in outputs:
            return False
        return (len(flat.split()) >= 5 and flat in body) or (prose and len(flat) >= 8 and flat.lower() in errors)

    original = text
    text = _FENCE.sub(lambda m: "" if copied(m.group(1)) or _starts_like_tool(m.group(1)) else m.group(0), text)
    lines = text.splitlines()
    if any(_starts_like_tool(line) for line in lines):
        # From the first line of tool text on, a copy runs to the next blank line.
        out, skipping = [], False
        for line in lines:
            if _starts_like_tool(line):
                skipping = True
            elif not line.strip():
                skipping = False
            if not skipping:
                out.append(line)
        lines = out
    kept, in_code = [], False
    for line in lines:
        if line.lstrip().startswith("```"):
            in_code = not in_code
        elif copied(line, prose=not in_code):  # a line of code may well be one an error quoted
            continue
        kept.append(line)
    return original if text == original and len(kept) == len(text.splitlines()) else "\n".join(kept).strip()


def _starts_like_tool(line: str) -> bool:
    stripped = line.strip().lstrip("`>*_ ")
    return stripped in TOOL_LABELS or any(stripped.startswith(head) for head in TOOL_LINES)


def strip_echo(
    reply: str, prompt: str = "", min_words: int = 6, min_prompt_words: int = 12, notes: Sequence[str] = ()
) -> str:
    """The reply without a leading copy of what we sent it: six words of a rule or note (or of
    any sentence of one; a note's label may be left out), or a long copy of a paragraph of the
    prompt (the notebook, the previews) running to a paragraph's end or the reply's end (an opening
    fence aside), so a reply that opens by quoting one sentence of the notebook keeps it."""
    rules: list[list[str]] = []
    for note in notes:
        note_words = note.split()
        rules.append(note_words)
        if note_words and note_words[0].endswith(":"):
            rules.append(note_words[1:])
        rules += [s.split() for s in _SENTENCE_END.split(note)[1:]]
    said: list[str] = []
    starts: list[int] = []
    end = 0
    for m in _WORD.finditer(prompt):
        if not said or _BLANK_LINE.search(prompt, end, m.start()):
            starts.append(len(said))
        said.append(m.group(0))
        end = m.end()
    paragraph_starts = set(starts) | {len(said)}
    while True:
        words = list(_WORD.finditer(reply))
        if not words:
            return reply
        cut = max((n for n in (_copied(words, rule, min_words) for rule in rules) if n >= min_words), default=0)
        for start in starts:
            if said[start] != words[0].group(0):
                continue
            n = _common(words, said, start)
            if n >= min_prompt_words and (_only_fences(words[n:]) or start + n in paragraph_starts):
                cut = max(cut, n)
        if not cut:
            return reply
        reply = reply[words[cut - 1].end() :].lstrip()


def _copied(words: list[re.Match[str]], rule: list[str], min_words: int) -> int:
    """How many words of the reply's start are a copy of `rule`; its first word may differ, as a
    small model restating an ask writes it ('The code failed. Find the cause ...' for 'That code')."""
    n = _common(words, rule, 0)
    if n >= min_words or len(words) < 2:
        return n
    rest = _common(words[1:], rule[1:], 0)
    return 1 + rest if rest >= min_words else n


def _only_fences(rest: list[re.Match[str]]) -> bool:
    """Nothing but code fences and punctuation is left (a copy that stopped at an opening ```)."""
    return all(w.group(0).startswith("```") or not re.search(r"\w", w.group(0)) for w in rest)


def _same(said: str, ours: str) -> bool:
    return said == ours or said.rstrip(".,:;!").lower() == ours.rstrip(".,:;!").lower()


def _common(words: list[re.Match[str]], expected: list[str], start: int) -> int:
    n = 0
    while n < len(words) and start + n < len(expected) and _same(words[n].group(0), expected[start + n]):
        n += 1
    return n
