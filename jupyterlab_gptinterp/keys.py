"""The model providers' keys: kept out of the kernels this server starts, and out of outputs.

Approved code runs as the user, in a kernel the server started: what the server's environment
holds, the kernel would hold too. So kernels are launched without the key variables (by name:
OPENAI_API_KEY and each provider's api_key_env; and by value: any variable holding a configured
key), and any text an execution outputs, or the browser reports as a cell's output, has a
configured key replaced by `[redacted]` before it is stored, shown or sent to a model. The
package's own log lines (an exception a provider raised, say) pass the same redaction.

This is a guard against showing a key, not a sandbox: code that runs as the user can still read
what the user can (config files, /proc/<server pid>/environ), and a key printed in pieces or
encoded is not recognised. README.md, Security, says so.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

from .protocol import NotebookView

REDACTED = "[redacted]"
DEFAULT_KEY_VARIABLES = ("OPENAI_API_KEY",)  # read by the openai client when no key is configured
MIN_KEY_LENGTH = 8  # shorter "keys" are placeholders of local servers ("ollama", "EMPTY"), not secrets


class ProviderKeys:
    """The key variables' names and the keys' values, from the server's configuration."""

    def __init__(self, names: Iterable[str] = (), values: Iterable[str] = ()):
        self.names = frozenset(n for n in names if n)
        # Longest first, so a key that contains another is replaced whole.
        self.values = tuple(sorted({v for v in values if len(v) >= MIN_KEY_LENGTH}, key=len, reverse=True))

    @classmethod
    def configured(cls, names: Iterable[str], values: Iterable[str], environ: Mapping[str, str]) -> ProviderKeys:
        """The keys the server may use: configured ones, and those in the named variables."""
        names = {*DEFAULT_KEY_VARIABLES, *names}
        return cls(names, [*values, *(environ.get(n, "") for n in names)])

    def kernel_env(self, env: Mapping[str, str]) -> dict[str, str]:
        """`env` without the key variables, nor any variable holding a key."""
        return {k: v for k, v in env.items() if k not in self.names and not self._holds_key(v)}

    def _holds_key(self, text: str) -> bool:
        return any(key in text for key in self.values)

    def redact(self, text: str) -> str:
        for key in self.values:
            if key in text:
                text = text.replace(key, REDACTED)
        return text

    def redact_output(self, output: Any) -> Any:
        """An nbformat output (or any JSON value) with every string redacted; unchanged values
        are returned as they are (an image is not copied)."""
        if not self.values:
            return output
        if isinstance(output, str):
            return self.redact(output)
        if isinstance(output, dict):
            return {k: self.redact_output(v) for k, v in output.items()}
        if isinstance(output, list):
            return [self.redact_output(v) for v in output]
        return output

    def redact_view(self, notebook: NotebookView) -> NotebookView:
        """The notebook as the browser sent it, with keys in cell sources and outputs redacted
        (the user's own cells may have printed one)."""
        if not self.values:
            return notebook
        cells = [
            c.model_copy(update={"source": self.redact(c.source), "outputs": [self.redact(o) for o in c.outputs]})
            for c in notebook.cells
        ]
        return notebook.model_copy(update={"cells": cells})


class RedactingHandler(logging.Handler):
    """Hands each record to `targets` (the server's log handlers) with configured keys redacted
    from its message, its traceback and its stack."""

    def __init__(self, targets: Iterable[logging.Handler], keys: ProviderKeys):
        super().__init__()
        self.targets, self.keys = list(targets), keys

    def emit(self, record: logging.LogRecord) -> None:
        record = logging.makeLogRecord(record.__dict__)  # other handlers keep the original
        record.msg, record.args = self.keys.redact(record.getMessage()), None
        if record.exc_info:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
        if record.exc_text:
            record.exc_text = self.keys.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.keys.redact(record.stack_info)
        for target in self.targets:
            if record.levelno >= target.level:
                target.handle(record)
