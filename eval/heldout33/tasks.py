"""The thirty-third held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from statistics import median
from typing import Any

from data import CH_FILE, CH_SNAPSHOT, HR_FILE, LR_FILE, MET_FILE, PSC_FILE, Truth, truth


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


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


# the Met: one dict per object (makers as (name, nationality, begin, end, female, role) tuples)

TIFFANY = "Louis Comfort Tiffany"


def _met_tiffany(t: Truth, exact: bool = False) -> int:
    if exact:  # Artist Display Name == 'Louis Comfort Tiffany': the rows with a firm beside him left out
        return sum(len(m["makers"]) == 1 and m["makers"][0][0] == TIFFANY for m in t.met)
    ref = sum(any(a[0] == TIFFANY for a in m["makers"]) for m in t.met)
    no_trap(ref, _met_tiffany(t, exact=True), "Tiffany never shares a row")
    return ref


def _met_women(t: Truth, exact: bool = False) -> int:
    if exact:  # Artist Gender == 'Female': 'Female|' and '|Female' (a woman beside a firm) left out
        return sum(len(m["makers"]) == 1 and m["makers"][0][4] for m in t.met)
    ref = sum(any(a[4] for a in m["makers"]) for m in t.met)
    no_trap(ref, _met_women(t, exact=True), "no woman shares a row")
    return ref


def _met_height(t: Truth, inches: bool = False) -> float:
    have = [m for m in t.met if m["dept"] == "Greek and Roman Art" and m["dims"].startswith("H. ")]
    if inches:  # the first number of Dimensions taken: the whole inches, not the centimetres
        return round(sum(float(re.search(r"\d+", m["dims"]).group()) for m in have) / len(have), 1)
    assert all(m["height"] is not None for m in have)
    ref = round(sum(m["height"] for m in have) / len(have), 1)
    no_trap(ref, _met_height(t, inches=True), "inches read as centimetres")
    return ref


def _met_decade(t: Truth) -> int:
    return argmax(Counter(m["acc"] // 10 * 10 for m in t.met if m["dept"] == "Drawings and Prints" and m["acc"]))


# Companies House: companies (one dict each) and the PSC snapshot's lines (persons and statements)

INDIVIDUAL = "individual-person-with-significant-control"


def _ch_norwich(t: Truth, exact: bool = False) -> int:
    if exact:  # PostTown == 'NORWICH': 'Norwich', 'NORWICH ' and 'norwich' left out
        return sum(c["town_text"] == "NORWICH" for c in t.companies)
    ref = sum(c["town"] == "NORWICH" for c in t.companies)
    assert ref == sum(c["town_text"].strip().upper() == "NORWICH" for c in t.companies)
    no_trap(ref, _ch_norwich(t, exact=True), "Norwich always typed the same way")
    return ref


def _ch_overdue(t: Truth, month_first: bool = False) -> int:
    if month_first:  # '05/03/2024' read as 3 May: the day/month order of the file ignored where it can be
        due = [date(c["due"].year, c["due"].day, c["due"].month) if c["due"].day <= 12 else c["due"] for c in t.companies]  # fmt: skip
        return sum(d < CH_SNAPSHOT for d in due)
    ref = sum(c["due"] < CH_SNAPSHOT for c in t.companies)
    no_trap(ref, _ch_overdue(t, month_first=True), "the month-first reading gives the same count")
    return ref


def _ch_majority(t: Truth, exact: bool = False) -> int:
    current = [p for p in t.psc if p["ceased"] is None]
    if exact:  # only the plain 'ownership-of-shares-75-to-100-percent': '-as-trust' and '-as-firm' left out
        return sum("ownership-of-shares-75-to-100-percent" in p["natures"] for p in current)
    ref = sum(any(n.startswith("ownership-of-shares-75-to-100-percent") for n in p["natures"]) for p in current)
    no_trap(ref, _ch_majority(t, exact=True), "no trust or firm variant")
    return ref


def _ch_birth(t: Truth) -> float:
    return median(p["birth"] for p in t.psc if p["kind"] == INDIVIDUAL and p["ceased"] is None)


def _ch_no_psc(t: Truth) -> int:
    have = {p["company"] for p in t.psc if p["kind"] == INDIVIDUAL and p["ceased"] is None}
    return sum(c["status"] == "Active" and c["number"] not in have for c in t.companies)


# the radio log: one dict per contact (mode as made: FT4 even where the file says MFSK / FT4)


def _hr_ft4(t: Truth, mode_only: bool = False) -> int:
    if mode_only:  # MODE == 'FT4' only: the MODE 'MFSK' SUBMODE 'FT4' records left out
        return sum(q["old_ft4"] for q in t.qsos)
    ref = sum(q["mode"] == "FT4" for q in t.qsos)
    no_trap(ref, _hr_ft4(t, mode_only=True), "every FT4 contact written as MODE FT4")
    return ref


def _hr_ssb(t: Truth, same_day: bool = False) -> float:
    ssb = [q for q in t.qsos if q["mode"] == "SSB"]
    if same_day:  # TIME_OFF minus TIME_ON on the day it began: a contact past midnight comes out negative
        mins = [(q["off"].hour * 60 + q["off"].minute) - (q["on"].hour * 60 + q["on"].minute) for q in ssb]
        return round(sum(mins) / len(mins), 1)
    assert sum(q["off"].date() > q["on"].date() for q in ssb) == 2
    ref = round(sum((q["off"] - q["on"]).total_seconds() / 60 for q in ssb) / len(ssb), 1)
    no_trap(ref, _hr_ssb(t, same_day=True), "no contact past midnight")
    return ref


def _hr_new(t: Truth) -> int:
    first: dict[int, date] = {}
    for q in t.qsos:
        first[q["dxcc"]] = min(first.get(q["dxcc"], q["on"].date()), q["on"].date())
    return sum(d >= date(2024, 1, 1) for d in first.values())


# Lightroom: one dict per image; a virtual copy has master set (the index of its original)


def _lr_masters(t: Truth) -> list[dict]:
    return [im for im in t.images if im["master"] is None]


def _lr_photos(t: Truth, rows: bool = False) -> int:
    if rows:  # every row of Adobe_images counted: the virtual copies too
        return len(t.images)
    ref = len(_lr_masters(t))
    no_trap(ref, _lr_photos(t, rows=True), "no virtual copies")
    return ref


def _lr_f8(t: Truth, raw: bool = False) -> int:
    if raw:  # the APEX value compared with 8 as if it were the f-number (APEX 8 is f/16)
        return sum(im["fnum"] >= 16 - 1e-9 for im in _lr_masters(t))
    ref = sum(im["fnum"] >= 8 - 1e-9 for im in _lr_masters(t))
    no_trap(ref, _lr_f8(t, raw=True), "nothing between f/8 and f/16")
    return ref


def _lr_folder(t: Truth) -> str:
    return argmax(Counter(im["folder"] for im in _lr_masters(t) if (im["rating"] or 0) >= 4))


MET = f"The Metropolitan Museum of Art's open access data, {MET_FILE}: one row per object in the collection."
CH = (
    f"Companies House's Basic Company Data of 1 June 2024, cut to the companies with a registered office in "
    f"Norfolk: {CH_FILE}, one row per company."
)
PSC = (
    f"Companies House's persons with significant control snapshot of 1 June 2024 for the same Norfolk companies, "
    f"{PSC_FILE} (one JSON record per line)."
)
HR = f"My amateur radio logbook, {HR_FILE} (ADIF, downloaded from QRZ.com): one record per contact; times are UTC."
LR = (
    f"My Lightroom Classic catalog, {LR_FILE} (an SQLite database): Adobe_images has one row per image, and a "
    "virtual copy is an extra row whose masterImage points to its original."
)

TASKS = [
    # --- the Met's open access CSV ---
    Task(
        "met_highlights",
        "easy",
        f"{MET} How many objects are marked as highlights (Is Highlight)?",
        lambda t: sum(m["highlight"] for m in t.met),
    ),
    Task(
        "met_dept",
        "easy",
        f"{MET} Which department has the most objects?",
        lambda t: argmax(Counter(m["dept"] for m in t.met)),
        kind="text",
    ),
    Task(
        "met_egypt_bc",
        "easy",
        f"{MET} How many objects in the Egyptian Art department were made entirely before 1000 BC, i.e. have an "
        "Object End Date below -1000?",
        lambda t: sum(m["dept"] == "Egyptian Art" and m["end"] < -1000 for m in t.met),
    ),
    Task(
        "met_tiffany",
        "medium",
        f"{MET} On how many objects is Louis Comfort Tiffany named as a maker (Artist Display Name), alone or "
        "together with others such as Tiffany Studios?",
        _met_tiffany,
    ),
    Task(
        "met_women",
        "medium",
        f"{MET} How many objects have at least one woman among their artists, going by Artist Gender?",
        _met_women,
    ),
    Task(
        "met_gallery",
        "medium",
        f"{MET} Which gallery (Gallery Number) shows the most objects from the European Paintings department? "
        "Give the gallery number.",
        lambda t: argmax(Counter(m["gallery"] for m in t.met if m["dept"] == "European Paintings" and m["gallery"])),
    ),
    Task(
        "met_height",
        "hard",
        f"{MET} In the Greek and Roman Art department, what is the average height of the objects whose Dimensions "
        "give a height ('H. ...')? Use the centimetre figure and give cm to one decimal.",
        _met_height,
    ),
    Task(
        "met_acq_decade",
        "hard",
        f"{MET} In which decade did the museum acquire the most of the objects now in the Drawings and Prints "
        "department, going by AccessionYear (leave out objects without one)? Give the decade's first year, e.g. "
        "1950 for the 1950s.",
        _met_decade,
    ),
    # --- Companies House: Basic Company Data and the PSC snapshot ---
    Task(
        "ch_active",
        "easy",
        f"{CH} How many companies have CompanyStatus 'Active' (exactly that, not 'Active - Proposal to Strike off')?",
        lambda t: sum(c["status"] == "Active" for c in t.companies),
    ),
    Task(
        "ch_sic",
        "easy",
        f"{CH} What is the most common main SIC code (SICCode.SicText_1)? Give the five-digit code.",
        lambda t: argmax(Counter(c["sic"][0][0] for c in t.companies if c["sic"])),
        kind="text",
    ),
    Task(
        "ch_psc_count",
        "easy",
        f"{PSC} How many individual persons with significant control (kind "
        "'individual-person-with-significant-control') are listed, current or ceased?",
        lambda t: sum(p["kind"] == INDIVIDUAL for p in t.psc),
    ),
    Task(
        "ch_norwich",
        "medium",
        f"{CH} How many of the companies have their registered office in Norwich (RegAddress.PostTown)?",
        _ch_norwich,
    ),
    Task(
        "ch_psc_birth",
        "medium",
        f"{PSC} What is the median year of birth of the individual persons with significant control who are still "
        "current (no ceased_on)?",
        _ch_birth,
    ),
    Task(
        "ch_majority",
        "hard",
        f"{PSC} How many current persons with significant control (no ceased_on; people and companies alike) hold "
        "more than 75% of a company's shares? Count those whose natures_of_control include "
        "ownership-of-shares-75-to-100-percent in any of its forms (also held as a trust or as a firm).",
        _ch_majority,
    ),
    Task(
        "ch_overdue",
        "hard",
        f"{CH} How many companies are late with their accounts, that is, their next accounts were due "
        "(Accounts.NextDueDate) before 1 June 2024, the date of the snapshot?",
        _ch_overdue,
    ),
    Task(
        "ch_no_psc",
        "hard",
        f"{CH} With {PSC_FILE}, the persons with significant control snapshot for the same companies (one JSON record "
        "per line): how many companies with CompanyStatus 'Active' have no current individual person with "
        "significant control (kind 'individual-person-with-significant-control', no ceased_on)?",
        _ch_no_psc,
    ),
    # --- the radio logbook (ADIF) ---
    Task(
        "hr_qsos",
        "easy",
        f"{HR} How many contacts are in the log?",
        lambda t: len(t.qsos),
    ),
    Task(
        "hr_top_band",
        "easy",
        f"{HR} On which band did I make the most contacts?",
        lambda t: argmax(Counter(q["band"] for q in t.qsos)),
        kind="text",
    ),
    Task(
        "hr_ft4",
        "medium",
        f"{HR} How many contacts did I make in FT4?",
        _hr_ft4,
    ),
    Task(
        "hr_dxcc",
        "medium",
        f"{HR} How many different DXCC entities (the DXCC field) have I worked?",
        lambda t: len({q["dxcc"] for q in t.qsos}),
    ),
    Task(
        "hr_rst",
        "medium",
        f"{HR} What is the average signal report I received (RST_RCVD, in dB) on my FT8 contacts? Give dB to one "
        "decimal.",
        lambda t: round(
            sum(q["rcvd"] for q in t.qsos if q["mode"] == "FT8") / sum(q["mode"] == "FT8" for q in t.qsos), 1
        ),  # fmt: skip
    ),
    Task(
        "hr_new_dxcc",
        "hard",
        f"{HR} How many DXCC entities did I work for the first time in 2024, i.e. entities with no contact in the "
        "log before 1 January 2024?",
        _hr_new,
    ),
    Task(
        "hr_ssb_minutes",
        "hard",
        f"{HR} How long did my SSB contacts last on average, from TIME_ON to TIME_OFF? Give minutes to one decimal.",
        _hr_ssb,
    ),
    # --- the Lightroom catalog (SQLite) ---
    Task(
        "lr_rejected",
        "easy",
        f"{LR} How many images are flagged as rejected (pick -1)?",
        lambda t: sum(im["pick"] == -1 for im in t.images),
    ),
    Task(
        "lr_five_star",
        "easy",
        f"{LR} How many images have a five-star rating?",
        lambda t: sum(im["rating"] == 5 for im in t.images),
    ),
    Task(
        "lr_photos",
        "medium",
        f"{LR} How many photos are in the catalog? Count the originals only: virtual copies are not separate photos.",
        _lr_photos,
    ),
    Task(
        "lr_camera",
        "medium",
        f"{LR} Which camera model took the most photos? The camera settings are in AgHarvestedExifMetadata, whose "
        "cameraModelRef points into AgInternedExifCameraModel.",
        lambda t: argmax(Counter(im["camera"] for im in _lr_masters(t))),
        kind="text",
    ),
    Task(
        "lr_edited",
        "hard",
        f"{LR} How many images, virtual copies included, were last edited in 2024? touchTime is Lightroom's time "
        "stamp in seconds from 1 January 2001 (UTC); 0 means never edited.",
        lambda t: sum(im["touch"] is not None and im["touch"].year == 2024 for im in t.images),
    ),
    Task(
        "lr_f8",
        "hard",
        f"{LR} How many photos were taken at f/8 or narrower (an f-number of 8 or more)? AgHarvestedExifMetadata "
        "stores the aperture as an APEX value: f-number = 2 ** (aperture / 2).",
        _lr_f8,
    ),
    Task(
        "lr_folder",
        "hard",
        f"{LR} Which folder (AgLibraryFolder.pathFromRoot) holds the most photos rated 4 or 5 stars? "
        "Adobe_images.rootFile is the id_local of the image's AgLibraryFile row, whose folder is the id_local of an "
        "AgLibraryFolder row.",
        _lr_folder,
        kind="text",
    ),
]

QUICK = ["met_highlights", "ch_active", "hr_qsos"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "met_tiffany": "Artist Display Name compared with 'Louis Comfort Tiffany': the rows that name him beside a firm "
    "('Louis Comfort Tiffany|Tiffany Studios') are left out",
    "met_women": "Artist Gender compared with 'Female': a woman beside a firm or printer is 'Female|' or '|Female'",
    "met_height": "the first number of Dimensions taken: it is the height in inches ('H. 10 3/8 in. (26.4 cm)')",
    "ch_norwich": "PostTown compared with 'NORWICH': 'Norwich', 'NORWICH ' and 'norwich' are Norwich too",
    "ch_majority": "only the plain 'ownership-of-shares-75-to-100-percent' matched: the '-as-trust' and '-as-firm' "
    "forms are majority holdings too",
    "ch_overdue": "the dates read month first ('05/03/2024' as 3 May): Companies House writes day/month/year",
    "hr_ft4": "MODE 'FT4' counted: ADIF 3.1 writes FT4 as MODE 'MFSK' with SUBMODE 'FT4', only old records say FT4",
    "hr_ssb_minutes": "TIME_OFF minus TIME_ON without QSO_DATE_OFF: a contact that runs past midnight UTC comes out "
    "about 24 hours negative",
    "lr_photos": "every row of Adobe_images counted: the virtual copies (masterImage set) are not separate photos",
    "lr_f8": "aperture compared with 8 as if it were the f-number: it is an APEX value, and APEX 8 is f/16",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


LR_CAMERA_NAMES = {"ILCE-7M3": ["Sony a7 III", "Sony A7III", "a7 III"], "X-T4": ["Fujifilm X-T4", "XT4"], "iPhone 13 Pro": []}  # fmt: skip


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a folder without its slash, a camera's marketing name)."""
    refs = references(truth())
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "lr_folder":
            task.aliases = [ref.rstrip("/"), ref.rstrip("/").rsplit("/", 1)[-1]]
        elif task.id == "lr_camera":
            task.aliases = list(LR_CAMERA_NAMES[ref])
        elif task.id == "hr_top_band":
            task.aliases = [ref.replace("m", " m"), ref.replace("m", " metres")]


_fill_aliases()

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
