"""The twenty-first held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* podcast    -- a podcast's RSS feed as a podcast host serves it (`1847293.rss`, Buzzsprout style):
                RSS 2.0 with the `itunes:`, `podcast:`, `content:` and `atom:` namespaces, newest item
                first; the episodes imported from the show's two earlier hosts keep those hosts' ways of
                writing things: `pubDate` in GMT (`Tue, 16 Jan 2018 03:00:00 +0000`) for the old ones and
                in New York local time with its offset (`Mon, 10 Jan 2022 06:00:00 -0500`) for the new
                ones; `itunes:duration` as `00:52:13`, as typed by hand (`52:13`, `62:03`, `1:02:03`) and
                as seconds (`3723`); `itunes:explicit` as `yes`/`no`/`clean` (the old spelling) and as
                `true`/`false` (the new one); trailer and bonus items beside the full episodes;
* prices     -- the US Bureau of Labor Statistics' flat files for the Consumer Price Index
                (download.bls.gov/pub/time.series/cu/): `cu.data.0.Current` (tab-separated, the header's
                names padded with spaces, `series_id` padded with trailing spaces, values right-aligned,
                period `M01`..`M12` plus `M13` for the annual average, semiannual series with
                `S01`/`S02`/`S03`, bimonthly metro areas published only every other month) and
                `cu.series` (the series list: area, item, seasonal code S/U, periodicity R/S, base
                period, a title with commas inside the area names);
* pageviews  -- two hourly Wikimedia pageview dumps (dumps.wikimedia.org/other/pageviews/,
                `pageviews-20240915-140000.gz` and `-150000.gz`): gzip, space-separated, no header
                (`domain_code page_title count_views total_response_size`), mobile sites as `en.m`,
                sister projects as further letters (`fr.d` Wiktionary, `en.voy` Wikivoyage, `commons.m`,
                `www.wd`), titles with underscores, namespaces (`Special:`, `Spezial:`) beside articles
                with a colon in their names, titles that are a lone `"` or start with one, titles such as
                `NA`, `Null` and `NaN`; pages with no views in an hour are not in that hour's file;
* osm        -- an OpenStreetMap Overpass API result as JSON (`export.json`, what Overpass Turbo's
                export gives): food and drink places in Leeds as nodes and as ways (buildings drawn as
                outlines) with their attributes in a nested `tags` dict (`addr:postcode`, `cuisine`
                lists joined with `;`, `opening_hours` in OSM syntax, `brand`), followed by the bare
                skeleton nodes of the ways (`out body; >; out skel qt;`), which have no tags; postcodes
                as people typed them (`LS1 4DY`, `LS14DY`, `ls1 4dy`).

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes (the gzip files carry no timestamp). `write_files(dir)` renders the files. `python data.py
DIR` writes them.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr
from zoneinfo import ZoneInfo

SEED = 21_580_311
UTC = timezone.utc
NY = ZoneInfo("America/New_York")

PODCAST_FILE = "1847293.rss"
CPI_DATA_FILE = "cu.data.0.Current"
CPI_SERIES_FILE = "cu.series"
PV14_FILE = "pageviews-20240915-140000.gz"
PV15_FILE = "pageviews-20240915-150000.gz"
OSM_FILE = "export.json"
FILES = [PODCAST_FILE, CPI_DATA_FILE, CPI_SERIES_FILE, PV14_FILE, PV15_FILE, OSM_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    episodes: list[dict]  # podcast items, newest first (aware datetimes in New York time, durations in seconds)
    cpi: dict  # series_id -> {meta..., "values": {(year, period): value as published}}
    pageviews: dict  # hour (14, 15) -> {(domain_code, title): views}
    osm: list[dict]  # places: {"type", "id", "lat", "lon" (a way's: the mean of its distinct nodes), "tags", ...}


# =================================================================================================
# podcast: a weekly history podcast's RSS feed, January 2018 to June 2025
# =================================================================================================

SHOW = "Small Histories"
SHOW_ID = "1847293"
FIRST_MONDAY = date(2018, 1, 15)
LAST_MONDAY = date(2025, 6, 30)
HIATUS = (date(2020, 3, 23), date(2020, 5, 25))  # no new episodes (the hosts' spring 2020 break)
LONGEST = ("The Sunken Cathedral of Dunwich", 104 * 60 + 37)  # a two-part story released as one, 2021

ADJ = [
    "Great", "Lost", "Last", "Forgotten", "Secret", "Strange", "Silent", "Stolen", "Burning", "Frozen",
    "Floating", "Phantom", "Golden", "Iron", "Glass", "Paper", "Midnight", "Runaway", "Sunken", "Hidden",
]  # fmt: skip
NOUN = [
    "Library", "Bridge", "Map", "Orchestra", "Railway", "Lighthouse", "Clock", "Circus", "Mine", "Canal",
    "Balloon", "Telegraph", "Fortress", "Garden", "Harbor", "Printing Press", "Observatory", "Bell", "Ship",
    "Menagerie",
]  # fmt: skip
PLACE = [
    "Alexandria", "Timbuktu", "Nineveh", "Lisbon", "Samarkand", "Kyoto", "Venice", "Dunwich", "Cahokia",
    "Petra", "Great Zimbabwe", "Angkor", "Zanzibar", "Tenochtitlan", "Nuuk", "Halifax", "Valparaíso",
    "Odessa", "Antwerp", "Gdańsk",
]  # fmt: skip
SPECIAL_TITLES = [
    "Tea & Treason", "Salt, Silver & the Sea", "The \u201cMad Monk\u201d of Montségur", "Smugglers & Saints",
    "Ink & Iron: The First Newspapers", "Bread & Circuses, Literally",
]  # fmt: skip
BONUS = ["Listener Mailbag", "Live at the Hall", "Behind the Mic", "Q&A Hour", "Holiday Special"]


def _podcast_titles(rng: random.Random, n: int) -> list[str]:
    combos = [f"The {a} {b} of {c}" for a in ADJ for b in NOUN for c in PLACE]
    rng.shuffle(combos)
    titles = [t for t in combos if t != LONGEST[0]][:n]
    for i, special in enumerate(SPECIAL_TITLES):
        titles[17 + i * 41] = special
    return titles


def _era(day: date) -> str:
    """A (2018-2020, first host), B (2021, self-hosted, typed by hand), C (2022 on, the current host)."""
    return "A" if day.year <= 2020 else "B" if day.year == 2021 else "C"


def _us_holiday(day: date) -> bool:
    """Martin Luther King Jr. Day, Memorial Day or Labor Day (all on Mondays)."""
    return (
        (day.month == 1 and 15 <= day.day <= 21)
        or (day.month == 5 and day.day >= 25)
        or (day.month == 9 and day.day <= 7)
    )


def _build_podcast(rng: random.Random) -> list[dict]:
    mondays = []
    day = FIRST_MONDAY
    while day <= LAST_MONDAY:
        skip = (
            (day.month == 12 and day.day >= 20) or (day.month == 1 and day.day <= 6)  # winter break
            or (day.month == 8 and day.day <= 21)  # summer break
            or HIATUS[0] <= day <= HIATUS[1]
            or rng.random() < 0.04  # a week off now and then
        )  # fmt: skip
        if not skip:
            mondays.append(day)
        day += timedelta(days=7)
    titles = _podcast_titles(rng, len(mondays))
    longest_at = next(i for i, d in enumerate(mondays) if d >= date(2021, 10, 4))
    eps: list[dict] = []

    def add(kind: str, local: datetime, title: str, itunes_title: str, seconds: int, number: int | None):
        era = _era(local.date())
        explicit = rng.random() < 0.11
        eps.append(
            {
                "type": kind, "published": local, "title": title, "itunes_title": itunes_title,
                "seconds": seconds, "number": number, "season": local.year - 2017, "era": era,
                "explicit": explicit, "clean_word": rng.random() < 0.3,  # era B writes some 'no' as 'clean'
                "colon_form": rng.random() < 0.6,  # era B: 62:03 (minutes past 60) or 1:02:03
                "bytes": seconds * 16_000 + rng.randint(40_000, 900_000),
                "post": rng.randint(200, 9999), "buzz": rng.randint(10_000_000, 17_999_999),
            }
        )  # fmt: skip

    # the trailer
    add("trailer", datetime(2018, 1, 8, 22, 0, tzinfo=NY), f"Introducing {SHOW}", f"Introducing {SHOW}", 151, None)
    for i, day in enumerate(mondays):
        n = i + 1
        title = LONGEST[0] if i == longest_at else titles[i]
        seconds = LONGEST[1] if i == longest_at else int(min(95 * 60, max(30 * 60, rng.gauss(52 * 60, 9 * 60))))
        if _us_holiday(day):
            day += timedelta(days=1)  # a Monday holiday: the episode comes out on the Tuesday
        at = datetime(day.year, day.month, day.day, 22 if _era(day) != "C" else 6, 0, tzinfo=NY)
        full = f"Ep. {n}: {title}" if _era(day) != "C" else f"{n}: {title}"
        add("full", at, full, title, seconds, n)
    # bonus episodes: a few a year, on a Thursday or Friday afternoon
    bonus_n: dict[str, int] = {}
    for year in range(2018, 2026):
        for _ in range(rng.randint(3, 5)):
            while True:
                day = date(year, rng.randint(1, 6 if year == 2025 else 12), rng.randint(1, 28))
                if day.weekday() in (3, 4) and not (HIATUS[0] <= day <= HIATUS[1]):
                    break
            name = rng.choice(BONUS)
            bonus_n[name] = bonus_n.get(name, 0) + 1
            label = f"{name} #{bonus_n[name]}"
            at = datetime(day.year, day.month, day.day, rng.randint(12, 17), rng.choice([0, 15, 30, 45]), tzinfo=NY)
            add("bonus", at, f"Bonus: {label}", label, rng.randint(15 * 60, 40 * 60), None)
    eps.sort(key=lambda e: e["published"], reverse=True)
    return eps


def _duration_text(e: dict) -> str:
    s = e["seconds"]
    h, m, sec = s // 3600, (s // 60) % 60, s % 60
    if e["era"] == "A":
        return f"{h:02d}:{m:02d}:{sec:02d}"
    if e["era"] == "B":
        if s < 3600 or e["colon_form"] or e["itunes_title"] == LONGEST[0]:
            return f"{s // 60}:{sec:02d}"  # minutes past sixty as typed: 62:03, 104:37
        return f"{h}:{m:02d}:{sec:02d}"
    return str(s)


def _explicit_text(e: dict) -> str:
    if e["era"] == "C":
        return "true" if e["explicit"] else "false"
    if e["explicit"]:
        return "yes"
    return "clean" if e["era"] == "B" and e["clean_word"] else "no"


def _pubdate_text(e: dict) -> str:
    """RFC 822: GMT for the imported episodes, New York local time with its offset for the current host's."""
    at = e["published"] if e["era"] == "C" else e["published"].astimezone(UTC)
    return at.strftime("%a, %d %b %Y %H:%M:%S %z")


def _write_podcast(t: Truth, d: Path) -> None:
    base = f"https://www.buzzsprout.com/{SHOW_ID}"
    out = [
        '<?xml version="1.0" encoding="UTF-8" ?>',
        '<?xml-stylesheet href="https://feeds.buzzsprout.com/styles.xsl" type="text/xsl"?>',
        '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" '
        'xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
        'xmlns:atom="http://www.w3.org/2005/Atom">',
        "<channel>",
        f'  <atom:link href="https://feeds.buzzsprout.com/{SHOW_ID}.rss" rel="self" type="application/rss+xml" />',
        '  <atom:link href="https://pubsubhubbub.appspot.com/" rel="hub" xmlns="http://www.w3.org/2005/Atom" />',
        f"  <title>{SHOW}</title>",
        "  <lastBuildDate>Tue, 01 Jul 2025 14:02:11 -0400</lastBuildDate>",
        "  <link>https://smallhistories.fm</link>",
        "  <language>en-us</language>",
        "  <copyright>© 2025 Small Histories Media</copyright>",
        "  <podcast:locked>yes</podcast:locked>",
        "  <podcast:guid>5b1c8a0e-3f2d-5c7a-9e61-2d4b7f0a8c33</podcast:guid>",
        "  <itunes:author>Maya Okafor &amp; Tom Reilly</itunes:author>",
        "  <itunes:type>episodic</itunes:type>",
        "  <itunes:explicit>false</itunes:explicit>",
        "  <description><![CDATA[<p>Two friends, one story a week: the odd corners of history that didn’t make "
        "the textbooks.</p>]]></description>",
        "  <itunes:owner>",
        f"    <itunes:name>{SHOW}</itunes:name>",
        "  </itunes:owner>",
        f"  <image>\n     <url>https://storage.buzzsprout.com/{SHOW_ID}/artwork.jpg</url>\n     <title>{SHOW}</title>\n"
        "     <link>https://smallhistories.fm</link>\n  </image>",
        f'  <itunes:image href="https://storage.buzzsprout.com/{SHOW_ID}/artwork.jpg" />',
        '  <itunes:category text="History" />',
        '  <itunes:category text="Society &amp; Culture">\n    <itunes:category text="Documentary" />\n  </itunes:category>',
    ]
    for e in t.episodes:
        slug = "-".join(w for w in "".join(c if c.isalnum() else " " for c in e["itunes_title"].lower()).split())
        if e["era"] == "C":
            guid = f'<guid isPermaLink="false">Buzzsprout-{e["buzz"]}</guid>'
            url = f"{base}/episodes/{e['buzz']}-{slug}.mp3"
        else:
            guid = f'<guid isPermaLink="false">https://smallhistories.fm/?p={e["post"]}</guid>'
            url = f"{base}/episodes/{e['buzz']}-{slug}.mp3"
        item = [
            "  <item>",
            f"    <itunes:title>{escape(e['itunes_title'])}</itunes:title>",
            f"    <title>{escape(e['title'])}</title>",
            f"    <description><![CDATA[<p>{escape(e['itunes_title'])}. Maya and Tom dig in.</p>]]></description>",
            f"    <content:encoded><![CDATA[<p>{escape(e['itunes_title'])}.</p><p>Support the show: "
            "https://smallhistories.fm/support</p>]]></content:encoded>",
            "    <itunes:author>Maya Okafor &amp; Tom Reilly</itunes:author>",
            f'    <enclosure url={quoteattr(url)} length="{e["bytes"]}" type="audio/mpeg" />',
            f"    {guid}",
            f"    <pubDate>{_pubdate_text(e)}</pubDate>",
            f"    <itunes:duration>{_duration_text(e)}</itunes:duration>",
        ]
        if e["era"] == "C" and e["type"] == "full":
            item.append(f'    <podcast:transcript url="{base}/{e["buzz"]}/transcript" type="text/html" />')
        item.append(f"    <itunes:season>{e['season']}</itunes:season>")
        if e["number"] is not None:
            item.append(f"    <itunes:episode>{e['number']}</itunes:episode>")
        item += [
            f"    <itunes:episodeType>{e['type']}</itunes:episodeType>",
            f"    <itunes:explicit>{_explicit_text(e)}</itunes:explicit>",
            "  </item>",
        ]
        out += item
    out += ["</channel>", "</rss>", ""]
    (d / PODCAST_FILE).write_bytes("\n".join(out).encode("utf-8"))


# =================================================================================================
# prices: the BLS Consumer Price Index (CPI-U) flat files, January 2015 to August 2025
# =================================================================================================

CPI_FIRST_YEAR, CPI_LAST = 2015, (2025, 8)  # the last published month
AREAS = {
    "0000": "U.S. city average",
    "0100": "Northeast", "0200": "Midwest", "0300": "South", "0400": "West",
    "S12A": "New York-Newark-Jersey City, NY-NJ-PA",
    "S23A": "Chicago-Naperville-Elgin, IL-IN-WI",
    "S49A": "Los Angeles-Long Beach-Anaheim, CA",
    "S11A": "Boston-Cambridge-Newton, MA-NH",
    "S35B": "Miami-Fort Lauderdale-West Palm Beach, FL",
    "S48B": "Denver-Aurora-Lakewood, CO",
    "S49D": "Seattle-Tacoma-Bellevue, WA",
}  # fmt: skip
MONTHLY_METROS = ["S12A", "S23A", "S49A"]
BIMONTHLY_METROS = {"S11A": 1, "S35B": 0, "S48B": 1, "S49D": 0}  # published months: 1 = odd, 0 = even
# item code -> name, base period, level in January 2015 (the published levels are close to the real ones)
ITEMS = {
    "SA0": ("All items", "1982-84=100", 233.7),
    "SA0L1E": ("All items less food and energy", "1982-84=100", 239.8),
    "SAF11": ("Food at home", "1982-84=100", 243.6),
    "SEFV": ("Food away from home", "1982-84=100", 259.0),
    "SEFJ": ("Dairy and related products", "1982-84=100", 222.4),
    "SA0E": ("Energy", "1982-84=100", 193.0),
    "SETB01": ("Gasoline (all types)", "1982-84=100", 199.4),
    "SAH1": ("Shelter", "1982-84=100", 275.7),
    "SEHA": ("Rent of primary residence", "1982-84=100", 280.4),
    "SETA01": ("New vehicles", "1982-84=100", 145.0),
    "SETA02": ("Used cars and trucks", "1982-84=100", 141.3),
    "SAM": ("Medical care", "1982-84=100", 450.9),
    "SAA": ("Apparel", "1982-84=100", 122.7),
    "SETG01": ("Airline fares", "1982-84=100", 285.0),
    "SAE": ("Education and communication", "DECEMBER 1997=100", 136.0),
}
REGION_ITEMS = ["SA0", "SA0L1E", "SAF11", "SA0E", "SAH1"]
METRO_ITEMS = ["SA0", "SAH1"]
# annualised monthly inflation (percent) at knots (year, month), linear in between
KNOTS = {
    "core": [((2015, 1), 1.8), ((2019, 12), 2.3), ((2020, 4), -0.5), ((2020, 9), 2.0), ((2021, 3), 5.5),
             ((2021, 9), 5.0), ((2022, 3), 7.6), ((2022, 9), 6.0), ((2023, 3), 4.8), ((2023, 9), 3.2),
             ((2024, 3), 3.6), ((2024, 9), 3.0), ((2025, 8), 2.9)],
    "food": [((2015, 1), -0.5), ((2016, 12), -1.0), ((2019, 12), 1.0), ((2020, 4), 12.0), ((2020, 8), 1.0),
             ((2021, 3), 3.0), ((2021, 9), 7.0), ((2022, 4), 15.0), ((2022, 10), 8.0), ((2023, 4), 2.0),
             ((2023, 10), 0.5), ((2024, 8), 1.2), ((2025, 8), 2.8)],
    "energy": [((2015, 1), -18.0), ((2016, 2), -10.0), ((2016, 6), 8.0), ((2018, 5), 5.0), ((2019, 1), -3.0),
               ((2019, 12), 2.0), ((2020, 4), -70.0), ((2020, 7), 25.0), ((2021, 3), 35.0), ((2021, 11), 22.0),
               ((2022, 3), 50.0), ((2022, 6), 45.0), ((2022, 8), -40.0), ((2023, 1), -5.0), ((2023, 7), -2.0),
               ((2024, 1), 2.0), ((2024, 9), -8.0), ((2025, 8), -1.0)],
    "shelter": [((2015, 1), 3.2), ((2019, 12), 3.3), ((2020, 12), 1.6), ((2021, 6), 3.5), ((2022, 6), 8.0),
                ((2023, 3), 7.2), ((2023, 12), 5.2), ((2024, 12), 4.2), ((2025, 8), 3.6)],
    "newcar": [((2015, 1), 0.5), ((2020, 12), 1.0), ((2021, 4), 8.0), ((2022, 3), 13.0), ((2022, 9), 6.0),
               ((2023, 6), 0.5), ((2024, 6), -1.5), ((2025, 8), 0.5)],
    "used": [((2015, 1), -2.0), ((2020, 6), 0.0), ((2020, 9), 20.0), ((2021, 6), 70.0), ((2021, 9), 10.0),
             ((2022, 1), 40.0), ((2022, 4), -10.0), ((2023, 1), -8.0), ((2023, 6), -5.0), ((2024, 6), -4.0),
             ((2025, 8), 3.0)],
    "medical": [((2015, 1), 3.0), ((2019, 12), 4.5), ((2021, 6), 1.0), ((2022, 6), 5.0), ((2023, 6), -1.0),
                ((2024, 6), 3.2), ((2025, 8), 3.4)],
    "flat": [((2015, 1), -0.5), ((2020, 4), -6.0), ((2021, 3), 5.0), ((2022, 3), 6.0), ((2023, 3), 2.0),
             ((2024, 3), 0.5), ((2025, 8), 0.0)],
    "air": [((2015, 1), -4.0), ((2019, 12), 0.0), ((2020, 5), -60.0), ((2021, 1), 10.0), ((2021, 6), 40.0),
            ((2022, 5), 60.0), ((2022, 12), -10.0), ((2023, 8), -15.0), ((2024, 6), 2.0), ((2025, 8), 1.0)],
    "edu": [((2015, 1), 1.0), ((2020, 12), 1.5), ((2022, 6), 1.0), ((2024, 6), 0.5), ((2025, 8), 1.0)],
}  # fmt: skip
# item -> (driver knots, noise per month in percent, seasonal amplitude in percent)
ITEM_MODEL = {
    "SA0L1E": ("core", 0.05, 0.15), "SAF11": ("food", 0.25, 0.3), "SEFV": ("core", 0.1, 0.1),
    "SEFJ": ("food", 0.6, 0.4), "SA0E": ("energy", 1.6, 3.0), "SETB01": ("energy", 2.6, 5.0),
    "SAH1": ("shelter", 0.06, 0.1), "SEHA": ("shelter", 0.05, 0.05), "SETA01": ("newcar", 0.2, 0.3),
    "SETA02": ("used", 0.9, 0.6), "SAM": ("medical", 0.15, 0.1), "SAA": ("flat", 0.7, 4.0),
    "SETG01": ("air", 3.0, 6.0), "SAE": ("edu", 0.15, 0.3),
}  # fmt: skip
# seasonal pattern (sums to zero), scaled by the amplitude
SEASON = [-0.9, -0.3, 0.5, 0.8, 0.9, 0.7, 0.3, 0.1, -0.2, -0.4, -1.0, -1.4]
# areas' inflation differential (percentage points a year) by period
AREA_DIFF = {
    "0100": [0.1, 0.3],
    "0200": [-0.3, -0.4],
    "0300": [0.0, 0.3],
    "0400": [0.4, 0.0],
    "S12A": [0.2, 0.9],
    "S23A": [-0.4, 0.4],
    "S49A": [0.5, -0.2],
    "S11A": [0.3, 0.5],
    "S35B": [1.2, 1.6],
    "S48B": [0.6, -1.0],
    "S49D": [0.7, 0.2],
}  # before 2023, from 2023
AREA_LEVEL = {
    "0100": 1.07, "0200": 0.95, "0300": 0.98, "0400": 1.03, "S12A": 1.11, "S23A": 0.98, "S49A": 1.07,
    "S11A": 1.13, "S35B": 1.07, "S48B": 1.05, "S49D": 1.07,
}  # fmt: skip


def _months() -> list[tuple[int, int]]:
    return [(y, m) for y in range(CPI_FIRST_YEAR, CPI_LAST[0] + 1) for m in range(1, 13) if (y, m) <= CPI_LAST]


def _knot_rate(knots: list, ym: tuple[int, int]) -> float:
    idx = ym[0] * 12 + ym[1]
    pts = [(y * 12 + m, v) for (y, m), v in knots]
    for (a, va), (b, vb) in zip(pts, pts[1:]):
        if a <= idx <= b:
            return va + (vb - va) * (idx - a) / (b - a)
    return pts[-1][1]


def _path(rng: random.Random, knots: list, noise: float, level: float, diff=(0.0, 0.0)) -> list[float]:
    """Seasonally adjusted levels, one a month, from annualised rates with noise."""
    out, x = [], level
    for i, ym in enumerate(_months()):
        if i:
            rate = _knot_rate(knots, ym) + (diff[0] if ym[0] < 2023 else diff[1])
            x *= math.exp(rate / 1200 + rng.gauss(0, noise) / 100)
        out.append(x)
    return out


def _series_id(seasonal: str, periodicity: str, area: str, item: str) -> str:
    return f"CU{seasonal}{periodicity}{area}{item}"


def _build_cpi(rng: random.Random) -> dict:
    months = _months()
    sa: dict[tuple[str, str], list[float]] = {}  # (area, item) -> seasonally adjusted path
    for item, (driver, noise, _) in ITEM_MODEL.items():
        sa[("0000", item)] = _path(rng, KNOTS[driver], noise, ITEMS[item][2])
    # all items: the core, food and energy together (relative importance about 0.79, 0.135, 0.075)
    core, food, energy = sa[("0000", "SA0L1E")], sa[("0000", "SAF11")], sa[("0000", "SA0E")]
    sa[("0000", "SA0")] = [
        ITEMS["SA0"][2]
        * (c / core[0]) ** 0.79 * (f / food[0]) ** 0.135 * (e / energy[0]) ** 0.075
        * math.exp(rng.gauss(0, 0.0004))
        for c, f, e in zip(core, food, energy)
    ]  # fmt: skip
    for area, diffs in AREA_DIFF.items():
        items = REGION_ITEMS if area.startswith("0") else METRO_ITEMS
        for item in items:
            base = sa[("0000", item)]
            wobble = _path(rng, [((2015, 1), 0.0), ((2025, 8), 0.0)], 0.12, 1.0, tuple(diffs))
            sa[(area, item)] = [b * w * AREA_LEVEL[area] for b, w in zip(base, wobble)]
    season_amp = {item: amp for item, (_, _, amp) in ITEM_MODEL.items()} | {"SA0": 0.35}

    def nsa(area: str, item: str) -> list[float]:
        amp = season_amp[item] * (1.3 if area != "0000" else 1.0)
        return [v * (1 + amp * SEASON[m - 1] / 100 + rng.gauss(0, 0.0003)) for v, (_, m) in zip(sa[(area, item)], months)]  # fmt: skip

    series: dict[str, dict] = {}

    def meta(sid: str, area: str, item: str, seasonal: str, periodicity: str) -> dict:
        name, base, _ = ITEMS[item]
        adj = "seasonally adjusted" if seasonal == "S" else "not seasonally adjusted"
        return {
            "id": sid, "area": area, "item": item, "seasonal": seasonal, "periodicity": periodicity,
            "base_code": "A" if base.startswith("DEC") else "S", "base_period": base,
            "title": f"{name} in {AREAS[area]}, all urban consumers, {adj}", "values": {},
        }  # fmt: skip

    for (area, item), path in sa.items():
        raw = nsa(area, item)
        by_year: dict[int, list[float]] = {}
        for (y, _m), v in zip(months, raw):
            by_year.setdefault(y, []).append(v)
        if area in BIMONTHLY_METROS:
            odd = BIMONTHLY_METROS[area]
            s = meta(_series_id("U", "R", area, item), area, item, "U", "R")
            for (y, m), v in zip(months, raw):
                if m % 2 == odd:
                    s["values"][(y, f"M{m:02d}")] = round(v, 3)
            semi = meta(_series_id("U", "S", area, item), area, item, "U", "S")
            for y, vals in by_year.items():
                if len(vals) == 12:
                    s["values"][(y, "M13")] = round(sum(vals) / 12, 3)
                    semi["values"][(y, "S01")] = round(sum(vals[:6]) / 6, 3)
                    semi["values"][(y, "S02")] = round(sum(vals[6:]) / 6, 3)
                    semi["values"][(y, "S03")] = round(sum(vals) / 12, 3)
                elif len(vals) >= 6:
                    semi["values"][(y, "S01")] = round(sum(vals[:6]) / 6, 3)
            series[s["id"]] = s
            series[semi["id"]] = semi
            continue
        s = meta(_series_id("U", "R", area, item), area, item, "U", "R")
        for (y, m), v in zip(months, raw):
            s["values"][(y, f"M{m:02d}")] = round(v, 3)
        for y, vals in by_year.items():
            if len(vals) == 12:
                s["values"][(y, "M13")] = round(sum(vals) / 12, 3)
        series[s["id"]] = s
        if area == "0000":
            adj = meta(_series_id("S", "R", area, item), area, item, "S", "R")
            for (y, m), v in zip(months, path):
                adj["values"][(y, f"M{m:02d}")] = round(v, 3)
            series[adj["id"]] = adj
    return dict(sorted(series.items()))


def _period_key(p: str) -> tuple[str, int]:
    return (p[0], int(p[1:]))


def _write_cpi(t: Truth, d: Path) -> None:
    lines = ["series_id                     \tyear\tperiod\t       value\tfootnote_codes"]
    for sid, s in t.cpi.items():
        for y, p in sorted(s["values"], key=lambda k: (k[0], _period_key(k[1]))):
            lines.append(f"{sid:<30}\t{y}\t{p}\t{s['values'][(y, p)]:>12.3f}\t")
    (d / CPI_DATA_FILE).write_bytes(("\n".join(lines) + "\n").encode("ascii"))
    cols = ["series_id", "area_code", "item_code", "seasonal", "periodicity_code", "base_code", "base_period"]
    cols += ["series_title", "footnote_codes", "begin_year", "begin_period", "end_year", "end_period"]
    lines = ["\t".join(["series_id                     ", *cols[1:]])]
    begin = {"SA0": 1913, "SAF11": 1952, "SA0E": 1957, "SAH1": 1953, "SA0L1E": 1957, "SAM": 1947}
    for sid, s in t.cpi.items():
        keys = sorted(s["values"], key=lambda k: (k[0], _period_key(k[1])))
        first_year = begin.get(s["item"], 1978) if s["area"] == "0000" and s["seasonal"] == "U" else 1986
        if s["area"].startswith("S"):
            first_year = 2018 if s["area"] in ("S35B", "S48B") else 1984
        end = max(k for k in keys if k[1] != "M13")
        lines.append(
            "\t".join(
                [f"{sid:<30}", s["area"], s["item"], s["seasonal"], s["periodicity"], s["base_code"], s["base_period"],
                 s["title"], "", str(first_year), "S01" if s["periodicity"] == "S" else "M01", str(end[0]), end[1]]
            )
        )  # fmt: skip
    (d / CPI_SERIES_FILE).write_bytes(("\n".join(lines) + "\n").encode("ascii"))


# =================================================================================================
# pageviews: two hourly Wikimedia pageview dumps, 15 September 2024, 14:00 and 15:00 UTC
# =================================================================================================

# domain code -> (rows in an hour, total views at 14:00 about, the main page's share, main page, search page)
DOMAINS = {
    "commons.m": (420, 91_000, 0.18, "Main_Page", "Special:Search"),
    "de": (650, 121_000, 0.17, "Wikipedia:Hauptseite", "Spezial:Suche"),
    "de.b": (60, 2_100, 0.2, "Hauptseite", "Spezial:Suche"),
    "de.d": (150, 9_300, 0.1, "Wiktionary:Hauptseite", "Spezial:Suche"),
    "de.m": (650, 161_000, 0.06, "Wikipedia:Hauptseite", "Spezial:Suche"),
    "de.m.d": (120, 6_100, 0.05, "Wiktionary:Hauptseite", "Spezial:Suche"),
    "de.voy": (50, 1_300, 0.2, "Hauptseite", "Spezial:Suche"),
    "en": (5200, 563_000, 0.2, "Main_Page", "Special:Search"),
    "en.b": (90, 3_100, 0.12, "Main_Page", "Special:Search"),
    "en.d": (300, 20_400, 0.08, "Wiktionary:Main_Page", "Special:Search"),
    "en.m": (5200, 781_000, 0.05, "Main_Page", "Special:Search"),
    "en.m.d": (300, 25_200, 0.04, "Wiktionary:Main_Page", "Special:Search"),
    "en.m.voy": (60, 2_000, 0.1, "Main_Page", "Special:Search"),
    "en.q": (80, 3_300, 0.12, "Main_Page", "Special:Search"),
    "en.s": (60, 2_200, 0.15, "Main_Page", "Special:Search"),
    "en.voy": (70, 2_300, 0.2, "Main_Page", "Special:Search"),
    "es": (420, 89_000, 0.12, "Wikipedia:Portada", "Especial:Buscar"),
    "es.d": (80, 3_900, 0.1, "Wikcionario:Portada", "Especial:Buscar"),
    "es.m": (420, 171_000, 0.04, "Wikipedia:Portada", "Especial:Buscar"),
    "fr": (520, 111_000, 0.16, "Wikipédia:Accueil_principal", "Spécial:Recherche"),
    "fr.b": (60, 1_900, 0.15, "Accueil", "Spécial:Recherche"),
    "fr.d": (320, 38_300, 0.05, "Wiktionnaire:Page_d’accueil", "Spécial:Recherche"),
    "fr.m": (520, 149_000, 0.05, "Wikipédia:Accueil_principal", "Spécial:Recherche"),
    "fr.m.d": (320, 30_100, 0.03, "Wiktionnaire:Page_d’accueil", "Spécial:Recherche"),
    "it": (260, 51_000, 0.14, "Pagina_principale", "Speciale:Ricerca"),
    "it.m": (260, 89_000, 0.05, "Pagina_principale", "Speciale:Ricerca"),
    "ja": (520, 96_000, 0.1, "メインページ", "特別:検索"),
    "ja.d": (40, 900, 0.1, "メインページ", "特別:検索"),
    "ja.m": (520, 214_000, 0.03, "メインページ", "特別:検索"),
    "nl": (200, 21_000, 0.12, "Hoofdpagina", "Speciaal:Zoeken"),
    "nl.m": (200, 29_000, 0.05, "Hoofdpagina", "Speciaal:Zoeken"),
    "pl": (220, 31_000, 0.12, "Wikipedia:Strona_główna", "Specjalna:Szukaj"),
    "pl.m": (220, 59_000, 0.05, "Wikipedia:Strona_główna", "Specjalna:Szukaj"),
    "pt": (220, 26_000, 0.12, "Wikipédia:Página_principal", "Especial:Pesquisar"),
    "pt.m": (220, 56_000, 0.05, "Wikipédia:Página_principal", "Especial:Pesquisar"),
    "ru": (330, 79_000, 0.1, "Заглавная_страница", "Служебная:Поиск"),
    "ru.m": (330, 141_000, 0.04, "Заглавная_страница", "Служебная:Поиск"),
    "www.wd": (300, 41_000, 0.05, "Wikidata:Main_Page", "Special:Search"),
    "zh": (260, 39_000, 0.1, "Wikipedia:首页", "Special:搜索"),
    "zh.m": (260, 31_000, 0.05, "Wikipedia:首页", "Special:搜索"),
}
# English articles planted with their views: (en 14:00, en.m 14:00, en 15:00, en.m 15:00); None = not in the file
PLANTED = {
    "The_Lord_of_the_Rings:_The_Rings_of_Power": (9_812, 14_530, 10_205, 15_118),
    "Kamala_Harris": (8_904, 13_611, 9_087, 13_905),
    "Donald_Trump": (8_233, 12_795, 8_402, 13_077),
    "Deaths_in_2024": (5_471, 11_208, 5_530, 11_391),
    "2024_United_States_presidential_election": (6_021, 8_044, 6_180, 8_277),
    "Alien:_Romulus": (6_102, 8_977, 6_311, 9_204),
    "Taylor_Swift": (3_105, 6_402, 3_261, 6_853),
    "Beetlejuice_Beetlejuice": (3_012, 5_488, 3_090, 5_602),
    "Agatha_All_Along": (1_511, 2_804, 3_933, 7_562),
    "2024_Harrowgate_Bridge_collapse": (None, None, 4_118, 9_806),
    "76th_Primetime_Emmy_Awards": (2_014, 3_020, 2_611, 3_902),
    "Speak_No_Evil_(2024_film)": (2_208, 3_915, 2_240, 3_988),
    "Oasis_(band)": (1_812, 2_977, 1_790, 2_931),
    "Tim_Walz": (2_650, 4_114, 2_702, 4_205),
    "JD_Vance": (2_480, 3_870, 2_515, 3_918),
    "Shōgun_(2024_TV_series)": (1_920, 2_702, 2_101, 2_950),
    "The_Penguin_(TV_series)": (1_407, 2_233, 1_452, 2_301),
    "Hacks_(TV_series)": (1_108, 1_802, 1_177, 1_915),
    "The_Bear_(TV_series)": (1_350, 1_990, 1_402, 2_077),
    "Cristiano_Ronaldo": (2_301, 4_488, 2_270, 4_390),
    "Lionel_Messi": (1_705, 3_302, 1_688, 3_270),
    "Erling_Haaland": (1_220, 2_607, 1_330, 2_811),
    "2024–25_Premier_League": (1_980, 3_505, 2_460, 4_380),
    "ChatGPT": (1_601, 1_410, 1_622, 1_398),
    "YouTube": (1_288, 1_950, 1_301, 1_977),
    "Slow_Horses": (905, 1_544, 940, 1_602),
    "2024_Summer_Paralympics": (1_106, 1_904, 1_087, 1_870),
    "Liam_Gallagher": (870, 1_402, 851, 1_377),
    "Deadpool_&_Wolverine": (2_004, 3_311, 2_050, 3_390),
    "Star_Wars:_Skeleton_Crew": (702, 1_105, 731, 1_148),
    "Mission:_Impossible_–_Dead_Reckoning_Part_One": (640, 980, 655, 1_002),
    "Dune:_Part_Two": (1_302, 2_006, 1_341, 2_055),
    "Special:Random": (2_870, 1_210, 2_905, 1_233),
    "File:Kamala_Harris_Vice_Presidential_Portrait.jpg": (1_402, 1_980, 1_430, 2_021),
    "Wikipedia:Featured_pictures": (511, 201, 520, 215),
    "Category:2024_films": (301, 122, 322, 131),
    "Talk:Kamala_Harris": (488, 301, 501, 311),
    "User:Jimbo_Wales": (102, 77, 98, 80),
    "Template:Infobox_person": (45, 12, 41, 15),
    "Help:Contents": (88, 40, 91, 44),
    "Portal:Current_events": (1_712, 985, 1_760, 1_010),
}
# titles that a careless read trips on: quotes, and names pandas takes for missing values
QUOTE_TITLES = {
    "en": ['"', '"Heroes"_(David_Bowie_song)', '"Weird_Al"_Yankovic'],
    "en.m": ['"', 'Dwayne_"The_Rock"_Johnson'],
}
NA_TITLES = ["NA", "NaN", "Null", "None", "N/A", "NULL", "Nan"]
NAMESPACES = ["Special", "File", "Category", "Talk", "User", "Template", "Help", "Portal", "Wikipedia"]

FIRST = ["John", "Mary", "James", "Anna", "Robert", "Elena", "William", "Sofia", "David", "Laura", "Thomas", "Grace",
         "Henry", "Alice", "George", "Clara", "Edward", "Ruth", "Charles", "Helen", "Samuel", "Irene", "Arthur",
         "Nina", "Walter", "Olga", "Frank", "Marta", "Louis", "Julia", "Hugo", "Vera", "Oscar", "Lena", "Victor",
         "Rosa", "Peter", "Agnes", "Carl", "Eva"]  # fmt: skip
LAST = ["Smith", "Brown", "Taylor", "Wilson", "Clarke", "Evans", "Hughes", "Walker", "Wright", "Hall", "Turner",
        "Hill", "Cooper", "Ward", "Morris", "Moore", "King", "Baker", "Harris", "Lewis", "Young", "Allen", "Scott",
        "Green", "Adams", "Nelson", "Carter", "Mitchell", "Perez", "Roberts", "Campbell", "Parker", "Edwards",
        "Collins", "Stewart", "Sanchez", "Morgan", "Bell", "Murphy", "Bailey", "Rivera", "Cook", "Rogers",
        "Reed", "Howard", "Kelly", "Price", "Bennett", "Wood", "Barnes"]  # fmt: skip
ROLES = ["", "", "", "_(footballer)", "_(politician)", "_(actor)", "_(musician)", "_(writer)", "_(cricketer)"]
TOPICS = ["Battle_of_{p}", "{p}", "History_of_{p}", "List_of_people_from_{p}", "{p}_railway_station",
          "{p}_Cathedral", "University_of_{p}", "{y}_in_{p}", "{p}_(band)", "{y}_{p}_earthquake"]  # fmt: skip
PLACES = ["Hastings", "Verdun", "Gettysburg", "Lisbon", "Kraków", "Osaka", "Toronto", "Lagos", "Lima", "Perth",
          "Leeds", "Bristol", "Dresden", "Bologna", "Valencia", "Porto", "Ghent", "Tartu", "Cork", "Hobart",
          "Quebec", "Manila", "Hanoi", "Nairobi", "Accra", "Tbilisi", "Bergen", "Malmö", "Bilbao", "Seville"]  # fmt: skip
WORDS = {
    "de": ["Haus", "Berg", "Fluss", "Stadt", "Kirche", "Schloss", "Bahnhof", "Geschichte", "Krieg", "Liste",
           "Straße", "Brücke", "Wald", "See", "Dorf", "Markt", "Turm", "Insel", "Hafen", "Tal"],
    "fr": ["Maison", "Montagne", "Rivière", "Ville", "Église", "Château", "Gare", "Histoire", "Guerre", "Liste",
           "Rue", "Pont", "Forêt", "Lac", "Village", "Marché", "Tour", "Île", "Port", "Vallée"],
    "es": ["Casa", "Montaña", "Río", "Ciudad", "Iglesia", "Castillo", "Estación", "Historia", "Guerra", "Anexo",
           "Calle", "Puente", "Bosque", "Lago", "Pueblo", "Mercado", "Torre", "Isla", "Puerto", "Valle"],
    "it": ["Casa", "Monte", "Fiume", "Città", "Chiesa", "Castello", "Stazione", "Storia", "Guerra", "Lista",
           "Via", "Ponte", "Bosco", "Lago", "Paese", "Mercato", "Torre", "Isola", "Porto", "Valle"],
    "nl": ["Huis", "Berg", "Rivier", "Stad", "Kerk", "Kasteel", "Station", "Geschiedenis", "Oorlog", "Lijst",
           "Straat", "Brug", "Bos", "Meer", "Dorp", "Markt", "Toren", "Eiland", "Haven", "Dal"],
    "pl": ["Dom", "Góra", "Rzeka", "Miasto", "Kościół", "Zamek", "Stacja", "Historia", "Wojna", "Lista",
           "Ulica", "Most", "Las", "Jezioro", "Wieś", "Rynek", "Wieża", "Wyspa", "Port", "Dolina"],
    "pt": ["Casa", "Montanha", "Rio", "Cidade", "Igreja", "Castelo", "Estação", "História", "Guerra", "Lista",
           "Rua", "Ponte", "Floresta", "Lago", "Aldeia", "Mercado", "Torre", "Ilha", "Porto", "Vale"],
    "ru": ["Дом", "Гора", "Река", "Город", "Церковь", "Замок", "Станция", "История", "Война", "Список",
           "Улица", "Мост", "Лес", "Озеро", "Деревня", "Рынок", "Башня", "Остров", "Порт", "Долина"],
    "ja": ["東京", "大阪", "京都", "鉄道", "駅", "城", "寺", "神社", "戦争", "一覧", "川", "山", "島", "港", "橋",
           "大学", "歴史", "市", "町", "村"],
    "zh": ["北京", "上海", "铁路", "车站", "城市", "寺庙", "战争", "列表", "河流", "山脉", "岛屿", "港口", "桥梁",
           "大学", "历史", "公园", "博物馆", "街道", "湖泊", "村庄"],
}  # fmt: skip


def _en_title(rng: random.Random) -> str:
    if rng.random() < 0.55:
        return f"{rng.choice(FIRST)}_{rng.choice(LAST)}{rng.choice(ROLES)}"
    return rng.choice(TOPICS).format(p=rng.choice(PLACES), y=rng.randint(1850, 2023))


def _other_title(rng: random.Random, domain: str) -> str:
    lang = domain.split(".")[0]
    if domain == "www.wd":
        return f"Q{rng.randint(1, 130_000_000)}"
    if domain == "commons.m":
        return f"File:{rng.choice(PLACES)}_{rng.randint(1, 99_999):05d}.jpg"
    if lang == "en":
        return _en_title(rng).lower() if domain.endswith(".d") or domain.endswith("m.d") else _en_title(rng)
    words = WORDS[lang]
    joiner = "" if lang in ("ja", "zh") else "_"
    a, b = rng.sample(words, 2)
    if rng.random() < 0.3 and lang not in ("ja", "zh", "ru"):
        return f"{a}{joiner}{rng.choice(PLACES)}"
    if rng.random() < 0.2:
        return f"{rng.randint(1800, 2024)}{joiner}{a}"
    return f"{a}{joiner}{b}"


def _build_pageviews(rng: random.Random) -> dict:
    views: dict[int, dict] = {14: {}, 15: {}}
    for domain, (rows, total, main_share, main, search) in DOMAINS.items():
        total = int(total * rng.uniform(0.99, 1.01))
        titles: list[str] = []
        seen = {main, search}
        if domain in ("en", "en.m"):
            seen |= set(PLANTED)
            titles += QUOTE_TITLES[domain] + NA_TITLES
            seen |= set(titles)
        while len(titles) < rows:
            t = _other_title(rng, domain)
            if t not in seen:
                seen.add(t)
                titles.append(t)
        rng.shuffle(titles)
        col = 0 if domain == "en" else 1
        planted = {k: v for k, v in PLANTED.items() if domain in ("en", "en.m")}
        planted_total = sum(v[col] or 0 for v in planted.values())
        main_views = int(total * main_share)
        search_views = int(main_views * rng.uniform(0.15, 0.4))
        rest = total - main_views - search_views - planted_total
        assert rest > 0, domain
        # Zipf over the remaining titles, the head smaller than the planted articles in English
        weights = [1 / (k + rows / 25) ** 1.1 * rng.lognormvariate(0, 0.35) for k in range(len(titles))]
        scale = rest / sum(weights)
        for hour in (14, 15):
            v = views[hour]
            factor = 1.0 if hour == 14 else rng.uniform(1.01, 1.04)
            for title, w in zip(titles, weights):
                n = w * scale * factor * (1 if hour == 14 else rng.uniform(0.93, 1.07))
                n = round(n) if n >= 3 else (rng.choice([0, 1, 1, 2, 3]) if rng.random() < 0.8 else 0)
                if title in ('"', *NA_TITLES) or title in QUOTE_TITLES.get(domain, []):
                    n = max(n, rng.randint(2, 9))
                if n > 0:
                    v[(domain, title)] = n
            for title, counts in planted.items():
                n = counts[col + (2 if hour == 15 else 0)]
                if n is not None:
                    v[(domain, title)] = n
            steady = 1.0 if hour == 14 else rng.uniform(0.98, 1.02)
            v[(domain, search)] = int(search_views * steady)
            v[(domain, main)] = int(main_views * steady)
    return views


def _write_pageviews(t: Truth, d: Path) -> None:
    for hour, name in ((14, PV14_FILE), (15, PV15_FILE)):
        rows = sorted(t.pageviews[hour].items(), key=lambda kv: (kv[0][0].encode(), kv[0][1].encode()))
        text = "".join(f"{dom} {title} {n} 0\n" for (dom, title), n in rows)
        (d / name).write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))


# =================================================================================================
# osm: food and drink places in Leeds from the Overpass API, as JSON
# =================================================================================================

STATION = (53.79495, -1.54734)  # Leeds railway station
# postcode district -> centre (lat, lon), spread (km)
DISTRICTS = {
    "LS1": ((53.7966, -1.5465), 0.45), "LS2": ((53.8015, -1.5420), 0.5), "LS3": ((53.8010, -1.5640), 0.6),
    "LS4": ((53.8115, -1.5840), 0.7), "LS5": ((53.8200, -1.6020), 0.8), "LS6": ((53.8195, -1.5760), 0.8),
    "LS7": ((53.8250, -1.5310), 0.9), "LS8": ((53.8270, -1.5000), 1.0), "LS9": ((53.7960, -1.5120), 0.9),
    "LS10": ((53.7720, -1.5330), 1.0), "LS11": ((53.7820, -1.5560), 0.7), "LS12": ((53.7900, -1.5920), 1.0),
    "LS16": ((53.8460, -1.6000), 1.2), "LS17": ((53.8560, -1.5300), 1.2), "LS27": ((53.7450, -1.6000), 1.2),
    "LS28": ((53.8010, -1.6660), 1.2),
}  # fmt: skip
# amenity -> {district: count}
PLACE_COUNTS = {
    "pub": {"LS1": 24, "LS6": 20, "LS2": 12, "LS7": 9, "LS11": 6, "LS12": 8, "LS3": 7, "LS4": 6, "LS8": 7,
            "LS9": 6, "LS10": 6, "LS16": 8, "LS17": 6, "LS27": 6, "LS28": 7, "LS5": 5},
    "cafe": {"LS1": 30, "LS2": 16, "LS6": 14, "LS7": 8, "LS3": 6, "LS8": 6, "LS4": 5, "LS11": 4, "LS12": 4,
             "LS9": 3, "LS16": 5, "LS17": 5, "LS28": 4, "LS27": 3, "LS10": 2, "LS5": 3},
    "restaurant": {"LS1": 44, "LS2": 22, "LS6": 18, "LS7": 12, "LS8": 10, "LS3": 8, "LS4": 6, "LS11": 5,
                   "LS12": 6, "LS9": 4, "LS16": 7, "LS17": 8, "LS28": 4, "LS27": 3, "LS10": 3, "LS5": 3},
    "bar": {"LS1": 26, "LS2": 10, "LS6": 8, "LS7": 3, "LS3": 2, "LS11": 2, "LS9": 2},
    "fast_food": {"LS1": 24, "LS2": 12, "LS6": 12, "LS7": 8, "LS8": 6, "LS3": 4, "LS4": 6, "LS11": 7, "LS12": 7,
                  "LS9": 8, "LS16": 5, "LS17": 4, "LS28": 6, "LS27": 6, "LS10": 7, "LS5": 4},
}  # fmt: skip
LS1_POSTCODE_FORMS = ["LS1 4DY"] * 14 + ["LS14DY"] * 6 + ["ls1 4dy"] * 4  # how the 24 LS1 pubs' postcodes are typed
RESTAURANT_CUISINES = (
    ["italian"] * 19 + ["italian;pizza"] * 13 + ["indian"] * 27 + ["indian;nepalese"] * 2 + ["chinese"] * 19
    + ["thai"] * 12 + ["turkish"] * 9 + ["japanese;sushi"] * 7 + ["japanese"] * 4 + ["pizza"] * 6
    + ["mexican"] * 5 + ["greek"] * 4 + ["lebanese"] * 4 + ["vietnamese"] * 5 + ["korean"] * 3
    + ["british"] * 5 + ["steak_house"] * 3 + ["burger"] * 4 + ["caribbean"] * 3 + ["spanish;tapas"] * 3
    + ["vegan"] * 2 + ["french"] * 2 + ["indian; pakistani"] * 2
)  # fmt: skip
FAST_FOOD_BRANDS = {"Greggs": 17, "McDonald's": 11, "KFC": 8, "Subway": 9, "Domino's": 7, "Burger King": 4}
CAFE_BRANDS = {"Costa": 9, "Starbucks": 7, "Caffè Nero": 5, "Pret A Manger": 4}
STREETS = {
    "LS1": ["Boar Lane", "Briggate", "Call Lane", "Park Row", "Wellington Street", "Albion Street", "Duncan Street"],
    "LS2": ["Merrion Street", "Woodhouse Lane", "North Street", "Vicar Lane"], "LS3": ["Burley Road", "Kirkstall Road"],
    "LS4": ["Kirkstall Lane", "Cardigan Road"], "LS5": ["Abbey Road", "Hawksworth Road"],
    "LS6": ["Otley Road", "Headingley Lane", "North Lane", "Hyde Park Road", "Woodhouse Street"],
    "LS7": ["Harrogate Road", "Stainbeck Lane", "Chapeltown Road"], "LS8": ["Street Lane", "Roundhay Road"],
    "LS9": ["York Road", "Kirkgate"], "LS10": ["Dewsbury Road", "Hunslet Road"], "LS11": ["Water Lane", "Elland Road"],
    "LS12": ["Tong Road", "Town Street"], "LS16": ["Otley Old Road", "Holt Lane"], "LS17": ["Harrogate Road", "Wetherby Road"],
    "LS27": ["Queen Street", "Elland Road"], "LS28": ["Town Street", "Richardshaw Lane"],
}  # fmt: skip
NAME_A = ["The Red", "The Old", "The Golden", "The Black", "The White", "The Royal", "The Little", "The Crooked",
          "The Grand", "The Angel", "The Fox", "The Swan", "The Green", "The Blue", "The Silver", "The Stag"]  # fmt: skip
NAME_B = ["Lion", "Bell", "Horse", "Bull", "Crown", "Anchor", "Oak", "Star", "Well", "Cross", "Mill", "Bridge",
          "Hart", "Griffin", "Feathers", "Kettle"]  # fmt: skip
DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
# café opening hours as OSM writes them, with the days they open (Mo=0 .. Su=6)
CAFE_HOURS = [
    ("Mo-Fr 07:00-18:00; Sa 08:00-17:00; Su 09:00-16:00", 90, {0, 1, 2, 3, 4, 5, 6}),
    ("Mo-Sa 08:00-17:00", 60, {0, 1, 2, 3, 4, 5}),
    ("Mo-Su 08:00-18:00", 60, {0, 1, 2, 3, 4, 5, 6}),
    ("Mo-Fr 07:30-17:00; Sa,Su 09:00-17:00", 40, {0, 1, 2, 3, 4, 5, 6}),
    ("Mo-Sa 08:00-17:00; Su off", 40, {0, 1, 2, 3, 4, 5}),
    ("Mo-Su 08:00-18:00; Su off", 15, {0, 1, 2, 3, 4, 5}),
    ("24/7", 6, {0, 1, 2, 3, 4, 5, 6}),
    ("Tu-Su 10:00-16:00", 20, {1, 2, 3, 4, 5, 6}),
    ("Mo-Fr 08:00-15:00", 40, {0, 1, 2, 3, 4}),
    ("Mo-Sa 07:00-18:00; Su,PH 10:00-16:00", 25, {0, 1, 2, 3, 4, 5, 6}),
    ("Mo-Fr 07:00-17:00; Sa 08:00-16:00; Su closed", 20, {0, 1, 2, 3, 4, 5}),
    ("Fr-Mo 09:00-15:00", 10, {4, 5, 6, 0}),
    ("We-Su 10:00-17:00", 15, {2, 3, 4, 5, 6}),
    ("Mo-Th 07:00-16:00; Fr-Su 07:00-18:00", 15, {0, 1, 2, 3, 4, 5, 6}),
    ("Mo-Fr 08:00-16:00; Sa 09:00-14:00", 30, {0, 1, 2, 3, 4, 5}),
]


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance (haversine, mean Earth radius 6371.0088 km)."""
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(h))


def _offset(rng: random.Random, centre: tuple[float, float], km: float) -> tuple[float, float]:
    r, a = km * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
    return centre[0] + r * math.cos(a) / 111.2, centre[1] + r * math.sin(a) / (111.2 * math.cos(math.radians(centre[0])))  # fmt: skip


def _inward(rng: random.Random) -> str:
    return f"{rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"


def _build_osm(rng: random.Random) -> list[dict]:
    assert len(RESTAURANT_CUISINES) == sum(PLACE_COUNTS["restaurant"].values())
    places: list[dict] = []
    used_names: set[str] = set()
    node_ids = sorted(rng.sample(range(250_000_000, 12_100_000_000), 2000))
    way_ids = sorted(rng.sample(range(30_000_000, 1_300_000_000), 400))
    cuisines = list(RESTAURANT_CUISINES)
    rng.shuffle(cuisines)
    hours = [h for h, n, _ in CAFE_HOURS for _ in range(n)]
    open_days = {h: days for h, _, days in CAFE_HOURS}
    ff_brands = [b for b, n in FAST_FOOD_BRANDS.items() for _ in range(n)]
    cafe_brands = [b for b, n in CAFE_BRANDS.items() for _ in range(n)]
    ls1_forms = list(LS1_POSTCODE_FORMS)
    for pool in (ff_brands, cafe_brands, ls1_forms):
        rng.shuffle(pool)

    def name_for(amenity: str) -> str:
        while True:
            if amenity == "pub":
                n = f"{rng.choice(NAME_A)} {rng.choice(NAME_B)}"
            elif amenity == "bar":
                n = f"{rng.choice(['Bar', 'Lounge', 'Club', 'Social', 'Tap'])} {rng.choice(NAME_B)}"
            elif amenity == "cafe":
                n = f"{rng.choice(['Café', 'Coffee', 'Kitchen', 'Bakehouse', 'Tea Room'])} {rng.choice(PLACES)}"
            elif amenity == "restaurant":
                n = f"{rng.choice(['Bistro', 'Trattoria', 'House of', 'Kitchen', 'Dining Room'])} {rng.choice(LAST)}"
            else:
                n = f"{rng.choice(LAST)}'s {rng.choice(['Chippy', 'Grill', 'Kebabs', 'Fried Chicken', 'Pizza'])}"
            if n not in used_names:
                used_names.add(n)
                return n

    for amenity, by_district in PLACE_COUNTS.items():
        for district, count in by_district.items():
            centre, spread = DISTRICTS[district]
            for _i in range(count):
                while True:  # keep every place well clear of the 1 km circle round the station
                    lat, lon = _offset(rng, centre, spread)
                    if abs(km_between((lat, lon), STATION) - 1.0) > 0.04:
                        break
                tags: dict[str, str] = {"amenity": amenity}
                brand = None
                if amenity == "fast_food" and ff_brands and rng.random() < 0.45:
                    brand = ff_brands.pop()
                if amenity == "cafe" and cafe_brands and rng.random() < 0.3:
                    brand = cafe_brands.pop()
                if brand:
                    tags["brand"] = brand
                    tags["brand:wikidata"] = f"Q{rng.randint(1000, 9_999_999)}"
                    tags["name"] = brand if rng.random() < 0.85 else brand.replace("'", "")
                elif rng.random() < 0.97:
                    tags["name"] = name_for(amenity)
                if amenity == "restaurant":
                    tags["cuisine"] = cuisines.pop()
                if amenity == "fast_food":
                    tags["cuisine"] = rng.choice(["burger", "chicken", "fish_and_chips", "kebab", "pizza", "sandwich"])
                if amenity == "cafe":
                    tags["cuisine"] = "coffee_shop"
                    if rng.random() < 0.75:
                        tags["opening_hours"] = hours.pop(rng.randrange(len(hours)))
                elif rng.random() < 0.35:
                    tags["opening_hours"] = rng.choice(["Mo-Th 12:00-23:00; Fr,Sa 12:00-01:00; Su 12:00-22:30",
                                                        "Mo-Su 11:00-23:00", "Tu-Sa 17:00-22:00"])  # fmt: skip
                if amenity == "pub":
                    tags["real_ale"] = rng.choice(["yes", "yes", "no"])
                    tags["food"] = rng.choice(["yes", "no"])
                if rng.random() < 0.55:
                    tags["wheelchair"] = rng.choice(["yes", "yes", "no", "limited"])
                if rng.random() < 0.4:
                    tags["outdoor_seating"] = rng.choice(["yes", "no"])
                # the address: most pubs have one; the LS1 pubs' postcodes are typed three ways
                has_addr = rng.random() < (1.0 if amenity == "pub" and district in ("LS1", "LS6") else 0.8 if amenity == "pub" else 0.6)  # fmt: skip
                if has_addr:
                    tags["addr:street"] = rng.choice(STREETS[district])
                    tags["addr:housenumber"] = str(rng.randint(1, 220))
                    tags["addr:city"] = "Leeds"
                    if amenity == "pub" and district == "LS1":
                        form = ls1_forms.pop()
                        pc = form
                    else:
                        pc = f"{district} {_inward(rng)}"
                    tags["addr:postcode"] = pc
                if rng.random() < 0.3:
                    tags["website"] = f"https://www.{tags.get('name', 'leeds').lower().replace(' ', '').replace(chr(39), '')}.co.uk/"  # fmt: skip
                if rng.random() < 0.25:
                    tags["check_date"] = f"2024-{rng.randint(1, 9):02d}-{rng.randint(1, 28):02d}"
                as_way = rng.random() < (0.3 if amenity == "pub" else 0.18)
                places.append({"amenity": amenity, "district": district, "lat": lat, "lon": lon, "tags": tags, "way": as_way,
                               "open_days": open_days.get(tags.get("opening_hours", ""))})  # fmt: skip
    rng.shuffle(places)
    out = []
    ni = wi = 0
    for p in places:
        if p["way"]:
            # a building outline: four corners about 12-20 m from the centre, closed (the first node repeated)
            dlat, dlon = rng.uniform(0.00011, 0.00018), rng.uniform(0.00018, 0.0003)
            corners = [(p["lat"] - dlat, p["lon"] - dlon), (p["lat"] - dlat, p["lon"] + dlon),
                       (p["lat"] + dlat, p["lon"] + dlon), (p["lat"] + dlat, p["lon"] - dlon)]  # fmt: skip
            nodes = []
            for lat, lon in corners:
                nodes.append({"id": node_ids[ni], "lat": round(lat, 7), "lon": round(lon, 7)})
                ni += 1
            lat = sum(n["lat"] for n in nodes) / 4
            lon = sum(n["lon"] for n in nodes) / 4
            out.append({"type": "way", "id": way_ids[wi], "lat": lat, "lon": lon, "nodes": nodes} | p)
            out[-1]["lat"], out[-1]["lon"] = lat, lon
            wi += 1
        else:
            lat, lon = round(p["lat"], 7), round(p["lon"], 7)
            out.append({"type": "node", "id": node_ids[ni]} | p | {"lat": lat, "lon": lon})
            ni += 1
    for p in out:
        del p["way"]
    return out


def _write_osm(t: Truth, d: Path) -> None:
    nodes = sorted((p for p in t.osm if p["type"] == "node"), key=lambda p: p["id"])
    ways = sorted((p for p in t.osm if p["type"] == "way"), key=lambda p: p["id"])
    elements = [{"type": "node", "id": p["id"], "lat": p["lat"], "lon": p["lon"], "tags": dict(sorted(p["tags"].items()))} for p in nodes]  # fmt: skip
    elements += [{"type": "way", "id": w["id"], "nodes": [n["id"] for n in w["nodes"]] + [w["nodes"][0]["id"]], "tags": dict(sorted(w["tags"].items()))} for w in ways]  # fmt: skip
    skel = [n for w in ways for n in w["nodes"]]
    skel.sort(key=lambda n: (round(n["lat"], 2), round(n["lon"], 2), n["id"]))  # roughly quadtile order
    elements += [{"type": "node", "id": n["id"], "lat": n["lat"], "lon": n["lon"]} for n in skel]
    doc = {
        "version": 0.6,
        "generator": "Overpass API 0.7.62.1 084b4234",
        "osm3s": {
            "timestamp_osm_base": "2024-10-01T09:14:52Z",
            "timestamp_areas_base": "2024-10-01T08:51:07Z",
            "copyright": "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",  # fmt: skip
        },
        "elements": elements,
    }
    text = json.dumps(doc, indent=2, ensure_ascii=False)
    (d / OSM_FILE).write_bytes((text + "\n").encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    return Truth(
        episodes=_build_podcast(_rng("podcast")),
        cpi=_build_cpi(_rng("prices")),
        pageviews=_build_pageviews(_rng("pageviews")),
        osm=_build_osm(_rng("osm")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_podcast(t, d)
    _write_cpi(t, d)
    _write_pageviews(t, d)
    _write_osm(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
