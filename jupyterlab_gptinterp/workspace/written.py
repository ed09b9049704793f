"""Files an execution wrote: the notebook's directory before and after, compared.

Bounded on purpose: only the top level of the notebook's directory, only names, sizes and
mtimes, at most MAX_ENTRIES entries looked at and MAX_REPORTED reported. Hidden files and
symlinks are skipped; nothing outside the server root is listed.
"""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path

from ..protocol import WrittenFile

MAX_ENTRIES = 2000
MAX_REPORTED = 20
Snapshot = dict[str, tuple[int, int]]  # name -> (mtime_ns, size)


def snapshot(directory: Path | None) -> Snapshot:
    """Names, mtimes and sizes of the regular files at the top of `directory` (bounded)."""
    out: Snapshot = {}
    if directory is None:
        return out
    try:
        with os.scandir(directory) as entries:
            for n, entry in enumerate(entries):
                if n >= MAX_ENTRIES:
                    break
                if entry.name.startswith(".") or not entry.is_file(follow_symlinks=False):
                    continue
                st = entry.stat(follow_symlinks=False)
                out[entry.name] = (st.st_mtime_ns, st.st_size)
    except OSError:
        return {}
    return out


def changes(root: str | Path, directory: Path | None, before: Snapshot, after: Snapshot) -> list[WrittenFile]:
    """New or changed files, newest names first sorted by name, as paths relative to the root."""
    if directory is None:
        return []
    base = directory.relative_to(Path(root).resolve()).as_posix()
    out: list[WrittenFile] = []
    for name in sorted(after):
        if name.endswith(".ipynb") or after[name] == before.get(name):
            continue  # the notebook itself changes when it is saved: not the code's doing
        mime = mimetypes.guess_type(name)[0] or ""
        path = name if base in ("", ".") else f"{base}/{name}"
        out.append(WrittenFile(path=path, name=name, size=after[name][1], mime=mime, new=name not in before))
        if len(out) >= MAX_REPORTED:
            break
    return out
