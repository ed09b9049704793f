"""Cross-check: answer every question of the seventh held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one and, written as
prose, is scored wrong).

    python eval/heldout7/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
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


# --- solar farm ------------------------------------------------------------------------------------------


def solar(d: Path, a: dict, traps: dict) -> None:
    r = pd.read_json(d / "solar_inverters_2024.jsonl", lines=True)
    # the register: a title line above the header, a dashed rule below it
    reg = pd.read_fwf(d / "inverter_register.txt", skiprows=[0, 2])

    a["solar-reading-count"] = len(r)
    a["solar-max-temp"] = float(r["temp_c"].max())
    a["solar-dc-capacity"] = round(float(reg["DC_kWp"].sum()), 2)

    # firmware 2.4.1 reports watts, 3.0.2 kilowatts: one power column out of two
    assert (r["p_ac_w"].isna() != r["p_ac_kw"].isna()).all()
    kw = r["p_ac_kw"].fillna(r["p_ac_w"] / 1000)
    kwh = kw * 0.25  # the average power over a quarter of an hour
    a["solar-total-energy"] = float(kwh.sum())
    traps["solar-total-energy"] = (round(float(r["p_ac_w"].sum() * 0.25 / 1000), 2), a["solar-total-energy"])

    state = r["state"].str.lower()
    assert set(state) <= {"ok", "fault", "derate", "derating"}, set(state)
    a["solar-fault-readings"] = int(state.eq("fault").sum())
    traps["solar-fault-readings"] = (int(r["state"].eq("fault").sum()), a["solar-fault-readings"])

    ts = pd.to_datetime(r["ts"])  # "+02:00": local summer time throughout
    a["solar-best-day"] = str(top(kwh.groupby(ts.dt.date).sum()))
    careless = top(r["p_ac_w"].groupby(ts.dt.date).sum(), strict=False)  # the watts column only
    traps["solar-best-day"] = (str(careless), a["solar-best-day"])

    reg["inverter"] = reg["Unit"].str.replace(r"^INV(\d+)$", r"INV-\1", regex=True)  # INV01 -> INV-01
    may = ts.dt.month == 5
    energy = kwh[may].groupby(r.loc[may, "inverter"]).sum()
    kwp = reg.set_index("inverter")["DC_kWp"]
    assert set(energy.index) == set(kwp.index)
    a["solar-lowest-yield-may"] = top(energy / kwp, largest=False)
    watts_only = r.loc[may].groupby("inverter")["p_ac_w"].sum() * 0.25 / 1000 / kwp
    traps["solar-lowest-yield-may"] = (top(watts_only, largest=False, strict=False), a["solar-lowest-yield-may"])
    unjoined = energy.rename("kwh").to_frame().merge(reg, left_index=True, right_on="Unit")
    traps["solar-unit-join"] = (len(unjoined), len(reg))  # "INV-01" against "INV01": nothing matches


# --- hotels ----------------------------------------------------------------------------------------------


def _parse_rate(rate: pd.Series) -> pd.Series:
    """149, "€149.00" or "149.00 EUR": numbers in most rows, text with a currency in some."""
    return pd.to_numeric(rate.astype(str).str.replace(r"[^\d.]", "", regex=True))


def hotels(d: Path, a: dict, traps: dict) -> None:
    x = pd.ExcelFile(d / "hotel_bookings_2024.xlsx")
    rooms = pd.read_excel(x, sheet_name="Hotels").set_index("Hotel")["Rooms"]
    # one sheet per hotel, each under a two-row header: the column names are on the second row
    b = pd.concat([pd.read_excel(x, sheet_name=h, header=1).assign(Hotel=h) for h in rooms.index], ignore_index=True)
    assert b["Ref"].is_unique

    airport = b[b["Hotel"] == "Airport"]
    a["hotel-airport-bookings"] = len(airport)
    header_as_row = len(pd.read_excel(x, sheet_name="Airport"))  # the second header row taken for a booking
    traps["hotel-airport-bookings"] = (header_as_row, len(airport))
    a["hotel-all-bookings"] = len(b)
    traps["hotel-all-bookings"] = (len(pd.read_excel(x)), len(b))  # the first sheet lists the hotels
    a["hotel-harbour-suites"] = int(((b["Hotel"] == "Harbour") & (b["Room type"] == "Suite")).sum())

    status = b["Status"].str.strip().str.lower().str.replace("-", " ").replace({"canceled": "cancelled"})
    assert set(status) == {"checked out", "cancelled", "no show"}, set(status)
    a["hotel-cancel-share"] = float(status.eq("cancelled").mean() * 100)
    traps["hotel-cancel-share"] = (round(float(b["Status"].eq("Cancelled").mean() * 100), 3), a["hotel-cancel-share"])

    b["nights"] = (b["Departure"] - b["Arrival"]).dt.days
    stayed = b[status.eq("checked out")].copy()
    oldtown = stayed.loc[stayed["Hotel"] == "Old Town", "nights"]
    a["hotel-oldtown-nights"] = float(oldtown.mean())
    every = b.loc[b["Hotel"] == "Old Town", "nights"]  # cancellations and no-shows too
    traps["hotel-oldtown-nights"] = (round(float(every.mean()), 3), a["hotel-oldtown-nights"])

    channel = b["Channel"].str.strip().str.lower()
    channel = channel.replace({"booking": "booking.com", "expedia.com": "expedia", "telephone": "phone"})
    channel = channel.replace({"ta": "travel agent", "walk in": "walk-in"})
    assert channel.nunique() == 6, sorted(set(channel))
    counts = channel.value_counts()
    names = {"booking.com": "Booking.com", "direct": "Direct", "expedia": "Expedia"}
    a["hotel-top-channel"] = names.get(top(counts), top(counts))
    traps["hotel-top-channel"] = (top(b["Channel"].value_counts(), strict=False), a["hotel-top-channel"])

    stayed["rate"] = _parse_rate(stayed["EUR/night"])
    harbour = stayed[stayed["Hotel"] == "Harbour"]
    a["hotel-harbour-adr"] = float((harbour["rate"] * harbour["nights"]).sum() / harbour["nights"].sum())
    plain = pd.to_numeric(harbour["EUR/night"], errors="coerce")  # the text rates dropped, not weighted by nights
    traps["hotel-harbour-adr"] = (round(float(plain.mean()), 2), a["hotel-harbour-adr"])

    def nights_in(first: str, after: str) -> pd.Series:
        """The nights of each stay within [first, after): a stay from 30 July to 2 August has two in August."""
        start = stayed["Arrival"].clip(lower=pd.Timestamp(first))
        end = stayed["Departure"].clip(upper=pd.Timestamp(after))
        return (end - start).dt.days.clip(lower=0)

    a["hotel-august-nights"] = int(nights_in("2024-08-01", "2024-09-01").sum())
    by_arrival = int(stayed.loc[stayed["Arrival"].dt.month == 8, "nights"].sum())
    traps["hotel-august-nights"] = (by_arrival, a["hotel-august-nights"])

    july = nights_in("2024-07-01", "2024-08-01")[stayed["Hotel"] == "Old Town"]
    a["hotel-oldtown-occupancy"] = float(july.sum() / (rooms["Old Town"] * 31) * 100)
    arrived_july = stayed[(stayed["Hotel"] == "Old Town") & (stayed["Arrival"].dt.month == 7)]
    careless = arrived_july["nights"].sum() / (rooms["Old Town"] * 31) * 100
    traps["hotel-oldtown-occupancy"] = (round(float(careless), 2), a["hotel-oldtown-occupancy"])


# --- airline ---------------------------------------------------------------------------------------------


def _clock(hhmm: pd.Series) -> pd.Series:
    """Minutes after midnight of "HH:MM"; NaN for the "-" and "n/a" of missing times."""
    t = pd.to_datetime(hhmm, format="%H:%M", errors="coerce")
    return t.dt.hour * 60 + t.dt.minute


def _late(scheduled: pd.Series, actual: pd.Series) -> pd.Series:
    """Minutes late, across midnight: 23:50 scheduled, 00:10 actual is 20 minutes late."""
    return (_clock(actual) - _clock(scheduled) + 720) % 1440 - 720


def airline(d: Path, a: dict, traps: dict) -> None:
    f = pd.read_xml(d / "flights_2024q3.xml", parser="etree")
    ports = pd.read_csv(d / "airports.csv")
    ports["code"] = ports["Airport"].str.extract(r"\(([A-Z]{3})\)$", expand=False)
    ports["city"] = ports["Location"].str.split(", ").str[0]
    ports["country"] = ports["Location"].str.split(", ").str[-1]
    assert ports["code"].notna().all() and set(f["from"]) <= set(ports["code"])

    a["air-flight-count"] = len(f)
    a["air-cancelled"] = int(f["status"].eq("CNL").sum())
    a["air-osl-departures"] = int(f["from"].eq("OSL").sum())

    date = pd.to_datetime(f["date"], format="%d/%m/%Y")
    month_first = pd.to_datetime(f["date"], format="%m/%d/%Y", errors="coerce")
    cancelled = f["status"].eq("CNL")
    a["air-cancel-weekday"] = top(date[cancelled].dt.day_name().value_counts())
    traps["air-cancel-weekday"] = (
        top(month_first[cancelled].dt.day_name().value_counts(), strict=False),
        a["air-cancel-weekday"],
    )

    arrived = f["status"].eq("ARR")
    late = _late(f["sta"], f["ata"])
    assert late[arrived].notna().all() and late[~arrived].isna().all()
    on_time = (late < 15)[arrived]
    a["air-ontime-pct"] = float(on_time.mean() * 100)
    naive = (_clock(f["ata"]) - _clock(f["sta"]))[arrived]  # no wrap at midnight
    traps["air-ontime-pct"] = (round(float((naive < 15).mean() * 100), 3), a["air-ontime-pct"])

    rate = on_time.groupby(date[arrived].dt.month_name()).mean()
    a["air-worst-month"] = top(rate, largest=False)
    careless = on_time.groupby(month_first[arrived].dt.month_name()).mean()
    traps["air-worst-month"] = (top(careless, largest=False, strict=False), a["air-worst-month"])

    country = f["to"].map(ports.set_index("code")["country"])
    foreign = arrived & country.ne("Norway")
    a["air-foreign-country"] = top(country[foreign].value_counts())
    busiest = top(f.loc[foreign, "to"].value_counts())  # the busiest foreign airport's country
    traps["air-foreign-country"] = (ports.set_index("code").loc[busiest, "country"], a["air-foreign-country"])

    delay = _late(f["std"], f["atd"])
    left = delay.notna()
    stats = delay[left].groupby(f.loc[left, "from"]).agg(["mean", "size"])
    worst = top(stats.loc[stats["size"] >= 100, "mean"])
    city = ports.set_index("code")["city"]
    a["air-worst-airport"] = city[worst]
    traps["air-worst-airport"] = (city[top(stats["mean"])], a["air-worst-airport"])  # no minimum


# --- vineyard --------------------------------------------------------------------------------------------


def _tonnes(cell: pd.Series) -> pd.Series:
    """ "12.4", "12.4 t" or "850 kg" in tonnes; "n/a" (not yet cropping) and "-" (no crop) as NaN."""
    text = cell.str.strip()
    value = pd.to_numeric(text.str.extract(r"^([\d.]+)", expand=False), errors="coerce")
    return value.where(~text.str.endswith("kg"), value / 1000)


def vineyard(d: Path, a: dict, traps: dict) -> None:
    blocks = pd.read_stata(d / "vineyard_blocks.dta")  # the variety's value labels become categories
    wide = pd.read_csv(d / "harvest_by_block.csv", dtype=str)
    years = [c for c in wide.columns if c != "Block"]
    long = wide.melt(id_vars="Block", var_name="vintage", value_name="cell")
    long["vintage"] = long["vintage"].astype(int)
    long["tonnes"] = _tonnes(long["cell"])
    assert long.loc[long["tonnes"].isna(), "cell"].fillna("n/a").isin(["n/a", "-"]).all()  # read_csv: n/a is NaN

    a["vine-total-area"] = round(float(blocks["area_ha"].sum()), 2)
    a["vine-old-blocks"] = int((blocks["yr_planted"] < 2000).sum())

    a["vine-2023-total"] = round(float(long.loc[long["vintage"] == 2023, "tonnes"].sum()), 3)
    coerced = pd.to_numeric(wide["2023"], errors="coerce").sum()  # "12.4 t" and "850 kg" dropped
    traps["vine-2023-total"] = (round(float(coerced), 3), a["vine-2023-total"])

    area = blocks.groupby("variety", observed=True)["area_ha"].sum()
    a["vine-variety-area"] = top(area)
    traps["vine-variety-area"] = (top(blocks["variety"].value_counts(), strict=False), a["vine-variety-area"])

    # "A1" in the register, "A-01" in the harvest table
    blocks["Block"] = blocks["blk"].str.replace(r"^([A-Z])(\d+)$", lambda m: f"{m[1]}-{int(m[2]):02d}", regex=True)
    m = long.merge(blocks, on="Block", how="left", validate="many_to_one")
    assert m["variety"].notna().all() and len(m) == len(long)
    y24 = m[(m["vintage"] == 2024) & m["tonnes"].notna()]
    per_ha = (
        y24.groupby("variety", observed=True)["tonnes"].sum() / y24.groupby("variety", observed=True)["area_ha"].sum()
    )
    a["vine-variety-yield-2024"] = top(per_ha)
    every = m[m["vintage"] == 2024]  # dividing by the area of every block, harvested or not
    careless = (
        every.groupby("variety", observed=True)["tonnes"].sum()
        / every.groupby("variety", observed=True)["area_ha"].sum()
    )
    traps["vine-variety-yield-2024"] = (top(careless, strict=False), a["vine-variety-yield-2024"])
    unjoined = long.merge(blocks.assign(Block=blocks["blk"]), on="Block")
    traps["vine-block-join"] = (len(unjoined), len(long))

    t = long.pivot(index="Block", columns="vintage", values="tonnes").fillna(0)
    a["vine-record-2024"] = int((t[2024] > t.drop(columns=2024).max(axis=1)).sum())
    stripped = wide.set_index("Block")[years].apply(lambda c: pd.to_numeric(c.str.extract(r"^([\d.]+)")[0]))
    stripped = stripped.fillna(0)  # units stripped, kilograms taken for tonnes
    careless = int((stripped["2024"] > stripped.drop(columns="2024").max(axis=1)).sum())
    traps["vine-record-2024"] = (careless, a["vine-record-2024"])


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}
    solar(d, a, traps)
    hotels(d, a, traps)
    airline(d, a, traps)
    vineyard(d, a, traps)
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
