"""An event-loop lag probe for the benchmark's jupyter server: a separate server extension that
only the benchmark loads (PYTHONPATH=bench/), so the product carries nothing for it.

`POST /bench/lag` starts sampling (and clears earlier samples): a timer every 5 ms on the
server's own loop records how late it fires. `DELETE /bench/lag` stops. `GET /bench/lag` returns
the lateness samples (ms) so far, the garbage collections (generation, ms) and the
process's RSS (bytes). Authenticated like any endpoint.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import time

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web

INTERVAL = 0.005


class _Probe:
    def __init__(self) -> None:
        self.samples: list[float] = []
        self.at: list[float] = []  # when each sample was taken (ms since start): where the tail is
        self.gc_ms: list[tuple[int, float]] = []  # (generation, duration) of each collection
        self.task: asyncio.Task[None] | None = None
        self._gc_start = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, info: dict) -> None:
        if self.task is None:
            return
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc_ms.append((info["generation"], (time.perf_counter() - self._gc_start) * 1000))

    async def _run(self) -> None:
        t0 = time.perf_counter()
        while True:
            start = time.perf_counter()
            await asyncio.sleep(INTERVAL)
            now = time.perf_counter()
            self.samples.append(max(0.0, now - start - INTERVAL) * 1000)
            self.at.append((now - t0) * 1000)

    def start(self) -> None:
        self.stop()
        self.samples = []
        self.at = []
        self.gc_ms = []
        self.task = asyncio.ensure_future(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None


PROBE = _Probe()


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class LagHandler(JupyterHandler):
    @web.authenticated
    def get(self) -> None:
        self.finish(json.dumps({"lag_ms": PROBE.samples, "at_ms": PROBE.at, "gc_ms": PROBE.gc_ms, "rss": rss_bytes()}))

    @web.authenticated
    def post(self) -> None:
        PROBE.start()
        self.finish("{}")

    @web.authenticated
    def delete(self) -> None:
        PROBE.stop()
        self.finish("{}")


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "bench_lagprobe"}]


def _load_jupyter_server_extension(serverapp) -> None:  # type: ignore[no-untyped-def]
    route = url_path_join(serverapp.web_app.settings["base_url"], "bench/lag")
    serverapp.web_app.add_handlers(".*$", [(route, LagHandler)])
