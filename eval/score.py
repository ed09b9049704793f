"""Scoring a final answer against a reference: numbers with a tolerance, text normalised.

A numeric answer is right when any number in the answer's prose (code blocks removed; `$`,
thousands separators and `%` ignored) is within max(0.006, 0.2 %) of the reference, and integer
references must match exactly. A text answer is right when the normalised reference (or an
alias) occurs as whole words in the normalised answer. Lenient on form, strict on value.
An answer that recites what the model was sent (the rules, or the data-file previews, which
hold counts such as a log's line count) is wrong whatever numbers it contains.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_CODE = re.compile(r"```[^\n]*\n.*?```", re.DOTALL)
_NUMBER = re.compile(r"(?<![\w.])-?\$?\d[\d,]*(?:\.\d+)?(?![\d])")


def numbers(text: str) -> list[float]:
    out = []
    for raw in _NUMBER.findall(_CODE.sub(" ", text).replace("\u2212", "-")):  # a typographic minus too
        raw = raw.replace("$", "").replace(",", "")
        try:
            out.append(float(raw))
        except ValueError:
            pass
    return out


def normalise(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9/]+", " ", text.lower()).split())


def number_ok(value: float, ref: float) -> bool:
    if isinstance(ref, int):
        return value == ref
    return abs(value - ref) <= max(0.006, 0.002 * abs(ref))


# Phrases only the prompt has: a reply holding one is (or starts with) a recital of it.
RECITALS = (
    "Data files (paths relative to the notebook",
    "To run Python, reply with one line",
    "To run Python, call the run_code tool",
)


def recites_prompt(answer: str) -> bool:
    return any(phrase in answer for phrase in RECITALS)


def correct(answer: str, ref: Any, kind: str = "number", aliases: Iterable[str] = ()) -> bool:
    if not answer or recites_prompt(answer):
        return False
    if kind == "number":
        return any(number_ok(v, ref) for v in numbers(answer))
    prose = " " + normalise(_CODE.sub(" ", answer)) + " "
    return any(f" {normalise(str(x))} " in prose for x in [ref, *aliases])
