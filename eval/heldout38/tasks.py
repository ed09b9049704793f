"""The thirty-eighth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import (
    BG_LONG_GAME,
    BG_USER,
    CHROMS,
    CLINVAR_FILE,
    COLLECTION_FILE,
    GBP_EUR,
    GENOME_FILE,
    PLAYS_FILE,
    PLP,
    REVSTAT_STARS,
    STA_FILE,
    TR_DEVICE_STATION,
    TR_LANE_DAY,
    TR_LANE_STATION,
    TR_PEAK_STATION,
    TR_WEEKDAY_STATION,
    USD_EUR,
    VOL_FILE,
    Truth,
    dow_code,
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


# Genome: the 23andMe markers (id, chrom, pos, gt ...) and the ClinVar records (sig, revstat, genes, rs ...)


def _stars(r: dict) -> int:
    return REVSTAT_STARS[r["revstat"]]


def _dna_het(t: Truth) -> int:
    return sum(m["chrom"] in CHROMS[:22] and len(m["gt"]) == 2 and set(m["gt"]) <= set("ACGT") and m["gt"][0] != m["gt"][1]
               for m in t.markers)  # fmt: skip


def _cv_plp(t: Truth, substring: bool = False) -> int:
    if substring:  # 'pathogenic' looked for anywhere in CLNSIG: Conflicting_classifications_of_pathogenicity too
        return sum("pathogenic" in r["sig"].lower() for r in t.clinvar)
    ref = sum(r["sig"] in PLP for r in t.clinvar)
    no_trap(ref, _cv_plp(t, substring=True), "no conflicting classifications")
    return ref


def _my_rs(t: Truth) -> dict[int, dict]:
    return {int(m["id"][2:]): m for m in t.markers if m["id"].startswith("rs")}


def _dna_in_clinvar(t: Truth, by_position: bool = False) -> int:
    if by_position:  # my build-37 positions joined to ClinVar's GRCh38 positions: only chrMT (the same rCRS) matches
        sites = {(r["chrom"], r["pos"]) for r in t.clinvar}
        return sum((m["chrom"], m["pos"]) in sites for m in t.markers)
    rs = {r["rs"] for r in t.clinvar if r["rs"] is not None}
    ref = sum(m["id"].startswith("rs") and int(m["id"][2:]) in rs for m in t.markers)
    # the rsID match is the site match: every marker with a record is one of the clinical markers
    assert ref == len({r["marker"] for r in t.clinvar if r["marker"]})
    no_trap(ref, _dna_in_clinvar(t, by_position=True), "the two files on one build")
    return ref


def _dna_carrier(t: Truth) -> int:
    mine = _my_rs(t)
    n = 0
    for r in t.clinvar:
        if r["sig"] in PLP and r["vc"] == "single_nucleotide_variant" and r["rs"] in mine:
            gt = mine[r["rs"]]["gt"]
            n += gt != "--" and r["alt"] in gt
    assert n >= 3
    return n


def _cv_top_gene(t: Truth) -> str:
    rows = [r for r in t.clinvar if r["sig"] in PLP and _stars(r) >= 2]
    assert all(len(r["genes"]) == 1 for r in rows)
    return argmax(Counter(r["genes"][0][0] for r in rows), margin=2)


# Board games: collection rows (CSV fields, plus _price/_cur/_rating/_kind) and distinct plays with pages


def _owned(t: Truth) -> list[dict]:
    return [r for r in t.collection if r["own"] == 1]


def _bg_distinct_owned(t: Truth, rows: bool = False) -> int:
    if rows:  # rows with own 1: three games are owned in two versions, one row each
        return len(_owned(t))
    ref = len({r["objectid"] for r in _owned(t)})
    no_trap(ref, _bg_distinct_owned(t, rows=True), "no game owned twice")
    return ref


def _page_entries(t: Truth) -> list[dict]:
    return [t.plays[i] for page in t.pages for i in page["plays"]]


def _bg_plays_2023(t: Truth, every_entry: bool = False) -> int:
    plays = _page_entries(t) if every_entry else t.plays
    n = sum(p["quantity"] for p in plays if p["date"].year == 2023)
    if every_entry:  # every <play> in the pages summed: a play at a page boundary comes twice
        return n
    no_trap(n, _bg_plays_2023(t, every_entry=True), "no page overlap in 2023")
    return n


def _bg_length(t: Truth, zeros: bool = False) -> float:
    plays = [p for p in t.plays if p["game"]["name"] == BG_LONG_GAME]
    assert all(p["quantity"] == 1 for p in plays)
    if zeros:  # length="0" (no length entered) taken as zero minutes
        return round(sum(p["length"] for p in plays) / len(plays), 1)
    timed = [p["length"] for p in plays if p["length"] > 0]
    ref = rounded(sum(timed) / len(timed), 1, "average length")
    no_trap(ref, _bg_length(t, zeros=True), "every play timed")
    return ref


def _bg_price(t: Truth, face_value: bool = False) -> float:
    rows = [r for r in _owned(t) if r["_price"] is not None]
    if face_value:  # pricepaid summed as it stands: dollars and pounds added as if euros
        return round(sum(r["_price"] for r in rows), 2)
    rate = {"EUR": 1.0, "USD": USD_EUR, "GBP": GBP_EUR}
    ref = rounded(sum(r["_price"] * rate[r["_cur"]] for r in rows), 2, "price")
    no_trap(ref, _bg_price(t, face_value=True), "dollars and pounds cancel out", rel=0.01)
    return ref


def _me(p: dict) -> dict | None:
    return next((pl for pl in p["players"] if pl["username"] == BG_USER), None)


def _bg_win_rate(t: Truth) -> float:
    rows = [p for p in t.plays if _me(p) and any(pl["win"] for pl in p["players"])]
    return rounded(100 * sum(_me(p)["win"] for p in rows) / len(rows), 1, "win rate")


def _bg_coplayer(t: Truth) -> str:
    c: Counter = Counter()
    for p in t.plays:
        if _me(p):
            c.update({pl["name"].strip().lower() for pl in p["players"] if pl["username"] != BG_USER})
    return argmax(c, margin=5).title()


def _bg_unplayed(t: Truth) -> int:
    played = {p["game"]["id"] for p in t.plays}
    return len({r["objectid"] for r in _owned(t) if r["itemtype"] == "standalone" and r["objectid"] not in played})


# Traffic: STA records (one per station and direction) and VOL records (station, dir, lane, date, hours, restr)


def _lane0(t: Truth, station: str | None = None) -> list[dict]:
    return [v for v in t.volumes if v["lane"] == 0 and (station is None or v["station"] == station)]


def _daily(t: Truth, station: str) -> dict:
    """Two-way vehicles a day (each vehicle once: the lanes-combined records) and whether a fault was flagged."""
    out: dict = {}
    for v in _lane0(t, station):
        tot, fault = out.get(v["date"], (0, False))
        out[v["date"]] = (tot + sum(v["hours"]), fault or v["restr"] == 2)
    return out


def _tr_stations(t: Truth, rows: bool = False) -> int:
    if rows:  # lines counted: the file has one record per station and direction
        return len(t.stations)
    ref = len({s["station"] for s in t.stations})
    no_trap(ref, _tr_stations(t, rows=True), "one record a station")
    return ref


def _tr_weekday(t: Truth, sunday_first: bool = False) -> float:
    days = _daily(t, TR_WEEKDAY_STATION)
    assert len(days) == 31 and not any(f for _, f in days.values())
    assert not any(v["restr"] for v in t.volumes if v["station"] == TR_WEEKDAY_STATION)
    if sunday_first:  # day-of-week codes 1-5 taken as Monday-Friday: the TMG's 1 is Sunday, so Sunday-Thursday
        vals = [tot for d, (tot, _) in days.items() if dow_code(d) <= 5]
        return round(sum(vals) / len(vals), 1)
    vals = [tot for d, (tot, _) in days.items() if d.weekday() < 5]
    ref = rounded(sum(vals) / len(vals), 1, "weekday average")
    no_trap(ref, _tr_weekday(t, sunday_first=True), "Sunday like Friday")
    return ref


def _tr_peak_hour(t: Truth) -> int:
    sums = [0] * 24
    for v in _lane0(t, TR_PEAK_STATION):
        for h, x in enumerate(v["hours"]):
            sums[h] += x
    return argmax(dict(enumerate(sums)), margin=200)


def _tr_adt_device(t: Truth, all_days: bool = False) -> float:
    days = _daily(t, TR_DEVICE_STATION)
    vals = [tot for tot, fault in days.values() if all_days or not fault]
    if all_days:  # the faulty days' zero hours averaged in
        return round(sum(vals) / len(vals), 1)
    assert len(vals) < len(days)
    ref = rounded(sum(vals) / len(vals), 1, "average daily traffic")
    no_trap(ref, _tr_adt_device(t, all_days=True), "no fault")
    return ref


def _tr_day_total(t: Truth, every_record: bool = False) -> int:
    recs = [v for v in t.volumes if v["station"] == TR_LANE_STATION and v["date"] == TR_LANE_DAY]
    if every_record:  # the lane records and the lanes-combined record all added up: every vehicle twice
        return sum(sum(v["hours"]) for v in recs)
    ref = sum(sum(v["hours"]) for v in recs if v["lane"] == 0)
    assert ref == sum(sum(v["hours"]) for v in recs if v["lane"] != 0)
    no_trap(ref, _tr_day_total(t, every_record=True), "no lane records")
    return ref


def _tr_aadt_ratio(t: Truth) -> str:
    aadt: Counter = Counter()
    for s in t.stations:
        aadt[s["station"]] += s["aadt"]
    ratio = {}
    for sid in sorted({v["station"] for v in t.volumes}):
        good = [tot for tot, fault in _daily(t, sid).values() if not fault]
        ratio[sid] = sum(good) / len(good) / aadt[sid]
    return argmax(ratio, margin=0.05)


def _tr_interstate(t: Truth) -> int:
    interstate = {s["station"] for s in t.stations if s["sign"] == 1}
    return sum(sum(v["hours"]) for v in _lane0(t) if v["station"] in interstate)


DNA = (
    f"My 23andMe raw data download ({GENOME_FILE}) and a ClinVar VCF release ({CLINVAR_FILE}, a cut of NCBI's "
    "weekly file)."
)
BG = (
    f"My BoardGameGeek data (user {BG_USER}): the collection export {COLLECTION_FILE} and the plays I logged, "
    f"saved page by page from BGG's XML API ({PLAYS_FILE}, one XML file a page)."
)
TR = (
    "Oregon's TMAS traffic count submission for October 2023 in the FHWA Traffic Monitoring Guide's fixed-width "
    f"formats: hourly volume records ({VOL_FILE}) and station description records ({STA_FILE})."
)
PLP_TEXT = "CLNSIG Pathogenic, Likely_pathogenic or Pathogenic/Likely_pathogenic"
TWO_STARS = ("CLNREVSTAT criteria_provided,_multiple_submitters,_no_conflicts, reviewed_by_expert_panel or "
             "practice_guideline")  # fmt: skip

TASKS = [
    # --- Genome: 23andMe raw data and ClinVar ---
    Task(
        "dna_x",
        "easy",
        f"{DNA} How many markers in {GENOME_FILE} are on the X chromosome?",
        lambda t: sum(m["chrom"] == "X" for m in t.markers),
    ),
    Task(
        "dna_nocalls",
        "easy",
        f"{DNA} How many markers in {GENOME_FILE} have no call (genotype --)?",
        lambda t: sum(m["gt"] == "--" for m in t.markers),
    ),
    Task(
        "dna_internal",
        "easy",
        f"{DNA} How many markers in {GENOME_FILE} have a 23andMe internal ID (starting with i) instead of an rsID?",
        lambda t: sum(m["id"].startswith("i") for m in t.markers),
    ),
    Task(
        "cv_brca1",
        "easy",
        f"{DNA} How many variant records in {CLINVAR_FILE} are in the BRCA1 gene (GENEINFO)?",
        lambda t: sum(any(g[0] == "BRCA1" for g in r["genes"]) for r in t.clinvar),
    ),
    Task(
        "dna_het",
        "medium",
        f"{DNA} How many of my markers on chromosomes 1 to 22 are heterozygous SNP calls, that is two different "
        "letters from A, C, G and T? Leave out no-calls and indel calls (D/I).",
        _dna_het,
    ),
    Task(
        "cv_plp",
        "medium",
        f"{DNA} How many variant records in {CLINVAR_FILE} have a germline classification (CLNSIG) of pathogenic or "
        "likely pathogenic?",
        _cv_plp,
    ),
    Task(
        "cv_stars",
        "medium",
        f"{DNA} How many variant records in {CLINVAR_FILE} have a review status of two stars or more, that is "
        f"{TWO_STARS}?",
        lambda t: sum(_stars(r) >= 2 for r in t.clinvar),
    ),
    Task(
        "dna_in_clinvar",
        "hard",
        f"{DNA} How many of the markers in my raw data have a record in {CLINVAR_FILE}? Count my markers (rows of "
        f"{GENOME_FILE}), not ClinVar records.",
        _dna_in_clinvar,
    ),
    Task(
        "dna_carrier",
        "hard",
        f"{DNA} Take the records in {CLINVAR_FILE} that are single-nucleotide variants (CLNVC "
        f"single_nucleotide_variant) classified pathogenic or likely pathogenic ({PLP_TEXT}). How many of them are "
        "at one of my markers and have their alternate allele (ALT) in my genotype? Match my markers to ClinVar by "
        "rsID (ClinVar's RS field); both files give alleles on the plus strand.",
        _dna_carrier,
    ),
    Task(
        "cv_top_gene",
        "hard",
        f"{DNA} Which gene (GENEINFO) has the most records in {CLINVAR_FILE} that are classified pathogenic or likely "
        f"pathogenic ({PLP_TEXT}) with a review status of two stars or more ({TWO_STARS})? Give the gene symbol.",
        _cv_top_gene,
        kind="text",
    ),
    # --- Board games: BGG collection export and XML API plays pages ---
    Task(
        "bg_fortrade",
        "easy",
        f"{BG} How many items in {COLLECTION_FILE} are marked for trade (fortrade 1)?",
        lambda t: sum(r["fortrade"] == 1 for r in t.collection),
    ),
    Task(
        "bg_wishlist_must",
        "easy",
        f"{BG} How many items on my wishlist in {COLLECTION_FILE} have wishlist priority 1 (Must have)?",
        lambda t: sum(r["wishlist"] == 1 and r["wishlistpriority"] == "1" for r in t.collection),
    ),
    Task(
        "bg_top_rated",
        "easy",
        f"{BG} Which game have I given my highest rating in {COLLECTION_FILE} (the rating column)?",
        lambda t: argmax({r["objectname"]: r["_rating"] for r in t.collection if r["_rating"] is not None}, margin=0.4),
        kind="text",
    ),
    Task(
        "bg_distinct_owned",
        "medium",
        f"{BG} How many different games (base games and expansions together) do I currently own according to "
        f"{COLLECTION_FILE}?",
        _bg_distinct_owned,
    ),
    Task(
        "bg_plays_2023",
        "medium",
        f"{BG} How many plays did I log in {PLAYS_FILE} with a date in 2023? Count every logged play (incomplete ones too), and a "
        "play logged with a quantity of 3 as three plays.",
        _bg_plays_2023,
    ),
    Task(
        "bg_wingspan_length",
        "medium",
        f"{BG} What is the average length in minutes of my logged {BG_LONG_GAME} plays in {PLAYS_FILE}, over the "
        "plays that have a length entered? Count each play once; give one decimal.",
        _bg_length,
    ),
    Task(
        "bg_price_eur",
        "hard",
        f"{BG} How much have I paid in total, in euros, for the items I currently own (own 1 in {COLLECTION_FILE})? "
        f"Convert with 1 USD = {USD_EUR} EUR and 1 GBP = {GBP_EUR} EUR and leave out items with no price. Give two "
        "decimals.",
        _bg_price,
    ),
    Task(
        "bg_win_rate",
        "hard",
        f"{BG} Of the logged plays in {PLAYS_FILE} in which I took part (username {BG_USER}) and at least one player is marked as a "
        "winner, in what percentage am I marked as a winner? Count each play once, whatever its quantity; give one "
        "decimal.",
        _bg_win_rate,
    ),
    Task(
        "bg_coplayer",
        "hard",
        f"{BG} Who have I played with most often? Count the logged plays in {PLAYS_FILE} (each once, whatever its quantity) in which "
        f"both I (username {BG_USER}) and that person are among the players, matching player names "
        "case-insensitively and ignoring spaces around them. Give the name.",
        _bg_coplayer,
        kind="text",
    ),
    Task(
        "bg_unplayed",
        "hard",
        f"{BG} How many of the base games I currently own (own 1 and itemtype standalone in {COLLECTION_FILE}) have no "
        f"logged play in {PLAYS_FILE}? Count each game once, matching on the BGG object ID.",
        _bg_unplayed,
    ),
    # --- Traffic: FHWA TMAS volume and station files ---
    Task(
        "tr_construction",
        "easy",
        f"{TR} How many volume records in {VOL_FILE} carry restrictions code 1 (construction or other activity "
        "affected traffic flow)?",
        lambda t: sum(v["restr"] == 1 for v in t.volumes),
    ),
    Task(
        "tr_max_hourly",
        "easy",
        f"{TR} What is the largest single hourly count in {VOL_FILE} (any record, any hour)?",
        lambda t: max(max(v["hours"]) for v in t.volumes),
    ),
    Task(
        "tr_fc11",
        "easy",
        f"{TR} How many records in {STA_FILE} have functional classification 11 (urban principal arterial - "
        "Interstate)?",
        lambda t: sum(s["fc"] == 11 for s in t.stations),
    ),
    Task(
        "tr_stations",
        "medium",
        f"{TR} How many different count stations does {STA_FILE} describe?",
        _tr_stations,
    ),
    Task(
        "tr_weekday",
        "medium",
        f"{TR} What was the average weekday (Monday to Friday) daily traffic at station {TR_WEEKDAY_STATION} in "
        "October 2023, both directions together? Give one decimal.",
        _tr_weekday,
    ),
    Task(
        "tr_peak_hour",
        "medium",
        f"{TR} At station {TR_PEAK_STATION}, in which hour of the day was the most traffic counted over October 2023, "
        "both directions together? Give the hour it starts (0 to 23).",
        _tr_peak_hour,
    ),
    Task(
        "tr_adt_device",
        "medium",
        f"{TR} What was the average daily traffic at station {TR_DEVICE_STATION} in October 2023, both directions "
        "together, over the days on which its counter worked normally? Give one decimal.",
        _tr_adt_device,
    ),
    Task(
        "tr_day_total",
        "hard",
        f"{TR} How many vehicles passed station {TR_LANE_STATION} on Thursday 12 October 2023, both directions and all "
        "lanes together?",
        _tr_day_total,
    ),
    Task(
        "tr_aadt_ratio",
        "hard",
        f"{TR} For each station in {VOL_FILE}, take its October 2023 average daily traffic: the vehicles counted on a "
        "day over both directions and all lanes (each vehicle once), averaged over the days it reported, leaving "
        "out days flagged with a counting-device problem (restrictions code 2). Which station's October average is "
        f"highest relative to its AADT in {STA_FILE} (the sum of its directional AADTs)? Give the station ID.",
        _tr_aadt_ratio,
        kind="text",
    ),
    Task(
        "tr_interstate",
        "hard",
        f"{TR} How many vehicles in total were counted in October 2023 at the stations on Interstate routes (posted "
        f"route signing 1 in {STA_FILE}), all days included? Count each vehicle once.",
        _tr_interstate,
    ),
]

QUICK = ["dna_nocalls", "bg_fortrade", "tr_construction"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "cv_plp": "'pathogenic' looked for anywhere in CLNSIG (case-insensitively): "
    "Conflicting_classifications_of_pathogenicity is counted too",
    "dna_in_clinvar": "the two files joined on chromosome and position: the 23andMe file is on build 37 and the "
    "ClinVar file on GRCh38, so only the mitochondrial markers (rCRS in both) match; the rsID (RS= in INFO, "
    "without 'rs') is the key",
    "bg_distinct_owned": "rows with own 1 counted: three games are owned in two versions, one collection row each",
    "bg_plays_2023": "every <play> in the saved pages summed: plays were logged while the pages were fetched, so "
    "a play at two page boundaries appears on both pages; the play id tells them apart",
    "bg_wingspan_length": 'length="0" taken as a zero-minute play: BGG writes 0 when no length was entered',
    "bg_price_eur": "pricepaid summed as it stands: the prices are in the currency of pp_currency (EUR, USD, GBP)",
    "tr_stations": "the lines of the station file counted: it has one record per station and direction",
    "tr_weekday": "day-of-week codes 1-5 taken as Monday-Friday: in the TMG format 1 is Sunday, so 2-6 are "
    "Monday-Friday",
    "tr_adt_device": "every day averaged: the days flagged with a counting-device problem (restrictions code 2) "
    "are kept in the file with zero hours",
    "tr_day_total": "every record of the day added up: the station is counted by lane and also carries the "
    "lanes-combined (lane 0) record, so every vehicle comes twice",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a station ID without its leading zeros)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "tr_aadt_ratio" and ref.startswith("0"):
            task.aliases = [str(int(ref))]


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
