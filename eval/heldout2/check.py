"""Cross-check: answer every question of the second held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one).

    python eval/heldout2/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import sys
import tempfile
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


def _minutes(text: pd.Series) -> pd.Series:
    parts = text.str.extract(r"^\s*(?:(\d+)h)?\s*(?:(\d+)m)?\s*$").astype(float).fillna(0)
    return parts[0] * 60 + parts[1]


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    """The careful answers, and for some questions (careless answer, careful answer) to show the trap bites."""
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}

    # --- vehicles.json: the records sit under "data", next to pagination metadata; nested specs
    vehicles = pd.json_normalize(json.loads((d / "vehicles.json").read_text(encoding="utf-8"))["data"])
    vehicles["commissioned"] = pd.to_datetime(vehicles["commissioned"])
    a["vehicles-count"] = len(vehicles)
    a["vehicles-eastgate"] = int((vehicles["depot"] == "Eastgate").sum())
    a["vehicles-electric-seats"] = float(vehicles.loc[vehicles["specs.fuel"] == "electric", "specs.seats"].mean())
    old = vehicles["commissioned"] < "2015-01-01"
    a["vehicles-old-median-km"] = float(vehicles.loc[old, "odometer_km"].median())

    # --- parts.txt: a fixed-width report with title lines, a rule, a footer and "1,038.59" prices
    parts = pd.read_fwf(
        d / "parts.txt",
        colspecs=[(0, 10), (10, 38), (38, 52), (52, 64), (64, 74)],
        names=["code", "description", "category", "price", "stock"],
        skiprows=5,
        skipfooter=2,
        thousands=",",
    )
    a["parts-brakes"] = int((parts["category"] == "Brakes").sum())
    a["parts-priciest"] = parts.loc[parts["price"].idxmax(), "code"]
    a["parts-stock-value"] = float((parts["price"] * parts["stock"]).sum())

    # --- work_orders.csv: duplicated rows, vehicle ids in mixed case, "Qty: 3 x 4.50 EUR", "1h 20m"
    raw_wo = pd.read_csv(d / "work_orders.csv")
    wo = raw_wo.drop_duplicates("wo_id").copy()
    assert len(wo) == len(raw_wo.drop_duplicates()), "a duplicated wo_id whose rows differ"
    wo["vehicle"] = wo["vehicle"].str.upper()
    qty_price = wo["line"].str.extract(r"Qty:\s*(\d+)\s*x\s*([\d.]+)\s*EUR").astype(float)
    assert qty_price.notna().all().all(), "a line the pattern does not read"
    wo["cost"] = qty_price[0] * qty_price[1]
    wo["labour_min"] = _minutes(wo["labour"])
    a["wo-distinct-ids"] = int(raw_wo["wo_id"].nunique())
    a["wo-distinct-vehicles"] = int(wo["vehicle"].nunique())
    traps["wo-distinct-vehicles"] = (raw_wo["vehicle"].nunique(), a["wo-distinct-vehicles"])
    a["wo-median-labour"] = float(wo["labour_min"].median())
    a["wo-parts-cost"] = float(wo["cost"].sum())
    a["wo-top-vehicle"] = wo.groupby("vehicle")["cost"].sum().idxmax()
    wv = wo.merge(vehicles, left_on="vehicle", right_on="id", how="left", validate="many_to_one")
    assert wv["depot"].notna().all(), "a work order for a vehicle not in vehicles.json"
    a["wo-depot-labour"] = wv.groupby("depot")["labour_min"].sum().idxmax()
    a["wo-electric-labour-hours"] = float(wv.loc[wv["specs.fuel"] == "electric", "labour_min"].sum() / 60)
    wp = wo.merge(parts, left_on="part", right_on="code", how="left", validate="many_to_one")
    assert wp["category"].notna().all(), "a work order for a part not in parts.txt"
    a["wo-top-category"] = wp.groupby("category")["cost"].sum().idxmax()
    traps["wo-parts-cost"] = (
        float((raw_wo["line"].str.extract(r"(\d+) x ([\d.]+)").astype(float).prod(axis=1)).sum()),
        a["wo-parts-cost"],
    )

    # --- tickets.parquet: UTC timestamps, categoricals, satisfied as Y / yes / N / no / ""
    tickets = pd.read_parquet(d / "tickets.parquet")
    closed = tickets.dropna(subset=["closed_at"]).copy()
    closed["hours"] = (closed["closed_at"] - closed["opened_at"]).dt.total_seconds() / 3600
    a["tickets-urgent"] = int((tickets["priority"] == "urgent").sum())
    a["tickets-open"] = int(tickets["closed_at"].isna().sum())
    sat = tickets["satisfied"].str.strip().str.lower().map({"y": True, "yes": True, "n": False, "no": False, "": None})
    assert tickets["satisfied"].str.strip().str.lower().isin(["y", "yes", "n", "no", ""]).all()
    a["tickets-satisfied-pct"] = float(100 * sat.dropna().astype(bool).mean())
    a["tickets-within-day-fraction"] = float((closed["hours"] <= 24).mean())
    a["tickets-urgent-median-hours"] = float(closed.loc[closed["priority"] == "urgent", "hours"].median())
    a["tickets-top-urgent-agent"] = tickets.loc[tickets["priority"] == "urgent", "agent"].value_counts().idxmax()
    local = tickets["opened_at"].dt.tz_convert("Europe/Amsterdam")
    a["tickets-after-hours"] = int(((local.dt.hour < 8) | (local.dt.hour >= 18)).sum())
    utc_hour = tickets["opened_at"].dt.hour
    traps["tickets-after-hours"] = (int(((utc_hour < 8) | (utc_hour >= 18)).sum()), a["tickets-after-hours"])
    a["tickets-busiest-weekday"] = local.dt.day_name().value_counts().idxmax()

    # --- agents.xlsx: two title lines, the header on row 3
    agents = pd.read_excel(d / "agents.xlsx", header=2)
    a["agents-network"] = int((agents["Team"] == "Network").sum())
    a["agents-mean-hours"] = float(agents.loc[agents["Started"] < "2018-01-01", "Hours/week"].mean())
    ct = closed.merge(agents, left_on="agent", right_on="Login", how="left", validate="many_to_one")
    assert ct["Team"].notna().all(), "a closed ticket whose agent is not on the staff list"
    a["tickets-fastest-team"] = ct.groupby("Team")["hours"].median().idxmin()

    # --- expenses.csv: ';', amounts "1.234,56" but km "123.5", a footer "Total" row
    exp = pd.read_csv(d / "expenses.csv", sep=";", dtype=str)
    exp = exp[exp["claim_id"].str.strip() != "Total"]
    exp["amount"] = exp["amount_eur"].str.replace(".", "", regex=False).str.replace(",", ".").astype(float)
    exp["km"] = exp["km"].astype(float)
    exp["date"] = pd.to_datetime(exp["date"])
    a["expenses-count"] = len(exp)
    a["expenses-mileage-count"] = int((exp["category"] == "Mileage").sum())
    a["expenses-total"] = float(exp["amount"].sum())
    a["expenses-mileage-km"] = float(exp.loc[exp["category"] == "Mileage", "km"].mean())
    careless = pd.read_csv(d / "expenses.csv", sep=";", decimal=",", thousands=".")
    traps["expenses-mileage-km"] = (
        float(careless.loc[careless["category"] == "Mileage", "km"].mean()),
        a["expenses-mileage-km"],
    )
    a["expenses-hotel-median"] = float(exp.loc[exp["category"] == "Hotel", "amount"].median())
    q2 = exp[exp["date"].dt.month.between(4, 6) & (exp["date"].dt.year == 2024)]
    a["expenses-top-employee-q2"] = q2.groupby("employee")["amount"].sum().idxmax()

    # --- energy.csv: long format (date, building, meter, value), missing days
    energy = pd.read_csv(d / "energy.csv", parse_dates=["date"])
    wide = energy.pivot_table(index="date", columns=["building", "meter"], values="value")
    elec = energy["meter"] == "electricity_kwh"
    a["energy-max-electricity"] = float(energy.loc[elec, "value"].max())
    a["energy-sports-heat-rows"] = int(((energy["building"] == "Sports Centre") & ~elec).sum())
    a["energy-top-heat-building"] = energy[~elec].groupby("building")["value"].sum().idxmax()
    hall = wide[("Main Hall", "electricity_kwh")].dropna()
    best = hall.resample("MS").mean().idxmax()
    a["energy-best-single-month"] = best.strftime("%B %Y")
    lab_heat = wide[("Lab Wing", "heat_kwh")].dropna()
    a["energy-best-month-of-year"] = lab_heat.groupby(lab_heat.index.month).mean().idxmax()
    a["energy-best-month-of-year"] = pd.Timestamp(2024, a["energy-best-month-of-year"], 1).strftime("%B")
    single = lab_heat.resample("MS").mean().idxmax().strftime("%B")
    traps["energy-best-month-of-year"] = (single, a["energy-best-month-of-year"])
    lab = wide[("Lab Wing", "electricity_kwh")]
    days_2024 = lab.reindex(pd.date_range("2024-01-01", "2024-12-31", freq="D"))
    a["energy-lab-missing-days"] = int(days_2024.isna().sum())
    sports = wide["Sports Centre"].dropna()
    a["energy-sports-heat-over-elec"] = int((sports["heat_kwh"] > sports["electricity_kwh"]).sum())
    return a, traps


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<20} {(d / n).stat().st_size:>8,} bytes")
        same = all(filecmp.cmp(d / n, Path(tmp) / "b" / n, shallow=False) for n in names) and names == again
        print(f"written twice, byte-identical: {same}")
        got, traps = answers(d)

    refs = references()
    bad = 0
    for task in TASKS:
        ref, value = refs[task.id], got.get(task.id)
        if value is None:
            ok = False
        elif task.kind == "number":
            ok = score.number_ok(float(value), ref)
        else:
            ok = score.normalise(str(value)) == score.normalise(str(ref))
        # the computed answer, as prose, must also pass the product's scorer
        scored = value is not None and score.correct(f"The answer is {value}.", ref, task.kind, task.aliases)
        bad += not (ok and scored)
        flag = "ok  " if ok and scored else "FAIL"
        print(f"{flag} {task.difficulty:<6} {task.id:<30} ref={ref!r:<28} files={value!r}")
    for tid, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        bad += not bites
        print(f"{'ok  ' if bites else 'FAIL'} trap   {tid:<30} careless={careless!r} careful={careful!r}")
    count = Counter(t.difficulty for t in TASKS)
    print(
        f"{len(TASKS) - bad}/{len(TASKS)} tasks agree ({count['easy']} easy, {count['medium']} medium, "
        f"{count['hard']} hard); traps bite: {len(traps)}; files reproducible: {same}"
    )
    return 1 if bad or not same else 0


if __name__ == "__main__":
    sys.exit(main())
