"""The thirty-fifth held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from statistics import median
from typing import Any

from data import (
    CR_FILE,
    KEV_FILE,
    MOT_FILE,
    MOT_PASSES,
    MOT_RETESTS,
    MX_DOMAIN,
    MX_FILE,
    NVD,
    NVD_FILE,
    SPINNER,
    STAR_BATTER,
    STAR_BOWLER,
    Truth,
    _cvss3,
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


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-6 or abs(scaled - round(scaled) + 0.5) < 1e-6:
        raise ValueError(f"{what}: {x} is on a rounding edge")


# Cricket: one dict per match; innings marked super_over; deliveries with the over numbered from 0

CREDITED = {"caught", "bowled", "lbw", "stumped", "caught and bowled", "hit wicket"}  # the bowler's wickets


def _deliveries(t: Truth):
    for m in t.matches:
        for inn in m["innings"]:
            if not inn["super_over"]:
                yield from inn["deliveries"]


def _runs(d: dict) -> int:
    return d["rb"] + sum(d["extras"].values())


def _cr_highest(t: Truth) -> int:
    return max(inn["total"] for m in t.matches for inn in m["innings"] if not inn["super_over"])


def _cr_powerplay(t: Truth, one_based: bool = False) -> int:
    if one_based:  # Cricsheet's over numbers read as 1 to 20: overs 2 to 7 summed
        return sum(_runs(d) for d in _deliveries(t) if 1 <= d["over"] <= 6)
    ref = sum(_runs(d) for d in _deliveries(t) if d["over"] < 6)
    no_trap(ref, _cr_powerplay(t, one_based=True), "the over numbers read as 1-based give the same runs")
    return ref


def _cr_wickets(t: Truth, every: bool = False) -> int:
    mine = [d for d in _deliveries(t) if d["bowler"] == STAR_BOWLER[0] and d["wicket"]]
    if every:  # every dismissal on his deliveries, run outs included
        return len(mine)
    ref = sum(d["wicket"]["kind"] in CREDITED for d in mine)
    no_trap(ref, _cr_wickets(t, every=True), "no run out off the star bowler's deliveries")
    return ref


def _cr_strike_rate(t: Truth, with_wides: bool = False) -> float:
    mine = [d for d in _deliveries(t) if d["batter"] == STAR_BATTER[0]]
    balls = len(mine) if with_wides else sum("wides" not in d["extras"] for d in mine)
    x = 100 * sum(d["rb"] for d in mine) / balls
    if not with_wides:
        not_on_edge(x, 1, "strike rate")
        no_trap(round(x, 1), _cr_strike_rate(t, with_wides=True), "no wides to the star batter")
    return round(x, 1)


def _cr_economy(t: Truth) -> str:
    legal: Counter = Counter()
    conceded: Counter = Counter()
    for d in _deliveries(t):
        ex = d["extras"]
        conceded[d["bowler"]] += d["rb"] + ex.get("wides", 0) + ex.get("noballs", 0)
        if "wides" not in ex and "noballs" not in ex:
            legal[d["bowler"]] += 1
    econ = {b: -6 * conceded[b] / legal[b] for b in legal if legal[b] >= 180}
    assert len(econ) >= 20
    ref = argmax(econ, margin=0.05)
    assert ref == SPINNER[0]
    return ref


def _cr_chasing(t: Truth) -> float:
    won = [m for m in t.matches if "winner" in m["outcome"]]
    second = sum(m["outcome"]["winner"] == m["innings"][1]["team"] for m in won)
    x = 100 * second / len(won)
    not_on_edge(x, 1, "chasing share")
    return round(x, 1)


# MOT: one dict per test (make is the canonical make, make_raw as the keeper's document spells it)


def _mot_top_make(t: Truth) -> str:
    ref = argmax(Counter(r["make"] for r in t.tests), margin=50)
    assert argmax(Counter(r["make_raw"] for r in t.tests)) == ref  # an easy question: the spellings do not matter here
    return ref


def _mot_mercedes(t: Truth, exact: bool = False) -> int:
    if exact:  # make compared with 'MERCEDES-BENZ': 'MERCEDES' and 'MERCEDES BENZ' left out
        return sum(r["make_raw"] == "MERCEDES-BENZ" for r in t.tests)
    ref = sum(r["make"] == "MERCEDES-BENZ" for r in t.tests)
    no_trap(ref, _mot_mercedes(t, exact=True), "every Mercedes spelled MERCEDES-BENZ")
    return ref


def _mot_passed(t: Truth, p_only: bool = False) -> int:
    nt = [r for r in t.tests if r["class"] == 4 and r["type"] == "NT"]
    if p_only:  # test_result 'P' only: a pass after rectification at the station ('PRS') is a pass too
        return sum(r["result"] == "P" for r in nt)
    ref = sum(r["result"] in MOT_PASSES for r in nt)
    no_trap(ref, _mot_passed(t, p_only=True), "no PRS")
    return ref


def _mot_age(t: Truth) -> float:
    ages = [(r["date"] - r["first_use"]).days / 365.25 for r in t.tests if r["class"] == 4 and r["type"] == "NT"]
    x = median(ages)
    not_on_edge(x, 1, "median age")
    return round(x, 1)


def _mot_retest(t: Truth) -> float:
    fails = [r for r in t.tests if r["class"] == 4 and r["type"] == "NT" and r["result"] == "F"]
    by_vehicle: dict[int, list[dict]] = {}
    for r in t.tests:
        by_vehicle.setdefault(r["vehicle_id"], []).append(r)
    assert all(sum(x["type"] == "NT" and x["result"] == "F" for x in by_vehicle[r["vehicle_id"]]) == 1 for r in fails)
    passed = sum(
        any(x["type"] in MOT_RETESTS and x["result"] in MOT_PASSES and x["date"] >= r["date"] for x in by_vehicle[r["vehicle_id"]])
        for r in fails
    )  # fmt: skip
    x = 100 * passed / len(fails)
    not_on_edge(x, 1, "retest share")
    return round(x, 1)


# Mail: one dict per Postfix queue ID (kind inbound, filtered = amavis's re-injected copy, submission, bounce)


def _mx_top_user(t: Truth) -> str:
    return argmax(Counter(m["sasl"] for m in t.messages if m["kind"] == "submission"), margin=3)


def _mx_inbound(t: Truth, with_copies: bool = False) -> int:
    ref = sum(m["kind"] == "inbound" for m in t.messages)
    if with_copies:  # every client= line of postfix/smtpd: amavis's re-injections from localhost come too
        return ref + sum(m["kind"] == "filtered" for m in t.messages)
    no_trap(ref, _mx_inbound(t, with_copies=True), "no message re-injected")
    return ref


def _mx_deferred(t: Truth, lines: bool = False) -> int:
    if lines:  # status=deferred lines counted: a message deferred on several attempts or recipients counts each time
        return sum(a["status"] == "deferred" for m in t.messages for a in m["attempts"])
    ref = sum(any(a["status"] == "deferred" for a in m["attempts"]) for m in t.messages)
    no_trap(ref, _mx_deferred(t, lines=True), "no message deferred twice")
    return ref


def _mx_bounced(t: Truth) -> int:
    return sum(m["kind"] == "submission" and any(a["status"] == "bounced" for a in m["attempts"]) for m in t.messages)


def _mx_delay(t: Truth) -> float:
    delays = [a["delay"] for m in t.messages for a in m["attempts"]
              if a["proc"] == "smtp" and a["status"] == "sent" and not a["rcpt"].endswith("@" + MX_DOMAIN)]  # fmt: skip
    return round(float(median(delays)), 2)


def _mx_submitted_mb(t: Truth, every_line: bool = False) -> float:
    subs = [m for m in t.messages if m["kind"] == "submission"]
    if every_line:  # size= summed over every queue manager line of our senders: a retried message is logged again
        return round(sum(m["size"] * len(m["qmgr"]) for m in subs) / 1e6, 2)
    assert all(m["from"].endswith("@" + MX_DOMAIN) for m in subs)
    assert not any(m["from"].endswith("@" + MX_DOMAIN) for m in t.messages if m["kind"] != "submission")
    x = sum(m["size"] for m in subs) / 1e6
    not_on_edge(x, 2, "submitted MB")
    ref = round(x, 2)
    no_trap(ref, _mx_submitted_mb(t, every_line=True), "no message retried")
    return ref


# NVD and KEV: one dict per CVE record (the CNA's vector and version, NVD's vector when analysed), one per KEV entry


def _cve_cwe79(t: Truth, entries: bool = False) -> int:
    live = [c for c in t.cves if not c["rejected"]]
    if entries:  # weakness entries counted: NVD's Primary and the CNA's Secondary entry name the same CWE
        return sum((c["nvd_cwe"] == "CWE-79") + (c["cna_cwe"] == "CWE-79") for c in live)
    ref = sum("CWE-79" in (c["nvd_cwe"], c["cna_cwe"]) for c in live)
    no_trap(ref, _cve_cwe79(t, entries=True), "no CWE-79 named twice")
    return ref


def _cna_score(c: dict) -> float | None:
    return _cvss3(c["cna_vec"], c["cna_ver"])["cvssData"]["baseScore"] if c["cna_vec"] and c["cna_ver"] else None


def _cve_cna_critical(t: Truth, v31_only: bool = False) -> int:
    live = [c for c in t.cves if not c["rejected"] and _cna_score(c) is not None]
    if v31_only:  # only cvssMetricV31 read: the CNAs scoring with CVSS 3.0 (cvssMetricV30) left out
        return sum(_cna_score(c) >= 9.0 for c in live if c["cna_ver"] == "3.1")
    ref = sum(_cna_score(c) >= 9.0 for c in live)
    no_trap(ref, _cve_cna_critical(t, v31_only=True), "no critical CNA score in CVSS 3.0")
    return ref


def _cve_nvd_higher(t: Truth) -> int:
    both = [c for c in t.cves if c["nvd_vec"] and c["cna_vec"] and c["cna_ver"] == "3.1"]
    assert len(both) >= 20
    return sum(_cvss3(c["nvd_vec"], "3.1")["cvssData"]["baseScore"] > _cna_score(c) for c in both)


def _cve_kev_days(t: Truth) -> float:
    days = [(c["kev"]["dateAdded"] - c["published"].date()).days for c in t.cves if c["kev"]]
    assert len(days) == 7
    return round(float(median(days)), 1)


CR = (
    f"Cricsheet's ball-by-ball data for the 2024 Vitality Blast South Group (the English men's T20 competition's group "
    f"stage, nine counties, 63 matches), downloaded as {CR_FILE}: one JSON file per match in Cricsheet's format and a "
    "README.txt. One tied match was decided by a super over; super over innings do not count in any total or player "
    "record asked for here."
)
MOT = (
    f"DVSA's anonymised MOT test results for 2023, cut to tests at stations in the Exeter (EX) postcode area from "
    f"January to March 2023: {MOT_FILE}, pipe-delimited, one row per test."
)
MX = (
    f"Our mail server's log for the week of Monday 4 to Sunday 10 March 2024: {MX_FILE} (Ubuntu's /var/log/mail.log "
    f"from mx1: Postfix with amavis content filtering and Dovecot). Our domain is {MX_DOMAIN}; staff send their mail "
    "through the submission port after logging in (SASL)."
)
NV = (
    f"The CVE records published from 11 to 17 March 2024, as one answer of NVD's CVE API 2.0 (pubStartDate/pubEndDate, "
    f"fetched on 25 March 2024): {NVD_FILE}."
)
KV = f"CISA's Known Exploited Vulnerabilities catalogue (entries added since September 2023) as CSV: {KEV_FILE}."

TASKS = [
    # --- Cricket: Cricsheet zip of JSON ---
    Task(
        "cr_no_result",
        "easy",
        f"{CR} How many matches ended with no result?",
        lambda t: sum(m["outcome"].get("result") == "no result" for m in t.matches),
    ),
    Task(
        "cr_toss_field",
        "easy",
        f"{CR} In how many matches did the team that won the toss choose to field first?",
        lambda t: sum(m["toss"][1] == "field" for m in t.matches),
    ),
    Task(
        "cr_highest_total",
        "easy",
        f"{CR} What was the highest team total in a single innings (runs including extras)?",
        _cr_highest,
    ),
    Task(
        "cr_overs_1_6",
        "medium",
        f"{CR} How many runs (including extras) were scored in overs 1 to 6 of all the innings together?",
        _cr_powerplay,
    ),
    Task(
        "cr_wickets",
        "medium",
        f"{CR} How many wickets did {STAR_BOWLER[0]} ({STAR_BOWLER[1]}) take in the group stage?",
        _cr_wickets,
    ),
    Task(
        "cr_wide_runs",
        "medium",
        f"{CR} How many runs were conceded in wides over the whole group stage?",
        lambda t: sum(d["extras"].get("wides", 0) for d in _deliveries(t)),
    ),
    Task(
        "cr_strike_rate",
        "hard",
        f"{CR} What was {STAR_BATTER[0]}'s ({STAR_BATTER[1]}) batting strike rate over the group stage, i.e. runs he "
        "scored per 100 balls he faced? Give one decimal.",
        _cr_strike_rate,
    ),
    Task(
        "cr_economy",
        "hard",
        f"{CR} Among the bowlers who bowled at least 180 legal balls (wides and no-balls are not legal balls), who had "
        "the best (lowest) economy rate, i.e. runs conceded per six legal balls? Runs conceded include wides and "
        "no-balls but not byes or leg byes.",
        _cr_economy,
        kind="text",
    ),
    Task(
        "cr_chasing",
        "hard",
        f"{CR} In what percentage of the matches won outright (leave out no results and the tied match) did the team "
        "batting second win? Give one decimal.",
        _cr_chasing,
    ),
    # --- MOT tests (pipe-delimited) ---
    Task(
        "mot_electric",
        "easy",
        f"{MOT} How many tests were of electric vehicles (fuel_type EL)?",
        lambda t: sum(r["fuel"] == "EL" for r in t.tests),
    ),
    Task(
        "mot_top_make",
        "easy",
        f"{MOT} Which make of vehicle had the most tests?",
        _mot_top_make,
        kind="text",
    ),
    Task(
        "mot_vehicles",
        "medium",
        f"{MOT} How many different vehicles (vehicle_id) were tested?",
        lambda t: len({r["vehicle_id"] for r in t.tests}),
    ),
    Task(
        "mot_mercedes",
        "medium",
        f"{MOT} How many tests were of Mercedes-Benz vehicles (all models)?",
        _mot_mercedes,
    ),
    Task(
        "mot_passed",
        "medium",
        f"{MOT} How many normal tests (test_type NT) of class 4 vehicles ended with the vehicle passing?",
        _mot_passed,
    ),
    Task(
        "mot_age",
        "hard",
        f"{MOT} What was the median age of class 4 vehicles at their normal test (test_type NT), in years from "
        "first_use_date to test_date (days divided by 365.25)? Give one decimal.",
        _mot_age,
    ),
    Task(
        "mot_retest",
        "hard",
        f"{MOT} Of the normal tests (test_type NT) of class 4 vehicles that failed (test_result F), in what percentage "
        "did the same vehicle go on to pass a retest (test_type RT, PL or PV) in the file? Give one decimal.",
        _mot_retest,
    ),
    # --- Mail log ---
    Task(
        "mx_spam",
        "easy",
        f"{MX} How many messages did amavis block as spam?",
        lambda t: sum(m.get("amavis") == "SPAM" for m in t.messages),
    ),
    Task(
        "mx_noqueue",
        "easy",
        f"{MX} How many times did Postfix reject a recipient before queueing the message (NOQUEUE: reject)?",
        lambda t: len(t.rejects),
    ),
    Task(
        "mx_top_user",
        "easy",
        f"{MX} Which member of staff (sasl_username) sent the most messages through the submission port?",
        _mx_top_user,
        kind="text",
    ),
    Task(
        "mx_inbound",
        "medium",
        f"{MX} How many messages did the server accept from other mail servers on the internet?",
        _mx_inbound,
    ),
    Task(
        "mx_deferred",
        "medium",
        f"{MX} How many messages had at least one delivery attempt deferred (status=deferred)?",
        _mx_deferred,
    ),
    Task(
        "mx_bounced",
        "medium",
        f"{MX} How many of the messages staff sent had at least one recipient bounced (status=bounced)?",
        _mx_bounced,
    ),
    Task(
        "mx_delay",
        "hard",
        f"{MX} For the successful deliveries to recipients outside our domain (status=sent), what was the median "
        "delay= in seconds? Give two decimals.",
        _mx_delay,
    ),
    Task(
        "mx_submitted_mb",
        "hard",
        f"{MX} What was the total size (size=) of the messages staff sent through the submission port, in MB "
        "(1 MB = 1,000,000 bytes)? Give two decimals.",
        _mx_submitted_mb,
    ),
    # --- NVD CVE API answer and CISA KEV ---
    Task(
        "cve_top_cna",
        "easy",
        f"{NV} Which CNA (sourceIdentifier) has the most CVEs in the file?",
        lambda t: argmax(Counter(c["source"] for c in t.cves), margin=5),
        kind="text",
        aliases=["VulDB"],
    ),
    Task(
        "cve_kev_ransomware",
        "easy",
        f"{KV} How many of the catalogue's vulnerabilities are known to have been used in ransomware campaigns?",
        lambda t: sum(k["ransomware"] for k in t.kev),
    ),
    Task(
        "cve_cwe79",
        "medium",
        f"{NV} How many CVEs have the weakness CWE-79 (cross-site scripting)?",
        _cve_cwe79,
    ),
    Task(
        "cve_cna_critical",
        "hard",
        f"{NV} Take each CVE's CVSS v3 base score from its CNA (the Secondary metric, not NVD's own). How many CVEs have "
        "a CNA score of 9.0 or higher?",
        _cve_cna_critical,
    ),
    Task(
        "cve_nvd_higher",
        "hard",
        f"{NV} Among the CVEs that have both NVD's own score (the Primary CVSS v3.1 metric from {NVD}) and a CNA score "
        "(a Secondary CVSS v3.1 metric), in how many is NVD's base score higher than the CNA's?",
        _cve_nvd_higher,
    ),
    Task(
        "cve_kev_days",
        "hard",
        f"{NV} With {KEV_FILE}, CISA's Known Exploited Vulnerabilities catalogue as CSV: for the CVEs in the NVD file "
        "that are in the catalogue (cveID), what is the median number of days from publication (the date of published) "
        "to the catalogue's dateAdded? Give one decimal.",
        _cve_kev_days,
    ),
]

QUICK = ["cr_no_result", "mot_electric", "mx_spam"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "cr_overs_1_6": "Cricsheet's over numbers read as 1 to 20: they start at 0, so overs 1 to 6 are 0 to 5",
    "cr_wickets": "every dismissal on the bowler's deliveries counted: run outs stand in the delivery's wickets but "
    "are not the bowler's",
    "cr_strike_rate": "every delivery the batter was on strike for taken as a ball faced: wides are not balls faced",
    "mot_mercedes": "make compared with 'MERCEDES-BENZ': the keepers' documents also spell it 'MERCEDES' and "
    "'MERCEDES BENZ'",
    "mot_passed": "test_result compared with 'P': 'PRS' (pass after rectification at the station) is a pass too",
    "mx_inbound": "every client= line of postfix/smtpd counted: amavis re-injects each clean message from "
    "localhost[127.0.0.1] under a second queue ID",
    "mx_deferred": "the status=deferred lines counted: a message is deferred again on each retry and for each "
    "recipient",
    "mx_submitted_mb": "size= summed over every queue manager from= line of our senders: the queue manager logs a "
    "deferred message's line again on each retry",
    "cve_cwe79": "weakness entries counted: an analysed CVE lists the same CWE twice, once from NVD (Primary) and once "
    "from its CNA (Secondary)",
    "cve_cna_critical": "only cvssMetricV31 read: the CNAs that score with CVSS 3.0 put their score in cvssMetricV30",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a bowler's surname, a make's case, a user's mailbox name)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "cr_economy":
            task.aliases = [ref.split(" ", 1)[1]]
        elif task.id == "mot_top_make":
            task.aliases = [ref.title()]
        elif task.id == "mx_top_user":
            task.aliases = [ref.split("@")[0]]


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
