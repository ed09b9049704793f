"""Check the fortieth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import GIT_NAME, KC_BOOK, TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def base_title(title: str) -> str:
    """A title without a trailing parenthesised series, lower-cased for matching."""
    return re.sub(r"\s*\([^()]*\)$", "", title.strip()).lower()


def read_goodreads(d: Path) -> pd.DataFrame:
    g = pd.read_csv(d / data.GR_FILE)
    for c in ("ISBN", "ISBN13"):
        g[c] = g[c].str.strip('="')  # Excel formulas: ="9780441013593", ="" for none
    g["Date Read"] = pd.to_datetime(g["Date Read"], format="%Y/%m/%d")
    g["base"] = g["Title"].map(base_title)
    return g


META = re.compile(r"- Your (\w+) on (?:page (\d+) \| )?Location (\d+)(?:-(\d+))? \| Added on (.+)")


def _kc_date(s: str) -> datetime:
    for fmt in ("%A, %B %d, %Y %I:%M:%S %p", "%A, %d %B %Y %H:%M:%S"):  # US and UK devices
        try:
            return datetime.strptime(s, fmt)
        except ValueError:
            pass
    raise ValueError(s)


def read_clippings(d: Path) -> pd.DataFrame:
    text = (d / data.KC_FILE).read_text(encoding="utf-8").replace("\ufeff", "").replace("\r\n", "\n")
    rows = []
    for block in text.split("==========\n"):
        lines = block.split("\n")
        if len(lines) < 2 or not lines[0]:
            continue
        m = META.fullmatch(lines[1])
        assert m, lines[1]
        title = re.sub(r" \([^()]*\)$", "", lines[0])  # the author in the last parentheses
        a = int(m[3])
        rows.append({"title": title, "base": base_title(title), "kind": m[1], "start": a,
                     "end": int(m[4]) if m[4] else a, "added": _kc_date(m[5])})  # fmt: skip
    return pd.DataFrame(rows)


def read_har(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    log = json.loads((d / data.HAR_FILE).read_text(encoding="utf-8"))["log"]
    pages = pd.json_normalize(log["pages"]).set_index("id")
    e = pd.json_normalize(log["entries"])
    e["host"] = e["request.url"].map(lambda u: None if u.startswith("data:") else urlsplit(u).hostname)
    e["started"] = pd.to_datetime(e["startedDateTime"], utc=True)
    if "_fromCache" not in e:
        e["_fromCache"] = None
    return pages, e


def read_mailmap(d: Path) -> dict:
    mm = {}
    pat = re.compile(r"^\s*([^<]*?)\s*<([^>]+)>\s*(?:([^<]*?)\s*<([^>]+)>)?\s*$")
    for line in (d / data.MAILMAP_FILE).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0]
        if not line.strip():
            continue
        pname, pmail, cname, cmail = pat.match(line).groups()
        if cmail is None:  # Proper Name <commit@email>
            mm[(None, pmail.lower())] = (pname or None, None)
        else:
            mm[(cname or None, cmail.lower())] = (pname or None, pmail)
    return mm


def split_rename(path: str) -> str:
    """The new path of a numstat line: src/{a.py => b.py}, {old => new}/x, a => b."""
    m = re.fullmatch(r"(.*)\{(.*) => (.*)\}(.*)", path)
    if m:
        return (m[1] + m[3] + m[4]).replace("//", "/")
    return path.split(" => ")[-1]


def old_path(path: str) -> str:
    m = re.fullmatch(r"(.*)\{(.*) => (.*)\}(.*)", path)
    if m:
        return (m[1] + m[2] + m[4]).replace("//", "/")
    return path.split(" => ")[0]


def read_git(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    commits, rows = [], []
    cur = None
    for line in (d / data.GIT_FILE).read_text(encoding="utf-8").splitlines():
        if line.startswith("commit "):
            cur = {"hash": line.split()[1], "merge": False}
            commits.append(cur)
        elif line.startswith("Merge: "):
            cur["merge"] = True
        elif line.startswith("Author: "):
            m = re.fullmatch(r"Author: (.*) <(.*)>", line)
            cur["name"], cur["email"] = m[1], m[2]
        elif line.startswith("Date:   "):
            cur["date"] = datetime.strptime(line[8:], "%a %b %d %H:%M:%S %Y %z")
        elif re.fullmatch(r"(\d+|-)\t(\d+|-)\t.+", line):
            a, dl, path = line.split("\t", 2)
            rows.append({"hash": cur["hash"], "added": None if a == "-" else int(a),
                         "deleted": None if dl == "-" else int(dl), "path": path, "new": split_rename(path),
                         "old": old_path(path)})  # fmt: skip
    c = pd.DataFrame(commits)
    n = pd.DataFrame(rows)
    n["added"] = n["added"].astype("Int64")
    return c, n


def apply_mailmap(c: pd.DataFrame, mm: dict) -> pd.Series:
    def one(name: str, email: str) -> str:
        hit = mm.get((name, email.lower())) or mm.get((None, email.lower()))
        return (hit[0] or name) if hit else name

    return pd.Series([one(n, e) for n, e in zip(c["name"], c["email"])], index=c.index)


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    g = read_goodreads(d)
    k = read_clippings(d)
    read = g[g["Exclusive Shelf"] == "read"]
    hl = k[k["kind"] == "Highlight"]
    a["gr_read"] = len(read)
    a["gr_five"] = int((g["My Rating"] == 5).sum())
    a["kc_notes"] = int((k["kind"] == "Note").sum())
    a["gr_avg_rating"] = round(float(read.loc[read["My Rating"] > 0, "My Rating"].mean()), 2)
    a["gr_no_isbn"] = int((read["ISBN13"] == "").sum())
    a["gr_before1950"] = int((read["Original Publication Year"] < 1950).sum())
    a["kc_2023"] = int((hl["added"].dt.year == 2023).sum())
    b = hl[hl["base"] == KC_BOOK.lower()].sort_values("start")
    groups, reach = 0, -1
    for s, e in zip(b["start"], b["end"]):
        if s > reach:
            groups += 1
        reach = max(reach, e)
    a["kc_passages"] = groups
    done23 = read[read["Date Read"].dt.year == 2023]
    counts = hl[hl["base"].isin(set(done23["base"]))]["base"].value_counts()
    top = unique_max(counts)
    a["gr_kc_top"] = done23.loc[done23["base"] == top, "Title"].map(lambda x: re.sub(r" \([^()]*\)$", "", x)).iloc[0]
    pages = read.dropna(subset=["Number of Pages"])
    a["gr_author_pages"] = unique_max((pages["Number of Pages"] * pages["Read Count"]).groupby(pages["Author"]).sum())

    pg, e = read_har(d)
    p1 = e[e["pageref"] == "page_1"]
    a["har_404"] = int((e["response.status"] == 404).sum())
    a["har_blocked"] = int((e["response._error"] == "net::ERR_BLOCKED_BY_CLIENT").sum())
    a["har_largest"] = int(e["response.content.size"].max())
    a["har_p2"] = int((e["pageref"] == "page_2").sum())
    js = p1["response.content.mimeType"].str.split(";").str[0].str.strip().str.lower().str.contains("javascript")
    a["har_js_kb"] = round(float(p1.loc[js, "response.content.size"].sum() / 1024), 1)
    a["har_dns"] = round(float(e.loc[e["timings.dns"] >= 0, "timings.dns"].mean()), 2)
    third = p1[p1["host"].notna() & (p1["response.status"] != 0) & ~p1["host"].fillna("").str.endswith(data.SITE)]
    a["har_third_hosts"] = int(third["host"].nunique())
    conn = e[e["timings.connect"] >= 0]
    a["har_tcp"] = round(float((conn["timings.connect"] - conn["timings.ssl"].clip(lower=0)).sum()), 2)
    t0 = pd.Timestamp(pg.loc["page_1", "startedDateTime"])
    after = (p1["started"] - t0).dt.total_seconds() * 1000 > pg.loc["page_1", "pageTimings.onLoad"]
    a["har_after_onload"] = int(after.sum())
    net = e[e["host"].notna() & (e["response.status"] != 0) & e["_fromCache"].isna()]
    med = net.groupby("host")["timings.wait"].agg(["median", "size"])
    a["har_slow_host"] = unique_max(med.loc[med["size"] >= 3, "median"])

    c, n = read_git(d)
    mm = read_mailmap(d)
    c["person"] = apply_mailmap(c, mm)
    c["local_day"] = c["date"].map(lambda x: x.weekday())
    c["year"] = c["date"].map(lambda x: x.year)
    humans = c[~c["person"].str.endswith("[bot]")]
    n = n.merge(c[["hash", "person", "year", "merge"]], on="hash")
    a["git_commits"] = len(c)
    a["git_merges"] = int(c["merge"].sum())
    a["git_binary"] = int(n["added"].isna().sum())
    a["git_people"] = int(humans["person"].nunique())
    a["git_weekend"] = int((~c["merge"] & (c["local_day"] >= 5)).sum())
    a["git_lines_2023"] = int(n.loc[n["year"] == 2023, "added"].sum())
    hn = n[~n["person"].str.endswith("[bot]")]
    a["git_top_author"] = unique_max(hn.groupby("person")["added"].sum())
    a["git_py_lines"] = int(n.loc[n["new"].str.endswith(".py"), "added"].sum())
    a["git_ana_src"] = int(n.loc[(n["person"] == GIT_NAME) & n["new"].str.startswith("src/"), "added"].sum())
    renamed = dict(zip(n.loc[n["old"] != n["new"], "old"], n.loc[n["old"] != n["new"], "new"]))

    def final(p: str) -> str:
        while p in renamed:
            p = renamed[p]
        return p

    n["final"] = n["new"].map(final)
    a["git_most_changed"] = unique_max(n[~n["merge"]].drop_duplicates(["hash", "final"])["final"].value_counts())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    g = read_goodreads(d)
    k = read_clippings(d)
    read = g[g["Exclusive Shelf"] == "read"]
    c["gr_avg_rating"] = round(float(read["My Rating"].mean()), 2)
    c["gr_before1950"] = int((read["Year Published"] < 1950).sum())
    c["kc_passages"] = int(((k["kind"] == "Highlight") & (k["base"] == KC_BOOK.lower())).sum())

    _pg, e = read_har(d)
    p1 = e[e["pageref"] == "page_1"]
    c["har_js_kb"] = round(float(p1.loc[p1["response.content.mimeType"] == "application/javascript",
                                        "response.content.size"].sum() / 1024), 1)  # fmt: skip
    c["har_dns"] = round(float(e["timings.dns"].mean()), 2)
    c["har_tcp"] = round(float(e.loc[e["timings.connect"] >= 0, "timings.connect"].sum()), 2)

    cm, n = read_git(d)
    cm["utc_day"] = pd.to_datetime(cm["date"].map(lambda x: x.isoformat()), utc=True).dt.day_of_week
    humans = cm[~cm["name"].str.endswith("[bot]")]
    c["git_people"] = int(humans["name"].nunique())
    c["git_weekend"] = int((~cm["merge"] & (cm["utc_day"] >= 5)).sum())
    n = n.merge(cm[["hash", "name"]], on="hash")
    hn = n[~n["name"].str.endswith("[bot]")]
    c["git_top_author"] = hn.groupby("name")["added"].sum().idxmax()
    c["git_py_lines"] = int(n.loc[n["path"].str.endswith(".py"), "added"].sum())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout40-"))
    other = Path(tempfile.mkdtemp(prefix="heldout40-again-"))
    try:
        data.write_files(out)
        data.write_files(other)
        same = all((out / f).read_bytes() == (other / f).read_bytes() for f in data.FILES)
        total = sum((out / f).stat().st_size for f in data.FILES)
        print(f"files: {', '.join(data.FILES)} ({total / 1e6:.1f} MB)")
        refs = references()
        got = answers(out)
        ok = 0
        for task in TASKS:
            good = score.correct(str(got[task.id]), refs[task.id], task.kind, task.aliases)
            ok += good
            if not good:
                print(f"DISAGREE {task.id}: reference {refs[task.id]!r}, from the files {got[task.id]!r}")
        bad = careless(out)
        bites = 0
        for tid in TRAPS:
            task = next(t for t in TASKS if t.id == tid)
            wrong = bad[tid]
            bit = wrong != refs[tid] and not score.correct(str(wrong), refs[tid], task.kind, task.aliases)
            bites += bit
            if not bit:
                print(f"TRAP DOES NOT BITE {tid}: careless {wrong!r}, reference {refs[tid]!r}")
        print(f"{ok}/{len(TASKS)} tasks agree; {bites}/{len(TRAPS)} traps bite; files reproducible: {same}")
        return 0 if ok == len(TASKS) and bites == len(TRAPS) and same else 1
    finally:
        shutil.rmtree(other, ignore_errors=True)
        if len(sys.argv) <= 1:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
