"""Hypothesis strategies for hostile client frames, and the reply each one must get.

A frame is drawn before the server exists, so ids are placeholders (CHAT_A, PENDING_A, …) that
the fuzz test resolves to the live chat, proposal and kernel ids when it sends the frame. Every
frame drawn here must be refused: it is a valid shape with one wrong id, a field of a wrong JSON
type, a malformed frame, or a replay of a frame whose proposal was decided. Each comes with the
error code it must get.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st
from wire_types import SAMPLES, _schema, accepted, fields, with_value

# Placeholders, resolved when the frame is sent.
CHAT_A, CHAT_B = "CHAT_A", "CHAT_B"  # A: the chat under attack (a proposal pending); B: another notebook's chat
PENDING_A, PENDING_B = "PENDING_A", "PENDING_B"  # their pending proposals
DECIDED = "DECIDED"  # a proposal of chat A decided earlier (unknown_proposal until there is one)
KERNEL_A, KERNEL_B, LOOSE = "KERNEL_A", "KERNEL_B", "LOOSE"  # A's and B's kernels; one no notebook runs
HOSTILE_CODE = "globals().setdefault('_fz', []).append('HOSTILE')"  # must never run
RID = "RID"  # a request id of its own for each frame (a wrong-typed one is answered without one)


def view(path: str, kernel: str) -> dict[str, Any]:
    cell = {"id": "c1", "cell_type": "code", "source": "x = 1", "execution_count": 1, "outputs": ["1"]}
    return {"path": path, "kernel_id": kernel, "active_cell_id": "c1", "cells": [cell]}


# One valid frame of each client message, aimed at chat A and its pending proposal.
TEMPLATES: dict[str, dict[str, Any]] = {
    "open_chat": {
        "type": "open_chat",
        "request_id": RID,
        "notebook_path": "fz-a.ipynb",
        "chat_id": CHAT_A,
        "after_seq": 0,
    },
    "send_message": {
        "type": "send_message",
        "request_id": RID,
        "chat_id": CHAT_A,
        "text": "again",
        "notebook": view("fz-a.ipynb", KERNEL_A),
        "action": "chat",
        "cell_id": "c1",
        "model": None,
        "attachments": ["data.csv"],
    },
    "approve": {
        "type": "approve",
        "request_id": RID,
        "chat_id": CHAT_A,
        "proposal_id": PENDING_A,
        "code": HOSTILE_CODE,
        "after_cell_id": "c1",
        "run": True,
        "kernel_id": KERNEL_A,
    },
    "reject": {"type": "reject", "request_id": RID, "chat_id": CHAT_A, "proposal_id": PENDING_A, "reason": "no"},
    "stop": {"type": "stop", "request_id": RID, "chat_id": CHAT_A},
}

# (message, field, value, expected code): one id made wrong. Chat A is busy with its proposal,
# so a send_message to it is refused as busy whatever else it says.
UNKNOWN_CHAT, UNKNOWN_PROPOSAL, UNKNOWN_KERNEL = "UNKNOWN_CHAT", "UNKNOWN_PROPOSAL", "UNKNOWN_KERNEL"
WRONG_IDS: list[tuple[str, str, Any, str]] = [
    *[
        (kind, *change)
        for kind in ("approve", "reject")
        for change in (
            ("chat_id", CHAT_B, "wrong_chat"),
            ("chat_id", UNKNOWN_CHAT, "unknown_chat"),
            ("proposal_id", UNKNOWN_PROPOSAL, "unknown_proposal"),
            ("proposal_id", PENDING_B, "wrong_chat"),
            ("proposal_id", DECIDED, "proposal_decided"),
        )
    ],
    ("approve", "kernel_id", KERNEL_B, "wrong_kernel"),
    ("approve", "kernel_id", LOOSE, "wrong_kernel"),
    ("approve", "kernel_id", UNKNOWN_KERNEL, "kernel_not_found"),
    ("approve", "run", False, "invalid_message"),  # a code proposal is approved by running it
    ("stop", "chat_id", UNKNOWN_CHAT, "unknown_chat"),
    ("open_chat", "chat_id", UNKNOWN_CHAT, "unknown_chat"),
    ("send_message", "chat_id", UNKNOWN_CHAT, "unknown_chat"),
    ("send_message", "chat_id", CHAT_A, "chat_busy"),
    ("send_message", "chat_id", CHAT_B, "chat_busy"),
]

# What a replayed legitimate frame gets once its proposal was decided.
REPLAYS = {"approve": "proposal_decided", "reject": "proposal_decided", "send_message": "chat_busy"}


@dataclass
class Hostile:
    frame: Any  # a dict with placeholders, or raw text
    expected: str  # the error code it must get
    on_other: bool  # sent on the socket that never opened a chat
    replay: str = ""  # "approve"/"reject"/"send_message": send the last legitimate frame of that kind again


_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=12),
)
_BY_KIND = {
    "null": st.none(),
    "boolean": st.booleans(),
    "integer": st.integers(-(2**40), 2**40),
    # 1.0 is a float on the wire: it counts as a number, never as an integer or a boolean.
    "number": st.one_of(st.sampled_from([0.0, 1.0, -1.0]), st.floats(allow_nan=False, allow_infinity=False, width=32)),
    "string": st.one_of(st.sampled_from(SAMPLES["string"]), st.text(max_size=12)),
    "array": st.lists(_scalars, max_size=3),
    "object": st.dictionaries(st.text(max_size=6), _scalars, max_size=3),
}
_ROOT = _schema()
_FIELDS = {kind: [(path, accepted(schema, _ROOT)) for path, schema in fields(t)] for kind, t in TEMPLATES.items()}
_REQUIRED = {
    s["properties"]["type"]["const"]: sorted(s["required"])
    for s in (_ROOT["$defs"][r["$ref"].rsplit("/", 1)[-1]] for r in _ROOT["oneOf"])
}


@st.composite
def wrong_type(draw) -> tuple[Any, str]:
    kind = draw(st.sampled_from(sorted(TEMPLATES)))
    path, ok = draw(st.sampled_from(_FIELDS[kind]))
    json_kind = draw(st.sampled_from(sorted(set(_BY_KIND) - ok)))
    return with_value(TEMPLATES[kind], path, draw(_BY_KIND[json_kind])), "invalid_message"


_UNKNOWN_PREFIX = {UNKNOWN_CHAT: "c-", UNKNOWN_PROPOSAL: "p-", UNKNOWN_KERNEL: "k-"}


@st.composite
def wrong_id(draw) -> tuple[Any, str]:
    kind, key, value, code = draw(st.sampled_from(WRONG_IDS))
    if value in _UNKNOWN_PREFIX:  # an id of the right shape that names nothing
        value = _UNKNOWN_PREFIX[value] + draw(st.from_regex(r"[A-Za-z0-9_.:-]{1,40}", fullmatch=True))
    return with_value(TEMPLATES[kind], (key,), value), code


@st.composite
def malformed(draw) -> tuple[Any, str]:
    how = draw(st.sampled_from(["text", "not_object", "unknown_type", "missing", "extra"]))
    if how == "text":
        return draw(st.text(min_size=1, max_size=40).filter(lambda t: not _is_json(t))), "invalid_message"
    if how == "not_object":
        return json.dumps(draw(st.one_of(_scalars, st.lists(_scalars, max_size=3)))), "invalid_message"
    kind = draw(st.sampled_from(sorted(TEMPLATES)))
    frame = dict(TEMPLATES[kind])
    if how == "unknown_type":
        frame["type"] = draw(st.sampled_from(["launch", "approve_all", "Approve", "approve ", "", "run"]))
    elif how == "missing":
        frame.pop(draw(st.sampled_from(_REQUIRED[kind])))
    else:
        frame[draw(st.sampled_from(["auto", "force", "admin", "user", "kernel"]))] = draw(_scalars)
    return frame, "invalid_message"


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


@st.composite
def hostile(draw) -> Hostile:
    on_other = draw(st.booleans())
    which = draw(st.sampled_from(["wrong_type", "wrong_type", "wrong_id", "wrong_id", "malformed", "replay"]))
    if which == "replay":
        kind = draw(st.sampled_from(sorted(REPLAYS)))
        return Hostile(None, REPLAYS[kind], on_other, replay=kind)
    frame, code = draw({"wrong_type": wrong_type(), "wrong_id": wrong_id(), "malformed": malformed()}[which])
    return Hostile(frame, code, on_other)


# What the user does after the hostile frames: decide the pending proposal (or not).
LEGIT = ["approve", "approve_edited", "reject", "stop", "race_stop_first", "race_approve_first", "none"]
