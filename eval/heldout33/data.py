"""The thirty-third held-out set's data: five files on four topics, each imitating a real public export.

* `MetObjects.csv`: the Metropolitan Museum of Art's Open Access CSV (github.com/metmuseum/openaccess):
  one row per object with the real 54 columns, a byte order mark before `Object Number`, several
  makers in one cell separated by `|` (`Louis Comfort Tiffany|Tiffany Studios`, with `Artist Gender`
  `|Female`-style lists that only ever say `Female`), artist dates padded with spaces, B.C. dates as
  negative `Object Begin Date`s, `AccessionYear` sometimes a full date or empty, free-text
  `Dimensions` in inches with the centimetres in brackets (`H. 10 3/8 in. (26.4 cm)`), credit lines
  and titles with commas and double quotes.
* `BasicCompanyData-2024-06-01-Norfolk.csv` and `psc-snapshot-2024-06-01.txt`: Companies House's
  free company data product (Basic Company Data, cut to registered offices in Norfolk) and the
  persons with significant control snapshot for the same companies: every CSV field quoted, column
  names with a leading space (` CompanyNumber`), dates as day/month/year, post towns typed by hand
  (`NORWICH`, `Norwich`, `NORWICH `); the snapshot as JSON lines `{"company_number": ..., "data": {...}}`
  with nested addresses and birth dates, lists of `natures_of_control` (with `-as-trust` / `-as-firm`
  and LLP variants), `ceased_on` for former controllers, statements beside persons and a totals line.
* `M0HXB.adi`: a UK radio amateur's logbook as QRZ.com's logbook download writes it (ADIF 3):
  `<field:length>value` pairs, FT4 written as `<mode:4>MFSK <submode:3>FT4` (older records `FT4`),
  hand-logged SSB and CW with four-digit times, signal reports in dB (`-08`, `+05`), DXCC entity codes.
* `Lightroom Catalog-v13.lrcat`: an Adobe Lightroom Classic catalog (SQLite): `Adobe_images` with virtual
  copies as extra rows, `AgHarvestedExifMetadata` with aperture and shutter speed as APEX values,
  interned camera and lens tables, files and folders, keywords; `captureTime` as text, `touchTime`
  in seconds from 1 January 2001.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import random
import sqlite3
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

SEED = 33_614_207

MET_FILE = "MetObjects.csv"
CH_FILE = "BasicCompanyData-2024-06-01-Norfolk.csv"
PSC_FILE = "psc-snapshot-2024-06-01.txt"
HR_FILE = "M0HXB.adi"
LR_FILE = "Lightroom Catalog-v13.lrcat"
FILES = [MET_FILE, CH_FILE, PSC_FILE, HR_FILE, LR_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    met: list[dict]  # one dict per museum object
    companies: list[dict]  # one dict per company
    psc: list[dict]  # one dict per line of the PSC snapshot (persons and statements)
    qsos: list[dict]  # one dict per radio contact
    images: list[dict]  # one dict per Lightroom image (virtual copies included)


# ==================================================================================================
# The Met's Open Access CSV
# ==================================================================================================

MET_N = 2600
MET_COLUMNS = [
    "Object Number", "Is Highlight", "Is Timeline Work", "Is Public Domain", "Object ID", "Gallery Number",
    "Department", "AccessionYear", "Object Name", "Title", "Culture", "Period", "Dynasty", "Reign", "Portfolio",
    "Constituent ID", "Artist Role", "Artist Prefix", "Artist Display Name", "Artist Display Bio", "Artist Suffix",
    "Artist Alpha Sort", "Artist Nationality", "Artist Begin Date", "Artist End Date", "Artist Gender",
    "Artist ULAN URL", "Artist Wikidata URL", "Object Date", "Object Begin Date", "Object End Date", "Medium",
    "Dimensions", "Credit Line", "Geography Type", "City", "State", "County", "Country", "Region", "Subregion",
    "Locale", "Locus", "Excavation", "River", "Classification", "Rights and Reproduction", "Link Resource",
    "Object Wikidata URL", "Metadata Date", "Repository", "Tags", "Tags AAT URL", "Tags Wikidata URL",
]  # fmt: skip
# name, nationality, begin, end, female, role
MET_ARTISTS = {
    "prints": [
        ("Albrecht Dürer", "German", 1471, 1528, False, "Artist"),
        ("Rembrandt (Rembrandt van Rijn)", "Dutch", 1606, 1669, False, "Artist"),
        ("Jacques Callot", "French", 1592, 1635, False, "Artist"),
        ("Giovanni Battista Piranesi", "Italian", 1720, 1778, False, "Artist"),
        ("Wenceslaus Hollar", "Bohemian", 1607, 1677, False, "Artist"),
        ("Honoré Daumier", "French", 1808, 1879, False, "Artist"),
        ("Mary Cassatt", "American", 1844, 1926, True, "Artist"),
        ("Käthe Kollwitz", "German", 1867, 1945, True, "Artist"),
        ("Utagawa Hiroshige", "Japanese", 1797, 1858, False, "Artist"),
        ("Katsushika Hokusai", "Japanese", 1760, 1849, False, "Artist"),
    ],
    "paintings": [
        ("Claude Monet", "French", 1840, 1926, False, "Artist"),
        ("Edgar Degas", "French", 1834, 1917, False, "Artist"),
        ("Vincent van Gogh", "Dutch", 1853, 1890, False, "Artist"),
        ("Elisabeth Louise Vigée Le Brun", "French", 1755, 1842, True, "Artist"),
        ("Rosa Bonheur", "French", 1822, 1899, True, "Artist"),
        ("Johannes Vermeer", "Dutch", 1632, 1675, False, "Artist"),
        ("Paul Cézanne", "French", 1839, 1906, False, "Artist"),
        ("Adélaïde Labille-Guiard", "French", 1749, 1803, True, "Artist"),
        ("Jean-Baptiste Greuze", "French", 1725, 1805, False, "Artist"),
    ],
    "photos": [
        ("Julia Margaret Cameron", "British, born India", 1815, 1879, True, "Artist"),
        ("Berenice Abbott", "American", 1898, 1991, True, "Artist"),
        ("Diane Arbus", "American", 1923, 1971, True, "Artist"),
        ("Walker Evans", "American", 1903, 1975, False, "Artist"),
        ("Alfred Stieglitz", "American", 1864, 1946, False, "Artist"),
        ("Eugène Atget", "French", 1857, 1927, False, "Artist"),
        ("Carleton E. Watkins", "American", 1829, 1916, False, "Artist"),
        ("Dorothea Lange", "American", 1895, 1965, True, "Artist"),
    ],
    "costume": [
        ("Charles Frederick Worth", "French, born England", 1825, 1895, False, "Designer"),
        ("Elsa Schiaparelli", "Italian", 1890, 1973, True, "Designer"),
        ("Gabrielle Chanel", "French", 1883, 1971, True, "Designer"),
        ("Cristobal Balenciaga", "Spanish", 1895, 1972, False, "Designer"),
        ("Madame Grès (Germaine Émilie Krebs)", "French", 1903, 1993, True, "Designer"),
        ("Christian Dior", "French", 1905, 1957, False, "Designer"),
    ],
    "american": [
        ("Louis Comfort Tiffany", "American", 1848, 1933, False, "Designer"),
        ("Louis Comfort Tiffany", "American", 1848, 1933, False, "Designer"),
        ("Duncan Phyfe", "American, born Scotland", 1770, 1854, False, "Maker"),
        ("Paul Revere Jr.", "American", 1734, 1818, False, "Maker"),
        ("John Singer Sargent", "American", 1856, 1925, False, "Artist"),
        ("Cecilia Beaux", "American", 1855, 1942, True, "Artist"),
        ("Lilly Martin Spencer", "American, born England", 1822, 1902, True, "Artist"),
    ],
}
# the firm, printer, house or publisher that appears beside a maker (never a woman)
MET_FIRMS = {
    "prints": [("Ambroise Vollard", "French", 1866, 1939, "Publisher"), ("Goupil & Cie", "French", 1829, 1920, "Publisher")],
    "paintings": [],
    "photos": [("Photo-Secession", "American", 1902, 1917, "Publisher"), ("Unknown", "", None, None, "Printer")],
    "costume": [("House of Worth", "French", 1858, 1956, "Design House"), ("House of Chanel", "French", 1910, None, "Design House")],
    "american": [("Tiffany Studios", "American", 1902, 1932, "Manufacturer"), ("Tiffany Glass and Decorating Company", "American", 1892, 1902, "Manufacturer"), ("Gorham Manufacturing Company", "American", 1831, None, "Manufacturer")],
}  # fmt: skip
# department: weight, object names, classification, culture, years, share with a maker, maker pool,
# share on view, galleries, accession-year ranges (from, to, weight)
MET_DEPTS = {
    "Drawings and Prints": (
        0.19,
        ["Print", "Print", "Drawing", "Trade card", "Book"],
        "Prints",
        [""],
        (1480, 1950),
        0.92,
        "prints",
        0.01,
        (690, 691),
        [(1917, 1935, 3), (1949, 1970, 2), (1971, 2022, 1)],
    ),  # fmt: skip
    "European Paintings": (
        0.06,
        ["Painting"],
        "Paintings",
        [""],
        (1400, 1900),
        1.0,
        "paintings",
        0.45,
        (600, 644),
        [(1871, 1899, 1), (1900, 1930, 2), (1931, 2022, 1)],
    ),  # fmt: skip
    "Asian Art": (
        0.13,
        ["Vase", "Bowl", "Hanging scroll", "Netsuke", "Textile", "Figure"],
        "Ceramics",
        ["China", "Japan", "Korea", "India"],
        (-1000, 1900),
        0.1,
        "prints",
        0.08,
        (200, 253),
        [(1879, 1930, 2), (1931, 2022, 2)],
    ),  # fmt: skip
    "Egyptian Art": (
        0.08,
        ["Scarab", "Amulet", "Shabti", "Vessel", "Bead", "Relief"],
        "",
        [""],
        (-3100, 300),
        0.0,
        "",
        0.12,
        (100, 138),
        [(1906, 1936, 4), (1937, 2015, 1)],
    ),  # fmt: skip
    "Greek and Roman Art": (
        0.10,
        ["Vase", "Lekythos", "Kylix", "Statuette", "Coin", "Gem", "Head"],
        "",
        ["Greek, Attic", "Greek", "Roman", "Cypriot", "Etruscan"],
        (-1200, 400),
        0.0,
        "",
        0.15,
        (150, 176),
        [(1874, 1926, 3), (1927, 2022, 1)],
    ),  # fmt: skip
    "The American Wing": (
        0.12,
        ["Vase", "Window", "Side chair", "Tall clock", "Teapot", "Quilt", "Painting", "Lamp"],
        "Glass",
        ["American"],
        (1680, 1930),
        0.6,
        "american",
        0.1,
        (700, 774),
        [(1909, 1935, 2), (1936, 1969, 1), (1970, 1999, 3), (2000, 2022, 1)],
    ),  # fmt: skip
    "European Sculpture and Decorative Arts": (
        0.11,
        ["Plate", "Armchair", "Snuffbox", "Figure", "Clock", "Tureen"],
        "Ceramics-Porcelain",
        ["French", "German, Meissen", "British", "Italian"],
        (1500, 1900),
        0.0,
        "",
        0.06,
        (500, 556),
        [(1906, 1935, 2), (1936, 2022, 1)],
    ),  # fmt: skip
    "Photographs": (
        0.08,
        ["Photograph"],
        "Photographs",
        [""],
        (1840, 2000),
        0.95,
        "photos",
        0.02,
        (851, 852),
        [(1928, 1990, 1), (1991, 2022, 3)],
    ),  # fmt: skip
    "Costume Institute": (
        0.07,
        ["Dress", "Evening dress", "Hat", "Shoes", "Ensemble"],
        "",
        ["French", "American", "British"],
        (1840, 2000),
        0.85,
        "costume",
        0.0,
        (0, 0),
        [(1926, 1989, 1), (2009, 2009, 2), (1990, 2022, 1)],
    ),  # fmt: skip
    "Arms and Armor": (
        0.04,
        ["Sword", "Helmet", "Armor", "Dagger"],
        "Swords",
        ["European", "Japanese", "German"],
        (1200, 1880),
        0.0,
        "",
        0.2,
        (370, 380),
        [(1904, 1942, 3), (1943, 2022, 1)],
    ),  # fmt: skip
    "Islamic Art": (
        0.02,
        ["Bowl", "Tile", "Folio", "Carpet"],
        "Ceramics",
        ["Iran", "Turkey", "Egypt"],
        (800, 1800),
        0.0,
        "",
        0.15,
        (450, 464),
        [(1891, 1940, 2), (1941, 2022, 1)],
    ),  # fmt: skip
}
MET_FUNDS = ["Rogers Fund", "Fletcher Fund", "Harris Brisbane Dick Fund", "Purchase, Joseph Pulitzer Bequest", "Gift of J. Pierpont Morgan", "Bequest of Mrs. H. O. Havemeyer", "Gift of Irwin Untermyer", "Gift of Mrs. Russell Sage", "Gift of Edward C. Moore", "Bequest of Theodore M. Davis", "Gift of Robert W. de Forest", "The Elisha Whittelsey Collection, The Elisha Whittelsey Fund", "Anonymous Gift"]  # fmt: skip
MET_TAGS = [("Flowers", "300132399", "Q506"), ("Women", "300025943", "Q467"), ("Men", "300025928", "Q8441"), ("Portraits", "300015637", "Q134307"), ("Landscapes", "300015636", "Q191163"), ("Horses", "300250148", "Q726"), ("Boats", "300178749", "Q35872"), ("Birds", "300266506", "Q5113")]  # fmt: skip
MET_MEDIA = {
    "Drawings and Prints": ["Etching", "Engraving", "Woodcut", "Lithograph", "Pen and brown ink"],
    "European Paintings": ["Oil on canvas", "Oil on wood", "Tempera on wood, gold ground"],
    "Asian Art": ["Porcelain painted in underglaze blue", "Ink and color on silk", "Ivory", "Stoneware"],
    "Egyptian Art": ["Faience", "Steatite, glazed", "Limestone, paint", "Carnelian"],
    "Greek and Roman Art": ["Terracotta", "Bronze", "Marble", "Glass", "Silver"],
    "The American Wing": ["Favrile glass", "Leaded Favrile glass", "Mahogany", "Silver", "Cotton", "Oil on canvas"],
    "European Sculpture and Decorative Arts": [
        "Hard-paste porcelain",
        "Gilt bronze",
        "Walnut",
        "Faience (tin-glazed earthenware)",
    ],
    "Photographs": ["Albumen silver print from glass negative", "Gelatin silver print", "Salted paper print"],
    "Costume Institute": ["Silk", "Wool, silk", "Cotton", "Leather"],
    "Arms and Armor": ["Steel, gold", "Steel, brass, leather", "Steel, wood"],
    "Islamic Art": ["Stonepaste; painted", "Ink, opaque watercolor and gold on paper", "Wool (warp, weft and pile)"],
}
MET_FRACTIONS = ["", "1/8", "1/4", "3/8", "1/2", "5/8", "3/4", "7/8"]


def _inches(x: float) -> str:
    eighths = max(1, round(x * 8))
    whole, part = divmod(eighths, 8)
    if whole == 0:
        return MET_FRACTIONS[part]
    return f"{whole} {MET_FRACTIONS[part]}".strip()


def _cm_of(x: float) -> float:
    return round(round(x * 8) / 8 * 2.54, 1)


def _cm_text(c: float) -> str:
    return f"{c:.1f}".removesuffix(".0")


def _met_year_text(b: int, e: int) -> str:
    def one(y: int) -> str:
        return f"{-y} B.C." if y < 0 else str(y)

    if b == e:
        return one(b)
    if b < 0 and e < 0:
        return f"ca. {-b}–{-e} B.C."
    if b < 0:
        return f"{-b} B.C.–A.D. {e}"
    return f"ca. {b}–{str(e)[-2:] if str(e)[:2] == str(b)[:2] else e}"


def _build_met(rng: random.Random) -> list[dict]:
    names = list(MET_DEPTS)
    weights = [MET_DEPTS[n][0] for n in names]
    out = []
    oid = 1000
    for _ in range(MET_N):
        oid += rng.randint(1, 400)
        dept = rng.choices(names, weights)[0]
        _w, objs, cls, cultures, (y0, y1), p_artist, pool, p_view, galleries, acq_ranges = MET_DEPTS[dept]
        obj = rng.choice(objs)
        makers: list[tuple] = []  # (name, nat, begin, end, female, role)
        if pool and rng.random() < p_artist:
            a = rng.choice(MET_ARTISTS[pool])
            makers.append(a)
            firms = MET_FIRMS[pool]
            p_firm = 0.7 if a[0] == "Louis Comfort Tiffany" else 0.3
            if firms and rng.random() < p_firm:
                f = rng.choice(firms[:2] if a[0] == "Louis Comfort Tiffany" else firms)
                f = (f[0], f[1], f[2], f[3], False, f[4])
                makers.insert(rng.randrange(2), f)
            b = max(y0, a[2] + 18)
            e = min(y1, a[3] - 1) if a[3] else y1
            begin = rng.randint(b, max(b, e))
        else:
            begin = rng.randint(y0, y1)
        span = rng.choice([0, 0, 0, 5, 10, 25]) if begin > 1000 else rng.choice([0, 50, 100, 100, 200])
        end = begin + span
        lo, hi, _ = rng.choices(acq_ranges, [r[2] for r in acq_ranges])[0]
        acc = rng.randint(lo, hi)
        if acc <= end:
            acc = rng.randint(min(end + 1, 2022), 2022)
        height = None
        if dept == "Greek and Roman Art":
            if obj in ("Coin", "Gem"):
                x = rng.uniform(0.4, 1.4)
                dims = f"Diam. {_inches(x)} in. ({_cm_text(_cm_of(x))} cm)"
            else:
                x = math.exp(rng.gauss(math.log(7.5), 0.55))
                height = _cm_of(x)
                dims = f"H. {_inches(x)} in. ({_cm_text(height)} cm)"
                if obj in ("Kylix", "Vase", "Lekythos") and rng.random() < 0.5:
                    dd = x * rng.uniform(0.4, 1.3)
                    dims += f"; diam. {_inches(dd)} in. ({_cm_text(_cm_of(dd))} cm)"
        elif dept in ("Drawings and Prints", "Photographs", "European Paintings"):
            w, h = rng.uniform(3, 30), rng.uniform(3, 30)
            lab = {"Drawings and Prints": "Sheet: ", "Photographs": "Image: ", "European Paintings": ""}[dept]
            dims = f"{lab}{_inches(h)} × {_inches(w)} in. ({_cm_text(_cm_of(h))} × {_cm_text(_cm_of(w))} cm)"
        elif dept == "The American Wing" and rng.random() < 0.3:
            x = rng.uniform(5, 80)
            dims = f'Overall: {_inches(x)}" ({_cm_text(_cm_of(x))} cm)'
        else:
            x = rng.uniform(1, 60)
            dims = f"H. {_inches(x)} in. ({_cm_text(_cm_of(x))} cm)"
        on_view = rng.random() < p_view and galleries[1] > 0
        gallery = None
        if on_view:
            g0, g1 = galleries
            gw = [1 / (1 + k) for k in range(g1 - g0 + 1)]
            gallery = rng.choices(range(g0, g1 + 1), gw)[0]
        written = rng.random()
        acc_text = str(acc) if written < 0.93 else (f"{acc}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" if written < 0.97 else "")  # fmt: skip
        out.append(
            {
                "id": oid,
                "dept": dept,
                "obj": obj,
                "classification": cls,
                "culture": rng.choice(cultures),
                "makers": makers,
                "begin": begin,
                "end": end,
                "acc": acc if acc_text else None,
                "acc_text": acc_text,
                "credit": f"{rng.choice(MET_FUNDS)}, {acc}",
                "gallery": gallery,
                "dims": dims,
                "height": height,
                "highlight": rng.random() < 0.015,
                "timeline": rng.random() < 0.03,
                "public": end < 1900 and rng.random() < 0.9,
            }
        )
    return out


def _met_title(rng: random.Random, m: dict) -> str:
    o = m["obj"]
    if o == "Painting":
        return rng.choice(["Portrait of a Woman", "The Harvesters", "Young Woman with a Water Pitcher", "Landscape, Evening", "Still Life with Flowers", 'The "Bluebird" Sky'])  # fmt: skip
    if o == "Print":
        return rng.choice(["View of the Campo Vaccino", "The Large Horse", "Plate 12, from the series \"Les Misères\"", "The Bath", "Fine Wind, Clear Morning (Gaifū kaisei)"])  # fmt: skip
    if o == "Photograph":
        return rng.choice(["[Street Scene, New York]", "Untitled", "Child with Toy Hand Grenade, Central Park, N.Y.C.", "Yosemite Valley, from the Best General View", "Mrs. Herbert Duckworth"])  # fmt: skip
    if o in ("Armchair",):
        return 'Armchair ("Fauteuil à la reine")'
    if o in ("Vase", "Bowl", "Vessel", "Teapot", "Tureen", "Kylix", "Lekythos"):
        return rng.choice([o, o, f"{o} with lid", f"{o}, one of a pair"])
    return rng.choice([o, o, f"{o}, one of a pair"])


def _write_met(t: Truth, d: Path) -> None:
    rng = _rng("met-render")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(MET_COLUMNS)
    cids = {}
    for m in t.met:
        mk = m["makers"]
        for a in mk:
            cids.setdefault(a[0], 160_000 + 37 * len(cids))

        def j(f, ms=mk) -> str:
            return "|".join(f(a) for a in ms)

        acc = m["credit"].rsplit(", ", 1)[1]
        num = f"{int(acc) % 100:02d}.{rng.randint(1, 250)}.{rng.randint(1, 400)}" if int(acc) < 2000 else f"{acc}.{rng.randint(1, 700)}"  # fmt: skip
        period = dynasty = reign = ""
        geo = ["", "", "", "", "", "", "", ""]  # type, city, state, county, country, region, subregion, locale
        if m["dept"] == "Egyptian Art":
            period = "New Kingdom" if m["begin"] > -1550 else "Middle Kingdom" if m["begin"] > -2030 else "Old Kingdom"
            dynasty = rng.choice(["Dynasty 18", "Dynasty 12", "Dynasty 19", "Dynasty 26", ""])
            geo = ["From", "", "", "", "Egypt", rng.choice(["Upper Egypt, Thebes", "Memphite Region", "Middle Egypt"]), "", ""]  # fmt: skip
        elif m["dept"] == "Greek and Roman Art":
            period = "Classical" if -480 < m["begin"] < -323 else "Hellenistic" if -323 <= m["begin"] < -31 else "Archaic" if m["begin"] <= -480 else "Imperial"  # fmt: skip
        elif m["dept"] == "Asian Art" and m["culture"] == "China":
            period = rng.choice(["Qing dynasty (1644–1911)", "Ming dynasty (1368–1644)", "Song dynasty (960–1279)"])
        tags = rng.sample(MET_TAGS, rng.choice([0, 0, 0, 1, 2]))
        medium = rng.choice(MET_MEDIA[m["dept"]])
        w.writerow(
            [
                num, "True" if m["highlight"] else "False", "True" if m["timeline"] else "False",
                "True" if m["public"] else "False", m["id"], m["gallery"] if m["gallery"] else "", m["dept"],
                m["acc_text"], m["obj"], _met_title(rng, m), m["culture"], period, dynasty, reign, "",
                j(lambda a: str(cids[a[0]])), j(lambda a: a[5]), j(lambda a: ""), j(lambda a: a[0]),
                j(lambda a: f"{a[1]}, {a[2] or ''}–{a[3] or ''}" if a[1] else ""), j(lambda a: ""),
                j(lambda a: ", ".join(reversed(a[0].split(" ", 1))) if " " in a[0] and not a[0].startswith(("House", "Tiffany", "Goupil", "Photo", "Gorham")) else a[0]),  # fmt: skip
                j(lambda a: a[1].split(",")[0]), j(lambda a: f"{a[2] or '':<10}"), j(lambda a: f"{a[3] or 9999:<10}"),
                j(lambda a: "Female" if a[4] else ""),
                j(lambda a: f"http://vocab.getty.edu/page/ulan/{500_000_000 + cids[a[0]]}" if a[1] else ""),
                j(lambda a: f"https://www.wikidata.org/wiki/Q{cids[a[0]] - 100_000}" if a[1] else ""),
                _met_year_text(m["begin"], m["end"]), m["begin"], m["end"], medium, m["dims"], m["credit"],
                *geo[:7], "", "", "", m["classification"], "",
                f"http://www.metmuseum.org/art/collection/search/{m['id']}",
                f"https://www.wikidata.org/wiki/Q{m['id'] * 7 + 18_000_000}" if rng.random() < 0.05 else "", "",
                "Metropolitan Museum of Art, New York, NY", "|".join(x[0] for x in tags),
                "|".join(f"http://vocab.getty.edu/page/aat/{x[1]}" for x in tags),
                "|".join(f"https://www.wikidata.org/wiki/{x[2]}" for x in tags),
            ]
        )  # fmt: skip
    (d / MET_FILE).write_text("\ufeff" + buf.getvalue(), encoding="utf-8", newline="")


# ==================================================================================================
# Companies House: Basic Company Data (Norfolk) and the PSC snapshot, 1 June 2024
# ==================================================================================================

CH_N = 1900
CH_SNAPSHOT = date(2024, 6, 1)
# post town, weight, postcode districts, hand-typed variants (weights)
CH_TOWNS = [
    (
        "NORWICH",
        44,
        ["NR1", "NR2", "NR3", "NR4", "NR5", "NR6", "NR7", "NR8", "NR13", "NR14"],
        [("NORWICH", 80), ("Norwich", 12), ("NORWICH ", 4), ("norwich", 2), ("Norwich ", 2)],
    ),  # fmt: skip
    (
        "KING'S LYNN",
        10,
        ["PE30", "PE31", "PE32", "PE33", "PE34"],
        [("KING'S LYNN", 70), ("KINGS LYNN", 20), ("King's Lynn", 10)],
    ),  # fmt: skip
    ("GREAT YARMOUTH", 8, ["NR29", "NR30", "NR31"], []),
    ("THETFORD", 5, ["IP24", "IP25", "IP26"], []),
    ("DEREHAM", 5, ["NR19", "NR20"], []),
    ("WYMONDHAM", 5, ["NR18"], []),
    ("DISS", 4, ["IP22"], []),
    ("CROMER", 3, ["NR27"], []),
    ("NORTH WALSHAM", 3, ["NR28"], []),
    ("ATTLEBOROUGH", 3, ["NR17"], []),
    ("FAKENHAM", 3, ["NR21"], []),
    ("HOLT", 2, ["NR25"], []),
    ("SWAFFHAM", 2, ["PE37"], []),
    ("DOWNHAM MARKET", 2, ["PE38"], []),
]
CH_SIC = [
    ("68209", "Other letting and operating of own or leased real estate", 9), ("82990", "Other business support service activities n.e.c.", 6),
    ("70229", "Management consultancy activities other than financial management", 7), ("62020", "Information technology consultancy activities", 5),
    ("41100", "Development of building projects", 5), ("43390", "Other building completion and finishing", 4),
    ("96090", "Other service activities n.e.c.", 4), ("56101", "Licensed restaurants", 3), ("56302", "Public houses and bars", 2),
    ("47910", "Retail sale via mail order houses or via Internet", 3), ("86900", "Other human health activities", 3),
    ("01110", "Growing of cereals (except rice), leguminous crops and oil seeds", 3), ("01500", "Mixed farming", 2),
    ("55100", "Hotels and similar accommodation", 2), ("45200", "Maintenance and repair of motor vehicles", 2.5),
    ("64209", "Activities of other holding companies n.e.c.", 4), ("74990", "Non-trading company", 1),
    ("99999", "Dormant Company", 3), ("85590", "Other education n.e.c.", 2), ("93290", "Other amusement and recreation activities n.e.c.", 1.5),
]  # fmt: skip
CH_CATEGORIES = [
    ("Private Limited Company", 88), ("PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)", 3),
    ("Limited Liability Partnership", 3), ("Community Interest Company", 2),
    ("PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)", 3), ("Public Limited Company", 1),
]  # fmt: skip
CH_STATUS = [("Active", 90), ("Active - Proposal to Strike off", 5), ("Liquidation", 3), ("In Administration", 1), ("Voluntary Arrangement", 1)]  # fmt: skip
CH_WORDS = ["NORFOLK", "ANGLIA", "BROADLAND", "WENSUM", "YARE", "BURE", "COASTAL", "FENLAND", "EASTERN", "CATHEDRAL", "PRIORY", "MILLGATE", "OAKWOOD", "WILLOW", "HERON", "OTTER", "KESTREL", "BARLEY", "FLINT", "SAXON", "DRAGON", "CITY", "RIVERSIDE", "MARSH", "BRECKLAND", "ELM", "PASTON", "COLMAN", "TOMBLAND", "STRANGERS"]  # fmt: skip
CH_TRADES = ["PROPERTIES", "CONSULTING", "HOLDINGS", "BUILDERS", "SOLUTIONS", "LETTINGS", "FARMS", "DEVELOPMENTS", "TECHNOLOGY", "CARE", "MOTORS", "INNS", "DESIGN", "SERVICES", "ESTATES", "ELECTRICAL", "ROOFING", "LOGISTICS"]  # fmt: skip
CH_STREETS = ["PRINCE OF WALES ROAD", "ST GILES STREET", "UNTHANK ROAD", "QUEEN STREET", "HIGH STREET", "MARKET PLACE", "STATION ROAD", "CHURCH LANE", "LONDON STREET", "BRIDGE STREET", "THE STREET", "MILL ROAD", "NORWICH ROAD", "KING STREET", "MAGDALEN STREET"]  # fmt: skip
CH_MEN = ["James", "John", "David", "Paul", "Mark", "Andrew", "Richard", "Peter", "Michael", "Stephen", "Tomasz", "Darius", "Oliver", "Daniel", "Thomas"]  # fmt: skip
CH_WOMEN = ["Sarah", "Emma", "Claire", "Helen", "Rachel", "Joanne", "Karen", "Louise", "Lucy", "Agnieszka", "Charlotte", "Sophie", "Rebecca"]  # fmt: skip
CH_SURNAMES = ["Smith", "Howes", "Balls", "Gotts", "Thrower", "Chapman", "Wright", "Knights", "Cushion", "Nobbs", "Jarvis", "Brown", "Taylor", "Wilson", "Spurgeon", "Kowalski", "Lake", "Mayes", "Bunting", "Eke", "Cubitt", "Gray", "Harvey", "Plumb"]  # fmt: skip
CH_NATIONALITY = [("British", 80), ("English", 8), ("United Kingdom", 2), ("Polish", 3), ("Lithuanian", 2), ("Irish", 1.5), ("Romanian", 1.5), ("Portuguese", 1), ("American", 1)]  # fmt: skip
CH_PSC_START = date(2016, 4, 6)  # the register of people with significant control began


def _dmy(d: date | None) -> str:
    return "" if d is None else d.strftime("%d/%m/%Y")


def _month_end(y: int, m: int) -> date:
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return nxt - timedelta(days=1)


def _company_number(rng: random.Random, year: int, llp: bool, used: set[str]) -> str:
    anchors = [(1948, 400_000), (1980, 1_450_000), (1990, 2_500_000), (2000, 3_900_000), (2010, 7_100_000), (2015, 9_400_000), (2020, 12_400_000), (2025, 16_000_000)]  # fmt: skip
    if llp:
        y = max(2001, year)
        base = 300_000 + (y - 2001) * 7_500
        while (n := f"OC{base + rng.randint(0, 7_000):06d}") in used:
            pass
    else:
        for (ya, na), (yb, nb) in zip(anchors, anchors[1:]):
            if ya <= year < yb:
                base = na + (nb - na) * (year - ya) // (yb - ya)
                step = (nb - na) // (yb - ya)
                break
        while (n := f"{base + rng.randint(0, step):08d}") in used:
            pass
    used.add(n)
    return n


def _build_ch(rng: random.Random) -> tuple[list[dict], list[dict]]:
    companies = []
    used: set[str] = set()
    names: set[str] = set()
    for _ in range(CH_N):
        cat = rng.choices([c[0] for c in CH_CATEGORIES], [c[1] for c in CH_CATEGORIES])[0]
        llp = cat == "Limited Liability Partnership"
        year = max(1948, 2024 - int(rng.expovariate(1 / 8)))
        if llp:
            year = max(year, 2002)
        inc = date(year, rng.randint(1, 5 if year == 2024 else 12), rng.randint(1, 28))
        status = rng.choices([s[0] for s in CH_STATUS], [s[1] for s in CH_STATUS])[0]
        town = rng.choices(CH_TOWNS, [x[1] for x in CH_TOWNS])[0]
        written_town = rng.choices([v[0] for v in town[3]], [v[1] for v in town[3]])[0] if town[3] else (town[0] if rng.random() < 0.88 else town[0].title())  # fmt: skip
        while True:
            nm = f"{rng.choice(CH_WORDS)} {rng.choice(CH_TRADES)}"
            if rng.random() < 0.05:
                nm = f"{rng.choice(CH_SURNAMES).upper()}, {rng.choice(CH_SURNAMES).upper()} & CO"
            suffix = {"Limited Liability Partnership": "LLP", "Public Limited Company": "PLC", "Community Interest Company": "C.I.C."}.get(cat, rng.choice(["LIMITED", "LIMITED", "LTD"]))  # fmt: skip
            nm = f"{nm} {suffix}"
            if nm not in names:
                names.add(nm)
                break
        sic = [rng.choices(CH_SIC, [s[2] for s in CH_SIC])[0]]
        for p in (0.25, 0.3):
            if rng.random() < p:
                s2 = rng.choices(CH_SIC, [s[2] for s in CH_SIC])[0]
                if s2 not in sic:
                    sic.append(s2)
        if rng.random() < 0.03:
            sic = []  # 'None Supplied'
        overdue = rng.random() < (0.09 if status == "Active" else 0.3)
        if overdue:
            due = date(2023, 6, 1) + timedelta(days=rng.randrange(365))
        else:
            due = CH_SNAPSHOT + timedelta(days=1 + rng.randrange(364))
        young = (CH_SNAPSHOT - inc).days < 640
        if young:
            k = inc.year * 12 + inc.month - 1 + 21  # first accounts are due 21 months after incorporation
            due = _month_end(k // 12, k % 12 + 1)
            if due < CH_SNAPSHOT and not overdue:
                due = CH_SNAPSHOT + timedelta(days=1 + rng.randrange(200))
        ref_month = (due.month + 2) % 12 + 1
        companies.append(
            {
                "number": _company_number(rng, year, llp, used),
                "name": nm,
                "category": cat,
                "llp": llp,
                "status": status,
                "inc": inc,
                "town": town[0],
                "town_text": written_town,
                "district": rng.choice(town[2]),
                "sic": sic,
                "due": due,
                "last": None if young else _month_end(due.year if ref_month < due.month else due.year - 1, ref_month),
                "account_cat": "NO ACCOUNTS FILED"
                if young
                else rng.choices(
                    ["MICRO ENTITY", "TOTAL EXEMPTION FULL", "DORMANT", "SMALL", "UNAUDITED ABRIDGED", "FULL", "GROUP"],
                    [40, 25, 8, 8, 10, 6, 3],
                )[0],  # fmt: skip
                "ref_month": ref_month,
                "charges": rng.choices([0, 1, 2, 3, 5], [70, 15, 8, 4, 3])[0],
            }
        )
    # PSC snapshot lines
    psc: list[dict] = []
    for c in companies:
        notified = max(c["inc"], CH_PSC_START)
        r = rng.random()
        if c["llp"]:
            n = rng.choice([1, 2, 2])
            for _ in range(n):
                band = "75-to-100" if n == 1 else "25-to-50"
                psc.append(_person(rng, c, notified, [f"right-to-share-surplus-assets-{band}-percent-limited-liability-partnership", f"voting-rights-{band}-percent-limited-liability-partnership"]))  # fmt: skip
            continue
        if r < 0.72:
            n = rng.choices([1, 2, 3], [55, 35, 10])[0]
            if n == 1:
                suffix = rng.choices(["", "-as-trust", "-as-firm"], [90, 6, 4])[0]
                natures = [f"ownership-of-shares-75-to-100-percent{suffix}", f"voting-rights-75-to-100-percent{suffix}"]
                if rng.random() < 0.5:
                    natures.append("right-to-appoint-and-remove-directors")
                people = [natures]
            elif n == 2:
                if rng.random() < 0.3:
                    people = [["ownership-of-shares-50-to-75-percent", "voting-rights-50-to-75-percent"], ["ownership-of-shares-25-to-50-percent", "voting-rights-25-to-50-percent"]]  # fmt: skip
                else:
                    people = [["ownership-of-shares-25-to-50-percent", "voting-rights-25-to-50-percent"]] * 2
            else:
                people = [["ownership-of-shares-25-to-50-percent", "voting-rights-25-to-50-percent"]] * 3
            if notified < date(2021, 1, 1) and rng.random() < 0.14:  # a former owner, replaced
                ceased = notified + timedelta(days=rng.randrange(100, (date(2024, 5, 1) - notified).days))
                psc.append(_person(rng, c, notified, ["ownership-of-shares-75-to-100-percent", "voting-rights-75-to-100-percent"], ceased))  # fmt: skip
                notified = ceased
            for natures in people:
                psc.append(_person(rng, c, notified, list(natures)))
        elif r < 0.86:
            owner = rng.choice(companies)
            overseas = rng.random() < 0.15
            natures = ["ownership-of-shares-75-to-100-percent", "voting-rights-75-to-100-percent", "right-to-appoint-and-remove-directors"]  # fmt: skip
            psc.append(
                {
                    "company": c["number"],
                    "kind": "corporate-entity-person-with-significant-control",
                    "name": "VAN DER BERG BEHEER B.V." if overseas else owner["name"],
                    "natures": natures,
                    "notified": notified,
                    "ceased": None,
                    "birth": None,
                    "identification": {
                        "country_registered": "Netherlands",
                        "legal_authority": "Dutch Civil Code",
                        "legal_form": "Besloten Vennootschap",
                        "place_registered": "Kamer van Koophandel",
                        "registration_number": f"{rng.randint(10_000_000, 99_999_999)}",
                    }
                    if overseas
                    else {
                        "country_registered": "England",
                        "legal_authority": "Companies Act 2006",
                        "legal_form": "Private Limited Company",
                        "place_registered": "Register Of Companies For England And Wales",
                        "registration_number": owner["number"],
                    },  # fmt: skip
                }
            )
        elif r < 0.93:
            psc.append({"company": c["number"], "kind": "persons-with-significant-control-statement", "statement": rng.choice(["no-individual-or-entity-with-signficant-control", "no-individual-or-entity-with-signficant-control", "psc-details-not-confirmed"]), "notified": notified, "ceased": None, "birth": None, "natures": []})  # fmt: skip
        # else: nothing filed yet
    return companies, psc


def _person(rng: random.Random, c: dict, notified: date, natures: list[str], ceased: date | None = None) -> dict:
    birth = rng.randint(max(1935, notified.year - 80), min(2000, notified.year - 20))
    names = CH_WOMEN if rng.random() < 0.4 else CH_MEN
    title = rng.choices(["Mrs", "Ms", "Miss", "Dr", ""] if names is CH_WOMEN else ["Mr", "Dr", ""], [50, 15, 8, 4, 23] if names is CH_WOMEN else [72, 4, 24])[0]  # fmt: skip
    fore = rng.choice(names)
    middle = rng.choice(names) if rng.random() < 0.3 else ""
    sur = rng.choice(CH_SURNAMES)
    return {
        "company": c["number"],
        "kind": "individual-person-with-significant-control",
        "name": " ".join(x for x in (title, fore, middle, sur) if x),
        "elements": {
            k: v for k, v in (("forename", fore), ("middle_name", middle), ("surname", sur), ("title", title)) if v
        },  # fmt: skip
        "natures": natures,
        "notified": notified,
        "ceased": ceased,
        "birth": birth,
        "birth_month": rng.randint(1, 12),
        "nationality": rng.choices([x[0] for x in CH_NATIONALITY], [x[1] for x in CH_NATIONALITY])[0],
        "residence": rng.choices(["England", "United Kingdom", "England ", "Uk", "Scotland"], [70, 20, 4, 3, 3])[0],
    }


def _write_ch(t: Truth, d: Path) -> None:
    rng = _rng("ch-render")
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    head = ["CompanyName", " CompanyNumber", "RegAddress.CareOf", "RegAddress.POBox", "RegAddress.AddressLine1", " RegAddress.AddressLine2", "RegAddress.PostTown", "RegAddress.County", "RegAddress.Country", "RegAddress.PostCode", "CompanyCategory", "CompanyStatus", "CountryOfOrigin", "DissolutionDate", "IncorporationDate", "Accounts.AccountRefDay", "Accounts.AccountRefMonth", "Accounts.NextDueDate", "Accounts.LastMadeUpDate", "Accounts.AccountCategory", "Returns.NextDueDate", "Returns.LastMadeUpDate", "Mortgages.NumMortCharges", "Mortgages.NumMortOutstanding", "Mortgages.NumMortPartSatisfied", "Mortgages.NumMortSatisfied", "SICCode.SicText_1", "SICCode.SicText_2", "SICCode.SicText_3", "SICCode.SicText_4", "LimitedPartnerships.NumGenPartners", "LimitedPartnerships.NumLimPartners", "URI"]  # fmt: skip
    for k in range(1, 11):
        head += [f"PreviousName_{k}.CONDATE", f" PreviousName_{k}.CompanyName"]
    head += ["ConfStmtNextDueDate", " ConfStmtLastMadeUpDate"]
    w.writerow(head)
    rows = sorted(t.companies, key=lambda c: c["name"])
    for c in rows:
        sic = [f"{s[0]} - {s[1]}" for s in c["sic"]] or ["None Supplied"]
        sic += [""] * (4 - len(sic))
        out = c["charges"] and rng.randint(0, c["charges"])
        prev = ["", ""] * 10
        if rng.random() < 0.12:
            prev[0] = _dmy(c["inc"] + timedelta(days=rng.randrange(30, 2000)))
            prev[1] = f"{rng.choice(CH_WORDS)} {rng.choice(CH_TRADES)} LIMITED"
        old = c["inc"] < date(2016, 1, 1)
        conf_last = date(2023, c["inc"].month, min(c["inc"].day, 28))
        if conf_last >= CH_SNAPSHOT:
            conf_last = conf_last.replace(year=2022)
        w.writerow(
            [
                c["name"], c["number"], f"C/O {rng.choice(['LOVEWELL BLAKE LLP', 'LARKING GOWEN LLP', 'MA PARTNERS LLP'])}" if rng.random() < 0.08 else "", "",
                f"{rng.randint(1, 180)} {rng.choice(CH_STREETS)}", rng.choice(["", "", "", "FIRST FLOOR", "UNIT 4", "THORPE ST ANDREW"]),
                c["town_text"], rng.choices(["NORFOLK", "Norfolk", ""], [60, 25, 15])[0],
                rng.choices(["ENGLAND", "UNITED KINGDOM", ""], [40, 40, 20])[0],
                f"{c['district']} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}",
                c["category"], c["status"], "United Kingdom", "", _dmy(c["inc"]),
                str(_month_end(2024, c["ref_month"]).day), str(c["ref_month"]), _dmy(c["due"]), _dmy(c["last"]),
                c["account_cat"], _dmy(date(2016, c["inc"].month, min(28, c["inc"].day))) if old else "",
                _dmy(date(2015, c["inc"].month, min(28, c["inc"].day))) if old else "",
                str(c["charges"]), str(out), "0", str(c["charges"] - out), *sic, "0", "0",
                f"http://business.data.gov.uk/id/company/{c['number']}", *prev,
                _dmy(conf_last.replace(year=conf_last.year + 1) + timedelta(days=14)), _dmy(conf_last),
            ]
        )  # fmt: skip
    (d / CH_FILE).write_text(buf.getvalue(), encoding="utf-8", newline="")

    lines = []
    for p in t.psc:
        num = p["company"]
        ident = "".join(
            rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") for _ in range(27)
        )
        etag = "".join(rng.choice("0123456789abcdef") for _ in range(40))
        data: dict = {"etag": etag, "kind": p["kind"], "notified_on": p["notified"].isoformat()}
        if p["kind"] == "persons-with-significant-control-statement":
            data["statement"] = p["statement"]
            data["links"] = {"self": f"/company/{num}/persons-with-significant-control-statements/{ident}"}
        else:
            data["natures_of_control"] = p["natures"]
            data["name"] = p["name"]
            data["address"] = {
                "address_line_1": rng.choice(CH_STREETS).title(),
                "country": rng.choice(["England", "United Kingdom"]),
                "locality": rng.choice(["Norwich", "King's Lynn", "Dereham", "Wymondham", "Great Yarmouth"]),
                "postal_code": f"NR{rng.randint(1, 31)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJ')}{rng.choice('LNPQRSTU')}",  # fmt: skip
                "premises": str(rng.randint(1, 120)),
            }
            if p["kind"] == "individual-person-with-significant-control":
                data["name_elements"] = p["elements"]
                data["date_of_birth"] = {"month": p["birth_month"], "year": p["birth"]}
                data["nationality"] = p["nationality"]
                data["country_of_residence"] = p["residence"]
                data["links"] = {"self": f"/company/{num}/persons-with-significant-control/individual/{ident}"}
            else:
                data["identification"] = p["identification"]
                data["links"] = {"self": f"/company/{num}/persons-with-significant-control/corporate-entity/{ident}"}
            if p["ceased"]:
                data["ceased_on"] = p["ceased"].isoformat()
        lines.append(json.dumps({"company_number": num, "data": dict(sorted(data.items()))}, separators=(",", ":")))
    lines.append(json.dumps({"data": {"kind": "totals#persons-of-significant-control-snapshot", "persons_of_significant_control_count": len(t.psc)}}, separators=(",", ":")))  # fmt: skip
    (d / PSC_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================
# A radio amateur's logbook (ADIF, as QRZ.com's logbook download writes it), March 2022 to June 2024
# ==================================================================================================

HR_CALL = "M0HXB"
HR_GRID = "IO82qp"
HR_START, HR_END = date(2022, 3, 1), date(2024, 6, 30)
HR_N = 2500
# dxcc, country, continent, cq zone, itu zone, prefixes, weight, first year it can be heard
HR_ENTITIES = [
    (230, "FEDERAL REPUBLIC OF GERMANY", "EU", 14, 28, ["DL", "DK", "DJ", "DO", "DG"], 14, 2022),
    (223, "ENGLAND", "EU", 14, 27, ["G", "M", "2E0"], 9, 2022),
    (291, "UNITED STATES OF AMERICA", "NA", 5, 8, ["K", "W", "N", "KD", "WB", "AA"], 9, 2022),
    (227, "FRANCE", "EU", 14, 27, ["F", "F4", "F5"], 7, 2022),
    (281, "SPAIN", "EU", 14, 37, ["EA", "EB", "EC"], 7, 2022),
    (248, "ITALY", "EU", 15, 28, ["I", "IZ", "IK"], 7, 2022),
    (263, "NETHERLANDS", "EU", 14, 27, ["PA", "PD", "PE"], 5, 2022),
    (209, "BELGIUM", "EU", 14, 27, ["ON"], 3, 2022),
    (269, "POLAND", "EU", 15, 28, ["SP", "SQ"], 4, 2022),
    (54, "EUROPEAN RUSSIA", "EU", 16, 29, ["R", "UA", "RA"], 2, 2022),
    (284, "SWEDEN", "EU", 14, 18, ["SM", "SA"], 2, 2022),
    (266, "NORWAY", "EU", 14, 18, ["LA", "LB"], 1.5, 2022),
    (224, "FINLAND", "EU", 15, 18, ["OH"], 1.5, 2022),
    (294, "WALES", "EU", 14, 27, ["GW", "MW"], 2, 2022),
    (279, "SCOTLAND", "EU", 14, 27, ["GM", "MM"], 2, 2022),
    (265, "NORTHERN IRELAND", "EU", 14, 27, ["GI", "MI"], 1, 2022),
    (245, "IRELAND", "EU", 14, 27, ["EI"], 1.5, 2022),
    (287, "SWITZERLAND", "EU", 14, 28, ["HB9"], 1.5, 2022),
    (206, "AUSTRIA", "EU", 15, 28, ["OE"], 1.5, 2022),
    (503, "CZECH REPUBLIC", "EU", 15, 28, ["OK", "OL"], 1.5, 2022),
    (497, "CROATIA", "EU", 15, 28, ["9A"], 1, 2022),
    (1, "CANADA", "NA", 5, 9, ["VE", "VA"], 2, 2022),
    (339, "JAPAN", "AS", 25, 45, ["JA", "JH", "JR"], 1.5, 2022),
    (150, "AUSTRALIA", "OC", 30, 59, ["VK"], 1, 2022),
    (108, "BRAZIL", "SA", 11, 15, ["PY", "PU"], 1.2, 2022),
    (100, "ARGENTINA", "SA", 13, 14, ["LU"], 0.6, 2022),
    (170, "NEW ZEALAND", "OC", 32, 60, ["ZL"], 0.4, 2023),
    (462, "SOUTH AFRICA", "AF", 38, 57, ["ZS"], 0.5, 2022),
    (242, "ICELAND", "EU", 40, 17, ["TF"], 0.8, 2024),
    (256, "MADEIRA ISLANDS", "AF", 33, 36, ["CT3", "CR3"], 0.6, 2024),
    (149, "AZORES", "EU", 14, 36, ["CU"], 0.6, 2024),
    (222, "FAROE ISLANDS", "EU", 14, 18, ["OY"], 0.5, 2024),
    (215, "CYPRUS", "AS", 20, 39, ["5B"], 0.4, 2024),
]
# mode (as the contact was made): weight, bands (weights)
HR_MODES = {
    "FT8": (58, {"20m": 35, "40m": 20, "17m": 10, "15m": 10, "10m": 8, "30m": 8, "80m": 4, "6m": 5}),
    "FT4": (12, {"20m": 40, "40m": 25, "15m": 15, "10m": 10, "17m": 10}),
    "SSB": (15, {"20m": 30, "40m": 30, "80m": 15, "15m": 10, "10m": 10, "2m": 5}),
    "CW": (8, {"40m": 35, "30m": 25, "20m": 25, "80m": 15}),
    "JS8": (3, {"20m": 60, "40m": 40}),
    "PSK31": (2, {"20m": 60, "40m": 40}),
    "RTTY": (2, {"20m": 70, "40m": 30}),
}
HR_FREQ = {  # (mode, band): lowest MHz, width MHz
    "FT8": {
        "80m": 3.573,
        "40m": 7.074,
        "30m": 10.136,
        "20m": 14.074,
        "17m": 18.1,
        "15m": 21.074,
        "10m": 28.074,
        "6m": 50.313,
    },  # fmt: skip
    "FT4": {"40m": 7.0475, "20m": 14.08, "17m": 18.104, "15m": 21.14, "10m": 28.18},
    "SSB": {"80m": 3.7, "40m": 7.1, "20m": 14.15, "15m": 21.2, "10m": 28.4, "2m": 144.2},
    "CW": {"80m": 3.51, "40m": 7.01, "30m": 10.106, "20m": 14.01},
    "JS8": {"20m": 14.078, "40m": 7.078},
    "PSK31": {"20m": 14.07, "40m": 7.04},
    "RTTY": {"20m": 14.08, "40m": 7.035},
}
HR_WIDTH = {"FT8": 0.003, "FT4": 0.003, "SSB": 0.1, "CW": 0.03, "JS8": 0.003, "PSK31": 0.002, "RTTY": 0.01}
HR_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
HR_GRIDS = {"EU": ("IJK", "NO"), "NA": ("CDEF", "MN"), "SA": ("FG", "FGH"), "AS": ("KLPQ", "LMN"), "OC": ("PQR", "EFG"), "AF": ("HIJK", "FGL")}  # fmt: skip


def _hr_call(rng: random.Random, prefixes: list[str]) -> str:
    p = rng.choice(prefixes)
    digit = "" if p[-1].isdigit() else str(rng.randint(0, 9))
    return p + digit + "".join(rng.choice(HR_LETTERS) for _ in range(rng.choice([2, 3, 3])))


def _build_hr(rng: random.Random) -> list[dict]:
    out = []
    days = (HR_END - HR_START).days + 1
    modes = list(HR_MODES)
    forced = [e for e in HR_ENTITIES if e[7] == 2024]
    late = 0
    for k in range(HR_N):
        mode = rng.choices(modes, [HR_MODES[m][0] for m in modes])[0]
        bands = HR_MODES[mode][1]
        band = rng.choices(list(bands), list(bands.values()))[0]
        day = HR_START + timedelta(days=rng.randrange(days))
        if k < len(forced):
            day = date(2024, rng.randint(1, 6), rng.randint(1, 28))
        ok = [e for e in HR_ENTITIES if e[7] <= day.year]
        if band == "2m":
            ok = [e for e in ok if e[0] in (223, 294)]
        elif band == "6m" or mode == "SSB" and band == "80m":
            ok = [e for e in ok if e[2] == "EU"]
        ent = forced[k] if k < len(forced) else rng.choices(ok, [e[6] for e in ok])[0]
        if mode in ("SSB", "CW"):
            hour = rng.choices(range(24), [1, 0.5, 0.2, 0.1, 0.1, 0.2, 0.5, 1, 2, 3, 3, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 2, 0])[0]  # fmt: skip
            start = datetime(day.year, day.month, day.day, hour, rng.randrange(60))
            length = timedelta(minutes=rng.randint(2, 25) if mode == "SSB" else rng.randint(2, 9))
            if mode == "SSB" and late < 2 and day.year == 2023 and rng.random() < 0.05:  # a ragchew past midnight
                late += 1
                start = datetime(day.year, day.month, day.day, 23, rng.randint(40, 55))
                length = timedelta(minutes=rng.randint(61 - start.minute, 25))
        else:
            start = datetime(day.year, day.month, day.day, rng.randrange(24), rng.randrange(60), rng.randrange(60))
            length = timedelta(seconds={"FT8": rng.randint(55, 130), "FT4": rng.randint(25, 70)}.get(mode, rng.randint(180, 900)))  # fmt: skip
        digital = mode not in ("SSB", "CW")
        if digital and mode != "RTTY" and mode != "PSK31":
            sent, rcvd = rng.randint(-24, 8), rng.randint(-24, 10)
        else:
            sent = rcvd = None
        out.append(
            {
                "call": _hr_call(rng, ent[5]),
                "mode": mode,
                "band": band,
                "freq": HR_FREQ[mode][band] + rng.uniform(0, HR_WIDTH[mode]),
                "on": start,
                "off": start + length,
                "dxcc": ent[0],
                "entity": ent,
                "sent": sent,
                "rcvd": rcvd,
                "lotw": digital and rng.random() < 0.55 or not digital and rng.random() < 0.2,
                "old_ft4": False,
            }
        )
    out.sort(key=lambda q: q["on"])
    for q in out:  # FT4 logged before the ADIF 3.1 MFSK/FT4 pair existed in this operator's software
        if q["mode"] == "FT4" and q["on"].date() < date(2022, 9, 1):
            q["old_ft4"] = True
    return out


def _adif(name: str, value: str) -> str:
    return f"<{name}:{len(value)}>{value}"


def _write_hr(t: Truth, d: Path) -> None:
    rng = _rng("hr-render")
    head = (
        f"QRZLogbook download for {HR_CALL.lower()}\n"
        f"Date: Mon Jul  1 07:12:45 2024\nBookid: 291873\nRecords: {len(t.qsos)}\n"
        f"{_adif('ADIF_VER', '3.1.1')}\n{_adif('PROGRAMID', 'QRZLogbook')}\n{_adif('PROGRAMVERSION', '2.0')}\n<eoh>\n"
    )
    rows = []
    logid = 812_000_000
    for q in t.qsos:
        logid += rng.randint(1, 4000)
        f: list[tuple[str, str]] = [("call", q["call"]), ("band", q["band"]), ("freq", f"{q['freq']:.6f}")]
        if q["mode"] == "FT4" and not q["old_ft4"]:
            f += [("mode", "MFSK"), ("submode", "FT4")]
        elif q["mode"] == "JS8":
            f += [("mode", "MFSK"), ("submode", "JS8")]
        elif q["mode"] == "PSK31":
            f += [("mode", "PSK"), ("submode", "PSK31")]
        elif q["mode"] == "SSB":
            f += [("mode", "SSB"), ("submode", "USB" if q["freq"] > 10 else "LSB")]
        else:
            f += [("mode", q["mode"])]
        hand = q["mode"] in ("SSB", "CW")
        fmt = "%H%M" if hand else "%H%M%S"
        f += [
            ("qso_date", q["on"].strftime("%Y%m%d")),
            ("time_on", q["on"].strftime(fmt)),
            ("qso_date_off", q["off"].strftime("%Y%m%d")),
            ("time_off", q["off"].strftime(fmt)),
        ]
        if q["sent"] is not None:
            f += [("rst_sent", f"{q['sent']:+03d}"), ("rst_rcvd", f"{q['rcvd']:+03d}")]
        else:
            rs = "599" if q["mode"] in ("CW", "RTTY", "PSK31") else "59"
            f += [("rst_sent", rs), ("rst_rcvd", rs if rng.random() < 0.7 else rs[0] + "7" + rs[2:])]
        e = q["entity"]
        if not hand or rng.random() < 0.5:
            g = HR_GRIDS[e[2]]
            f += [("gridsquare", f"{rng.choice(g[0])}{rng.choice(g[1])}{rng.randint(0, 9)}{rng.randint(0, 9)}")]
        f += [("dxcc", str(e[0])), ("country", e[1]), ("cont", e[2]), ("cqz", str(e[3])), ("ituz", str(e[4]))]
        f += [("station_callsign", HR_CALL), ("my_gridsquare", HR_GRID), ("tx_pwr", "100" if hand else "40")]
        if hand and rng.random() < 0.4:
            f += [("comment", rng.choice(["Name: Dave, rig IC-7300", "TNX QSO 73", "ant: 3-el yagi, wx sunny", "POTA activator", "Nice chat, 73 & GL"]))]  # fmt: skip
        f += [("qsl_rcvd", "N"), ("lotw_qsl_rcvd", "Y" if q["lotw"] else "N")]
        f += [("app_qrzlog_logid", str(logid)), ("app_qrzlog_status", "C" if q["lotw"] else "N")]
        rows.append(" ".join(_adif(k, v) for k, v in f) + " <eor>")
    (d / HR_FILE).write_text(head + "\n".join(rows) + "\n", encoding="utf-8")


# ==================================================================================================
# An Adobe Lightroom Classic catalog (SQLite), 2021 to 2024
# ==================================================================================================

COCOA = datetime(2001, 1, 1, tzinfo=timezone.utc)  # Lightroom's time stamps count seconds from here
# camera model, lenses (value, focal lengths, f-numbers), file prefix, extension, years
LR_CAMERAS = [
    (
        "ILCE-7M3",
        [
            ("FE 24-105mm F4 G OSS", [24, 35, 50, 70, 105], [4, 5.6, 8, 8, 11, 16]),
            ("FE 85mm F1.8", [85], [1.8, 1.8, 2, 2.8, 4]),
        ],
        "DSC0",
        "ARW",
        (2021, 2023),
    ),  # fmt: skip
    (
        "X-T4",
        [
            ("XF16-55mmF2.8 R LM WR", [16, 23, 35, 55], [2.8, 4, 5.6, 7.1, 8, 9, 11]),
            ("XF35mmF1.4 R", [35], [1.4, 2, 2.8, 5.6]),
        ],
        "DSCF",
        "RAF",
        (2023, 2024),
    ),  # fmt: skip
    ("iPhone 13 Pro", [("iPhone 13 Pro back triple camera 5.7mm f/1.5", [5.7], [1.5])], "IMG_", "HEIC", (2021, 2024)),
]
LR_SHUTTERS = [1 / 4000, 1 / 2000, 1 / 1000, 1 / 500, 1 / 250, 1 / 125, 1 / 60, 1 / 30, 1 / 15, 1 / 4, 1, 2, 30]
LR_PLACES = ["Skye", "Peak District", "Lake District", "Norfolk Coast", "Snowdonia", "Lisbon", "Edinburgh", "Family", "Wedding Kate & Sam", "Street London", "Cornwall", "Dolomites", "Birthday", "Garden", "Iceland"]  # fmt: skip
LR_KEYWORDS = ["landscape", "portrait", "family", "street", "sunset", "mountains", "sea", "dog", "architecture", "black and white", "flowers", "night"]  # fmt: skip


def _build_lr(rng: random.Random) -> list[dict]:
    shoots = []
    for _ in range(46):
        day = date(2021, 5, 1) + timedelta(days=rng.randrange(1125))
        place = rng.choice(LR_PLACES)
        cams = [c for c in LR_CAMERAS[:2] if c[4][0] <= day.year <= c[4][1]]
        cam = rng.choice(cams)
        shoots.append((day, place, cam, rng.randint(15, 130)))
    for y, m in [(y, m) for y in (2021, 2022, 2023, 2024) for m in range(1, 13)]:
        if date(2021, 5, 1) <= date(y, m, 1) <= date(2024, 5, 1) and rng.random() < 0.7:
            shoots.append((date(y, m, 1), "iPhone", LR_CAMERAS[2], rng.randint(5, 45)))
    shoots.sort(key=lambda s: (s[0], s[1]))
    images = []
    counters: dict[str, int] = {}
    for day, place, cam, n in shoots:
        folder = f"iPhone/{day:%Y-%m}/" if place == "iPhone" else f"{day.year}/{day:%Y-%m-%d} {place}/"
        landscape = place in ("Skye", "Peak District", "Lake District", "Snowdonia", "Dolomites", "Iceland", "Norfolk Coast", "Cornwall")  # fmt: skip
        t = datetime(day.year, day.month, day.day, rng.randint(6, 16), rng.randrange(60), tzinfo=timezone.utc)
        keys = rng.sample(LR_KEYWORDS, 2) + (["landscape"] if landscape else [])
        for _ in range(n):
            if place == "iPhone":
                t = datetime(day.year, day.month, rng.randint(1, 28), rng.randint(7, 21), rng.randrange(60), rng.randrange(60), tzinfo=timezone.utc)  # fmt: skip
            else:
                t += timedelta(seconds=rng.choice([1, 1, 2, 5, 30, 120, 600]))
            lens = rng.choice(cam[1])
            fnum = rng.choice(lens[2]) if not (landscape and lens[0].startswith(("FE 24", "XF16"))) else rng.choice([8, 8, 11, 11, 9, 5.6, 16])  # fmt: skip
            counters[cam[2]] = counters.get(cam[2], rng.randint(100, 4000)) + 1
            rating = rng.choices([None, 1, 2, 3, 4, 5], [68, 5, 7, 11, 6, 3])[0]
            pick = rng.choices([0, 1, -1], [82, 8, 10])[0]
            if pick == -1:
                rating = None
            edited = rating is not None and rng.random() < 0.8 or rng.random() < 0.2
            touch = None
            if edited:
                touch = min(t + timedelta(days=rng.expovariate(1 / 40), seconds=rng.randrange(86400)), datetime(2024, 6, 9, tzinfo=timezone.utc))  # fmt: skip
                if (touch.month, touch.day) in ((12, 31), (1, 1)):
                    touch += timedelta(days=2)
            images.append(
                {
                    "capture": t.replace(tzinfo=None),
                    "frac": rng.random() < 0.4,
                    "camera": cam[0],
                    "lens": lens[0],
                    "focal": rng.choice(lens[1]),
                    "fnum": float(fnum),
                    "shutter": rng.choice(LR_SHUTTERS[:9] if fnum < 8 else LR_SHUTTERS[3:]),
                    "iso": rng.choice([100, 100, 200, 400, 800, 1600, 3200]),
                    "file": f"{cam[2]}{counters[cam[2]] % 10000:04d}",
                    "ext": cam[3],
                    "folder": folder,
                    "rating": rating,
                    "pick": pick,
                    "touch": touch,
                    "master": None,
                    "copy": None,
                    "keywords": [k for k in keys if rng.random() < 0.6],
                }
            )
    masters = [i for i, im in enumerate(images) if (im["rating"] or 0) >= 3]
    for i in sorted(rng.sample(masters, 230)):
        m = images[i]
        copy = dict(m)
        copy.update(
            rating=None,
            pick=0,
            master=i,
            copy=rng.choice(["Copy 1", "B&W", "Crop 4x5", "Copy 2"]),
            touch=min(
                (m["touch"] or datetime(2024, 1, 5, tzinfo=timezone.utc)) + timedelta(minutes=rng.randint(1, 600)),
                datetime(2024, 6, 9, 23, tzinfo=timezone.utc),
            ),  # fmt: skip
            keywords=[],
        )
        if (copy["touch"].month, copy["touch"].day) in ((12, 31), (1, 1)):
            copy["touch"] += timedelta(days=2)
        images.append(copy)
    return images


LR_SCHEMA = """
CREATE TABLE Adobe_variablesTable (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, name, type, value NOT NULL DEFAULT '');
CREATE TABLE Adobe_images (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, aspectRatioCache NOT NULL DEFAULT -1, bitDepth NOT NULL DEFAULT 0, captureTime, colorChannels NOT NULL DEFAULT 0, colorLabels NOT NULL DEFAULT '', colorMode NOT NULL DEFAULT -1, copyCreationTime NOT NULL DEFAULT -63113817600, copyName, copyReason, developSettingsIDCache, fileFormat NOT NULL DEFAULT 'unset', fileHeight, fileWidth, hasMissingSidecars INTEGER, masterImage INTEGER, orientation, originalCaptureTime, originalRootEntityType, panningDistanceH, panningDistanceV, pick NOT NULL DEFAULT 0, positionInFolder NOT NULL DEFAULT 'z', propertiesCache, pyramidIDCache, rating, rootFile INTEGER NOT NULL DEFAULT 0, sidecarStatus, touchCount NOT NULL DEFAULT 0, touchTime NOT NULL DEFAULT 0);
CREATE TABLE AgLibraryRootFolder (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, absolutePath UNIQUE NOT NULL DEFAULT '', name NOT NULL DEFAULT '', relativePathFromCatalog);
CREATE TABLE AgLibraryFolder (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, parentId INTEGER, pathFromRoot NOT NULL DEFAULT '', rootFolder INTEGER NOT NULL DEFAULT 0, visibility INTEGER);
CREATE TABLE AgLibraryFile (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, baseName NOT NULL DEFAULT '', errorMessage, errorTime, extension NOT NULL DEFAULT '', externalModTime, folder INTEGER NOT NULL DEFAULT 0, idx_filename NOT NULL DEFAULT '', importHash, lc_idx_filename NOT NULL DEFAULT '', lc_idx_filenameExtension NOT NULL DEFAULT '', md5, modTime, originalFilename NOT NULL DEFAULT '', sidecarExtensions);
CREATE TABLE AgInternedExifCameraModel (id_local INTEGER PRIMARY KEY, searchIndex, value);
CREATE TABLE AgInternedExifLens (id_local INTEGER PRIMARY KEY, searchIndex, value);
CREATE TABLE AgHarvestedExifMetadata (id_local INTEGER PRIMARY KEY, image INTEGER, aperture, cameraModelRef INTEGER, cameraSNRef INTEGER, dateDay, dateMonth, dateYear, flashFired INTEGER NOT NULL DEFAULT 0, focalLength, gpsLatitude, gpsLongitude, gpsSequence NOT NULL DEFAULT 0, hasGPS INTEGER, isoSpeedRating, lensRef INTEGER, shutterSpeed);
CREATE TABLE AgLibraryKeyword (id_local INTEGER PRIMARY KEY, id_global UNIQUE NOT NULL, dateCreated NOT NULL DEFAULT '', genealogy NOT NULL DEFAULT '', imageCountCache DEFAULT -1, includeOnExport INTEGER NOT NULL DEFAULT 1, includeParents INTEGER NOT NULL DEFAULT 1, includeSynonyms INTEGER NOT NULL DEFAULT 1, keywordType, lastApplied, lc_name, name, parent INTEGER);
CREATE TABLE AgLibraryKeywordImage (id_local INTEGER PRIMARY KEY, image INTEGER NOT NULL DEFAULT 0, tag INTEGER NOT NULL DEFAULT 0);
CREATE TABLE AgLibraryCollection (id_local INTEGER PRIMARY KEY, creationId NOT NULL DEFAULT '', genealogy NOT NULL DEFAULT '', imageCount, name NOT NULL DEFAULT '', parent INTEGER, systemOnly NOT NULL DEFAULT '');
CREATE TABLE AgLibraryCollectionImage (id_local INTEGER PRIMARY KEY, collection INTEGER NOT NULL DEFAULT 0, image INTEGER NOT NULL DEFAULT 0, isPick NOT NULL DEFAULT 0, positionInCollection);
CREATE INDEX index_Adobe_images_rootFile ON Adobe_images(rootFile);
CREATE INDEX index_AgHarvestedExifMetadata_image ON AgHarvestedExifMetadata(image);
CREATE INDEX index_AgLibraryFile_folder ON AgLibraryFile(folder);
"""


def _cocoa(t: datetime) -> float:
    return round((t - COCOA).total_seconds(), 3)


def _write_lr(t: Truth, d: Path) -> None:
    rng = _rng("lr-render")
    path = d / LR_FILE
    for p in (path, path.with_name(LR_FILE + "-journal")):
        if p.exists():
            p.unlink()
    con = sqlite3.connect(path)
    con.execute("PRAGMA page_size = 4096")
    con.executescript(LR_SCHEMA)
    next_id = [1000]

    def nid() -> int:  # Lightroom hands out id_local from one counter shared by all tables
        next_id[0] += rng.randint(1, 3)
        return next_id[0]

    def gid() -> str:
        h = "".join(rng.choice("0123456789ABCDEF") for _ in range(32))
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

    con.executemany(
        "INSERT INTO Adobe_variablesTable VALUES (?,?,?,?,?)",
        [(1, gid(), "Adobe_DBVersion", None, "1300025"), (2, gid(), "Adobe_storeProviderID", None, gid())],
    )
    con.execute(
        "INSERT INTO AgLibraryRootFolder VALUES (?,?,?,?,?)",
        (101, gid(), "/Users/sam/Pictures/Photos/", "Photos", "../Photos/"),
    )
    folders: dict[str, int] = {}
    for im in t.images:
        for path_from_root in (im["folder"].split("/")[0] + "/", im["folder"]):
            if path_from_root not in folders:
                folders[path_from_root] = nid()
                parent = folders.get(path_from_root.split("/")[0] + "/") if path_from_root.count("/") > 1 else None
                con.execute("INSERT INTO AgLibraryFolder VALUES (?,?,?,?,?,NULL)", (folders[path_from_root], gid(), parent, path_from_root, 101))  # fmt: skip
    cams = {c: nid() for c in sorted({im["camera"] for im in t.images})}
    lenses = {c: nid() for c in sorted({im["lens"] for im in t.images})}
    con.executemany("INSERT INTO AgInternedExifCameraModel VALUES (?,?,?)", [(v, f"/T{k.lower()}/T", k) for k, v in cams.items()])  # fmt: skip
    con.executemany("INSERT INTO AgInternedExifLens VALUES (?,?,?)", [(v, f"/T{k.lower()}/T", k) for k, v in lenses.items()])  # fmt: skip
    kw_root = nid()
    kws = {k: nid() for k in LR_KEYWORDS}
    con.execute("INSERT INTO AgLibraryKeyword VALUES (?,?,?,?,NULL,1,1,1,NULL,NULL,NULL,NULL,NULL)", (kw_root, gid(), 6.2e8, f"/{len(str(kw_root))}{kw_root}"))  # fmt: skip
    for k, v in kws.items():
        con.execute(
            "INSERT INTO AgLibraryKeyword VALUES (?,?,?,?,NULL,1,1,1,'',?,?,?,?)",
            (v, gid(), 6.2e8 + v, f"/{len(str(kw_root))}{kw_root}/{len(str(v))}{v}", 7.1e8, k.lower(), k, kw_root),
        )
    ids: list[int] = []
    files: list[int] = []
    for im in t.images:
        if im["master"] is None:
            fid = nid()
            files.append(fid)
            name = f"{im['file']}.{im['ext']}"
            mod = _cocoa(datetime.combine(im["capture"].date(), datetime.min.time(), tzinfo=timezone.utc) + timedelta(days=1))  # fmt: skip
            con.execute(
                "INSERT INTO AgLibraryFile VALUES (?,?,?,NULL,NULL,?,?,?,?,?,?,?,NULL,?,?,?)",
                (
                    fid,
                    gid(),
                    im["file"],
                    im["ext"],
                    mod,
                    folders[im["folder"]],
                    name,
                    f"{rng.getrandbits(60):x}",
                    name.lower(),
                    im["ext"].lower(),
                    mod,
                    name,
                    "" if im["ext"] != "ARW" or rng.random() < 0.8 else "JPG",
                ),  # fmt: skip
            )
        else:
            files.append(files[im["master"]])
        ids.append(nid())
    for k, im in enumerate(t.images):
        cap = im["capture"].strftime("%Y-%m-%dT%H:%M:%S") + (f".{rng.randint(10, 99)}" if im["frac"] else "")
        fmt = {"ARW": "RAW", "RAF": "RAW", "HEIC": "HEIC"}[im["ext"]]
        touch = 0 if im["touch"] is None else _cocoa(im["touch"])
        con.execute(
            "INSERT INTO Adobe_images VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL,?,?,?,0,?,?,?,1,NULL,NULL,?,?,NULL,NULL,?,?,NULL,?,?)",
            (ids[k], gid(), 1.5 if im["ext"] != "HEIC" else 1.333, 16 if fmt == "RAW" else 8, cap, 3,
             rng.choice(["", "", "", "", "Red", "Green"]) if im["master"] is None else "", 3,
             -63113817600 if im["copy"] is None else _cocoa(im["touch"]), im["copy"], "copy" if im["copy"] else None,
             fmt, 4000 if fmt == "RAW" else 3024, 6000 if fmt == "RAW" else 4032,
             None if im["master"] is None else ids[im["master"]], rng.choice(["AB", "AB", "BC"]), cap,
             im["pick"], f"z{k % 997}", im["rating"], files[k], rng.randint(1, 40) if im["touch"] else 0, touch),
        )  # fmt: skip
        if im["master"] is None:
            apex_av = round(2 * math.log2(im["fnum"]), 6)
            apex_tv = round(-math.log2(im["shutter"]), 6)
            gps = im["camera"].startswith("iPhone")
            con.execute(
                "INSERT INTO AgHarvestedExifMetadata VALUES (?,?,?,?,NULL,?,?,?,0,?,?,?,0,?,?,?,?)",
                (nid(), ids[k], apex_av, cams[im["camera"]], float(im["capture"].day), float(im["capture"].month),
                 float(im["capture"].year), im["focal"], round(52.6 + rng.gauss(0, 0.3), 6) if gps else None,
                 round(1.3 + rng.gauss(0, 0.3), 6) if gps else None, 1 if gps else 0, im["iso"], lenses[im["lens"]],
                 apex_tv),
            )  # fmt: skip
            for kw in im["keywords"]:
                con.execute("INSERT INTO AgLibraryKeywordImage VALUES (?,?,?)", (nid(), ids[k], kws[kw]))
    best = [ids[k] for k, im in enumerate(t.images) if im["rating"] == 5]
    coll = nid()
    con.execute("INSERT INTO AgLibraryCollection VALUES (?,'com.adobe.ag.library.collection','',NULL,'Portfolio',NULL,'')", (coll,))  # fmt: skip
    con.executemany("INSERT INTO AgLibraryCollectionImage VALUES (?,?,?,0,?)", [(nid(), coll, b, f"z{j}") for j, b in enumerate(best)])  # fmt: skip
    con.commit()
    con.execute("VACUUM")
    con.close()


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    companies, psc = _build_ch(_rng("companies"))
    return Truth(
        met=_build_met(_rng("met")),
        companies=companies,
        psc=psc,
        qsos=_build_hr(_rng("radio")),
        images=_build_lr(_rng("lightroom")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_met(t, d)
    _write_ch(t, d)
    _write_hr(t, d)
    _write_lr(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout33-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
