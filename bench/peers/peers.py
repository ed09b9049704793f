"""The peers and how each is pointed at the fake OpenAI-compatible model (found in their code, the
versions pinned here), with the fake model's script for each: the same three steps, in each
peer's own tool-calling shape.

A script is a list of replies the fake serves in order (`script`), or rules matched against the
last message of a request (`rules`); see tests/fake_llm.py for the reply format.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from task import FAIL, FINAL, FIX, LOAD

RELOAD_TASK = "[bench reload] Print a marker once more."
RELOAD_CODE = "print('AFTER-RELOAD-' + 'OK')"
# The reply to RELOAD_TASK for peers that run code without asking: streamed over ~10 s, so the
# page reloads while it is being written.
SLOW_REPLY = {"text": "Printed after the reload.", "chunk_chars": 1, "delay": 0.4}


@dataclass
class Peer:
    name: str
    version: str
    packages: list[str]  # pip requirements of its own virtualenv; [] = the product, from this environment
    configure: Callable[[Path, Path, str, str, str], dict[str, Any]]  # (home, root, base_url, model, key)
    rules: Callable[[int], list[dict[str, Any]]]  # the fake's rules for this peer, given the total
    notes: list[str] = field(default_factory=list)


def _call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "arguments": arguments}]}


# --- gptinterp: run_code proposals, approved by the user --------------------------------------


def _ours_config(home: Path, root: Path, url: str, model: str, key: str) -> dict[str, Any]:
    return {
        "traitlets": {
            "GPTInterp": {"base_url": url, "api_key": key, "model": model, "db_path": str(home / "history.sqlite3")}
        }
    }


def _ours_rules(total: int) -> list[dict[str, Any]]:
    return [
        {"pattern": r"\[bench reload\]", "reply": _call("run_code", code=RELOAD_CODE, reason="the marker")},
        {"pattern": "AFTER-RELOAD-OK", "reply": {"text": "Printed after the reload."}},
        {"pattern": r"bench task 7Q", "reply": _call("run_code", code=LOAD, reason="load the data")},
        {"pattern": "R0200", "reply": _call("run_code", code=FAIL, reason="sum the revenue")},
        {"pattern": "KeyError", "reply": _call("run_code", code=FIX, reason="the column is Revenue")},
        {"pattern": str(total), "reply": {"text": FINAL.format(total=total)}},
    ]


# --- jupyter-ai 3.2.0 (Jupyternaut): LiteLLM with api_base; tools run without asking ----------


def _jai_config(home: Path, root: Path, url: str, model: str, key: str) -> dict[str, Any]:
    litellm_id = f"openai/{model}"  # LiteLLM's OpenAI-compatible route; api_base points it at the fake
    return {
        "traitlets": {
            "JupyternautExtension": {
                "initial_language_model": litellm_id,
                "model_parameters": {litellm_id: {"api_base": url, "api_key": key}},
            }
        },
        "env": {"LITELLM_LOCAL_MODEL_COST_MAP": "True"},  # no download of LiteLLM's price list
    }


def _jai_rules(total: int) -> list[dict[str, Any]]:
    # Jupyternaut adds a cell (add_cell, into the open notebook's shared document), runs it with
    # the frontend's notebook:run-cell (run_cell), and reads outputs with read_notebook_cells,
    # which reads the notebook's file. Served in order: one reply per request.
    nb = "task.ipynb"
    steps = []
    for code in (LOAD, FAIL, FIX):
        steps += [
            _call("add_cell", file_path=nb, content=code),
            # the id add_cell answered with, as a model would copy it
            {**_call("run_cell", cell_id="?", file_path=nb), "from_last": {"cell_id": r'"cellId":\s*"([^"]+)"'}},
            _call("read_notebook_cells", notebook_path=nb),
        ]
    return [*steps, {"text": FINAL.format(total=total)}, SLOW_REPLY]


# --- Notebook Intelligence 6.2.0: an "openai-compatible" provider in ~/.jupyter/nbi/config.json --


def _nbi_config(home: Path, root: Path, url: str, model: str, key: str) -> dict[str, Any]:
    config = {
        "chat_model": {
            "provider": "openai-compatible",
            "model": "openai-compatible-chat-model",
            "properties": [
                {"id": "api_key", "value": key},
                {"id": "model_id", "value": model},
                {"id": "base_url", "value": url},
                {"id": "context_window", "value": "32000"},
            ],
        },
        "inline_completion_model": {"provider": "none", "model": "none", "properties": []},
    }
    nbi = home / ".jupyter" / "nbi"
    nbi.mkdir(parents=True, exist_ok=True)
    (nbi / "config.json").write_text(json.dumps(config, indent=1))
    return {}


def _nbi_rules(total: int) -> list[dict[str, Any]]:
    # Its notebook tools run in the browser without asking (auto-approved): add_code_cell (answers
    # "Added code cell at index N"; N is 0 in this notebook: it inserts at the top), run_cell
    # (answers "Ran the cell at index: N" once the frontend's run of the cell finished),
    # get_cell_output (what the cell's output area holds, bounded).
    cell = 0
    return [
        {"pattern": r"\[bench reload\]", "reply": SLOW_REPLY},
        {"pattern": r"bench task 7Q", "reply": _call("add_code_cell", source=LOAD)},
        {"pattern": r"Added code cell at index", "reply": _call("run_cell", cell_index=cell)},
        {"pattern": r"Ran the cell at index", "reply": _call("get_cell_output", cell_index=cell)},
        {
            "pattern": "R0200",
            "reply": _call("set_cell_type_and_source", cell_index=cell, cell_type="code", source=FAIL),
        },
        {
            "pattern": "KeyError",
            "reply": _call("set_cell_type_and_source", cell_index=cell, cell_type="code", source=FIX),
        },
        {"pattern": str(total), "reply": {"text": FINAL.format(total=total)}},
        # set_cell_type_and_source answers True (its command's return value): run the new source
        {"pattern": r"^True$", "reply": _call("run_cell", cell_index=cell)},
    ]


# --- Mito AI 0.1.69: the Ollama route (OLLAMA_MODEL + OLLAMA_BASE_URL, an OpenAI-compatible API) --


def _mito_config(home: Path, root: Path, url: str, model: str, key: str) -> dict[str, Any]:
    return {"env": {"OLLAMA_MODEL": model, "OLLAMA_BASE_URL": url}}


def _mito_reply(kind: str, message: str, code: str | None = None, update: str = "new") -> dict[str, Any]:
    # A new cell goes after the notebook's last cell; a modification replaces the last cell. Its id
    # is copied from the <Notebook> the request carries (the fake puts it where {{last}} stands).
    cell = {"type": update, "code": code, "code_summary": message, "cell_type": "code"}
    cell.update(
        {"after_cell_id": "{{last}}", "id": None} if update == "new" else {"after_cell_id": None, "id": "{{last}}"}
    )
    body = {
        "type": kind,
        "message": message,
        "cell_update": cell if code else None,
        "get_cell_output_cell_id": None,
        "next_steps": None,
        "analysis_assumptions": None,
        "streamlit_app_prompt": None,
        "question": None,
        "answers": None,
        "scratchpad_code": None,
        "scratchpad_summary": None,
        "mcp_tool_call": None,
        "skill_name": None,
    }
    if kind == "get_cell_output":
        body["get_cell_output_cell_id"] = "{{last}}"
    # the last "id" before </Notebook>
    return {"text": json.dumps(body), "from_last": {"last": r'(?s)"id": "([^"]+)"(?:(?!"id": ).)*</Notebook>'}}


def _mito_rules(total: int) -> list[dict[str, Any]]:
    # Mito's agent (server side) asks for one JSON object per step (a response_format schema): a
    # cell to add or change, which it then runs itself, or done. After a run it tells the model
    # "Tool 'cell_update' succeeded" with the variables (5 sample values of each column) and the
    # cells' sources, not the cell's output: the model has to ask for it (get_cell_output), and
    # gets a screenshot of the output (a PNG), no text. The fake cannot look at it: it answers as
    # a vision model that read it would, from the step the notebook's sources show.
    slow_done = {**_mito_reply("finished_task", "Printed after the reload."), "stall": 8}
    seen = r"(?s)Tool 'get_cell_output' succeeded.*"
    return [
        {"pattern": r"\[bench reload\]", "reply": slow_done},
        {"pattern": r"bench task 7Q", "reply": _mito_reply("cell_update", "Load the data", LOAD)},
        {"pattern": r"Tool 'cell_update' succeeded", "reply": _mito_reply("get_cell_output", "Read the output")},
        {"pattern": "KeyError", "reply": _mito_reply("cell_update", "The column is Revenue", FIX, "modification")},
        # latest step first: the fix's source, then the failing one's, then only the load
        {"pattern": seen + re.escape(FIX), "reply": _mito_reply("finished_task", FINAL.format(total=total))},
        {
            "pattern": seen + re.escape(FAIL),
            "reply": _mito_reply("cell_update", "The column is Revenue", FIX, "modification"),
        },
        {"pattern": seen, "reply": _mito_reply("cell_update", "Sum the revenue", FAIL)},
    ]


PEERS = [
    Peer("gptinterp", "(this branch)", [], _ours_config, _ours_rules),
    Peer("jupyter-ai", "3.2.0", ["jupyter-ai[jupyternaut]==3.2.0"], _jai_config, _jai_rules),
    Peer("notebook-intelligence", "6.2.0", ["notebook-intelligence==6.2.0"], _nbi_config, _nbi_rules),
    Peer("mito-ai", "0.1.69", ["mito-ai==0.1.69"], _mito_config, _mito_rules),
]
