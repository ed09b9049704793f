"""Check the twenty-fourth held-out set end to end.

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
import sqlite3
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import LATEST_PLANET, TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

USER = "loafwithmari"  # as the questions name it
CHICAGO, BERLIN = "America/Chicago", "Europe/Berlin"
LY_PER_PC = 3.2616


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_exo(d: Path) -> pd.DataFrame:
    """The archive's CSV under a block of `#` comment lines."""
    return pd.read_csv(d / data.EXO_FILE, comment="#")


def read_tweets(d: Path) -> pd.DataFrame:
    """tweets.js is a JavaScript assignment: the JSON starts after the `=`. Every number is a string."""
    text = (d / data.TWEETS_FILE).read_text(encoding="utf-8")
    entries = json.loads(text[text.index("=") + 1 :])
    df = pd.json_normalize([e["tweet"] for e in entries])
    df["utc"] = pd.to_datetime(df["created_at"], format="%a %b %d %H:%M:%S %z %Y")
    df["local"] = df["utc"].dt.tz_convert(CHICAGO)
    df["likes"] = df["favorite_count"].astype(int)
    df["is_rt"] = df["full_text"].str.startswith("RT @")
    df["is_reply"] = df["in_reply_to_status_id_str"].notna()
    df["is_later_version"] = df["edit_info.edit.initialTweetId"].notna()
    return df


def read_anki(d: Path) -> dict[str, pd.DataFrame]:
    """The SQLite tables, the deck names from the col table's JSON, and review times in Berlin."""
    con = sqlite3.connect(d / data.ANKI_FILE)
    try:
        notes = pd.read_sql("SELECT * FROM notes", con)
        cards = pd.read_sql("SELECT * FROM cards", con)
        revlog = pd.read_sql("SELECT * FROM revlog", con)
        col = pd.read_sql("SELECT * FROM col", con)
    finally:
        con.close()
    decks = {int(k): v["name"] for k, v in json.loads(col.loc[0, "decks"]).items()}
    conf = json.loads(col.loc[0, "conf"])
    cards["deck"] = cards["did"].map(decks)
    notes["front"] = notes["flds"].str.split("\x1f").str[0].str.replace(r"<[^>]+>|&nbsp;", "", regex=True).str.strip()
    revlog["local"] = pd.to_datetime(revlog["id"], unit="ms", utc=True).dt.tz_convert(BERLIN)
    revlog["anki_day"] = (revlog["local"] - pd.Timedelta(hours=conf["rollover"])).dt.date
    return {"notes": notes, "cards": cards, "revlog": revlog}


def _text(el) -> str:
    return "".join(el.itertext()) if el is not None else ""


def read_pubmed(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One row per article and one per author (with the author's affiliations joined by ' | ')."""
    root = ET.parse(d / data.PUBMED_FILE).getroot()
    arts, authors = [], []
    for art in root.iter("PubmedArticle"):
        pmid = art.findtext("MedlineCitation/PMID")
        pd_el = art.find(".//JournalIssue/PubDate")
        year = pd_el.findtext("Year")
        medline = pd_el.findtext("MedlineDate")
        hist = {
            p.get("PubStatus"): pd.Timestamp(int(p.findtext("Year")), int(p.findtext("Month")), int(p.findtext("Day")))
            for p in art.iter("PubMedPubDate")
        }
        arts.append(
            {
                "pmid": pmid,
                "journal": art.findtext(".//Journal/Title"),
                "year_tag": year,
                "issue_year": int(year) if year else int(medline[:4]),
                "language": art.findtext(".//Language"),
                "received": hist.get("received"),
                "accepted": hist.get("accepted"),
            }
        )
        for i, au in enumerate(art.findall(".//AuthorList/Author")):
            authors.append(
                {
                    "pmid": pmid,
                    "pos": i,
                    "last": au.findtext("LastName"),
                    "initials": au.findtext("Initials"),
                    "affs": [_text(a) for a in au.findall("AffiliationInfo/Affiliation")],
                }
            )
    return pd.DataFrame(arts), pd.DataFrame(authors)


CHINA = re.compile(r"\b(P\.?\s?R\.? China|People's Republic of China|China)\b")


def in_china(aff: str) -> bool:
    """The country is the last part of the address, before any e-mail address."""
    address = re.split(r"\.?\s*Electronic address:", aff)[0].rstrip(". ")
    return bool(CHINA.fullmatch(address.split(",")[-1].strip()))


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    exo = read_exo(d)
    dflt = exo[exo["default_flag"] == 1]
    assert dflt["pl_name"].is_unique and set(dflt["pl_name"]) == set(exo["pl_name"])
    a["exo_microlensing"] = int((dflt["discoverymethod"] == "Microlensing").sum())
    a["exo_nearest_host"] = exo.loc[exo["sy_dist"].idxmin(), "hostname"]
    a["exo_longest_period"] = exo["pl_orbper"].max()
    a["exo_planets"] = exo["pl_name"].nunique()
    a["exo_within_50ly"] = int((dflt["sy_dist"] * LY_PER_PC < 50).sum())
    a["exo_rv_median_period"] = round(dflt.loc[dflt["discoverymethod"] == "Radial Velocity", "pl_orbper"].median(), 2)
    p = exo[(exo["pl_name"] == LATEST_PLANET) & exo["pl_bmasse"].notna()]
    a["exo_latest_mass"] = p.sort_values("pl_pubdate")["pl_bmasse"].iloc[-1]
    dense = dflt[(dflt["pl_bmassprov"] == "Mass") & dflt["pl_rade"].notna()]
    a["exo_densest"] = dense.loc[unique_max(dense["pl_bmasse"] / dense["pl_rade"] ** 3), "pl_name"]

    tw = read_tweets(d)
    a["tw_most_liked"] = tw.loc[unique_max(tw["likes"]), "id_str"]
    apps = tw["source"].str.extract(r">([^<]+)<")[0]
    a["tw_app"] = unique_max(apps.value_counts())
    others = tw.loc[tw["is_reply"] & (tw["in_reply_to_screen_name"] != USER), "in_reply_to_screen_name"]
    a["tw_top_reply"] = unique_max(others.value_counts())
    own = tw[~tw["is_rt"]]
    tags = own["entities.hashtags"].explode().dropna().map(lambda h: h["text"].lower())
    a["tw_hashtag"] = unique_max(tags.value_counts())
    a["tw_originals_2023"] = int(
        (~tw["is_rt"] & ~tw["is_reply"] & ~tw["is_later_version"] & (tw["local"].dt.year == 2023)).sum()
    )
    a["tw_night"] = int((tw["local"].dt.hour < 6).sum())
    y24 = own[own["local"].dt.year == 2024]
    month = unique_max(y24.groupby(y24["local"].dt.month)["likes"].sum())
    a["tw_best_month_2024"] = f"{pd.Timestamp(2024, month, 1):%B} 2024"

    anki = read_anki(d)
    notes, cards, rev = anki["notes"], anki["cards"], anki["revlog"]
    answered = rev[rev["ease"] > 0]
    a["anki_notes"] = len(notes)
    a["anki_suspended"] = int((cards["queue"] == -1).sum())
    a["anki_again"] = int((rev["ease"] == 1).sum())
    a["anki_answers_2024"] = int((answered["local"].dt.year == 2024).sum())
    a["anki_biggest_deck"] = unique_max(cards["deck"].value_counts())
    days = answered["anki_day"].value_counts()
    a["anki_busiest_day_2024"] = unique_max(days[[x.year == 2024 for x in days.index]]).isoformat()
    joined = rev.merge(cards[["id", "nid", "deck"]], left_on="cid", right_on="id", suffixes=("", "_card"))
    joined = joined.merge(notes[["id", "front"]], left_on="nid", right_on="id", suffixes=("", "_note"))
    vocab_again = joined[(joined["deck"] == "Spanish::Vocabulary") & (joined["ease"] == 1)]
    a["anki_hardest_word"] = unique_max(vocab_again["front"].value_counts())
    a["anki_verbs_hours"] = round(joined.loc[joined["deck"] == "Spanish::Verbs", "time"].sum() / 3_600_000, 1)

    arts, authors = read_pubmed(d)
    a["pm_articles"] = len(arts)
    a["pm_top_journal"] = unique_max(arts["journal"].value_counts())
    a["pm_issue_2023"] = int((arts["issue_year"] == 2023).sum())
    named = authors[authors["last"].notna()]
    names = (named["last"] + " " + named["initials"]).to_frame("name").assign(pmid=named["pmid"]).drop_duplicates()
    a["pm_top_author"] = unique_max(names["name"].value_counts())
    a["pm_not_english"] = int((arts["language"] != "eng").sum())
    first = authors[authors["pos"] == 0]
    a["pm_first_author_china"] = int(first["affs"].map(lambda affs: any(in_china(x) for x in affs)).sum())
    both = arts.dropna(subset=["received", "accepted"])
    a["pm_accept_days"] = (both["accepted"] - both["received"]).dt.days.median()
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    exo = read_exo(d)
    c["exo_planets"] = len(exo)
    dflt = exo[exo["default_flag"] == 1]
    c["exo_within_50ly"] = int((dflt["sy_dist"] < 50).sum())
    c["exo_latest_mass"] = dflt.loc[dflt["pl_name"] == LATEST_PLANET, "pl_bmasse"].iloc[0]
    tw = read_tweets(d)
    c["tw_top_reply"] = tw["in_reply_to_screen_name"].value_counts().idxmax()
    c["tw_originals_2023"] = int((~tw["is_rt"] & ~tw["is_reply"] & (tw["local"].dt.year == 2023)).sum())
    c["tw_night"] = int((tw["utc"].dt.hour < 6).sum())
    anki = read_anki(d)
    rev = anki["revlog"]
    c["anki_answers_2024"] = int((rev["local"].dt.year == 2024).sum())
    answered = rev[rev["ease"] > 0]
    by_date = answered["local"].dt.date.value_counts()
    by_utc = pd.to_datetime(answered["id"], unit="ms").dt.date.value_counts()
    berlin_day = by_date[[x.year == 2024 for x in by_date.index]].idxmax().isoformat()
    utc_day = by_utc[[x.year == 2024 for x in by_utc.index]].idxmax().isoformat()
    assert berlin_day == utc_day, (berlin_day, utc_day)  # both calendar readings give the same wrong day
    c["anki_busiest_day_2024"] = berlin_day
    arts, authors = read_pubmed(d)
    c["pm_issue_2023"] = int((arts["year_tag"] == "2023").sum())
    first = authors[authors["pos"] == 0]
    c["pm_first_author_china"] = int(
        first["affs"].map(lambda affs: any(x.rstrip(".").split(",")[-1].strip() == "China" for x in affs)).sum()
    )
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout24-"))
    other = Path(tempfile.mkdtemp(prefix="heldout24-again-"))
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
