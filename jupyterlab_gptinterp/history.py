"""Chats and their append-only event logs, in SQLite (stdlib, WAL).

An event is committed before it is sent to anyone, so a server killed mid-turn loses nothing it
had shown. WAL with synchronous=NORMAL survives a killed process (not a power cut), at a fraction
of the cost of a full fsync per event. The WAL is copied back into the database (a checkpoint, with
its fsyncs) by a thread of its own, never inside a commit on the event loop.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .protocol import ChatInfo

_SCHEMA = """
CREATE TABLE IF NOT EXISTS chats (
    chat_id TEXT PRIMARY KEY,
    notebook_path TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chats_by_path ON chats(notebook_path);
CREATE TABLE IF NOT EXISTS events (
    chat_id TEXT NOT NULL REFERENCES chats(chat_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (chat_id, seq)
) WITHOUT ROWID;
"""


class HistoryStore:
    def __init__(self, path: str | Path = ":memory:"):
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)
        self._seq: dict[str, int] = {}
        self._checkpointer = None
        if str(path) != ":memory:":
            self._db.execute("PRAGMA wal_autocheckpoint=0")  # _Checkpointer does it
            self._checkpointer = _Checkpointer(str(path))

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
        self._db.close()

    def create_chat(self, notebook_path: str, title: str = "") -> ChatInfo:
        now = time.time()
        chat_id = "c-" + secrets.token_hex(8)
        self._db.execute(
            "INSERT INTO chats (chat_id, notebook_path, title, created, updated) VALUES (?, ?, ?, ?, ?)",
            (chat_id, notebook_path, title, now, now),
        )
        self._seq[chat_id] = 0
        return ChatInfo(chat_id=chat_id, notebook_path=notebook_path, title=title, created=now, updated=now)

    def get_chat(self, chat_id: str) -> ChatInfo | None:
        row = self._db.execute("SELECT * FROM chats WHERE chat_id = ?", (chat_id,)).fetchone()
        return ChatInfo(**dict(row)) if row else None

    def list_chats(self, notebook_path: str | None = None) -> list[ChatInfo]:
        if notebook_path is None:
            rows = self._db.execute("SELECT * FROM chats ORDER BY updated DESC").fetchall()
        else:
            rows = self._db.execute(
                "SELECT * FROM chats WHERE notebook_path = ? ORDER BY updated DESC", (notebook_path,)
            ).fetchall()
        return [ChatInfo(**dict(r)) for r in rows]

    def set_title(self, chat_id: str, title: str) -> None:
        self._db.execute("UPDATE chats SET title = ? WHERE chat_id = ?", (title, chat_id))

    def delete_chat(self, chat_id: str) -> bool:
        """Remove a chat and its events; false when there was no such chat."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM events WHERE chat_id = ?", (chat_id,))
            gone = self._db.execute("DELETE FROM chats WHERE chat_id = ?", (chat_id,)).rowcount
        self._seq.pop(chat_id, None)
        return gone > 0

    def move_notebook(self, old_path: str, new_path: str) -> int:
        """Chats follow their notebook (or the directory holding it) through a rename."""
        old_dir = old_path.rstrip("/") + "/"
        cur = self._db.execute(
            "UPDATE chats SET notebook_path = CASE WHEN notebook_path = ? THEN ? "
            "ELSE ? || substr(notebook_path, ?) END "
            "WHERE notebook_path = ? OR substr(notebook_path, 1, ?) = ?",
            (old_path, new_path, new_path.rstrip("/") + "/", len(old_dir) + 1, old_path, len(old_dir), old_dir),
        )
        return cur.rowcount

    def last_seq(self, chat_id: str) -> int:
        if chat_id not in self._seq:
            row = self._db.execute("SELECT MAX(seq) FROM events WHERE chat_id = ?", (chat_id,)).fetchone()
            self._seq[chat_id] = row[0] or 0
        return self._seq[chat_id]

    def append(self, chat_id: str, event: dict[str, Any]) -> int:
        """Store one event under the next seq of its chat and return that seq."""
        return self.append_frame(chat_id, event)[0]

    def append_frame(self, chat_id: str, event: dict[str, Any]) -> tuple[int, str]:
        """Store one event under the next seq of its chat; return that seq and the JSON text
        stored, which is the frame to send (serialized once: a 10,000-line output is 50 KB)."""
        seq = self.last_seq(chat_id) + 1
        event["seq"] = seq
        data = json.dumps(event, separators=(",", ":"))
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO events (chat_id, seq, type, data) VALUES (?, ?, ?, ?)", (chat_id, seq, event["type"], data)
            )
            self._db.execute(
                "UPDATE chats SET updated = ? WHERE chat_id = ?", (event.get("ts") or time.time(), chat_id)
            )
        self._seq[chat_id] = seq
        if self._checkpointer is not None:
            self._checkpointer.wrote(len(data))
        return seq, data

    def raw_events(self, chat_id: str, after_seq: int = 0) -> list[str]:
        """The events as stored (JSON text): a replay sends them as they are, unparsed."""
        rows = self._db.execute(
            "SELECT data FROM events WHERE chat_id = ? AND seq > ? ORDER BY seq", (chat_id, after_seq)
        ).fetchall()
        return [r[0] for r in rows]

    def events(self, chat_id: str, after_seq: int = 0) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.raw_events(chat_id, after_seq)]


class _Checkpointer:
    """Copies the WAL back into the database from a thread with its own connection. Left to
    SQLite, the commit that takes the WAL past 1,000 pages does it, fsyncs included: 5-13 ms of
    event-loop pause every ~300 events on these machines (bench/README.md). sqlite3 releases the
    GIL while it works, and a PASSIVE checkpoint never blocks the writer."""

    PAGES = 500  # pages written (about) between two checkpoints

    def __init__(self, path: str):
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._pages = 0
        self._wake = threading.Event()
        self._closing = False
        self._thread = threading.Thread(target=self._run, name="gptinterp-checkpoint", daemon=True)
        self._thread.start()

    def wrote(self, nbytes: int) -> None:
        self._pages += 2 + nbytes // 4096  # the event's pages and the chat's row
        if self._pages >= self.PAGES:
            self._pages = 0
            self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            if self._closing:
                return
            try:
                self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            except sqlite3.Error:  # busy or failing: the next one tries again; the WAL only grows
                pass

    def close(self) -> None:
        self._closing = True
        self._wake.set()
        self._thread.join(30)
        self._db.close()
