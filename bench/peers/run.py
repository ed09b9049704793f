"""Side by side with the peers: the same fake model, notebook and three-step task, in a real browser.

    python bench/peers/run.py                      every peer (creates their environments once)
    python bench/peers/run.py --only gptinterp jupyter-ai
    python bench/peers/run.py --save               also write the table to bench/peers/results.md
    python bench/peers/run.py --measure bench/peers/runs/<time> [--save]   measure a recorded run again

Not part of CI. Each peer gets its own virtualenv under bench/peers/envs/ (never the product's
dependencies), its own JupyterLab on a free loopback port with a fresh HOME and root, and is
driven in Debian's Chromium by drive.js (Playwright from ui-tests/node_modules). One fake LLM
(tests/fake_llm.py, its own process) serves every peer; it records each request and when it
arrived. Each run writes bench/peers/runs/<time>/ (ignored): per peer, the server log, the
driver's log and screenshots, and results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import peers as _peers  # noqa: E402
import task  # noqa: E402

MODEL = "fake-model"
KEY = "sk-bench-peers-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(url: str, data: Any = None) -> Any:
    body = None if data is None else json.dumps(data).encode()
    req = urllib.request.Request(url, body, {"Content-Type": "application/json"} if body else {})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read() or b"null")


def wait_http(url: str, proc: subprocess.Popen[Any], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the process exited ({proc.returncode}) before {url} answered")
        try:
            urllib.request.urlopen(url, timeout=5).read()
            return
        except Exception:
            time.sleep(0.5)
    raise RuntimeError(f"{url} did not answer within {timeout:g} s")


def stop(proc: subprocess.Popen[Any] | None) -> None:
    """Our own process and its group (the kernels it started)."""
    if proc is None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def ensure_env(peer: _peers.Peer, log: Path) -> Path:
    """The peer's virtualenv (its bin/), made once: its pinned packages, JupyterLab, pandas."""
    if not peer.packages:
        return Path(sys.executable).parent  # the product itself: the environment running this
    env = HERE / "envs" / peer.name
    marker = env / "installed.txt"
    wanted = " ".join([*peer.packages, "jupyterlab==4.6.6", "pandas"])
    if marker.exists() and marker.read_text() == wanted:
        return env / "bin"
    shutil.rmtree(env, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(env)], check=True)
    with open(log, "a") as out:
        subprocess.run([str(env / "bin" / "pip"), "install", "-q", *wanted.split()], check=True, stdout=out, stderr=out)
    marker.write_text(wanted)
    return env / "bin"


def run_peer(peer: _peers.Peer, fake_url: str, out: Path, total: int) -> dict[str, Any]:
    out.mkdir(parents=True)
    result: dict[str, Any] = {"peer": peer.name, "version": peer.version}
    bin_dir = ensure_env(peer, out / "install.log")
    home, root = out / "home", out / "root"
    home.mkdir()
    root.mkdir()
    # The same JupyterLab for every peer: no news toast over the chat's buttons.
    settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    task.write(root)
    port, token = free_port(), secrets.token_hex(12)
    config = peer.configure(home, root, fake_url, MODEL, KEY)
    server_config = {
        "ServerApp": {
            "ip": "127.0.0.1",
            "port": port,
            "port_retries": 0,
            "open_browser": False,
            "allow_root": True,
            "root_dir": str(root),
            "token": token,
        },
        "LabApp": {"extension_manager": "readonly"},
        **config.get("traitlets", {}),
    }
    cfg = out / "jupyter_server_config.json"
    cfg.write_text(json.dumps(server_config, indent=1))
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "ANTHROPIC", "JUPYTER", "MITO"))},
        "HOME": str(home),
        "JUPYTER_CONFIG_DIR": str(home / ".jupyter"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        **config.get("env", {}),
    }
    env.pop("VIRTUAL_ENV", None)
    http(f"{fake_url.removesuffix('/v1')}/_admin/reset", {})
    for rule in peer.rules(total):  # a rule has a pattern; the rest are replies served in order
        kind = "rule" if "pattern" in rule else "script"
        http(f"{fake_url.removesuffix('/v1')}/_admin/{kind}", rule)
    server = None
    try:
        server = subprocess.Popen(
            [str(bin_dir / "jupyter"), "lab", f"--config={cfg}"],
            cwd=root,
            env=env,
            stdout=open(out / "server.log", "w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        wait_http(f"http://127.0.0.1:{port}/api/status?token={token}", server, 180)
        driver = subprocess.run(
            [
                "node",
                str(HERE / "drive.js"),
                json.dumps(
                    {
                        "peer": peer.name,
                        "url": f"http://127.0.0.1:{port}",
                        "token": token,
                        "fake": fake_url.removesuffix("/v1"),
                        "out": str(out),
                        "task": task.TASK,
                        "answer": task.FINAL.format(total=total),
                    }
                ),
            ],
            cwd=HERE,
            env={**os.environ, "NODE_PATH": str(ROOT / "ui-tests" / "node_modules")},
            stdout=open(out / "driver.log", "w"),
            stderr=subprocess.STDOUT,
            timeout=900,
        )
        drove = json.loads((out / "driver.json").read_text()) if (out / "driver.json").exists() else {}
        result["driver_exit"] = driver.returncode
    except Exception as exc:  # a peer that cannot be driven is reported, not fatal
        drove = {"error": f"{type(exc).__name__}: {exc}"}
    finally:
        stop(server)
    base = fake_url.removesuffix("/v1")
    requests, arrivals = http(f"{base}/_admin/requests"), http(f"{base}/_admin/arrivals")
    (out / "requests.json").write_text(json.dumps([{"at": t, **r} for t, r in zip(arrivals, requests)], indent=1))
    result.update(measure(requests, arrivals, drove, total))
    (out / "results.json").write_text(json.dumps(result, indent=1))
    return result


def measure(requests: list[dict], arrivals: list[float], drove: dict[str, Any], total: int) -> dict[str, Any]:
    """What the fake saw, read against what the driver did (times in ms since the epoch)."""
    texts = [task.request_text(r) for r in requests]
    pictures = [task.images(r) for r in requests]
    task_requests = [i for i, t in enumerate(texts) if task.TASK in t]
    first = task_requests[0] if task_requests else len(texts)
    steps = {
        "load": lambda k: task.rows_seen(texts[k]) > (task.rows_seen(texts[k - 1]) if k else 0),
        "fail": lambda k: task.error_seen(texts[k]) and not task.error_seen(texts[k - 1] if k else ""),
        "fix": lambda k: str(total) in texts[k] and str(total) not in (texts[k - 1] if k else ""),
    }
    pressed = drove.get("steps", {})  # step -> ms when the user pressed Run (peers that ask)
    # Peers that run cells themselves: when the notebook showed the step's cell running ([*]).
    ran = drove.get("executions", [])
    out: dict[str, Any] = {"driver": drove, "steps": {}}
    since = 0.0
    end = min(len(texts), drove.get("requests_before_reload") or len(texts))  # this turn's requests
    for name, carries in steps.items():
        t0 = pressed.get(name)
        row: dict[str, Any] = {"from": "Run pressed" if t0 else None}
        if t0 is None:
            code = task.STEP_CODE[name]
            # (a cell the notebook has not drawn, below a long output, shows no source: in order)
            t0 = next((e["t"] for e in ran if e["t"] >= since and e["source"].strip() in (code, "")), None)
            row["from"] = "cell shown running" if t0 else None
        after = [k for k in range(first + 1, end) if t0 is None or arrivals[k] * 1000 >= t0]
        # the first request after the run that brings the output: as text, or only as an image
        text_k = next((k for k in after if carries(k)), None)
        image_k = next((k for k in after if len(pictures[k]) > len(pictures[k - 1])), None)
        k = min((x for x in (text_k, image_k) if x is not None), default=None)
        row["reached"] = k is not None
        if k is not None:
            row["request"] = k
            row["as_text"] = text_k is not None
            if image_k is not None and (text_k is None or image_k <= text_k or name == "load"):
                row["image_chars"] = pictures[image_k][-1]  # a screenshot of the output
            row["rows_seen"] = task.rows_seen(texts[text_k]) if name == "load" and text_k is not None else None
            row["added_chars"] = len(texts[k]) - len(texts[k - 1])
            row["to_model_ms"] = round(arrivals[k] * 1000 - t0, 1) if t0 else None
            since = arrivals[k] * 1000
        out["steps"][name] = row
    turn = [r for i, r in enumerate(requests) if i >= first and i < drove.get("requests_before_reload", len(requests))]
    out["requests"] = len(turn)
    out["tokens_sent"] = (
        sum(len(json.dumps(r.get("messages", ""))) + len(json.dumps(r.get("tools") or "")) for r in turn) // 4
    )
    if drove.get("sent_at") and drove.get("answered_at"):
        out["total_ms"] = round(drove["answered_at"] - drove["sent_at"], 1)
    return out


def _kb(step: dict[str, Any]) -> str:
    return f"PNG {step['image_chars'] * 3 // 4 // 1024} KB"


def table(results: list[dict[str, Any]]) -> str:
    head = [
        "peer",
        "Run → model has the output (load / error / fix)",
        "output reached the model",
        "total to final answer",
        "requests",
        "tokens sent (≈ chars/4)",
        "reload mid-turn",
    ]
    rows = []
    for r in results:
        steps = r.get("steps", {})
        times = " / ".join(
            f"{steps[s]['to_model_ms'] / 1000:.2f} s" if steps.get(s, {}).get("to_model_ms") is not None else "—"
            for s in ("load", "fail", "fix")
        )
        load = steps.get("load", {})
        if not load.get("reached"):
            reached = "load: no; "
        elif load.get("rows_seen"):
            reached = f"load: rows {load['rows_seen']}/{task.ROWS} as text (+{load['added_chars']:,} chars)"
            reached += f", then a screenshot ({_kb(load)})" if load.get("image_chars") else ""
            reached += "; "
        else:
            reached = f"load: only a screenshot ({_kb(load)}), rows as text 0/{task.ROWS}; "
        for s, label in (("fail", "error"), ("fix", "fix")):
            step = steps.get(s, {})
            seen = "no"
            if step.get("reached"):
                seen = "as text" if step.get("as_text") else f"only a screenshot ({_kb(step)})"
            reached += f"{label}: {seen}" + ("; " if s == "fail" else "")
        drove = r.get("driver", {})
        if drove.get("error") or not drove.get("answered_at"):
            note = drove.get("error") or "no final answer"
            times, reached = "—", f"not driven: {note}"
        total = f"{r['total_ms'] / 1000:.1f} s" if r.get("total_ms") else "—"
        rows.append(
            [
                f"{r['peer']} {r['version']}",
                times,
                reached,
                total,
                str(r.get("requests", "—")),
                f"{r.get('tokens_sent', 0):,}",
                drove.get("reload", "—"),
            ]
        )
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(c.replace("|", "/") for c in row) + " |" for row in rows]
    return "\n".join(lines)


def remeasure(runs: Path) -> list[dict[str, Any]]:
    """The results of a recorded run, measured again from what it recorded (requests and their
    arrival times, the driver's log): for a change to `measure`, without running the peers again."""
    with tempfile.TemporaryDirectory() as tmp:
        total = task.write(Path(tmp))
    results = []
    for peer in _peers.PEERS:
        out = runs / peer.name
        if not (out / "results.json").exists():
            continue
        old = json.loads((out / "results.json").read_text())
        recorded = json.loads((out / "requests.json").read_text())
        arrivals = [r.pop("at") for r in recorded]
        drove = json.loads((out / "driver.json").read_text()) if (out / "driver.json").exists() else old["driver"]
        result = {k: old[k] for k in ("peer", "version", "driver_exit") if k in old}
        result.update(measure(recorded, arrivals, drove, total))
        (out / "results.json").write_text(json.dumps(result, indent=1))
        results.append(result)
    return results


def save(text: str, when: str) -> None:
    (HERE / "results.md").write_text(
        f"# Peer bench: the canonical run\n\n`python bench/peers/run.py --save`, {when}. What the columns"
        " mean and how to read them: bench/README.md, section *Side by side with the peers*.\n\n"
        f"{text}\n"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", choices=[p.name for p in _peers.PEERS], help="these peers only")
    parser.add_argument("--save", action="store_true", help="write the table to bench/peers/results.md (canonical)")
    parser.add_argument("--measure", metavar="RUN_DIR", help="measure a recorded run again (no peer is run)")
    opts = parser.parse_args()
    if opts.measure:
        runs = Path(opts.measure).resolve()
        machine = json.loads((runs / "machine.json").read_text())
        results = remeasure(runs)
    else:
        chosen = [p for p in _peers.PEERS if not opts.only or p.name in opts.only]
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        runs = HERE / "runs" / stamp
        runs.mkdir(parents=True)
        machine = {"stamp": stamp, "cores": os.cpu_count(), "load_start": os.getloadavg()}
        results = run_all(chosen, runs)
        machine["load_end"] = os.getloadavg()
        (runs / "machine.json").write_text(json.dumps(machine))
    text = table(results)
    load = " / ".join(" ".join(f"{x:.2f}" for x in machine[k]) for k in ("load_start", "load_end"))
    when = f"{machine['stamp']} UTC, {machine['cores']} cores, load avg at start / end {load}"
    (runs / "table.md").write_text(f"{when}\n\n{text}\n")
    print(f"\n{when}\n\n{text}\n\nrun folder: {runs}")
    if opts.save:
        save(text, when)
    return 0


def run_all(chosen: list[_peers.Peer], runs: Path) -> list[dict[str, Any]]:
    """One fake LLM, its own process, for every peer in turn."""
    fake = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "fake_llm.py"), "--port", str(free_port()), "--model", MODEL],
        stdout=subprocess.PIPE,
        stderr=open(runs / "fake_llm.log", "w"),
        text=True,
        start_new_session=True,
    )
    results = []
    try:
        fake_url = fake.stdout.readline().strip()  # type: ignore[union-attr]
        if not fake_url.startswith("http"):
            raise RuntimeError("the fake LLM did not start; see fake_llm.log")
        for peer in chosen:
            print(f"== {peer.name}", flush=True)
            result = run_peer(peer, fake_url, runs / peer.name, task.write(runs))
            results.append(result)
            print(json.dumps({k: v for k, v in result.items() if k != "driver"}, indent=1), flush=True)
    finally:
        stop(fake)
    return results


if __name__ == "__main__":
    sys.exit(main())
