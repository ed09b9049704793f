"""Values: the values a question selects rows by, as the data writes them, named before any code.

A small model writes the value a question says, not the one its data holds: 'SP' or 'Spain' where
the column holds 'ES', 'NIGHTS' for a unit written 'NR', 'EU' for 'EU27_2020'; the filter keeps no
row and nothing fails. Where the preview lists every value of some columns, one short call sees
only the question, the conditions the parts call found in it ('only wheat', 'only France'; none,
no call) and those values. Its reply is held by the server's grammar to one item per condition:
a listed column and one of its values, or null where no listed column holds what the condition
picks. So it can neither invent a value nor fill a list with values no condition asked for
(asked for pairs up to a number, a small model named 'Unit' == 't' and 'Flag' == 'A' beside the
element, and left out the wheat of 'only wheat'). The pairs go to the model beside the preview.
"""

from __future__ import annotations

import re

from .base import Aid, TurnState

HEADER = "The values the question selects rows by, as the data writes them:"
# The call sees only the columns listed whole: a small model told 'Element' == 'Production' kept
# that and dropped the question's own 'wheat', which no listed column holds.
OTHERS = "These are of the columns whose every value is listed only: select by the question's other conditions too."
MAX_COLUMNS = 8  # columns offered to the call (the prompt stays short)
MAX_PAIRS = 4


class Values(Aid):
    name = "values"

    async def context(self, turn: TurnState) -> str:
        if turn.action != "chat" or not turn.fenced or not turn.files or turn.earlier or turn.values is None:
            return ""
        # Only for a question the parts call found conditions in ('only non-residents'): asked for
        # the values of a question that picks no rows, a small model picks some all the same.
        conditions = [p for p in turn.asked if re.search(r"\bonly\b", p, re.IGNORECASE)]
        columns = listed(turn) if conditions else {}
        if not columns:
            return ""
        pairs = await turn.values(columns, conditions[:MAX_PAIRS])
        if not pairs:
            return ""
        return HEADER + " " + ", ".join(f"{column!r} == {value!r}" for column, value in pairs) + ". " + OTHERS


def listed(turn: TurnState) -> dict[str, list[str]]:
    """The columns of the turn's files whose every value the preview lists (two or more), by name;
    a name in two tables with other values is left out (which would the filter be on?)."""
    found: dict[str, list[str]] = {}
    clashing: set[str] = set()
    for f in turn.files:
        for t in f.tables:
            for c in t.columns:
                if not t.all_values(c) or len(c.values) < 2:
                    continue
                if c.name in found and found[c.name] != c.values:
                    clashing.add(c.name)
                found.setdefault(c.name, c.values)
    return dict([(n, v) for n, v in found.items() if n not in clashing and n.strip()][:MAX_COLUMNS])
