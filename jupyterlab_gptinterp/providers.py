"""The models this server offers: providers configured by the admin, plus the embedded model.

`c.GPTInterp.providers` is a list of providers, each an OpenAI-compatible endpoint with the
environment variable holding its key and the models it serves:

    c.GPTInterp.providers = [
        {"name": "openai", "api_key_env": "OPENAI_API_KEY",
         "models": [{"name": "gpt-4o-mini", "vision": True, "context_window": 128000}]},
        {"name": "ollama", "base_url": "http://localhost:11434/v1",
         "models": [{"name": "qwen2.5-coder:7b", "tool_mode": "fenced", "context_window": 32768}]},
        {"name": "llamacpp", "base_url": "http://localhost:8080/v1", "prompt_progress": True, "grammars": True,
         "models": [{"name": "qwen2.5-coder-7b", "tool_mode": "fenced", "temperature": 0}]},
    ]

A model is known to the browser by its id, "<provider>/<model>". Keys stay here: the browser is
told names, modes and sizes, never a key or where a key lives.
"""

from __future__ import annotations

import os
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from .errors import ErrorCode, GPTInterpError
from .protocol import ModelInfo, ToolMode

LOCAL_PROVIDER = "local"


class ModelSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(min_length=1, max_length=200)]
    tool_mode: ToolMode = "tools"
    vision: bool = False
    context_window: Annotated[int, Field(ge=0)] = 0  # tokens; 0: unknown
    # Sampling temperature sent with each request; None: the server's own default (llama.cpp,
    # vLLM and Ollama sample at ~0.8 unless told otherwise, and a small model then answers a
    # question right one time and wrong the next: 0 makes its answers repeatable).
    temperature: Annotated[float | None, Field(ge=0, le=2)] = None


class ProviderSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.-]+$")]
    base_url: str = ""  # empty: the openai client's default (api.openai.com)
    api_key_env: str = ""  # the environment variable holding the key ("" for none)
    api_key: str = Field("", repr=False)  # the legacy single-provider traits put the key here
    # A llama.cpp server: ask it how far it has read a prompt (shown while the user waits).
    prompt_progress: bool = False
    # A llama.cpp server: constrain fenced-mode replies to their shape with a GBNF grammar.
    grammars: bool = False
    # A llama.cpp server rendering the model's own chat template (`--jinja`): it goes on from a reply's
    # first lines written for the model (a block's tested load lines); without it the model stops there.
    prefill: bool = False
    models: Annotated[list[ModelSpec], Field(min_length=1)]

    def key(self) -> str:
        return self.api_key or (os.environ.get(self.api_key_env, "") if self.api_key_env else "")


class Choice(BaseModel):
    """One offered model: its provider and its spec."""

    provider: ProviderSpec
    model: ModelSpec

    @property
    def id(self) -> str:
        return f"{self.provider.name}/{self.model.name}"

    @property
    def local(self) -> bool:
        return self.provider.name == LOCAL_PROVIDER

    def info(self) -> ModelInfo:
        return ModelInfo(
            id=self.id,
            provider=self.provider.name,
            name=self.model.name,
            tool_mode=self.model.tool_mode,
            vision=self.model.vision,
            context_window=self.model.context_window,
            local=self.local,
        )


class Catalog:
    """The offered models, in order; the first (or the admin's `default`) is the default."""

    def __init__(self, providers: list[ProviderSpec], default: str = ""):
        names = [p.name for p in providers]
        duplicates = {n for n in names if names.count(n) > 1}
        if duplicates:
            raise ValueError(f"c.GPTInterp.providers: duplicate provider names {sorted(duplicates)}")
        self.choices = [Choice(provider=p, model=m) for p in providers for m in p.models]
        self._by_id = {c.id: c for c in self.choices}
        if default and default not in self._by_id:
            raise ValueError(
                f"c.GPTInterp.default_model {default!r} is not among the offered models {list(self._by_id)}"
            )
        self.default = default or (self.choices[0].id if self.choices else "")

    def get(self, model_id: str | None) -> Choice:
        """The model with this id; None or "" for the default. Unknown ids are refused."""
        if not self.choices:
            raise GPTInterpError(ErrorCode.not_configured)
        choice = self._by_id.get(model_id or self.default)
        if choice is None:
            raise GPTInterpError(ErrorCode.unknown_model, f"Offered: {', '.join(self._by_id)}.")
        return choice

    def infos(self) -> list[ModelInfo]:
        return [c.info() for c in self.choices]
