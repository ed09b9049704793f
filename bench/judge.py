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
- `plain`: as `blind`, with a describe prompt that lists no kinds of condition (the `blind`
  descriptions copy that list, and the comparison then finds conditions the question lacks);
- `lacking`: the plain description, compared by first naming the one thing the question asks for
  that it lacks, after four worked examples.

`--judges` picks some of them. Judges with one describe prompt share its reply, so the seconds of
the second exclude it.

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
DESCRIBE_PLAIN_SYSTEM = (
    "You read a Python cell and what it printed, and say in one sentence what the printed value is: what was "
    "computed and from which rows. Name a filter only if the code has it. Reply with JSON only."
)
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
COMPARE_ONE_SYSTEM = (
    "You compare a question with a description of a computed value. First name the one thing the question asks "
    "for that the description lacks or contradicts (a year, a month of a year, a category, a unit, a filter, "
    "per group or overall), or leave it empty when there is none. It matches only when nothing is lacking. "
    "Reply with JSON only."
)
COMPARE_ONE_EXAMPLES = [
    (
        "Question: How many orders were shipped to Spain in 2023?\n\nComputed value: the number of rows of "
        "orders whose country is Spain, over all years",
        {"lacking": "only 2023", "matches": False},
    ),
    (
        "Question: What is the average price in prices.csv?\n\nComputed value: the mean of the price column over "
        "all rows, after dropping missing prices",
        {"lacking": "", "matches": True},
    ),
    (
        "Question: Which city had the most visitors in March 2022?\n\nComputed value: the city with the largest "
        "sum of visitors over the rows dated March 2022",
        {"lacking": "", "matches": True},
    ),
    (
        "Question: What share of tickets were refunded?\n\nComputed value: the list of the column names of the "
        "tickets table",
        {"lacking": "the share of refunded tickets", "matches": False},
    ),
]
COMPARE_ONE_SCHEMA = {
    "type": "object",
    "properties": {"lacking": {"type": "string", "maxLength": 200}, "matches": {"type": "boolean"}},
    "required": ["lacking", "matches"],
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


async def describe(chat: LocalChat, case: dict[str, Any], system: str) -> str:
    """What the code computed, in one sentence; asked once per case and prompt (judges share it)."""
    said = case.setdefault("described", {})
    if system not in said:
        said[system] = await _describe(chat, case, system)
    return str(said[system])


async def _describe(chat: LocalChat, case: dict[str, Any], system: str) -> str:
    cell = f"Code:\n```python\n{case['code']}\n```\n\nIt printed:\n```\n{head_tail(case['printed'], BUDGET)}\n```"
    described = await ask(
        chat, [{"role": "system", "content": system}, {"role": "user", "content": cell}], DESCRIBE_SCHEMA
    )
    return str(described.get("computes") or "")


async def compare(chat: LocalChat, case: dict[str, Any], describe_system: str) -> tuple[bool, str]:
    computes = await describe(chat, case, describe_system)
    pair = f"Question: {case['question']}\n\nComputed value: {computes}"
    compared = await ask(
        chat, [{"role": "system", "content": COMPARE_SYSTEM}, {"role": "user", "content": pair}], COMPARE_SCHEMA
    )
    return compared.get("matches") is True, f"{computes} | {compared.get('differs') or ''}"


async def blind(chat: LocalChat, case: dict[str, Any]) -> tuple[bool, str]:
    return await compare(chat, case, DESCRIBE_SYSTEM)


async def plain(chat: LocalChat, case: dict[str, Any]) -> tuple[bool, str]:
    """As `blind`, but the description is not primed with a list of kinds of condition."""
    return await compare(chat, case, DESCRIBE_PLAIN_SYSTEM)


async def lacking(chat: LocalChat, case: dict[str, Any]) -> tuple[bool, str]:
    """The plain description, compared by naming the one thing lacking, after worked examples."""
    computes = await describe(chat, case, DESCRIBE_PLAIN_SYSTEM)
    messages = [{"role": "system", "content": COMPARE_ONE_SYSTEM}]
    for pair, verdict in COMPARE_ONE_EXAMPLES:
        messages += [{"role": "user", "content": pair}, {"role": "assistant", "content": json.dumps(verdict)}]
    messages.append({"role": "user", "content": f"Question: {case['question']}\n\nComputed value: {computes}"})
    compared = await ask(chat, messages, COMPARE_ONE_SCHEMA)
    lacks = str(compared.get("lacking") or "")
    return compared.get("matches") is True and not lacks.strip(), f"{computes} | {lacks}"


JUDGES = {"check": check, "blind": blind, "plain": plain, "lacking": lacking}


async def main(args: argparse.Namespace) -> None:
    picked = cases(args.sets, args.per_label, args.seed)
    print(f"{len(picked)} cases ({sum(c['right'] for c in picked)} right outputs) from {', '.join(args.sets)}")
    server = LocalModelServer(None, Path.home() / ".cache" / "gptinterp")
    chat = LocalChat(server)
    judges = {name: JUDGES[name] for name in args.judges}
    tally = {name: {"accepted right": 0, "caught wrong": 0, "seconds": 0.0} for name in judges}
    try:
        for case in picked:
            print(f"\n[{case['set']}/{case['id']}] right={case['right']}: {case['question'][:110]}", flush=True)
            for name, judge in judges.items():
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
    parser.add_argument("--judges", nargs="+", default=list(JUDGES), choices=list(JUDGES), help="which judges to run")
    asyncio.run(main(parser.parse_args()))
