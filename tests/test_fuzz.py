"""Property-based fuzzing of the websocket against a real server and real kernels.

Hypothesis draws batches of hostile frames (valid shapes with one wrong id, fields of wrong JSON
types, malformed frames, replays of decided requests; see fuzz_frames.py) and sends them on two
sockets at a chat with a pending proposal, then what the user does next: approve it (as proposed
or edited), reject it, press Stop, race an approve against a Stop on the other socket, or
nothing. The properties:

- every frame gets exactly one reply, on its own socket, of a known type; a hostile frame gets
  the typed error it must (never `internal`);
- nothing runs without a legitimate approval: the kernels are the witnesses (hostile code never
  ran; every run was of an approval the server acknowledged, once; another notebook's pending
  proposal and a kernel no notebook runs stay untouched);
- the sockets and the server stay up.

It prints its seed and how many frames it sent. GPTINTERP_FUZZ_SEED replays a run;
GPTINTERP_FUZZ_FRAMES sets how many frames (default 10,000).
"""

from __future__ import annotations

import ast
import asyncio
import collections
import json
import os
import random
import time
from typing import Any

import pytest
from conftest import REPLY_TYPES, run_code_call
from fuzz_frames import (
    CHAT_A,
    CHAT_B,
    DECIDED,
    KERNEL_A,
    KERNEL_B,
    LEGIT,
    LOOSE,
    PENDING_A,
    PENDING_B,
    RID,
    TEMPLATES,
    Hostile,
    hostile,
    view,
)
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

SEED = int(os.environ.get("GPTINTERP_FUZZ_SEED") or random.SystemRandom().randrange(2**32))
FRAMES = int(os.environ.get("GPTINTERP_FUZZ_FRAMES") or 10_000)
BATCH = 40  # hostile frames per example


@pytest.fixture
def gptinterp_config():
    return {"loop_aids": []}  # a turn is exactly what the fake model is scripted to do


class World:
    """The live server as the frames see it: two notebooks' chats, their kernels, two sockets."""

    def __init__(self, loop, connect, session_kernel, fake_llm, jp_fetch, kernel_eval):
        self.loop, self.fake, self.kernel_eval = loop, fake_llm, kernel_eval
        self.frames = self.legit_frames = 0
        self.acked: set[str] = set()  # tags of approvals the server took
        self.must_run: set[str] = set()  # ... of those no Stop raced
        self.started: list[str] = []  # proposal ids whose execution started
        self.approved: dict[str, str] = {}  # proposal id -> tag of the approval taken
        self.decided: list[str] = []  # proposals of chat A decided so far
        self.last: dict[str, dict[str, Any]] = {}  # the last legitimate frame of each kind (replays)
        self.outcomes: collections.Counter[str] = collections.Counter()
        self.seconds: collections.Counter[str] = collections.Counter()  # where the time goes
        self.n = 0
        loop.run_until_complete(self._setup(connect, session_kernel, jp_fetch))

    async def _setup(self, connect, session_kernel, jp_fetch) -> None:
        self.ids = {KERNEL_A: await session_kernel("fz-a.ipynb"), KERNEL_B: await session_kernel("fz-b.ipynb")}
        loose = await jp_fetch("api", "kernels", method="POST", body=json.dumps({"name": "python3"}))
        self.ids[LOOSE] = json.loads(loose.body)["id"]
        self.tab, self.other = await connect(), await connect()  # `other` never opens a chat
        self.ids[CHAT_A] = await self.tab.open_chat("fz-a.ipynb")
        self.ids[CHAT_B] = await self.tab.open_chat("fz-b.ipynb")
        # Chat B's proposal stays pending throughout: approving it from chat A must never work.
        self.fake.reset()
        self.fake.script(run_code_call("globals().setdefault('_fz', []).append('B')"))
        await self._send_legit({"type": "send_message", "chat_id": self.ids[CHAT_B], "text": "b", "notebook": ""})
        self.ids[PENDING_B] = (await self.tab.until("proposal", chat_id=self.ids[CHAT_B]))["proposal_id"]
        self.ids[PENDING_A] = ""

    # --- one example -------------------------------------------------------------------------

    def run(self, frames: list[Hostile], then: str) -> None:
        self.loop.run_until_complete(asyncio.wait_for(self._example(frames, then), 300))

    async def _example(self, frames: list[Hostile], then: str) -> None:
        start = time.monotonic()
        if not self.ids[PENDING_A]:
            await self._propose()
        self.seconds["propose"] += time.monotonic() - start
        batches: dict[bool, list[tuple[Any, str | None, str]]] = {False: [], True: []}
        for h in frames:
            frame, expected = self.last.get(h.replay) if h.replay else self._resolve(h.frame), h.expected
            if frame is None:  # nothing to replay yet: an approval of a proposal never made
                frame, expected = (
                    self._resolve({**TEMPLATES["approve"], "proposal_id": "p-never-made"}),
                    "unknown_proposal",
                )
            elif _mentions(h.frame, DECIDED) and not self.decided:
                expected = "unknown_proposal"
            rid = None
            if isinstance(frame, dict) and frame.get("request_id") == RID or h.replay:
                self.n += 1
                frame = {**frame, "request_id": (rid := f"h{self.n}")}
            batches[h.on_other].append((frame, rid, expected))
        start = time.monotonic()
        replies = await asyncio.gather(*(self._check_batch(ws, batches[o]) for o, ws in self._sockets()))
        self.frames += sum(replies)
        self.seconds["hostile"] += time.monotonic() - start
        start = time.monotonic()
        await self._decide(then)
        self.seconds["decide"] += time.monotonic() - start

    def _sockets(self):
        return ((False, self.tab), (True, self.other))

    async def _check_batch(self, ws, batch: list[tuple[Any, str | None, str]]) -> int:
        replies = await ws.replies([frame for frame, _, _ in batch])
        by_rid = collections.defaultdict(list)
        for reply in replies:
            assert reply["type"] in REPLY_TYPES
            by_rid[reply.get("request_id")].append(reply)
        for frame, rid, expected in batch:
            if rid is None:
                continue
            got = by_rid.pop(rid, [])
            assert [(r["type"], r.get("code")) for r in got] == [("error", expected)], (frame, got)
        unnamed = by_rid.pop(None, [])  # frames without a valid request_id of their own
        assert len(unnamed) == sum(rid is None for _, rid, _ in batch), unnamed
        assert all(r["type"] == "error" and r["code"] == "invalid_message" for r in unnamed), unnamed
        assert not by_rid, by_rid  # no reply to a frame never sent, and none twice
        return len(batch)

    def _resolve(self, frame: Any) -> Any:
        if isinstance(frame, dict):
            return {k: self._resolve(v) for k, v in frame.items()}
        if isinstance(frame, list):
            return [self._resolve(v) for v in frame]
        if frame == DECIDED:
            return self.decided[-1] if self.decided else "p-never-proposed"
        if isinstance(frame, str) and frame in self.ids:
            return self.ids[frame]
        return frame

    # --- what the user does --------------------------------------------------------------------

    async def _send_legit(self, frame: dict[str, Any], ws=None, expect: tuple[str, ...] = ("ack",)) -> dict:
        if frame["type"] == "send_message" and not frame["notebook"]:
            path, kernel = (
                ("fz-b.ipynb", KERNEL_B) if frame["chat_id"] == self.ids[CHAT_B] else ("fz-a.ipynb", KERNEL_A)
            )
            frame = {**frame, "notebook": self._resolve(view(path, kernel))}
        self.n += 1
        frame = {**frame, "request_id": f"l{self.n}"}
        (reply,) = await (ws or self.tab).replies([frame])
        self.legit_frames += 1
        assert reply["request_id"] == frame["request_id"] and (reply["type"], reply.get("code")) in [
            (t, None) if t == "ack" else ("error", t) for t in expect
        ], (frame, reply)
        if reply["type"] == "ack":
            self.last[frame["type"]] = frame
        return reply

    async def _propose(self) -> None:
        self.tab.received.clear()  # read from here on; the earlier turns have ended
        tag = f"P{self.n}"
        self.fake.reset()  # a stopped turn leaves its closing reply unused
        self.fake.script(run_code_call(_code(tag)), {"text": "done"})
        await self._send_legit({"type": "send_message", "chat_id": self.ids[CHAT_A], "text": "go", "notebook": ""})
        proposal = await self.tab.until("proposal", chat_id=self.ids[CHAT_A])
        self.ids[PENDING_A], self.tag = proposal["proposal_id"], tag

    async def _decide(self, then: str) -> None:
        pid, chat = self.ids[PENDING_A], self.ids[CHAT_A]
        if then == "none":
            return
        approve = {"type": "approve", "chat_id": chat, "proposal_id": pid, "code": _code(self.tag)}
        if then == "approve_edited":
            approve["code"] = _code(self.tag + "e")
        stop = {"type": "stop", "chat_id": chat}
        if then in ("approve", "approve_edited"):
            await self._send_legit(approve)
            self._took(pid, approve["code"], must_run=True)
        elif then == "reject":
            await self._send_legit({"type": "reject", "chat_id": chat, "proposal_id": pid, "reason": "no"})
        elif then == "stop":
            await self._send_legit(stop)
        else:  # Stop and approve on two sockets, both sent before either is answered
            first, second = (stop, approve) if then == "race_stop_first" else (approve, stop)
            ws = {"stop": self.tab, "approve": self.other}
            replies = await asyncio.gather(
                *(
                    self._send_legit(f, ws[f["type"]], ("ack", "proposal_decided") if f is approve else ("ack",))
                    for f in (first, second)
                )
            )
            reply = replies[[first, second].index(approve)]
            if reply["type"] == "ack":
                self._took(pid, approve["code"], must_run=False)
            self.outcomes[f"race: approve {reply['type']}"] += 1
        self.outcomes[then] += 1
        ended = await self.tab.until("turn_ended", chat_id=chat, timeout=120)
        assert ended["reason"] in ("answer", "stopped"), ended
        decided = [m for m in self.tab.of("proposal_decided") if m["proposal_id"] == pid]
        assert len(decided) == 1, decided  # the chat records what became of it, once
        self.started += [m["proposal_id"] for m in self.tab.of("execution_started") if m["proposal_id"] == pid]
        self.decided.append(pid)
        self.ids[PENDING_A] = ""

    def _took(self, pid: str, code: str, must_run: bool) -> None:
        tag = code.rsplit("'", 2)[-2]
        self.acked.add(tag)
        self.approved[pid] = tag
        if must_run:
            self.must_run.add(tag)

    # --- at the end ----------------------------------------------------------------------------

    def check_kernels_and_sockets(self, jp_fetch) -> None:
        self.loop.run_until_complete(self._final(jp_fetch))

    async def _final(self, jp_fetch) -> None:
        ran = ast.literal_eval(await self.kernel_eval(self.ids[KERNEL_A], "globals().get('_fz', [])"))
        assert "HOSTILE" not in ran and "B" not in ran
        assert len(ran) == len(set(ran)), "an approval ran twice"
        assert set(ran) <= self.acked, set(ran) - self.acked  # every run was an approval the server took
        assert self.must_run <= set(ran), self.must_run - set(ran)  # and every unraced one ran
        assert set(ran) <= {self.approved[p] for p in self.started}  # each run began as the chat showed
        for other in (KERNEL_B, LOOSE):
            assert await self.kernel_eval(self.ids[other], "globals().get('_fz', [])") == "[]", other
        for _, ws in self._sockets():  # still open, still answering
            assert await ws.replies([]) == []
        assert json.loads((await jp_fetch("gptinterp", "info")).body)["protocol_version"]


def _mentions(frame: Any, token: str) -> bool:
    if isinstance(frame, dict):
        return any(_mentions(v, token) for v in frame.values())
    return frame == token


def _code(tag: str) -> str:
    return f"globals().setdefault('_fz', []).append('{tag}')"


def test_hostile_frames_never_run_code_and_each_gets_one_reply(
    jp_asyncio_loop, chat_client, session_kernel, fake_llm, jp_fetch, kernel_eval, capsys
):
    world = World(jp_asyncio_loop, chat_client, session_kernel, fake_llm, jp_fetch, kernel_eval)
    examples = -(-FRAMES // BATCH)

    @seed(SEED)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # no shrinking against a live server: the seed replays a failure
        suppress_health_check=list(HealthCheck),
    )
    @given(frames=st.lists(hostile(), min_size=BATCH, max_size=BATCH), then=st.sampled_from(LEGIT))
    def example(frames: list[Hostile], then: str) -> None:
        world.run(frames, then)

    start = time.monotonic()
    try:
        example()
        world.check_kernels_and_sockets(jp_fetch)
    finally:
        with capsys.disabled():
            print(
                f"\nfuzz: seed {SEED} (GPTINTERP_FUZZ_SEED={SEED} replays it): {world.frames} hostile frames and "
                f"{world.legit_frames} legitimate ones in {time.monotonic() - start:.0f} s; "
                f"{len(world.started)} runs, each of an approval; {dict(world.outcomes)}; seconds "
                f"{ {k: round(v, 1) for k, v in world.seconds.items()} }"
            )
    assert world.frames >= FRAMES
