"""The system prompt, the tool schemas, and fenced-mode parsing.

Kept short on purpose: on a CPU-bound local model every ~65 prompt tokens cost a second.
"""

from __future__ import annotations

import json
import re
from typing import Any

SYSTEM = """You are a code interpreter working inside the user's Jupyter notebook (Python kernel).
Variables defined by earlier cells exist in the kernel. The user approves each cell before it runs,
and may edit or reject it. After a run you see its output; use it. If it failed, read the error and
fix the cause; do not repeat code that failed. Base your answer on outputs you saw; never invent
results. Answer in concise Markdown."""

TOOLS_RULES = """To run Python, call the run_code tool with the code and a one-line reason.
Run one step at a time. When you have the answer, reply in text without calling a tool."""

FENCED_RULES = """To run Python, reply with one line saying why, then exactly one ```python block,
and nothing after it. You will get the output in the next message. When you have the answer,
reply in text with no code block."""

# The shape of a fenced-mode reply, for servers that constrain a reply to a grammar (llama.cpp's
# GBNF): words, then one python block and nothing after it; or words with no code fence at all.
# Writing is the slow part on a CPU (~0.1 s a token), and a small model spends much of it on what
# is not run: comment lines made 28 % of the code it wrote on held-out 10, so a line of code may
# not start with "#" (a comment after code may stay). The words before a block are not capped: a
# model stopped mid-explanation is left with no way to open its block and writes code as words.
_LINE = r"""line ::= ([^`\n] | "`" [^`\n] | "``" [^`\n])* ("`" | "``")?
"""
_BLOCK = (
    r""""```python\n" [^#` \t\n] line ("\n" [ \t]* ([^#` \t\n] line)?)* "\n```"
"""
    + _LINE
)
_TICK = r"""tick ::= [^`] | "`" [^`] | "``" [^`]
"""
# A block opens at the start of a line, as Markdown's fences do: a small model that opened one in
# the middle of a sentence ("add a check to```python") went on in words inside it, and the cell
# was declined as not Python (seen in held-out 28's first questions).
FENCED_GRAMMAR = f"""root ::= code | words
code ::= (tick* ("`" | "``")? "\\n")? {_BLOCK}words ::= [^` \\t\\n] tick* ("`" | "``")?
{_TICK}"""
# The reply must propose code, where words could not be the answer (a question about data with no
# run that worked yet: `Aid.needs_code`), and would be sent back. A small model's words there ran
# to the 1,024-token cap, 100-280 s each: 12 of the 26 turns out of time on held-out 15 and 17 had
# such a reply sent back. The words before the block are capped too (about 500 characters): at the
# cap, the block opens.
CODE_GRAMMAR = f"""root ::= (tick{{0,500}} ("`" | "``")? "\\n")? {_BLOCK}{_TICK}"""
# The rest of a python block whose first lines were written for the model (`Aid.opening`, llama.cpp's
# prefill): a line of code at least (the lines written in compute nothing), no comment line, the fence.
BLOCK_REST_GRAMMAR = (
    r"""root ::= ([ \t]* "\n")* [ \t]* [^#` \t\n] line "\n" ([ \t]* ([^#` \t\n] line)? "\n")* "```"
"""
    + _LINE
)

RUN_CODE_TOOL = {
    "type": "function",
    "function": {
        "name": "run_code",
        "description": "Run Python code in the user's notebook kernel, after the user approves it. "
        "Returns the cell's output.",
        "parameters": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "The Python code of one notebook cell."},
                "reason": {"type": "string", "description": "One line: why this code is run."},
            },
            "required": ["code"],
        },
    },
}

REPLACE_CELL_TOOL = {
    "type": "function",
    "function": {
        "name": "replace_cell",
        "description": "Propose a corrected source for a notebook cell. The user sees a diff and may accept "
        "it, accept and run it (you then see the output), or reject it.",
        "parameters": {
            "type": "object",
            "properties": {
                "cell_id": {"type": "string", "description": "The id of the cell to replace."},
                "source": {"type": "string", "description": "The complete new source of the cell."},
                "reason": {"type": "string", "description": "One line: what was wrong and what changed."},
            },
            "required": ["cell_id", "source"],
        },
    },
}

EXPLAIN_RULES = """Explain the cell below to the user: what it does, what its output means, and, if it
failed, why, in plain words. Be concise. Do not run code."""

FIX_RULES_TOOLS = """The cell below needs fixing. Find the cause, then call replace_cell once with the
complete corrected source of that cell and a one-line reason. Keep the user's intent and style."""

FIX_RULES_FENCED = """The cell below needs fixing. Find the cause, then reply with one line saying what was
wrong and exactly one ```python block holding the complete corrected source of that cell."""

# Fences pair in order, each opening one (at the start of a line, or a python fence glued to words)
# closed by the next run of as many backticks (small models glue it to the code): a fence that
# closes a ```bash block must not open a "block" of the prose after it.
_TICKS = re.compile(r"(`{3,})([\w+-]*)([^\n`]*)")
_PYTHON = ("python", "py", "ipython", "python3")


def system_prompt(
    tool_mode: str, notebook_text: str, action: str = "chat", cell_text: str = "", context: str = ""
) -> str:
    if action == "explain":
        rules = EXPLAIN_RULES
    elif action == "fix":
        rules = FIX_RULES_TOOLS if tool_mode == "tools" else FIX_RULES_FENCED
    else:
        rules = TOOLS_RULES if tool_mode == "tools" else FENCED_RULES
    # What changes least comes first: llama.cpp reads again only what follows the first token that
    # differs from a prompt it holds. The notebook gains the cells a turn ran, so it comes after the
    # data previews, which a later question over the same files reuses (~1,000 tokens, ~15 s a turn).
    data = f"\n\n{context}" if context else ""
    focus = f"\n\n{cell_text}" if cell_text else ""
    return f"{SYSTEM}\n\n{rules}{data}{focus}\n\n{notebook_text}"


RESULT_INTRO = "(The result of the code you ran; not a message from the user.)"


def result_message(result: str) -> str:
    """A result given back in fenced mode, where it arrives as the next user message."""
    return f"{RESULT_INTRO}\n{result}"


CHECK_SYSTEM = (
    "You check whether a program's output answers a question exactly. Where the output says characters were "
    "cut, what was cut is unknown: nothing can be counted or looked up in it. Reply with JSON only."
)

# The parts the question asks for come first, each with whether the code does it: a small model
# that has written "in 2024: not done" does not go on to call the output the answer (it did, when
# asked only for the verdict, on counts over every year).
CHECK_SCHEMA = {
    "type": "object",
    "properties": {
        "parts": {
            "type": "array",
            "maxItems": 4,
            "items": {
                "type": "object",
                "properties": {"part": {"type": "string", "maxLength": 120}, "done": {"type": "boolean"}},
                "required": ["part", "done"],
                "additionalProperties": False,
            },
        },
        "answers": {"type": "boolean"},
        "answer": {"type": "string", "maxLength": 400},
        "missing": {"type": "string", "maxLength": 300},
    },
    "required": ["parts", "answers", "answer", "missing"],
    "additionalProperties": False,
}


def _part(part: str, done: bool) -> dict[str, Any]:
    return {"part": part, "done": done}


# Worked examples, given as earlier turns: a small model follows what it was shown done more
# reliably than what it was told. They are about common slips, not about any data.
CHECK_EXAMPLES = [
    (
        ("How many rows are in a.csv?", "print(len(df))", "150"),
        {"parts": [_part("the number of rows", True)], "answers": True, "answer": "a.csv has 150 rows.", "missing": ""},
    ),
    (
        (
            "Which team has the highest average score in games.csv?",
            "print(df['team'].value_counts())",
            "team\nRed     40\nBlue    35\nName: count, dtype: int64",
        ),
        {
            "parts": [_part("the average score of each team", False), _part("the team with the highest", False)],
            "answers": False,
            "answer": "",
            "missing": "the output counts rows per team; the question asks for the average score per team",
        },
    ),
    (
        (
            "What were the total sales in each month of each year?",
            "print(df.groupby(df['d'].dt.month)['sales'].sum())",
            "d\n1    500.0\n2    620.5",
        ),
        {
            "parts": [_part("total sales", True), _part("each month of each year", False)],
            "answers": False,
            "answer": "",
            "missing": "the output is per month number only, adding up all years; group by year and month",
        },
    ),
    (
        (
            "How many visits are in visits.csv?",
            "print(df)",
            "   id  ward\n0   1    A\n1   2    C\n[... 1850 characters cut ...]\n98  99    B\n99  100   A",
        ),
        {
            "parts": [_part("the number of visits", False)],
            "answers": False,
            "answer": "",
            "missing": "the output is cut, so its rows cannot be counted; print len(df)",
        },
    ),
    (
        (
            "How many trips in t.csv in 2023 were longer than 10 km?",
            "t = df[(df['start'].dt.year == 2023) & (df['km'] > 10)]\nprint(len(t))",
            "312",
        ),
        {
            "parts": [_part("trips in 2023", True), _part("longer than 10 km", True), _part("how many", True)],
            "answers": True,
            "answer": "312 trips in 2023 were longer than 10 km.",
            "missing": "",
        },
    ),
    (
        (
            "What is the total of the fee column in visits.csv?",
            "print(df['fee'])\nprint('total', df['fee'].sum())",
            "0    12.5\n1     8.0\n[... 2400 characters cut ...]\n299    4.5\nName: fee, dtype: float64\ntotal 2931.75",
        ),
        {
            "parts": [_part("the total of the fee column", True)],
            "answers": True,
            "answer": "The total of the fee column in visits.csv is 2931.75.",
            "missing": "",
        },
    ),
    (
        (
            "What is the total weight in kg of the parcels in p.csv?",
            "print(df['kg'] * df['n'])",
            "0    12.5\n1    40.0\n2     7.5\nName: kg, dtype: float64",
        ),
        {
            "parts": [_part("one total weight", False), _part("in kg", True)],
            "answers": False,
            "answer": "",
            "missing": "the output is one value per row; the question asks for one total",
        },
    ),
    (
        (
            "How many orders of any kind in o.csv went to France?",
            "print(df['kind'].value_counts()['order'])",
            "1204",
        ),
        {
            "parts": [_part("orders of any kind", False), _part("that went to France", False)],
            "answers": False,
            "answer": "",
            "missing": "the code counts every order; it never selects the ones that went to France",
        },
    ),
    (
        ("What is the longest distance in km in runs.csv?", "print(df['distance_m'].max())", "42195"),
        {
            "parts": [_part("the longest distance", True), _part("in km", False)],
            "answers": False,
            "answer": "",
            "missing": "the output is in metres; the question asks for km",
        },
    ),
]


def _worked(system: str, cases: list[tuple[str, Any]], asked: str) -> list[dict[str, str]]:
    """A short call's messages: its system prompt, worked cases as earlier turns (the case, then its
    JSON reply), then the case asked."""
    messages = [{"role": "system", "content": system}]
    for case, reply in cases:
        messages += [{"role": "user", "content": case}, {"role": "assistant", "content": json.dumps(reply)}]
    return [*messages, {"role": "user", "content": asked}]


def _check_case(question: str, code: str, printed: str) -> str:
    return f"Question: {question}\n\nCode:\n```python\n{code}\n```\n\nOutput:\n```\n{printed}\n```"


def check_messages(question: str, code: str, printed: str) -> list[dict[str, str]]:
    """The check call: the question, the code and its output, nothing else of the chat."""
    cases = [(_check_case(*case), verdict) for case, verdict in CHECK_EXAMPLES]
    return _worked(CHECK_SYSTEM, cases, _check_case(question, code, printed))


DATA_SYSTEM = (
    "You decide whether a question can only be answered by reading data files. Questions about what the files "
    "hold (counts, totals, which item or month is largest, averages) need them; questions about Python, "
    "about how to do something, or greetings do not. Reply with JSON only."
)


def _yes_or_no(key: str) -> dict[str, Any]:
    """The schema of a reply that is one boolean field."""
    return {
        "type": "object",
        "properties": {key: {"type": "boolean"}},
        "required": [key],
        "additionalProperties": False,
    }


DATA_SCHEMA = _yes_or_no("needs_data")
DATA_EXAMPLES = [
    (("Which region sold the most last quarter?", ["figures.xlsx", "notes.md"]), True),
    (("How do I sort a dataframe by two columns?", ["figures.xlsx"]), False),
    (("What was the busiest day?", ["log_2023.csv.gz"]), True),
    (("Thanks, that is all!", ["figures.xlsx"]), False),
]


def _data_case(question: str, files: list[str]) -> str:
    return f"Data files beside the notebook: {', '.join(files)}\n\nQuestion: {question}"


def data_messages(question: str, files: list[str]) -> list[dict[str, str]]:
    """The call that asks whether a question that names no file is about the files beside the notebook."""
    cases = [(_data_case(q, names), {"needs_data": verdict}) for (q, names), verdict in DATA_EXAMPLES]
    return _worked(DATA_SYSTEM, cases, _data_case(question, files[:20]))


STATES_SYSTEM = (
    "You decide whether a reply states the answer to a question: a value, a name, a date or a list that answers "
    "it. A reply that only explains code, an error, an empty result or a check, or says what is still missing or "
    "what to do next, does not. Reply with JSON only."
)
STATES_SCHEMA = _yes_or_no("states_answer")
# General slips of a small model's last reply, about no data of ours.
STATES_EXAMPLES = [
    (("How many rows are in a.csv?", "a.csv has 150 rows."), True),
    (
        (
            "Which team has the highest average score in games.csv?",
            "The code counts rows per team; it never computes the average score of each team.",
        ),
        False,
    ),  # fmt: skip
    (("Which month had the most orders in o.csv?", "March had the most orders (412)."), True),
    (
        (
            "What is the mean price in p.csv?",
            "The error occurs because the column 'Price' does not exist in the DataFrame; the column is named 'price'.",
        ),
        False,
    ),  # fmt: skip
    (("How many users signed up in 2024 in u.json?", "No user signed up in 2024: the count is 0."), True),
    (
        (
            "What is the list price of item B7 in items.csv?",
            "To find this, you need to filter the table to item B7 and read its price column.",
        ),
        False,
    ),  # fmt: skip
    (
        (
            "What is the total weight in kg of the parcels in p.csv?",
            "The filter keeps no rows because the values are written in lower case, so the result is 0.",
        ),
        False,
    ),  # fmt: skip
]


def _states_case(question: str, reply: str) -> str:
    return f"Question: {question}\n\nReply: {reply}"


def states_messages(question: str, reply: str) -> list[dict[str, str]]:
    """The call that asks whether a reply states an answer: the question and the reply, nothing else."""
    cases = [(_states_case(q, r), {"states_answer": verdict}) for (q, r), verdict in STATES_EXAMPLES]
    return _worked(STATES_SYSTEM, cases, _states_case(question, reply[:STATES_REPLY]))


STATES_REPLY = 1200  # characters of a reply the call reads


PARTS_SYSTEM = (
    "You list what a question about data asks its code to do: each condition that picks the rows (a period, a "
    "kind, a threshold, how missing values are treated), each unit, how results are grouped, and the value to "
    "report. Short phrases in the question's own words; nothing the question does not say. Reply with JSON only."
)
PARTS_SCHEMA = {
    "type": "object",
    "properties": {
        "parts": {"type": "array", "minItems": 1, "maxItems": 5, "items": {"type": "string", "maxLength": 90}}
    },
    "required": ["parts"],
    "additionalProperties": False,
}
# Invented questions, about no data of any set: the kinds of parts a small model drops as it writes.
PARTS_EXAMPLES = [
    ("How many rows does visits.csv have?", ["the number of rows"]),
    (
        "How many parcels in depot.parquet were sent in 2023 and weighed more than 20 kg?",
        ["only parcels sent in 2023", "only parcels heavier than 20 kg", "how many such parcels"],
    ),
    (
        "What were the total sales in each month of each year (shop.xlsx)?",
        ["one total per month of each year: year and month together", "the sum of sales in each"],
    ),
    (
        "Which team had the highest average score per game in 2022, leaving out games with no score (games.db)?",
        [
            "only games of 2022",
            "games with no score left out",
            "the average score per game of each team",
            "the team whose average is highest",
        ],
    ),
    (
        "What is the median delivery time in hours for parcels sent to Norway (parcels.jsonl)?",
        ["only parcels sent to Norway", "the delivery time of each parcel, in hours", "the median of those times"],
    ),
]


def parts_messages(question: str) -> list[dict[str, str]]:
    """The call that lists a data question's parts, before any code: the question alone."""
    cases = [(f"Question: {q}", {"parts": parts}) for q, parts in PARTS_EXAMPLES]
    return _worked(PARTS_SYSTEM, cases, f"Question: {question}")


VALUES_SYSTEM = (
    "You match the phrases by which a question about data picks rows to the exact values its columns hold. For "
    "each phrase, in order, give the column and the value as the data writes it, chosen from the values listed (a "
    "name the data writes as a code is that code), or null when no listed column holds what the phrase picks. "
    "Reply with JSON only."
)
# Invented columns and questions, about no data of any set.
VALUES_EXAMPLES = [
    (
        "How many tram trips were made in France in 2023 (trips.csv)?",
        ["only trams", "only France", "only 2023"],
        {"country": ["DE", "FR", "IT", "NL"], "mode": ["BUS", "TRAM", "ALL"]},
        [{"column": "mode", "value": "TRAM"}, {"column": "country", "value": "FR"}, None],
    ),
    (
        "What was the average fare of buses in Lyon (trips.csv)?",
        ["only Lyon", "only buses"],
        {"country": ["DE", "FR", "IT", "NL"], "mode": ["BUS", "TRAM", "ALL"]},
        [None, {"column": "mode", "value": "BUS"}],
    ),
    (
        "How many orders from Sweden were returned (orders.json)?",
        ["only returned orders", "only orders from Sweden"],
        {"status": ["shipped", "returned", "cancelled"], "market": ["SE", "NO", "FI", "DK"]},
        [{"column": "status", "value": "returned"}, {"column": "market", "value": "SE"}],
    ),
]


def _values_case(question: str, phrases: list[str], columns: dict[str, list[str]]) -> str:
    said = "\n".join(f"{i}. {p}" for i, p in enumerate(phrases, 1))
    listed = "\n".join(f"{name!r}: {', '.join(map(repr, values))}" for name, values in columns.items())
    return (
        f"Question: {question}\n\nThe phrases that pick rows:\n{said}\n\nColumns and every value each holds:\n{listed}"
    )


def values_messages(question: str, phrases: list[str], columns: dict[str, list[str]]) -> list[dict[str, str]]:
    """The call that names the value each phrase of a question picks rows by: the question, its
    phrases and the columns' values alone."""
    cases = [(_values_case(q, p, c), {"values": v}) for q, p, c, v in VALUES_EXAMPLES]
    return _worked(VALUES_SYSTEM, cases, _values_case(question, phrases, columns))


def values_schema(columns: dict[str, list[str]], phrases: int) -> dict[str, Any]:
    """Replies held to one item per phrase, each a column and value listed or null: the server's
    grammar lets the model write no other (and not fill a list with values no phrase asked for)."""
    pairs: list[dict[str, Any]] = [
        {
            "type": "object",
            "properties": {"column": {"const": name}, "value": {"enum": values}},
            "required": ["column", "value"],
            "additionalProperties": False,
        }
        for name, values in columns.items()
    ]
    items = {"anyOf": [*pairs, {"type": "null"}]}
    return {
        "type": "object",
        "properties": {"values": {"type": "array", "minItems": phrases, "maxItems": phrases, "items": items}},
        "required": ["values"],
        "additionalProperties": False,
    }


EMPTY_REPLY = "Your reply was empty. Reply with the answer to the question, or with the code to run."


def empty(text: str) -> bool:
    """Nothing but whitespace and code fences: an empty block is no answer."""
    return not re.sub(r"```[\w+-]*", "", text).strip()


def _blocks(text: str) -> list[tuple[str, int, str, int]]:
    """(language, start of the opening fence, code, end of the closing fence) of each closed block;
    a block whose opening line holds more than its language is no code block ("?")."""
    out, opened = [], None
    for m in _TICKS.finditer(text):
        if opened is None:
            at_start = not text[text.rfind("\n", 0, m.start()) + 1 : m.start()].strip()
            bare = not m.group(3).strip() and text[m.end() : m.end() + 1] in ("\n", "\r")
            # A fence opens a line; ``` within prose is a mention, unless it is a python fence glued to words.
            if bare and (at_start or m.group(2).lower() in _PYTHON):
                opened = m
            continue
        if len(m.group(1)) < len(opened.group(1)):
            continue  # a shorter run of backticks does not close a longer fence
        rest, newline, code = text[opened.end() : m.start()].partition("\n")
        lang = opened.group(2).lower() if newline and not (opened.group(3) + rest).strip() else "?"
        out.append((lang, opened.start(), code, m.start() + len(m.group(1))))
        opened = None
    return out


def fenced_code(text: str) -> tuple[str, str] | None:
    """(code, reason) from the first python (or bare) block of a fenced-mode reply, or None."""
    block = next(((start, code) for lang, start, code, _ in _blocks(text) if lang in (*_PYTHON, "")), None)
    if block is None or not block[1].strip():
        return None
    return block[1].rstrip(), reason_of(text[: block[0]])


def code_end(text: str) -> int:
    """Where the reply's first block marked as python ends (0 while none has closed). A bare
    block may be an answer quoting an output, with words after it."""
    first = next(((lang, code, end) for lang, _, code, end in _blocks(text) if lang in (*_PYTHON, "")), None)
    return first[2] if first and first[0] and first[1].strip() else 0


def open_code(text: str) -> str | None:
    """The complete lines of the python block a reply is still writing (None: none is open, or it
    is not the block `fenced_code` would propose: a bare block closed before it comes first)."""
    if code_end(text):
        return None
    upto = text[: text.rfind("\n") + 1]
    first = next(((lang, code) for lang, _, code, _ in _blocks(upto + "```") if lang in (*_PYTHON, "")), None)
    return first[1] if first is not None and first[0] in _PYTHON else None


def reason_of(prose: str) -> str:
    """A proposal's reason: the last line of the words before its code."""
    prose = prose.strip()
    return prose.splitlines()[-1].strip() if prose else ""
