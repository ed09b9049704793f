"""Files the user attached to a message: checked to stay in the server root, then described.

The browser uploads through the Contents API (which keeps files in the root) and names the
files it attached; the server trusts none of those names. A path that is absolute, has a NUL,
climbs with `..`, or goes through a symlink out of the root is refused with a message saying
which and why. The model is told each accepted file's name, size, type and a short preview.
"""

from __future__ import annotations

import asyncio
import mimetypes
import os
import re
import unicodedata
from pathlib import Path, PurePosixPath

from .errors import ErrorCode, GPTInterpError
from .names import has_bidi_controls, without_bidi_controls

MAX_NAME = 200
MAX_COMPONENT_BYTES = 255  # NAME_MAX of common file systems: longer names cannot exist
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"|?*\\/]+')


class UploadRefused(ValueError):
    """A path the model must not be told about; the message says why, in plain words."""


def sanitize_name(name: str) -> str:
    """A safe file name from what the browser reported: no directories, no control or reserved
    characters, no bidirectional controls, no leading dots or spaces; '' when nothing usable is
    left."""
    name = unicodedata.normalize("NFC", without_bidi_controls(name).replace("\\", "/").split("/")[-1])
    name = _UNSAFE.sub("_", name).strip().lstrip(".").strip()
    if len(name) > MAX_NAME:
        stem, dot, ext = name.rpartition(".")
        name = (stem[: MAX_NAME - len(ext) - 1] + "." + ext) if dot and len(ext) < 20 else name[:MAX_NAME]
    return name


def check_path(root: str | Path, path: str) -> Path:
    """The attached file on disk, or UploadRefused saying why it cannot be used."""
    if not path or "\x00" in path:
        raise UploadRefused(
            f"{path!r} is refused: the name contains a NUL character." if path else "An empty path is refused."
        )
    if path.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", path) or os.path.isabs(path):
        raise UploadRefused(f"{path!r} is refused: absolute paths are not allowed, only paths inside the server root.")
    if has_bidi_controls(path):
        raise UploadRefused(
            f"{path!r} is refused: it contains a bidirectional control character, which makes a name read "
            "as something else."
        )
    parts = PurePosixPath(path.replace("\\", "/")).parts
    if ".." in parts:
        raise UploadRefused(f"{path!r} is refused: '..' would leave the server root.")
    if any(len(part.encode("utf-8", "surrogatepass")) > MAX_COMPONENT_BYTES for part in parts):
        raise UploadRefused(
            f"{path!r} is refused: a name in it is longer than {MAX_COMPONENT_BYTES} bytes, so no such file can exist."
        )
    root = Path(root).resolve()
    current = root
    try:
        for part in parts:
            current = current / part
            if current.is_symlink():
                target = current.resolve()
                if target != root and root not in target.parents:
                    raise UploadRefused(f"{path!r} is refused: it is a symlink pointing outside the server root.")
                raise UploadRefused(f"{path!r} is refused: attached files may not be symlinks.")
        if not current.is_file():
            raise UploadRefused(f"{path!r} is refused: there is no such file in the server root.")
    except OSError as exc:  # a name the file system refuses to look up, a directory it may not read
        raise UploadRefused(f"{path!r} is refused: it cannot be read ({exc.strerror or exc}).") from None
    return current


def names_beside(notebook_path: str, paths: list[str]) -> list[str]:
    """Root-relative paths as the notebook's code opens them: relative to its directory when inside it."""
    nb_dir = PurePosixPath(notebook_path.lstrip("/")).parent
    out = []
    for rel in paths:
        rel_posix = PurePosixPath(rel.replace("\\", "/"))
        try:
            out.append(rel_posix.relative_to(nb_dir).as_posix() if str(nb_dir) != "." else rel_posix.as_posix())
        except ValueError:
            out.append(rel_posix.as_posix())
    return out


def describe(root: str | Path, notebook_path: str, paths: list[str], budget: int = 3000) -> str:
    """What the model is told about the attached files (all checked first), within `budget`: each
    one's name, size and type (the preview aid describes the data files' contents)."""
    checked = [check_path(root, p) for p in paths]
    if not checked:
        return ""
    parts: list[str] = []
    used = 0
    for n, (name, disk) in enumerate(zip(names_beside(notebook_path, paths), checked)):
        mime = mimetypes.guess_type(disk.name)[0] or "unknown type"
        line = f"- {_CONTROL.sub('?', name)} ({disk.stat().st_size} bytes, {mime})"
        if used + len(line) > budget:
            parts.append(f"[{len(checked) - n} more attached files not listed]")
            break
        parts.append(line)
        used += len(line) + 1
    return "The user attached these files (uploaded beside the notebook):\n" + "\n".join(parts)


async def described(root: str | Path, notebook_path: str, paths: list[str]) -> str:
    """`describe`, off the event loop; a file removed or replaced since the message was sent is the
    chat's typed error."""
    try:
        return await asyncio.to_thread(describe, root, notebook_path, paths)
    except UploadRefused as exc:
        raise GPTInterpError(ErrorCode.bad_attachment, str(exc)) from None
