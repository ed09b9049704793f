"""The fortieth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import statistics
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from data import GIT_FILE, GR_FILE, HAR_FILE, KC_FILE, MAILMAP_FILE, SITE, Truth, truth


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


def ascii_fold(s: str) -> str:
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


# Reading: the Goodreads rows (shelf, rating, orig, year_pub, pages, read_count ...) and the Kindle clippings


def _read(t: Truth) -> list[dict]:
    return [b for b in t.books if b["shelf"] == "read"]


def _gr_avg_rating(t: Truth, with_zeros: bool = False) -> float:
    if with_zeros:  # My Rating 0 (not rated) averaged in as a rating
        vals = [b["rating"] for b in _read(t)]
        return round(sum(vals) / len(vals), 2)
    vals = [b["rating"] for b in _read(t) if b["rating"]]
    ref = rounded(sum(vals) / len(vals), 2, "average rating")
    no_trap(ref, _gr_avg_rating(t, with_zeros=True), "every book rated")
    return ref


def _gr_before1950(t: Truth, edition: bool = False) -> int:
    if edition:  # the edition's Year Published taken for the first publication
        return sum(b["year_pub"] is not None and b["year_pub"] < 1950 for b in _read(t))
    assert all(b["orig"] is not None for b in _read(t))
    ref = sum(b["orig"] < 1950 for b in _read(t))
    no_trap(ref, _gr_before1950(t, edition=True), "every old book read in its first edition")
    return ref


def _highlights(t: Truth) -> list[dict]:
    return [c for c in t.clippings if c["kind"] == "Highlight"]


def _revised_book(t: Truth) -> dict:
    """The Kindle book whose highlights were revised most often (the old versions kept beside the new)."""
    books = {c["book"]["title"]: c["book"] for c in _highlights(t)}
    score = {}
    for title in books:
        hs = [c for c in _highlights(t) if c["book"]["title"] == title]
        score[title] = (len(hs) - len({c["passage"] for c in hs}), len(hs), title)  # revisions, highlights, title
    best = max(score, key=lambda k: score[k])
    assert score[best][0] >= 3
    return books[best]


KC_BOOK = _revised_book(truth())["title"]


def _kc_passages(t: Truth, entries: bool = False) -> int:
    hs = [c for c in _highlights(t) if c["book"]["title"] == KC_BOOK]
    if entries:  # every highlight entry counted, the old versions too
        return len(hs)
    ref = len({c["passage"] for c in hs})
    no_trap(ref, _kc_passages(t, entries=True), "no revised highlight")
    return ref


def _gr_kc_top(t: Truth) -> str:
    counts: Counter = Counter()
    for c in _highlights(t):
        b = c["book"]
        if b["shelf"] == "read" and b["date_read"] and b["date_read"].year == 2023:
            counts[b["title"]] += 1
    assert len(counts) >= 4
    return argmax(dict(counts))


def _gr_author_pages(t: Truth) -> str:
    pages: Counter = Counter()
    for b in _read(t):
        if b["pages"]:
            pages[f"{b['author']['first']} {b['author']['last']}"] += b["pages"] * b["read_count"]
    return argmax(dict(pages), margin=50)


# HAR: the entries (page, host, status, mime, size, cache, error, dns, connect, ssl, wait, startms ...)


def _har_js_kb(t: Truth, exact_mime: bool = False) -> float:
    es = [e for e in t.entries if e["page"] == "page_1"]
    if exact_mime:  # only the MIME type application/javascript, spelled exactly so
        return round(sum(e["size"] for e in es if e["mime"] == "application/javascript") / 1024, 1)
    mimes = {e["mime"] for e in es if "javascript" in e["mime"].lower()}
    assert len(mimes) >= 4
    ref = rounded(sum(e["size"] for e in es if "javascript" in e["mime"].lower()) / 1024, 1, "JavaScript KB")
    no_trap(ref, _har_js_kb(t, exact_mime=True), "one JavaScript MIME type")
    return ref


def _har_dns(t: Truth, all_entries: bool = False) -> float:
    if all_entries:  # the -1 of the requests that made no lookup averaged in
        vals = [e["dns"] for e in t.entries]
        return round(sum(vals) / len(vals), 2)
    vals = [e["dns"] for e in t.entries if e["dns"] >= 0]
    assert all(v > 0 for v in vals)
    ref = rounded(sum(vals) / len(vals), 2, "DNS average")
    no_trap(ref, _har_dns(t, all_entries=True), "every request looked up")
    return ref


def _har_third_hosts(t: Truth) -> int:
    return len({e["host"] for e in t.entries if e["page"] == "page_1" and e["host"] and e["status"] != 0
                and not e["host"].endswith(SITE)})  # fmt: skip


def _har_tcp(t: Truth, with_tls: bool = False) -> float:
    conns = [e for e in t.entries if e["connect"] >= 0]
    if with_tls:  # connect taken as it stands: HAR's connect includes the TLS handshake (ssl)
        return round(sum(e["connect"] for e in conns), 2)
    assert all(e["ssl"] >= 0 for e in conns)
    ref = rounded(sum(e["connect"] - e["ssl"] for e in conns), 2, "TCP time")
    no_trap(ref, _har_tcp(t, with_tls=True), "no TLS")
    return ref


def _har_after_onload(t: Truth) -> int:
    onload = t.har_pages[0]["onload"]
    es = [e for e in t.entries if e["page"] == "page_1"]
    assert all(abs(e["startms"] - onload) > 1 for e in es)
    return sum(e["startms"] > onload for e in es)


def _har_slow_host(t: Truth) -> str:
    waits = defaultdict(list)
    for e in t.entries:
        if e["host"] and e["status"] != 0 and e["cache"] not in ("memory", "disk"):
            waits[e["host"]].append(e["wait"])
    return argmax({h: statistics.median(w) for h, w in waits.items() if len(w) >= 3}, margin=20)


# git: the commits (person, name, email, local, offset, merge, numstat [{file, path, final, added, deleted}])


def _nonmerge(t: Truth) -> list[dict]:
    return [c for c in t.commits if not c["merge"]]


def _git_people(t: Truth, raw_names: bool = False) -> int:
    if raw_names:  # the Author names as they stand, without the mailmap
        return len({c["name"] for c in t.commits if not c["name"].endswith("[bot]")})
    ref = len({c["person"] for c in t.commits if not t.people[c["person"]]["bot"]})
    no_trap(ref, _git_people(t, raw_names=True), "one identity each")
    return ref


def _utc(c: dict):
    return c["local"] - timedelta(minutes=c["offset"])


def _git_weekend(t: Truth, utc: bool = False) -> int:
    if utc:  # the dates converted to UTC before the weekday is taken
        return sum(_utc(c).weekday() >= 5 for c in _nonmerge(t))
    ref = sum(c["local"].weekday() >= 5 for c in _nonmerge(t))
    no_trap(ref, _git_weekend(t, utc=True), "no commit near midnight")
    return ref


def _git_lines_2023(t: Truth) -> int:
    return sum(ns["added"] or 0 for c in t.commits if c["local"].year == 2023 for ns in c["numstat"])


def _git_top_author(t: Truth, raw_names: bool = False) -> str:
    lines: Counter = Counter()
    for c in t.commits:
        if t.people[c["person"]]["bot"]:
            continue
        key = c["name"] if raw_names else t.people[c["person"]]["name"]
        lines[key] += sum(ns["added"] or 0 for ns in c["numstat"])
    if raw_names:  # Author names as they stand: one person's lines split over the names they committed under
        return argmax(dict(lines))
    ref = argmax(dict(lines), margin=50)
    no_trap(ref, _git_top_author(t, raw_names=True), "the top author under one name")
    return ref


def _git_py_lines(t: Truth, raw_path: bool = False) -> int:
    rows = [ns for c in t.commits for ns in c["numstat"] if ns["added"] is not None]
    if raw_path:  # the numstat path tested for .py as it stands: a rename written {a.py => b.py} ends in '}'
        return sum(ns["added"] for ns in rows if ns["path"].endswith(".py"))
    ref = sum(ns["added"] for ns in rows if ns["final"].endswith(".py"))
    no_trap(ref, _git_py_lines(t, raw_path=True), "no renamed Python file")
    return ref


def _git_ana_src(t: Truth) -> int:
    mine = [c for c in t.commits if c["person"] == GIT_PERSON]
    assert len({(c["name"], c["email"]) for c in mine}) >= 3
    return sum(ns["added"] or 0 for c in mine for ns in c["numstat"] if ns["final"].startswith("src/"))


def _git_most_changed(t: Truth) -> str:
    counts: Counter = Counter()
    for c in _nonmerge(t):
        for final in {ns["final"] for ns in c["numstat"]}:
            counts[final] += 1
    return argmax(dict(counts), margin=2)


GIT_PERSON = "ana"
GIT_NAME = truth().people[GIT_PERSON]["name"]
RD = (f"My Goodreads library export ({GR_FILE}) and the clippings file from my Kindle ({KC_FILE}, copied off the "
      "device).")  # fmt: skip
HAR = (f"A HAR file ({HAR_FILE}) saved from Chrome DevTools' Network panel: two page loads of a news site, the home "
       "page (pageref page_1) and then an article (pageref page_2).")  # fmt: skip
GIT = (f"The history of a Python library, saved with `git log --numstat --no-mailmap` ({GIT_FILE}), and a copy of "
       f"the repository's .mailmap ({MAILMAP_FILE}).")  # fmt: skip

TASKS = [
    # --- Reading: Goodreads export and Kindle clippings ---
    Task(
        "gr_read",
        "easy",
        f"{RD} How many books are on my read shelf in {GR_FILE} (Exclusive Shelf read)?",
        lambda t: len(_read(t)),
    ),
    Task(
        "gr_five",
        "easy",
        f"{RD} How many books have I rated 5 stars in {GR_FILE} (My Rating)?",
        lambda t: sum(b["rating"] == 5 for b in t.books),
    ),
    Task(
        "kc_notes",
        "easy",
        f"{RD} How many notes (entries of the kind 'Your Note') are there in {KC_FILE}?",
        lambda t: sum(c["kind"] == "Note" for c in t.clippings),
    ),
    Task(
        "gr_avg_rating",
        "medium",
        f"{RD} What is my average star rating over the books on my read shelf in {GR_FILE}? Give two decimals.",
        _gr_avg_rating,
    ),
    Task(
        "gr_no_isbn",
        "medium",
        f"{RD} How many books on my read shelf in {GR_FILE} have no ISBN13?",
        lambda t: sum(b["isbn13"] == "" for b in _read(t)),
    ),
    Task(
        "gr_before1950",
        "medium",
        f"{RD} How many of the books on my read shelf in {GR_FILE} were first published before 1950?",
        _gr_before1950,
    ),
    Task(
        "kc_2023",
        "medium",
        f"{RD} How many highlights did I make in 2023 according to {KC_FILE}? Count every 'Your Highlight' entry "
        "added in 2023 as it stands (not notes or bookmarks).",
        lambda t: sum(c["when"].year == 2023 for c in _highlights(t)),
    ),
    Task(
        "kc_passages",
        "hard",
        f"{RD} How many different passages have I highlighted in {KC_BOOK} according to {KC_FILE}? When I extend or "
        "shorten a highlight the Kindle keeps the old highlight as well as the new one, so count highlights of the "
        "book whose location ranges overlap as one passage.",
        _kc_passages,
    ),
    Task(
        "gr_kc_top",
        "hard",
        f"{RD} Of the books on my read shelf that I finished in 2023 (Date Read in {GR_FILE}), which has the most "
        f"highlights in {KC_FILE}? Count every 'Your Highlight' entry as it stands. Give the title without the "
        "series.",
        _gr_kc_top,
        kind="text",
    ),
    Task(
        "gr_author_pages",
        "hard",
        f"{RD} Which author have I read the most pages by? Take the books on my read shelf in {GR_FILE}, count each "
        "book's Number of Pages once for every time I read it (Read Count), and leave out books with no page count. "
        "Give the author's name.",
        _gr_author_pages,
        kind="text",
    ),
    # --- HAR capture ---
    Task(
        "har_404",
        "easy",
        f"{HAR} How many requests in the capture got a 404 response?",
        lambda t: sum(e["status"] == 404 for e in t.entries),
    ),
    Task(
        "har_blocked",
        "easy",
        f"{HAR} How many requests were blocked by my ad blocker (error net::ERR_BLOCKED_BY_CLIENT)?",
        lambda t: sum(e["error"] == "net::ERR_BLOCKED_BY_CLIENT" for e in t.entries),
    ),
    Task(
        "har_largest",
        "easy",
        f"{HAR} What is the largest response body in the capture, in bytes, as decoded (response.content.size)?",
        lambda t: max(e["size"] for e in t.entries),
    ),
    Task(
        "har_p2",
        "easy",
        f"{HAR} How many requests were recorded for the article page load (pageref page_2)?",
        lambda t: sum(e["page"] == "page_2" for e in t.entries),
    ),
    Task(
        "har_js_kb",
        "medium",
        f"{HAR} How much JavaScript did the home page load (page_1) receive, in kilobytes (1 KB = 1024 bytes) of "
        "decoded response body (response.content.size), over all responses with a JavaScript MIME type? Give one "
        "decimal.",
        _har_js_kb,
    ),
    Task(
        "har_dns",
        "medium",
        f"{HAR} What was the average DNS lookup time in milliseconds over the requests in the capture for which a "
        "DNS lookup was made? Give two decimals.",
        _har_dns,
    ),
    Task(
        "har_third_hosts",
        "medium",
        f"{HAR} How many different third-party hosts (host names not ending in {SITE}) did the home page load "
        "(page_1) send requests to? Leave out requests blocked by the ad blocker (status 0) and data: URLs.",
        _har_third_hosts,
    ),
    Task(
        "har_tcp",
        "hard",
        f"{HAR} How many milliseconds in total did the browser spend setting up TCP connections over the whole "
        "capture, not counting the TLS handshakes? Give two decimals.",
        _har_tcp,
    ),
    Task(
        "har_after_onload",
        "hard",
        f"{HAR} How many requests of the home page load (page_1) were started after that page's load event "
        "(pageTimings.onLoad, in milliseconds after the page's startedDateTime)?",
        _har_after_onload,
    ),
    Task(
        "har_slow_host",
        "hard",
        f"{HAR} Which host has the highest median waiting time (timings.wait, the time to first byte) over its "
        "requests in the capture? Count only requests that went to the network: leave out those served from the "
        "browser's cache (_fromCache), blocked requests (status 0) and data: URLs, and consider only hosts with at "
        "least 3 such requests. Give the host name.",
        _har_slow_host,
        kind="text",
    ),
    # --- git log --numstat and .mailmap ---
    Task(
        "git_commits",
        "easy",
        f"{GIT} How many commits does {GIT_FILE} hold, merge commits included?",
        lambda t: len(t.commits),
    ),
    Task(
        "git_merges",
        "easy",
        f"{GIT} How many of the commits in {GIT_FILE} are merge commits?",
        lambda t: sum(c["merge"] for c in t.commits),
    ),
    Task(
        "git_binary",
        "easy",
        f"{GIT} How many file changes in {GIT_FILE} are to binary files (numstat shows - for the lines added and "
        "deleted)?",
        lambda t: sum(ns["added"] is None for c in t.commits for ns in c["numstat"]),
    ),
    Task(
        "git_people",
        "medium",
        f"{GIT} How many different people have authored commits, once {MAILMAP_FILE} is applied? Leave out bots "
        "(authors whose name ends in [bot]) and ignore Co-authored-by trailers.",
        _git_people,
    ),
    Task(
        "git_weekend",
        "medium",
        f"{GIT} How many non-merge commits were authored on a Saturday or Sunday in the author's own local time "
        "(the Date line's time with its offset)?",
        _git_weekend,
    ),
    Task(
        "git_lines_2023",
        "medium",
        f"{GIT} How many lines were added in total in the commits authored in 2023 (the Date line's year, in the "
        "author's local time)? Binary files count no lines.",
        _git_lines_2023,
    ),
    Task(
        "git_top_author",
        "hard",
        f"{GIT} Who has added the most lines (the numstat's first column, summed over their commits)? Apply "
        f"{MAILMAP_FILE} to the authors, leave out bots and ignore Co-authored-by trailers. Give the name.",
        _git_top_author,
        kind="text",
    ),
    Task(
        "git_py_lines",
        "hard",
        f"{GIT} How many lines were added to Python files (.py) over the whole of {GIT_FILE}? Count every numstat "
        "line whose file is a Python file, renames included.",
        _git_py_lines,
    ),
    Task(
        "git_ana_src",
        "hard",
        f"{GIT} How many lines has {GIT_NAME} added to files under src/? Apply {MAILMAP_FILE} to the authors and "
        "ignore Co-authored-by trailers.",
        _git_ana_src,
    ),
    Task(
        "git_most_changed",
        "hard",
        f"{GIT} Which file was changed in the most non-merge commits in {GIT_FILE}? Follow renames: the changes "
        "made under a file's earlier path count for the file. Give the file's latest path.",
        _git_most_changed,
        kind="text",
    ),
]

QUICK = ["gr_read", "har_404", "git_commits"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "gr_avg_rating": "My Rating averaged as it stands: Goodreads writes 0 for a book I have not rated",
    "gr_before1950": "Year Published used: it is the year of the edition on the shelf; the first publication is "
    "Original Publication Year",
    "kc_passages": "every highlight entry of the book counted: when a highlight is extended or shortened the Kindle "
    "keeps the old one too, with an overlapping location range",
    "har_js_kb": "only mimeType application/javascript counted: the servers also send text/javascript, "
    "application/x-javascript and charset suffixes",
    "har_dns": "timings.dns averaged over every entry: it is -1 for requests that made no lookup",
    "har_tcp": "timings.connect summed as it stands: in HAR the connect time includes the TLS handshake (ssl)",
    "git_people": "distinct Author names counted without the mailmap: people committed under several names",
    "git_weekend": "the dates converted to UTC before the weekday is taken: commits late on Friday in America or "
    "early on Monday in Asia move into the weekend and out of it",
    "git_top_author": "lines summed by the Author name as it stands: the top contributor committed under two names",
    "git_py_lines": "the numstat path tested with endswith('.py'): a rename written src/tidepool/{utils.py => "
    "helpers.py} ends in '}'",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a name without its accents, an author as Last, First)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.kind != "text":
            continue
        if ascii_fold(ref) != ref:
            task.aliases.append(ascii_fold(ref))
        if task.id == "gr_author_pages":
            first, last = ref.split(" ", 1)
            task.aliases.append(f"{last}, {first}")


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
