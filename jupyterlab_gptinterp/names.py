"""Names a person reads (file names, chat titles) must read as what they are.

Unicode's bidirectional controls reorder the text around them: 'invoice\u202ecsv.exe' shows as
'invoiceexe.vsc'. They have no place in a name, so titles lose them and attached paths holding
them are refused.
"""

from __future__ import annotations

import re

# Unicode's Bidi_Control characters: ALM, LRM, RLM, the embeddings and overrides (U+202A-U+202E)
# and the isolates (U+2066-U+2069).
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def has_bidi_controls(text: str) -> bool:
    return BIDI_CONTROLS.search(text) is not None


def without_bidi_controls(text: str) -> str:
    return BIDI_CONTROLS.sub("", text)
