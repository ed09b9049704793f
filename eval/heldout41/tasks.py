"""The forty-first held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from data import (
    AIS_DIST_FERRY,
    AIS_DUP_FERRY,
    AIS_FILE,
    AIS_LOCAL_OFFSET,
    AIS_WINDOW,
    CALLS_FILE,
    COINBASE_FILE,
    KRAKEN_FILE,
    PH_GROUP,
    PH_GROUP_SENDER,
    SMS_FILE,
    Truth,
    _nm,
    to_local,
    truth,
)  # fmt: skip


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float], margin: float = 0) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] <= margin:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def no_trap(ref: Any, careless: Any, what: str, rel: float = 0.002) -> None:
    """Raise when the careless reading comes within rel (the scorer's 0.2 % by default) of the reference."""
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, rel * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-3 or abs(scaled - round(scaled) + 0.5) < 1e-3:
        raise ValueError(f"{what}: {x} is on a rounding edge")


def rounded(x: float, places: int, what: str) -> float:
    not_on_edge(x, places, what)
    return round(x, places)


# Crypto: Kraken ledger rows (txid, refid, time, type, subtype, asset, amount, fee, balance) and Coinbase rows


def _kr_trades(t: Truth, rows: bool = False) -> int:
    trades = [r for r in t.kraken if r["type"] == "trade"]
    if rows:  # ledger rows counted: each trade is two rows, one per asset
        return len(trades)
    ref = len({r["refid"] for r in trades})
    assert all(n == 2 for n in Counter(r["refid"] for r in trades).values())
    no_trap(ref, _kr_trades(t, rows=True), "one row a trade")
    return ref


def _kr_dot_rewards(t: Truth, positive_dot_s: bool = False) -> float:
    if positive_dot_s:  # every DOT.S credit summed: the DOT moved into staking (transfer rows) counted as earned
        return round(float(sum(r["amount"] for r in t.kraken if r["asset"] == "DOT.S" and r["amount"] > 0)), 4)
    x = float(sum(r["amount"] - r["fee"] for r in t.kraken if r["type"] == "staking"))
    ref = rounded(x, 4, "DOT rewards")
    no_trap(ref, _kr_dot_rewards(t, positive_dot_s=True), "no DOT staked")
    return ref


def _kr_btc_buys(t: Truth) -> list[tuple[dict, dict]]:
    """(euro row, bitcoin row) of every bitcoin purchase: a trade or an instant buy (spend and receive)."""
    legs: dict[str, list[dict]] = defaultdict(list)
    for r in t.kraken:
        if r["type"] in ("trade", "spend", "receive"):
            legs[r["refid"]].append(r)
    out = []
    for rows in legs.values():
        assert len(rows) == 2
        eur = next((r for r in rows if r["asset"] == "ZEUR"), None)
        btc = next((r for r in rows if r["asset"] == "XXBT"), None)
        if eur and btc and btc["amount"] > 0:
            assert eur["amount"] < 0
            out.append((eur, btc))
    return out


def _kr_btc_cost(t: Truth, no_fees: bool = False) -> float:
    buys = _kr_btc_buys(t)
    if no_fees:  # the euro amounts alone: Kraken books the fee in its own column
        return round(float(sum(-e["amount"] for e, _ in buys)), 2)
    assert {e["type"] for e, _ in buys} == {"trade", "spend"}
    ref = rounded(float(sum(-e["amount"] + e["fee"] for e, _ in buys)), 2, "bitcoin cost")
    no_trap(ref, _kr_btc_cost(t, no_fees=True), "no fees")
    return ref


def _cb_btc(t: Truth, simple_only: bool = False) -> Decimal:
    kinds = ("Buy",) if simple_only else ("Buy", "Advanced Trade Buy")
    return sum((r["qty"] for r in t.coinbase if r["asset"] == "BTC" and r["type"] in kinds), Decimal(0))


def _cb_btc_bought(t: Truth, simple_only: bool = False) -> float:
    if simple_only:  # only the rows typed Buy: the Advanced Trade buys left out
        return round(float(_cb_btc(t, simple_only=True)), 8)
    ref = round(float(_cb_btc(t)), 8)
    assert any(r["type"] == "Receive" and r["asset"] == "BTC" for r in t.coinbase)
    no_trap(ref, _cb_btc_bought(t, simple_only=True), "no Advanced Trade buys")
    return ref


def _cb_usdc(t: Truth) -> float:
    rows = [r for r in t.coinbase if r["type"] == "Convert"]
    assert len(rows) >= 2 and all(r["qty"] < 0 for r in rows)
    return rounded(float(sum(r["usdc"] for r in rows)), 2, "USDC")


def _cx_btc_bought(t: Truth) -> float:
    kraken = sum((b["amount"] for _, b in _kr_btc_buys(t)), Decimal(0))
    return rounded(float(kraken + _cb_btc(t)), 6, "bitcoin bought")


# AIS: vessels (mmsi, name, type, cls, length ...) and reports (mmsi, t seconds UTC, lat, lon, sog, status, dup)


def _vessel(t: Truth) -> dict[int, dict]:
    return {v["mmsi"]: v for v in t.vessels}


def _seen(t: Truth) -> list[dict]:
    mm = {r["mmsi"] for r in t.ais}
    return [v for v in t.vessels if v["mmsi"] in mm]


def _named(t: Truth, name: str) -> dict:
    vs = [v for v in t.vessels if v["name"] == name]
    assert len(vs) == 1
    return vs[0]


def _ais_max_sog(t: Truth, raw: bool = False) -> float:
    if raw:  # the largest SOG as it stands: 102.3 is AIS's 'not available'
        return max(r["sog"] for r in t.ais)
    ref = max(r["sog"] for r in t.ais if r["sog"] != 102.3)
    no_trap(ref, _ais_max_sog(t, raw=True), "no 102.3")
    return ref


def _ais_ferry_reports(t: Truth, rows: bool = False) -> int:
    m = _named(t, AIS_DUP_FERRY)["mmsi"]
    if rows:  # every row counted: a report received twice is in the file twice
        return sum(r["mmsi"] == m for r in t.ais)
    ref = sum(r["mmsi"] == m and not r["dup"] for r in t.ais)
    no_trap(ref, _ais_ferry_reports(t, rows=True), "no duplicate reports")
    return ref


def _ais_local_moving(t: Truth, utc: bool = False) -> int:
    lo, hi = AIS_WINDOW
    shift = 0 if utc else -AIS_LOCAL_OFFSET * 3600  # local 08:00 is 15:00 UTC

    def moving(skip_na: bool) -> int:
        return len({r["mmsi"] for r in t.ais if (lo * 3600 + shift) <= r["t"] < (hi * 3600 + shift) and r["sog"] >= 1
                    and not (skip_na and r["sog"] == 102.3)})  # fmt: skip

    if utc:  # the UTC time stamps read as local time
        return moving(True)
    ref = moving(True)
    assert ref == moving(False)  # the 102.3 reports do not change this answer
    no_trap(ref, _ais_local_moving(t, utc=True), "night and morning alike")
    return ref


def _ais_ferry_distance(t: Truth) -> float:
    m = _named(t, AIS_DIST_FERRY)["mmsi"]
    pts = [(r["lat"], r["lon"]) for r in sorted((r for r in t.ais if r["mmsi"] == m and not r["dup"]), key=lambda r: r["t"])
           if r["lat"] != 91.0]  # fmt: skip
    assert any(r["lat"] == 91.0 for r in t.ais if r["mmsi"] == m)
    return rounded(sum(_nm(a, b) for a, b in zip(pts, pts[1:])), 1, "distance")


def _ais_anchor_longest(t: Truth) -> str:
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for r in t.ais:
        if r["status"] == 1:
            first.setdefault(r["mmsi"], r["t"])
            last[r["mmsi"]] = r["t"]
    by = _vessel(t)
    return argmax({by[m]["name"]: last[m] - first[m] for m in first}, margin=1800)


# Phone: calls (utc, type, number as written, e164, name, duration) and messages (sms / mms)


def _ph_longest(t: Truth) -> str:
    best: dict[str, int] = {}
    for x in t.calls:
        best[x["name"]] = max(best.get(x["name"], 0), x["duration"])
    ref = argmax(best, margin=30)
    assert ref != "(Unknown)"
    return ref


def _ph_avg_top(t: Truth) -> str:
    def top(types: tuple, min_calls: int) -> str:
        durations: dict[str, list[int]] = defaultdict(list)
        for x in t.calls:
            if x["type"] in types and x["duration"] > 0 and x["name"] != "(Unknown)":
                durations[x["name"]].append(x["duration"])
        return argmax({k: sum(v) / len(v) for k, v in durations.items() if len(v) >= min_calls}, margin=120)

    ref = top((1, 2), 10)
    assert ref == top((1, 2, 4), 10) == top((1, 2), 5)  # voicemail, or a looser minimum, give the same contact
    return ref


def _ph_distinct_called(t: Truth, raw: bool = False) -> int:
    out = [x for x in t.calls if x["type"] == 2]
    if raw:  # the number strings as written: 07700 900123, 07700900123 and +447700900123 counted apart
        return len({x["number"] for x in out})
    ref = len({x["e164"] for x in out})
    no_trap(ref, _ph_distinct_called(t, raw=True), "every number written one way")
    return ref


def _ph_late_calls(t: Truth, utc: bool = False) -> int:
    out = [x for x in t.calls if x["type"] == 2]
    if utc:  # the hour taken from date (epoch milliseconds, UTC): an hour off in British Summer Time
        return sum(x["utc"].hour >= 22 for x in out)
    ref = sum(to_local(x["utc"]).hour >= 22 for x in out)
    no_trap(ref, _ph_late_calls(t, utc=True), "no late calls in summer time")
    return ref


def _ph_callback(t: Truth) -> int:
    out = [x for x in t.calls if x["type"] == 2]
    n = 0
    for x in t.calls:
        if x["type"] != 3 or x["number"] == "":
            continue
        gaps = [(y["utc"] - x["utc"]).total_seconds() / 60 for y in out if y["e164"] == x["e164"]]
        assert not any(57 <= g <= 63 for g in gaps), "a call-back on the 60-minute edge"
        n += any(0 < g <= 60 for g in gaps)
    return n


def _group_members(m: dict) -> list[str]:
    return sorted(c["name"] for c in m["members"])


def _sms_group_dan(t: Truth, any_address: bool = False) -> int:
    mms = [m for m in t.messages if m["kind"] == "mms"]
    if any_address:  # every MMS whose address list holds Dan's number: all the group's messages, and his own MMS
        return sum(any(c["name"] == PH_GROUP_SENDER for c in m["members"]) for m in mms)
    ref = sum(_group_members(m) == sorted(PH_GROUP) and m["box"] == 1 and m["sender"]["name"] == PH_GROUP_SENDER
              for m in mms)  # fmt: skip
    no_trap(ref, _sms_group_dan(t, any_address=True), "no group")
    return ref


def _sms_photos(t: Truth) -> int:
    return sum(len(m["parts"]) for m in t.messages
               if m["kind"] == "mms" and m["box"] == 1 and to_local(m["utc"]).year == 2023)  # fmt: skip


CR = (
    f"My crypto accounts for 2023: Kraken's ledger export ({KRAKEN_FILE}) and Coinbase's transaction history report "
    f"({COINBASE_FILE}). I live in Ireland; both accounts are in euros."
)
AIS = (
    f"A day of ship positions in central Puget Sound (Seattle): a cut of MarineCadastre's AIS file for 15 July 2023 "
    f"({AIS_FILE}, one CSV inside; BaseDateTime is UTC, SOG in knots, Length in metres)."
)
PH = (
    f"My Android phone's call log ({CALLS_FILE}) and messages ({SMS_FILE}), saved with the SMS Backup & Restore app; "
    "they cover August 2023 to February 2024, and I live in the UK."
)

TASKS = [
    # --- Crypto: Kraken ledgers and Coinbase transaction history ---
    Task(
        "kr_eur_deposits",
        "easy",
        f"{CR} How many euro deposits did I make into my Kraken account (ledger type deposit, asset ZEUR) in "
        f"{KRAKEN_FILE}?",
        lambda t: sum(r["type"] == "deposit" and r["asset"] == "ZEUR" for r in t.kraken),
    ),
    Task(
        "kr_btc_balance",
        "easy",
        f"{CR} What was my bitcoin balance on Kraken (asset XXBT) after the last bitcoin entry in {KRAKEN_FILE}? "
        "Give it in BTC with 8 decimals.",
        lambda t: float([r for r in t.kraken if r["asset"] == "XXBT"][-1]["balance"]),
    ),
    Task(
        "cb_staking_rows",
        "easy",
        f"{CR} How many Staking Income transactions are there in {COINBASE_FILE}?",
        lambda t: sum(r["type"] == "Staking Income" for r in t.coinbase),
    ),
    Task(
        "kr_trades",
        "medium",
        f"{CR} How many trades did I make on Kraken's trading platform in 2023 (ledger type trade in {KRAKEN_FILE})?",
        _kr_trades,
    ),
    Task(
        "kr_dot_rewards",
        "medium",
        f"{CR} How much DOT did I earn as staking rewards on Kraken in 2023, according to {KRAKEN_FILE}? Give it in "
        "DOT with four decimals.",
        _kr_dot_rewards,
    ),
    Task(
        "cb_btc_bought",
        "medium",
        f"{CR} How much bitcoin (BTC) did I buy on Coinbase in 2023, according to {COINBASE_FILE}? Count every "
        "purchase, but not bitcoin I received from elsewhere. Give it in BTC with 8 decimals.",
        _cb_btc_bought,
    ),
    Task(
        "cb_fees",
        "medium",
        f"{CR} How much did I pay Coinbase in fees in 2023 (the Fees and/or Spread column of {COINBASE_FILE}), in "
        "euros? Give two decimals.",
        lambda t: round(float(sum(r["fees"] for r in t.coinbase)), 2),
    ),
    Task(
        "kr_btc_cost",
        "hard",
        f"{CR} How many euros did I spend buying bitcoin on Kraken in 2023, fees included? Count every purchase in "
        f"{KRAKEN_FILE}: trades on the trading platform and instant buys with the Buy Crypto button. Give two "
        "decimals.",
        _kr_btc_cost,
    ),
    Task(
        "cb_usdc",
        "hard",
        f"{CR} How many USDC did I get in total from converting ETH to USDC on Coinbase in 2023 ({COINBASE_FILE})? "
        "Give two decimals.",
        _cb_usdc,
    ),
    Task(
        "cx_btc_bought",
        "hard",
        f"{CR} How much bitcoin did I buy in 2023 on the two exchanges together: every bitcoin purchase in "
        f"{KRAKEN_FILE} (trades and instant buys) and in {COINBASE_FILE}? Leave out bitcoin moved between accounts. "
        "Give it in BTC with 6 decimals.",
        _cx_btc_bought,
    ),
    # --- AIS: MarineCadastre daily file ---
    Task(
        "ais_vessels",
        "easy",
        f"{AIS} How many different vessels (MMSI numbers) appear in the file?",
        lambda t: len({r["mmsi"] for r in t.ais}),
    ),
    Task(
        "ais_classb",
        "easy",
        f"{AIS} How many rows of the file come from class B transponders (TransceiverClass B)?",
        lambda t: sum(_vessel(t)[r["mmsi"]]["cls"] == "B" for r in t.ais),
    ),
    Task(
        "ais_tankers",
        "easy",
        f"{AIS} How many different tankers (VesselType 80 to 89) appear in the file?",
        lambda t: sum(v["type"] is not None and 80 <= v["type"] <= 89 for v in _seen(t)),
    ),
    Task(
        "ais_longest",
        "easy",
        f"{AIS} What is the name of the longest vessel in the file (the Length column)?",
        lambda t: argmax({v["name"]: v["length"] for v in _seen(t) if v["length"] is not None}, margin=5),
        kind="text",
    ),
    Task(
        "ais_max_sog",
        "medium",
        f"{AIS} What is the highest speed over ground (SOG) that any vessel reported that day, in knots?",
        _ais_max_sog,
    ),
    Task(
        "ais_ferry_reports",
        "medium",
        f"{AIS} How many position reports did the Washington State ferry {AIS_DUP_FERRY} send that day?",
        _ais_ferry_reports,
    ),
    Task(
        "ais_anchored",
        "medium",
        f"{AIS} How many different vessels reported the navigational status 'at anchor' (Status 1) at least once?",
        lambda t: len({r["mmsi"] for r in t.ais if r["status"] == 1}),
    ),
    Task(
        "ais_local_moving",
        "hard",
        f"{AIS} How many different vessels were moving (at least one report with SOG of 1 knot or more) between 08:00 "
        "and 09:00 Seattle local time (Pacific Daylight Time, UTC-7) that morning?",
        _ais_local_moving,
    ),
    Task(
        "ais_ferry_distance",
        "hard",
        f"{AIS} How far did the ferry {AIS_DIST_FERRY} travel that day, in nautical miles? Add up the great-circle "
        "(haversine) distances between its consecutive position reports in time order, with an Earth radius of "
        "3440.065 nautical miles. Give one decimal.",
        _ais_ferry_distance,
    ),
    Task(
        "ais_anchor_longest",
        "hard",
        f"{AIS} Which vessel was at anchor longest that day, measured from its first to its last report with Status 1 "
        "(at anchor)? Give the vessel name.",
        _ais_anchor_longest,
        kind="text",
    ),
    # --- Phone: SMS Backup & Restore call log and messages ---
    Task(
        "ph_missed",
        "easy",
        f"{PH} How many missed calls (call type 3) are there in {CALLS_FILE}?",
        lambda t: sum(x["type"] == 3 for x in t.calls),
    ),
    Task(
        "ph_longest",
        "easy",
        f"{PH} Who was my longest call with? Give the contact name from {CALLS_FILE}.",
        _ph_longest,
        kind="text",
    ),
    Task(
        "sms_mms",
        "easy",
        f"{PH} How many MMS messages (mms elements) are there in {SMS_FILE}?",
        lambda t: sum(m["kind"] == "mms" for m in t.messages),
    ),
    Task(
        "ph_out_minutes",
        "medium",
        f"{PH} What was the total duration of my outgoing calls (type 2) in {CALLS_FILE}, in minutes? Give one decimal.",
        lambda t: rounded(sum(x["duration"] for x in t.calls if x["type"] == 2) / 60, 1, "minutes"),
    ),
    Task(
        "ph_avg_top",
        "medium",
        f"{PH} Which contact's calls last longest on average? Take the answered incoming and outgoing calls (types 1 "
        f"and 2 in {CALLS_FILE} with a duration above zero) and only contacts with at least 10 such calls. Give the "
        "contact name.",
        _ph_avg_top,
        kind="text",
    ),
    Task(
        "ph_distinct_called",
        "medium",
        f"{PH} How many different phone numbers did I call (outgoing calls, type 2, in {CALLS_FILE})?",
        _ph_distinct_called,
    ),
    Task(
        "ph_late_calls",
        "hard",
        f"{PH} How many outgoing calls (type 2 in {CALLS_FILE}) did I start between 22:00 and midnight, UK time?",
        _ph_late_calls,
    ),
    Task(
        "ph_callback",
        "hard",
        f"{PH} How many of my missed calls (type 3 in {CALLS_FILE}) did I return within an hour, that is with an "
        "outgoing call (type 2) to the same number at most 60 minutes after the missed call? Count each missed call "
        "once, and leave out calls from withheld numbers.",
        _ph_callback,
    ),
    Task(
        "sms_group_dan",
        "hard",
        f"{PH} In my group chat with Priya, Dan and Sophie (its messages are MMS in {SMS_FILE}), how many messages did "
        "Dan send?",
        _sms_group_dan,
    ),
    Task(
        "sms_photos",
        "hard",
        f"{PH} How many photos (image attachments) did I receive by MMS in 2023, UK time, according to {SMS_FILE}?",
        _sms_photos,
    ),
]

QUICK = ["kr_eur_deposits", "ais_vessels", "ph_missed"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "kr_trades": "the ledger rows of type trade counted: every trade is two rows (one per asset) sharing a refid",
    "kr_dot_rewards": "every credit to DOT.S summed: the DOT moved into staking (transfer rows, stakingfromspot) "
    "is counted as earned; the rewards are the rows of type staking",
    "cb_btc_bought": "only the rows typed Buy summed: the Advanced Trade Buy rows are purchases too",
    "kr_btc_cost": "the euro amounts summed without the fee column: Kraken books the fee beside the amount, not in it",
    "ais_max_sog": "the largest SOG as it stands: 102.3 is AIS's 'speed not available'",
    "ais_ferry_reports": "the ferry's rows counted: reports received twice are in the file twice (identical rows)",
    "ais_local_moving": "BaseDateTime read as local time: it is UTC, so 08:00-09:00 PDT is 15:00-16:00 in the file",
    "ph_distinct_called": "the number strings counted as written: one number appears as 07700 900123, 07700900123 and "
    "+447700900123",
    "ph_late_calls": "the hour taken from date (epoch milliseconds, UTC): in British Summer Time the UK is an hour "
    "ahead (readable_date is local)",
    "sms_group_dan": "every MMS whose address holds Dan's number counted: each group message lists all the members; "
    "the sender is the addr of type 137",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) == 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
