"""The twenty-seventh held-out set's data: five files on four topics, each imitating a real public export.

* `2024-04-01_performance_fixed_tiles.parquet` and `2024-07-01_performance_fixed_tiles.parquet`: two
  quarters of Ookla's Open Data fixed-broadband performance tiles (Parquet, as published on the
  Registry of Open Data on AWS), cut to the tiles around Utrecht: one row per zoom-16 web-mercator
  tile with its quadkey, its outline as WKT, speeds in kilobits per second and latencies as averages
  over the tile's tests, `tests` and `devices` counts, nulls in the newer loaded-latency columns.
* `babynames1996to2023.xlsx`: an Office for National Statistics workbook of baby names in England
  and Wales in its accessible-spreadsheet layout (cover sheet, contents, notes, one table a sheet):
  boys and girls in two wide tables, one rank and one count column per year, a title block above
  each header, `[x]` where fewer than 3 babies were given the name.
* `Stromerzeuger.csv`: a CSV export of the Marktstammdatenregister's public unit overview
  (Einheitenübersicht, electricity generating units) for one German district: semicolon-separated,
  decimal commas, day-first dates, German column names, storage and wind units among the solar ones.
* `stripe_charges_2024.json`: a small online shop's Stripe charges for 2024, as a JSON array of API
  Charge objects (auto-paginated `GET /v1/charges` dumped with `json.dump`): amounts in minor units,
  `created` in epoch seconds, nested `billing_details`, `outcome` and `payment_method_details`.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import functools
import io
import json
import math
import random
import re
import string
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

SEED = 27_318_409
UTC = timezone.utc
DUBLIN = ZoneInfo("Europe/Dublin")

OK_Q2_FILE = "2024-04-01_performance_fixed_tiles.parquet"
OK_Q3_FILE = "2024-07-01_performance_fixed_tiles.parquet"
BN_FILE = "babynames1996to2023.xlsx"
MS_FILE = "Stromerzeuger.csv"
ST_FILE = "stripe_charges_2024.json"
FILES = [OK_Q2_FILE, OK_Q3_FILE, BN_FILE, MS_FILE, ST_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    ookla: dict  # "q2" and "q3": lists of tiles (quadkey, speeds in kbps, tests, devices ...)
    names: dict  # "boys" and "girls": {name: {year: count}} (every count, also those under 3)
    mastr: list[dict]  # one dict per unit, clean fields (dates as date, capacities as float kW)
    stripe: list[dict]  # one dict per charge, clean fields (amounts in minor units, created as epoch s)


# ==================================================================================================
# Ookla Open Data: fixed broadband performance tiles (Parquet)
# ==================================================================================================

ZOOM = 16
OK_CENTRE = (5.1214, 52.0907)  # Utrecht Centraal-ish (lon, lat)
OK_BOX = (4.99, 52.02, 5.25, 52.16)  # lon0, lat0, lon1, lat1


def _tile_of(lon: float, lat: float, z: int = ZOOM) -> tuple[int, int]:
    n = 2**z
    x = int((lon + 180.0) / 360.0 * n)
    r = math.radians(lat)
    y = int((1.0 - math.log(math.tan(r) + 1.0 / math.cos(r)) / math.pi) / 2.0 * n)
    return x, y


def _tile_lon(x: int, z: int = ZOOM) -> float:
    return x / 2**z * 360.0 - 180.0


def _tile_lat(y: int, z: int = ZOOM) -> float:
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / 2**z))))


def quadkey(x: int, y: int, z: int = ZOOM) -> str:
    digits = []
    for i in range(z, 0, -1):
        mask = 1 << (i - 1)
        digits.append(str((1 if x & mask else 0) + (2 if y & mask else 0)))
    return "".join(digits)


def _wkt(x: int, y: int) -> str:
    w, e, n, s = _tile_lon(x), _tile_lon(x + 1), _tile_lat(y), _tile_lat(y + 1)
    pts = [(w, n), (e, n), (e, s), (w, s), (w, n)]
    return "POLYGON((" + ", ".join(f"{a:.15g} {b:.15g}" for a, b in pts) + "))"


def _build_ookla(rng: random.Random) -> dict:
    x0, y0 = _tile_of(OK_BOX[0], OK_BOX[3])
    x1, y1 = _tile_of(OK_BOX[2], OK_BOX[1])
    cx, cy = OK_CENTRE
    # a few neighbourhoods where fibre went in early (denser fibre, more testers)
    hubs = [(5.1214, 52.0907, 1.0), (5.0650, 52.1000, 0.7), (5.1700, 52.0600, 0.6), (5.0950, 52.0450, 0.5)]
    base = {}
    for x in range(x0, x1 + 1):
        for y in range(y0, y1 + 1):
            lon = (_tile_lon(x) + _tile_lon(x + 1)) / 2
            lat = (_tile_lat(y) + _tile_lat(y + 1)) / 2
            dist = math.hypot((lon - cx) * math.cos(math.radians(lat)), lat - cy) * 111.0  # km
            urban = max(0.03, math.exp(-dist / 4.5))
            fibre = min(
                0.95,
                max(
                    0.0,
                    0.15
                    + sum(w * math.exp(-(math.hypot(lon - hx, lat - hy) * 111.0) / 1.6) for hx, hy, w in hubs) * 0.8
                    + rng.gauss(0, 0.12),
                ),
            )
            base[(x, y)] = {"lon": lon, "lat": lat, "urban": urban, "fibre": fibre, "q": rng.random()}
    quarters = {}
    for qi, q in enumerate(("q2", "q3")):
        tiles = []
        for (x, y), b in sorted(base.items(), key=lambda kv: quadkey(*kv[0])):
            p = 0.12 + 0.85 * b["urban"]
            if (b["q"] + rng.random() * 0.35) > p + 0.2:
                continue
            tests = max(1, int(rng.expovariate(1.0) * (2 + 40 * b["urban"] * (0.6 + b["fibre"]))))
            devices = max(1, min(tests, int(tests * rng.uniform(0.35, 0.9)) or 1))
            fibre = min(0.98, b["fibre"] + 0.03 * qi)
            dl_mbps = fibre * rng.gauss(640, 90) + (1 - fibre) * rng.gauss(95, 30)
            dl_mbps *= 1 + 0.04 * qi + rng.gauss(0, 0.18 / math.sqrt(tests))
            dl = max(1500, int(dl_mbps * 1000))
            ul = max(400, int(dl * (fibre * rng.uniform(0.55, 0.95) + (1 - fibre) * rng.uniform(0.08, 0.2))))
            lat_ms = max(2, int(round(rng.gauss(9, 2) + (1 - fibre) * rng.gauss(14, 4))))
            has_loaded = rng.random() > 0.18
            lat_d = int(lat_ms + abs(rng.gauss(60, 40)) * (1 - fibre * 0.6)) if has_loaded else None
            lat_u = int(lat_ms + abs(rng.gauss(45, 30)) * (1 - fibre * 0.5)) if has_loaded else None
            tiles.append(
                {
                    "quadkey": quadkey(x, y),
                    "tile": _wkt(x, y),
                    "tile_x": round(b["lon"], 4),
                    "tile_y": round(b["lat"], 4),
                    "avg_d_kbps": dl,
                    "avg_u_kbps": ul,
                    "avg_lat_ms": lat_ms,
                    "avg_lat_down_ms": lat_d,
                    "avg_lat_up_ms": lat_u,
                    "tests": tests,
                    "devices": devices,
                }
            )
        quarters[q] = tiles
    return quarters


def _write_ookla(t: Truth, d: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema(
        [
            ("quadkey", pa.string()),
            ("tile", pa.string()),
            ("tile_x", pa.float64()),
            ("tile_y", pa.float64()),
            ("avg_d_kbps", pa.int64()),
            ("avg_u_kbps", pa.int64()),
            ("avg_lat_ms", pa.int64()),
            ("avg_lat_down_ms", pa.int32()),
            ("avg_lat_up_ms", pa.int32()),
            ("tests", pa.int64()),
            ("devices", pa.int64()),
        ]
    )
    for q, name in (("q2", OK_Q2_FILE), ("q3", OK_Q3_FILE)):
        rows = t.ookla[q]
        table = pa.table({f.name: [r[f.name] for r in rows] for f in schema}, schema=schema)
        pq.write_table(table, d / name, compression="snappy")


# ==================================================================================================
# ONS baby names in England and Wales (Excel workbook, accessible-spreadsheet layout)
# ==================================================================================================

BN_YEARS = list(range(1996, 2024))
# (name, count in 2010 or so, yearly trend, wobble): real names, invented counts
BOYS = """OLIVER 5200 .02|MUHAMMAD 3300 .05|NOAH 2600 .06|GEORGE 3000 .03|LEO 1500 .08|ARTHUR 900 .11|OSCAR 2100 .03
THEO 900 .09|JACK 6000 -.03|HARRY 5500 -.02|CHARLIE 3800 .0|FREDDIE 1700 .04|ALFIE 3600 -.01|LUCA 900 .07|HENRY 1600 .04
THOMAS 4700 -.05|ARCHIE 1700 .04|TOMMY 500 .10|JOSHUA 4200 -.06|LUCAS 1300 .03|ISAAC 1700 .02|EDWARD 1500 .01
ALBIE 120 .18|RONNIE 250 .12|FINLEY 1800 -.01|JAMES 4300 -.04|WILLIAM 3600 -.03|JACOB 4400 -.07|ETHAN 3500 -.05
MASON 1800 -.01|REGGIE 90 .19|MILO 400 .08|SONNY 300 .09|ELIJAH 300 .11|ADAM 1300 .00|ALEXANDER 2000 -.02
LOGAN 1900 -.03|DANIEL 3000 -.06|DYLAN 2500 -.04|HUGO 300 .06|JUDE 300 .07|ELLIS 150 .06|RORY 400 .03
FREDERICK 260 .06|BOBBY 500 .04|SAMUEL 2800 -.04|REUBEN 600 .03|BENJAMIN 2800 -.04|ALEX 1500 -.05|JAXON 90 .12
ARLO 30 .22|ARCHER 40 .15|NATHAN 2200 -.06|MAX 2100 -.03|JOSEPH 2700 -.05|TOBY 1300 -.02
AARON 1100 -.04|AIDEN 900 -.04|AYAAN 60 .10|AHMED 400 .00|ABDULLAH 250 .03|ALI 500 .01|ASHER 20 .20
ALFRED 200 .08|AUSTIN 300 .01|AXEL 60 .08|AYDEN 250 -.02|AUGUST 15 .20|ANDREW 900 -.06|ANTHONY 600 -.05
FRANKIE 350 .05|REMI 15 .19|EDEN 60 .04|ROBIN 150 -.02|JESSE 350 .00|KIAN 300 -.03|ZACHARY 900 -.03
ZAIN 300 .03|YUSUF 350 .04|OTIS 50 .14|OTTO 25 .15|RALPH 60 .12|BODHI 4 .25|IBRAHIM 700 .02|HAMZA 400 .03
BLAKE 450 -.01|CALEB 500 .01|CARTER 150 .04|COOPER 400 .00|DAVID 1800 -.05|ELLIOT 500 .02|EZRA 30 .19
FELIX 450 .04|GABRIEL 600 .02|HARLEY 900 -.03|HARVEY 1900 -.03|HUNTER 400 -.01|JENSON 300 .01|JOEY 150 .02
KAI 500 .02|LEWIS 2200 -.07|LOUIE 900 .00|LUKE 1800 -.06|MATTHEW 2300 -.07|MICHAEL 1600 -.06|NATHANIEL 250 -.01
OLLIE 600 .03|PATRICK 400 -.02|RILEY 1500 -.02|ROMAN 100 .08|RYAN 2200 -.07|SEBASTIAN 500 .02|STANLEY 300 .06
TEDDY 200 .10|TYLER 2100 -.08|VINCENT 80 .05|ZAC 150 -.04|ESA 8 .12|NOEL 40 .03|AMIR 120 .04
MARLEY 150 .03|CASSIAN 3 .22|RAFE 5 .15|WREN 2 .20|SKY 3 -.05|EMERSON 3 .10|BILLIE 3 -.03|JUNO 3 -.06
ELLIOTT 300 .01|DEXTER 150 .06|DOUGIE 3 -.08|SULLIVAN 5 .08|PRESTON 40 -.02|HORATIO 3 -.05|CRISPIN 3 -.06"""
GIRLS = """OLIVIA 4600 .01|AMELIA 3400 .03|ISLA 1400 .06|AVA 2300 .02|IVY 300 .15|FREYA 1700 .03|LILY 4700 -.02
FLORENCE 300 .10|MIA 2500 .00|WILLOW 200 .13|ROSIE 900 .04|SOPHIA 700 .06|ISABELLA 2200 .00|GRACE 2800 -.02
DAISY 1900 .00|SIENNA 1000 .01|POPPY 1900 .01|ELSIE 400 .08|EMILY 4000 -.05|ELLA 2600 -.03|EVELYN 300 .10
PHOEBE 1000 .01|SOFIA 500 .05|EVIE 2600 -.02|CHARLOTTE 2400 -.01|HARPER 20 .30|MATILDA 500 .05|MAYA 900 .01
ISABELLE 1200 -.04|ALICE 1000 .02|RUBY 3300 -.04|LUNA 40 .24|ELIZABETH 1000 -.02|AURORA 60 .19|ARIA 40 .22
ANNA 700 -.02|AMBER 1200 -.06|ABIGAIL 900 -.04|ALEXA 60 .06|ALEXANDRA 400 -.03|ALICIA 400 -.04|ALISHA 250 -.04
AMELIE 900 .00|ANNABELLE 600 .00|ARABELLA 150 .06|ARYA 10 .20|ASHLEIGH 200 -.09|AISHA 450 .01|ADA 20 .22
AYLA 40 .14|AUTUMN 150 .04|ALEX 10 -.10|CHARLIE 250 .07|FRANKIE 300 .05|ELLIS 60 .04|REMI 20 .16|EDEN 250 .02
ROBIN 8 -.08|RORY 3 .02|JESSE 3 -.05|SKY 70 -.02|EMERSON 10 .10|BILLIE 80 .08|JUNO 8 .15|WREN 10 .18
MARLEY 30 .06|HOLLY 2500 -.08|JESSICA 3700 -.09|CHLOE 4000 -.07|SOPHIE 4200 -.06|MEGAN 2600 -.10|LUCY 3000 -.05
KATIE 1400 -.09|LAUREN 1600 -.08|HANNAH 2300 -.07|LEXI 300 .00|LOLA 600 .04|LYRA 3 .30|MARGOT 20 .18
MILLIE 1900 -.01|NANCY 100 .10|NELLIE 40 .11|ORLA 100 .08|PENELOPE 60 .10|PIPER 20 .12|RAYA 5 .14
SCARLETT 1200 .01|SUMMER 1100 -.02|THEA 100 .10|VIOLET 80 .12|ZARA 900 .00|MAISIE 1300 -.02|MARYAM 400 .05
HAFSA 250 .03|FATIMA 400 .03|HALLIE 30 .10|ESME 300 .07|EDIE 60 .10|EMILIA 250 .08|ELEANOR 800 .02
HARRIET 400 .01|HEIDI 500 -.01|IMOGEN 1400 -.04|JASMINE 1400 -.05|LAYLA 800 .02|LEAH 1000 -.05|LYLA 300 .04
MABEL 50 .13|NAOMI 300 -.01|NIAMH 500 -.04|PAIGE 1200 -.09|ROSA 80 .08|SARAH 900 -.07|STELLA 100 .09
TILLY 800 .00|BEATRICE 200 .06|CLARA 200 .05|DELILAH 20 .15|GEORGIA 2100 -.06|HOPE 400 .00|IRIS 40 .11
OTTILIE 3 .20|CLEMENTINE 8 .12|HONOR 20 .08|INDIA 300 -.05|KIKI 3 -.06|PERDITA 3 -.07|SAOIRSE 30 .06"""


def _name_specs(text: str) -> list[tuple[str, float, float]]:
    out = [tuple(part.split()) for part in re.split(r"[|\n]", text) if part.strip()]
    assert len({n for n, _, _ in out}) == len(out), "a name listed twice"
    return [(n, float(b), float(tr)) for n, b, tr in out]


def _build_names(rng: random.Random) -> dict:
    out = {}
    for sex, spec in (("boys", BOYS), ("girls", GIRLS)):
        names = {}
        for name, base, trend in _name_specs(spec):
            level = math.log(base) - trend * 14  # back to 1996
            counts = {}
            for y in BN_YEARS:
                level += trend + rng.gauss(0, 0.03)
                births = 1.0 - 0.012 * max(0, y - 2012)  # fewer births in later years
                lam = math.exp(level) * births
                c = max(0, int(round(lam * (1 + rng.gauss(0, 0.04)) + rng.gauss(0, math.sqrt(lam) * 0.6))))
                counts[y] = c
            if max(counts.values()) >= 3:
                names[name] = counts
        out[sex] = names
    return out


def published(counts: dict[int, int], y: int) -> int | None:
    """A count as the ONS publishes it: None ([x]) under 3."""
    c = counts[y]
    return c if c >= 3 else None


def ranks(names: dict[str, dict[int, int]], y: int) -> dict[str, int]:
    """The ONS ranking of a year: by count, equal counts sharing the best rank (1, 2, 2, 4)."""
    pub = {n: published(c, y) for n, c in names.items()}
    vals = sorted((v for v in pub.values() if v is not None), reverse=True)
    first = {}
    for i, v in enumerate(vals):
        first.setdefault(v, i + 1)
    return {n: first[v] for n, v in pub.items() if v is not None}


def _col(n: int) -> str:
    s = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def _xlsx(sheets: list[tuple[str, list[list]]]) -> bytes:
    """A minimal Office Open XML workbook (shared strings, numbers as written) with fixed timestamps."""
    strings: dict[str, int] = {}
    sheet_xml = []
    for _, rows in sheets:
        out = []
        for r, row in enumerate(rows, start=1):
            if row is None:
                continue
            cells = []
            for c, v in enumerate(row):
                if v is None or v == "":
                    continue
                ref = f"{_col(c)}{r}"
                if isinstance(v, str):
                    idx = strings.setdefault(v, len(strings))
                    cells.append(f'<c r="{ref}" t="s"><v>{idx}</v></c>')
                else:
                    cells.append(f'<c r="{ref}"><v>{repr(float(v)) if not float(v).is_integer() else int(v)}</v></c>')
            out.append(f'<row r="{r}">{"".join(cells)}</row>')
        sheet_xml.append(
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            f"<sheetData>{''.join(out)}</sheetData></worksheet>"
        )
    n_total = sum(1 for _, rows in sheets for row in rows if row for v in row if isinstance(v, str) and v != "")
    sst = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{n_total}" '
        f'uniqueCount="{len(strings)}">' + "".join(f"<si><t>{escape(s)}</t></si>" for s in strings) + "</sst>"
    )
    ns_r = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    workbook = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="{ns_r}"><sheets>'
        + "".join(
            f'<sheet name="{escape(name)}" sheetId="{i}" r:id="rId{i}"/>' for i, (name, _) in enumerate(sheets, start=1)
        )
        + "</sheets></workbook>"
    )
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    wb_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        + f'<Relationship Id="rId{len(sheets) + 1}" Type="{rel}/styles" Target="styles.xml"/>'
        + f'<Relationship Id="rId{len(sheets) + 2}" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
        + "</Relationships>"
    )
    root_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/'
        'core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId3" Type="{rel}/extended-properties" Target="docProps/app.xml"/>'
        "</Relationships>"
    )
    styles = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/>'
        "</fill></fills>"
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        "</styleSheet>"
    )
    main = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{main}.sheet.main+xml"/>'
        + "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{main}.worksheet+xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        + f'<Override PartName="/xl/styles.xml" ContentType="{main}.styles+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{main}.sharedStrings+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        '<Override PartName="/docProps/app.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
        "</Types>"
    )
    core = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        "<dc:creator>Office for National Statistics</dc:creator>"
        '<dcterms:created xsi:type="dcterms:W3CDTF">2024-10-24T08:12:37Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2024-10-24T08:12:37Z</dcterms:modified>'
        "</cp:coreProperties>"
    )
    app = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
        "<Application>Microsoft Excel</Application></Properties>"
    )
    parts = [
        ("[Content_Types].xml", types),
        ("_rels/.rels", root_rels),
        ("docProps/core.xml", core),
        ("docProps/app.xml", app),
        ("xl/workbook.xml", workbook),
        ("xl/_rels/workbook.xml.rels", wb_rels),
        ("xl/styles.xml", styles),
        ("xl/sharedStrings.xml", sst),
    ] + [(f"xl/worksheets/sheet{i}.xml", x) for i, x in enumerate(sheet_xml, start=1)]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts:
            info = zipfile.ZipInfo(name, date_time=(2024, 10, 24, 8, 12, 36))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def _write_names(t: Truth, d: Path) -> None:
    cover = [
        ["Baby names in England and Wales: from 1996"],
        ["Ranks and counts of baby names given to boys and girls born in England and Wales, 1996 to 2023."],
        [],
        ["Source"],
        ["Births in England and Wales, Office for National Statistics (ONS)"],
        [],
        ["Release date"],
        ["24 October 2024"],
        [],
        ["Contact"],
        ["Email: vsob@ons.gov.uk"],
    ]
    contents = [
        ["Table of contents"],
        ["This worksheet contains one table."],
        ["Worksheet", "Table title", "Years covered"],
        ["Notes", "Notes", ""],
        ["Table_1", "Boys' baby names, England and Wales, 1996 to 2023", "1996 to 2023"],
        ["Table_2", "Girls' baby names, England and Wales, 1996 to 2023", "1996 to 2023"],
    ]
    notes = [
        ["Notes"],
        ["This worksheet contains one table."],
        ["Note number", "Note text"],
        [
            "Note 1",
            "Names are given as they were written on the birth registration. Names with different spellings "
            "(for example Mohammed and Muhammad) are counted separately.",
        ],
        ["Note 2", "Names with fewer than 3 occurrences in a year are not shown; these cells are shown as [x]."],
        ["Note 3", "Names that share the same count are given the same rank."],
        ["Note 4", "Figures are based on births registered in the year, not on births occurring in it."],
    ]
    sheets = [("Cover_sheet", cover), ("Table_of_contents", contents), ("Notes", notes)]
    for i, (sex, label) in enumerate((("boys", "Boys'"), ("girls", "Girls'")), start=1):
        names = t.names[sex]
        rk = {y: ranks(names, y) for y in BN_YEARS}
        header = ["Name"]
        for y in reversed(BN_YEARS):
            header += [f"{y} Rank", f"{y} Count"]
        order = sorted(names, key=lambda n: (rk[2023].get(n, 10**6), n))
        rows = [
            [f"Table {i}: {label} baby names, England and Wales, 1996 to 2023 [note 1] [note 2] [note 3]"],
            ["This worksheet contains one table. Some cells refer to notes which can be found in the Notes worksheet."],
            ["Cells shown as [x] are names with fewer than 3 occurrences in that year (see note 2)."],
            ["Source: Births in England and Wales from the Office for National Statistics"],
            header,
        ]
        for n in order:
            row = [n]
            for y in reversed(BN_YEARS):
                c = published(names[n], y)
                row += [rk[y][n], c] if c is not None else ["[x]", "[x]"]
            rows.append(row)
        sheets.append((f"Table_{i}", rows))
    (d / BN_FILE).write_bytes(_xlsx(sheets))


# ==================================================================================================
# Marktstammdatenregister: public unit overview, CSV export (semicolon, decimal comma)
# ==================================================================================================

MS_EXPORT = date(2024, 12, 2)
MASTR_START = date(2019, 1, 31)  # the register opened; older units were registered from then on
# (Ort, Postleitzahlen, Gemeindeschlüssel, weight)
MS_PLACES = [
    ("Göttingen", "37073 37075 37077 37079 37081 37083 37085", "03159016", 30),
    ("Duderstadt", "37115", "03159008", 9),
    ("Hann. Münden", "34346", "03159014", 8),
    ("Osterode am Harz", "37520", "03159028", 8),
    ("Bovenden", "37120", "03159005", 6),
    ("Rosdorf", "37124", "03159030", 6),
    ("Herzberg am Harz", "37412", "03159021", 5),
    ("Bad Lauterberg im Harz", "37431", "03159003", 4),
    ("Adelebsen", "37139", "03159001", 3),
    ("Friedland", "37133", "03159011", 4),
    ("Gleichen", "37130", "03159012", 4),
    ("Dransfeld", "37127", "03159007", 3),
    ("Staufenberg", "34355", "03159033", 2),
    ("Gieboldehausen", "37434", "03159035", 3),
]
ROOF = "Bauliche Anlagen (Hausdach, Gebäude und Fassade)"
ROOF_OTHER = "Bauliche Anlagen (Sonstige)"
PLUGIN = "Steckerfertige Erzeugungsanlage (sog. Plug-In- oder Balkonkraftwerk)"
GROUND = "Freifläche"
SOLAR, STORAGE = "Solare Strahlungsenergie", "Speicher"
IN_OP = "In Betrieb"
ORIENT = ["Süd", "Süd-West", "Süd-Ost", "West", "Ost", "Ost-West", "Nord", "Nord-Ost", "Nord-West"]
ORIENT_W = [30, 16, 14, 8, 7, 20, 1, 2, 2]
SURN = (
    "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder "
    "Neumann Schwarz Braun Hofmann Zimmermann Krüger Hartmann Lange Werner Krause Meier Lehmann Köhler Herrmann "
    "König Walter Peters Möller Kaiser Fuchs Jung Hahn Vogel Keller Günther Frank Berger Winkler Roth Beck Lorenz"
).split()


def _fmt_de(v: float) -> str:
    """A number as the export writes it: decimal comma, no thousands separator, trailing zeros dropped."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return s.replace(".", ",")


def _mastr_no(rng: random.Random) -> str:
    return "SEE9" + "".join(rng.choice(string.digits) for _ in range(11))


def _build_mastr(rng: random.Random) -> list[dict]:
    units: list[dict] = []
    year_w = {
        y: w
        for y, w in zip(
            range(2000, 2025), [1, 1, 2, 3, 4, 6, 7, 9, 12, 20, 26, 22, 20, 10, 8, 7, 7, 8, 9, 11, 15, 19, 34, 62, 66]
        )
    }

    def commission(year: int) -> date:
        last = date(year, 12, 31) if year < 2024 else MS_EXPORT - timedelta(days=1)
        first = date(year, 1, 1)
        return first + timedelta(days=rng.randint(0, (last - first).days))

    def place() -> tuple[str, str, str]:
        ort, plzs, ags, _ = rng.choices(MS_PLACES, [p[3] for p in MS_PLACES])[0]
        return ort, rng.choice(plzs.split()), ags

    def registered(comm: date | None) -> date:
        if comm is None:
            return MS_EXPORT - timedelta(days=rng.randint(5, 400))
        if comm < MASTR_START:
            return MASTR_START + timedelta(days=rng.randint(0, 730))
        return comm + timedelta(days=int(rng.lognormvariate(3.3, 0.9)))

    def status(comm_year: int) -> str:
        r = rng.random()
        if r < 0.004:
            return "Vorübergehend stillgelegt"
        if r < 0.004 + (0.06 if comm_year < 2012 else 0.008):
            return "Endgültig stillgelegt"
        return IN_OP

    def add(**u) -> None:
        u.setdefault("id", _mastr_no(rng))
        units.append(u)

    for _ in range(1500):
        lage = rng.choices([ROOF, PLUGIN, ROOF_OTHER, GROUND], [67, 28, 4, 1])[0]
        planned = rng.random() < 0.045
        if lage == PLUGIN:
            year = rng.choices([2019, 2020, 2021, 2022, 2023, 2024], [1, 2, 4, 10, 30, 60])[0]
        else:
            year = rng.choices(list(year_w), list(year_w.values()))[0]
        comm = None if planned else commission(year)
        wp = 230 + 10 * (year - 2005) + rng.choice([0, 5, 10, 15, 20, 25]) if year >= 2005 else 180
        wp = min(wp, 445)
        if lage == PLUGIN:
            modules = rng.choices([1, 2, 3, 4], [20, 62, 6, 12])[0]
            brutto = modules * rng.choice([300, 370, 400, 410, 420, 430]) / 1000
            netto = rng.choice([0.6, 0.6, 0.8, 0.8, 0.8]) if year < 2024 else 0.8
            netto = min(netto, brutto)
            name = rng.choice(["Balkonkraftwerk", "Balkonkraftwerk", "Steckersolar", "Mini-PV Balkon", "BKW"])
        elif lage == GROUND:
            modules = rng.randint(1800, 20000)
            brutto = modules * wp / 1000
            netto = round(brutto * rng.uniform(0.82, 0.95) / 10) * 10
            name = rng.choice(["Solarpark", "Freiflächenanlage", "PV-Freifläche"]) + f" {rng.choice(SURN)}feld"
        else:
            modules = rng.randint(8, 64) if lage == ROOF else rng.randint(30, 300)
            brutto = modules * wp / 1000
            netto = min(brutto, rng.choice([brutto, round(brutto * 0.9, 1), float(int(brutto))]) or brutto)
            name = rng.choice(["PV-Anlage", "Photovoltaik", "PV Dach", "Solaranlage", "PV"]) + " " + rng.choice(SURN)
        ort, plz, ags = place()
        st = "In Planung" if planned else status(year)
        reg = registered(comm)
        if reg > MS_EXPORT:
            continue  # not registered yet on the day of the export
        u = dict(
            name=name,
            status=st,
            carrier=SOLAR,
            brutto=round(brutto, 3),
            netto=round(netto, 3),
            commissioned=comm,
            planned=(MS_EXPORT + timedelta(days=rng.randint(20, 300))) if planned else None,
            registered=reg,
            ort=ort,
            plz=plz,
            ags=ags,
            modules=modules,
            orientation=rng.choices(ORIENT, ORIENT_W)[0]
            if lage != GROUND
            else "nachgeführt"
            if rng.random() < 0.1
            else "Süd",
            lage=lage,
            feed="Volleinspeisung"
            if lage == GROUND or (lage != PLUGIN and year < 2012)
            else "Teileinspeisung (einschließlich Eigenverbrauch)",
            storage_kwh=None,
            operator="",
        )
        if lage == GROUND:
            u["operator"] = rng.choice(
                ["Stadtwerke Göttingen AG", "BürgerEnergie Südniedersachsen eG", "EAM Natur GmbH"]
            )
        add(**u)
        # a battery at home installations since 2018: registered as its own unit with Energieträger 'Speicher'
        if lage in (ROOF, PLUGIN) and year >= 2018 and rng.random() < (0.45 if lage == ROOF else 0.04):
            kwh = rng.choice([5.0, 7.68, 9.6, 10.24, 11.52, 13.5, 15.36])
            add(
                name=rng.choice(["Batteriespeicher", "Stromspeicher", "Speicher", "Heimspeicher"]),
                status=st,
                carrier=STORAGE,
                brutto=rng.choice([3.0, 4.6, 5.0, 6.0, 8.0, 10.0]) if lage == ROOF else 0.8,
                netto=rng.choice([3.0, 4.6, 5.0]) if lage == ROOF else 0.8,
                commissioned=comm,
                planned=u["planned"],
                registered=reg,
                ort=ort,
                plz=plz,
                ags=ags,
                modules=None,
                orientation="",
                lage="",
                feed="",
                storage_kwh=kwh,
                operator="",
            )
    # wind turbines, biogas engines and small hydro in the same district
    for carrier, k, lo, hi, nm in (
        ("Wind", 14, 2000, 5600, "WEA"),
        ("Biomasse", 9, 75, 1200, "BHKW Biogasanlage"),
        ("Wasser", 4, 15, 280, "Wasserkraftanlage"),
    ):
        for i in range(k):
            year = rng.randint(2001, 2023)
            comm = commission(year)
            ort, plz, ags = place()
            kw = round(rng.uniform(lo, hi) / 10) * 10
            add(
                name=f"{nm} {i + 1}",
                status=status(year),
                carrier=carrier,
                brutto=float(kw),
                netto=float(kw),
                commissioned=comm,
                planned=None,
                registered=registered(comm),
                ort=ort,
                plz=plz,
                ags=ags,
                modules=None,
                orientation="",
                lage="",
                feed="",
                storage_kwh=None,
                operator=rng.choice(
                    ["Windpark Leinetal GmbH & Co. KG", "Agrarenergie Eichsfeld GmbH", "Stadtwerke Göttingen AG"]
                ),
            )
    for u in units:
        u["updated"] = min(MS_EXPORT, u["registered"] + timedelta(days=rng.randint(0, 900)))
    units.sort(key=lambda u: (u["registered"], u["id"]), reverse=True)  # the overview lists newest first
    return units


MS_COLUMNS = [
    "MaStR-Nr. der Einheit",
    "Anzeige-Name der Einheit",
    "Betriebs-Status",
    "Energieträger",
    "Bruttoleistung der Einheit",
    "Nettonennleistung der Einheit",
    "Inbetriebnahmedatum der Einheit",
    "Geplantes Inbetriebnahmedatum der Einheit",
    "Registrierungsdatum der Einheit",
    "Bundesland",
    "Postleitzahl",
    "Ort",
    "Gemeindeschlüssel",
    "Anzahl der Solar-Module",
    "Hauptausrichtung der Solar-Module",
    "Lage der Einheit",
    "Volleinspeisung oder Teileinspeisung",
    "Nutzbare Speicherkapazität in kWh",
    "Name des Anlagenbetreibers (nur Org.)",
    "Letzte Aktualisierung",
]


def _write_mastr(t: Truth, d: Path) -> None:
    def q(v) -> str:
        if v is None or v == "":
            return ""
        if isinstance(v, date):
            return f"{v:%d.%m.%Y}"
        if isinstance(v, float):
            return _fmt_de(v)
        return '"' + str(v).replace('"', '""') + '"' if isinstance(v, str) else str(v)

    lines = [";".join(f'"{c}"' for c in MS_COLUMNS)]
    for u in t.mastr:
        vals = [
            u["id"],
            u["name"],
            u["status"],
            u["carrier"],
            u["brutto"],
            u["netto"],
            u["commissioned"],
            u["planned"],
            u["registered"],
            "Niedersachsen",
            u["plz"],
            u["ort"],
            u["ags"],
            u["modules"],
            u["orientation"],
            u["lage"],
            u["feed"],
            u["storage_kwh"],
            u["operator"],
            u["updated"],
        ]
        lines.append(";".join(q(v) for v in vals))
    (d / MS_FILE).write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))


# ==================================================================================================
# Stripe: a year of charges of a small online shop (JSON array of API Charge objects)
# ==================================================================================================

ST_YEAR = 2024
SALE_DAY = date(2024, 7, 6)  # the summer sale opened at midnight, Irish time
ALNUM = string.ascii_letters + string.digits
FIRST = (
    "Aoife Ciara Niamh Siobhan Sinead Orla Roisin Grainne Eimear Aisling Sean Padraig Cian Oisin Darragh Eoin "
    "Ronan Colm Declan Fergal Emma Sarah Laura Anna Julia Lena Marie Sophie Claire Lucie Thomas Lukas Jan Pieter "
    "Daan Bram Pierre Louis Hugo Mark James Oliver Harry Jack Emily Megan Chloe Ryan Tyler Jessica Ashley"
).split()
LAST = (
    "Murphy Kelly OBrien Byrne Ryan Walsh OConnor McCarthy Doyle Gallagher Lynch Quinn Brennan Keane Nolan Kavanagh "
    "Fischer Weber Becker Wagner Dubois Martin Bernard Moreau DeVries Jansen Bakker Visser Smith Jones Taylor "
    "Brown Evans Wilson Johnson Miller Davis Garcia Moore Clarke Hughes"
).split()
DOMAINS = "gmail.com outlook.com icloud.com eircom.net yahoo.ie web.de gmx.de orange.fr ziggo.nl yahoo.co.uk hotmail.com".split()
CITIES = {
    "IE": [
        ("Dublin", "D02 X285"),
        ("Galway", "H91 E2K3"),
        ("Cork", "T12 R5CP"),
        ("Limerick", "V94 T9PX"),
        ("Sligo", "F91 P8W3"),
    ],
    "GB": [("London", "N1 9GU"), ("Manchester", "M4 1HN"), ("Bristol", "BS1 5TR"), ("Belfast", "BT1 5GS")],
    "DE": [("Berlin", "10115"), ("Hamburg", "20095"), ("München", "80331"), ("Köln", "50667")],
    "FR": [("Paris", "75011"), ("Lyon", "69002"), ("Nantes", "44000")],
    "NL": [("Amsterdam", "1012 AB"), ("Utrecht", "3511 LX"), ("Rotterdam", "3011 AD")],
    "BE": [("Brussels", "1000"), ("Gent", "9000")],
    "US": [("Boston", "02108"), ("New York", "10001"), ("Chicago", "60601")],
}
COUNTRY_W = {"IE": 46, "GB": 17, "DE": 12, "FR": 7, "NL": 8, "BE": 3, "US": 7}
PRICES = {
    "eur": [1450, 1650, 1890, 2900, 3400, 8900],
    "gbp": [1250, 1450, 1650, 2500, 2900, 7600],
    "usd": [1600, 1800, 2100, 3200, 3700, 9800],
}
SHIPPING = {"IE": 495, "GB": 795, "DE": 995, "FR": 995, "NL": 995, "BE": 995, "US": 1495}
FAIL = [
    ("card_declined", "Your card was declined."),
    ("insufficient_funds", "Your card has insufficient funds."),
    ("expired_card", "Your card has expired."),
    ("incorrect_cvc", "Your card's security code is incorrect."),
]


def _id(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(ALNUM) for _ in range(n))


def _build_stripe(rng: random.Random) -> list[dict]:
    customers = []
    for _ in range(330):
        country = rng.choices(list(COUNTRY_W), list(COUNTRY_W.values()))[0]
        first, last = rng.choice(FIRST), rng.choice(LAST)
        customers.append(
            {
                "id": "cus_" + _id(rng, 14),
                "name": f"{first} {last}".replace("OB", "O'B").replace("OC", "O'C"),
                "email": f"{first.lower()}.{last.lower()}{rng.choice(['', '', str(rng.randint(1, 99))])}@{rng.choice(DOMAINS)}",
                "country": country,
                "brand": rng.choices(["visa", "mastercard", "amex"], [55, 35, 10])[0],
                "activity": rng.paretovariate(1.6),
            }
        )
    # an office that buys every month or so
    office = {
        "id": "cus_" + _id(rng, 14),
        "name": "Saoirse Nolan",
        "email": "accounts@harbourdesign.ie",
        "country": "IE",
        "brand": "visa",
        "activity": 0,
    }
    customers.append(office)
    emails = {c["email"] for c in customers}
    charges = []

    def charge(cust: dict | None, local: datetime, guest: dict | None = None) -> None:
        who = cust or guest
        country = who["country"]
        currency = "gbp" if country == "GB" else "usd" if country == "US" else "eur"
        items = rng.choices(PRICES[currency], [30, 25, 20, 12, 8, 5], k=rng.choices([1, 2, 3], [60, 30, 10])[0])
        amount = sum(items) + (0 if sum(items) > 5000 and country == "IE" else SHIPPING[country])
        if cust is office:
            amount = rng.choice([12, 15, 18]) * PRICES["eur"][1] + 0
        brand = who["brand"] if rng.random() < 0.92 else rng.choice(["visa", "mastercard", "amex"])
        card_country = country if rng.random() < 0.93 else rng.choice(["IE", "GB", "DE", "US", "LT"])
        fail_p = {"visa": 0.05, "mastercard": 0.055, "amex": 0.13}[brand]
        r = rng.random()
        if r < 0.012:
            status, outcome, failure = "failed", "blocked", FAIL[0]
        elif r < 0.012 + fail_p:
            status, outcome, failure = "failed", "issuer_declined", rng.choices(FAIL, [50, 25, 12, 13])[0]
        else:
            status, outcome, failure = "succeeded", "authorized", None
        refunded = 0
        if status == "succeeded":
            rr = rng.random()
            if rr < 0.035:
                refunded = amount
            elif rr < 0.065:
                refunded = rng.choice(items) if len(items) > 1 else SHIPPING[country]
        city, postcode = rng.choice(CITIES[country])
        charges.append(
            {
                "id": _id(rng, 24),
                "customer": cust["id"] if cust else None,
                "name": who["name"],
                "email": who["email"],
                "country": country,
                "city": city,
                "postal_code": postcode,
                "currency": currency,
                "amount": amount,
                "amount_refunded": refunded,
                "created": int(local.astimezone(UTC).timestamp()),
                "status": status,
                "outcome": outcome,
                "failure": failure,
                "risk_score": rng.randint(55, 95) if outcome == "blocked" else rng.randint(1, 60),
                "brand": brand,
                "card_country": card_country,
                "funding": rng.choices(["credit", "debit"], [45, 55])[0] if brand != "amex" else "credit",
                "last4": f"{rng.randint(0, 9999):04d}",
                "exp": (rng.randint(1, 12), rng.randint(2024, 2030)),
                "n_items": len(items),
            }
        )

    def local_time(day: date) -> datetime:
        hour = rng.choices(range(24), [1, 1, 0, 0, 0, 0, 1, 2, 4, 6, 7, 7, 8, 8, 7, 7, 7, 7, 8, 9, 10, 9, 6, 3])[0]
        return datetime(day.year, day.month, day.day, hour, rng.randint(0, 59), rng.randint(0, 59), tzinfo=DUBLIN)

    weights = [c["activity"] for c in customers]
    day = date(ST_YEAR, 1, 1)
    while day.year == ST_YEAR:
        season = 1.0 + 0.9 * math.exp(-((((day - date(2024, 12, 12)).days) / 12) ** 2)) + 0.25 * (day.weekday() >= 5)
        for _ in range(int(rng.expovariate(1.0 / (2.6 * season)))):
            if rng.random() < 0.16:
                country = rng.choices(list(COUNTRY_W), list(COUNTRY_W.values()))[0]
                first, last = rng.choice(FIRST), rng.choice(LAST)
                email = f"{first.lower()}{rng.randint(100, 999)}@{rng.choice(DOMAINS)}"
                while email in emails:
                    email = f"{first.lower()}{rng.randint(100, 999)}@{rng.choice(DOMAINS)}"
                emails.add(email)
                guest = {
                    "name": f"{first} {last}",
                    "email": email,
                    "country": country,
                    "brand": rng.choice(["visa", "mastercard"]),
                }
                charge(None, local_time(day), guest)
            else:
                charge(rng.choices(customers, weights)[0], local_time(day))
        if day.day == 3 + (day.month % 5):
            charge(office, local_time(day))
        if day == SALE_DAY:  # the sale opened at 00:00 Irish time (23:00 UTC the day before)
            for _ in range(34):
                t0 = datetime(day.year, day.month, day.day, 0, 0, 0, tzinfo=DUBLIN)
                charge(rng.choices(customers, weights)[0], t0 + timedelta(seconds=rng.randint(20, 3500)))
            for _ in range(9):
                charge(rng.choices(customers, weights)[0], local_time(day))
        day += timedelta(days=1)
    charges.sort(key=lambda c: c["created"], reverse=True)  # the API lists newest first
    return charges


def _charge_object(c: dict) -> dict:
    pi = "pi_3" + c["id"][:23]
    cid = "ch_3" + c["id"][:23]
    failed = c["status"] == "failed"
    f_code, f_msg = c["failure"] if c["failure"] else (None, None)
    seller = {
        "authorized": "Payment complete.",
        "issuer_declined": "The bank did not return any further details with this decline.",
        "blocked": "Stripe blocked this payment as too risky.",
    }[c["outcome"]]
    risk = "highest" if c["outcome"] == "blocked" else "elevated" if c["risk_score"] > 55 else "normal"
    return {
        "id": cid,
        "object": "charge",
        "amount": c["amount"],
        "amount_captured": 0 if failed else c["amount"],
        "amount_refunded": c["amount_refunded"],
        "application": None,
        "application_fee": None,
        "application_fee_amount": None,
        "balance_transaction": None if failed else "txn_3" + c["id"][:23],
        "billing_details": {
            "address": {
                "city": c["city"],
                "country": c["country"],
                "line1": None,
                "line2": None,
                "postal_code": c["postal_code"],
                "state": None,
            },
            "email": c["email"],
            "name": c["name"],
            "phone": None,
        },
        "calculated_statement_descriptor": "BRAMBLEBEAN COFFEE",
        "captured": not failed,
        "created": c["created"],
        "currency": c["currency"],
        "customer": c["customer"],
        "description": f"Order of {c['n_items']} item{'s' if c['n_items'] > 1 else ''}",
        "disputed": False,
        "failure_balance_transaction": None,
        "failure_code": f_code,
        "failure_message": f_msg,
        "fraud_details": {},
        "invoice": None,
        "livemode": True,
        "metadata": {"order_id": f"BB-{c['created'] % 1000003:07d}", "platform": "shopify"},
        "on_behalf_of": None,
        "outcome": {
            "network_status": "not_sent_to_network"
            if c["outcome"] == "blocked"
            else "declined_by_network"
            if failed
            else "approved_by_network",
            "reason": "highest_risk_level" if c["outcome"] == "blocked" else f_code if failed else None,
            "risk_level": risk,
            "risk_score": c["risk_score"],
            "seller_message": seller,
            "type": c["outcome"],
        },
        "paid": not failed,
        "payment_intent": pi,
        "payment_method": "pm_1" + c["id"][1:24],
        "payment_method_details": {
            "card": {
                "amount_authorized": None if failed else c["amount"],
                "brand": c["brand"],
                "checks": {
                    "address_line1_check": None,
                    "address_postal_code_check": "pass",
                    "cvc_check": "fail" if f_code == "incorrect_cvc" else "pass",
                },
                "country": c["card_country"],
                "exp_month": c["exp"][0],
                "exp_year": c["exp"][1],
                "funding": c["funding"],
                "last4": c["last4"],
                "network": c["brand"],
                "three_d_secure": None,
            },
            "type": "card",
        },
        "receipt_email": c["email"] if not failed else None,
        "receipt_url": None if failed else f"https://pay.stripe.com/receipts/payment/{c['id']}",
        "refunded": c["amount_refunded"] == c["amount"] and c["amount"] > 0,
        "review": None,
        "shipping": None,
        "statement_descriptor": None,
        "status": c["status"],
    }


def _write_stripe(t: Truth, d: Path) -> None:
    objs = [_charge_object(c) for c in t.stripe]
    (d / ST_FILE).write_text(json.dumps(objs, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    return Truth(
        ookla=_build_ookla(_rng("ookla")),
        names=_build_names(_rng("names")),
        mastr=_build_mastr(_rng("mastr")),
        stripe=_build_stripe(_rng("stripe")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_ookla(t, d)
    _write_names(t, d)
    _write_mastr(t, d)
    _write_stripe(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout27-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
