"""Cross-check held-out set 10: answer every question from the MESSY files with pandas, as a careful
analyst would, and compare with the references computed from the clean records.

Also writes the files twice (they must be byte-identical) and shows that each listed trap bites: the
careless reading gives a different answer, which `eval/score.py`'s `correct()` scores wrong.

    python eval/heldout10/check.py [DIR]

Exits non-zero on any disagreement.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
import pandas as pd  # noqa: E402
import tasks  # noqa: E402

_spec = importlib.util.spec_from_file_location("eval_score", HERE.parent / "score.py")
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

TPH = "lift_scans_2024-02.parquet"


def reproducible() -> bool:
    with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
        data.write_files(a)
        data.write_files(b)
        names = sorted(p.name for p in Path(a).iterdir())
        return names == sorted(p.name for p in Path(b).iterdir()) and all(
            (Path(a) / n).read_bytes() == (Path(b) / n).read_bytes() for n in names
        )


# --------------------------------------------------------------------------------------------
# EV charging


def load_ev(d: Path):
    line = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+)\s+\[([^\]]+)\] (.*)$")
    rows = [
        m.groups()
        for m in map(line.match, (d / "charger_events_2024-06.log").read_text(encoding="utf-8").splitlines())
        if m
    ]
    ev = pd.DataFrame(rows, columns=["ts", "level", "where", "msg"])
    ev["ts"] = pd.to_datetime(ev["ts"])
    ev["cp"] = ev["where"].str.split("/").str[0]
    starts = ev[ev.msg.str.startswith("StartTransaction ")].copy()
    starts[["tx", "tag", "meter_start"]] = starts.msg.str.extract(r"tx=(\d+) idTag=(\S+) meterStart=(\d+)")
    stops = ev[ev.msg.str.startswith("StopTransaction ")].copy()
    stops[["tx", "meter_stop", "reason"]] = stops.msg.str.extract(r"tx=(\d+) meterStop=(\d+) reason=(\S+)")
    for frame, col in ((starts, "meter_start"), (stops, "meter_stop")):
        frame["tx"] = frame["tx"].astype(int)
        frame[col] = frame[col].astype("int64")
    first_stops = stops.sort_values("ts").drop_duplicates("tx", keep="first")
    cols = ["tx", "ts", "meter_stop"]
    sess = starts[["tx", "cp", "ts", "meter_start"]].merge(first_stops[cols], on="tx", suffixes=("_start", "_stop"))
    sess["kwh"] = (sess.meter_stop - sess.meter_start) / 1000
    sess["minutes"] = (sess.ts_stop - sess.ts_start).dt.total_seconds() / 60
    careless = starts[["tx", "cp", "ts", "meter_start"]].merge(stops[cols], on="tx", suffixes=("_start", "_stop"))
    careless["kwh"] = (careless.meter_stop - careless.meter_start) / 1000
    careless["minutes"] = (careless.ts_stop - careless.ts_start).dt.total_seconds() / 60

    cps = pd.read_xml(d / "charge_points.xml", parser="etree")
    tariffs = [
        {"cp": cp.get("id"), "valid_from": pd.Timestamp(t.get("validFrom")), "eur": float(t.get("eurPerKWh"))}
        for cp in ET.parse(d / "charge_points.xml").getroot().iter("chargePoint")
        for t in cp.iter("tariff")
    ]
    tariffs = pd.DataFrame(tariffs).sort_values("valid_from")
    return ev, starts, sess, careless, cps, tariffs


def billed(sess: pd.DataFrame, tariffs: pd.DataFrame) -> float:
    s = sess.assign(cp=sess.cp.astype(str), day=sess.ts_start.dt.normalize().astype("datetime64[ns]")).sort_values(
        "day"
    )
    t = tariffs.assign(cp=tariffs.cp.astype(str), valid_from=tariffs.valid_from.astype("datetime64[ns]"))
    s = pd.merge_asof(s, t, left_on="day", right_on="valid_from", by="cp")
    return (s.kwh * s.eur).sum()


def answer_ev(d: Path, ans: dict, traps: list):
    ev, starts, sess, careless, cps, tariffs = load_ev(d)
    ans["ev-sessions-started"] = starts.tx.nunique()
    ans["ev-dc-count"] = int((cps["current"] == "DC").sum())
    ans["ev-oldest-charge-point"] = cps.sort_values("commissioned").iloc[0]["id"]
    ans["ev-energy-total"] = round(sess.kwh.sum(), 1)
    ans["ev-median-duration"] = round(sess.minutes.median(), 1)
    faulted = ev[ev.msg.str.contains("status=Faulted")]
    ans["ev-most-faults"] = faulted.cp.value_counts().idxmax()
    by_district = sess.merge(cps[["id", "district"]], left_on="cp", right_on="id").groupby("district").kwh.sum()
    ans["ev-top-district"] = by_district.idxmax()
    ans["ev-revenue"] = round(billed(sess, tariffs), 2)

    traps.append(("ev-energy-total", "a resent StopTransaction counted twice", round(careless.kwh.sum(), 1)))
    traps.append(
        ("ev-energy-total", "meter readings (Wh) taken for kWh", round((sess.meter_stop - sess.meter_start).sum(), 1))
    )
    traps.append(
        ("ev-most-faults", "counted per connector, not per charge point", faulted["where"].value_counts().idxmax())
    )
    latest = tariffs.groupby("cp").tail(1).set_index("cp").eur
    traps.append(
        (
            "ev-revenue",
            "each charge point's latest tariff for the whole month",
            round((sess.kwh * sess.cp.map(latest)).sum(), 2),
        )
    )
    traps.append(("ev-revenue", "a resent StopTransaction billed twice", round(billed(careless, tariffs), 2)))


# --------------------------------------------------------------------------------------------
# fish auction


def signed(s: pd.Series) -> pd.Series:
    s = s.str.strip()
    v = pd.to_numeric(s.str.rstrip("-"))
    return v.where(~s.str.endswith("-"), -v)


def answer_fish(d: Path, ans: dict, traps: list):
    raw = pd.read_csv(d / "landings_2024.csv", dtype={"net_kg": str, "boxes": str})
    df = raw.copy()
    df["kg"] = signed(df.net_kg)
    df["species"] = df.species.str.strip().str.upper()
    df["vessel"] = df.vessel.str.upper().str.extract(r"^([A-Z]+)\s*(\d+)$").agg(" ".join, axis=1)
    df["date"] = pd.to_datetime(df.sale_date)
    df["value"] = df.kg * df.eur_per_kg
    doc = json.loads((d / "species.json").read_text(encoding="utf-8"))["species"]
    factor = {(code, pres): f for code, sp in doc.items() for pres, f in sp["live_weight_factors"].items()}
    group = {code: sp["group"] for code, sp in doc.items()}
    df["live"] = df.kg * [factor[k] for k in zip(df.species, df.pres)]

    ans["fish-hake-name"] = doc["HKE"]["names"]["en"]
    ans["fish-max-price"] = df.eur_per_kg.max()
    ans["fish-vessel-count"] = df.vessel.nunique()
    mac = df[df.species == "MAC"]
    ans["fish-mackerel-tonnes"] = round(mac.kg.sum() / 1000, 2)
    ans["fish-top-vessel"] = df.groupby("vessel").value.sum().idxmax()
    q2 = df[df.date.dt.quarter.eq(2) & df.species.map(group).eq("demersal")]
    ans["fish-demersal-live-q2"] = round(q2.live.sum() / 1000, 2)
    cod = df[df.species == "COD"].groupby(df.date.dt.month).live.sum()
    ans["fish-cod-month"] = tasks.MONTHS[cod.idxmax() - 1]

    traps.append(
        ("fish-vessel-count", "registrations counted as spelled (with and without the space)", raw.vessel.nunique())
    )
    coerced = pd.to_numeric(raw.net_kg, errors="coerce")
    traps.append(
        (
            "fish-mackerel-tonnes",
            "correction lines (trailing minus) coerced to NaN and dropped",
            round(coerced[df.species == "MAC"].sum() / 1000, 2),
        )
    )
    traps.append(
        ("fish-mackerel-tonnes", "only the upper-case code MAC", round(df[raw.species == "MAC"].kg.sum() / 1000, 2))
    )
    traps.append(("fish-demersal-live-q2", "landed (product) weight, not live weight", round(q2.kg.sum() / 1000, 2)))
    cod_kg = df[df.species == "COD"].groupby(df.date.dt.month).kg.sum()
    traps.append(("fish-cod-month", "landed weight instead of live weight", tasks.MONTHS[cod_kg.idxmax() - 1]))


# --------------------------------------------------------------------------------------------
# property transfers


def answer_property(d: Path, ans: dict, traps: list):
    raw = pd.read_csv(d / "property_transfers_2023_2024.txt", sep="\t", encoding="utf-16", dtype=str)
    df = raw.copy()
    df["date"] = pd.to_datetime(df.Datum, format="%d.%m.%Y")
    df["price"] = pd.to_numeric(df.Preis.str.replace(r"\D", "", regex=True))
    df["rooms"] = pd.to_numeric(df.Zimmer.str.replace("\u00bd", ".5").str.replace(" ", ""))
    df["living"] = pd.to_numeric(df["Wohnfläche m²"])
    sales = df[df["Handänderung"] == "Kauf"]
    condo = sales[sales.Objektart == "Stockwerkeigentum"].assign(ppsqm=lambda x: x.price / x.living)
    houses = sales[sales.Objektart == "Einfamilienhaus"]

    ans["prop-winterthur-count"] = int((df.Gemeinde == "Winterthur").sum())
    ans["prop-largest-house"] = int(df[df.Objektart == "Einfamilienhaus"].living.max())
    ans["prop-median-condo-2024"] = condo[condo.date.dt.year == 2024].price.median()
    ans["prop-mean-rooms-houses"] = round(houses.rooms.mean(), 2)
    per = condo.groupby("Gemeinde").ppsqm.agg(["count", "median"])
    ans["prop-top-municipality"] = per[per["count"] >= 20]["median"].idxmax()
    z = condo[condo.Gemeinde == "Zürich"].groupby(condo.date.dt.year).ppsqm.median()
    ans["prop-zurich-change"] = round((z[2024] / z[2023] - 1) * 100, 1)
    quarter = sales.groupby(sales.date.dt.to_period("Q")).price.sum().idxmax()
    ans["prop-top-quarter"] = f"{quarter.year} Q{quarter.quarter}"

    half = pd.to_numeric(raw.Zimmer, errors="coerce")
    traps.append(
        ("prop-mean-rooms-houses", "rooms written with \u00bd coerced to NaN", round(half[houses.index].mean(), 2))
    )
    traps.append(("prop-top-municipality", "no minimum of 20 sales", per["median"].idxmax()))
    traps.append(
        (
            "prop-zurich-change",
            "mean instead of median",
            round(
                (lambda m: (m[2024] / m[2023] - 1) * 100)(
                    condo[condo.Gemeinde == "Zürich"].groupby(condo.date.dt.year).ppsqm.mean()
                ),
                1,
            ),
        )
    )


# --------------------------------------------------------------------------------------------
# ski lifts


def answer_ski(d: Path, ans: dict, traps: list):
    sc = pd.read_parquet(d / TPH)
    sc["local"] = sc.scanned_at.dt.tz_convert("Europe/Zurich")
    ok = sc[sc.result == "OK"].sort_values(["pass_id", "lift", "local"])
    gap = ok.groupby(["pass_id", "lift"], observed=True).local.diff()
    rides = ok[~(gap < pd.Timedelta(seconds=60))].copy()
    lifts = pd.read_excel(d / "lifts.xlsx", header=3, index_col=0).T
    for col in ("Bottom station (m)", "Top station (m)"):
        lifts[col] = pd.to_numeric(lifts[col])
    vertical = lifts["Top station (m)"] - lifts["Bottom station (m)"]
    rides["lift"] = rides.lift.astype(str)
    rides["vertical"] = rides.lift.map(vertical)

    ans["ski-denied-scans"] = int((sc.result != "OK").sum())
    ans["ski-highest-lift"] = lifts.loc[lifts["Top station (m)"].idxmax(), "Name"]
    feb10 = rides[rides.local.dt.date == pd.Timestamp("2024-02-10").date()]
    ans["ski-passes-feb10"] = feb10.pass_id.nunique()
    ans["ski-busiest-hour"] = f"{rides.local.dt.hour.value_counts().idxmax()}:00"
    ans["ski-rides-l04"] = int((rides.lift == "L04").sum())
    ans["ski-top-vertical-pass"] = rides.groupby("pass_id").vertical.sum().idxmax()
    ans["ski-day-adult-rides"] = round(
        rides[rides.pass_type == "Day adult"].groupby("pass_id", observed=True).size().mean(), 2
    )
    ans["ski-top-vertical-day"] = str(rides.groupby(rides.local.dt.date).vertical.sum().idxmax())

    all_feb10 = sc[sc.local.dt.date == pd.Timestamp("2024-02-10").date()]
    traps.append(("ski-passes-feb10", "refused scans (expired passes) counted too", all_feb10.pass_id.nunique()))
    traps.append(
        ("ski-busiest-hour", "UTC hours for local ones", f"{rides.scanned_at.dt.hour.value_counts().idxmax()}:00")
    )
    traps.append(("ski-rides-l04", "double reads counted as rides", int((ok.lift == "L04").sum())))
    dayadult_ok = ok[ok.pass_type == "Day adult"]
    traps.append(
        (
            "ski-day-adult-rides",
            "double reads counted as rides",
            round(dayadult_ok.groupby("pass_id", observed=True).size().mean(), 2),
        )
    )


# --------------------------------------------------------------------------------------------


def main() -> int:
    same = reproducible()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp)
        data.write_files(root)
        ans: dict = {}
        traps: list = []
        for answer in (answer_ev, answer_fish, answer_property, answer_ski):
            answer(root, ans, traps)
    t = data.truth()
    by_id = {task.id: task for task in tasks.TASKS}
    agree = 0
    for task in tasks.TASKS:
        ref = task.ref(t)
        got = ans.get(task.id)
        ok = got is not None and score.correct(str(got), ref, task.kind, task.aliases)
        agree += ok
        print(f"{'ok ' if ok else 'BAD'} [{task.difficulty:6}] {task.id:26} ref={ref!r} got={got!r}")
    bite = 0
    for tid, what, careless in traps:
        task = by_id[tid]
        ref = task.ref(t)
        bites = str(careless) != str(ans[tid]) and not score.correct(str(careless), ref, task.kind, task.aliases)
        bite += bites
        print(f"{'trap' if bites else 'MISS'} {tid:26} {what}: careless={careless!r}")
    n = len(tasks.TASKS)
    print(f"{agree}/{n} tasks agree; {bite}/{len(traps)} traps bite; files reproducible: {same}")
    return 0 if agree == n and bite == len(traps) and same else 1


if __name__ == "__main__":
    sys.exit(main())
