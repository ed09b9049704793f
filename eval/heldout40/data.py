"""The fortieth held-out set's data: five files on three topics, each imitating a real export or download.

* `goodreads_library_export.csv`: a Goodreads "Export Library" CSV (`Book Id,Title,Author,Author l-f,...,
  Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies`): ISBNs written as Excel formulas
  (`="0441013597"`, `=""` when there is none), `My Rating` 0 when unrated, dates as `2023/04/17`, `Date Read`
  empty for old reads and the latest read only for re-reads (`Read Count` 2), the edition's `Year Published`
  beside the `Original Publication Year`, the series in the title (`(The Ashen Crown, #2)`), shelves as a
  comma-separated list in one field, reviews with `<br/>`, commas and quotes.
* `My Clippings.txt`: a Kindle's clippings file: entries separated by `==========`, a title line
  `Title (Series Book 2) (Last, First)` that starts with a byte-order mark, a metadata line `- Your Highlight
  on page 12 | Location 170-172 | Added on ...` in a US (`Sunday, March 14, 2021 9:12:33 PM`) or a UK
  (`Sunday, 14 March 2021 21:12:33`) form depending on the device, notes, empty bookmarks, and the old
  version of a highlight kept beside the new one when a highlight is extended or shortened. CRLF line ends.
* `www.northgate-herald.com.har`: a Chrome DevTools HAR 1.2 capture of two page loads of a news site:
  `log.pages` with `pageTimings`, `log.entries` with `request`, `response` (`content.size` decoded,
  `bodySize`, Chrome's `_transferSize` and `_error`), `timings` (-1 when a phase did not happen, `ssl`
  included in `connect`), `_fromCache`, `_resourceType`; requests blocked by an ad blocker (status 0),
  304s, a redirect, `data:` URLs, JavaScript under five MIME types, HTTP/2 and HTTP/1.1 header spellings.
* `git_log_numstat.txt` and `mailmap.txt`: `git log --numstat --no-mailmap` of a small Python library, with
  the repository's `.mailmap` beside it: merge commits without numstat, `-\t-` for binary files, renames as
  `src/tidepool/{utils.py => helpers.py}`, author dates in the authors' own offsets, people committing
  under several names and addresses, bots, `Co-authored-by` trailers.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import random
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

SEED = 40_527_163

GR_FILE = "goodreads_library_export.csv"
KC_FILE = "My Clippings.txt"
HAR_FILE = "www.northgate-herald.com.har"
GIT_FILE = "git_log_numstat.txt"
MAILMAP_FILE = "mailmap.txt"
FILES = [GR_FILE, KC_FILE, HAR_FILE, GIT_FILE, MAILMAP_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    books: list[dict]  # the Goodreads rows, in file order
    clippings: list[dict]  # the Kindle clippings, in file order
    har_pages: list[dict]  # the HAR pages
    entries: list[dict]  # the HAR entries, in file order
    commits: list[dict]  # the git commits, newest first as in the log
    people: dict[str, dict]  # canonical person -> {'name', 'email', 'bot'}
    mailmap: list[str]  # the mailmap lines


WORDS = ("the of and a in to was that it he she his her had with for as at on by but not from they we be this "
         "which or there all were one when their an been would what who into more if no so out up time could "
         "light river winter silence memory house stone letter city road night morning mother garden sea "
         "iron glass voice window field fire dark old long quiet small strange always never every between "
         "under across against nothing something perhaps remember believe forget wait carry hold return").split()  # fmt: skip


def _sentence(rng: random.Random, lo: int, hi: int) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(lo, hi))]
    return " ".join(words).capitalize() + rng.choice([".", ".", ".", "?", "!"])


# ==================================================================================================
# Reading: a Goodreads library export and a Kindle's My Clippings.txt
# ==================================================================================================

FIRST = ["Elena", "Marcus", "Ingrid", "Tobias", "Naomi", "Felix", "Ruth", "Adrian", "Clara", "Jonah", "Maren",
         "Oscar", "Lidia", "Pavel", "Harriet", "Ivo", "Selma", "Bruno", "Agnes", "Dorian", "Vera", "Caspar",
         "Yara", "Emil", "Noor", "Silas", "Greta", "Anton", "Miriam", "Leon"]  # fmt: skip
LAST = ["Halloway", "Petrova", "Marchetti", "Okonkwo", "Lindgren", "Ashworth", "Vasquez", "Brennan", "Keller",
        "Moreau", "Takahashi", "Quill", "Dunmore", "Salazar", "Novak", "Whitcombe", "Farrow", "Ibsen",
        "Castellanos", "Rourke", "Adeyemi", "Sorensen", "Blackwood", "Varga", "Pemberton", "Hale", "Orsini",
        "Kowalczyk", "Thorne", "Achebe"]  # fmt: skip
ADJ = ["Silent", "Broken", "Last", "Hollow", "Burning", "Glass", "Winter", "Hidden", "Distant", "Crimson",
       "Forgotten", "Iron", "Salt", "Drowned", "Paper", "Golden", "Quiet", "Wild", "Sleeping", "Northern",
       "Shattered", "Velvet", "Bitter", "Lantern", "Ashen", "Secret", "Long", "Pale", "Stolen", "Endless"]  # fmt: skip
NOUN = ["River", "Kingdom", "Orchard", "Lighthouse", "Garden", "Archive", "Harbour", "Crown", "Mirror",
        "Mountain", "Season", "Library", "Bridge", "Empire", "Daughter", "Cartographer", "Tide", "Forest",
        "Engine", "Island", "Letters", "Clockmaker", "Storm", "Compass", "Cathedral", "Summer", "House",
        "Widow", "Signal", "Orbit", "Shore", "Atlas", "Vineyard", "Frontier"]  # fmt: skip
SERIES = ["The Ashen Crown", "Tidewater", "The Cartographer's War", "Northern Lights Mysteries", "The Glass Archive",
          "Inspector Novak", "The Drowned Kingdoms"]  # fmt: skip
PUBLISHERS = ["Penguin Books", "Vintage", "Tor Books", "Orbit", "Faber & Faber", "Picador", "Harper Perennial",
              "Bloomsbury Publishing", "Gollancz", "Riverhead Books", "Del Rey", "Knopf"]  # fmt: skip
SHELVES = ["fiction", "fantasy", "sci-fi", "mystery", "classics", "non-fiction", "history", "book-club", "favorites",
           "translated", "kindle", "audiobooks"]  # fmt: skip
BINDINGS = [("Kindle Edition", 36), ("Paperback", 32), ("Hardcover", 18), ("Mass Market Paperback", 6),
            ("ebook", 3), ("Audiobook", 5)]  # fmt: skip
GR_COLS = ["Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
           "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published",
           "Original Publication Year", "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions",
           "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count", "Owned Copies"]  # fmt: skip
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]  # fmt: skip


def _pick(rng: random.Random, table: list[tuple]) -> tuple:
    return rng.choices(table, weights=[t[-1] for t in table])[0]


def _isbn13(rng: random.Random) -> tuple[str, str]:
    body = "978" + "".join(str(rng.randint(0, 9)) for _ in range(9))
    s13 = sum(int(c) * (1 if i % 2 == 0 else 3) for i, c in enumerate(body))
    s10 = sum(int(c) * (10 - i) for i, c in enumerate(body[3:]))
    c10 = (11 - s10 % 11) % 11
    return body[3:] + ("X" if c10 == 10 else str(c10)), body + str((10 - s13 % 10) % 10)


def _rand_day(rng: random.Random, a: date, b: date) -> date:
    return a + timedelta(days=rng.randint(0, (b - a).days))


def _build_books(rng: random.Random) -> list[dict]:
    authors = []
    for i in range(44):
        first, last = FIRST[i % len(FIRST)], LAST[(i * 7 + 3) % len(LAST)]
        authors.append({"first": first, "last": last, "w": rng.choice([1, 1, 1, 2, 2, 3, 5])})
    titles: set[str] = set()
    books = []
    shelves = ["read"] * 128 + ["currently-reading"] * 3 + ["to-read"] * 64
    rng.shuffle(shelves)
    for shelf in shelves:
        while True:
            form = rng.random()
            a, n = rng.choice(ADJ), rng.choice(NOUN)
            title = (f"The {a} {n}" if form < 0.45 else f"{a} {n}" if form < 0.7
                     else f"The {n} of the {rng.choice(NOUN)}" if form < 0.9 else f"A {a} {n}")  # fmt: skip
            if title.lower() not in titles:
                titles.add(title.lower())
                break
        au = rng.choices(authors, weights=[x["w"] for x in authors])[0]
        binding = _pick(rng, BINDINGS)[0]
        series = (rng.choice(SERIES), rng.randint(1, 5)) if rng.random() < 0.24 else None
        old = rng.random() < 0.17
        orig = rng.randint(1847, 1949) if old else rng.randint(1955, 2023)
        year_pub = (
            orig
            if rng.random() < 0.7 and not old
            else orig
            if rng.random() < 0.25
            else max(orig, rng.randint(1960, 2023))
        )
        if shelf == "to-read" and rng.random() < 0.08:
            orig = None
        pages = rng.randint(140, 880) if binding != "Audiobook" and rng.random() > 0.05 else None
        no_isbn = rng.random() < (0.5 if binding in ("Kindle Edition", "ebook") else 0.05)
        isbn10, isbn13 = ("", "") if no_isbn else _isbn13(rng)
        rating = 0
        read_count, date_read = 0, None
        if shelf == "read":
            rating = 0 if rng.random() < 0.2 else _pick(rng, [(1, 3), (2, 8), (3, 25), (4, 38), (5, 26)])[0]
            read_count = _pick(rng, [(1, 88), (2, 9), (3, 3)])[0]
            if rng.random() < 0.9:
                date_read = _rand_day(rng, date(2019, 1, 5), date(2024, 6, 20))
        if date_read:
            added = date_read - timedelta(days=rng.randint(3, 900))
        elif shelf == "read":
            added = _rand_day(rng, date(2014, 2, 1), date(2018, 12, 1))
        else:
            added = _rand_day(rng, date(2016, 1, 1), date(2024, 6, 25))
        extra = rng.sample(SHELVES, rng.choice([0, 1, 1, 2, 3]))
        if binding == "Kindle Edition" and "kindle" not in extra and rng.random() < 0.5:
            extra.append("kindle")
        shelf_list = extra + ([shelf] if shelf != "read" else [])
        review = ""
        if shelf == "read" and rating and rng.random() < 0.22:
            review = "<br/><br/>".join(_sentence(rng, 6, 18) for _ in range(rng.randint(1, 3)))
            if rng.random() < 0.4:
                review = review.replace("the", '"the', 1).replace(" ", ', "', 1) + '"'
        books.append({
            "id": rng.randint(10_000, 62_000_000), "title": title, "series": series, "author": au,
            "add_author": f"{rng.choice(FIRST)} {rng.choice(LAST)}" if rng.random() < 0.08 else "",
            "isbn": isbn10, "isbn13": isbn13, "rating": rating, "avg": round(rng.uniform(3.1, 4.6), 2),
            "publisher": rng.choice(PUBLISHERS), "binding": binding, "pages": pages, "year_pub": year_pub,
            "orig": orig, "date_read": date_read, "added": added, "shelves": shelf_list, "shelf": shelf,
            "review": review, "read_count": read_count, "owned": int(binding in ("Paperback", "Hardcover") and rng.random() < 0.4),
        })  # fmt: skip
    books.sort(key=lambda b: b["added"], reverse=True)  # the export lists the newest additions first
    return books


def gr_title(b: dict) -> str:
    return b["title"] + (f" ({b['series'][0]}, #{b['series'][1]})" if b["series"] else "")


def _write_goodreads(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(GR_COLS)
    positions: dict[str, int] = {}
    for b in t.books:
        au = b["author"]
        withpos = []
        for s in b["shelves"]:
            positions[s] = positions.get(s, 0) + 1
            withpos.append(f"{s} (#{positions[s]})")
        w.writerow([b["id"], gr_title(b), f"{au['first']} {au['last']}", f"{au['last']}, {au['first']}",
                    b["add_author"], f'="{b["isbn"]}"', f'="{b["isbn13"]}"', b["rating"], f"{b['avg']:.2f}",
                    b["publisher"], b["binding"], b["pages"] or "", b["year_pub"] or "", b["orig"] or "",
                    b["date_read"].strftime("%Y/%m/%d") if b["date_read"] else "", b["added"].strftime("%Y/%m/%d"),
                    ", ".join(b["shelves"]), ", ".join(withpos), b["shelf"], b["review"], "", "",
                    b["read_count"], b["owned"]])  # fmt: skip
    (d / GR_FILE).write_text(buf.getvalue(), encoding="utf-8")


def _build_clippings(rng: random.Random, books: list[dict]) -> list[dict]:
    brng = random.Random(f"{SEED}-bookmarks")  # the minutes and seconds of the bookmarks
    kindle = [b for b in books if b["binding"] == "Kindle Edition" and b["shelf"] in ("read", "currently-reading")]
    clips = []
    for b in kindle:
        b["kc_author"] = (f"{b['author']['last']}, {b['author']['first']}" if rng.random() < 0.7
                          else f"{b['author']['first']} {b['author']['last']}")  # fmt: skip
        b["kc_device"] = rng.choice(["us", "uk"])
        end = b["date_read"] or (date(2024, 6, 28) if b["shelf"] == "currently-reading" else date(2018, 6, 1))
        start = end - timedelta(days=rng.randint(5, 40))
        has_page = rng.random() < 0.5
        n = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 18, 22])
        loc = rng.randint(60, 300)
        passages = []
        for _ in range(n):
            loc += rng.randint(20, 500)
            passages.append((loc, loc + rng.choice([0, 1, 1, 2, 3, 4, 6])))
            loc = passages[-1][1] + 2
        times = sorted(datetime.combine(_rand_day(rng, start, end), datetime.min.time())
                       + timedelta(seconds=rng.randint(6 * 3600, 24 * 3600 - 120)) for _ in passages)  # fmt: skip
        for p, (a, z) in enumerate(passages):
            when = times[p]
            text = " ".join(_sentence(rng, 8, 26) for _ in range(rng.randint(1, 3)))
            base = {"book": b, "page": (a // 15 + 1) if has_page else None, "passage": p}
            if rng.random() < 0.17:  # the old version, kept when the highlight was extended or shortened
                oa, oz = (a, max(a, z - 1)) if z > a and rng.random() < 0.5 else (a, z + rng.randint(1, 2))
                old = when - timedelta(seconds=rng.randint(20, 3000))
                clips.append({**base, "kind": "Highlight", "loc": (oa, oz), "when": old,
                              "text": text[: max(20, len(text) * 2 // 3)]})  # fmt: skip
            clips.append({**base, "kind": "Highlight", "loc": (a, z), "when": when, "text": text})
            if rng.random() < 0.12:
                clips.append({**base, "kind": "Note", "loc": (z, z), "when": when + timedelta(seconds=rng.randint(5, 90)),
                              "text": _sentence(rng, 3, 10)})  # fmt: skip
        for _ in range(rng.choice([0, 0, 1, 2])):
            bl = rng.randint(100, max(120, loc))
            when = datetime.combine(_rand_day(rng, start, end), datetime.min.time()) + timedelta(
                hours=rng.randint(7, 22), seconds=brng.randint(0, 3599)
            )
            clips.append({"book": b, "page": (bl // 15 + 1) if has_page else None, "passage": None,
                          "kind": "Bookmark", "loc": (bl, bl), "when": when, "text": ""})  # fmt: skip
    clips.sort(key=lambda c: c["when"])
    return clips


def _kc_when(c: dict) -> str:
    w = c["when"]
    day = DAYS[w.weekday()]
    if c["book"]["kc_device"] == "us":
        hour = w.hour % 12 or 12
        return f"{day}, {MONTHS[w.month - 1]} {w.day}, {w.year} {hour}:{w:%M:%S} {'AM' if w.hour < 12 else 'PM'}"
    return f"{day}, {w.day} {MONTHS[w.month - 1]} {w.year} {w:%H:%M:%S}"


def kc_title(b: dict) -> str:
    series = f" ({b['series'][0]} Book {b['series'][1]})" if b["series"] else ""
    return f"{b['title']}{series} ({b['kc_author']})"


def _write_clippings(t: Truth, d: Path) -> None:
    out = []
    for c in t.clippings:
        a, z = c["loc"]
        loc = f"Location {a}" if c["kind"] != "Highlight" or a == z else f"Location {a}-{z}"
        where = (f"page {c['page']} | " if c["page"] else "") + loc
        out.append(f"\ufeff{kc_title(c['book'])}\r\n- Your {c['kind']} on {where} | Added on {_kc_when(c)}\r\n\r\n"
                   f"{c['text']}\r\n==========\r\n")  # fmt: skip
    (d / KC_FILE).write_bytes("".join(out).encode("utf-8"))


# ==================================================================================================
# A Chrome DevTools HAR capture of two page loads
# ==================================================================================================

SITE = "northgate-herald.com"
# host -> (HTTP version, JavaScript MIME type, server IP, wait range ms)
HOSTS = {
    "www.northgate-herald.com": ("h2", "text/javascript; charset=utf-8", "151.101.2.217", (60, 180)),
    "northgate-herald.com": ("h2", "", "151.101.2.217", (30, 60)),
    "static.northgate-herald.com": ("h2", "application/javascript", "151.101.66.217", (15, 70)),
    "img.northgate-herald.com": ("http/1.1", "", "93.184.220.41", (25, 140)),
    "api.northgate-herald.com": ("h2", "", "34.117.59.81", (380, 950)),
    "fonts.googleapis.com": ("h2", "", "142.250.187.234", (20, 45)),
    "fonts.gstatic.com": ("h2", "", "142.250.180.3", (10, 35)),
    "www.googletagmanager.com": ("h2", "application/javascript; charset=UTF-8", "142.250.187.232", (30, 90)),
    "www.google-analytics.com": ("h2", "text/javascript", "142.250.179.238", (25, 70)),
    "region1.google-analytics.com": ("h2", "", "216.239.32.36", (20, 60)),
    "cdn.cookielaw.org": ("h2", "application/x-javascript", "104.18.130.236", (20, 80)),
    "cdn.jsdelivr.net": ("h2", "application/javascript; charset=utf-8", "151.101.1.229", (15, 60)),
    "static.chartbeat.com": ("http/1.1", "application/javascript", "52.85.151.112", (30, 110)),
    "ping.chartbeat.net": ("http/1.1", "", "52.1.176.228", (40, 120)),
    "securepubads.g.doubleclick.net": ("h2", "text/javascript", "142.250.200.2", (60, 200)),
    "pagead2.googlesyndication.com": ("h2", "text/javascript", "142.250.187.226", (40, 120)),
    "c.amazon-adsystem.com": ("h2", "application/javascript", "52.46.155.72", (40, 120)),
}  # fmt: skip
BLOCKED = {
    "securepubads.g.doubleclick.net",
    "pagead2.googlesyndication.com",
    "c.amazon-adsystem.com",
    "ping.chartbeat.net",
}
SLUGS = ["council-budget", "harbour-works", "school-awards", "rail-strike", "market-reopens", "flood-defences",
         "derby-preview", "arts-festival", "bypass-plans", "hospital-parking", "bin-collections", "library-hours",
         "new-bridge", "cricket-club", "police-appeal", "weather-warning", "housing-scheme", "bus-timetable"]  # fmt: skip


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _resources(rng: random.Random, page: int) -> list[dict]:
    """The requests of one page load: host, path, resource type, MIME type, decoded size, status, start (ms)."""
    res = []

    def add(host, path, rtype, mime, size, start, status=200, method="GET", cache=None):
        res.append({"host": host, "path": path, "rtype": rtype, "mime": mime, "size": size, "start": start,
                    "status": status, "method": method, "cache": cache})  # fmt: skip

    www, static, img = "www.northgate-herald.com", "static.northgate-herald.com", "img.northgate-herald.com"
    if page == 1:
        add(www, "/", "document", "text/html; charset=utf-8", rng.randint(180_000, 260_000), 0)
    else:
        add("northgate-herald.com", "/news/2024/05/14/council-approves-harbour-works", "document", "text/html",
            0, 0, status=301)  # fmt: skip
        add(www, "/news/2024/05/14/council-approves-harbour-works", "document", "text/html; charset=utf-8",
            rng.randint(120_000, 170_000), rng.randint(70, 110))  # fmt: skip
    doc_end = 420 if page == 1 else 520
    cached = page == 2
    for name in ["main", "layout", "article", "print", "vendor"]:
        add(static, f"/assets/css/{name}.{_hex(random.Random(f'{SEED}-{name}'), 6)}.css", "stylesheet", "text/css",
            rng.randint(4_000, 90_000), rng.randint(doc_end - 200, doc_end), cache="memory" if cached else None)  # fmt: skip
    add("fonts.googleapis.com", "/css2?family=Merriweather:wght@400;700&family=Inter:wght@400;600&display=swap",
        "stylesheet", "text/css; charset=utf-8", rng.randint(2_000, 6_000), doc_end + rng.randint(5, 40),
        cache="disk" if cached else None)  # fmt: skip
    for i in range(4):
        add("fonts.gstatic.com", f"/s/{['merriweather', 'inter'][i % 2]}/v{30 + i}/{_hex(rng, 16)}.woff2", "font",
            "font/woff2", rng.randint(14_000, 48_000), doc_end + rng.randint(90, 300), cache="disk" if cached else None)  # fmt: skip
    js = [(static, f"/assets/js/{n}.{_hex(random.Random(f'{SEED}-{n}'), 6)}.js") for n in ["runtime", "vendor", "app", "carousel", "comments",
                                                                   "newsletter", "video-player", "paywall"]]  # fmt: skip
    js += [(www, "/wp-includes/js/jquery/jquery.min.js"), (www, "/wp-content/plugins/live-blog/live.js"),
           ("www.googletagmanager.com", "/gtag/js?id=G-7QX4N2KD8M"), ("www.google-analytics.com", "/analytics.js"),
           ("cdn.cookielaw.org", "/scripttemplates/otSDKStub.js"), ("cdn.cookielaw.org", "/scripttemplates/6.30.0/otBannerSdk.js"),
           ("cdn.jsdelivr.net", "/npm/swiper@11/swiper-bundle.min.js"), ("cdn.jsdelivr.net", "/npm/lazysizes@5/lazysizes.min.js"),
           ("static.chartbeat.com", "/js/chartbeat_mab.js"), ("static.chartbeat.com", "/js/chartbeat_video.js"),
           ("securepubads.g.doubleclick.net", "/tag/js/gpt.js"), ("c.amazon-adsystem.com", "/aax2/apstag.js"),
           ("pagead2.googlesyndication.com", "/pagead/js/adsbygoogle.js")]  # fmt: skip
    for host, path in js:
        size = rng.randint(3_000, 380_000) if "vendor" in path else rng.randint(2_000, 120_000)
        add(host, path, "script", HOSTS[host][1], size, rng.randint(doc_end, doc_end + 900),
            cache="memory" if cached and host in (static, www) else None)  # fmt: skip
    add(
        static, "/assets/js/polyfill-legacy.js", "script", "text/html", 1_245, doc_end + rng.randint(0, 300), status=404
    )
    n_img = 52 if page == 1 else 30
    for i in range(n_img):
        slug = rng.choice(SLUGS)
        ext, mime = rng.choice(
            [("jpg", "image/jpeg"), ("jpg", "image/jpeg"), ("webp", "image/webp"), ("avif", "image/avif")]
        )
        w = rng.choice([320, 640, 960, 1280])
        lazy = i >= (18 if page == 1 else 10)
        start = rng.randint(3_900, 7_800) if lazy else rng.randint(doc_end + 100, 2_600)
        status = 404 if rng.random() < 0.03 else 200
        c = None
        if cached and i < 12:
            c = rng.choice(["memory", "disk", "304"])
        add(img, f"/images/2024/05/{slug}-{_hex(rng, 4)}-{w}x{w * 9 // 16}.{ext}", "image",
            mime if status == 200 else "text/html", rng.randint(6_000, 260_000) if status == 200 else 612, start,
            status=status, cache=c)  # fmt: skip
    if page == 1:
        add(img, "/images/2024/05/hero-harbour-regeneration-2400x1350.jpg", "image", "image/jpeg",
            rng.randint(700_000, 900_000), rng.randint(doc_end + 50, doc_end + 200))  # fmt: skip
    for _ in range(3 if page == 1 else 2):
        add("", f"data:image/svg+xml;base64,{_hex(rng, 48)}", "image", "image/svg+xml", rng.randint(200, 900),
            rng.randint(doc_end, 1_500))  # fmt: skip
    api = ["/v2/articles/trending?limit=10", "/v2/weather/current?loc=northgate", "/v2/live/scores?comp=league-two",
           "/v2/user/session"] + (["/v2/comments?article=88213&page=1", "/v2/articles/related?id=88213"] if page == 2 else [])  # fmt: skip
    for p in api:
        add("api.northgate-herald.com", p, "fetch", "application/json", rng.randint(400, 24_000),
            rng.randint(1_200, 3_000) if rng.random() < 0.6 else rng.randint(3_900, 6_500))  # fmt: skip
    for _ in range(rng.randint(4, 7)):
        add("region1.google-analytics.com", f"/g/collect?v=2&tid=G-7QX4N2KD8M&cid={rng.randint(10**8, 10**9)}&en=page_view",
            "ping", "text/plain", 0, rng.randint(2_200, 8_000), status=204, method="POST")  # fmt: skip
    for _ in range(rng.randint(3, 5)):
        add("ping.chartbeat.net", f"/ping?h={SITE}&p=%2F&u={_hex(rng, 12)}", "image", "image/gif", 43,
            rng.randint(2_000, 8_000))  # fmt: skip
    for _ in range(rng.randint(4, 6)):
        add("securepubads.g.doubleclick.net", f"/gampad/ads?pvsid={rng.randint(10**9, 10**10)}&correlator={rng.randint(10**9, 10**10)}",
            "script", "text/javascript", 0, rng.randint(1_500, 5_000))  # fmt: skip
    add(
        www,
        "/favicon.ico",
        "other",
        "image/x-icon",
        15_086,
        rng.randint(3_500, 4_500),
        cache="disk" if cached else None,
    )
    add(
        www,
        "/apple-touch-icon-precomposed.png",
        "other",
        "text/html; charset=utf-8",
        10_244,
        rng.randint(3_500, 4_500),
        status=404,
    )
    return res


def _ms(rng: random.Random, a: float, b: float) -> float:
    return round(rng.uniform(a, b), 3)


def _build_har(rng: random.Random) -> tuple[list[dict], list[dict]]:
    t0 = [datetime(2024, 5, 14, 8, 31, 2, 118_000, tzinfo=timezone.utc),
          datetime(2024, 5, 14, 8, 31, 47, 604_000, tzinfo=timezone.utc)]  # fmt: skip
    pages, entries = [], []
    live: dict[str, int] = {}  # host -> connections open
    conn_id = 1000
    for page in (1, 2):
        on_load = round(rng.uniform(3_300, 3_700), 3)
        pages.append({"id": f"page_{page}", "start": t0[page - 1], "onload": on_load,
                      "oncontent": round(on_load - rng.uniform(900, 1_400), 3),
                      "title": "Northgate Herald | Local news, sport and weather" if page == 1
                      else "Council approves £14m harbour works | Northgate Herald"})  # fmt: skip
        if page == 2:
            live.pop("api.northgate-herald.com", None)  # its connection timed out between the loads
        res = _resources(rng, page)
        for r in res:
            while abs(r["start"] - on_load) < 3:
                r["start"] += 5
        res.sort(key=lambda r: r["start"])
        for r in res:
            host = r["host"]
            e = {"page": f"page_{page}", **r, "url": f"https://{host}{r['path']}" if host else r["path"],
                 "blocked": -1.0, "queue": -1.0, "dns": -1.0, "connect": -1.0, "ssl": -1.0, "send": 0.0, "wait": 0.0,
                 "receive": 0.0, "error": None, "conn": "", "ip": "", "http": HOSTS[host][0] if host else "data"}  # fmt: skip
            body = 0
            if not host:  # a data: URL, decoded in the renderer
                e["receive"] = _ms(rng, 0.01, 0.2)
                e["http"] = ""
                transfer, hsize = 0, -1
            elif host in BLOCKED:  # cancelled by the ad blocker before it left the browser
                e.update(
                    status=0, mime="x-unknown", size=0, error="net::ERR_BLOCKED_BY_CLIENT", blocked=_ms(rng, 0.3, 3)
                )
                transfer, hsize = 0, -1
            elif r["cache"] in ("memory", "disk"):
                if r["cache"] == "disk":
                    e.update(blocked=_ms(rng, 0.5, 4), wait=_ms(rng, 0.5, 4), receive=_ms(rng, 0.3, 3))
                else:
                    e.update(receive=_ms(rng, 0.05, 0.4))
                transfer, hsize = 0, -1
            else:
                e["blocked"] = _ms(rng, 0.4, 35)
                e["queue"] = round(e["blocked"] * rng.uniform(0.2, 0.9), 3)
                h1 = e["http"] == "http/1.1"
                if host not in live or (h1 and live[host] < 4 and rng.random() < 0.5):
                    if host not in live:
                        e["dns"] = _ms(rng, 4, 85)
                        live[host] = 0
                    e["connect"] = _ms(rng, 25, 160)
                    e["ssl"] = round(e["connect"] * rng.uniform(0.45, 0.8), 3)
                    live[host] += 1
                    conn_id += 1
                e["conn"] = str(conn_id - (0 if e["connect"] > 0 else rng.randint(0, 3)))
                e["ip"] = HOSTS[host][2]
                e["send"] = _ms(rng, 0.05, 0.9)
                lo, hi = HOSTS[host][3]
                e["wait"] = _ms(rng, lo, hi) if r["cache"] != "304" else _ms(rng, 10, 40)
                body = (
                    0
                    if r["cache"] == "304"
                    else (r["size"] if r["rtype"] in ("image", "font") else int(r["size"] * rng.uniform(0.22, 0.35)))
                )
                e["receive"] = round(0.2 + body / rng.uniform(2_000, 9_000), 3)
                hsize = rng.randint(280, 720)
                transfer = hsize + body
                if r["cache"] == "304":
                    e["status"] = 304
            e["body"] = -1 if e["error"] else body
            e["transfer"] = transfer
            e["hsize"] = hsize
            e["time"] = round(sum(max(0.0, e[k]) for k in ("blocked", "dns", "connect", "send", "wait", "receive")), 3)
            e["started"] = pages[-1]["start"] + timedelta(milliseconds=r["start"])
            e["startms"] = r["start"]
            entries.append(e)
    return pages, entries


STATUS_TEXT = {200: "OK", 204: "No Content", 301: "Moved Permanently", 304: "Not Modified", 404: "Not Found", 0: ""}


def _iso(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def _headers(names_values: list[tuple[str, str]], h1: bool) -> list[dict]:
    out = []
    for k, v in names_values:
        if k.startswith(":") and h1:
            continue
        out.append({"name": "-".join(p.capitalize() for p in k.split("-")) if h1 else k, "value": v})
    return out


def _write_har(t: Truth, d: Path) -> None:
    ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"
    out_entries = []
    for e in t.entries:
        h1 = e["http"] == "http/1.1"
        host = e["host"]
        path = e["path"]
        query = []
        if "?" in path:
            for kv in path.split("?", 1)[1].split("&"):
                k, _, v = kv.partition("=")
                query.append({"name": k, "value": v})
        req_h = [(":authority", host), (":method", e["method"]), (":path", path), (":scheme", "https"),
                 ("accept", "*/*"), ("accept-encoding", "gzip, deflate, br, zstd"), ("accept-language", "en-GB,en;q=0.9"),
                 ("referer", f"https://www.{SITE}/"), ("user-agent", ua)] if host else []  # fmt: skip
        resp_h = []
        if host and e["status"]:
            resp_h = [("content-type", e["mime"]), ("date", "Tue, 14 May 2024 08:31:03 GMT"),
                      ("cache-control", "public, max-age=31536000" if "static" in host or "img" in host else "no-cache"),
                      ("server", "nginx" if h1 else "Varnish")]  # fmt: skip
            if e["status"] == 301:
                resp_h.append(("location", f"https://www.{SITE}{path}"))
        content = {"size": e["size"], "mimeType": e["mime"]}
        if e["body"] and e["body"] > 0 and e["body"] < e["size"]:
            content["compression"] = e["size"] - e["body"]
        timings = {"blocked": e["blocked"], "dns": e["dns"], "ssl": e["ssl"], "connect": e["connect"], "send": e["send"],
                   "wait": e["wait"], "receive": e["receive"], "_blocked_queueing": e["queue"]}  # fmt: skip
        entry = {
            "_initiator": {"type": "parser" if e["rtype"] in ("stylesheet", "script", "image") else "other"},
            "_priority": {"document": "VeryHigh", "stylesheet": "VeryHigh", "font": "VeryHigh", "script": "Medium",
                          "image": "Low"}.get(e["rtype"], "High"),
            "_resourceType": e["rtype"],
            "cache": {},
            "connection": e["conn"],
            "pageref": e["page"],
            "request": {"method": e["method"], "url": e["url"], "httpVersion": e["http"],
                        "headers": _headers(req_h, h1), "queryString": query, "cookies": [],
                        "headersSize": -1 if not h1 else sum(len(k) + len(v) + 4 for k, v in req_h if not k.startswith(":")),
                        "bodySize": 0},
            "response": {"status": e["status"], "statusText": "" if not h1 and e["status"] else STATUS_TEXT[e["status"]],
                         "httpVersion": e["http"], "headers": _headers(resp_h, h1), "cookies": [], "content": content,
                         "redirectURL": f"https://www.{SITE}{path}" if e["status"] == 301 else "",
                         "headersSize": e["hsize"] if h1 else -1, "bodySize": e["body"],
                         "_transferSize": e["transfer"], "_error": e["error"]},
            "serverIPAddress": e["ip"],
            "startedDateTime": _iso(e["started"]),
            "time": e["time"],
            "timings": timings,
        }  # fmt: skip
        if e["cache"] in ("memory", "disk"):
            entry["_fromCache"] = e["cache"]
        out_entries.append(entry)
    har = {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
                   "pages": [{"startedDateTime": _iso(p["start"]), "id": p["id"], "title": p["title"],
                              "pageTimings": {"onContentLoad": p["oncontent"], "onLoad": p["onload"]}}
                             for p in t.har_pages],
                   "entries": out_entries}}  # fmt: skip
    (d / HAR_FILE).write_text(json.dumps(har, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# ==================================================================================================
# git log --numstat --no-mailmap of a Python library, with its .mailmap
# ==================================================================================================

# person -> (canonical name, canonical email, [(name, email, share)], (winter offset, summer offset), weight, lines)
PEOPLE = {
    "ana": ("Ana Souza", "ana@souza.dev", [("Ana Souza", "ana@souza.dev", 5), ("ana", "ana.souza@users.noreply.github.com", 3),
            ("Ana Souza", "asouza@thalassa-labs.com", 2)], (-180, -180), 20, 1.2),
    "tomasz": ("Tomasz Wiśniewski", "tomasz.wisniewski@gmail.com", [("Tomasz Wiśniewski", "tomasz.wisniewski@gmail.com", 5),
               ("Tomasz Wisniewski", "twisniewski@users.noreply.github.com", 5)], (60, 120), 16, 1.5),
    "priya": ("Priya Raghunathan", "priya.r@fastmail.com", [("Priya Raghunathan", "priya.r@fastmail.com", 4),
              ("Priya R", "priya.r@fastmail.com", 3)], (330, 330), 10, 1.0),
    "kenji": ("Kenji Watanabe", "kenji@watanabe.jp", [("Kenji Watanabe", "kenji@watanabe.jp", 1)], (540, 540), 8, 1.0),
    "marcus": ("Marcus O'Neill", "marcus@oneill.io", [("Marcus O'Neill", "marcus@oneill.io", 3),
               ("moneill", "moneill@corp.example", 2)], (-480, -420), 10, 1.1),
    "lea": ("Léa Fontaine", "lea.fontaine@posteo.fr", [("Léa Fontaine", "lea.fontaine@posteo.fr", 1)], (60, 120), 5, 0.9),
    "daniel": ("Daniel Okafor", "daniel.okafor@example.ng", [("Daniel Okafor", "daniel.okafor@example.ng", 2),
               ("Dan Okafor", "dokafor@users.noreply.github.com", 3)], (60, 60), 6, 0.8),
    "wei": ("Wei Zhang", "wei.zhang@protonmail.com", [("Wei Zhang", "wei.zhang@protonmail.com", 2),
            ("Wei Zhang", "zhangwei@old-employer.cn", 1)], (480, 480), 5, 0.9),
    "emily": ("Emily Carter", "emily.carter@hey.com", [("Emily Carter", "emily.carter@hey.com", 1)], (-300, -240), 4, 0.8),
    "oliver": ("Oliver Hughes", "ohughes@pm.me", [("Oliver Hughes", "ohughes@pm.me", 1)], (0, 60), 3, 0.7),
    "mateo": ("Mateo García", "mateo.garcia@gmail.com", [("Mateo García", "mateo.garcia@gmail.com", 1)], (60, 120), 2, 0.6),
    "sana": ("Sana Qureshi", "sana.q@outlook.com", [("Sana Qureshi", "sana.q@outlook.com", 1)], (300, 300), 1, 0.5),
    "ben": ("Ben Adler", "ben@adler.dev", [("Ben Adler", "ben@adler.dev", 1)], (-300, -240), 1, 0.5),
    "ines": ("Inês Carvalho", "ines.carvalho@sapo.pt", [("Inês Carvalho", "ines.carvalho@sapo.pt", 1)], (0, 60), 1, 0.5),
    "yusuf": ("Yusuf Demir", "yusufdemir@gmail.com", [("Yusuf Demir", "yusufdemir@gmail.com", 1)], (180, 180), 1, 0.5),
    "dependabot": ("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com",
                   [("dependabot[bot]", "49699333+dependabot[bot]@users.noreply.github.com", 1)], (0, 0), 7, 0),
    "precommit": ("pre-commit-ci[bot]", "66853113+pre-commit-ci[bot]@users.noreply.github.com",
                  [("pre-commit-ci[bot]", "66853113+pre-commit-ci[bot]@users.noreply.github.com", 1)], (0, 0), 3, 0),
}  # fmt: skip
MAILMAP = [
    "# Map the other names and addresses contributors have committed under to one identity.",
    "# See git-check-mailmap(1).",
    "Ana Souza <ana@souza.dev> <ana.souza@users.noreply.github.com>",
    "Ana Souza <ana@souza.dev> <ASouza@Thalassa-Labs.com>",
    "Tomasz Wiśniewski <tomasz.wisniewski@gmail.com> Tomasz Wisniewski <twisniewski@users.noreply.github.com>",
    "Priya Raghunathan <priya.r@fastmail.com>",
    "Marcus O'Neill <marcus@oneill.io> <moneill@corp.example>",
    "",
    "Daniel Okafor <daniel.okafor@example.ng> Dan Okafor <dokafor@users.noreply.github.com>",
    "<wei.zhang@protonmail.com> <zhangwei@old-employer.cn>",
]
# files: logical id -> initial path; renames: (fraction of history, id, new path, numstat path)
GIT_FILES = {
    "init": "src/tidepool/__init__.py", "core": "src/tidepool/core.py", "io": "src/tidepool/io.py",
    "cli": "src/tidepool/cli.py", "utils": "src/tidepool/utils.py", "plot": "src/tidepool/plotting.py",
    "config": "src/tidepool/config.py", "tcore": "tests/test_core.py", "tio": "tests/test_io.py",
    "tutils": "tests/test_utils.py", "tcli": "tests/test_cli.py", "readme": "README.md", "changes": "CHANGELOG.md",
    "pyproject": "pyproject.toml", "setupcfg": "setup.cfg", "ci": ".github/workflows/ci.yml",
    "usage": "docs/usage.rst", "index": "docs/index.rst", "logo": "docs/img/logo.png",
    "shot": "docs/img/screenshot.png", "sample": "tests/data/sample.parquet", "precommit": ".pre-commit-config.yaml",
    "reqs": "requirements/dev.txt",
}  # fmt: skip
GIT_WEIGHTS = {"init": 3, "core": 11, "io": 14, "cli": 6, "utils": 8, "plot": 5, "config": 4, "tcore": 9, "tio": 6,
               "tutils": 6, "tcli": 3, "readme": 5, "changes": 8, "pyproject": 4, "setupcfg": 2, "ci": 3,
               "usage": 4, "index": 2, "logo": 0.4, "shot": 0.6, "sample": 0.5}  # fmt: skip
BINARY = {"logo", "shot", "sample"}
RENAMES = [(0.30, "utils", "src/tidepool/helpers.py", "src/tidepool/{utils.py => helpers.py}"),
           (0.31, "tutils", "tests/test_helpers.py", "tests/{test_utils.py => test_helpers.py}"),
           (0.45, "usage", "docs/usage.md", "docs/{usage.rst => usage.md}"),
           (0.46, "index", "docs/index.md", "docs/{index.rst => index.md}"),
           (0.62, "io", "src/tidepool/readers/io.py", "src/tidepool/{ => readers}/io.py"),
           (0.63, "tio", "tests/readers/test_io.py", "tests/{ => readers}/test_io.py")]  # fmt: skip
SUBJECTS = ["Fix {x} when the input is empty", "Add {x} option to the reader", "Refactor {x}", "Speed up {x}",
            "Handle time zones in {x}", "Document {x}", "Deprecate {x}", "Support Python 3.12 in {x}",
            "Type hints for {x}", "Test {x} against pandas 2", "Clean up {x}", "Raise a clearer error in {x}"]  # fmt: skip
THINGS = ["resample", "the CSV reader", "tide tables", "the CLI", "config loading", "plot_series", "harmonics",
          "datum conversion", "NOAA station lookup", "caching", "the parquet writer", "interpolation"]  # fmt: skip


def _offset(p: str, day: datetime) -> int:
    winter, summer = PEOPLE[p][3]
    return summer if 4 <= day.month <= 10 else winter


def _build_git(rng: random.Random) -> list[dict]:
    start, end = datetime(2021, 3, 1), datetime(2024, 6, 28)
    n = 640
    span = (end - start).total_seconds()
    people = [p for p in PEOPLE]
    stamps = sorted(rng.uniform(0, span) for _ in range(n))
    paths = dict(GIT_FILES)
    alive = set(GIT_FILES) - {"precommit", "reqs"}
    renames = list(RENAMES)
    plan = []
    for i, s in enumerate(stamps):
        base = start + timedelta(seconds=s)
        merge = i > 20 and rng.random() < 0.14
        p = rng.choices(people, weights=[PEOPLE[q][4] for q in people])[0]
        if merge:
            p = rng.choice(["ana", "ana", "tomasz", "priya"])
        # the local time of day: most commits in the working day or the evening, some after midnight
        local = datetime.combine(base.date(), datetime.min.time()) + timedelta(
            minutes=rng.choice([rng.randint(9 * 60, 18 * 60), rng.randint(18 * 60, 24 * 60 - 1), rng.randint(0, 120)]),
            seconds=rng.randint(0, 59))  # fmt: skip
        off = _offset(p, local)
        plan.append((local - timedelta(minutes=off), merge, p, local, off))
    plan.sort(key=lambda x: x[0])
    commits = []
    pr = 100
    for i, (_, merge, p, local, off) in enumerate(plan):
        frac = i / n
        info = PEOPLE[p]
        ident = rng.choices(info[2], weights=[x[2] for x in info[2]])[0]
        files = []
        if not merge:
            if p == "dependabot":
                files = [("reqs", rng.randint(1, 3), None)]
                if rng.random() < 0.3:
                    files.append(("ci", 1, None))
                files = [(f, a, a) for f, a, _ in files]
            elif p == "precommit":
                files = [("precommit", 3, 3)]
            else:
                if renames and frac >= renames[0][0]:
                    _, fid, new, shown = renames.pop(0)
                    files.append((fid, rng.randint(2, 40), rng.randint(0, 12), shown))
                    paths[fid] = new
                k = rng.choice([1, 1, 2, 2, 3, 4, 6])
                pool = sorted(alive - {f[0] for f in files})
                picked = []
                while len(picked) < k:
                    f = rng.choices(pool, weights=[GIT_WEIGHTS[x] for x in pool])[0]
                    if f not in picked:
                        picked.append(f)
                for f in picked:
                    if f in BINARY:
                        files.append((f, None, None))
                    else:
                        scale = info[5]
                        a = int(rng.paretovariate(1.3) * 6 * scale) if rng.random() < 0.9 else 0
                        files.append((f, min(a, 900), int(rng.paretovariate(1.5) * 3) if rng.random() < 0.8 else 0))
                if "setupcfg" in alive and frac > 0.55 and "setupcfg" not in picked:
                    files.append(("setupcfg", 0, 41))
                    alive.discard("setupcfg")
        numstat = []
        for f in files:
            fid, a, dl = f[0], f[1], f[2]
            shown = f[3] if len(f) == 4 else paths[fid]
            numstat.append({"file": fid, "path": shown, "final": None, "added": a, "deleted": dl})
        subject = (f"Merge pull request #{pr} from {ident[1].split('@')[0].split('+')[-1]}/{rng.choice(THINGS).replace(' ', '-')}"
                   if merge else "Bump {} from {}.{} to {}.{}".format(rng.choice(["pytest", "ruff", "actions/checkout", "numpy"]),
                   *[rng.randint(1, 9) for _ in range(4)]) if p == "dependabot"
                   else "[pre-commit.ci] pre-commit autoupdate" if p == "precommit"
                   else rng.choice(SUBJECTS).format(x=rng.choice(THINGS)))  # fmt: skip
        pr += rng.randint(1, 4) if merge else 0
        body = []
        if not merge and p not in ("dependabot", "precommit") and rng.random() < 0.35:
            body.append(_sentence(rng, 8, 20))
            if rng.random() < 0.3:
                co = PEOPLE[rng.choice(["kenji", "lea", "wei", "emily"])]
                body.append(f"Co-authored-by: {co[0]} <{co[1]}>")
        commits.append({"hash": _hex(rng, 40), "person": p, "name": ident[0], "email": ident[1], "local": local,
                        "offset": off, "merge": merge, "parents": (_hex(rng, 7), _hex(rng, 7)) if merge else None,
                        "subject": subject, "body": body, "numstat": numstat})  # fmt: skip
    # rebased work: a few commits keep an author date from days before their place in the history
    for c in commits:
        if not c["merge"] and rng.random() < 0.05:
            c["local"] -= timedelta(days=rng.randint(1, 9), minutes=rng.randint(0, 600))
    for c in commits:
        for ns in c["numstat"]:
            ns["final"] = paths[ns["file"]]
    commits.reverse()  # git log shows the newest first
    return commits


def _git_date(c: dict) -> str:
    t = c["local"]
    off = c["offset"]
    sign = "+" if off >= 0 else "-"
    return f"{DAYS[t.weekday()][:3]} {MONTHS[t.month - 1][:3]} {t.day} {t:%H:%M:%S} {t.year} {sign}{abs(off) // 60:02d}{abs(off) % 60:02d}"


def _write_git(t: Truth, d: Path) -> None:
    out = []
    for c in t.commits:
        out.append(f"commit {c['hash']}")
        if c["merge"]:
            out.append(f"Merge: {c['parents'][0]} {c['parents'][1]}")
        out.append(f"Author: {c['name']} <{c['email']}>")
        out.append(f"Date:   {_git_date(c)}")
        out.append("")
        out.append(f"    {c['subject']}")
        for para in c["body"]:
            out.append("")
            out.append(f"    {para}")
        out.append("")
        if c["numstat"]:
            for ns in c["numstat"]:
                a = "-" if ns["added"] is None else str(ns["added"])
                dl = "-" if ns["deleted"] is None else str(ns["deleted"])
                out.append(f"{a}\t{dl}\t{ns['path']}")
            out.append("")
    (d / GIT_FILE).write_text("\n".join(out).rstrip("\n") + "\n", encoding="utf-8")
    (d / MAILMAP_FILE).write_text("\n".join(t.mailmap) + "\n", encoding="utf-8")


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    rng = _rng("reading")
    books = _build_books(rng)
    clippings = _build_clippings(rng, books)
    pages, entries = _build_har(_rng("har"))
    commits = _build_git(_rng("git"))
    people = {p: {"name": v[0], "email": v[1], "bot": v[0].endswith("[bot]")} for p, v in PEOPLE.items()}
    return Truth(books=books, clippings=clippings, har_pages=pages, entries=entries, commits=commits,
                 people=people, mailmap=list(MAILMAP))  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_goodreads(t, d)
    _write_clippings(t, d)
    _write_har(t, d)
    _write_git(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout40-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
