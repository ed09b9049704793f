"""The Workspace seam over the server's own disk: data files beside a notebook, and what a run wrote.

Profiles come from a child process running pandas (`profile.py`) with a time limit, so a slow or
hostile file costs a timeout, never the server; they are cached by path, size and mtime. Only
files inside the server root are read, never through a symlink.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

from ..agent.seams import ColumnProfile, FileProfile, Snapshot, TableProfile, printable
from ..protocol import WrittenFile
from . import written
from .kinds import DATA_SUFFIXES, NOT_DATA, by_bytes, data_suffix, file_kind, sniff_order
from .paths import beside, notebook_dir

log = logging.getLogger(__name__)

MAX_LISTED = 30
MAX_BARE = 20  # files whose name says nothing opened to see what they hold, per listing
MAX_TYPED = 4  # files named in a request though no data by their suffix
TITLE = 100  # characters of a sheet's title line
PROFILE_TIMEOUT = 30.0  # seconds for one request's files (pandas' import is most of a short one)
_CACHE_SIZE = 64


def typed_files(root: Path, notebook_path: str, named: Iterable[str]) -> list[str]:
    """The names a request typed that are files beside the notebook though their suffix says no
    data (a script, a page, an export named `.js`): the user named them, so they are described by
    what they hold. Not code or configuration of the project's own (NOT_DATA), nor hidden files."""
    return [
        n
        for n in dict.fromkeys(named)
        if not PurePosixPath(n).name.startswith(".")
        and data_suffix(n) not in DATA_SUFFIXES | NOT_DATA
        and beside(root, notebook_path, n) is not None
    ][:MAX_TYPED]


class DiskWorkspace:
    def __init__(self, root_dir: str | Path, python: str = sys.executable, timeout: float = PROFILE_TIMEOUT):
        self.root = Path(root_dir).resolve()
        self.python = python
        self.timeout = timeout
        self._cache: dict[tuple[str, int, int], FileProfile] = {}
        self._pandas = ""

    def data_files(self, notebook_path: str, named: Iterable[str] = ()) -> list[str]:
        directory = notebook_dir(self.root, notebook_path)
        if directory is None:
            return []
        try:
            entries = [
                e for e in os.scandir(directory) if not e.name.startswith(".") and e.is_file(follow_symlinks=False)
            ]
            # A name that says nothing is told by its first bytes: only the first few such files are opened.
            # Any other is listed by its name alone ('.txt' is data whatever kind of text it holds: the
            # profile, not the listing, reads which).
            bare = {e.name for e in entries if by_bytes(e.name)}
            opened = set(sorted(bare, key=lambda n: (sniff_order(n), n))[:MAX_BARE])
            found = [
                e
                for e in entries
                if (file_kind(Path(e.path)) if e.name in opened else "" if e.name in bare else data_suffix(e.name))
                in DATA_SUFFIXES
            ][:500]
            found.sort(key=lambda e: (-e.stat(follow_symlinks=False).st_mtime_ns, e.name))
        except OSError:
            return []
        listed = [e.name for e in found[:MAX_LISTED]]
        return listed + [n for n in typed_files(self.root, notebook_path, named) if n not in listed]

    def pandas_version(self) -> str:
        return self._pandas

    async def profiles(self, notebook_path: str, names: list[str], largest: int = 0) -> list[FileProfile]:
        out: dict[str, FileProfile] = {}
        todo: list[tuple[str, Path, tuple[str, int, int]]] = []
        for name in names:
            path = beside(self.root, notebook_path, name)
            if path is None:
                out[name] = FileProfile(name=printable(name), kind="unreadable", note="not found beside the notebook")
                continue
            st = path.stat()
            key = (str(path), st.st_size, st.st_mtime_ns)
            if key in self._cache:
                out[name] = self._cache[key]
            elif largest and st.st_size > largest:
                out[name] = FileProfile(name=printable(name), kind="unreadable", note="not read: a large file")
            else:
                todo.append((name, path, key))
        if todo:
            got, transient = await self._run([(printable(n), str(p)) for n, p, _ in todo])
            for (name, _, key), profile in zip(todo, got):
                out[name] = profile
                if (
                    not transient
                ):  # a file that cannot be read stays so until it changes; a slow or failed child may not
                    if len(self._cache) >= _CACHE_SIZE:
                        self._cache.pop(next(iter(self._cache)))
                    self._cache[key] = profile
        return [out[n] for n in names]

    async def _run(self, files: list[tuple[str, str]]) -> tuple[list[FileProfile], bool]:
        """The files' profiles, and whether the child ran out of time or failed (then none was read)."""
        request = json.dumps({"files": files}).encode()
        proc = await asyncio.create_subprocess_exec(
            self.python, "-m", "jupyterlab_gptinterp.workspace.profile",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            cwd=str(self.root), env=_child_env(),
        )  # fmt: skip
        try:
            stdout, stderr = await asyncio.wait_for(proc.communicate(request), self.timeout)
            reply = json.loads(stdout)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()
            return [FileProfile(name=n, kind="unreadable", note="reading it took too long") for n, _ in files], True
        except ValueError:
            log.warning("gptinterp: the file profiler failed: %s", stderr.decode(errors="replace")[-2000:])
            return [FileProfile(name=n, kind="unreadable", note="it could not be read") for n, _ in files], True
        self._pandas = str(reply.get("pandas") or "")
        return [_typed(p) for p in reply.get("files", [])], False

    async def snapshot(self, notebook_path: str) -> Snapshot:
        return await asyncio.to_thread(written.snapshot, notebook_dir(self.root, notebook_path))

    async def written(self, notebook_path: str, before: Snapshot) -> list[WrittenFile]:
        directory = notebook_dir(self.root, notebook_path)
        after = await asyncio.to_thread(written.snapshot, directory)
        return written.changes(self.root, directory, before, after)


def _child_env() -> dict[str, str]:
    """The profiler needs no secrets: keys the server holds stay out of its environment."""
    return {
        k: v for k, v in os.environ.items() if not any(w in k.upper() for w in ("KEY", "TOKEN", "SECRET", "PASSWORD"))
    }


def _typed(raw: dict[str, Any]) -> FileProfile:
    tables = [
        TableProfile(
            name=str(t.get("name", "")), rows=t.get("rows"), load=str(t.get("load", "")),
            columns=[ColumnProfile(**{k: c[k] for k in ("name", "dtype", "missing", "distinct", "samples", "values", "notes", "holds", "converted", "label", "keys", "whole") if k in c}) for c in t.get("columns", [])],
            width=int(t.get("width", 0)), notes=[str(n) for n in t.get("notes", [])], whole=t.get("whole") is True,
            title=str(t.get("title", ""))[:TITLE], unprofiled=[str(n) for n in t.get("unprofiled", [])],
            choices=[str(n) for n in t.get("choices", [])], chosen=str(t.get("chosen", "")),
            periods=[str(n) for n in t.get("periods", [])],
        )
        for t in raw.get("tables", [])
    ]  # fmt: skip
    return FileProfile(
        name=str(raw.get("name", "")),
        kind=str(raw.get("kind", "unreadable")),
        size=int(raw.get("size", 0)),
        tables=tables,
        lines=str(raw.get("lines", "")),
        load=str(raw.get("load", "")),
        note=str(raw.get("note", "")),
    )
