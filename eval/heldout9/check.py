"""Cross-check: answer every question of the ninth held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one and, written as
prose, is scored wrong).

    python eval/heldout9/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from data import write_files  # noqa: E402
from tasks import TASKS, references  # noqa: E402


def _load_eval_score():
    spec = importlib.util.spec_from_file_location("eval_score", HERE.parent / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


score = _load_eval_score()


def top(series: pd.Series, largest: bool = True, strict: bool = True):
    """The index label of the largest (or smallest) value; asserts there is no tie for first place
    (`strict=False` for a careless answer, which takes the first of a tie as idxmax would)."""
    s = series.dropna().sort_values(ascending=not largest, kind="stable")
    assert not strict or len(s) < 2 or s.iloc[0] != s.iloc[1], f"tie: {s.head(2).to_dict()}"
    return s.index[0]


# --- museum ticketing ------------------------------------------------------------------------------------


def museum(d: Path, a: dict, traps: dict) -> None:
    pages = json.loads((d / "museum_orders_api.json").read_text(encoding="utf-8"))
    records = [o for page in pages for o in page["data"]]
    raw = pd.json_normalize(records)
    # consecutive pages overlap: the repeated records are identical copies
    assert raw.astype(str).drop_duplicates().shape[0] == raw["id"].nunique()
    orders = raw.drop_duplicates("id").reset_index(drop=True)
    assert len(orders) == pages[0]["meta"]["total"]
    items = pd.json_normalize(
        [o for o in {o["id"]: o for o in records}.values()],
        record_path="items",
        meta=["id", "status", ["visit", "date"]],
    )
    raw_items = pd.json_normalize(records, record_path="items", meta=["id", "status"])

    # two title lines and a blank line above the header
    tickets = pd.read_csv(d / "ticket_types.csv", skiprows=3)
    tickets["pounds"] = pd.to_numeric(tickets["Price"].str.replace("£", "").replace("Free", "0"))
    a["museum-avg-price"] = float(tickets.loc[tickets["pounds"] > 0, "pounds"].mean())
    traps["museum-avg-price"] = (round(float(tickets["pounds"].mean()), 2), a["museum-avg-price"])

    # money in pence: 1650 is £16.50 (ticket_types.csv says an adult ticket is £16.50)
    a["museum-max-order"] = float(orders["total_amount"].max() / 100)
    traps["museum-max-order"] = (int(orders["total_amount"].max()), a["museum-max-order"])

    a["museum-order-count"] = len(orders)
    traps["museum-order-count"] = (len(raw), a["museum-order-count"])

    paid_items = items[items["status"] == "paid"]
    a["museum-child-tickets"] = int(paid_items.loc[paid_items["ticket"] == "CHD", "qty"].sum())
    traps["museum-child-tickets"] = (
        int(raw_items.loc[raw_items["ticket"] == "CHD", "qty"].sum()),
        a["museum-child-tickets"],
    )

    refunded = orders["status"].eq("refunded")
    a["museum-refund-channel"] = top(refunded.groupby(orders["channel"]).mean())
    traps["museum-refund-channel"] = (
        top(refunded.groupby(orders["channel"]).sum(), strict=False),
        a["museum-refund-channel"],
    )

    visit = pd.to_datetime(orders["visit.date"])
    may = (visit.dt.month == 5) & orders["status"].eq("paid")
    a["museum-may-revenue"] = float(orders.loc[may, "total_amount"].sum() / 100)
    raw_may = pd.to_datetime(raw["visit.date"]).dt.month == 5  # duplicates and refunds kept
    traps["museum-may-revenue"] = (
        round(float(raw.loc[raw_may, "total_amount"].sum() / 100), 2),
        a["museum-may-revenue"],
    )

    created = pd.to_datetime(orders["created_at"], utc=True)  # "...Z": UTC
    local = created.dt.tz_convert("Europe/London")
    online = orders["channel"].isin(["web", "app"])
    a["museum-evening-share"] = float((local.dt.hour[online] >= 18).mean() * 100)
    careless = (created.dt.hour[online] >= 18).mean() * 100  # the UTC hour
    traps["museum-evening-share"] = (round(float(careless), 2), a["museum-evening-share"])

    june = paid_items[pd.to_datetime(paid_items["visit.date"]).dt.month == 6]
    admits = june["ticket"].map(tickets.set_index("Code")["Admits"])
    assert admits.notna().all()
    a["museum-june-visitors"] = int((june["qty"] * admits).sum())
    traps["museum-june-visitors"] = (int(june["qty"].sum()), a["museum-june-visitors"])


# --- pathology lab ---------------------------------------------------------------------------------------


def lab(d: Path, a: dict, traps: dict) -> None:
    con = sqlite3.connect(d / "lab_registry.sqlite")
    s = pd.read_sql("SELECT * FROM samples", con)
    sites = pd.read_sql("SELECT * FROM sites", con)
    reasons = pd.read_sql("SELECT * FROM reject_reasons", con)
    units = pd.read_sql("SELECT * FROM units", con)
    results = pd.read_sql("SELECT * FROM results", con)
    con.close()

    a["lab-sample-count"] = len(s)
    a["lab-trop-count"] = int(s["test"].eq("TROP").sum())
    a["lab-max-potassium"] = float(results.loc[results["analyte"] == "Potassium", "value"].max())

    priority = s["priority"].str.strip().str.lower().replace({"urg": "urgent"})
    assert set(priority) == {"urgent", "routine"}, set(priority)
    a["lab-urgent-share"] = float(priority.eq("urgent").mean() * 100)
    traps["lab-urgent-share"] = (round(float(s["priority"].eq("urgent").mean() * 100), 3), a["lab-urgent-share"])

    rejected = s["status"].eq("rejected")
    assert s.loc[rejected, "reject_code"].notna().all()
    code = top(s.loc[rejected, "reject_code"].value_counts())
    a["lab-reject-reason"] = reasons.set_index("code").loc[code, "description"]
    traps["lab-reject-reason"] = (code, a["lab-reject-reason"])  # the code, not looked up

    # site codes: "GP04", "gp04", "GP04 ", " gp04"
    s["site_code"] = s["site"].str.strip().str.upper()
    kind = s["site_code"].map(sites.set_index("code")["kind"])
    assert kind.notna().all()
    a["lab-reject-kind"] = top(rejected.groupby(kind).mean())
    traps["lab-reject-kind"] = (top(rejected.groupby(kind).sum(), strict=False), a["lab-reject-kind"])

    # collection times: ISO from electronic requests, day-first "04/03/2024 09:12" from paper forms
    collected = pd.to_datetime(s["collected"], format="mixed", dayfirst=True)
    iso = s["collected"].str.match(r"^\d{4}-")
    assert (collected[~iso] == pd.to_datetime(s.loc[~iso, "collected"], format="%d/%m/%Y %H:%M")).all()
    reported = pd.to_datetime(s["reported"])
    home = kind.eq("Care home") & reported.notna()
    a["lab-carehome-tat"] = float(((reported - collected)[home].dt.total_seconds() / 3600).mean())
    month_first = pd.to_datetime(s["collected"], format="mixed")
    careless = ((reported - month_first)[home].dt.total_seconds() / 3600).mean()
    traps["lab-carehome-tat"] = (round(float(careless), 3), a["lab-carehome-tat"])

    crea = results[results["analyte"] == "Creatinine"].merge(units, on=["analyte", "unit"], how="left")
    assert crea["factor"].notna().all() and set(crea["standard_unit"]) == {"umol/L"}
    a["lab-creatinine-mean"] = float((crea["value"] * crea["factor"]).mean())
    traps["lab-creatinine-mean"] = (round(float(crea["value"].mean()), 3), a["lab-creatinine-mean"])


# --- parking enforcement ---------------------------------------------------------------------------------


def _euros(text: pd.Series) -> pd.Series:
    """ "27,50" (decimal comma) or "1.234,50" (thousands point) in euros; "-" as NaN."""
    return pd.to_numeric(text.replace("-", None).str.replace(".", "", regex=False).str.replace(",", ".", regex=False))


def parking(d: Path, a: dict, traps: dict) -> None:
    # ";"-separated, cp1252, two title lines and a blank line above the header, a "Total" line at the bottom
    everything = pd.read_csv(d / "parking_tickets_q1_2024.csv", sep=";", encoding="cp1252", skiprows=3, dtype=str)
    footer = everything["Ticket no"].str.startswith("Total")
    assert footer.sum() == 1 and footer.iloc[-1]
    p = everything[~footer].copy()
    codes = pd.read_fwf(d / "offence_codes.txt", skiprows=[0, 1, 3], dtype=str)
    codes["fine"] = _euros(codes["Fine_EUR"])

    a["park-zone-c"] = int(p["Zone"].eq("C").sum())
    a["park-top-officer"] = top(p["Officer"].value_counts())

    fine = _euros(p["Fine EUR"])
    a["park-max-fine"] = float(fine.max())
    traps["park-max-fine"] = (float(_euros(everything["Fine EUR"]).max()), a["park-max-fine"])  # the footer's total

    paid = _euros(p["Paid EUR"])
    a["park-collected"] = round(float(paid.sum()), 2)
    traps["park-collected"] = (round(float(_euros(everything["Paid EUR"]).sum()), 2), a["park-collected"])

    # "Königstraße", "Koenigstrasse", "Königstr.": one street; keyed without umlauts and abbreviations
    key = p["Street"].str.lower().str.replace("ö", "oe").str.replace("ü", "ue").str.replace("ß", "ss")
    key = key.str.replace(r"str\.$", "strasse", regex=True)
    assert key.nunique() == 13, sorted(set(key))
    spelled = p.groupby(key)["Street"].agg(lambda x: x.value_counts().index[0])  # the usual spelling
    a["park-top-street"] = spelled[top(key.value_counts())]
    traps["park-top-street"] = (top(p["Street"].value_counts(), strict=False), a["park-top-street"])

    issued = pd.to_datetime(p["Issued"], format="%d.%m.%Y %H:%M")
    band = p["Offence"].map(codes.set_index("Code")["Band"])
    assert band.notna().all() and (fine == p["Offence"].map(codes.set_index("Code")["fine"])).all()
    march = issued.dt.month == 3
    a["park-march-higher"] = float(band[march].eq("higher").mean() * 100)
    month_first = pd.to_datetime(p["Issued"], format="mixed")  # "05.03.2024" read as 3 May
    careless = band[month_first.dt.month == 3].eq("higher").mean() * 100
    traps["park-march-higher"] = (round(float(careless), 3), a["park-march-higher"])

    paid_on = pd.to_datetime(p["Paid on"].replace("-", None), format="%d.%m.%Y")
    days = (paid_on - issued.dt.normalize()).dt.days
    a["park-days-to-pay"] = float(days.mean())
    careless = (pd.to_datetime(p["Paid on"].replace("-", None), format="mixed") - month_first.dt.normalize()).dt.days
    traps["park-days-to-pay"] = (round(float(careless.mean()), 3), a["park-days-to-pay"])


# --- fitness studio --------------------------------------------------------------------------------------


def _minutes(duration: pd.Series) -> pd.Series:
    """ "45 min", "45min", "0:45", "1h15" or "1 h" in minutes."""
    text = duration.str.strip()
    mins = pd.to_numeric(text.str.extract(r"^(\d+)\s*min$", expand=False))
    hm = text.str.extract(r"^(\d+):(\d{2})$").astype(float)
    hours = text.str.extract(r"^(\d+)\s*h(\d{2})?$").astype(float)
    out = mins.fillna(hm[0] * 60 + hm[1]).fillna(hours[0] * 60 + hours[1].fillna(0))
    assert out.notna().all(), set(text[out.isna()])
    return out


def studio(d: Path, a: dict, traps: dict) -> None:
    b = pd.read_parquet(d / "studio_bookings.parquet")
    # a title block (title, status line, blank row) above the header
    members = pd.read_excel(d / "members.xlsx", sheet_name="Members", header=3)
    plans = pd.read_excel(d / "members.xlsx", sheet_name="Plans")

    a["studio-booking-count"] = len(b)
    a["studio-member-count"] = len(members)
    traps["studio-member-count"] = (len(pd.read_excel(d / "members.xlsx")), len(members))

    attended = b[b["status"] == "attended"].copy()
    cls = attended["class_name"].str.strip().str.lower().str.replace(".", "", regex=False)
    cls = cls.str.replace(r"\s*class$", "", regex=True)
    assert cls.nunique() == 5, sorted(set(cls))
    names = {"spin": "Spin", "yoga": "Yoga", "hiit": "HIIT", "pilates": "Pilates", "boxing": "Boxing"}
    a["studio-top-class"] = names[top(cls.value_counts())]
    traps["studio-top-class"] = (top(attended["class_name"].value_counts(), strict=False), a["studio-top-class"])

    standing = b[b["status"].isin(["attended", "no-show"])]
    rate = standing["status"].eq("no-show").groupby(standing["instructor"]).mean()
    a["studio-noshow-instructor"] = top(rate)
    per_class = b["status"].eq("no-show").groupby(b["instructor"]).sum()  # a count, not a rate
    traps["studio-noshow-instructor"] = (top(per_class, strict=False), a["studio-noshow-instructor"])

    minutes = _minutes(attended["duration"])
    a["studio-hours-attended"] = float(minutes.sum() / 60)
    first_number = pd.to_numeric(attended["duration"].str.extract(r"^(\d+)", expand=False))  # "1h15" as 1 minute
    traps["studio-hours-attended"] = (round(float(first_number.sum() / 60), 2), a["studio-hours-attended"])

    local = attended["starts_at"].dt.tz_convert("Europe/Berlin")
    a["studio-early-bird"] = int((local.dt.hour < 8).sum())
    traps["studio-early-bird"] = (int((attended["starts_at"].dt.hour < 8).sum()), a["studio-early-bird"])

    # "PS-01043" in the member list, 1043 in the bookings
    members["member_id"] = members["Member no."].str.replace(r"^PS-0*", "", regex=True).astype(int)
    count = attended.groupby("member_id").size()
    members["attended"] = members["member_id"].map(count).fillna(0)
    assert set(count.index) <= set(members["member_id"])
    plan_name = plans.set_index("Code")["Plan"]
    a["studio-plan-attendance"] = plan_name[top(members.groupby("Plan")["attended"].mean())]
    joined = members[members["attended"] > 0]  # only members who appear in the bookings
    traps["studio-plan-attendance"] = (
        plan_name[top(joined.groupby("Plan")["attended"].mean(), strict=False)],
        a["studio-plan-attendance"],
    )
    unjoined = attended["member_id"].astype(str).isin(members["Member no."])  # 1043 against "PS-01043"
    traps["studio-member-join"] = (int(unjoined.sum()), len(attended))  # nothing matches


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}
    museum(d, a, traps)
    lab(d, a, traps)
    parking(d, a, traps)
    studio(d, a, traps)
    return a, traps


def main() -> int:
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<30} {(d / n).stat().st_size:>9,} bytes")
        same = all(filecmp.cmp(d / n, Path(tmp) / "b" / n, shallow=False) for n in names) and names == again
        print(f"written twice, byte-identical: {same}")
        got, traps = answers(d)

    refs = references()
    bad = 0
    for task in TASKS:
        ref, value = refs[task.id], got.get(task.id)
        ok = value is not None and _agrees(task, ref, value)
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {task.difficulty:<6} {task.id:<30} ref={ref!r:<24.24} files={value!r:.24}")
    bitten = 0
    by_id = {task.id: task for task in TASKS}
    for tid, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        if tid in by_id:  # the careless answer, written as prose, is scored wrong
            task = by_id[tid]
            bites = bites and not score.correct(f"The answer is {careless}.", refs[tid], task.kind, task.aliases)
        bitten += bites
        bad += not bites
        print(f"{'ok  ' if bites else 'FAIL'} trap   {tid:<30} careless={careless!r:<22.22} careful={careful!r:.24}")
    count = Counter(t.difficulty for t in TASKS)
    agree = sum(1 for task in TASKS if task.id in got and _agrees(task, refs[task.id], got[task.id]))
    print(
        f"{agree}/{len(TASKS)} tasks agree ({count['easy']} easy, {count['medium']} medium, "
        f"{count['hard']} hard); traps bite: {bitten}/{len(traps)}; files reproducible: {same}; "
        f"{time.monotonic() - began:.1f} s"
    )
    return 1 if bad or not same else 0


def _agrees(task, ref, value) -> bool:
    """The files' answer equals the reference, and written as prose it passes eval/score.py's `correct()`."""
    if task.kind == "number":
        ok = score.number_ok(float(value), ref)
    else:
        ok = score.normalise(str(value)) == score.normalise(str(ref))
    return ok and score.correct(f"The answer is {value}.", ref, task.kind, task.aliases)


if __name__ == "__main__":
    sys.exit(main())
