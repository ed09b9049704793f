"""Paths inside the server root: nothing outside it is read, and no symlink is followed."""

from __future__ import annotations

import os
from pathlib import Path


def inside(root: Path, path: Path, want_file: bool = True) -> bool:
    """True when `path` is a regular file (or directory) under `root`, no symlink on the way."""
    try:
        rel = path.relative_to(root)
    except ValueError:
        return False
    if ".." in rel.parts:
        return False
    current = root
    for part in rel.parts:
        current = current / part
        if current.is_symlink():
            return False
    return path.is_file() if want_file else path.is_dir()


def notebook_dir(root: str | Path, notebook_path: str) -> Path | None:
    """The notebook's directory on disk, if it is a real directory inside the root."""
    if not root:
        return None
    root = Path(root).resolve()
    path = Path(os.path.normpath(root / notebook_path.lstrip("/"))).parent
    return path if path == root or inside(root, path, want_file=False) else None


def beside(root: str | Path, notebook_path: str, name: str) -> Path | None:
    """The file `name` (relative to the notebook's directory) on disk, if it is inside the root."""
    directory = notebook_dir(root, notebook_path)
    if directory is None or "\x00" in name:
        return None
    path = Path(os.path.normpath(directory / name))
    return path if inside(Path(root).resolve(), path) else None
