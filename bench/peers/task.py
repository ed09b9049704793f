"""The task every peer is given, the same for all: the data, the notebook, the code of each step,
and how to tell, in a request the model received, whether a step's output reached it.

Three steps: load a CSV and print it (200 rows, each with its own id, so how much of the output
reached the model can be counted), a cell that fails (a misspelt column: KeyError), its fix, and
a final answer.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

TASK = "Load sales.csv, show it, and tell me the total Revenue. [bench task 7Q]"
ROWS = 200
LOAD = "import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint(df.to_string())"
FAIL = "print(df['revenue'].sum())"
FIX = "print(df['Revenue'].sum())"
FINAL = "The total Revenue is {total}."
STEP_CODE = {"load": LOAD, "fail": FAIL, "fix": FIX}


def write(root: Path) -> int:
    """Write sales.csv and task.ipynb into `root`; return the total the fix prints."""
    rng = random.Random(7)
    lines = ["id,month,region,Revenue"]
    total = 0
    for i in range(1, ROWS + 1):
        revenue = rng.randint(100, 9999)
        total += revenue
        lines.append(f"R{i:04d},2026-{(i % 12) + 1:02d},{rng.choice(['north', 'south', 'east', 'west'])},{revenue}")
    (root / "sales.csv").write_text("\n".join(lines) + "\n")
    notebook = {
        "cells": [{"cell_type": "markdown", "id": "intro", "metadata": {}, "source": "# Sales"}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / "task.ipynb").write_text(json.dumps(notebook, indent=1))
    return total


def request_text(body: dict) -> str:
    """What a request brings the model, besides its own earlier words: the text of its system,
    user and tool messages (tool results included). Assistant messages are left out: the model's
    own answer that quotes a number is not an output reaching it."""
    parts = []
    for message in body.get("messages") or []:
        if message.get("role") == "assistant":
            continue
        content = message.get("content")
        if isinstance(content, list):
            parts += [p.get("text", "") for p in content if isinstance(p, dict)]
        elif content:
            parts.append(str(content))
    return "\n".join(parts)


def images(body: dict) -> list[int]:
    """The sizes (characters of their data URLs) of the images a request carries."""
    return [
        len(str((part.get("image_url") or {}).get("url", "")))
        for message in body.get("messages") or []
        if isinstance(message.get("content"), list)
        for part in message["content"]
        if isinstance(part, dict) and part.get("type") == "image_url"
    ]


def rows_seen(text: str) -> int:
    """How many of the loaded rows' ids the model was shown."""
    return sum(f"R{i:04d}" in text for i in range(1, ROWS + 1))


_ANSI = re.compile(r"(\x1b|\\u001b|\\x1b)\[[0-9;]*m")
_FAILED = re.compile(r"KeyError[^A-Za-z]{1,40}revenue|get_loc")  # the message, or pandas' frames


def error_seen(text: str) -> bool:
    """Whether the failing cell's error (not just the word KeyError, which prompts mention) is in `text`."""
    return bool(_FAILED.search(_ANSI.sub("", text)))
