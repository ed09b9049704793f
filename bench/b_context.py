"""4. Context: the model's view of a 2,000-cell notebook with outputs (notebook_for_model), and
the same with the validation of the view as it arrives on the websocket (send_message)."""

from __future__ import annotations

import json
import time

from harness import Row, check, median, ms, pct

from jupyterlab_gptinterp.agent.context import notebook_for_model
from jupyterlab_gptinterp.agent.loop import LoopConfig
from jupyterlab_gptinterp.protocol import NotebookView, client_message_adapter


def big_notebook(cells: int = 2000) -> dict:
    out = []
    for i in range(cells):
        if i % 5 == 4:
            out.append({"id": f"md{i}", "cell_type": "markdown", "source": f"## Step {i}\nWhy we do this. " * 3})
            continue
        src = "\n".join(f"df_{i}_{j} = df.groupby('k{j}').value.sum()  # line {j}" for j in range(12))
        outputs = [("\n".join(f"{i:>5} {j:>4} \x1b[31m{j * 3.14159:.3f}\x1b[0m" for j in range(60)))]
        if i % 50 == 7:
            outputs.append("Traceback (most recent call last):\n" + "  File <cell>, line 1\n" * 30 + "KeyError: 'x'")
        out.append({"id": f"c{i}", "cell_type": "code", "source": src, "execution_count": i, "outputs": outputs})
    return {"path": "big.ipynb", "kernel_id": "k", "active_cell_id": f"c{cells // 2 + 1}", "cells": out}


async def run(quick: bool) -> list[Row]:
    budget = LoopConfig().notebook_budget  # the configured default (GPTInterp.notebook_budget)
    raw = big_notebook()
    nb = NotebookView.model_validate(raw)
    message = json.dumps({"type": "send_message", "chat_id": "c-1", "text": "go", "notebook": raw})
    reps = 5 if quick else 50
    view_t: list[float] = []
    full_t: list[float] = []
    text = ""
    for _ in range(reps):
        t = time.perf_counter()
        text = notebook_for_model(nb, budget)
        view_t.append(time.perf_counter() - t)
        t = time.perf_counter()
        notebook_for_model(client_message_adapter.validate_json(message).notebook, budget)
        full_t.append(time.perf_counter() - t)
    check(
        "(active)" in text and "other cells not shown" in text,
        "context: the view lacks the active cell or the omission note",
    )
    check("\x1b[" not in text, "context: ANSI escapes reached the model")
    body = text.split("\n\n", 1)[1].rsplit("\n\n[", 1)[0]  # the cells, without header and note
    return [
        Row(
            "4 context",
            f"notebook_for_model, 2,000 cells ({len(message) / 1e6:.1f} MB as sent)",
            f"{ms(median(view_t))} (p99 {ms(pct(view_t, 99))})",
            goal="<= 50 ms",
            ok=median(view_t) <= 0.050,
        ),
        Row(
            "4 context",
            "  + validating the send_message that carries it",
            f"{ms(median(full_t))} (p99 {ms(pct(full_t, 99))})",
        ),
        Row(
            "4 context",
            f"size of the view (budget {budget:,} chars)",
            f"{len(text):,} chars (cells {len(body):,} + header/note {len(text) - len(body)})",
            goal=f"<= {budget:,}",
            ok=len(text) <= budget,
        ),
    ]
