"""Score again what a run recorded (after a scorer fix, or from a run that was cut short).

    python eval/rescore.py eval/runs/X.json|X.progress.jsonl   answers kept by run.py
    python eval/rescore.py eval/results/heldout-full.json --set heldout
    python eval/rescore.py history.sqlite3 --mode single          a server's chat history

Prints the per-difficulty table (run.py's) and writes nothing unless --out is given.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import score  # noqa: E402
from run import load_set, summary  # noqa: E402

TASKS: list = []


def from_history(path: str) -> list[dict]:
    """One row per chat of a server's history: the task is found by its question."""
    by_question = {t.question: t for t in TASKS}
    db = sqlite3.connect(path)
    chats: dict[str, list[dict]] = {}
    for chat_id, data in db.execute("select chat_id, data from events order by chat_id, seq"):
        chats.setdefault(chat_id, []).append(json.loads(data))
    rows = []
    for events in chats.values():
        question = next((e["text"] for e in events if e["type"] == "user_message"), "")
        ended = next((e for e in events if e["type"] == "turn_ended"), None)
        task = by_question.get(question)
        if task is None or ended is None:
            continue
        messages = [e["text"] for e in events if e["type"] == "assistant_message"]
        answer = messages[-1] if messages and ended["reason"] == "answer" else ""
        proposals = sum(e["type"] == "proposal" for e in events)
        starts = [e["ts"] for e in events if e["type"] == "user_message"]
        rows.append(
            {
                "id": task.id,
                "difficulty": task.difficulty,
                "reason": ended["reason"],
                "answer": answer,
                "steps": proposals + (1 if answer else 0),
                "executions": sum(e["type"] == "execution_started" for e in events),
                "seconds": round(ended["ts"] - starts[0], 1) if starts else 0,
                "prompt_tokens": ended.get("prompt_tokens", 0),
            }
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("source")
    parser.add_argument("--mode", default=None, help="name of the mode (history files hold one)")
    parser.add_argument("--set", default="dev", help="the task set the answers belong to")
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    _, taskset = load_set(args.set)
    TASKS[:] = taskset.TASKS
    refs = taskset.references()
    tasks = {t.id: t for t in TASKS}
    results: dict[str, list[dict]] = {}
    if args.source.endswith(".sqlite3"):
        results[args.mode or "run"] = from_history(args.source)
    elif args.source.endswith(".jsonl"):
        for line in open(args.source):
            row = json.loads(line)
            results.setdefault(row.pop("mode"), []).append(row)
    else:
        recorded = json.loads(Path(args.source).read_text())["results"]
        if isinstance(recorded, list):  # a canonical file: one set, one mode
            results = {args.mode or "run": recorded}
        else:  # a run: sets, then modes
            results = recorded.get(args.set, recorded)
    order = {t.id: i for i, t in enumerate(TASKS)}
    for rows in results.values():
        rows.sort(key=lambda r: order[r["id"]])
        for r in rows:
            t = tasks[r["id"]]
            r["reference"] = refs[t.id]
            r["correct"] = score.correct(r.get("answer", ""), refs[t.id], t.kind, t.aliases)
    for name, rows in results.items():
        for r in rows:
            print(
                f"[{name}] {'ok  ' if r['correct'] else 'FAIL'} {r['difficulty']:<6} {r['id']:<20} {r['reason']:<9} "
                f"steps={r['steps']} {r['seconds']:>6}s answer={r.get('answer', '')[:80]!r}"
            )
    table = summary({args.set: results})
    print(table)
    if args.out:
        Path(args.out).write_text(json.dumps({"results": results, "table": table}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
