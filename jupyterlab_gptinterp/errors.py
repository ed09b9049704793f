"""Error codes a user (or a client program) can see, each with its plain-words text.

One list, so the frontend, the protocol schema and the tests agree on what can go wrong.
"""

from __future__ import annotations

from enum import Enum


class ErrorCode(str, Enum):
    invalid_message = "invalid_message"
    message_too_large = "message_too_large"
    unknown_chat = "unknown_chat"
    unknown_proposal = "unknown_proposal"
    proposal_decided = "proposal_decided"
    wrong_chat = "wrong_chat"
    chat_busy = "chat_busy"
    unknown_cell = "unknown_cell"
    no_kernel = "no_kernel"
    kernel_not_found = "kernel_not_found"
    wrong_kernel = "wrong_kernel"
    kernel_died = "kernel_died"
    not_configured = "not_configured"
    unknown_model = "unknown_model"
    auto_run_not_allowed = "auto_run_not_allowed"
    bad_attachment = "bad_attachment"
    llm_auth = "llm_auth"
    llm_model_not_found = "llm_model_not_found"
    llm_rate_limited = "llm_rate_limited"
    llm_unavailable = "llm_unavailable"
    llm_bad_response = "llm_bad_response"
    internal = "internal"


MESSAGES: dict[ErrorCode, str] = {
    ErrorCode.invalid_message: "The message was not understood.",
    ErrorCode.message_too_large: "The message is too large.",
    ErrorCode.unknown_chat: "There is no such chat.",
    ErrorCode.unknown_proposal: "There is no such proposal in this chat.",
    ErrorCode.proposal_decided: "This proposal was already decided or cancelled.",
    ErrorCode.wrong_chat: "This proposal belongs to another chat.",
    ErrorCode.chat_busy: "The assistant is still working on this chat; wait or press Stop.",
    ErrorCode.unknown_cell: "That cell is not in the notebook (it may have been deleted).",
    ErrorCode.no_kernel: "This notebook has no running kernel. Start one and try again.",
    ErrorCode.kernel_not_found: "The notebook's kernel is not running on this server.",
    ErrorCode.wrong_kernel: "That kernel is not the one this notebook runs now; only the notebook's own kernel may "
    "run its code. Reopen the notebook (or select its kernel) and try again.",
    ErrorCode.kernel_died: "The kernel died while running the code.",
    ErrorCode.not_configured: "No model is configured: set OPENAI_API_KEY, configure c.GPTInterp.base_url, "
    'or install the local model with pip install "jupyterlab-gptinterp[local]".',
    ErrorCode.unknown_model: "That model is not offered on this server; pick another in the sidebar.",
    ErrorCode.auto_run_not_allowed: "Running code without asking is turned off on this server.",
    ErrorCode.bad_attachment: "An attached file cannot be used.",
    ErrorCode.llm_auth: "The model provider refused the API key. Check the key configured on the server.",
    ErrorCode.llm_model_not_found: "The model provider does not know this model.",
    ErrorCode.llm_rate_limited: "The model provider is rate limiting requests.",
    ErrorCode.llm_unavailable: "The model provider could not be reached or failed.",
    ErrorCode.llm_bad_response: "The model's reply could not be read.",
    ErrorCode.internal: "Something went wrong on the server.",
}


class GPTInterpError(Exception):
    """An error with a code the user sees; `detail` adds specifics (never secrets)."""

    def __init__(self, code: ErrorCode, detail: str = "", retry_after: float | None = None):
        self.code = code
        self.detail = detail
        self.retry_after = retry_after  # seconds the provider asked us to wait, when it said
        super().__init__(self.text)

    @property
    def retryable(self) -> bool:
        return self.code in (ErrorCode.llm_rate_limited, ErrorCode.llm_unavailable)

    @property
    def text(self) -> str:
        base = MESSAGES[self.code]
        return f"{base} {self.detail}".strip() if self.detail else base
