"""One execution's outputs as the model is shown them: bounded text, and images for vision models.

The person sees outputs rendered (rendermime, untrusted); the model gets a text form whose size
does not depend on the outputs': a 10 MB stdout, a thousand images or a binary blob in an output
all cost a bounded number of characters. Images are described with their size, read from the
PNG/JPEG/GIF header (no image library); models marked vision-capable get a few as image parts.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from html.parser import HTMLParser
from typing import Any

MAX_IMAGES_DESCRIBED = 8  # one line each; the rest are counted
MAX_IMAGE_PARTS = 4  # image parts given to a vision model per execution
MAX_IMAGE_B64 = 2_000_000  # larger images are described, not sent
_IMAGE_MIMES = {"image/png": "PNG", "image/jpeg": "JPEG", "image/gif": "GIF", "image/svg+xml": "SVG"}
# C0 controls but \t \n \r, DEL and C1 controls, and lone surrogates: what a binary blob leaves.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]+")
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
_SVG_SIZE = re.compile(r"""<svg\b[^>]*?\bwidth=["']?([\d.]+)[^>]*?\bheight=["']?([\d.]+)""", re.S)


def image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG, JPEG or GIF header; None when the bytes are none of those."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return struct.unpack("<HH", data[6:10])
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker = data[i + 1]
            if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # markers without a length
                i += 2
                continue
            length = struct.unpack(">H", data[i + 2 : i + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # start of frame
                height, width = struct.unpack(">HH", data[i + 5 : i + 9])
                return width, height
            i += 2 + length
    return None


def _b64_head(value: Any, nbytes: int = 64 * 1024) -> bytes:
    """The first bytes of a base64 payload (enough for any image header); b'' if it is not one."""
    text = "".join(value) if isinstance(value, list) else str(value)
    chunk = re.sub(r"\s+", "", text[: nbytes * 4 // 3 + 8])
    chunk = chunk[: len(chunk) // 4 * 4]
    try:
        return base64.b64decode(chunk, validate=False)
    except (binascii.Error, ValueError):
        return b""


def describe_image(mime: str, value: Any) -> str:
    """'[image 640x480 PNG shown to the user]' (no size when the header cannot be read)."""
    label = _IMAGE_MIMES.get(mime, mime)
    size = None
    if mime == "image/svg+xml":
        text = "".join(value) if isinstance(value, list) else str(value)
        m = _SVG_SIZE.search(text[:4000])
        size = (round(float(m.group(1))), round(float(m.group(2)))) if m else None
    else:
        size = image_size(_b64_head(value))
    return f"[image {size[0]}x{size[1]} {label} shown to the user]" if size else f"[{label} image shown to the user]"


def clean_text(text: str) -> str:
    """Printable text: ANSI codes dropped; control characters and binary debris become one '�'
    per run."""
    return _CONTROL.sub("\ufffd", ANSI.sub("", text))


class _TableText(HTMLParser):
    """An HTML table as tab-separated rows (what a DataFrame's text/plain would have said)."""

    def __init__(self, limit: int):
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.limit = limit
        self.size = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            if not self.rows:
                self.rows.append([])
            value = " ".join("".join(self.cell).split())
            self.rows[-1].append(value)
            self.size += len(value) + 1
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None and self.size < self.limit:
            self.cell.append(data)


def html_text(html: str, budget: int) -> str:
    """The tables of an HTML output as text, else a note that HTML was shown."""
    head = html[: budget * 20]
    if "<table" not in head.lower():
        return "[HTML output shown to the user]"
    parser = _TableText(budget)
    try:
        parser.feed(head)
    except Exception:  # malformed markup: say what was shown rather than fail
        return "[HTML table shown to the user]"
    rows = ["\t".join(r) for r in parser.rows if r]
    return "\n".join(rows) if rows else "[HTML table shown to the user]"


def as_dict(value: Any) -> dict[str, Any]:
    """`value` when it is a dict, else an empty one (outputs and chunks come from outside)."""
    return value if isinstance(value, dict) else {}


def _joined(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def mime_text(data: dict[str, Any], budget: int = 4000) -> str:
    """One rich output as text: images described, text/plain preferred (a DataFrame's table),
    HTML tables flattened, anything else named by its type."""
    for mime in _IMAGE_MIMES:
        if mime in data:
            return describe_image(mime, data[mime])
    for mime in ("text/plain", "text/markdown", "text/latex"):
        if data.get(mime):
            return clean_text(_joined(data[mime])[: budget * 4])
    if data.get("text/html"):
        return html_text(_joined(data["text/html"]), budget)
    if "application/json" in data:
        import json

        try:
            return json.dumps(data["application/json"])[: budget * 2]
        except (TypeError, ValueError):
            pass
    kinds = sorted(str(k)[:60] for k in data)[:10]
    return "[output of type " + ", ".join(kinds) + " shown to the user]"


def output_text(output: dict[str, Any], budget: int = 4000) -> str:
    """One nbformat output as text, at most a few times `budget` characters (the caller cuts)."""
    kind = output.get("output_type")
    if kind == "stream":
        text = _joined(output.get("text", ""))
        if len(text) > budget * 4:  # keep both ends; the caller's head_tail says how much went
            text = text[: budget * 2] + f"\n[... {len(text) - budget * 4} characters cut ...]\n" + text[-budget * 2 :]
        return clean_text(text)
    if kind == "error":
        tb = "\n".join(_joined(line) for line in (output.get("traceback") or []))
        return clean_text(tb or f"{output.get('ename')}: {output.get('evalue')}")
    if kind in ("execute_result", "display_data"):
        data = output.get("data")
        return mime_text(data if isinstance(data, dict) else {}, budget)
    return ""


def described(outputs: list[dict[str, Any]], budget: int) -> list[tuple[dict[str, Any], str]]:
    """(output, its text) in order, with images past MAX_IMAGES_DESCRIBED folded into one count."""
    out: list[tuple[dict[str, Any], str]] = []
    images = 0
    for o in outputs:
        data = as_dict(o.get("data"))
        if any(m in data for m in _IMAGE_MIMES):
            images += 1
            if images > MAX_IMAGES_DESCRIBED:
                continue
        out.append((o, output_text(o, budget)))
    if images > MAX_IMAGES_DESCRIBED:
        out.append(({}, f"[... and {images - MAX_IMAGES_DESCRIBED} more images shown to the user]"))
    return out


def image_parts(outputs: list[dict[str, Any]], limit: int = MAX_IMAGE_PARTS) -> list[dict[str, Any]]:
    """OpenAI image_url content parts for the first few PNG/JPEG/GIF images (not too large)."""
    parts: list[dict[str, Any]] = []
    for o in outputs:
        data = as_dict(o.get("data"))
        for mime in ("image/png", "image/jpeg", "image/gif"):
            if mime in data and len(parts) < limit:
                b64 = re.sub(r"\s+", "", _joined(data[mime]))
                if len(b64) <= MAX_IMAGE_B64 and image_size(_b64_head(b64)):
                    parts.append({"type": "image_url", "image_url": {"url": f"data:{mime};base64,{b64}"}})
                break
    return parts


def text_of(content: list[dict[str, Any]]) -> str:
    """The text of a message made of parts, images replaced by a mention."""
    return "\n".join(
        p.get("text", "") if p.get("type") == "text" else "[an image, seen earlier]"
        for p in content
        if isinstance(p, dict)
    )
