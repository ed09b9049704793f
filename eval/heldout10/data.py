"""Held-out set 10: generated data files on four topics, their clean records, and the messy files.

Clean records are built with the standard library from a fixed seed, one random stream per topic
(EV charging, a fish auction, property transfers, ski-lift scans); the messy files are rendered from
them. `truth()` returns the clean records (the references of `tasks.py` are computed from these),
`write_files(dir)` writes the seven files. The same seed gives the same bytes (the workbook's zip
entries and document properties carry fixed timestamps; the parquet file has none).

    python eval/heldout10/data.py DIR
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from pathlib import Path

SEED = 10_550_010

FILES = (
    "charger_events_2024-06.log",
    "charge_points.xml",
    "landings_2024.csv",
    "species.json",
    "property_transfers_2023_2024.txt",
    "lift_scans_2024-02.parquet",
    "lifts.xlsx",
)


@dataclass
class Truth:
    charge_points: list[dict]  # id, site, district, current, max_kw, connectors, commissioned, tariffs [(date, eur)]
    sessions: list[
        dict
    ]  # started in June: tx, cp, connector, id_tag, start, stop (None: still charging), wh, reason, resent
    faults: list[dict]  # cp, connector, time, code
    species: dict[str, dict]  # code -> name_en, group, factors {presentation: live-weight factor}
    vessels: list[dict]  # reg, name, profile
    lots: list[dict]  # the lots that stand after corrections: date, vessel, species, pres, boxes, kg, price
    reversed_lots: list[dict]  # lots reversed by a correction line (not in `lots`)
    transfers: list[dict]  # date, municipality, kind, rooms, living_m2, land_m2, built, transfer, price
    lifts: list[dict]  # code, name, type, bottom, top, length, capacity, built
    scans: list[dict]  # every gate record: time (resort local), lift, gate, pass_id, pass_type, result, double


def _stream(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


def _ms(dt: datetime) -> datetime:
    return dt.replace(microsecond=dt.microsecond // 1000 * 1000)


def _stamp(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d %H:%M:%S}.{dt.microsecond // 1000:03d}"


# --------------------------------------------------------------------------------------------
# EV charging: a Dutch town's public charge points, June 2024 (an OCPP back-office log + register)

_CPS = [
    # id, site, district, current, max kW, connectors, commissioned
    ("CP-C01", "Stadhuisplein", "Centrum", "AC", 22, 2, date(2019, 5, 14)),
    ("CP-C02", "Markt", "Centrum", "AC", 22, 2, date(2020, 2, 3)),
    ("CP-C03", "Stationsplein", "Centrum", "DC", 150, 2, date(2022, 9, 21)),
    ("CP-N01", "Bibliotheek Noord", "Noord", "AC", 11, 2, date(2018, 11, 6)),
    ("CP-N02", "Sportpark De Weide", "Noord", "AC", 22, 2, date(2021, 4, 19)),
    ("CP-N03", "Winkelcentrum Noorderhof", "Noord", "DC", 50, 2, date(2020, 8, 11)),
    ("CP-H01", "Veerkade", "Haven", "AC", 22, 2, date(2018, 7, 30)),
    ("CP-H02", "Havenweg P+R", "Haven", "DC", 150, 2, date(2023, 3, 1)),
    ("CP-H03", "Kranenburg", "Haven", "DC", 50, 2, date(2024, 2, 12)),
    ("CP-O01", "Oostpoort", "Oost", "AC", 22, 2, date(2019, 10, 2)),
    ("CP-O02", "Zwembad Oost", "Oost", "AC", 11, 2, date(2022, 1, 17)),
    ("CP-O03", "Parkeergarage Lindeplein", "Oost", "AC", 22, 2, date(2023, 6, 5)),
]
JUNE = datetime(2024, 6, 1)
JULY = datetime(2024, 7, 1)
_REASONS = ["EVDisconnected"] * 14 + ["Local"] * 3 + ["Remote"] * 2 + ["PowerLoss", "EmergencyStop"]
_FAULT_CODES = ["GroundFailure", "OverCurrentFailure", "ConnectorLockFailure", "PowerMeterFailure", "OtherError"]
_TRACEBACK = [
    "Traceback (most recent call last):",
    '  File "/opt/csms/ocpp/handlers.py", line 312, in on_stop_transaction',
    "    await self.store.save_stop(msg)",
    '  File "/opt/csms/store/pg.py", line 88, in save_stop',
    '    raise StoreUnavailable("connection lost")',
    "csms.store.StoreUnavailable: connection lost",
]


def _ev(rng: random.Random):
    cps = []
    for cid, site, district, current, kw, conns, comm in _CPS:
        base = (
            [(date(2023, 1, 1), 0.35), (date(2024, 1, 1), 0.39)]
            if current == "AC"
            else [(date(2023, 1, 1), 0.55), (date(2024, 1, 1), 0.59)]
        )
        before = [t for t in base if t[0] <= comm]
        tariffs = ([(comm, before[-1][1])] if before else []) + [t for t in base if t[0] > comm]
        if current == "AC" and district in ("Centrum", "Haven"):
            tariffs.append((date(2024, 6, 17), 0.44))
        if current == "DC" and kw == 150:
            tariffs.append((date(2024, 6, 10), 0.65))
        cps.append(
            dict(
                id=cid,
                site=site,
                district=district,
                current=current,
                max_kw=kw,
                connectors=conns,
                commissioned=comm,
                tariffs=tariffs,
            )
        )

    tags = [f"{rng.getrandbits(32):08X}" for _ in range(260)]
    tags += [f"APP-{rng.randint(10000, 99999)}" for _ in range(90)]
    tags += [
        f"NL-{rng.choice(['TNM', 'EVB', 'SHL', 'ALL'])}-C{rng.randint(10**7, 10**8 - 1)}-{rng.randint(0, 9)}"
        for _ in range(120)
    ]

    raw = []  # every session that touches the log (some started on 31 May)
    for cp in cps:
        ac = cp["current"] == "AC"
        for conn in range(1, cp["connectors"] + 1):
            meter = rng.randint(800_000, 45_000_000)
            free = datetime(2024, 5, 31)
            day = date(2024, 5, 31)
            while day <= date(2024, 6, 30):
                n = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4]) if ac else rng.choice([3, 4, 5, 6, 6, 7, 8, 9])
                starts = sorted(
                    datetime.combine(day, time()) + timedelta(seconds=rng.uniform(6 * 3600, 23.5 * 3600))
                    for _ in range(n)
                )
                for s in starts:
                    s = _ms(s)
                    if s < free:
                        continue
                    if ac:
                        hours = rng.uniform(8, 14) if s.hour >= 17 and rng.random() < 0.55 else rng.uniform(0.5, 4.5)
                        car_kw = min(rng.choice([3.7, 7.4, 11, 11, 22]), cp["max_kw"])
                        kwh = min(car_kw * hours * rng.uniform(0.85, 0.97), rng.uniform(5, 60))
                    else:
                        hours = rng.uniform(0.2, 0.95)
                        kwh = min(rng.uniform(22, min(0.75 * cp["max_kw"], 110)) * hours, rng.uniform(40, 80))
                    stop = _ms(s + timedelta(hours=hours))
                    wh = round(kwh * 1000)
                    raw.append(
                        dict(
                            cp=cp["id"],
                            connector=conn,
                            id_tag=rng.choice(tags),
                            start=s,
                            stop=stop,
                            meter_start=meter,
                            wh=wh,
                            reason=rng.choice(_REASONS),
                        )
                    )
                    meter += wh
                    free = stop + timedelta(minutes=rng.uniform(3, 40))
                day += timedelta(days=1)
    raw = [r for r in raw if r["stop"] > JUNE]
    raw.sort(key=lambda r: (r["start"], r["cp"], r["connector"]))
    for i, r in enumerate(raw):
        r["tx"] = 481_200 + i
        r["resent"] = None
        if r["start"] >= JUNE and r["stop"] < JULY - timedelta(minutes=5) and rng.random() < 0.045:
            r["resent"] = _ms(r["stop"] + timedelta(seconds=rng.uniform(20, 90)))

    # Faults: one charge point with many on both connectors, another with the most on a single one.
    ac_ids = [cp["id"] for cp in cps if cp["current"] == "AC"]
    many, single = rng.sample(ac_ids, 2)
    faults = []
    for cp in cps:
        for conn in range(1, cp["connectors"] + 1):
            if cp["id"] == many:
                k = (6, 5)[conn - 1]
            elif cp["id"] == single:
                k = (9, 0)[conn - 1]
            else:
                k = rng.randint(0, 3)
            for _ in range(k):
                t = _ms(JUNE + timedelta(seconds=rng.uniform(0, 29.9 * 86400)))
                faults.append(
                    dict(
                        cp=cp["id"],
                        connector=conn,
                        time=t,
                        code=rng.choice(_FAULT_CODES),
                        back=_ms(t + timedelta(minutes=rng.uniform(5, 120))),
                    )
                )
    faults.sort(key=lambda f: f["time"])

    # The log.
    events: list[tuple[datetime, int, list[str]]] = []

    def add(ts, level, where, text, extra=()):
        events.append((ts, len(events), [f"{_stamp(ts)} {level:<5} [{where}] {text}", *extra]))

    for r in raw:
        where = f"{r['cp']}/{r['connector']}"
        if r["start"] >= JUNE:
            add(
                r["start"],
                "INFO",
                where,
                f"StartTransaction tx={r['tx']} idTag={r['id_tag']} meterStart={r['meter_start']}",
            )
            add(
                _ms(r["start"] + timedelta(seconds=rng.uniform(1, 4))),
                "INFO",
                where,
                "StatusNotification status=Charging errorCode=NoError",
            )
        length = (r["stop"] - r["start"]).total_seconds()
        k = 1
        while k * 3600 < length:
            ts = _ms(r["start"] + timedelta(seconds=k * 3600 + rng.uniform(-20, 20)))
            if JUNE <= ts < JULY:
                value = r["meter_start"] + round(r["wh"] * min(1.0, k * 3600 / length * rng.uniform(0.9, 1.0)))
                add(ts, "DEBUG", where, f"MeterValues tx={r['tx']} Energy.Active.Import.Register={value} Wh")
            k += 1
        if r["stop"] < JULY:
            stop_line = f"StopTransaction tx={r['tx']} meterStop={r['meter_start'] + r['wh']} reason={r['reason']}"
            add(r["stop"], "INFO", where, stop_line)
            add(
                _ms(r["stop"] + timedelta(seconds=rng.uniform(1, 5))),
                "INFO",
                where,
                "StatusNotification status=Available errorCode=NoError",
            )
            if r["resent"]:
                add(
                    _ms(r["stop"] + timedelta(seconds=rng.uniform(0.3, 2))),
                    "ERROR",
                    "csms",
                    f"could not store StopTransaction tx={r['tx']}: database connection lost",
                    _TRACEBACK,
                )
                add(r["resent"], "INFO", where, stop_line)
    for f in faults:
        where = f"{f['cp']}/{f['connector']}"
        add(f["time"], "WARN", where, f"StatusNotification status=Faulted errorCode={f['code']}")
        if f["back"] < JULY:
            add(f["back"], "INFO", where, "StatusNotification status=Available errorCode=NoError")
    for cp in cps:
        t = JUNE + timedelta(seconds=rng.uniform(0, 3600))
        while t < JULY:
            add(_ms(t), "DEBUG", cp["id"], "Heartbeat")
            t += timedelta(hours=4, seconds=rng.uniform(-300, 300))
    events.sort(key=lambda e: (e[0], e[1]))
    lines = [
        "# csms-gateway 3.8.2 - OCPP 1.6J message log, Laadnet Veldhaven",
        "# export 2024-06-01 00:00 .. 2024-06-30 23:59 (local time)",
    ]
    for _, _, text in events:
        lines.extend(text)
    log = ("\n".join(lines) + "\n").encode("utf-8")

    # The register.
    x = ['<?xml version="1.0" encoding="UTF-8"?>', '<chargePoints operator="Laadnet Veldhaven" exported="2024-07-01">']
    for cp in cps:
        x.append(f'  <chargePoint id="{cp["id"]}">')
        x.append(f"    <site>{cp['site']}</site>")
        x.append(f"    <district>{cp['district']}</district>")
        x.append(f"    <current>{cp['current']}</current>")
        x.append(f"    <maxPowerKW>{cp['max_kw']}</maxPowerKW>")
        x.append(f"    <connectors>{cp['connectors']}</connectors>")
        x.append(f"    <commissioned>{cp['commissioned'].isoformat()}</commissioned>")
        x.append("    <tariffs>")
        for d, p in cp["tariffs"]:
            x.append(f'      <tariff validFrom="{d.isoformat()}" eurPerKWh="{p:.2f}"/>')
        x.append("    </tariffs>")
        x.append("  </chargePoint>")
    x.append("</chargePoints>")
    xml = ("\n".join(x) + "\n").encode("utf-8")

    sessions = []
    for r in raw:
        if r["start"] >= JUNE:
            s = {k: r[k] for k in ("tx", "cp", "connector", "id_tag", "start", "wh", "reason", "resent")}
            s["stop"] = r["stop"] if r["stop"] < JULY else None
            sessions.append(s)
    faults = [{k: f[k] for k in ("cp", "connector", "time", "code")} for f in faults]
    return cps, sessions, faults, {"charger_events_2024-06.log": log, "charge_points.xml": xml}


# --------------------------------------------------------------------------------------------
# Fish auction: an Irish harbour's daily auction, 2024 (a CSV of lots + a species reference JSON)

_SPECIES = {
    # code: English, Irish, Latin, group, live-weight factors, base price per presentation
    "COD": ("Atlantic cod", "Trosc", "Gadus morhua", "demersal", {"GUT": 1.17, "WHL": 1.0}, {"GUT": 4.10, "WHL": 3.60}),
    "HAD": (
        "Haddock",
        "Cadóg",
        "Melanogrammus aeglefinus",
        "demersal",
        {"GUT": 1.17, "WHL": 1.0},
        {"GUT": 2.40, "WHL": 2.00},
    ),
    "WHG": (
        "Whiting",
        "Faoitín",
        "Merlangius merlangus",
        "demersal",
        {"GUT": 1.18, "WHL": 1.0},
        {"GUT": 1.80, "WHL": 1.50},
    ),
    "HKE": ("European hake", "Colmóir", "Merluccius merluccius", "demersal", {"GUT": 1.11, "WHL": 1.0}, {"GUT": 4.60}),
    "MON": (
        "Anglerfish (monkfish)",
        "Láimhíneach",
        "Lophius piscatorius",
        "demersal",
        {"GUT": 1.22, "TAL": 3.0, "WHL": 1.0},
        {"GUT": 4.90, "TAL": 9.80},
    ),
    "LEZ": (
        "Megrim",
        "Scoilteán",
        "Lepidorhombus whiffiagonis",
        "demersal",
        {"GUT": 1.06, "WHL": 1.0},
        {"GUT": 3.30, "WHL": 2.90},
    ),
    "POK": ("Saithe", "Glasán", "Pollachius virens", "demersal", {"GUT": 1.19, "WHL": 1.0}, {"GUT": 1.55}),
    "SOL": ("Common sole", "Sól", "Solea solea", "demersal", {"GUT": 1.04, "WHL": 1.0}, {}),
    "NEP": (
        "Norway lobster (Dublin Bay prawn)",
        "Cloicheán",
        "Nephrops norvegicus",
        "shellfish",
        {"TAL": 3.0, "WHL": 1.0},
        {"WHL": 8.50, "TAL": 14.50},
    ),
    "MAC": ("Atlantic mackerel", "Ronnach", "Scomber scombrus", "pelagic", {"WHL": 1.0}, {"WHL": 1.25}),
    "HER": ("Atlantic herring", "Scadán", "Clupea harengus", "pelagic", {"WHL": 1.0}, {"WHL": 0.55}),
}
_PROFILES = {
    "demersal": {"COD": 3, "HAD": 4, "WHG": 4, "HKE": 2, "MON": 2, "LEZ": 2, "POK": 2},
    "nephrops": {"NEP": 6, "MON": 1, "WHG": 1, "COD": 0.5},
    "mixed": {"COD": 2, "HAD": 3, "WHG": 3, "HKE": 1, "MON": 2, "LEZ": 1, "POK": 1, "NEP": 2},
    "pelagic": {"MAC": 5, "HER": 4},
}
_VESSELS = [
    ("SO 741", "Ocean Harvest", "demersal"),
    ("D 214", "Dearbhla Marie", "demersal"),
    ("WD 33", "Sea Sparkle", "demersal"),
    ("G 402", "Cailín Óir", "nephrops"),
    ("SO 208", "Róisín Dubh", "nephrops"),
    ("D 77", "Atlantic Challenge", "pelagic"),
    ("SO 912", "Western Endeavour", "pelagic"),
    ("G 118", "Carrickfinn", "demersal"),
    ("T 15", "Brendan's Star", "mixed"),
    ("S 301", "Northern Light", "mixed"),
    ("WD 140", "Mary Kate", "demersal"),
    ("D 5", "Endurance", "nephrops"),
    ("SO 63", "Silver Dawn", "mixed"),
    ("G 250", "Áine", "demersal"),
    ("T 402", "Girl Bríd", "mixed"),
    ("S 19", "Seafarer II", "pelagic"),
]
_NO_AUCTION = {
    date(2024, 1, 1),
    date(2024, 3, 18),
    date(2024, 4, 1),
    date(2024, 5, 6),
    date(2024, 6, 3),
    date(2024, 8, 5),
    date(2024, 10, 28),
    date(2024, 12, 25),
    date(2024, 12, 26),
}
_COD_MONTH = [1.4, 1.7, 1.5, 1.1, 0.8, 0.6, 0.5, 0.6, 0.8, 1.0, 1.1, 1.2]


def _fish(rng: random.Random):
    species = {code: dict(name_en=v[0], group=v[3], factors=v[4]) for code, v in _SPECIES.items()}
    vessels = [dict(reg=r, name=n, profile=p) for r, n, p in _VESSELS]
    rows = []  # rendered rows, in file order: (record, kind) kind = lot | reversal | reentry
    lots: list[dict] = []
    reversed_lots: list[dict] = []
    day = date(2024, 1, 1)
    forced_mac = ["withdrawn", "weight"]
    while day.year == 2024:
        if day.weekday() < 5 and day not in _NO_AUCTION:
            today = []
            for v in vessels:
                pelagic = v["profile"] == "pelagic"
                p = (
                    (0.15 if day.month in (1, 2, 3, 10, 11, 12) else 0.0)
                    if pelagic
                    else (0.3 if v["profile"] != "mixed" else 0.25)
                )
                if rng.random() >= p:
                    continue
                weights = dict(_PROFILES[v["profile"]])
                if "COD" in weights:
                    weights["COD"] *= _COD_MONTH[day.month - 1]
                if pelagic and day.month in (1, 2, 3):
                    weights["HER"] = 1
                chosen = set()
                for _ in range(rng.randint(1, 2) if pelagic else rng.randint(2, 5)):
                    chosen.add(rng.choices(list(weights), list(weights.values()))[0])
                for sp in sorted(chosen):
                    prices = _SPECIES[sp][5]
                    for _ in range(1 if pelagic else rng.randint(1, 3)):
                        if sp in ("MON",):
                            pres = "TAL" if rng.random() < 0.6 else "GUT"
                        elif sp == "NEP":
                            pres = "TAL" if rng.random() < 0.3 else "WHL"
                        elif sp in ("MAC", "HER"):
                            pres = "WHL"
                        elif "WHL" in prices and rng.random() < 0.1:
                            pres = "WHL"
                        else:
                            pres = "GUT"
                        if pelagic:
                            boxes = None
                            kg = round(rng.uniform(6000, 48000), -1)
                        else:
                            boxes = rng.randint(2, 40) if sp != "NEP" else rng.randint(2, 18)
                            kg = round(boxes * rng.uniform(36, 42), 1)
                        price = round(
                            prices[pres] * (2 - _COD_MONTH[day.month - 1]) ** 0.2 * math.exp(rng.gauss(0, 0.12)), 2
                        )
                        today.append(
                            dict(
                                date=day,
                                vessel=v["reg"],
                                species=sp,
                                pres=pres,
                                boxes=boxes,
                                kg=kg,
                                price=price,
                                buyer=f"B{rng.randint(1, 12):02d}",
                            )
                        )
            rng.shuffle(today)
            extra = []
            for i, lot in enumerate(today, 1):
                lot["lot"] = i
                rows.append((lot, "lot"))
                kind = None
                if lot["species"] == "MAC" and forced_mac:
                    kind = forced_mac.pop(0)
                elif rng.random() < 0.03:
                    kind = rng.choice(["withdrawn", "weight", "weight", "species"])
                    if kind == "species" and lot["species"] not in ("WHG", "HAD", "LEZ"):
                        kind = "weight"
                if kind is None:
                    lots.append(lot)
                    continue
                reversed_lots.append(lot)
                extra.append((dict(lot, note=f"correction to lot {i}"), "reversal"))
                if kind == "withdrawn":
                    extra[-1][0]["note"] = f"lot {i} withdrawn"
                    continue
                new = dict(lot, lot=len(today) + 1 + sum(1 for _, k in extra if k == "reentry"))
                if kind == "weight":
                    new["kg"] = round(
                        lot["kg"] * rng.choice([rng.uniform(0.8, 0.95), rng.uniform(1.05, 1.2)]),
                        1 if lot["boxes"] else -1,
                    )
                else:
                    new["species"] = {"WHG": "HAD", "HAD": "COD", "LEZ": "HAD"}[lot["species"]]
                    new["pres"] = "GUT"
                new["note"] = f"re-entry of lot {i}"
                extra.append((new, "reentry"))
                lots.append(new)
            rows.extend(extra)
        day += timedelta(days=1)

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        [
            "sale_date",
            "lot",
            "vessel",
            "vessel_name",
            "species",
            "pres",
            "boxes",
            "net_kg",
            "eur_per_kg",
            "buyer",
            "remarks",
        ]
    )
    names = {v["reg"]: v["name"] for v in vessels}
    for rec, kind in rows:
        vessel = rec["vessel"].replace(" ", "") if rng.random() < 0.1 else rec["vessel"]
        sp = rec["species"].lower() if rng.random() < 0.06 else rec["species"]
        neg = "-" if kind == "reversal" else ""
        boxes = "" if rec["boxes"] is None else f"{rec['boxes']}{neg}"
        kg = f"{rec['kg']:.1f}{neg}"
        w.writerow(
            [
                rec["date"].isoformat(),
                rec["lot"],
                vessel,
                names[rec["vessel"]],
                sp,
                rec["pres"],
                boxes,
                kg,
                f"{rec['price']:.2f}",
                rec["buyer"],
                rec.get("note", ""),
            ]
        )
    lots = [{k: v for k, v in lot.items() if k != "note"} for lot in lots]

    doc = {
        "publisher": "Harbour auction - species reference",
        "updated": "2024-01-08",
        "notes": "live_weight_factors convert landed (product) weight to live weight, per presentation: WHL whole, GUT gutted, TAL tails",
        "species": {
            code: {
                "names": {"en": v[0], "ga": v[1], "latin": v[2]},
                "group": v[3],
                "live_weight_factors": v[4],
            }
            for code, v in _SPECIES.items()
        },
    }
    files = {
        "landings_2024.csv": out.getvalue().encode("utf-8"),
        "species.json": (json.dumps(doc, ensure_ascii=False, indent=2) + "\n").encode("utf-8"),
    }
    return species, vessels, lots, reversed_lots, files


# --------------------------------------------------------------------------------------------
# Property transfers: a Swiss canton's land-register transfers, 2023-2024 (Excel "Unicode text" export)

_MUNIS = [
    # name, share of transfers, condo CHF per m2 (2023)
    ("Zürich", 30, 15200),
    ("Winterthur", 14, 8900),
    ("Uster", 7, 9600),
    ("Dübendorf", 6, 10400),
    ("Wädenswil", 5, 9900),
    ("Horgen", 5, 11200),
    ("Thalwil", 5, 12900),
    ("Meilen", 4, 13600),
    ("Küsnacht", 1.1, 18500),
    ("Bülach", 6, 8300),
    ("Dietikon", 6, 8200),
    ("Kloten", 5, 8600),
]
_QUARTER_WEIGHT = {1: 0.8, 2: 1.25, 3: 0.9, 4: 1.1}


def _property(rng: random.Random):
    days = []
    d = date(2023, 1, 2)
    while d <= date(2024, 12, 31):
        if d.weekday() < 5:
            days.append(d)
        d += timedelta(days=1)
    day_w = [_QUARTER_WEIGHT[(x.month - 1) // 3 + 1] * (1.06 if x.year == 2024 else 1.0) for x in days]
    transfers = []
    for when in sorted(rng.choices(days, day_w, k=1640)):
        name, _, ppsqm = rng.choices(_MUNIS, [m[1] for m in _MUNIS])[0]
        ppsqm *= 1.045 if when.year == 2024 else 1.0
        kind = rng.choices(["Stockwerkeigentum", "Einfamilienhaus", "Mehrfamilienhaus", "Bauland"], [55, 25, 7, 13])[0]
        rooms = living = land = built = None
        if kind == "Stockwerkeigentum":
            rooms = rng.choices([1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5.5], [4, 3, 9, 6, 14, 6, 12, 4])[0]
            living = round(22 + rooms * 24 + rng.gauss(0, 8))
            built = rng.randint(1955, 2024)
            value = living * ppsqm * (1.12 if built >= 2015 else 1.0)
        elif kind == "Einfamilienhaus":
            rooms = rng.choices([4, 4.5, 5, 5.5, 6, 6.5, 7, 8], [3, 6, 5, 10, 6, 6, 3, 1])[0]
            living = round(40 + rooms * 25 + rng.gauss(0, 15))
            land = round(rng.uniform(300, 1100))
            built = rng.randint(1930, 2024)
            value = living * ppsqm * 1.05 + land * ppsqm * 0.12
        elif kind == "Mehrfamilienhaus":
            living = round(rng.uniform(380, 1500))
            land = round(rng.uniform(500, 2200))
            built = rng.randint(1900, 2020)
            value = living * ppsqm * 0.7
        else:
            land = round(rng.uniform(400, 3000))
            value = land * ppsqm * rng.uniform(0.12, 0.3)
        transfer = rng.choices(["Kauf", "Erbgang", "Schenkung"], [84, 10, 6])[0]
        price = round(value * math.exp(rng.gauss(0, 0.1)) / 5000) * 5000 if transfer == "Kauf" else None
        transfers.append(
            dict(
                date=when,
                municipality=name,
                kind=kind,
                rooms=rooms,
                living_m2=living,
                land_m2=land,
                built=built,
                transfer=transfer,
                price=price,
            )
        )

    def money(p):
        if p is None:
            return ""
        digits = f"{p:,}".replace(",", "'")
        return rng.choices([digits, f"CHF {digits}", f"{digits}.\u2013"], [5, 3, 2])[0]

    def rooms_text(r):
        if r is None:
            return ""
        if r == int(r):
            return str(int(r))
        return rng.choices([f"{r:.1f}", f"{int(r)}\u00bd", f"{int(r)} \u00bd"], [4, 5, 1.5])[0]

    head = [
        "Geschäfts-Nr.",
        "Datum",
        "Gemeinde",
        "Objektart",
        "Zimmer",
        "Wohnfläche m²",
        "Grundstück m²",
        "Baujahr",
        "Handänderung",
        "Preis",
    ]
    lines = ["\t".join(head)]
    seq = {2023: 0, 2024: 0}
    for t in transfers:
        seq[t["date"].year] += 1
        fields = [
            f"{t['date'].year}-{seq[t['date'].year]:05d}",
            f"{t['date']:%d.%m.%Y}",
            t["municipality"],
            t["kind"],
            rooms_text(t["rooms"]),
            "" if t["living_m2"] is None else str(t["living_m2"]),
            "" if t["land_m2"] is None else str(t["land_m2"]),
            "" if t["built"] is None else str(t["built"]),
            t["transfer"],
            money(t["price"]),
        ]
        lines.append("\t".join(fields))
    text = "\r\n".join(lines) + "\r\n"
    return transfers, {"property_transfers_2023_2024.txt": b"\xff\xfe" + text.encode("utf-16-le")}


# --------------------------------------------------------------------------------------------
# Ski lifts: a Swiss resort's turnstile scans, February 2024 (parquet, UTC) + a transposed lift register

_LIFTS = [
    ("L01", "Dorfbahn", "Gondola (8 seats)", 1052, 1684, 2650, 2400, 2008, 22),
    ("L02", "Gipfelbahn", "Chairlift (6 seats)", 1684, 2418, 2130, 2800, 2015, 17),
    ("L03", "Schattenhang", "Chairlift (4 seats)", 1610, 2105, 1420, 2000, 1998, 12),
    ("L04", "Sonnenhang", "Chairlift (6 seats)", 1590, 2240, 1780, 3000, 2019, 13),
    ("L05", "Gratlift", "T-bar", 2100, 2385, 980, 1200, 1989, 9),
    ("L06", "Kinderland", "Magic carpet", 1052, 1066, 120, 900, 2012, 4),
    ("L07", "Übungslift", "Platter lift", 1060, 1128, 420, 800, 1985, 6),
    ("L08", "Nordhang", "Chairlift (4 seats)", 1700, 2215, 1510, 1800, 2004, 12),
    ("L09", "Panorama", "T-bar", 2240, 2430, 760, 1000, 1992, 8),
]
_ADULT_LIFTS = {"L01": 0.5, "L02": 3, "L03": 2, "L04": 4, "L05": 2, "L07": 0.3, "L08": 2, "L09": 2}
_CHILD_LIFTS = {"L06": 3, "L07": 4, "L01": 1, "L03": 1, "L04": 1}


def _ski(rng: random.Random):
    lifts = [
        dict(code=c, name=n, type=t, bottom=b, top=tp, length=ln, capacity=cap, built=y)
        for c, n, t, b, tp, ln, cap, y, _ in _LIFTS
    ]
    cycle = {x[0]: x[8] for x in _LIFTS}
    used_ids: set[str] = set()

    def new_id():
        while True:
            pid = f"AW{rng.randint(1_000_000, 9_999_999)}"
            if pid not in used_ids:
                used_ids.add(pid)
                return pid

    season = [new_id() for _ in range(140)]
    keen = set(rng.sample(season, 6))
    staff = [new_id() for _ in range(12)]
    multi: list[tuple[str, date, date]] = []
    scans: list[dict] = []
    yesterday: list[tuple[str, str]] = []

    def scan(t, lift, pid, ptype, result="OK", double=False):
        scans.append(
            dict(
                time=t,
                lift=lift,
                gate=rng.randint(1, 2) if lift != "L06" else 1,
                pass_id=pid,
                pass_type=ptype,
                result=result,
                double=double,
            )
        )

    def ride(t, lift, pid, ptype):
        scan(t, lift, pid, ptype)
        if rng.random() < 0.025:
            scan(t + timedelta(seconds=rng.randint(2, 25)), lift, pid, ptype, double=True)
        elif rng.random() < 0.004:
            scan(t + timedelta(seconds=rng.randint(30, 170)), lift, pid, ptype, result="DENIED_PASSBACK")

    for dd in range(1, 30):
        day = date(2024, 2, dd)
        at = lambda minutes, day=day: datetime.combine(day, time(8, 30)) + timedelta(minutes=minutes)  # noqa: E731
        n = 170 if day.weekday() < 5 else 300
        if date(2024, 2, 10) <= day <= date(2024, 2, 18):
            n *= 1.5
        if dd in (21, 22):
            n *= 0.4
        n = round(n * rng.uniform(0.85, 1.15))
        visitors = []
        for _ in range(n):
            ptype = rng.choices(["Day adult", "Day child", "Half-day", "Multi-day"], [55, 20, 15, 8])[0]
            if ptype == "Multi-day":
                pid = new_id()
                multi.append((pid, day, day + timedelta(days=rng.randint(1, 5))))
                continue
            visitors.append((new_id(), ptype))
        visitors += [(pid, "Multi-day") for pid, first, last in multi if first <= day <= last]
        for pid in season:
            p = 0.8 if pid in keen else (0.15 if day.weekday() < 5 else 0.45)
            if rng.random() < p:
                visitors.append((pid, "Season"))
        today: list[tuple[str, str]] = []
        for pid, ptype in visitors:
            if ptype in ("Day adult", "Day child", "Half-day"):
                today.append((pid, ptype))
            child = ptype == "Day child" or (ptype != "Season" and rng.random() < 0.05)
            t = at(rng.uniform(0, 150) if ptype != "Half-day" else rng.uniform(210, 255))
            end = at(rng.uniform(330, 465))
            lunch = at(rng.uniform(195, 270)) if rng.random() < 0.7 else None
            first = True
            while t < end:
                weights = _CHILD_LIFTS if child else _ADULT_LIFTS
                lift = (
                    "L01"
                    if first and not child and rng.random() < 0.7
                    else rng.choices(list(weights), list(weights.values()))[0]
                )
                first = False
                t = t.replace(microsecond=0)
                ride(t, lift, pid, ptype)
                t += timedelta(minutes=cycle[lift] * rng.uniform(1.6, 3.4))
                if lunch and t >= lunch:
                    t += timedelta(minutes=rng.uniform(30, 75))
                    lunch = None
        for pid in staff:
            t = at(rng.uniform(-30, 60))
            for _ in range(rng.randint(2, 6)):
                ride(t.replace(microsecond=0), rng.choice(["L01", "L06", "L07", "L04"]), pid, "Staff")
                t += timedelta(minutes=rng.uniform(25, 90))
        for pid, ptype in yesterday:
            if rng.random() < 0.03:
                t = at(rng.uniform(0, 120)).replace(microsecond=0)
                scan(t, "L01", pid, ptype, result="DENIED_EXPIRED")
                if rng.random() < 0.4:
                    scan(t + timedelta(seconds=rng.randint(8, 40)), "L01", pid, ptype, result="DENIED_EXPIRED")
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            scan(
                at(rng.uniform(0, 400)).replace(microsecond=0),
                rng.choice(list(cycle)),
                new_id(),
                "Season",
                result="DENIED_BLOCKED",
            )
        yesterday = today
    order = sorted(range(len(scans)), key=lambda i: (scans[i]["time"], i))
    scans = [scans[i] for i in order]

    clean = [{k: s[k] for k in ("time", "lift", "gate", "pass_id", "pass_type", "result", "double")} for s in scans]
    return (
        lifts,
        clean,
        {"lift_scans_2024-02.parquet": lambda: _scans_parquet(scans), "lifts.xlsx": lambda: _lifts_xlsx(lifts)},
    )


def _scans_parquet(scans: list[dict]) -> bytes:
    """The scans as parquet: UTC timestamps, dictionary-encoded text columns (needs pyarrow)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    utc = [s["time"] - timedelta(hours=1) for s in scans]  # February: CET = UTC+1
    table = pa.table(
        {
            "scan_id": pa.array(range(7_000_001, 7_000_001 + len(scans)), pa.int64()),
            "scanned_at": pa.array(utc, pa.timestamp("us", tz="UTC")),
            "lift": pa.array([s["lift"] for s in scans]).dictionary_encode(),
            "gate": pa.array([s["gate"] for s in scans], pa.int8()),
            "pass_id": pa.array([s["pass_id"] for s in scans], pa.string()),
            "pass_type": pa.array([s["pass_type"] for s in scans]).dictionary_encode(),
            "result": pa.array([s["result"] for s in scans]).dictionary_encode(),
        }
    )
    buf = io.BytesIO()
    pq.write_table(table, buf, compression="snappy")
    return buf.getvalue()


def _lifts_xlsx(lifts: list[dict]) -> bytes:
    """The lift register as a transposed sheet: one column per lift (needs openpyxl)."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Lifts"
    ws["A1"] = "Skigebiet Alpweiler - lift register, winter 2023/24"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = "Altitudes in metres above sea level; capacity in persons per hour."
    ws.append([])
    ws.append(["Lift", *[x["code"] for x in lifts]])
    rows = [
        ("Name", "name"),
        ("Type", "type"),
        ("Bottom station (m)", "bottom"),
        ("Top station (m)", "top"),
        ("Slope length (m)", "length"),
        ("Capacity (pers/h)", "capacity"),
        ("Built", "built"),
    ]
    for label, key in rows:
        ws.append([label, *[x[key] for x in lifts]])
    for c in ws[4]:
        c.font = Font(bold=True)
    ws.column_dimensions["A"].width = 22
    xbuf = io.BytesIO()
    wb.save(xbuf)
    return _fixed_zip(xbuf.getvalue())


def _fixed_zip(data: bytes) -> bytes:
    """Rewrite a workbook with fixed zip timestamps and document-property dates."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = body.decode("utf-8")
                text = re.sub(
                    r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", r"\g<1>2024-03-01T08:00:00Z\g<3>", text
                )
                body = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=(2024, 3, 1, 8, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o600 << 16
            dst.writestr(zi, body)
    return out.getvalue()


# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _build() -> tuple[Truth, dict]:
    cps, sessions, faults, f1 = _ev(_stream("ev"))
    species, vessels, lots, reversed_lots, f2 = _fish(_stream("fish"))
    transfers, f3 = _property(_stream("property"))
    lifts, scans, f4 = _ski(_stream("ski"))
    t = Truth(cps, sessions, faults, species, vessels, lots, reversed_lots, transfers, lifts, scans)
    files = {**f1, **f2, **f3, **f4}
    assert set(files) == set(FILES)
    return t, files


def truth() -> Truth:
    return _build()[0]


def write_files(root) -> list[Path]:
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    out = []
    for name, body in _build()[1].items():
        if callable(body):  # the parquet file and the workbook: rendered only when written
            body = body()
        path = root / name
        path.write_bytes(body)
        out.append(path)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python eval/heldout10/data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
