"""The forty-second held-out set's data: six files on three topics, each imitating a real export or download.

* `2024-03-12_THP1_LPS_Dex_qPCR_data.txt`: a run exported as text from Applied Biosystems' QuantStudio
  Design & Analysis software (a QuantStudio 3, SYBR Green): `* Key = value` header lines, then the
  `[Sample Setup]`, `[Results]` and `[Melt Curve Result]` sections, each a tab-separated table with its own
  header, one after another in one file. `CT` is `Undetermined` when a well did not amplify; wells the
  user omitted carry `Omit` `true`, and the software's `Ct Mean` / `Ct SD` leave them out.
* `IL6_ELISA_2024-03-14.xlsx`: a BioTek Gen5 export of one ELISA plate read at 450 and 570 nm: a block
  of reader and procedure lines, then the plate `Layout` (STD1-STD7, BLK, SPL1-SPL40) and one 8 x 12 grid
  of optical densities per wavelength, `OVRFLW` where the reader saturated.
* `BeerSmith_recipes.xml`: BeerSmith's BeerXML 1.0 export of fourteen recipes (ISO-8859-1): nested
  `HOPS`/`FERMENTABLES`/`YEASTS`, amounts in kilograms and litres, times in minutes (a dry hop of three days
  is `4320`), `NAME` at every level, the display fields in US units (`1.00 oz`) and estimates as text with
  their unit (`<EST_OG>1.054 SG</EST_OG>`).
* `Tilt_cloud_log_2024.csv`: a Tilt hydrometer's Google Sheets cloud log downloaded as CSV: `Timestamp`
  (US month/day), `Timepoint` (a spreadsheet serial date), `SG`, `Temp` in whole degrees Fahrenheit, the
  Tilt's `Color`, `Beer`, `Comment`; two Tilts logging at once, interleaved, and one Tilt left logging in the
  sanitiser bucket after the beer was kegged.
* `output_SRTMGL3.asc`: an OpenTopography SRTM GL3 (3 arc-second) cut as an ESRI ASCII grid: six header
  lines (`ncols`, `nrows`, `xllcorner`, `yllcorner`, `cellsize`, `NODATA_value`), then one line per row,
  north first, each starting with a space; voids as -9999.
* `CO_Features_20210825.txt`: a cut of the USGS GNIS state file for Colorado (Clear Creek, Summit and Park
  counties): pipe-delimited with a UTF-8 byte order mark and CRLF, `FEATURE_ID|FEATURE_NAME|FEATURE_CLASS|...`,
  coordinates as DMS text and decimal degrees, a stream's mouth as its primary point and its head as its
  source point, `Unknown` (and 0) for features whose location is not known, elevations in metres and feet,
  dates as MM/DD/YYYY, names of vanished places marked `(historical)`.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the six files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

SEED = 4_242_042

QPCR_FILE = "2024-03-12_THP1_LPS_Dex_qPCR_data.txt"
ELISA_FILE = "IL6_ELISA_2024-03-14.xlsx"
RECIPES_FILE = "BeerSmith_recipes.xml"
TILT_FILE = "Tilt_cloud_log_2024.csv"
DEM_FILE = "output_SRTMGL3.asc"
GNIS_FILE = "CO_Features_20210825.txt"
FILES = [QPCR_FILE, ELISA_FILE, RECIPES_FILE, TILT_FILE, DEM_FILE, GNIS_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    qpcr: list[dict]  # the [Results] rows in well order
    elisa_layout: dict[str, str]  # 'A1' -> 'STD1'
    elisa_450: dict[str, float | None]  # None: OVRFLW
    elisa_570: dict[str, float]
    recipes: list[dict]  # in file order, with 'hops', 'fermentables', 'yeasts' lists
    tilt: list[dict]  # the log rows in file order
    dem: list[list[int]]  # rows north first; -9999 for a void
    dem_header: dict  # ncols, nrows, xll, yll, cellsize, nodata as the file prints them (floats parsed back)
    gnis: list[dict]  # in file order


# ==================================================================================================
# Lab: a QuantStudio qPCR run (text export) and a Gen5 ELISA plate (xlsx)
# ==================================================================================================

Q_CONDITIONS = ["Ctrl", "LPS", "LPS+Dex"]
Q_SAMPLES = [f"{c}_{i}" for c in Q_CONDITIONS for i in (1, 2, 3)]
Q_REF = "GAPDH"
Q_TARGETS = ["GAPDH", "IL6", "TNF"]
# mean delta Ct (target - GAPDH) by condition: LPS induces both, dexamethasone damps them
Q_DCT = {"IL6": {"Ctrl": 11.6, "LPS": 3.3, "LPS+Dex": 5.9}, "TNF": {"Ctrl": 8.3, "LPS": 2.8, "LPS+Dex": 4.4}}
Q_TM = {"GAPDH": 84.1, "IL6": 80.9, "TNF": 86.4}
Q_THRESHOLD = {"GAPDH": 0.187215, "IL6": 0.141876, "TNF": 0.163342}
# wells the user omitted (pipetting outliers): (sample, target, replicate) -> Ct shift
Q_OMIT = {("LPS_2", "GAPDH", 2): 1.9, ("Ctrl_3", "IL6", 1): -1.7, ("LPS+Dex_1", "TNF", 3): 2.3,
          ("LPS_1", "IL6", 2): 1.4}  # fmt: skip
Q_DROPOUT = {("Ctrl_2", "IL6", 3)}  # a low-expression replicate that did not come up
Q_GAPDH_SAMPLE = "LPS_2"
Q_COLOURS = {"Ctrl": "RGB(98,163,216)", "LPS": "RGB(229,115,115)", "LPS+Dex": "RGB(129,199,132)",
             "NTC": "RGB(176,176,176)"}  # fmt: skip
Q_TCOLOURS = {"GAPDH": "RGB(0,139,139)", "IL6": "RGB(255,140,0)", "TNF": "RGB(148,0,211)"}

E_STD_CONC = [300.0, 150.0, 75.0, 37.5, 18.75, 9.375, 4.6875]  # pg/mL in the well, STD1..STD7
E_DILUTION = 4  # every sample was diluted 1:4 before the assay
E_ROWS = "ABCDEFGH"
E_CONC_SAMPLE = "SPL13"


def _well_pos(k: int) -> str:
    return f"{E_ROWS[k // 12]}{k % 12 + 1}"


def _ct_repr(x: float) -> str:
    return repr(round(x, 12))


def _build_qpcr(rng: random.Random) -> list[dict]:
    ref = {s: 17.9 + rng.gauss(0, 0.35) for s in Q_SAMPLES}
    rows = []
    k = 0
    for target in Q_TARGETS:
        for s in Q_SAMPLES:
            cond = s.rsplit("_", 1)[0]
            base = ref[s] if target == Q_REF else ref[s] + Q_DCT[target][cond] + rng.gauss(0, 0.3)
            for rep in (1, 2, 3):
                ct: float | None = base + rng.gauss(0, 0.11)
                key = (s, target, rep)
                if key in Q_OMIT:
                    ct += Q_OMIT[key]
                if key in Q_DROPOUT:
                    ct = None
                rows.append({"well": k + 1, "pos": _well_pos(k), "sample": s, "cond": cond, "target": target,
                             "task": "UNKNOWN", "omit": key in Q_OMIT,
                             "ct": None if ct is None else round(ct, 12)})  # fmt: skip
                k += 1
    for target in Q_TARGETS:  # two no-template controls a target
        for _rep in (1, 2):
            ct = None
            if target != Q_REF and rng.random() < 0.45:  # a primer-dimer coming up late
                ct = round(rng.uniform(34.2, 37.8), 12)
            rows.append({"well": k + 1, "pos": _well_pos(k), "sample": "NTC", "cond": "NTC", "target": target,
                         "task": "NTC", "omit": False, "ct": ct})  # fmt: skip
            k += 1
    if not any(r["task"] == "NTC" and r["ct"] is not None for r in rows):
        rows[-1]["ct"] = round(rng.uniform(34.2, 37.8), 12)
    groups: dict = {}
    for r in rows:
        groups.setdefault((r["sample"], r["target"]), []).append(r)
    for g in groups.values():
        vals = [r["ct"] for r in g if not r["omit"] and r["ct"] is not None]
        mean = sum(vals) / len(vals) if vals else None
        sd = (sum((v - mean) ** 2 for v in vals) / (len(vals) - 1)) ** 0.5 if len(vals) > 1 else None
        for r in g:
            r["ct_mean"], r["ct_sd"] = mean, sd
    for r in rows:
        r["tm1"] = None
        if r["ct"] is not None:
            r["tm1"] = round(75.3 + rng.gauss(0, 0.2), 12) if r["task"] == "NTC" else round(
                Q_TM[r["target"]] + rng.gauss(0, 0.08), 12)  # fmt: skip
        r["baseline_end"] = 39 if r["ct"] is None else max(8, int(r["ct"]) - 3)
        r["cqconf"] = 0.0 if r["ct"] is None else round(rng.uniform(0.86, 0.995), 12)
    return rows


def _qpcr_text(rows: list[dict]) -> str:
    header = [
        "* Block Type = 96-Well Block (0.2mL)",
        "* Calibration Background is expired  = No",
        "* Calibration Background performed on = 01-22-2024",
        "* Calibration Normalization FAM-ROX is expired = No",
        "* Calibration Normalization FAM-ROX performed on = 01-22-2024",
        "* Calibration Pure Dye FAM is expired = No",
        "* Calibration Pure Dye FAM performed on = 01-22-2024",
        "* Calibration Pure Dye ROX is expired = No",
        "* Calibration Pure Dye ROX performed on = 01-22-2024",
        "* Calibration Pure Dye SYBR is expired = No",
        "* Calibration Pure Dye SYBR performed on = 01-22-2024",
        "* Chemistry = SYBR_GREEN",
        "* Date Created = 2024-03-12 09:41:27 AM CET",
        "* Experiment Barcode = NA",
        "* Experiment Comment = NA",
        "* Experiment File Name = D:\\QS3 Data\\2024\\JK\\2024-03-12 THP1 LPS Dex.eds",
        "* Experiment Name = 2024-03-12 THP1 LPS Dex",
        "* Experiment Run End Time = 2024-03-12 13:36:05 PM CET",
        "* Experiment Type = Standard Curve",
        "* Instrument Name = 272310847",
        "* Instrument Serial Number = 272310847",
        "* Instrument Type = QuantStudio\u2122 3 System",
        "* Passive Reference = ROX",
        "* Post-read Stage/Step = ",
        "* Pre-read Stage/Step = ",
        "* Quantification Cycle Method = Ct",
        "* Signal Smoothing On = true",
        "* Stage where Melt Analysis is performed = Stage3",
        "* Stage/ Cycle where Ct Analysis is performed = Stage2, Step2",
        "* User Name = NA",
        "",
    ]
    out = list(header)
    out.append("[Sample Setup]")
    out.append("\t".join(["Well", "Well Position", "Sample Name", "Sample Color", "Biogroup Name", "Biogroup Color",
                          "Target Name", "Target Color", "Task", "Reporter", "Quencher", "Quantity", "Comments"]))  # fmt: skip
    for r in rows:
        out.append("\t".join([str(r["well"]), r["pos"], r["sample"], f'"{Q_COLOURS[r["cond"]]}"', "", "",
                              r["target"], f'"{Q_TCOLOURS[r["target"]]}"', r["task"], "SYBR", "None", "", ""]))  # fmt: skip
    out.append("")
    out.append("[Results]")
    cols = ["Well", "Well Position", "Omit", "Sample Name", "Target Name", "Task", "Reporter", "Quencher", "CT",
            "Ct Mean", "Ct SD", "Quantity", "Quantity Mean", "Quantity SD", "Automatic Ct Threshold",
            "Ct Threshold", "Automatic Baseline", "Baseline Start", "Baseline End", "Amp Status", "Comments",
            "Cq Conf", "CQCONF", "EXPFAIL", "HIGHSD", "NOAMP"]  # fmt: skip
    out.append("\t".join(cols))
    for r in rows:
        ct = "Undetermined" if r["ct"] is None else _ct_repr(r["ct"])
        mean = "" if r["ct_mean"] is None else _ct_repr(r["ct_mean"])
        sd = "" if r["ct_sd"] is None else _ct_repr(r["ct_sd"])
        high = "Y" if r["ct_sd"] is not None and r["ct_sd"] > 0.5 else "N"
        noamp = "Y" if r["ct"] is None else "N"
        out.append("\t".join([str(r["well"]), r["pos"], "true" if r["omit"] else "false", r["sample"], r["target"],
                              r["task"], "SYBR", "None", ct, mean, sd, "", "", "", "true",
                              repr(Q_THRESHOLD[r["target"]]), "true", "3", str(r["baseline_end"]),
                              "No Amp" if r["ct"] is None else "Amp", "", repr(r["cqconf"]),
                              "Y" if r["ct"] is None else "N", noamp, high, noamp]))  # fmt: skip
    out.append("")
    out.append("[Melt Curve Result]")
    out.append("\t".join(["Well", "Well Position", "Omit", "Sample Name", "Target Name", "Task", "Reporter",
                          "Quencher", "Tm1", "Tm2", "Tm3", "Tm4"]))  # fmt: skip
    for r in rows:
        tm = "" if r["tm1"] is None else repr(r["tm1"])
        out.append("\t".join([str(r["well"]), r["pos"], "true" if r["omit"] else "false", r["sample"], r["target"],
                              r["task"], "SYBR", "None", tm, "", "", ""]))  # fmt: skip
    return "\r\n".join(out) + "\r\n"


def _od(conc: float) -> float:
    """A four-parameter logistic for the assay (zero 0.055, top 4.6, midpoint 165 pg/mL, slope 1.15)."""
    if conc <= 0:
        return 0.055
    return 0.055 + (4.6 - 0.055) / (1 + (165 / conc) ** 1.15)


def _build_elisa(rng: random.Random) -> tuple[dict, dict, dict, dict]:
    layout: dict[str, str] = {}
    for r, row in enumerate(E_ROWS):
        for c in (1, 2):
            layout[f"{row}{c}"] = f"STD{r + 1}" if r < 7 else "BLK"
    n = 0
    for cpair in range(5):
        for row in E_ROWS:
            n += 1
            for c in (3 + 2 * cpair, 4 + 2 * cpair):
                layout[f"{row}{c}"] = f"SPL{n}"
    conc: dict[str, float] = {"BLK": 0.0}
    for i, v in enumerate(E_STD_CONC):
        conc[f"STD{i + 1}"] = v
    sample_conc = {}
    for i in range(1, 41):
        u = rng.random()
        if f"SPL{i}" == E_CONC_SAMPLE:
            c = rng.uniform(24, 100)  # the sample a question reads off the curve: well inside the standards
        elif u < 0.15:
            c = rng.uniform(900, 2600)  # stimulated wells far above the top standard
        else:
            c = math.exp(rng.uniform(math.log(6), math.log(260)))
        sample_conc[f"SPL{i}"] = c
        conc[f"SPL{i}"] = c
    raw450: dict[str, float] = {}
    v570: dict[str, float] = {}
    for pos, ident in layout.items():
        raw450[pos] = _od(conc[ident]) * rng.gauss(1, 0.025) + rng.gauss(0, 0.004)
        v570[pos] = 0.044 + rng.gauss(0, 0.003)
    # scratches and bubbles: absorb at both wavelengths
    for pos in rng.sample(sorted(p for p, i in layout.items() if i.startswith("SPL") and i != E_CONC_SAMPLE), 5):
        s = rng.uniform(0.12, 0.35)
        raw450[pos] += s
        v570[pos] += s

    def corr_mean(ident: str) -> float:
        ps = [p for p, i in layout.items() if i == ident]
        return sum(raw450[p] - v570[p] for p in ps) / len(ps)

    def raw_mean(ident: str) -> float:
        ps = [p for p, i in layout.items() if i == ident]
        return sum(raw450[p] for p in ps) / len(ps)

    def ok(ident: str) -> bool:
        return all(raw450[p] < 3.95 for p, i in layout.items() if i == ident)

    # one sample's well scratched enough that the 450 nm reading alone ranks it above the true top sample
    spl = sorted({i for i in layout.values() if i.startswith("SPL") and ok(i)}, key=corr_mean, reverse=True)
    spl = [i for i in spl if i != E_CONC_SAMPLE]
    top = spl[0]
    gap = corr_mean(top) - corr_mean(spl[1])
    if gap < 0.05:  # keep the top sample clear of the next (the question must have one answer)
        for p, i in layout.items():
            if i == top:
                raw450[p] += 0.05 - gap
        assert ok(top)
    for cand in spl[1:8]:
        need = 2 * (raw_mean(top) - raw_mean(cand)) + 0.06
        ps = sorted((p for p, i in layout.items() if i == cand), key=lambda p: raw450[p])
        if need <= 0.5 and raw450[ps[0]] + need < 3.9:
            raw450[ps[0]] += need
            v570[ps[0]] += need
            break
    else:
        raise ValueError("no sample to scratch")
    od450: dict[str, float | None] = {}
    for pos in layout:
        v = round(raw450[pos], 3)
        od450[pos] = None if v > 4.0 else v
        v570[pos] = round(v570[pos], 3)
    return layout, od450, v570, sample_conc


def _xlsx(rows: list[list], sheet: str) -> bytes:
    """A minimal xlsx (inline strings, numbers as numbers) with fixed zip times."""

    def col(i: int) -> str:
        s = ""
        i += 1
        while i:
            i, r = divmod(i - 1, 26)
            s = chr(65 + r) + s
        return s

    xr = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, v in enumerate(row):
            if v is None or v == "":
                continue
            ref = f"{col(c)}{r}"
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                cells.append(f'<c r="{ref}"><v>{v!r}</v></c>')
            else:
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(v))}</t></is></c>')
        xr.append(f'<row r="{r}">{"".join(cells)}</row>')
    sheet_xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                 '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                 f'<sheetData>{"".join(xr)}</sheetData></worksheet>')  # fmt: skip
    parts = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
        f'<sheet name="{escape(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
        "xl/styles.xml": '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
        "xl/worksheets/sheet1.xml": sheet_xml,
    }  # fmt: skip
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, date_time=(2024, 3, 14, 14, 43, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def _elisa_rows(t: Truth) -> list[list]:
    rows: list[list] = [
        ["Software Version", "3.12.08"],
        ["Experiment File Path:", "C:\\Users\\Public\\Documents\\Experiments\\IL6 ELISA THP-1 2024-03-14.xpt"],
        ["Protocol File Path:", "C:\\Users\\Public\\Documents\\Protocols\\ELISA Abs 450-570.prt"],
        ["Plate Number", "Plate 1"],
        ["Date", "3/14/2024"],
        ["Time", "2:41:07 PM"],
        ["Reader Type:", "Synergy H1"],
        ["Reader Serial Number:", "21091412"],
        ["Reading Type", "Reader"],
        [],
        ["Procedure Details"],
        [],
        ["Plate Type", "96 WELL PLATE (Use plate lid)"],
        ["Eject plate on completion"],
        ["Read", "Absorbance Endpoint"],
        [None, "Full Plate"],
        [None, "Wavelengths:  450, 570"],
        [None, "Read Speed: Normal,  Delay: 100 msec,  Measurements/Data Point: 8"],
        [],
        ["Layout"],
        [None] + list(range(1, 13)),
    ]
    for row in E_ROWS:
        rows.append([row] + [t.elisa_layout[f"{row}{c}"] for c in range(1, 13)] + ["Well ID"])
    for wl, grid in ((450, t.elisa_450), (570, t.elisa_570)):
        rows.append([])
        rows.append([wl])
        rows.append([None] + list(range(1, 13)))
        for row in E_ROWS:
            vals = [grid[f"{row}{c}"] for c in range(1, 13)]
            rows.append([row] + ["OVRFLW" if v is None else v for v in vals] + [wl])
    return rows


# ==================================================================================================
# Home brewing: BeerSmith recipes as BeerXML and a Tilt hydrometer's cloud log
# ==================================================================================================

LB = 0.45359237
OZ = 0.028349523125
GAL = 3.785411784
# fermentable: (name, type, yield %, colour L, origin, supplier)
FERM = {
    "2row": ("Pale Malt (2 Row) US", "Grain", 79.0, 2.0, "United States", "Briess"),
    "pils": ("Pilsner (2 Row) Ger", "Grain", 81.0, 1.7, "Germany", "Weyermann\u00ae"),
    "mo": ("Pale Malt, Maris Otter", "Grain", 82.5, 3.0, "United Kingdom", "Crisp"),
    "munich": ("Munich Malt", "Grain", 80.0, 9.0, "Germany", "Weyermann\u00ae"),
    "vienna": ("Vienna Malt", "Grain", 78.0, 3.5, "Germany", "Weyermann\u00ae"),
    "wheat": ("Wheat Malt, Ger", "Grain", 84.0, 2.0, "Germany", "Weyermann\u00ae"),
    "c20": ("Caramel/Crystal Malt - 20L", "Grain", 75.0, 20.0, "US", "Briess"),
    "c40": ("Caramel/Crystal Malt - 40L", "Grain", 74.0, 40.0, "US", "Briess"),
    "c60": ("Caramel/Crystal Malt - 60L", "Grain", 74.0, 60.0, "US", "Briess"),
    "caramunich": ("Caramunich\u00ae II (Weyermann)", "Grain", 74.0, 45.0, "Germany", "Weyermann\u00ae"),
    "carapils": ("Carafoam\u00ae (Weyermann)", "Grain", 72.0, 2.0, "Germany", "Weyermann\u00ae"),
    "oats": ("Oats, Flaked", "Adjunct", 80.0, 1.0, "US", ""),
    "fbarley": ("Barley, Flaked", "Adjunct", 70.0, 1.7, "US", ""),
    "roast": ("Roasted Barley", "Grain", 55.0, 300.0, "US", "Briess"),
    "choc": ("Chocolate Malt", "Grain", 60.0, 350.0, "US", "Briess"),
    "whitewheat": ("White Wheat Malt", "Grain", 86.0, 2.4, "US", "Briess"),
    "candi": ("Candi Sugar, Clear", "Sugar", 78.3, 0.5, "Belgium", ""),
    "dextrose": ("Corn Sugar (Dextrose)", "Sugar", 91.0, 0.0, "US", ""),
    "biscuit": ("Biscuit Malt", "Grain", 79.0, 23.0, "Belgium", "Dingemans"),
}
# hop: name -> (alpha %, origin)
HOPS = {"Citra": (12.0, "US"), "Mosaic": (12.25, "US"), "Simcoe": (13.0, "US"), "Cascade": (5.5, "US"),
        "Centennial": (10.0, "US"), "Magnum": (14.0, "Germany"), "Saaz": (3.75, "Czech Republic"),
        "Hallertauer Mittelfr\u00fch": (4.0, "Germany"), "East Kent Goldings (EKG)": (5.0, "U.K."),
        "Fuggle": (4.5, "U.K."), "Styrian Goldings": (5.4, "Slovenia"), "Tettnang": (4.5, "Germany"),
        "Columbus (Tomahawk)": (14.0, "US"), "Galaxy": (14.0, "Australia")}  # fmt: skip
# yeast: key -> (name, type, form, lab, product id, attenuation %)
YEASTS = {"us05": ("Safale American", "Ale", "Dry", "DCL/Fermentis", "US-05", 77.0),
          "wlp001": ("California Ale", "Ale", "Liquid", "White Labs", "WLP001", 76.5),
          "1318": ("London Ale III", "Ale", "Liquid", "Wyeast Labs", "1318", 73.0),
          "1084": ("Irish Ale", "Ale", "Liquid", "Wyeast Labs", "1084", 73.0),
          "w3470": ("Saflager Lager", "Lager", "Dry", "DCL/Fermentis", "W-34/70", 83.0),
          "wlp300": ("Hefeweizen Ale", "Wheat", "Liquid", "White Labs", "WLP300", 74.0),
          "wlp530": ("Abbey Ale", "Ale", "Liquid", "White Labs", "WLP530", 78.0),
          "2565": ("Kolsch", "Ale", "Liquid", "Wyeast Labs", "2565", 75.0),
          "1968": ("London ESB Ale", "Ale", "Liquid", "Wyeast Labs", "1968", 69.0),
          "belle": ("Belle Saison", "Ale", "Dry", "Lallemand", "Belle Saison", 86.0)}  # fmt: skip
# recipe: name, (style, category, number, letter), boil min, batch gal, efficiency %, grains [(key, lb)],
# hops [(hop, oz, use, time: minutes, or days for a dry hop)], yeast, primary temp C
RECIPES = [
    ("Citra Pale Ale", ("American Pale Ale", "Pale American Ale", "18", "B"), 60, 5.5, 72,
     [("2row", 10.0), ("munich", 1.0), ("c40", 0.75)],
     [("Magnum", 0.5, "Boil", 60), ("Citra", 1.0, "Boil", 10), ("Citra", 1.5, "Aroma", 20), ("Citra", 2.0, "Dry Hop", 3)],
     "us05", 18.9),
    ("West Coast IPA", ("American IPA", "IPA", "21", "A"), 60, 5.5, 72,
     [("2row", 12.0), ("c20", 0.5), ("dextrose", 0.5)],
     [("Columbus (Tomahawk)", 0.75, "First Wort", 60), ("Simcoe", 1.0, "Boil", 15), ("Centennial", 1.0, "Boil", 5),
      ("Simcoe", 1.5, "Aroma", 20), ("Citra", 1.0, "Aroma", 20), ("Simcoe", 2.0, "Dry Hop", 4),
      ("Centennial", 1.0, "Dry Hop", 4)],
     "wlp001", 18.3),
    ("Hazy Daze NEIPA", ("Hazy IPA", "IPA", "21", "C"), 60, 5.5, 70,
     [("2row", 9.0), ("oats", 2.0), ("whitewheat", 1.5)],
     [("Citra", 0.25, "Boil", 60), ("Citra", 2.0, "Aroma", 20), ("Mosaic", 2.0, "Aroma", 20),
      ("Citra", 3.0, "Dry Hop", 4), ("Mosaic", 2.0, "Dry Hop", 4)],
     "1318", 19.4),
    ("Dry Irish Stout", ("Irish Stout", "Irish Beer", "15", "B"), 60, 5.5, 72,
     [("mo", 7.0), ("fbarley", 2.0), ("roast", 1.0)],
     [("East Kent Goldings (EKG)", 2.0, "Boil", 60)],
     "1084", 18.9),
    ("Bohemian Pilsner", ("Czech Premium Pale Lager", "Czech Lager", "3", "B"), 90, 5.5, 74,
     [("pils", 10.5), ("carapils", 0.5)],
     [("Saaz", 2.0, "First Wort", 90), ("Saaz", 1.5, "Boil", 30), ("Saaz", 2.0, "Boil", 10), ("Saaz", 1.0, "Aroma", 10)],
     "w3470", 10.0),
    ("Hefeweizen", ("Weissbier", "German Wheat Beer", "10", "A"), 60, 5.5, 72,
     [("wheat", 5.5), ("pils", 4.5)],
     [("Hallertauer Mittelfr\u00fch", 1.0, "Boil", 60)],
     "wlp300", 18.3),
    ("Belgian Tripel", ("Belgian Tripel", "Strong Belgian Ale", "26", "C"), 75, 5.5, 72,
     [("pils", 13.0), ("candi", 2.0)],
     [("Styrian Goldings", 1.5, "Boil", 60), ("Saaz", 1.0, "Boil", 15)],
     "wlp530", 19.4),
    ("K\u00f6lsch", ("K\u00f6lsch", "Pale Bitter European Beer", "5", "B"), 75, 5.5, 74,
     [("pils", 9.0), ("vienna", 1.0)],
     [("Hallertauer Mittelfr\u00fch", 1.5, "Boil", 60), ("Tettnang", 0.5, "Boil", 15)],
     "2565", 15.6),
    ("M\u00e4rzen", ("M\u00e4rzen", "Amber Malty European Lager", "6", "A"), 75, 5.5, 72,
     [("munich", 6.0), ("vienna", 4.0), ("pils", 2.0), ("caramunich", 0.5)],
     [("Hallertauer Mittelfr\u00fch", 1.5, "Boil", 60)],
     "w3470", 10.0),
    ("Oatmeal Stout", ("Oatmeal Stout", "Dark British Beer", "16", "B"), 60, 5.5, 70,
     [("mo", 8.0), ("oats", 1.0), ("choc", 0.75), ("roast", 0.5), ("c60", 0.5)],
     [("Fuggle", 1.5, "Boil", 60), ("East Kent Goldings (EKG)", 0.5, "Boil", 15)],
     "1968", 18.9),
    ("Extra Special Bitter", ("Strong Bitter", "British Bitter", "11", "C"), 60, 5.5, 72,
     [("mo", 9.0), ("c60", 0.75), ("biscuit", 0.25)],
     [("East Kent Goldings (EKG)", 1.0, "Boil", 60), ("Fuggle", 1.0, "Boil", 15), ("East Kent Goldings (EKG)", 1.0, "Aroma", 10)],
     "1968", 18.9),
    ("Farmhouse Saison", ("Saison", "Belgian Ale", "25", "B"), 60, 5.5, 72,
     [("pils", 9.0), ("wheat", 1.0), ("munich", 1.0)],
     [("Styrian Goldings", 1.0, "Boil", 60), ("Saaz", 1.0, "Boil", 10), ("Citra", 0.5, "Aroma", 15)],
     "belle", 22.2),
    ("Red Rocks Amber", ("American Amber Ale", "Amber and Brown American Beer", "19", "A"), 60, 5.5, 72,
     [("2row", 9.5), ("c60", 1.0), ("munich", 1.0), ("choc", 0.125)],
     [("Centennial", 0.75, "Boil", 60), ("Cascade", 1.0, "Boil", 10), ("Cascade", 1.0, "Dry Hop", 5)],
     "us05", 18.9),
    ("Galaxy SMaSH", ("American Pale Ale", "Pale American Ale", "18", "B"), 60, 5.5, 72,
     [("mo", 11.0)],
     [("Galaxy", 0.5, "Boil", 60), ("Galaxy", 1.5, "Aroma", 20), ("Galaxy", 2.5, "Dry Hop", 3)],
     "us05", 18.9),
]  # fmt: skip
# the batches the Tilts logged: recipe, Tilt colour, start, days logged, profile, OG - estimate, FG - estimate
TILT_BATCHES = [
    ("Dry Irish Stout", "RED", datetime(2024, 1, 6, 19, 40, 11), 9.0, "ale", 0.002, 0.001),
    ("Bohemian Pilsner", "BLUE", datetime(2024, 1, 20, 17, 12, 40), 24.0, "lager", 0.001, -0.001),
    ("Citra Pale Ale", "RED", datetime(2024, 2, 3, 16, 21, 5), 12.0, "dryhop", -0.001, 0.0),
    ("Hefeweizen", "RED", datetime(2024, 3, 2, 15, 5, 52), 8.0, "wheat", -0.010, -0.002),
    ("Hazy Daze NEIPA", "BLUE", datetime(2024, 3, 9, 18, 33, 27), 11.0, "neipa", 0.003, 0.003),
    ("Belgian Tripel", "RED", datetime(2024, 3, 23, 14, 46, 2), 18.0, "tripel", 0.002, -0.004),
    ("West Coast IPA", "BLUE", datetime(2024, 4, 13, 17, 55, 49), 12.0, "dryhop", 0.0, 0.001),
]  # fmt: skip
TILT_OFFSET = {"RED": 0.001, "BLUE": -0.001}  # neither Tilt was calibrated
TILT_KEGGED = "Hazy Daze NEIPA"  # its Tilt went into the sanitiser bucket and kept logging
TILT_TEMP_BEER = "Bohemian Pilsner"
TILT_COUNT_BEER = "Dry Irish Stout"
TILT_FG_BEER = "Belgian Tripel"
HOPS_RECIPE = "West Coast IPA"
EXCEL_EPOCH = datetime(1899, 12, 30)


def _build_recipes(rng: random.Random) -> list[dict]:
    out = []
    for name, style, boil, gal, eff, grains, hops, yeast, ptemp in RECIPES:
        ferms = []
        pts = 0.0
        mcu = 0.0
        for key, lb in grains:
            lb = lb + rng.choice([0, 0, 0, 0.25, -0.25]) if lb >= 2 else lb
            fname, ftype, yld, colour, origin, supplier = FERM[key]
            kg = round(lb * LB, 7)
            ppg = 46.21 * yld / 100
            pts += lb * ppg * (1.0 if ftype == "Sugar" else eff / 100)
            mcu += lb * colour
            ferms.append({"name": fname, "type": ftype, "kg": kg, "lb": lb, "yield": yld, "color": colour,
                          "origin": origin, "supplier": supplier})  # fmt: skip
        y = YEASTS[yeast]
        og = round(1 + pts / gal / 1000, 3)
        fg = round(1 + (og - 1) * (1 - y[5] / 100), 3)
        hop_rows = []
        ibu = 0.0
        for hname, oz, use, time in hops:
            oz = oz + rng.choice([0, 0, 0.25]) if use == "Dry Hop" else oz
            alpha = round(HOPS[hname][0] + rng.choice([-0.5, 0, 0, 0.5]), 2)
            minutes = time * 1440 if use == "Dry Hop" else time
            if use in ("Boil", "First Wort", "Aroma"):
                t_eff = time if use != "Aroma" else time * 0.3
                util = 1.65 * 0.000125 ** (og - 1) * (1 - math.exp(-0.04 * t_eff)) / 4.15
                ibu += util * alpha / 100 * oz * 7490 / gal * (1.1 if use == "First Wort" else 1.0)
            hop_rows.append({"name": hname, "alpha": alpha, "kg": round(oz * OZ, 7), "oz": oz, "use": use,
                             "time": float(minutes), "days": time if use == "Dry Hop" else None,
                             "origin": HOPS[hname][1], "form": "Pellet"})  # fmt: skip
        srm = 1.4922 * (mcu / gal) ** 0.6859
        out.append({"name": name, "style": style, "boil": boil, "gal": gal, "liters": round(gal * GAL, 7),
                    "efficiency": eff, "fermentables": ferms, "hops": hop_rows,
                    "yeasts": [{"name": y[0], "type": y[1], "form": y[2], "lab": y[3], "product_id": y[4],
                                "attenuation": y[5]}],
                    "est_og": og, "est_fg": fg, "est_abv": round((og - fg) * 131.25, 1), "ibu": round(ibu, 1),
                    "srm": round(srm, 1), "primary_temp": ptemp,
                    "date": f"{rng.randint(1, 28)} {rng.choice(['Sep', 'Oct', 'Nov', 'Dec'])} 2023"})  # fmt: skip
    return out


def _f7(x: float) -> str:
    return f"{x:.7f}"


def _recipes_xml(recipes: list[dict]) -> str:
    o = ['<?xml version="1.0" encoding="ISO-8859-1"?>', "<!-- BeerXML Format - Generated by BeerSmith 3 -->",
         "<RECIPES>"]  # fmt: skip

    def tag(name: str, value: object, ind: int) -> None:
        o.append(f"{' ' * ind}<{name}>{escape(str(value))}</{name}>")

    for r in recipes:
        o.append("<RECIPE>")
        tag("NAME", r["name"], 1)
        tag("VERSION", 1, 1)
        tag("TYPE", "All Grain", 1)
        tag("BREWER", "Jake Kowalski", 1)
        tag("ASST_BREWER", "", 1)
        tag("BATCH_SIZE", _f7(r["liters"]), 1)
        tag("BOIL_SIZE", _f7(r["liters"] + (1.5 if r["boil"] == 60 else 2.2) * GAL), 1)
        tag("BOIL_TIME", _f7(r["boil"]), 1)
        tag("EFFICIENCY", _f7(r["efficiency"]), 1)
        o.append(" <HOPS>")
        for h in r["hops"]:
            o.append("  <HOP>")
            tag("NAME", h["name"], 3)
            tag("VERSION", 1, 3)
            tag("ORIGIN", h["origin"], 3)
            tag("ALPHA", _f7(h["alpha"]), 3)
            tag("AMOUNT", _f7(h["kg"]), 3)
            tag("USE", h["use"], 3)
            tag("TIME", _f7(h["time"]), 3)
            tag("NOTES", "", 3)
            tag("TYPE", "Both", 3)
            tag("FORM", h["form"], 3)
            tag("BETA", _f7(4.5), 3)
            tag("HSI", _f7(25.0), 3)
            tag("DISPLAY_AMOUNT", f"{h['oz']:.2f} oz", 3)
            tag("INVENTORY", "0.00 oz", 3)
            tag("DISPLAY_TIME", f"{h['days']:.1f} days" if h["days"] else f"{h['time']:.1f} min", 3)
            o.append("  </HOP>")
        o.append(" </HOPS>")
        o.append(" <FERMENTABLES>")
        for f in r["fermentables"]:
            o.append("  <FERMENTABLE>")
            tag("NAME", f["name"], 3)
            tag("VERSION", 1, 3)
            tag("TYPE", f["type"], 3)
            tag("AMOUNT", _f7(f["kg"]), 3)
            tag("YIELD", _f7(f["yield"]), 3)
            tag("COLOR", _f7(f["color"]), 3)
            tag("ADD_AFTER_BOIL", "FALSE", 3)
            tag("ORIGIN", f["origin"], 3)
            tag("SUPPLIER", f["supplier"], 3)
            tag("NOTES", "", 3)
            tag("DISPLAY_AMOUNT", f"{f['lb']:.2f} lb", 3)
            tag("DISPLAY_COLOR", f"{f['color']:.1f} SRM", 3)
            o.append("  </FERMENTABLE>")
        o.append(" </FERMENTABLES>")
        o.append(" <MISCS>")
        o.append("  <MISC>")
        tag("NAME", "Whirlfloc Tablet", 3)
        tag("VERSION", 1, 3)
        tag("TYPE", "Fining", 3)
        tag("USE", "Boil", 3)
        tag("AMOUNT", _f7(1.0), 3)
        tag("TIME", _f7(15.0), 3)
        tag("AMOUNT_IS_WEIGHT", "FALSE", 3)
        tag("DISPLAY_AMOUNT", "1.00 Items", 3)
        o.append("  </MISC>")
        o.append(" </MISCS>")
        o.append(" <YEASTS>")
        for y in r["yeasts"]:
            dry = y["form"] == "Dry"
            o.append("  <YEAST>")
            tag("NAME", y["name"], 3)
            tag("VERSION", 1, 3)
            tag("TYPE", y["type"], 3)
            tag("FORM", y["form"], 3)
            tag("AMOUNT", _f7(0.0115 if dry else 0.125), 3)
            tag("AMOUNT_IS_WEIGHT", "TRUE" if dry else "FALSE", 3)
            tag("LABORATORY", y["lab"], 3)
            tag("PRODUCT_ID", y["product_id"], 3)
            tag("ATTENUATION", _f7(y["attenuation"]), 3)
            tag("DISPLAY_AMOUNT", "11.5 g" if dry else "1.0 pkg", 3)
            o.append("  </YEAST>")
        o.append(" </YEASTS>")
        o.append(" <WATERS/>")
        s = r["style"]
        o.append(" <STYLE>")
        tag("NAME", s[0], 2)
        tag("CATEGORY", s[1], 2)
        tag("VERSION", 1, 2)
        tag("CATEGORY_NUMBER", s[2], 2)
        tag("STYLE_LETTER", s[3], 2)
        tag("STYLE_GUIDE", "BJCP 2021", 2)
        tag("TYPE", "Lager" if "Lager" in s[1] or s[0] == "Märzen" else "Ale", 2)
        o.append(" </STYLE>")
        o.append(" <MASH>")
        tag("NAME", "Single Infusion, Medium Body, Batch Sparge", 2)
        tag("VERSION", 1, 2)
        tag("GRAIN_TEMP", _f7(22.2222222), 2)
        o.append("  <MASH_STEPS>")
        o.append("   <MASH_STEP>")
        tag("NAME", "Mash In", 4)
        tag("VERSION", 1, 4)
        tag("TYPE", "Infusion", 4)
        tag("STEP_TEMP", _f7(66.6666667), 4)
        tag("STEP_TIME", _f7(60.0), 4)
        o.append("   </MASH_STEP>")
        o.append("  </MASH_STEPS>")
        o.append(" </MASH>")
        tag("NOTES", "", 1)
        tag("OG", _f7(r["est_og"]), 1)
        tag("FG", _f7(r["est_fg"]), 1)
        tag("FERMENTATION_STAGES", 1, 1)
        tag("PRIMARY_AGE", _f7(14.0), 1)
        tag("PRIMARY_TEMP", _f7(r["primary_temp"]), 1)
        tag("CARBONATION", _f7(2.4), 1)
        tag("DATE", r["date"], 1)
        tag("EST_OG", f"{r['est_og']:.3f} SG", 1)
        tag("EST_FG", f"{r['est_fg']:.3f} SG", 1)
        tag("EST_COLOR", f"{r['srm']:.1f} SRM", 1)
        tag("IBU", f"{r['ibu']:.1f} IBUs", 1)
        tag("IBU_METHOD", "Tinseth", 1)
        tag("EST_ABV", f"{r['est_abv']:.1f} %", 1)
        tag("DISPLAY_BATCH_SIZE", f"{r['gal']:.2f} gal", 1)
        tag("DISPLAY_OG", f"{r['est_og']:.3f} SG", 1)
        tag("DISPLAY_FG", f"{r['est_fg']:.3f} SG", 1)
        tag("DISPLAY_PRIMARY_TEMP", f"{r['primary_temp'] * 9 / 5 + 32:.1f} F", 1)
        o.append("</RECIPE>")
    o.append("</RECIPES>")
    return "\n".join(o) + "\n"


def _temp_f(profile: str, t: float, days: float, rng: random.Random) -> float:
    """The beer's temperature in degrees Fahrenheit, t days after pitching."""
    if profile == "lager":  # 50 F, a diacetyl rest at 62 F from day 10, then down to 34 F from day 14
        base = 50 if t < 10 else (50 + 12 * min(1.0, t - 10) if t < 14 else max(34, 62 - 14 * (t - 14)))
    elif profile == "tripel":  # pitched cool and left to rise
        base = 64 + min(14, max(0, t - 1.5) * 2.2)
    elif profile == "wheat":
        base = 64 if t < 3 else 66
    elif profile == "ale":
        base = 66
    else:  # dryhop, neipa: 64 F, raised to 68 F after day 4; the dry-hopped ales cold crashed for two days
        base = 64 if t < 4 else 68
        if profile == "dryhop" and t >= days - 2.0:
            base = max(34, 68 - 40 * (t - (days - 2.0)))
    if 0.8 < t < 3.5 and profile != "lager":
        base += 1.6  # the fermentation's own heat
    return base + rng.gauss(0, 0.35)


def _build_tilt(rng: random.Random, recipes: list[dict]) -> list[dict]:
    est = {r["name"]: r for r in recipes}
    rows = []
    for beer, colour, start, days, profile, d_og, d_fg in TILT_BATCHES:
        r = est[beer]
        og = r["est_og"] + d_og
        fg = r["est_fg"] + d_fg
        lag, width = {"lager": (3.5, 1.2), "tripel": (2.6, 0.9), "wheat": (1.3, 0.4)}.get(profile, (1.8, 0.5))
        s0 = 1 / (1 + math.exp(-lag / width))
        gap = rng.uniform(2, days - 2)
        gap_len = rng.uniform(0.08, 0.25)
        n = int(days * 96)
        kegged_at = n - 1 if beer == TILT_KEGGED else None
        tail = int(1.6 * 96) if beer == TILT_KEGGED else 0
        dry_at = int((6 if profile == "dryhop" else 7.5) * 96) if profile in ("dryhop", "neipa") else None
        crash_at = int((days - 2.0) * 96) if profile == "dryhop" else (int(14 * 96) if profile == "lager" else None)
        for k in range(n + tail):
            t = k / 96
            if gap < t < gap + gap_len:
                continue
            ts = start + timedelta(minutes=15 * k, seconds=rng.randint(0, 40))
            if k < n:
                frac = min(1.0, (1 / (1 + math.exp((t - lag) / width))) / s0)
                sg = fg + (og - fg) * frac + TILT_OFFSET[colour] + rng.gauss(0, 0.00035)
                temp = _temp_f(profile, t, days, rng)
            else:
                sg = 1.000 + TILT_OFFSET[colour] + rng.gauss(0, 0.0004)
                temp = 69 + rng.gauss(0, 0.8)
            comment = ""
            if k == 0:
                comment = f"Pitched {r['yeasts'][0]['product_id']}"
            elif k == dry_at:
                comment = "Dry hopped"
            elif k == crash_at:
                comment = "Cold crash" if profile != "lager" else "Diacetyl rest done, crashing to lager temp"
            elif k == kegged_at:
                comment = "Kegged"
            elif k == n:
                comment = "Tilt in Star San"
            rows.append({"ts": ts, "sg": round(sg, 3), "temp": int(round(temp)), "color": colour, "beer": beer,
                         "comment": comment})  # fmt: skip
    rows.sort(key=lambda x: x["ts"])
    return rows


def timepoint(ts: datetime) -> float:
    """The spreadsheet serial date of a time (days since 1899-12-30), as the log writes it."""
    return round((ts - EXCEL_EPOCH).total_seconds() / 86400, 10)


def _tilt_csv(rows: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["Timestamp", "Timepoint", "SG", "Temp", "Color", "Beer", "Comment"])
    for r in rows:
        ts = r["ts"]
        w.writerow([f"{ts.month}/{ts.day}/{ts.year} {ts.hour}:{ts.minute:02d}:{ts.second:02d}",
                    f"{timepoint(ts):.10f}".rstrip("0"), f"{r['sg']:.3f}", r["temp"], r["color"], r["beer"],
                    r["comment"]])  # fmt: skip
    return buf.getvalue()


# ==================================================================================================
# Terrain: an SRTM GL3 cut as an ESRI ASCII grid and GNIS names for three Colorado counties
# ==================================================================================================

CELL = 1 / 1200  # 3 arc-seconds
D_WEST, D_SOUTH, D_NCOLS, D_NROWS = -105.90, 39.52, 360, 240  # the cell-edge box before the half-cell shift
EXT = (39.42, 39.84, -106.04, -105.505)  # lat min, lat max, lon min, lon max of the three counties' cut
KM_LAT = 111.0
KM_LON = 111.32 * math.cos(math.radians(39.62))
# (name, lat, lon, elevation m, county): real summits, coordinates and heights as remembered (approximate)
NAMED_SUMMITS = [
    ("Grays Peak", 39.63389, -105.8175, 4352, "Clear Creek"), ("Torreys Peak", 39.64278, -105.82111, 4349, "Clear Creek"),
    ("Mount Evans", 39.58833, -105.64361, 4348, "Clear Creek"), ("Mount Bierstadt", 39.58278, -105.66861, 4285, "Clear Creek"),
    ("Mount Spalding", 39.6, -105.65389, 4191, "Clear Creek"), ("Rogers Peak", 39.60944, -105.64139, 4082, "Clear Creek"),
    ("Mount Warren", 39.59611, -105.62444, 4056, "Clear Creek"), ("Mount Edwards", 39.63944, -105.78333, 4221, "Clear Creek"),
    ("Argentine Peak", 39.60889, -105.79944, 4187, "Clear Creek"), ("Mount McClellan", 39.63611, -105.76861, 4141, "Clear Creek"),
    ("Kelso Mountain", 39.65444, -105.80167, 4012, "Clear Creek"), ("Mount Wilcox", 39.61222, -105.74222, 4087, "Clear Creek"),
    ("Square Top Mountain", 39.58722, -105.75056, 4204, "Clear Creek"), ("Grizzly Peak", 39.64611, -105.84306, 4093, "Summit"),
    ("Mount Sniktau", 39.67944, -105.85972, 4034, "Clear Creek"), ("Mount Parnassus", 39.665, -105.86917, 4137, "Clear Creek"),
    ("Bard Peak", 39.71583, -105.80417, 4158, "Clear Creek"), ("Republican Mountain", 39.71111, -105.72389, 3775, "Clear Creek"),
    ("Griffith Mountain", 39.69, -105.68917, 3650, "Clear Creek"), ("Silver Plume Mountain", 39.70556, -105.75944, 3803, "Clear Creek"),
    ("Pendleton Mountain", 39.66667, -105.63944, 3741, "Clear Creek"), ("Santa Fe Peak", 39.57056, -105.87944, 4017, "Summit"),
    ("Geneva Mountain", 39.55528, -105.81472, 3760, "Park"), ("Mount Goliath", 39.62278, -105.59278, 3723, "Clear Creek"),
    ("Chief Mountain", 39.68222, -105.53056, 3569, "Clear Creek"),
]  # fmt: skip
SUMMIT_Q = "Grays Peak"
# generated summits (hidden peaks of the terrain); duplicates of real names are as in GNIS
SUMMIT_NAMES = ["Bald Mountain", "Red Mountain", "Sherman Mountain", "Saxon Mountain", "Democrat Mountain",
                "Colorado Mountain", "Lincoln Mountain", "Douglas Mountain", "Cooper Peak", "Mount Bethel",
                "Woods Mountain", "Ganley Mountain", "Hagar Mountain", "Otter Mountain", "Teller Mountain",
                "Sugarloaf Peak", "Landslide Peak", "Mount Machebeuf", "Engelmann Peak", "Robeson Peak",
                "Breckinridge Peak", "Mount Flora", "Mount Eva", "Parry Peak", "Stanley Mountain", "Vasquez Peak",
                "Hells Hole Peak", "Gray Wolf Mountain", "Rosalie Peak", "Epaulet Mountain", "Spearhead",
                "Chicago Peak", "Snoopy Peak", "Independence Mountain", "Revenue Mountain", "Glacier Mountain",
                "Teller Point", "Panther Mountain", "Silver Mountain", "Leavenworth Mountain", "Alps Mountain",
                "Seaton Mountain", "Columbia Mountain", "Sheep Mountain", "Elephant Butte", "Lost Peak",
                "Cub Peak", "Hoosier Ridge Point", "Sawtooth", "Mount Guyot", "Whale Peak", "Bullion Point",
                "Wildcat Point", "North Star Mountain", "Wheeler Peak", "Crystal Peak", "Hat Peak", "Tip Top Peak",
                "Bald Mountain", "Red Mountain", "Sheep Mountain"]  # fmt: skip
STREAM_ROOTS = ["Bear", "Beaver", "Elk", "Deer", "Silver", "Leavenworth", "Chicago", "Quayle", "Geneva", "Scott Gomer",
                "Duck", "Grizzly", "Stevens", "Kearney", "Ruby", "Cherokee", "Lost", "Cabin", "Fall River", "Spring",
                "Trout", "Lion", "Ute", "Mad", "Bard", "Clear", "Peru", "Cascade", "Hoop", "Naylor", "Lake",
                "Bakerville", "Browns", "Dry", "Mill", "Texas", "Mosquito", "Kirby", "Bethel", "Soda", "Lewis",
                "Hells Hole", "Roosevelt", "Saxon", "Ball", "Alvarado", "Dumont", "Pisgah", "Rockhouse", "Snyder"]  # fmt: skip
LAKE_NAMES = ["Abyss Lake", "Summit Lake", "Chicago Lakes", "Frozen Lake", "Silver Dollar Lake", "Murray Lake",
              "Naylor Lake", "Clear Lake", "Green Lake", "Echo Lake", "Roosevelt Lakes", "Steuart Lake",
              "Lost Lake", "Upper Square Top Lake", "Lower Square Top Lake", "Lake Edith", "Ice Lake", "Loch Lomond",
              "Reynolds Lake", "Fall River Reservoir", "Slater Lake", "Sherwin Lake", "Lake Caroline", "Ohman Lake",
              "Byron Lake", "Hassell Lake", "Bill Moore Lake", "Lake Quivira", "Sunset Lake", "Hidden Lake",
              "Crater Lake", "Snow Lake", "Goose Lake", "Mud Lake", "Blue Lake", "Lost Lake", "Hidden Lake",
              "Mud Lake", "Upper Chicago Lake", "Lower Chicago Lake"]  # fmt: skip
MINE_ROOTS = ["Pelican", "Dives", "Seven-Thirty", "Mendota", "Terrible", "Stevens", "Baltimore", "Colorado Central",
              "Smuggler", "Dunderberg", "Equator", "Burleigh", "Silver Queen", "Franklin", "Lebanon", "Everett",
              "Champion", "Hercules", "Wisconsin", "Victoria", "Pay Rock", "Joe Reynolds", "Centennial", "Kitty Clyde",
              "Fish", "Frostburg", "Marshall", "Corry City", "Aetna", "Hukill", "Anglo-Saxon", "Argentine",
              "Belmont", "Bismarck", "Cashier", "Comet", "Elephant", "Gold Dirt", "Hidden Treasure", "Little Emma",
              "Magnet", "Morning Star", "Nelson", "Ocean Wave", "Paymaster", "Pennsylvania", "Red Elephant",
              "Silver Ore", "Stars and Stripes", "Sunburst", "Tom Moore", "Waldorf", "Wide West", "Wild Dutchman"]  # fmt: skip
OTHER = [  # (class, names, how many)
    ("Spring", ["Soda Spring", "Cold Spring", "Iron Spring", "Hot Springs", "Big Spring"], 18),
    ("Basin", ["Stevens Basin", "Horseshoe Basin", "Chicago Basin", "Silver Basin", "Grizzly Basin", "Geneva Basin"], 14),
    ("Valley", ["Hells Hole", "Bakerville Valley", "Leavenworth Valley", "Devils Gate Valley"], 8),
    ("Locale", ["Waldorf", "Bakerville", "Graymont", "Lamartine", "Georgetown Loop", "Guanella Campground",
                "Clear Lake Campground", "Echo Lake Campground", "Loveland Ski Area", "Silver Dale"], 30),
    ("Gap", ["Argentine Pass", "Loveland Pass", "Stevens Gulch Pass", "Shelf Lake Pass", "Webster Pass"], 9),
    ("Trail", ["Grays Peak Trail", "Chicago Lakes Trail", "Square Top Lakes Trail", "Bierstadt Trail",
               "Argentine Pass Trail", "Silver Dollar Lake Trail"], 12),
    ("Reservoir", ["Georgetown Reservoir", "Green Lake Reservoir", "Cabin Creek Reservoir", "Clear Lake Reservoir"], 7),
    ("Dam", ["Georgetown Dam", "Green Lake Dam", "Cabin Creek Dam", "Clear Lake Dam"], 7),
    ("Cemetery", ["Alvarado Cemetery", "Silver Plume Cemetery", "Bakerville Cemetery"], 4),
    ("Building", ["Hamill House", "Hotel de Paris", "Grace Episcopal Church", "Georgetown Community Center"], 8),
    ("Falls", ["Bridal Veil Falls", "Silver Falls", "Naylor Falls"], 5),
    ("Ridge", ["Kelso Ridge", "Sawtooth Ridge", "Gray Wolf Ridge", "Geneva Ridge"], 9),
    ("Tunnel", ["Eisenhower Tunnel", "Johnson Tunnel", "Stevens Tunnel", "Pelican Tunnel", "Argentine Tunnel"], 10),
    ("Park", ["Geneva Park", "Duck Lake Park", "Alvarado Park"], 5),
    ("Flat", ["Guanella Flat", "Bakerville Flat", "Silver Flat"], 6),
]  # fmt: skip
PLACES = [("Georgetown", 39.70611, -105.6975, 2590, "Clear Creek"), ("Silver Plume", 39.69583, -105.72583, 2786, "Clear Creek"),
          ("Bakerville", 39.69222, -105.80417, 2980, "Clear Creek"), ("Montezuma", 39.58056, -105.86722, 3149, "Summit"),
          ("Empire", 39.76, -105.68361, 2621, "Clear Creek"), ("Idaho Springs", 39.7425, -105.51361, 2294, "Clear Creek"),
          ("Dumont", 39.76, -105.6, 2430, "Clear Creek"), ("Lawson", 39.76389, -105.62667, 2474, "Clear Creek"),
          ("Brownsville (historical)", 39.69556, -105.7375, 2760, "Clear Creek"),
          ("Waldorf (historical)", 39.63944, -105.765, 3505, "Clear Creek"),
          ("Santiago (historical)", 39.61556, -105.77417, 3475, "Clear Creek"),
          ("Grant", 39.46, -105.66, 2637, "Park")]  # fmt: skip
COUNTY_FIPS = {"Clear Creek": "019", "Summit": "117", "Park": "093"}
QUADS = [("Loveland Pass", -106.0, 39.625), ("Grays Peak", -105.875, 39.625), ("Georgetown", -105.75, 39.625),
         ("Idaho Springs", -105.625, 39.625), ("Keystone", -106.0, 39.5), ("Montezuma", -105.875, 39.5),
         ("Mount Evans", -105.75, 39.5), ("Harris Park", -105.625, 39.5), ("Berthoud Pass", -105.875, 39.75),
         ("Empire", -105.75, 39.75), ("Squaw Pass", -105.625, 39.75), ("Jefferson", -105.875, 39.375),
         ("Observatory Rock", -105.75, 39.375), ("Mount Logan", -105.625, 39.375), ("Dillon", -106.125, 39.625),
         ("Frisco", -106.125, 39.5), ("Breckenridge", -106.125, 39.375), ("Boreas Pass", -106.0, 39.375),
         ("Byers Peak", -106.0, 39.75), ("Fraser", -106.125, 39.75)]  # fmt: skip


def _quad(lat: float, lon: float) -> str:
    for name, w, s in QUADS:
        if w <= lon < w + 0.125 and s <= lat < s + 0.125:
            return name
    raise ValueError(f"no quadrangle for {lat}, {lon}")


def _county(lat: float, lon: float) -> str:
    if lat < 39.565 and lon > -105.86:
        return "Park"
    if lon < -105.835 or (lat < 39.6 and lon < -105.8):
        return "Summit"
    return "Clear Creek"


def dem_header_lines() -> list[str]:
    xll = f"{D_WEST - CELL / 2:.12f}"
    yll = f"{D_SOUTH - CELL / 2:.12f}"
    return [f"ncols        {D_NCOLS}", f"nrows        {D_NROWS}", f"xllcorner    {xll}", f"yllcorner    {yll}",
            f"cellsize     {CELL:.15f}", "NODATA_value  -9999"]  # fmt: skip


def _parsed_header() -> dict:
    vals = [line.split()[1] for line in dem_header_lines()]
    return {"ncols": int(vals[0]), "nrows": int(vals[1]), "xll": float(vals[2]), "yll": float(vals[3]),
            "cellsize": float(vals[4]), "nodata": int(vals[5])}  # fmt: skip


def cell_of(h: dict, lat: float, lon: float) -> tuple[int, int] | None:
    """(row, col) of the cell holding a point, rows counted from the north edge; None outside the grid."""
    top = h["yll"] + h["nrows"] * h["cellsize"]
    col = math.floor((lon - h["xll"]) / h["cellsize"])
    row = math.floor((top - lat) / h["cellsize"])
    if 0 <= row < h["nrows"] and 0 <= col < h["ncols"]:
        return row, col
    return None


def edge_margin(h: dict, lat: float, lon: float) -> float:
    """How far (in cells) a point lies from the nearest cell edge."""
    top = h["yll"] + h["nrows"] * h["cellsize"]
    fx = (lon - h["xll"]) / h["cellsize"]
    fy = (top - lat) / h["cellsize"]
    return min(fx - math.floor(fx), math.ceil(fx) - fx, fy - math.floor(fy), math.ceil(fy) - fy)


def _dms(v: float, lat: bool) -> tuple[str, float]:
    """Whole-second DMS text (393802N, 1054904W) and the decimal degrees GNIS derives from it."""
    a = abs(v)
    d = int(a)
    m = int((a - d) * 60)
    s = int(round((a - d - m / 60) * 3600))
    if s == 60:
        m, s = m + 1, 0
    if m == 60:
        d, m = d + 1, 0
    dec = round(d + m / 60 + s / 3600, 7)
    if lat:
        return f"{d:02d}{m:02d}{s:02d}{'N' if v >= 0 else 'S'}", dec
    return f"{d:03d}{m:02d}{s:02d}{'W' if v < 0 else 'E'}", -dec


def _build_terrain(rng: random.Random) -> tuple[list[list[int]], dict, list[dict]]:
    h = _parsed_header()
    nr, nc, cs = h["nrows"], h["ncols"], h["cellsize"]
    top = h["yll"] + nr * cs
    lats = [top - (r + 0.5) * cs for r in range(nr)]
    lons = [h["xll"] + (c + 0.5) * cs for c in range(nc)]
    # peaks: the real summits (apex a little under the GNIS height, as a 90 m grid reads a sharp top) and
    # hidden peaks that become generated summits
    peaks = []
    for name, lat, lon, elev, _county_name in NAMED_SUMMITS:
        peaks.append({"lat": lat, "lon": lon, "h": elev - rng.uniform(4, 30), "g": rng.uniform(330, 470),
                      "name": name})  # fmt: skip
    hidden = []
    while len(hidden) < 60:
        lat = rng.uniform(39.45, 39.80)
        lon = rng.uniform(-106.0, -105.5)
        if any(abs(lat - p["lat"]) < 0.012 and abs(lon - p["lon"]) < 0.015 for p in peaks + hidden):
            continue
        hidden.append({"lat": lat, "lon": lon, "h": rng.uniform(3450, 4000), "g": rng.uniform(300, 430), "name": None})
    peaks += hidden
    waves = [(rng.uniform(10, 32), rng.uniform(-1, 1) * 260, rng.uniform(-1, 1) * 260, rng.uniform(0, 6.28))
             for _ in range(6)]  # fmt: skip
    grid = [[0.0] * nc for _ in range(nr)]
    for r, lat in enumerate(lats):
        row = grid[r]
        for c, lon in enumerate(lons):
            tw = (-105.60 - lon) / 0.30
            base = 2330 + 950 * tw + 420 * (1 - math.exp(-(((lat - 39.705) / 0.035) ** 2)))
            row[c] = base + sum(a * math.sin(fx * lon + fy * lat + ph) for a, fx, fy, ph in waves)
    for p in peaks:
        reach = (p["h"] - 2300) / p["g"]  # km
        r0 = max(0, math.floor((top - p["lat"] - reach / KM_LAT) / cs))
        r1 = min(nr - 1, math.ceil((top - p["lat"] + reach / KM_LAT) / cs))
        c0 = max(0, math.floor((p["lon"] - reach / KM_LON - h["xll"]) / cs))
        c1 = min(nc - 1, math.ceil((p["lon"] + reach / KM_LON - h["xll"]) / cs))
        for r in range(r0, r1 + 1):
            dy = (lats[r] - p["lat"]) * KM_LAT
            row = grid[r]
            for c in range(c0, c1 + 1):
                dx = (lons[c] - p["lon"]) * KM_LON
                v = p["h"] - p["g"] * math.sqrt(dx * dx + dy * dy)
                if v > row[c]:
                    row[c] = v
    dem = [[int(round(v + rng.uniform(-2, 2))) for v in row] for row in grid]
    # voids in steep high ground, as SRTM has them; none right at the summit the questions look up
    keep_clear = set()
    gr = cell_of(h, *_dms_pair(NAMED_SUMMITS[0][1], NAMED_SUMMITS[0][2]))
    for dr in range(-3, 4):
        for dc in range(-3, 4):
            keep_clear.add((gr[0] + dr, gr[1] + dc))
    blobs = 0
    while blobs < 16:
        r, c = rng.randrange(nr), rng.randrange(nc)
        if dem[r][c] < 3650:
            continue
        blobs += 1
        rad = rng.uniform(2.0, 7.5)
        for rr in range(max(0, r - 8), min(nr, r + 9)):
            for cc in range(max(0, c - 8), min(nc, c + 9)):
                if (rr - r) ** 2 + ((cc - c) * 0.8) ** 2 <= rad * rad and rng.random() < 0.88:
                    if (rr, cc) not in keep_clear:
                        dem[rr][cc] = -9999
    return dem, h, hidden


def _dms_pair(lat: float, lon: float) -> tuple[float, float]:
    return _dms(lat, True)[1], _dms(lon, False)[1]


def _dem_at(dem: list[list[int]], h: dict, lat: float, lon: float) -> int | None:
    rc = cell_of(h, lat, lon)
    if rc is None:
        return None
    v = dem[rc[0]][rc[1]]
    return None if v == h["nodata"] else v


def _build_gnis(rng: random.Random, dem: list[list[int]], h: dict, hidden: list[dict]) -> list[dict]:
    used_ids: set[int] = set()

    def fid(old: bool = True) -> int:
        while True:
            v = rng.randint(170_000, 204_999) if old else rng.choice([rng.randint(1_728_000, 1_729_999),
                                                                      rng.randint(2_779_000, 2_789_999)])  # fmt: skip
            if v not in used_ids:
                used_ids.add(v)
                return v

    def created() -> str:
        u = rng.random()
        if u < 0.55:
            return "10/13/1978"
        if u < 0.7:
            return "11/13/1980"
        if u < 0.8:
            return "01/19/1981"
        d = datetime(1985, 1, 1) + timedelta(days=rng.randint(0, 12_500))
        return d.strftime("%m/%d/%Y")

    def edited() -> str:
        if rng.random() < 0.7:
            return ""
        d = datetime(1992, 1, 1) + timedelta(days=rng.randint(0, 10_800))
        return d.strftime("%m/%d/%Y")

    feats: list[dict] = []

    def add(
        name: str,
        cls: str,
        lat: float | None,
        lon: float | None,
        elev: int | None,
        county: str | None = None,
        src: tuple[float, float] | None = None,
        old: bool = True,
    ) -> dict:
        if lat is None:
            county = county or "Clear Creek"
            f = {"lat_dms": "Unknown", "lon_dms": "Unknown", "lat": 0.0, "lon": 0.0, "map": "Unknown"}
        else:
            la_t, la = _dms(lat, True)
            lo_t, lo = _dms(lon, False)
            county = county or _county(la, lo)
            f = {"lat_dms": la_t, "lon_dms": lo_t, "lat": la, "lon": lo, "map": _quad(la, lo)}
        if src is not None:
            sla_t, sla = _dms(src[0], True)
            slo_t, slo = _dms(src[1], False)
            f.update({"src_lat_dms": sla_t, "src_lon_dms": slo_t, "src_lat": sla, "src_lon": slo})
        else:
            f.update({"src_lat_dms": "", "src_lon_dms": "", "src_lat": None, "src_lon": None})
        f.update({"id": fid(old), "name": name, "cls": cls, "county": county, "elev_m": elev,
                  "elev_ft": None if elev is None else int(round(elev * 3.28084)), "created": created(),
                  "edited": edited()})  # fmt: skip
        feats.append(f)
        return f

    def elev_here(lat: float, lon: float, spread: float = 6.0) -> int | None:
        v = _dem_at(dem, h, *_dms_pair(lat, lon))
        if v is None:
            return None
        return int(round(v + rng.gauss(0, spread)))

    def point_in_ext() -> tuple[float, float]:
        return rng.uniform(EXT[0], EXT[1]), rng.uniform(EXT[2], EXT[3])

    def inside(q: tuple[float, float]) -> bool:
        return EXT[0] <= q[0] <= EXT[1] and EXT[2] <= q[1] <= EXT[3]

    for name, lat, lon, elev, county in NAMED_SUMMITS:
        add(name, "Summit", lat, lon, elev, county)
    # generated summits at the hidden peaks; GNIS heights from an older survey, a little off the grid's
    top = h["yll"] + h["nrows"] * h["cellsize"]
    right = h["xll"] + h["ncols"] * h["cellsize"]
    misplaced = rng.choice([k for k, p in enumerate(hidden) if SUMMIT_NAMES.count(SUMMIT_NAMES[k]) == 1
                            and h["yll"] + 0.02 < p["lat"] < top - 0.02 and h["xll"] + 0.02 < p["lon"] < right - 0.02])  # fmt: skip
    for k, p in enumerate(hidden):
        name = SUMMIT_NAMES[k]
        lat, lon = p["lat"], p["lon"]
        elev = int(round(p["h"] + rng.gauss(12, 8)))
        if k == misplaced:  # plotted about 600 m off the top, down the slope
            ang = rng.uniform(0, 6.28)
            lat, lon = lat + 0.0055 * math.sin(ang), lon + 0.007 * math.cos(ang)
        f = add(name, "Summit", lat, lon, elev if rng.random() > 0.06 else None)
        f["_misplaced"] = k == misplaced
    for name, lat, lon, elev, county in PLACES:
        add(name, "Populated Place", lat, lon, elev, county)
    # streams: head near a peak, mouth lower down; some without a source point
    for _ in range(170):
        root = rng.choice(STREAM_ROOTS)
        kind = rng.choice(["Creek", "Creek", "Creek", "Gulch", "Gulch", "Fork"])
        name = (
            f"{rng.choice(['North', 'South', 'East', 'West', 'Middle'])} Fork {root} Creek"
            if kind == "Fork"
            else f"{root} {kind}"
        )
        p = rng.choice(hidden + [{"lat": s[1], "lon": s[2]} for s in NAMED_SUMMITS])
        cands = []
        for _ in range(5):
            a = rng.uniform(0, 6.28)
            dist = rng.uniform(0.004, 0.012)
            cands.append((p["lat"] + dist * math.sin(a), p["lon"] + dist * 1.3 * math.cos(a)))
        cands = [q for q in cands if inside(q)]
        if not cands:
            continue
        src = max(cands, key=lambda q: _dem_at(dem, h, *_dms_pair(*q)) or -1)
        mouths = []
        for _ in range(6):
            a = rng.uniform(0, 6.28)
            dist = rng.uniform(0.02, 0.07)
            mouths.append((src[0] + dist * math.sin(a), src[1] + dist * 1.3 * math.cos(a)))
        mouths = [q for q in mouths if inside(q)]
        if not mouths:
            continue
        mouth = min(mouths, key=lambda q: _dem_at(dem, h, *_dms_pair(*q)) or 99_999)
        em = elev_here(*mouth, spread=4)
        if em is None:
            em = int(rng.uniform(2500, 3300)) if rng.random() < 0.7 else None
        add(name, "Stream", mouth[0], mouth[1], em, src=src if rng.random() > 0.12 else None)
    while True:  # one stream must drop clearly the most (a question asks which): a close runner-up loses its head
        drops = []
        for f in feats:
            if f["cls"] == "Stream" and f["src_lat"] is not None:
                a, b = _dem_at(dem, h, f["src_lat"], f["src_lon"]), _dem_at(dem, h, f["lat"], f["lon"])
                if a is not None and b is not None:
                    drops.append((a - b, f["id"], f))
        drops.sort(key=lambda x: x[:2], reverse=True)
        if drops[0][0] - drops[1][0] > 25:
            break
        drops[1][2].update({"src_lat_dms": "", "src_lon_dms": "", "src_lat": None, "src_lon": None})
    lake_pool = list(LAKE_NAMES)
    for k in range(75):
        name = lake_pool[k] if k < len(lake_pool) else rng.choice(LAKE_NAMES)
        lat, lon = point_in_ext()
        e = elev_here(lat, lon, spread=5)
        if e is None:
            e = int(rng.uniform(3000, 3900))
        add(name, "Lake", lat, lon, e if rng.random() > 0.14 else None)
    for k in range(240):
        root = MINE_ROOTS[k] if k < len(MINE_ROOTS) else rng.choice(MINE_ROOTS)
        name = (
            f"{root} Mine" if k < len(MINE_ROOTS) or rng.random() < 0.6 else f"{root} Number {rng.randint(2, 5)} Mine"
        )
        historical = rng.random() < 0.34
        if historical:
            name += " (historical)"
        if historical and rng.random() < 0.1:
            add(name, "Mine", None, None, None, county=rng.choice(["Clear Creek", "Clear Creek", "Park"]))
            continue
        lat, lon = point_in_ext()
        e = elev_here(lat, lon, spread=8)
        add(name, "Mine", lat, lon, e if rng.random() > 0.2 else None, old=rng.random() < 0.8)
    for cls, names, n in OTHER:
        for k in range(n):
            name = names[k % len(names)] if k < len(names) else rng.choice(names)
            lat, lon = point_in_ext()
            e = elev_here(lat, lon)
            if e is None:
                e = int(rng.uniform(2400, 3800))
            add(name, cls, lat, lon, e if rng.random() > 0.2 else None, old=rng.random() < 0.7)
    # GNIS files come sorted by feature ID
    feats.sort(key=lambda f: f["id"])
    return feats


GNIS_COLUMNS = ["FEATURE_ID", "FEATURE_NAME", "FEATURE_CLASS", "STATE_ALPHA", "STATE_NUMERIC", "COUNTY_NAME",
                "COUNTY_NUMERIC", "PRIMARY_LAT_DMS", "PRIM_LONG_DMS", "PRIM_LAT_DEC", "PRIM_LONG_DEC",
                "SOURCE_LAT_DMS", "SOURCE_LONG_DMS", "SOURCE_LAT_DEC", "SOURCE_LONG_DEC", "ELEV_IN_M", "ELEV_IN_FT",
                "MAP_NAME", "DATE_CREATED", "DATE_EDITED"]  # fmt: skip


def _gnis_text(feats: list[dict]) -> str:
    out = ["|".join(GNIS_COLUMNS)]
    for f in feats:
        dec = lambda v: "0" if v == 0 else f"{v:.7f}"  # noqa: E731
        out.append("|".join([
            str(f["id"]), f["name"], f["cls"], "CO", "08", f["county"], COUNTY_FIPS[f["county"]], f["lat_dms"],
            f["lon_dms"], dec(f["lat"]), dec(f["lon"]), f["src_lat_dms"], f["src_lon_dms"],
            "" if f["src_lat"] is None else f"{f['src_lat']:.7f}", "" if f["src_lon"] is None else f"{f['src_lon']:.7f}",
            "" if f["elev_m"] is None else str(f["elev_m"]), "" if f["elev_ft"] is None else str(f["elev_ft"]),
            f["map"], f["created"], f["edited"],
        ]))  # fmt: skip
    return "\ufeff" + "\r\n".join(out) + "\r\n"


def _dem_text(dem: list[list[int]]) -> str:
    lines = dem_header_lines()
    for row in dem:
        lines.append("".join(f" {v}" for v in row))
    return "\n".join(lines) + "\n"


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    lab = _rng("lab")
    qpcr = _build_qpcr(lab)
    layout, od450, od570, _conc = _build_elisa(lab)
    brew = _rng("brewing")
    recipes = _build_recipes(brew)
    tilt = _build_tilt(brew, recipes)
    terr = _rng("terrain")
    dem, header, hidden = _build_terrain(terr)
    gnis = _build_gnis(terr, dem, header, hidden)
    return Truth(qpcr=qpcr, elisa_layout=layout, elisa_450=od450, elisa_570=od570, recipes=recipes, tilt=tilt,
                 dem=dem, dem_header=header, gnis=gnis)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    (d / QPCR_FILE).write_bytes(_qpcr_text(t.qpcr).encode("utf-8"))
    (d / ELISA_FILE).write_bytes(_xlsx(_elisa_rows(t), "Plate 1 - Sheet1"))
    (d / RECIPES_FILE).write_bytes(_recipes_xml(t.recipes).encode("iso-8859-1"))
    (d / TILT_FILE).write_bytes(_tilt_csv(t.tilt).encode("utf-8"))
    (d / DEM_FILE).write_bytes(_dem_text(t.dem).encode("ascii"))
    (d / GNIS_FILE).write_bytes(_gnis_text(t.gnis).encode("utf-8"))
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout42-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
