"""The ninth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import MG_DL, STREET_SPELLINGS, Truth, truth


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float]) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def argmin(scores: dict[Any, float]) -> Any:
    return argmax({k: -v for k, v in scores.items()})


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def share(part: int, whole: int) -> float:
    return 100 * part / whole


# museum


def _paid(t: Truth) -> list[dict]:
    return [o for o in t.orders if o["status"] == "paid"]


def _online(t: Truth) -> list[dict]:
    return [o for o in t.orders if o["channel"] in ("web", "app")]


def _refund_channel(t: Truth) -> str:
    orders: Counter = Counter(o["channel"] for o in t.orders)
    refunded: Counter = Counter(o["channel"] for o in t.orders if o["status"] == "refunded")
    return argmax({c: refunded[c] / orders[c] for c in orders})


def _june_visitors(t: Truth) -> int:
    admits = {x["code"]: x["admits"] for x in t.tickets}
    return sum(admits[c] * q for o in _paid(t) if o["visit"].month == 6 for c, q in o["items"])


CHANNEL_ALIASES = {"app": ["App", "mobile app"], "web": ["Web", "website", "online"], "desk": ["Desk", "ticket desk"]}

# lab


def _site_kind(t: Truth) -> dict[str, str]:
    return {s["code"]: s["kind"] for s in t.sites}


def _reject_reason(t: Truth) -> str:
    from data import REJECT_REASONS

    code = argmax(Counter(s["reason"] for s in t.samples if s["status"] == "rejected"))
    return REJECT_REASONS[code][0]


def _reject_kind(t: Truth) -> str:
    samples: Counter = Counter(s["kind"] for s in t.samples)
    rejected: Counter = Counter(s["kind"] for s in t.samples if s["status"] == "rejected")
    return argmax({k: rejected[k] / samples[k] for k in samples})


def _carehome_tat(t: Truth) -> float:
    return mean(
        (s["reported"] - s["collected"]).total_seconds() / 3600
        for s in t.samples
        if s["kind"] == "Care home" and s["reported"] is not None
    )


def _creatinine(t: Truth) -> float:
    return mean(
        r["value"] * (MG_DL if r["unit"] == "mg/dL" else 1.0) for r in t.results if r["analyte"] == "Creatinine"
    )


REASON_ALIASES = {
    "Haemolysed": ["hemolysed", "hemolyzed", "haemolysis", "hemolysis"],
    "Insufficient volume": ["insufficient", "insufficient sample"],
    "Labelling error": ["labeling error", "mislabelled", "labelling"],
    "Clotted": ["clotted sample"],
    "Delayed in transit": ["delayed"],
}
KIND_ALIASES = {
    "Care home": ["care homes", "nursing home", "care-home"],
    "GP surgery": ["GP surgeries", "GP"],
    "Hospital ward": ["hospital wards", "ward"],
    "Outpatient clinic": ["outpatient clinics", "clinic"],
}

# parking


def _top_officer(t: Truth) -> str:
    return argmax(Counter(p["officer"] for p in t.pcns))


def _top_street(t: Truth) -> str:
    return argmax(Counter(p["street"] for p in t.pcns))


def _street_aliases(street: str) -> list[str]:
    ascii_ = street.replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    spellings = list(STREET_SPELLINGS.get(street, {})) + [ascii_, street.replace("ß", "ss")]
    return list(dict.fromkeys(s for s in spellings if s != street))


def _march_higher(t: Truth) -> float:
    band = {o["code"]: o["band"] for o in t.offences}
    march = [p for p in t.pcns if p["issued"].month == 3]
    return share(sum(band[p["offence"]] == "higher" for p in march), len(march))


# studio


def _attended(t: Truth) -> list[dict]:
    return [b for b in t.bookings if b["status"] == "attended"]


def _sessions(t: Truth) -> dict[int, dict]:
    return {s["id"]: s for s in t.sessions}


def _top_class(t: Truth) -> str:
    s = _sessions(t)
    return argmax(Counter(s[b["session"]]["class"] for b in _attended(t)))


def _noshow_instructor(t: Truth) -> str:
    s = _sessions(t)
    standing: Counter = Counter()
    noshow: Counter = Counter()
    for b in t.bookings:
        if b["status"] in ("attended", "no-show"):
            who = s[b["session"]]["instructor"]
            standing[who] += 1
            noshow[who] += b["status"] == "no-show"
    return argmax({k: noshow[k] / standing[k] for k in standing})


def _plan_attendance(t: Truth) -> str:
    attended = Counter(b["member"] for b in _attended(t))
    members: dict[str, list[int]] = {}
    for m in t.members:
        members.setdefault(m["plan"], []).append(attended[m["id"]])
    code = argmax({p: mean(v) for p, v in members.items()})
    return next(p["name"] for p in t.plans if p["code"] == code)


def _plan_code(t: Truth, name: str) -> str:
    return next(p["code"] for p in t.plans if p["name"] == name)


_SEED_T = truth()

TASKS: list[Task] = [
    # --- easy -------------------------------------------------------------------------------------
    Task(
        "museum-avg-price",
        "easy",
        "What is the average price, in pounds, of the ticket types in ticket_types.csv that are not free?",
        lambda t: mean(x["price"] / 100 for x in t.tickets if x["price"] > 0),
    ),
    Task(
        "museum-max-order",
        "easy",
        "What was the largest single order total, in pounds, in museum_orders_api.json?",
        lambda t: max(o["total"] for o in t.orders) / 100,
    ),
    Task(
        "lab-sample-count",
        "easy",
        "How many samples are registered in lab_registry.sqlite?",
        lambda t: len(t.samples),
    ),
    Task(
        "lab-trop-count",
        "easy",
        "How many high-sensitivity troponin tests (test code TROP) were requested, according to lab_registry.sqlite?",
        lambda t: sum(s["test"] == "TROP" for s in t.samples),
    ),
    Task(
        "lab-max-potassium",
        "easy",
        "What was the highest potassium result, in mmol/L, recorded in lab_registry.sqlite?",
        lambda t: max(r["value"] for r in t.results if r["analyte"] == "Potassium"),
    ),
    Task(
        "park-zone-c",
        "easy",
        "How many parking tickets were issued in zone C, according to parking_tickets_q1_2024.csv?",
        lambda t: sum(p["zone"] == "C" for p in t.pcns),
    ),
    Task(
        "park-top-officer",
        "easy",
        "Which enforcement officer issued the most tickets in parking_tickets_q1_2024.csv?",
        _top_officer,
        "text",
        [_top_officer(_SEED_T).replace("-", "")],
    ),
    Task(
        "park-max-fine",
        "easy",
        "What was the largest fine, in euros, on a single ticket in parking_tickets_q1_2024.csv?",
        lambda t: max(p["fine"] for p in t.pcns) / 100,
    ),
    Task(
        "studio-booking-count",
        "easy",
        "How many bookings are there in studio_bookings.parquet?",
        lambda t: len(t.bookings),
    ),
    Task(
        "studio-member-count",
        "easy",
        "How many members are listed in members.xlsx?",
        lambda t: len(t.members),
    ),
    # --- medium -----------------------------------------------------------------------------------
    Task(
        "museum-order-count",
        "medium",
        "How many distinct orders does museum_orders_api.json contain?",
        lambda t: len(t.orders),
    ),
    Task(
        "museum-child-tickets",
        "medium",
        "How many Child tickets (code CHD) were sold in the museum orders that were not refunded?",
        lambda t: sum(q for o in _paid(t) for c, q in o["items"] if c == "CHD"),
    ),
    Task(
        "museum-refund-channel",
        "medium",
        "Which sales channel of the museum had the highest refund rate, that is the share of its orders that were "
        "refunded?",
        _refund_channel,
        "text",
        CHANNEL_ALIASES[_refund_channel(_SEED_T)],
    ),
    Task(
        "lab-urgent-share",
        "medium",
        "What percentage of the samples in lab_registry.sqlite were sent with urgent priority?",
        lambda t: share(sum(s["urgent"] for s in t.samples), len(t.samples)),
    ),
    Task(
        "lab-reject-reason",
        "medium",
        "What was the most common reason for the lab to reject a sample, according to lab_registry.sqlite?",
        _reject_reason,
        "text",
        REASON_ALIASES[_reject_reason(_SEED_T)],
    ),
    Task(
        "park-collected",
        "medium",
        "How much money, in euros, was paid in total on the tickets in parking_tickets_q1_2024.csv?",
        lambda t: sum(p["paid"] or 0 for p in t.pcns) / 100,
    ),
    Task(
        "park-top-street",
        "medium",
        "On which street were the most parking tickets issued, according to parking_tickets_q1_2024.csv?",
        _top_street,
        "text",
        _street_aliases(_top_street(_SEED_T)),
    ),
    Task(
        "studio-top-class",
        "medium",
        "Which type of class had the most attended bookings in studio_bookings.parquet?",
        _top_class,
        "text",
        ["Spinning", "indoor cycling"] if _top_class(_SEED_T) == "Spin" else [],
    ),
    Task(
        "studio-noshow-instructor",
        "medium",
        "Which instructor had the highest no-show rate: no-shows as a share of their bookings that ended as "
        "attended or no-show?",
        _noshow_instructor,
        "text",
    ),
    Task(
        "studio-hours-attended",
        "medium",
        "How many hours of classes did members attend in total, adding up the length of the class for every "
        "attended booking in studio_bookings.parquet?",
        lambda t: sum(_sessions(t)[b["session"]]["minutes"] for b in _attended(t)) / 60,
    ),
    # --- hard -------------------------------------------------------------------------------------
    Task(
        "museum-may-revenue",
        "hard",
        "What was the museum's revenue, in pounds, from the orders for visits in May 2024 that were not refunded, "
        "using each order's total after discounts?",
        lambda t: sum(o["total"] for o in _paid(t) if o["visit"].month == 5) / 100,
    ),
    Task(
        "museum-evening-share",
        "hard",
        "What percentage of the museum's online orders (channels web and app) were placed in the evening, between "
        "18:00 and midnight UK time?",
        lambda t: share(sum(o["local"].hour >= 18 for o in _online(t)), len(_online(t))),
    ),
    Task(
        "museum-june-visitors",
        "hard",
        "How many people are the museum's non-refunded orders for visits in June 2024 expected to admit, counting "
        "each ticket as the number of people it admits according to ticket_types.csv?",
        _june_visitors,
    ),
    Task(
        "lab-carehome-tat",
        "hard",
        "What was the average turnaround time, in hours, from collection to report, of the reported samples that "
        "were collected at care homes?",
        _carehome_tat,
    ),
    Task(
        "lab-creatinine-mean",
        "hard",
        "What was the average creatinine result in lab_registry.sqlite, in µmol/L, over all creatinine results?",
        _creatinine,
    ),
    Task(
        "lab-reject-kind",
        "hard",
        "Which kind of collection site (GP surgery, hospital ward and so on) had the highest sample rejection rate, "
        "the share of its samples that the lab rejected?",
        _reject_kind,
        "text",
        KIND_ALIASES[_reject_kind(_SEED_T)],
    ),
    Task(
        "park-march-higher",
        "hard",
        "What percentage of the parking tickets issued in March 2024 were for offences in the higher band of "
        "offence_codes.txt?",
        _march_higher,
    ),
    Task(
        "park-days-to-pay",
        "hard",
        "For the parking tickets that were paid, how many days on average passed between the day the ticket was "
        "issued and the day it was paid?",
        lambda t: mean((p["paid_on"] - p["issued"].date()).days for p in t.pcns if p["paid_on"] is not None),
    ),
    Task(
        "studio-early-bird",
        "hard",
        "How many attended bookings in studio_bookings.parquet were for classes that started before 08:00 local "
        "time at the studio in Berlin?",
        lambda t: sum(_sessions(t)[b["session"]]["local"].hour < 8 for b in _attended(t)),
    ),
    Task(
        "studio-plan-attendance",
        "hard",
        "Which membership plan's members attended the most classes on average? Count every member listed in "
        "members.xlsx on each plan, including members with no attended classes, and give the plan's name.",
        _plan_attendance,
        "text",
        [_plan_code(_SEED_T, _plan_attendance(_SEED_T))],
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["lab-sample-count", "park-zone-c", "studio-booking-count"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<30} {task.question}")
