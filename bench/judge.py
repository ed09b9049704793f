"""Which judge tells a right output from a wrong one, on the embedded model? Cases from past runs.

    python bench/judge.py --per-label 20      # ~15 minutes on a quiet 2-core machine (not in CI)

The check call (does this output answer exactly the question?) decides whether a turn ends on an
output, and on the held-out sets it takes most wrong outputs (a year the code never selected, a
month of any year). This asks judges, greedily and side by side, about outputs whose verdict is
known: the last output of each past turn that ended on an answer after a run, labelled by whether
that answer was right. The cases come from the canonical results of the development set and of
the held-out sets that have been read (`--sets`); never pass the clean held-out set, or it is
spent. Judges:

- `check`: the check call as the loop makes it (the question, the code, the output; its own
  list of the question's parts, each marked done or not);
- `blind`: two calls. The first sees only the code and its output and says what was computed,
  with every condition the code applied; the second sees only the question and that sentence,
  and says whether they ask for the same thing. A small model shown the question beside the code
  reads the question into the code; described without the question, the code cannot borrow it.

It prints each verdict and, per judge, how many right outputs it accepted and wrong ones it caught.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "eval"))

import run as eval_run  # noqa: E402

from jupyterlab_gptinterp.agent import prompts  # noqa: E402
from jupyterlab_gptinterp.agent.context import head_tail  # noqa: E402
from jupyterlab_gptinterp.agent.seams import Completion  # noqa: E402
from jupyterlab_gptinterp.local_model import LocalChat, LocalModelServer  # noqa: E402

BUDGET = 1500  # characters of output a judge sees, as the loop's default result budget
READ_SETS = ["dev", *(f"heldout{n}" if n > 1 else "heldout" for n in range(1, 18))]

DESCRIBE_SYSTEM = (
    "You read a Python cell and what it printed, and say in one sentence what the printed value is: what was "
    "computed, over which rows, with every condition the code applied (years, months, categories, how missing "
    "values were treated, grouping) and none it did not. Reply with JSON only."
)
DESCRIBE_SCHEMA = {
    "type": "object",
    "properties": {"computes": {"type": "string", "maxLength": 300}},
    "required": ["computes"],
    "additionalProperties": False,
}
COMPARE_SYSTEM = (
    "You compare a question with a description of a computed value. They match only if the value is exactly "
    "what the question asks: every condition of the question (a year, a month of a year, a category, a unit, "
    "per group or overall) is in the description. Reply with JSON only."
)
COMPARE_SCHEMA = {
    "type": "object",
    "properties": {"differs": {"type": "string", "maxLength": 200}, "matches": {"type": "boolean"}},
    "required": ["differs", "matches"],
    "additionalProperties": False,
}


def cases(sets: list[str], per_label: int, seed: int) -> list[dict[str, Any]]:
    """(question, code, printed, right) of past turns that ended on an answer after a run that worked."""
    found: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
    for name in sets:
        path = HERE.parent / "eval" / "results" / f"{name}-full.json"
        if not path.exists():
            continue
        rows = json.loads(path.read_text())["results"]
        rows = rows if isinstance(rows, list) else next(iter(rows.values()))["full"]
        questions = {t.id: t.question for t in eval_run.load_set(name)[1].TASKS}
        for r in rows:
            outcomes = zip(r.get("codes", []), r.get("outputs", []), r.get("exec_status", []))  # older rows lack them
            ran = [(c, o) for c, o, s in outcomes if s == "ok" and o.strip()]
            if r["reason"] != "answer" or not ran or r["id"] not in questions:
                continue
            code, printed = ran[-1]
            found[bool(r["correct"])].append(
                {"set": name, "id": r["id"], "question": questions[r["id"]], "code": code, "printed": printed}
            )
    rng = random.Random(seed)
    picked = []
    for right, group in found.items():
        for case in rng.sample(group, min(per_label, len(group))):
            picked.append({**case, "right": right})
    rng.shuffle(picked)
    return picked


async def ask(chat: LocalChat, messages: list[dict[str, str]], schema: dict[str, Any]) -> dict[str, Any]:
    replies = [e async for e in chat.stream(messages, None, schema=schema) if isinstance(e, Completion)]
    try:
        reply = json.loads(replies[-1].text)
    except (IndexError, ValueError):
        return {}
    return reply if isinstance(reply, dict) else {}


async def check(chat: LocalChat, case: dict[str, Any]) -> tuple[bool, str]:
    """As calls.check reads the reply: a part marked not done outweighs `answers`."""
    printed = head_tail(case["printed"], BUDGET)
    reply = await ask(chat, prompts.check_messages(case["question"], case["code"], printed), prompts.CHECK_SCHEMA)
    parts = reply.get("parts") if isinstance(reply.get("parts"), list) else []
    undone = [str(p.get("part")) for p in parts if isinstance(p, dict) and p.get("done") is False]
    return reply.get("answers") is True and not undone, "; ".join(undone) or str(reply.get("missing") or "")


async def blind(chat: LocalChat, case: dict[str, Any]) -> tuple[bool, str]:
    cell = f"Code:\n```python\n{case['code']}\n```\n\nIt printed:\n```\n{head_tail(case['printed'], BUDGET)}\n```"
    described = await ask(
        chat, [{"role": "system", "content": DESCRIBE_SYSTEM}, {"role": "user", "content": cell}], DESCRIBE_SCHEMA
    )
    computes = str(described.get("computes") or "")
    pair = f"Question: {case['question']}\n\nComputed value: {computes}"
    compared = await ask(
        chat, [{"role": "system", "content": COMPARE_SYSTEM}, {"role": "user", "content": pair}], COMPARE_SCHEMA
    )
    return compared.get("matches") is True, f"{computes} | {compared.get('differs') or ''}"


JUDGES = {"check": check, "blind": blind}


async def main(args: argparse.Namespace) -> None:
    picked = cases(args.sets, args.per_label, args.seed)
    print(f"{len(picked)} cases ({sum(c['right'] for c in picked)} right outputs) from {', '.join(args.sets)}")
    server = LocalModelServer(None, Path.home() / ".cache" / "gptinterp")
    chat = LocalChat(server)
    tally = {name: {"accepted right": 0, "caught wrong": 0, "seconds": 0.0} for name in JUDGES}
    try:
        for case in picked:
            print(f"\n[{case['set']}/{case['id']}] right={case['right']}: {case['question'][:110]}", flush=True)
            for name, judge in JUDGES.items():
                start = time.monotonic()
                accepts, why = await judge(chat, case)
                tally[name]["seconds"] += time.monotonic() - start
                tally[name]["accepted right" if case["right"] else "caught wrong"] += accepts == case["right"]
                mark = "ok " if accepts == case["right"] else "BAD"
                print(f"  {mark} {name:6} accepts={accepts!s:5} {why[:160]}", flush=True)
    finally:
        server.stop()
    rights = sum(c["right"] for c in picked)
    for name, t in tally.items():
        print(
            f"{name:6}: accepted {t['accepted right']}/{rights} right outputs, caught {t['caught wrong']}/"
            f"{len(picked) - rights} wrong ones; {t['seconds'] / max(len(picked), 1):.1f} s a case"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=READ_SETS, help="task sets whose canonical results give cases")
    parser.add_argument("--per-label", type=int, default=20, help="right and wrong outputs, this many of each")
    parser.add_argument("--seed", type=int, default=7)
    asyncio.run(main(parser.parse_args()))
