"""Does llama.cpp's draftless speculative decoding make the embedded model write faster?

    python bench/speculative.py         # ~10 minutes on a quiet 2-core machine (not in CI)

The model's code mostly copies text its prompt holds (the preview's load block, column names),
which an n-gram lookup in the context can draft and the model verify in one batch. Each variant
is a fresh embedded server; all are asked the same calls, greedily, timed by the server itself:
the first calls of real turns (the loop's system prompt with the development set's previews),
and fix calls, where the model's earlier cell failed and it writes the cell again (most of the
writing on hard questions: a rewrite is 80-99 % the cell before it, which the context holds).
Prints, per variant and kind of call, the generation speed, the drafted and accepted tokens, the
prompt speed, and whether every reply (and two check calls' JSON) is the same as without
speculation (greedy decoding should not change it).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "eval"))

import data  # noqa: E402  the development set's files

from jupyterlab_gptinterp import local_model  # noqa: E402
from jupyterlab_gptinterp.agent import prompts  # noqa: E402
from jupyterlab_gptinterp.agent.aids.preview import PREVIEW_BUDGET, render  # noqa: E402
from jupyterlab_gptinterp.agent.context import outcome_for_model  # noqa: E402
from jupyterlab_gptinterp.agent.outcome import Outcome  # noqa: E402
from jupyterlab_gptinterp.workspace import DiskWorkspace  # noqa: E402

QUESTIONS = [
    ("sales.csv", "What is the total amount of the orders placed in March 2024 in sales.csv?"),
    ("employees.tsv", "Which department has the highest average salary in employees.tsv?"),
    ("inventory.csv", "What is the total weight in kg of all the stock in inventory.csv?"),
    ("weather.json", "What is the average rain_mm per city in weather.json?"),
    ("server.log", "Which URL path has the highest average response time in server.log?"),
]
# A first cell for each question, with a slip of the kind the model makes; it runs for real and its
# error is what the fix call sees.
FAILING = [
    "import pandas as pd\ndf = pd.read_csv('sales.csv')\ndf['order_date'] = pd.to_datetime(df['order_date'])\n"
    "march = df[(df['order_date'].dt.month == 3) & (df['order_date'].dt.year == 2024)]\n"
    "print(march['amount'].sum())",
    "import pandas as pd\ndf = pd.read_csv('employees.tsv')\nprint(df.groupby('department')['salary'].mean().idxmax())",
    "import pandas as pd\ndf = pd.read_csv('inventory.csv')\ndf['weight_kg'] = df['weight'].astype(float)\n"
    "print((df['weight_kg'] * df['stock']).sum())",
    "import pandas as pd\ndf = pd.read_json('weather.json')\nprint(df.groupby('City')['rain_mm'].mean())",
    "import pandas as pd\ndf = pd.read_csv('server.log', sep=' ')\nprint(df.groupby('path')['ms'].mean().idxmax())",
]
# name: speculative types
VARIANTS: dict[str, tuple[str, ...]] = {
    "none": (),
    "ngram-simple": ("NGRAM_SIMPLE",),
    "ngram-mod": ("NGRAM_MOD",),
    "ngram-map-k": ("NGRAM_MAP_K",),
}


async def first_calls(root: Path, questions: list[tuple[str, str]] = QUESTIONS) -> list[list[dict[str, str]]]:
    """The messages of each (file, question)'s first model call, as the loop builds them."""
    workspace = DiskWorkspace(root)
    calls = []
    for name, question in questions:
        files = await workspace.profiles("q.ipynb", [name])
        context = render(files, PREVIEW_BUDGET, workspace.pandas_version(), question)
        system = prompts.system_prompt("fenced", "Notebook q.ipynb: empty.", context=context)
        calls.append([{"role": "system", "content": system}, {"role": "user", "content": question}])
    return calls


def failed(root: Path, code: str) -> str:
    """What the loop tells the model after `code` failed in `root`. The run is real, in a fresh
    Python rather than a kernel: the error without the traceback's quoted lines, and without the
    hints aid's notes."""
    probe = (
        "import json, sys, traceback\ntry:\n    exec(compile(sys.argv[1], '<cell>', 'exec'), {})\n"
        "except Exception as e:\n    print(json.dumps({'output_type': 'error', 'ename': type(e).__name__, "
        "'evalue': str(e), 'traceback': traceback.format_exception_only(e)}))\n    sys.exit(3)"
    )
    done = subprocess.run([sys.executable, "-c", probe, code], cwd=root, capture_output=True, text=True, timeout=120)
    if done.returncode != 3:  # this pandas accepts what an older one rejected: the bench needs another slip
        raise SystemExit(f"bench/speculative.py: this cell no longer fails, so it makes no fix call:\n{code}")
    error = json.loads(done.stdout.strip().splitlines()[-1])
    return outcome_for_model(Outcome(proposed=code, decision="approved", code=code, status="error", outputs=[error]))


def fix_calls(root: Path, firsts: list[list[dict[str, str]]]) -> list[list[dict[str, str]]]:
    """Each first call, its failing cell as the model's reply, and that cell's error."""
    return [
        [
            *first,
            {"role": "assistant", "content": f"Compute it from the file.\n```python\n{code}\n```"},
            {"role": "user", "content": prompts.result_message(failed(root, code))},
        ]
        for first, code in zip(firsts, FAILING)
    ]


CHECKS = [  # check calls (a reply constrained to a JSON schema): the same replies with speculation too?
    ("How many rows are in sales.csv?", "print(len(df))", "150"),
    ("Which region has the most orders?", "print(df['region'].value_counts())", "region\nNorth    52\nSouth    41"),
]


def ask(url: str, messages: list[dict[str, str]], schema: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
    body: dict[str, Any] = {"model": "m", "messages": messages, "max_tokens": 400, "temperature": 0}
    body["cache_prompt"] = False
    if schema is not None:
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": "r", "schema": schema, "strict": True},
        }
    request = urllib.request.Request(
        url + "/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=600) as response:
        reply = json.load(response)
    return reply["choices"][0]["message"]["content"], reply.get("timings") or {}


TIMINGS = ("predicted_n", "predicted_ms", "prompt_n", "prompt_ms", "draft_n", "draft_n_accepted")


def variant(
    model: Path, types: tuple[str, ...], calls: dict[str, list[list[dict[str, str]]]]
) -> tuple[list[str], dict[str, dict[str, float]]]:
    threads = os.cpu_count() or 1
    port = local_model.free_port()
    server = local_model.start_server(model, "127.0.0.1", port, "", 8192, threads, speculative=types)
    url = server.listening_address.rstrip("/") + "/v1"
    ask(url, calls["first"][0])  # warm up: the first call after a start is slow for reasons of its own
    texts: list[str] = []
    total = {kind: dict.fromkeys((*TIMINGS, "with_code"), 0.0) for kind in calls}
    for kind, asked in calls.items():
        for messages in asked:
            text, timings = ask(url, messages)
            texts.append(text)
            for key in TIMINGS:
                total[kind][key] += float(timings.get(key) or 0)
            total[kind]["with_code"] += prompts.fenced_code(text) is not None
    texts += [ask(url, prompts.check_messages(*case), prompts.CHECK_SCHEMA)[0] for case in CHECKS]
    del server
    return texts, total


def main() -> None:
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model = local_model.assemble_model(cache)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        data.write_files(root)
        firsts = asyncio.run(first_calls(root))
        calls = {"first": firsts, "fix": fix_calls(root, firsts)}
    base: list[str] = []
    for name, types in VARIANTS.items():
        texts, totals = variant(model, types, calls)
        base = base or texts
        same = sum(a == b for a, b in zip(texts, base))
        for kind, t in totals.items():
            print(
                f"{name:<15} {kind:<5} writing {t['predicted_n'] / max(t['predicted_ms'], 1) * 1000:5.1f} tokens/s "
                f"({t['predicted_n']:.0f} tokens, {t['predicted_ms'] / 1000:5.1f} s); "
                f"drafted {t['draft_n']:.0f}, accepted {t['draft_n_accepted']:.0f}; "
                f"reading {t['prompt_n'] / max(t['prompt_ms'], 1) * 1000:5.1f} tokens/s; "
                f"replies with code {t['with_code']:.0f}/{len(calls[kind])}",
                flush=True,
            )
        print(f"{name:<15} replies as without: {same}/{len(texts)}", flush=True)


if __name__ == "__main__":
    main()
