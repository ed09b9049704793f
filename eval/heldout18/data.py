"""The eighteenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* banking  -- a German current account's transaction export in the style of DKB online banking's CSV
              (`DKB_Girokonto_Umsaetze_2023-2024.csv`): a block of account lines above the header, `;`
              separators, every field quoted, a trailing `;` on every line, ISO-8859-1, day-first dates
              `dd.mm.yyyy`, amounts with decimal commas and `.` thousands separators (`-1.180,00`), the
              newest booking first, card payments booked a day or two after they were made;
* birding  -- the eBird Basic Dataset (EBD) as Cornell ships it, a tab-separated text file compressed
              with gzip (`ebd_DE-BY_202301_202412_relNov-2024.txt.gz`), cut to five Bavarian counties: one
              row per species per checklist, `X` for a species seen but not counted, non-species taxa
              (`duck sp.`, `Marsh/Willow Tit`, hybrids, domestic types) beside the species, subspecies
              records (`issf`), shared checklists repeated once per observer under one GROUP IDENTIFIER,
              empty durations for incidental records, a trailing tab on every line;
* football -- football-data.co.uk's `all-euro-data-2023-2024.xlsx` (one sheet per league: `E0`, `D1`,
              `SP1`), kick-off times in UK time for every league, the referee only for England; with a
              Wikidata Query Service result as SPARQL JSON (`wikidata_premier_league_clubs.json`): the
              Premier League clubs' stadiums, capacities and founding dates as typed literals, clubs
              labelled `Manchester United F.C.` where the results say `Man United`, a stadium with two
              capacity statements giving two rows, coordinates as WKT `Point(lon lat)`;
* reviews  -- the Yelp Open Dataset's `yelp_academic_dataset_business.json` (JSON lines), cut to four
              metro areas: categories as one comma-separated string, attributes as strings holding
              Python literals (`u'free'`, `'free'`, `"None"`), opening hours as `"17:0-2:0"`, the city
              of St. Louis spelled five ways, `\\/` escapes in strings.

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (gzip with a zero mtime, openpyxl for the workbook with
fixed zip timestamps). `python data.py DIR` writes them.
"""

from __future__ import annotations

import gzip
import json
import math
import random
import re
import string
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path

SEED = 18_305_218

BANK_FILE = "DKB_Girokonto_Umsaetze_2023-2024.csv"
EBD_FILE = "ebd_DE-BY_202301_202412_relNov-2024.txt.gz"
FB_FILE = "all-euro-data-2023-2024.xlsx"
WD_FILE = "wikidata_premier_league_clubs.json"
YELP_FILE = "yelp_academic_dataset_business.json"
FILES = [BANK_FILE, EBD_FILE, FB_FILE, WD_FILE, YELP_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    txns: list[dict]  # one per booked bank transaction (amounts in cents)
    opening_cents: int  # the account balance before the first booking
    checklists: list[dict]  # one per eBird checklist (a shared one once), with its observations
    matches: dict[str, list[dict]]  # league code -> matches (kick-off in UK local time)
    clubs: list[dict]  # Premier League clubs with their stadium (capacities as a list)
    businesses: list[dict]  # Yelp businesses (clean fields)


def _poisson(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 40:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    k, p, target = 0, 1.0, math.exp(-lam)
    while True:
        p *= rng.random()
        if p < target:
            return k
        k += 1


def _pick(rng: random.Random, weights: dict):
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


# =================================================================================================
# banking: a DKB-style current account export, 2023-2024, an account holder in Munich
# =================================================================================================

BANK_START, BANK_END = date(2023, 1, 1), date(2024, 12, 31)
HOLDER = "Lena Hoffmann"
BANK_HOLIDAYS = {date(2023, 4, 7), date(2023, 4, 10), date(2023, 5, 1), date(2023, 12, 25), date(2023, 12, 26)}
BANK_HOLIDAYS |= {date(2024, 1, 1), date(2024, 3, 29), date(2024, 4, 1), date(2024, 5, 1), date(2024, 12, 25)}
BANK_HOLIDAYS |= {date(2024, 12, 26)}
SUPERMARKETS = {
    "REWE": ["REWE Markt GmbH", "REWE SAGT DANKE. 44251613", "Rewe Filiale 4471 Muenchen"],
    "EDEKA": ["EDEKA Center Schwabing", "EDEKA SAGT DANKE"],
    "ALDI": ["ALDI SUED", "Aldi Sued GmbH & Co. OHG"],
    "LIDL": ["LIDL SAGT DANKE", "Lidl Dienstleistung GmbH"],
    "KAUFLAND": ["Kaufland Muenchen-Freimann"],
}
GROCER_W = {"REWE": 0.42, "EDEKA": 0.2, "ALDI": 0.16, "LIDL": 0.14, "KAUFLAND": 0.08}
SHOPS = [  # payee, weight, typical euros
    ("dm-drogerie markt", 0.16, 18), ("Rossmann Filiale 2231", 0.05, 14), ("Vapiano Muenchen", 0.06, 24),
    ("Hans im Glueck Burgergrill", 0.06, 31), ("Wirtshaus Zum Straubinger", 0.05, 46), ("ARAL Station 281", 0.06, 62),
    ("DB Vertrieb GmbH", 0.07, 58), ("MVG Automat", 0.07, 9), ("Hugendubel Marienplatz", 0.04, 27),
    ("Apotheke am Elisabethplatz", 0.05, 16), ("Decathlon Muenchen", 0.03, 55), ("Cafe Luitpold", 0.07, 12),
    ("IKEA Muenchen-Brunnthal", 0.02, 74), ("Zalando Payments", 0.04, 68), ("Kino Museum Lichtspiele", 0.03, 22),
    ("Backstube Wuensche", 0.09, 7),
]  # fmt: skip
DEBITS = [  # payee, creditor id, day of month, months (None = every), euros 2023, euros 2024, purpose
    ("Stadtwerke Muenchen GmbH", "DE54SWM00000012345", 15, None, 96.00, 104.00, "Abschlag Strom/Gas Vertragskonto 200341877"),
    ("Telekom Deutschland GmbH", "DE79ZZZ00000034455", 5, None, 39.95, 39.95, "Festnetz/Internet Kundennr. 551234789"),
    ("Vodafone GmbH", "DE51ZZZ00000088101", 20, None, 17.99, 17.99, "Mobilfunk Rechnung"),
    ("Netflix International B.V.", "NL31ZZZ332650740000", 9, None, 13.99, 13.99, "Netflix Monatsabo"),
    ("Spotify AB", "SE21ZZZ5567037", 22, None, 10.99, 11.99, "Spotify Premium"),
    ("FitX Deutschland GmbH", "DE83FTX00000654321", 1, None, 24.99, 24.99, "Mitgliedsbeitrag FitX"),
    ("Allianz Versicherungs-AG", "DE33ALL00000020411", 1, (1, 4, 7, 10), 87.40, 91.20, "Hausrat/Haftpflicht Beitrag"),
    ("Rundfunk ARD, ZDF, DRadio", "DE45ZZZ00000263370", 15, (2, 5, 8, 11), 55.08, 55.08, "Rundfunkbeitrag Beitragsnr. 431 233 911"),
]  # fmt: skip
FRIENDS = ["Jonas Weber", "Sophie Brandl", "Max Eder", "Anna Gruber"]


def _bank_day(d: date) -> date:
    while d.weekday() >= 5 or d in BANK_HOLIDAYS:
        d += timedelta(days=1)
    return d


def _last_bank_day(year: int, month: int) -> date:
    d = date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    while d.weekday() >= 5 or d in BANK_HOLIDAYS:
        d -= timedelta(days=1)
    return d


def _cents(euros: float) -> int:
    return round(euros * 100)


def _build_bank(rng: random.Random) -> tuple[list[dict], int]:
    txns: list[dict] = []
    seq = [0]

    def add(value: date, book: date, text: str, payee: str, purpose: str, cents: int, **kw) -> None:
        seq[0] += 1
        if BANK_START <= book <= BANK_END:
            txns.append(
                {"book": book, "value": value, "text": text, "payee": payee, "purpose": purpose, "cents": cents}
                | {"iban": kw.get("iban", ""), "bic": kw.get("bic", ""), "cred": kw.get("cred", "")}
                | {"mandate": kw.get("mandate", ""), "ref": kw.get("ref", ""), "seq": seq[0]}
            )  # fmt: skip

    def iban() -> str:
        return "DE" + "".join(rng.choice(string.digits) for _ in range(20))

    ibans = {p: iban() for p in ["landlord", "employer", "savings", "tui", "fewo", "finanzamt", *FRIENDS]}
    ibans |= {d[0]: iban() for d in DEBITS}
    mandates = {d[0]: f"MR{rng.randint(10**8, 10**9 - 1)}" for d in DEBITS}
    for year in (2023, 2024):
        for month in range(1, 13):
            first = _bank_day(date(year, month, 1))
            rent = 1180.00 if year == 2023 else 1215.00
            add(first, first, "Dauerauftrag", "Hausverwaltung Brückner & Söhne GbR", "Miete Whg. 3.OG links Ludwigstr. 12", -_cents(rent), iban=ibans["landlord"], bic="HYVEDEMMXXX")  # fmt: skip
            second = _bank_day(date(year, month, 2))
            add(second, second, "Dauerauftrag", HOLDER, "Sparen Tagesgeld", -40_000, iban=ibans["savings"], bic="BYLADEM1001")  # fmt: skip
            pay_day = _last_bank_day(year, month)
            net = (3412.57 if year == 2023 else 3561.20) + rng.randint(-2500, 2500) / 100
            if month == 11:
                net += 2104.33 if year == 2023 else 2230.15  # Weihnachtsgeld
            add(pay_day, pay_day, "Lohn, Gehalt, Rente", "ISARTAL SOFTWARE GMBH", f"GEHALT {month:02d}/{year} PERS.NR. 10472", _cents(net), iban=ibans["employer"], bic="COBADEFFXXX")  # fmt: skip
            for payee, cred, day, months, e23, e24, purpose in DEBITS:
                if months and month not in months:
                    continue
                when = _bank_day(date(year, month, day))
                euros = e23 if year == 2023 else e24
                add(when, when, "Lastschrift", payee, purpose, -_cents(euros), iban=ibans[payee], cred=cred, mandate=mandates[payee], ref=f"{when:%Y%m%d}{rng.randint(1000, 9999)}")  # fmt: skip
    # online shopping by direct debit (Amazon, PayPal) and refunds
    day = date(2022, 12, 20)
    while day <= BANK_END:
        book = _bank_day(day + timedelta(days=1))
        if rng.random() < 0.09:
            euros = round(rng.lognormvariate(math.log(32), 0.7), 2)
            add(day, book, "Lastschrift", "AMAZON PAYMENTS EUROPE S.C.A.", f"{rng.randint(302, 306)}-{rng.randint(10**6, 10**7 - 1)}-{rng.randint(10**6, 10**7 - 1)} Amazon.de", -_cents(euros), cred="LU96ZZZ0000000000000000058", mandate=f"{rng.randint(10**9, 10**10 - 1)}")  # fmt: skip
            if rng.random() < 0.12:
                back = _bank_day(day + timedelta(days=rng.randint(6, 20)))
                add(back, back, "Gutschrift", "AMAZON PAYMENTS EUROPE S.C.A.", "Erstattung Amazon.de", _cents(euros))
        if rng.random() < 0.06:
            euros = round(rng.lognormvariate(math.log(22), 0.6), 2)
            add(day, book, "Lastschrift", "PayPal Europe S.a.r.l. et Cie S.C.A", f"{rng.randint(10**12, 10**13 - 1)} PP.{rng.randint(1000, 9999)}.PP ABBUCHUNG VOM PAYPAL-KONTO", -_cents(euros), cred="LU96ZZZ0000000000000000058", mandate=f"{rng.randint(10**9, 10**10 - 1)}")  # fmt: skip
        # card payments: made on `day`, booked a day or two later
        december = day.month == 12
        groceries = rng.random() < (0.42 if day.weekday() < 5 else 0.55)
        if groceries and day.weekday() != 6:
            chain = _pick(rng, GROCER_W)
            euros = round(min(160.0, max(2.5, rng.lognormvariate(math.log(27), 0.6))), 2)
            add(day, _bank_day(day + timedelta(days=rng.choice([1, 1, 2]))), "Kartenzahlung", rng.choice(SUPERMARKETS[chain]), f"{day:%Y-%m-%d}      Debitk.75 VISA Debit", -_cents(euros))  # fmt: skip
        for _ in range(_poisson(rng, 0.75 * (1.8 if december else 1.0))):
            payee, _, typical = rng.choices(SHOPS, weights=[s[1] for s in SHOPS])[0]
            euros = round(max(1.2, rng.lognormvariate(math.log(typical * (1.5 if december else 1)), 0.45)), 2)
            add(day, _bank_day(day + timedelta(days=rng.choice([1, 1, 2]))), "Kartenzahlung", payee, f"{day:%Y-%m-%d}      Debitk.75 VISA Debit", -_cents(euros))  # fmt: skip
        if rng.random() < 0.07:
            add(day, book, "Bargeldauszahlung", "Geldautomat Sparkasse", f"{day:%Y-%m-%d} GA NR00002231 BLZ70150000", -100_00 * rng.choice([1, 1, 2]))  # fmt: skip
        if rng.random() < 0.05:
            friend = rng.choice(FRIENDS)
            add(book, book, "Gutschrift", friend, rng.choice(["Pizza", "Konzertkarte", "Geschenk Anteil", "Danke!"]), _cents(rng.choice([12.5, 20, 25, 35, 40])), iban=ibans[friend])  # fmt: skip
        if rng.random() < 0.025:
            friend = rng.choice(FRIENDS)
            add(book, book, "Überweisung", friend, rng.choice(["Urlaub Anteil", "Geburtstagsgeschenk", "Tickets"]), -_cents(rng.choice([30, 45, 60, 85])), iban=ibans[friend])  # fmt: skip
        day += timedelta(days=1)
    # one-offs: holidays, big purchases by card, a tax refund
    add(date(2023, 3, 18), _bank_day(date(2023, 3, 20)), "Kartenzahlung", "IKEA Muenchen-Brunnthal", "2023-03-18      Debitk.75 VISA Debit", -108_900)  # fmt: skip
    add(date(2023, 4, 24), date(2023, 4, 24), "Überweisung", "TUI Deutschland GmbH", "Buchungsnr. 77120455 Kreta Restzahlung", -248_760, iban=ibans["tui"])  # fmt: skip
    add(date(2024, 5, 13), date(2024, 5, 13), "Überweisung", "Ferienwohnung Seeblick Malcesine", "Anzahlung Gardasee 10.-17.08.", -164_000, iban=ibans["fewo"])  # fmt: skip
    add(date(2024, 8, 19), date(2024, 8, 19), "Gutschrift", "Finanzamt München", "Einkommensteuer 2023 Erstattung", 123_456, iban=ibans["finanzamt"])  # fmt: skip
    add(date(2024, 11, 29), _bank_day(date(2024, 12, 2)), "Kartenzahlung", "MediaMarkt Muenchen-Pasing", "2024-11-29      Debitk.75 VISA Debit", -134_900)  # fmt: skip
    add(date(2024, 7, 6), _bank_day(date(2024, 7, 8)), "Kartenzahlung", "Decathlon Muenchen", "2024-07-06      Debitk.75 VISA Debit", -105_999)  # fmt: skip
    txns.sort(key=lambda t: (t["book"], t["seq"]))
    return txns, 2_150_00


def _de_money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    euros, rest = divmod(abs(cents), 100)
    return f"{sign}{euros:,}".replace(",", ".") + f",{rest:02d}"


BANK_HEADER = ["Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Verwendungszweck"]
BANK_HEADER += ["Kontonummer", "BLZ", "Betrag (EUR)", "Gläubiger-ID", "Mandatsreferenz", "Kundenreferenz"]


def _write_bank(t: Truth, d: Path) -> None:
    closing = t.opening_cents + sum(x["cents"] for x in t.txns)

    def row(*fields: str) -> str:
        return ";".join(f'"{f}"' for f in fields) + ";"

    lines = [
        row("Kontonummer:", "DE41120300001023456789 / Girokonto"),
        row(""),
        row("Von:", f"{BANK_START:%d.%m.%Y}"),
        row("Bis:", f"{BANK_END:%d.%m.%Y}"),
        row(f"Kontostand vom {BANK_END:%d.%m.%Y}:", f"{_de_money(closing)} EUR"),
        row(""),
        row(*BANK_HEADER),
    ]
    for x in reversed(t.txns):  # newest first, as the bank lists them
        fields = [f"{x['book']:%d.%m.%Y}", f"{x['value']:%d.%m.%Y}", x["text"], x["payee"], x["purpose"]]
        fields += [x["iban"], x["bic"], _de_money(x["cents"]), x["cred"], x["mandate"], x["ref"]]
        lines.append(row(*fields))
    (d / BANK_FILE).write_bytes(("\r\n".join(lines) + "\r\n").encode("iso-8859-1"))


# =================================================================================================
# birding: the eBird Basic Dataset, five Bavarian counties, 2023-2024
# =================================================================================================

ALL = frozenset(range(1, 13))
WINTER = frozenset({1, 2, 3, 10, 11, 12})
SUMMER = frozenset(range(4, 10))
SPRING = frozenset({3, 4, 5, 6, 7, 8, 9, 10})
# common name, scientific name, base chance per full checklist, months, typical count, habitat
# (w water, f wood and park, o open country, u town, a anywhere)
SPECIES = [
    ("Mute Swan", "Cygnus olor", 0.35, ALL, 4, "w"), ("Greylag Goose", "Anser anser", 0.25, ALL, 14, "w"),
    ("Gadwall", "Mareca strepera", 0.2, ALL, 6, "w"), ("Mallard", "Anas platyrhynchos", 0.6, ALL, 11, "w"),
    ("Red-crested Pochard", "Netta rufina", 0.1, ALL, 6, "w"), ("Common Pochard", "Aythya ferina", 0.15, WINTER, 15, "w"),
    ("Tufted Duck", "Aythya fuligula", 0.32, ALL, 20, "w"), ("Common Goldeneye", "Bucephala clangula", 0.18, WINTER, 8, "w"),
    ("Common Merganser", "Mergus merganser", 0.2, ALL, 5, "w"), ("Little Grebe", "Tachybaptus ruficollis", 0.2, ALL, 3, "w"),
    ("Great Crested Grebe", "Podiceps cristatus", 0.3, ALL, 6, "w"), ("Common Wood-Pigeon", "Columba palumbus", 0.6, ALL, 6, "a"),
    ("Eurasian Collared-Dove", "Streptopelia decaocto", 0.3, ALL, 2, "u"), ("Common Cuckoo", "Cuculus canorus", 0.12, frozenset({4, 5, 6}), 1, "f"),
    ("Common Swift", "Apus apus", 0.0, SUMMER, 15, "a"), ("Eurasian Moorhen", "Gallinula chloropus", 0.15, ALL, 2, "w"),
    ("Eurasian Coot", "Fulica atra", 0.45, ALL, 25, "w"), ("Common Crane", "Grus grus", 0.0, WINTER, 20, "o"),
    ("Northern Lapwing", "Vanellus vanellus", 0.12, SPRING, 6, "o"), ("Little Ringed Plover", "Charadrius dubius", 0.05, SUMMER, 2, "w"),
    ("Green Sandpiper", "Tringa ochropus", 0.05, SPRING, 1, "w"), ("Black-headed Gull", "Chroicocephalus ridibundus", 0.4, ALL, 30, "w"),
    ("Yellow-legged Gull", "Larus michahellis", 0.12, ALL, 3, "w"), ("Common Tern", "Sterna hirundo", 0.12, SUMMER, 4, "w"),
    ("White Stork", "Ciconia ciconia", 0.08, SUMMER, 2, "o"), ("Great Cormorant", "Phalacrocorax carbo", 0.35, ALL, 8, "w"),
    ("Grey Heron", "Ardea cinerea", 0.4, ALL, 2, "w"), ("Great Egret", "Ardea alba", 0.2, WINTER, 3, "w"),
    ("Osprey", "Pandion haliaetus", 0.03, frozenset({4, 5, 8, 9}), 1, "w"), ("Eurasian Sparrowhawk", "Accipiter nisus", 0.08, ALL, 1, "f"),
    ("Red Kite", "Milvus milvus", 0.1, ALL, 1, "o"), ("Black Kite", "Milvus migrans", 0.12, SUMMER, 2, "w"),
    ("Common Buzzard", "Buteo buteo", 0.35, ALL, 2, "o"), ("Common Kingfisher", "Alcedo atthis", 0.13, ALL, 1, "w"),
    ("Great Spotted Woodpecker", "Dendrocopos major", 0.4, ALL, 1, "f"), ("Black Woodpecker", "Dryocopus martius", 0.06, ALL, 1, "f"),
    ("Eurasian Green Woodpecker", "Picus viridis", 0.2, ALL, 1, "f"), ("Eurasian Kestrel", "Falco tinnunculus", 0.2, ALL, 1, "o"),
    ("Peregrine Falcon", "Falco peregrinus", 0.04, ALL, 1, "u"), ("Eurasian Jay", "Garrulus glandarius", 0.35, ALL, 2, "f"),
    ("Eurasian Magpie", "Pica pica", 0.45, ALL, 3, "u"), ("Eurasian Jackdaw", "Corvus monedula", 0.15, ALL, 10, "u"),
    ("Rook", "Corvus frugilegus", 0.15, WINTER, 20, "o"), ("Carrion Crow", "Corvus corone", 0.6, ALL, 6, "a"),
    ("Common Raven", "Corvus corax", 0.05, ALL, 2, "f"), ("Coal Tit", "Periparus ater", 0.25, ALL, 2, "f"),
    ("Marsh Tit", "Poecile palustris", 0.15, ALL, 1, "f"), ("Willow Tit", "Poecile montanus", 0.05, ALL, 1, "f"),
    ("Eurasian Blue Tit", "Cyanistes caeruleus", 0.65, ALL, 4, "f"), ("Great Tit", "Parus major", 0.7, ALL, 5, "f"),
    ("Eurasian Penduline-Tit", "Remiz pendulinus", 0.02, SUMMER, 1, "w"), ("Bearded Reedling", "Panurus biarmicus", 0.015, ALL, 3, "w"),
    ("Eurasian Skylark", "Alauda arvensis", 0.15, SPRING, 3, "o"), ("Common Reed Warbler", "Acrocephalus scirpaceus", 0.15, frozenset({5, 6, 7, 8}), 2, "w"),
    ("Barn Swallow", "Hirundo rustica", 0.35, SUMMER, 8, "o"), ("Common House-Martin", "Delichon urbicum", 0.2, SUMMER, 10, "u"),
    ("Willow Warbler", "Phylloscopus trochilus", 0.12, SUMMER, 1, "f"), ("Common Chiffchaff", "Phylloscopus collybita", 0.45, SPRING, 2, "f"),
    ("Long-tailed Tit", "Aegithalos caudatus", 0.25, ALL, 6, "f"), ("Eurasian Blackcap", "Sylvia atricapilla", 0.5, SUMMER, 3, "f"),
    ("Eurasian Nuthatch", "Sitta europaea", 0.4, ALL, 2, "f"), ("Short-toed Treecreeper", "Certhia brachydactyla", 0.15, ALL, 1, "f"),
    ("Eurasian Wren", "Troglodytes troglodytes", 0.4, ALL, 2, "f"), ("European Starling", "Sturnus vulgaris", 0.45, ALL, 15, "u"),
    ("Mistle Thrush", "Turdus viscivorus", 0.1, ALL, 1, "f"), ("Song Thrush", "Turdus philomelos", 0.25, SPRING, 1, "f"),
    ("Eurasian Blackbird", "Turdus merula", 0.75, ALL, 4, "a"), ("Fieldfare", "Turdus pilaris", 0.15, WINTER, 12, "o"),
    ("European Robin", "Erithacus rubecula", 0.55, ALL, 2, "f"), ("Bluethroat", "Luscinia svecica", 0.02, frozenset({4, 5, 6}), 1, "w"),
    ("Common Nightingale", "Luscinia megarhynchos", 0.05, frozenset({5, 6, 7}), 1, "f"), ("Black Redstart", "Phoenicurus ochruros", 0.3, SPRING, 2, "u"),
    ("Common Redstart", "Phoenicurus phoenicurus", 0.06, SUMMER, 1, "f"), ("Dunnock", "Prunella modularis", 0.2, ALL, 1, "f"),
    ("House Sparrow", "Passer domesticus", 0.55, ALL, 10, "u"), ("Eurasian Tree Sparrow", "Passer montanus", 0.2, ALL, 6, "o"),
    ("Grey Wagtail", "Motacilla cinerea", 0.15, ALL, 1, "w"), ("Western Yellow Wagtail", "Motacilla flava", 0.08, SUMMER, 3, "o"),
    ("White Wagtail", "Motacilla alba", 0.35, SPRING, 2, "w"), ("Common Chaffinch", "Fringilla coelebs", 0.65, ALL, 6, "f"),
    ("Brambling", "Fringilla montifringilla", 0.06, WINTER, 10, "f"), ("Hawfinch", "Coccothraustes coccothraustes", 0.06, ALL, 2, "f"),
    ("Eurasian Bullfinch", "Pyrrhula pyrrhula", 0.12, ALL, 2, "f"), ("European Greenfinch", "Chloris chloris", 0.3, ALL, 3, "u"),
    ("Eurasian Siskin", "Spinus spinus", 0.12, WINTER, 10, "f"), ("European Goldfinch", "Carduelis carduelis", 0.3, ALL, 5, "o"),
    ("Yellowhammer", "Emberiza citrinella", 0.2, ALL, 3, "o"), ("Reed Bunting", "Emberiza schoeniclus", 0.12, ALL, 2, "w"),
]  # fmt: skip
# records below species level (eBird "issf"): species -> (subspecies common name, subspecies scientific name, share)
ISSF = {
    "Great Cormorant": ("Great Cormorant (Continental)", "Phalacrocorax carbo sinensis", 0.3),
    "White Wagtail": ("White Wagtail (White-faced)", "Motacilla alba alba", 0.25),
    "Western Yellow Wagtail": ("Western Yellow Wagtail (flava)", "Motacilla flava flava", 1.0),  # only ever as issf
}
# taxa above or beside species: common name, scientific name, category, chance, habitat, typical count
OTHER_TAXA = [
    ("duck sp.", "Anatinae sp.", "spuh", 0.04, "w", 4), ("gull sp.", "Larinae sp.", "spuh", 0.03, "w", 6),
    ("passerine sp.", "Passeriformes sp.", "spuh", 0.03, "a", 2), ("Marsh/Willow Tit", "Poecile palustris/montanus", "slash", 0.04, "f", 1),
    ("Common/Thrush Nightingale", "Luscinia megarhynchos/luscinia", "slash", 0.01, "f", 1),
    ("Carrion x Hooded Crow (hybrid)", "Corvus corone x cornix", "hybrid", 0.01, "a", 1),
    ("Mallard (Domestic type)", "Anas platyrhynchos (Domestic type)", "domestic", 0.05, "w", 3),
    ("Greylag Goose (Domestic type)", "Anser anser (Domestic type)", "domestic", 0.02, "w", 2),
]  # fmt: skip
COUNTIES = {"09162": "München", "09178": "Freising", "09177": "Erding", "09188": "Starnberg", "09174": "Dachau"}
# locality, county code, type (H hotspot, P personal), lat, lon, habitats, richness
LOCALITIES = [
    ("Englischer Garten--Kleinhesseloher See", "09162", "H", 48.1592, 11.5946, "wf", 1.0),
    ("Nymphenburger Schlosspark", "09162", "H", 48.1580, 11.5020, "fw", 0.95),
    ("Isarauen--Flaucher", "09162", "H", 48.1121, 11.5560, "wf", 0.9),
    ("Garten Schwabing", "09162", "P", 48.1650, 11.5810, "u", 0.6),
    ("Moosburger Stausee", "09178", "H", 48.4780, 11.9090, "wo", 1.45),
    ("Isarauen Freising", "09178", "H", 48.4120, 11.7560, "wf", 1.05),
    ("Freisinger Moos", "09178", "H", 48.3700, 11.7080, "o", 0.95),
    ("Erdinger Moos--Feldflur Eitting", "09177", "H", 48.3560, 11.8710, "o", 0.85),
    ("Kronthaler Weiher", "09177", "H", 48.3220, 11.9310, "wf", 0.95),
    ("Feldweg Altenerding", "09177", "P", 48.2930, 11.9170, "ou", 0.6),
    ("Ammersee--Herrschinger Bucht", "09188", "H", 48.0010, 11.1700, "wf", 1.25),
    ("Starnberger See--Percha", "09188", "H", 47.9970, 11.3580, "w", 1.1),
    ("Maisinger See", "09188", "H", 47.9420, 11.2950, "wf", 1.15),
    ("Dachauer Moos--Günding", "09174", "H", 48.2470, 11.4010, "o", 0.95),
    ("Amperauen Dachau", "09174", "H", 48.2530, 11.4480, "wf", 0.95),
    ("Hinterhof Dachau", "09174", "P", 48.2600, 11.4340, "u", 0.5),
]
CRANE_SITES = {"Moosburger Stausee", "Freisinger Moos", "Erdinger Moos--Feldflur Eitting", "Dachauer Moos--Günding"}
SWIFT_FROM = {2023: date(2023, 4, 26), 2024: date(2024, 4, 22)}
SWIFT_UNTIL = {2023: date(2023, 8, 12), 2024: date(2024, 8, 9)}
BIG_DAYS = {date(2023, 5, 13), date(2024, 5, 11)}  # eBird's Global Big Day
TRIP_NOTES = ["", "", "", "", "", "sonnig, windstill", "Nebel am Morgen", "bedeckt, leichter Regen", "Wind aus West"]
TRIP_NOTES += ["Kalt, Raureif", "sehr viel Betrieb am Ufer"]


def _habitat_factor(sp_hab: str, loc_hab: str) -> float:
    if sp_hab == "a" or sp_hab in loc_hab:
        return 1.0 if sp_hab == "a" or loc_hab[0] == sp_hab else 0.75
    return 0.12


def _build_birding(rng: random.Random) -> list[dict]:
    observers = []
    used_ids: set[int] = set()
    for k in range(26):
        while True:
            oid = rng.randint(100_000, 3_999_999)
            if oid not in used_ids:
                used_ids.add(oid)
                break
        home = rng.choice(list(COUNTIES))
        locs = [loc for loc in LOCALITIES if loc[1] == home and loc[2] == "H"]
        others = [loc for loc in LOCALITIES if loc[2] == "H" and loc not in locs]
        favourites = locs + rng.sample(others, 2)
        personal = [loc for loc in LOCALITIES if loc[1] == home and loc[2] == "P"]
        if k % 5 == 0 and personal:
            favourites.append(personal[0])
        observers.append({"id": f"obsr{oid}", "home": home, "locs": favourites, "rate": rng.lognormvariate(math.log(0.03), 0.7)})  # fmt: skip
    checklists: list[dict] = []
    sids: set[int] = set()

    def new_sid() -> str:
        while True:
            n = rng.randint(120_000_000, 210_000_000)
            if n not in sids:
                sids.add(n)
                return f"S{n}"

    day = date(2023, 1, 1)
    while day <= date(2024, 12, 31):
        boost = (2.0 if day.weekday() >= 5 else 1.0) * (1.7 if day.month in (4, 5) else 0.75 if day.month in (1, 7, 12) else 1.0)  # fmt: skip
        boost *= (1.25 if day.year == 2024 else 1.0) * (7.0 if day in BIG_DAYS else 1.0)  # more birders; Global Big Day
        for obs in observers:
            if rng.random() > obs["rate"] * boost:
                continue
            loc = rng.choice(obs["locs"])
            protocol = _pick(rng, {"Traveling": 0.58, "Stationary": 0.25, "Incidental": 0.17})
            if loc[2] == "P":
                protocol = _pick(rng, {"Stationary": 0.6, "Incidental": 0.4})
            summer = day.month in (4, 5, 6, 7, 8)
            if rng.random() < 0.15:
                start = time(rng.randint(13, 17), rng.randint(0, 59))
            else:
                start = time(rng.randint(5, 9) if summer else rng.randint(8, 11), rng.randint(0, 59))
            if protocol == "Traveling":
                dur = int(round(rng.lognormvariate(math.log(95), 0.5)))
                dist = round(rng.uniform(0.4, 0.045 * dur + 0.5), 3)
            elif protocol == "Stationary":
                dur = int(round(rng.lognormvariate(math.log(40), 0.55)))
                dist = None
            else:
                dur, dist = None, None
            complete = protocol != "Incidental" and rng.random() > 0.06
            if protocol == "Incidental" and rng.random() < 0.35:
                start = None
            effort = 0.35 if dur is None else min(1.5, 0.45 + dur / 110)
            obs_list = []
            for common, sci, base, months, typical, hab in SPECIES:
                p = base
                if common == "Common Swift":
                    p = 0.55 if SWIFT_FROM[day.year] <= day <= SWIFT_UNTIL[day.year] else 0.0
                    p *= 1.0 if "u" in loc[5] else 0.7
                elif common == "Common Crane":
                    p = 0.32 if day.month in (2, 3, 10, 11) and loc[0] in CRANE_SITES else 0.0
                elif day.month not in months:
                    p = 0.0
                p *= _habitat_factor(hab, loc[5]) * loc[6] * effort
                if protocol == "Incidental":
                    p *= 0.18
                if rng.random() >= min(0.97, p):
                    continue
                if common == "Common Crane":
                    count = max(1, round(rng.lognormvariate(math.log(45), 1.25)))
                else:
                    count = max(1, _poisson(rng, typical * rng.uniform(0.4, 1.6)))
                x = rng.random() < (0.12 if count > 20 else 0.03)
                sub = ISSF.get(common)
                issf = sub is not None and rng.random() < sub[2]
                obs_list.append({"common": common, "sci": sci, "category": "issf" if issf else "species", "count": None if x else count, "sub": sub[:2] if issf else None})  # fmt: skip
            for common, sci, cat, chance, hab, typical in OTHER_TAXA:
                if rng.random() < chance * _habitat_factor(hab, loc[5]) * effort * (
                    0.3 if protocol == "Incidental" else 1
                ):
                    obs_list.append({"common": common, "sci": sci, "category": cat, "count": max(1, _poisson(rng, typical)) if rng.random() > 0.1 else None, "sub": None})  # fmt: skip
            if not obs_list:
                continue
            order = {s[0]: i for i, s in enumerate(SPECIES)} | {o[0]: 200 + i for i, o in enumerate(OTHER_TAXA)}
            obs_list.sort(key=lambda o: order[o["common"]])
            for o in obs_list:
                o["species_comment"] = rng.choice(["singend", "Trupp überfliegend", "ad. + juv.", "rufend"]) if rng.random() < 0.03 else ""  # fmt: skip
                o["breeding"] = rng.choice(["S", "S7", "FL", "NY", "CF"]) if day.month in (4, 5, 6) and rng.random() < 0.06 else ""  # fmt: skip
            shared = []
            if protocol != "Incidental" and rng.random() < 0.14:
                mates = rng.sample([o for o in observers if o is not obs], rng.choice([1, 1, 2]))
                shared = [m["id"] for m in mates]
            cl = {
                "date": day, "start": start, "loc": loc, "protocol": protocol, "duration": dur, "distance": dist,
                "complete": complete, "observers": [obs["id"], *shared], "sids": [new_sid() for _ in range(1 + len(shared))],
                "group": f"G{rng.randint(1_000_000, 9_999_999)}" if shared else "", "obs": obs_list,
                "trip_comment": rng.choice(TRIP_NOTES), "edited": datetime.combine(day, time(12)) + timedelta(days=rng.randint(0, 40), seconds=rng.randint(0, 86399)),
            }  # fmt: skip
            checklists.append(cl)
        day += timedelta(days=1)
    guid = rng.randint(1_500_000_000, 1_600_000_000)
    for cl in checklists:
        cl["guids"] = []
        for _ in cl["sids"]:
            cl["guids"].append(list(range(guid, guid + len(cl["obs"]))))
            guid += len(cl["obs"]) + rng.randint(0, 3)
    return checklists


EBD_COLUMNS = [
    "GLOBAL UNIQUE IDENTIFIER", "LAST EDITED DATE", "TAXONOMIC ORDER", "CATEGORY", "TAXON CONCEPT ID",
    "COMMON NAME", "SCIENTIFIC NAME", "SUBSPECIES COMMON NAME", "SUBSPECIES SCIENTIFIC NAME", "EXOTIC CODE",
    "OBSERVATION COUNT", "BREEDING CODE", "BREEDING CATEGORY", "BEHAVIOR CODE", "AGE/SEX", "COUNTRY",
    "COUNTRY CODE", "STATE", "STATE CODE", "COUNTY", "COUNTY CODE", "IBA CODE", "BCR CODE", "USFWS CODE",
    "ATLAS BLOCK", "LOCALITY", "LOCALITY ID", "LOCALITY TYPE", "LATITUDE", "LONGITUDE", "OBSERVATION DATE",
    "TIME OBSERVATIONS STARTED", "OBSERVER ID", "SAMPLING EVENT IDENTIFIER", "OBSERVATION TYPE", "PROTOCOL CODE",
    "PROJECT CODE", "DURATION MINUTES", "EFFORT DISTANCE KM", "EFFORT AREA HA", "NUMBER OBSERVERS",
    "ALL SPECIES REPORTED", "GROUP IDENTIFIER", "HAS MEDIA", "APPROVED", "REVIEWED", "REASON", "TRIP COMMENTS",
    "SPECIES COMMENTS",
]  # fmt: skip
PROTOCOL_CODES = {"Traveling": "P22", "Stationary": "P21", "Incidental": "P20"}
BREEDING_CATEGORY = {"S": "C2", "S7": "C3", "FL": "C4", "NY": "C4", "CF": "C4"}


def _write_ebd(t: Truth, d: Path) -> None:
    taxon_order = {s[0]: 300 + 37 * i for i, s in enumerate(SPECIES)}
    taxon_order |= {o[0]: 20_000 + 11 * i for i, o in enumerate(OTHER_TAXA)}
    loc_ids = {loc[0]: f"L{2_100_000 + 7_919 * i}" for i, loc in enumerate(LOCALITIES)}
    lines = ["\t".join(EBD_COLUMNS) + "\t"]
    rows = []
    for cl in t.checklists:
        loc = cl["loc"]
        for copy, (sid, observer) in enumerate(zip(cl["sids"], cl["observers"])):
            for o, g in zip(cl["obs"], cl["guids"][copy]):
                sub = o["sub"] or ("", "")
                rec = [
                    f"URN:CornellLabOfOrnithology:EBIRD:OBS{g}", f"{cl['edited']:%Y-%m-%d %H:%M:%S}.{(g * 7919) % 1000000:06d}",
                    str(taxon_order[o["common"]]), o["category"], f"avibase-{(g * 2654435761) % 0xFFFFFFFF:08X}",
                    o["common"], o["sci"], sub[0], sub[1], "", "X" if o["count"] is None else str(o["count"]),
                    o["breeding"], BREEDING_CATEGORY.get(o["breeding"], ""), "", "", "Germany", "DE", "Bavaria", "DE-BY",
                    COUNTIES[loc[1]], f"DE-BY-{loc[1]}", "", "", "", "", loc[0], loc_ids[loc[0]], loc[2],
                    f"{loc[3] + (0 if loc[2] == 'H' else 0.0004):.6f}", f"{loc[4]:.6f}", f"{cl['date']:%Y-%m-%d}",
                    "" if cl["start"] is None else f"{cl['start']:%H:%M:%S}", observer, sid, cl["protocol"],
                    PROTOCOL_CODES[cl["protocol"]], "EBIRD", "" if cl["duration"] is None else str(cl["duration"]),
                    "" if cl["distance"] is None else f"{cl['distance']:g}", "", str(len(cl["observers"])),
                    "1" if cl["complete"] else "0", cl["group"], "1" if (g % 41 == 0) else "0", "1",
                    "1" if o["count"] is not None and o["count"] > 400 else "0", "", cl["trip_comment"], o["species_comment"],
                ]  # fmt: skip
                rows.append((cl["date"], sid, rec))
    rows.sort(key=lambda r: (r[0], r[1]))
    lines += ["\t".join(r[2]) + "\t" for r in rows]
    raw = ("\n".join(lines) + "\n").encode("utf-8")
    (d / EBD_FILE).write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))


# =================================================================================================
# football: football-data.co.uk's all-euro-data workbook (E0, D1, SP1) and a Wikidata query result
# =================================================================================================

# football-data name, Wikidata club label, strength
LEAGUES = {
    "E0": [
        ("Arsenal", "Arsenal F.C.", 1.25), ("Aston Villa", "Aston Villa F.C.", 0.75), ("Bournemouth", "AFC Bournemouth", 0.05),
        ("Brentford", "Brentford F.C.", 0.0), ("Brighton", "Brighton & Hove Albion F.C.", 0.25), ("Burnley", "Burnley F.C.", -0.65),
        ("Chelsea", "Chelsea F.C.", 0.45), ("Crystal Palace", "Crystal Palace F.C.", 0.05), ("Everton", "Everton F.C.", -0.1),
        ("Fulham", "Fulham F.C.", -0.05), ("Liverpool", "Liverpool F.C.", 1.15), ("Luton", "Luton Town F.C.", -0.6),
        ("Man City", "Manchester City F.C.", 1.35), ("Man United", "Manchester United F.C.", 0.35), ("Newcastle", "Newcastle United F.C.", 0.5),
        ("Nott'm Forest", "Nottingham Forest F.C.", -0.3), ("Sheffield United", "Sheffield United F.C.", -0.85),
        ("Tottenham", "Tottenham Hotspur F.C.", 0.6), ("West Ham", "West Ham United F.C.", 0.2), ("Wolves", "Wolverhampton Wanderers F.C.", 0.05),
    ],
    "D1": [
        ("Augsburg", "", -0.1), ("Bayern Munich", "", 1.2), ("Bochum", "", -0.55), ("Darmstadt", "", -0.8), ("Dortmund", "", 0.7),
        ("Ein Frankfurt", "", 0.25), ("FC Koln", "", -0.5), ("Freiburg", "", 0.05), ("Heidenheim", "", -0.2), ("Hoffenheim", "", 0.1),
        ("Leverkusen", "", 1.25), ("M'gladbach", "", -0.15), ("Mainz", "", -0.45), ("RB Leipzig", "", 0.8), ("Stuttgart", "", 0.85),
        ("Union Berlin", "", -0.4), ("Werder Bremen", "", -0.1), ("Wolfsburg", "", -0.2),
    ],
    "SP1": [
        ("Alaves", "", -0.15), ("Almeria", "", -0.8), ("Ath Bilbao", "", 0.55), ("Ath Madrid", "", 0.8), ("Barcelona", "", 1.0),
        ("Betis", "", 0.25), ("Cadiz", "", -0.6), ("Celta", "", -0.3), ("Getafe", "", -0.1), ("Girona", "", 0.85),
        ("Granada", "", -0.75), ("Las Palmas", "", -0.3), ("Mallorca", "", -0.3), ("Osasuna", "", -0.1), ("Real Madrid", "", 1.3),
        ("Sevilla", "", -0.1), ("Sociedad", "", 0.35), ("Valencia", "", 0.05), ("Vallecano", "", -0.3), ("Villarreal", "", 0.0),
    ],
}  # fmt: skip
LEAGUE_START = {"E0": date(2023, 8, 11), "D1": date(2023, 8, 18), "SP1": date(2023, 8, 11)}
BREAKS = {date(2023, 9, 9), date(2023, 10, 14), date(2023, 11, 18), date(2024, 3, 23)}
# kick-off slots per weekend round as (day offset from the Friday, local time); UK local is Madrid / Berlin minus 1 h
SLOTS = {
    "E0": [(0, "20:00"), (1, "12:30"), (1, "15:00"), (1, "15:00"), (1, "15:00"), (1, "15:00"), (1, "17:30"), (2, "14:00"), (2, "14:00"), (2, "16:30")],
    "D1": [(0, "20:30"), (1, "15:30"), (1, "15:30"), (1, "15:30"), (1, "15:30"), (1, "15:30"), (1, "18:30"), (2, "15:30"), (2, "17:30")],
    "SP1": [(0, "21:00"), (1, "14:00"), (1, "16:15"), (1, "18:30"), (1, "21:00"), (2, "14:00"), (2, "16:15"), (2, "18:30"), (2, "21:00"), (3, "21:00")],
}  # fmt: skip
SUMMER_SLOTS_SP1 = [(0, "21:30"), (1, "17:30"), (1, "19:30"), (1, "21:30"), (1, "22:00"), (2, "17:00"), (2, "19:30"), (2, "19:30"), (2, "21:30"), (3, "22:00")]  # fmt: skip
MIDWEEK = {
    "E0": [date(2023, 12, 5), date(2023, 12, 27), date(2024, 1, 30), date(2024, 4, 2)],
    "D1": [date(2024, 1, 16)],
    "SP1": [date(2023, 9, 26), date(2024, 1, 3)],
}
MIDWEEK_TIMES = {
    "E0": ["19:30", "19:30", "20:00", "20:15"],
    "D1": ["18:30", "20:30"],
    "SP1": ["19:00", "19:30", "21:30"],
}
REFEREES = [
    "D Ashworth", "P Calloway", "R Denholm", "S Fairley", "M Gannon", "T Hartigan", "J Kersey", "A Lomax",
    "C Mowbray", "N Pickering", "G Quarmby", "L Renshaw", "B Sutcliffe", "K Thorley", "W Varley", "H Whitlock",
    "E Yardley", "O Brennand", "F Cottam",
]  # fmt: skip
# Wikidata: club label -> (stadium, [capacities], inception, (lat, lon) or None)
STADIUMS = {
    "Arsenal F.C.": ("Emirates Stadium", [60704], "1886-12-01", (51.555, -0.108611)),
    "Aston Villa F.C.": ("Villa Park", [42657], "1874-11-21", (52.509167, -1.884722)),
    "AFC Bournemouth": ("Dean Court", [11307], "1899-01-01", (50.735278, -1.838333)),
    "Brentford F.C.": ("Gtech Community Stadium", [17250], "1889-10-10", None),
    "Brighton & Hove Albion F.C.": ("Falmer Stadium", [31876], "1901-06-24", (50.861822, -0.083278)),
    "Burnley F.C.": ("Turf Moor", [21944], "1882-05-18", (53.789167, -2.230278)),
    "Chelsea F.C.": ("Stamford Bridge", [40343], "1905-03-10", (51.481667, -0.191111)),
    "Crystal Palace F.C.": ("Selhurst Park", [25486], "1905-09-10", (51.398333, -0.085556)),
    "Everton F.C.": ("Goodison Park", [39414], "1878-01-01", (53.438889, -2.966389)),
    "Fulham F.C.": ("Craven Cottage", [24500, 29600], "1879-01-01", (51.475, -0.221667)),
    "Liverpool F.C.": ("Anfield", [54074, 61276], "1892-06-03", (53.430833, -2.960833)),
    "Luton Town F.C.": ("Kenilworth Road", [10356], "1885-04-11", (51.884167, -0.431667)),
    "Manchester City F.C.": ("City of Manchester Stadium", [53400], "1880-01-01", (53.483056, -2.200278)),
    "Manchester United F.C.": ("Old Trafford", [74310], "1878-01-01", (53.463056, -2.291389)),
    "Newcastle United F.C.": ("St James' Park", [52305], "1892-12-09", (54.975556, -1.621667)),
    "Nottingham Forest F.C.": ("City Ground", [30404], "1865-01-01", (52.94, -1.132778)),
    "Sheffield United F.C.": ("Bramall Lane", [32050], "1889-03-22", (53.370278, -1.470833)),
    "Tottenham Hotspur F.C.": ("Tottenham Hotspur Stadium", [62850], "1882-09-05", (51.604444, -0.066389)),
    "West Ham United F.C.": ("London Stadium", [62500], "1895-06-29", (51.538611, -0.016389)),
    "Wolverhampton Wanderers F.C.": ("Molineux Stadium", [31750], "1877-01-01", (52.590278, -2.130278)),
}


def _round_robin(rng: random.Random, teams: list[str]) -> list[list[tuple[str, str]]]:
    order = teams[:]
    rng.shuffle(order)
    n = len(order)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        order = [order[0], order[-1], *order[1:-1]]
    second = [[(b, a) for a, b in rnd] for rnd in rounds]
    rng.shuffle(second)
    return rounds + second


def _round_dates(league: str, n_rounds: int) -> list[tuple[date, bool]]:
    """Each round's anchor date (the Friday of a weekend round, or the midweek day) and whether it is midweek."""
    out: list[tuple[date, bool]] = []
    friday = LEAGUE_START[league]
    mids = sorted(MIDWEEK[league])
    while len(out) < n_rounds:
        while mids and mids[0] < friday and len(out) < n_rounds:
            out.append((mids.pop(0), True))
        if len(out) >= n_rounds:
            break
        if friday + timedelta(days=1) not in BREAKS and not (date(2023, 12, 22) < friday < date(2024, 1, 12) and league == "D1"):  # fmt: skip
            out.append((friday, False))
        friday += timedelta(days=7)
    return out


def _build_football(rng: random.Random) -> tuple[dict[str, list[dict]], list[dict]]:
    matches: dict[str, list[dict]] = {}
    for league, teams in LEAGUES.items():
        strength = {name: s for name, _, s in teams}
        fixtures = _round_robin(rng, [name for name, _, _ in teams])
        dates = _round_dates(league, len(fixtures))
        refs = REFEREES[:]
        strict = {r: rng.uniform(0.75, 1.3) for r in refs}
        out = []
        for rnd, ((anchor, midweek), pairs) in enumerate(zip(dates, fixtures)):
            pairs = pairs[:]
            rng.shuffle(pairs)
            if midweek:
                slots = [(0, rng.choice(MIDWEEK_TIMES[league])) for _ in pairs]
            elif league == "SP1" and anchor.month in (8, 9) and anchor < date(2023, 9, 20):
                slots = SUMMER_SLOTS_SP1
            else:
                slots = SLOTS[league]
            for (home, away), (off, local) in zip(pairs, slots):
                hh, mm = map(int, local.split(":"))
                uk_hour = hh if league == "E0" else hh - 1
                day = anchor + timedelta(days=off)
                lam_h = math.exp(math.log(1.55) + 0.42 * (strength[home] - strength[away]))
                lam_a = math.exp(math.log(1.2) + 0.42 * (strength[away] - strength[home]))
                fthg, ftag = _poisson(rng, lam_h), _poisson(rng, lam_a)
                hthg = sum(rng.random() < 0.45 for _ in range(fthg))
                htag = sum(rng.random() < 0.45 for _ in range(ftag))
                ref = rng.choice(refs) if league == "E0" else None
                k = strict[ref] if ref else 1.0
                m = {
                    "league": league, "round": rnd + 1, "date": day, "time": f"{uk_hour:02d}:{mm:02d}", "home": home,
                    "away": away, "fthg": fthg, "ftag": ftag, "hthg": hthg, "htag": htag, "referee": ref,
                    "hs": max(fthg, _poisson(rng, 12.5 + 3 * (strength[home] - strength[away]))),
                    "as": max(ftag, _poisson(rng, 10.5 + 3 * (strength[away] - strength[home]))),
                    "hf": _poisson(rng, 11), "af": _poisson(rng, 11.5), "hc": _poisson(rng, 5.5), "ac": _poisson(rng, 4.6),
                    "hy": _poisson(rng, 1.7 * k), "ay": _poisson(rng, 2.0 * k), "hr": int(rng.random() < 0.04 * k),
                    "ar": int(rng.random() < 0.05 * k), "lam": (lam_h, lam_a), "odds_missing": rng.random() < 0.012,
                }  # fmt: skip
                m["hst"] = min(m["hs"], max(fthg, _poisson(rng, m["hs"] * 0.36)))
                m["ast"] = min(m["as"], max(ftag, _poisson(rng, m["as"] * 0.35)))
                m["noise"] = [rng.uniform(-0.04, 0.04) for _ in range(12)]
                out.append(m)
        out.sort(key=lambda m: (m["date"], m["time"], m["home"]))
        matches[league] = out
    clubs = []
    for name, label, _ in LEAGUES["E0"]:
        stadium, caps, inception, coord = STADIUMS[label]
        qid, sqid = f"Q{rng.randint(9_000, 1_900_000)}", f"Q{rng.randint(9_000, 1_900_000)}"
        clubs.append(
            {"team": name, "label": label, "stadium": stadium, "capacities": caps, "inception": inception}
            | {"coord": coord, "qid": qid, "sqid": sqid}
        )
    rng.shuffle(clubs)
    return matches, clubs


def _odds(lam_h: float, lam_a: float) -> tuple[float, float, float, float]:
    """Home / draw / away win and over 2.5 goals probabilities from two Poisson means."""

    def pmf(lam: float, k: int) -> float:
        return math.exp(-lam) * lam**k / math.factorial(k)

    ph = pd_ = pa = 0.0
    for i in range(11):
        for j in range(11):
            p = pmf(lam_h, i) * pmf(lam_a, j)
            if i > j:
                ph += p
            elif i == j:
                pd_ += p
            else:
                pa += p
    under = sum(pmf(lam_h + lam_a, k) for k in range(3))
    return ph, pd_, pa, 1 - under


def _fixed_zip(path: Path, stamp: str, when: tuple) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>" + stamp.encode(), blob)
            info = zipfile.ZipInfo(fname, date_time=when)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _write_football(t: Truth, d: Path) -> None:
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for league in ("E0", "D1", "SP1"):
        ws = wb.create_sheet(league)
        head = ["Div", "Date", "Time", "HomeTeam", "AwayTeam", "FTHG", "FTAG", "FTR", "HTHG", "HTAG", "HTR"]
        head += ["Referee"] if league == "E0" else []
        head += ["HS", "AS", "HST", "AST", "HF", "AF", "HC", "AC", "HY", "AY", "HR", "AR"]
        head += ["B365H", "B365D", "B365A", "PSH", "PSD", "PSA", "MaxH", "MaxD", "MaxA", "AvgH", "AvgD", "AvgA"]
        head += ["B365>2.5", "B365<2.5", "Avg>2.5", "Avg<2.5"]
        ws.append(head)
        for m in t.matches[league]:
            res = "H" if m["fthg"] > m["ftag"] else "A" if m["fthg"] < m["ftag"] else "D"
            hres = "H" if m["hthg"] > m["htag"] else "A" if m["hthg"] < m["htag"] else "D"
            row = [league, datetime.combine(m["date"], time()), m["time"], m["home"], m["away"], m["fthg"], m["ftag"]]
            row += [res, m["hthg"], m["htag"], hres] + ([m["referee"]] if league == "E0" else [])
            row += [m[k] for k in ("hs", "as", "hst", "ast", "hf", "af", "hc", "ac", "hy", "ay", "hr", "ar")]
            ph, pdr, pa, over = _odds(*m["lam"])
            nz = m["noise"]
            fair = [1 / ph, 1 / pdr, 1 / pa]
            odds = []
            for j, margin in enumerate((1.055, 1.025, 1.0, 1.04)):  # B365, Pinnacle, Max, Avg
                odds += [round(max(1.01, f / margin * (1 + nz[3 * j + i])), 2) for i, f in enumerate(fair)]
            odds += [round(max(1.01, 1 / over / 1.05), 2), round(max(1.01, 1 / (1 - over) / 1.05), 2)]
            odds += [round(max(1.01, 1 / over / 1.045 * (1 + nz[0] / 2)), 2), round(max(1.01, 1 / (1 - over) / 1.045 * (1 + nz[1] / 2)), 2)]  # fmt: skip
            if m["odds_missing"]:
                odds[0:3] = [None, None, None]
            ws.append(row + odds)
        for cell in ws["B"][1:]:
            cell.number_format = "dd/mm/yyyy"
    fixed = datetime(2024, 6, 2, 9, 30, 0)
    wb.properties.creator = "football-data.co.uk"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    path = d / FB_FILE
    wb.save(path)
    _fixed_zip(path, "2024-06-02T09:30:00Z", (2024, 6, 2, 9, 30, 0))


def _write_wikidata(t: Truth, d: Path) -> None:
    xsd = "http://www.w3.org/2001/XMLSchema#"
    bindings = []
    for c in t.clubs:
        for cap in c["capacities"]:
            b = {
                "club": {"type": "uri", "value": f"http://www.wikidata.org/entity/{c['qid']}"},
                "clubLabel": {"xml:lang": "en", "type": "literal", "value": c["label"]},
                "stadium": {"type": "uri", "value": f"http://www.wikidata.org/entity/{c['sqid']}"},
                "stadiumLabel": {"xml:lang": "en", "type": "literal", "value": c["stadium"]},
                "capacity": {"datatype": f"{xsd}decimal", "type": "literal", "value": str(cap)},
                "inception": {"datatype": f"{xsd}dateTime", "type": "literal", "value": f"{c['inception']}T00:00:00Z"},
            }
            if c["coord"]:
                lat, lon = c["coord"]
                b["coord"] = {"datatype": "http://www.opengis.net/ont/geosparql#wktLiteral", "type": "literal", "value": f"Point({lon:g} {lat:g})"}  # fmt: skip
            bindings.append(b)
    doc = {
        "head": {"vars": ["club", "clubLabel", "stadium", "stadiumLabel", "capacity", "inception", "coord"]},
        "results": {"bindings": bindings},
    }
    (d / WD_FILE).write_bytes((json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


# =================================================================================================
# reviews: the Yelp Open Dataset's business file, four metro areas
# =================================================================================================

# city (as the truth has it), state, number of businesses, lat, lon, zip prefix, star offset
CITIES = [
    ("Philadelphia", "PA", 643, 39.9526, -75.1652, "191", 0.0),
    ("Tampa", "FL", 377, 27.9506, -82.4572, "336", 0.05),
    ("Nashville", "TN", 361, 36.1627, -86.7816, "372", 0.12),
    ("St. Louis", "MO", 296, 38.6270, -90.1994, "631", 0.08),
    ("Cherry Hill", "NJ", 45, 39.9348, -75.0307, "080", 0.0),
    ("Upper Darby", "PA", 35, 39.9593, -75.2730, "190", 0.0),
    ("Brandon", "FL", 40, 27.9378, -82.2859, "335", 0.0),
    ("Clearwater", "FL", 45, 27.9659, -82.8001, "337", 0.0),
    ("Franklin", "TN", 40, 35.9251, -86.8689, "370", 0.0),
    ("Brentwood", "TN", 30, 36.0331, -86.7828, "370", 0.0),
    ("Clayton", "MO", 30, 38.6426, -90.3237, "631", 0.0),
    ("Kirkwood", "MO", 30, 38.5834, -90.4068, "631", 0.0),
]
ST_LOUIS_SPELLINGS = {"St. Louis": 0.68, "Saint Louis": 0.14, "St Louis": 0.1, "St. Louis ": 0.05, "ST. LOUIS": 0.03}
CUISINES = [
    "Pizza", "Italian", "Mexican", "Burgers", "American (Traditional)", "American (New)", "Chinese", "Sandwiches",
    "Seafood", "Fast Food", "Breakfast & Brunch", "Thai", "Japanese", "Sushi Bars", "Barbeque", "Southern",
    "Vietnamese", "Comfort Food", "Salad", "Soul Food", "Cajun/Creole", "Mediterranean", "Indian", "Chicken Wings",
]  # fmt: skip
FOOD_KINDS = [
    "Coffee & Tea", "Bakeries", "Desserts", "Ice Cream & Frozen Yogurt", "Specialty Food", "Grocery",
    "Juice Bars & Smoothies", "Donuts", "Food Trucks", "Bagels", "Beer, Wine & Spirits", "Ethnic Food",
]  # fmt: skip
OTHER_KINDS = {
    "Shopping": ["Fashion", "Women's Clothing", "Home & Garden", "Books, Mags, Music & Video", "Jewelry", "Gift Shops"],
    "Beauty & Spas": ["Nail Salons", "Hair Salons", "Barbers", "Skin Care", "Massage"],
    "Home Services": ["Plumbing", "Contractors", "Movers", "Real Estate", "Heating & Air Conditioning/HVAC"],
    "Automotive": ["Auto Repair", "Oil Change Stations", "Tires", "Car Wash", "Body Shops"],
    "Health & Medical": ["Dentists", "General Dentistry", "Doctors", "Chiropractors", "Optometrists"],
    "Active Life": ["Fitness & Instruction", "Gyms", "Yoga", "Parks", "Trainers"],
    "Hotels & Travel": ["Hotels", "Event Planning & Services", "Transportation", "Airport Shuttles"],
    "Pets": ["Pet Services", "Pet Groomers", "Veterinarians", "Pet Stores"],
}
KIND_W = {"Restaurants": 0.4, "Food": 0.15, "Nightlife": 0.07, "Shopping": 0.1, "Beauty & Spas": 0.08}
KIND_W |= {"Home Services": 0.05, "Automotive": 0.04, "Health & Medical": 0.05, "Active Life": 0.03}
KIND_W |= {"Hotels & Travel": 0.015, "Pets": 0.015}
NAME_A = """Golden Blue Rusty Little Big Old Happy Lucky Urban Green Silver Red Corner Sunny Wild Hidden Crooked
Iron Copper Velvet Southern Northern River Harbor Main Street Magnolia Oak Maple Cedar Pine""".split()
NAME_B = """Spoon Fork Kitchen Table Diner Grill Tavern Cafe Bistro Pantry House Room Garden Market Oven Skillet
Lantern Anchor Barrel Ladle Plate Hearth Porch Press""".split()
OTHER_B = """Studio Salon Works Supply Auto Dental Fitness Boutique Goods Outfitters Movers Plumbing Spa Clinic Care
Tire Body Shop Optical Yoga Realty Pets Vet Travel""".split()
CHAINS = ["Starbucks", "McDonald's", "Dunkin'", "Chipotle Mexican Grill", "Wawa", "Subway", "Taco Bell", "Panera Bread"]
STREET_NAMES = ["Market St", "Chestnut St", "Walnut St", "Broadway", "Main St", "Church St", "Washington Ave"]
STREET_NAMES += ["Kennedy Blvd", "Dale Mabry Hwy", "Grand Blvd", "Olive St", "Delmar Blvd", "W End Ave", "5th Ave"]
NEIGHBOURHOODS = ["Downtown", "Midtown", "Uptown", "East Side", "West End", "Old Town", "Riverside", "Northside"]
NEIGHBOURHOODS += ["Southside", "University", "Market District", "Arts District", "Harbor", "Hillcrest", "Park"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def _hm(minutes: int) -> str:
    minutes %= 1440
    return f"{minutes // 60}:{minutes % 60}"


def _build_yelp(rng: random.Random) -> list[dict]:
    out = []
    ids: set[str] = set()
    names: set[str] = set()
    alphabet = string.ascii_letters + string.digits + "-_"
    for city, state, n, lat, lon, zip3, star_off in CITIES:
        for _ in range(n):
            while True:
                bid = "".join(rng.choice(alphabet) for _ in range(22))
                if bid not in ids:
                    ids.add(bid)
                    break
            kind = _pick(rng, KIND_W)
            cats: list[str] = []
            chain = False
            if kind == "Restaurants":
                cats = ["Restaurants", *rng.sample(CUISINES, rng.choice([1, 1, 2, 2, 3]))]
                if rng.random() < 0.18:
                    cats.append("Food")
                if rng.random() < 0.12:
                    cats += ["Nightlife", "Bars"]
                if rng.random() < 0.1:
                    cats.append(rng.choice(["Food Delivery Services", "Caterers", "Event Planning & Services"]))
                chain = rng.random() < 0.08
            elif kind == "Food":
                cats = ["Food", *rng.sample(FOOD_KINDS, rng.choice([1, 1, 2]))]
                if rng.random() < 0.15:
                    cats.append("Restaurants")
                chain = rng.random() < 0.1
            elif kind == "Nightlife":
                cats = ["Nightlife", "Bars", rng.choice(["Cocktail Bars", "Wine Bars", "Sports Bars", "Pubs", "Dive Bars", "Music Venues"])]  # fmt: skip
                if rng.random() < 0.3:
                    cats += ["Restaurants", rng.choice(CUISINES)]
            else:
                cats = [kind, *rng.sample(OTHER_KINDS[kind], rng.choice([1, 2]))]
            rng.shuffle(cats)
            restaurant = "Restaurants" in cats
            if chain:
                name = rng.choice(CHAINS)
            elif kind in ("Restaurants", "Food", "Nightlife"):
                name = f"{rng.choice(NAME_A)} {rng.choice(NAME_B)}"
                if rng.random() < 0.25:
                    name = f"{rng.choice(['Tony', 'Maria', 'Big Al', 'Mama Lou', 'Chen', 'Rosa', 'Duke'])}'s {rng.choice(NAME_B)}"  # fmt: skip
            else:
                name = f"{rng.choice(NAME_A)} {rng.choice(OTHER_B)}"
            if not chain:
                while name in names:  # independent businesses' names are unique, as a chain's are not
                    name = f"{name.split(' - ')[0]} - {rng.choice(NEIGHBOURHOODS)}"
                names.add(name)
            is_open = rng.random() < (0.74 if restaurant else 0.82)
            quality = rng.gauss(3.55 + (star_off if restaurant else 0.0), 0.72) - (0.35 if chain else 0)
            stars = min(5.0, max(1.0, round(quality * 2) / 2))
            reviews = max(
                5, int(rng.lognormvariate(math.log((45 if restaurant else 18) * (0.6 if chain else 1)), 1.15))
            )
            price = None
            wifi = None
            attrs: dict | None = {}
            if restaurant or kind == "Food":
                price = _pick(rng, {1: 0.3, 2: 0.5, 3: 0.13, 4: 0.04, None: 0.03})
                if price == 4:
                    stars = min(5.0, stars + 0.5)
                wifi = _pick(rng, {"free": 0.42, "no": 0.33, "paid": 0.03, "None": 0.04, None: 0.18})
            elif kind == "Nightlife":
                price = _pick(rng, {1: 0.25, 2: 0.6, 3: 0.12, None: 0.03})
                wifi = _pick(rng, {"free": 0.35, "no": 0.35, None: 0.3})
            elif rng.random() < 0.2:
                wifi = _pick(rng, {"free": 0.6, "no": 0.4})
            if rng.random() < 0.07:
                attrs, wifi, price = None, None, None
            # opening hours: (open, close) in minutes per day; close <= open means past midnight
            hours: dict | None = {}
            if rng.random() < (0.14 if is_open else 0.35):
                hours = None
            else:
                if kind == "Nightlife" or (restaurant and "Bars" in cats):
                    base = (rng.choice([16, 17, 18, 20]) * 60, rng.choice([0, 60, 120, 120]))
                elif restaurant:
                    style = _pick(rng, {"dinner": 0.55, "breakfast": 0.2, "late": 0.12, "allday": 0.05, "lunch": 0.08})  # fmt: skip
                    base = {
                        "dinner": (rng.choice([11, 11, 12, 16, 17]) * 60 + rng.choice([0, 0, 30]), rng.choice([21, 21, 22, 22, 23]) * 60),
                        "breakfast": (rng.choice([6, 7, 7, 8]) * 60, rng.choice([14, 15, 15]) * 60),
                        "late": (rng.choice([11, 17]) * 60, rng.choice([0, 60, 180])),
                        "allday": (0, 0), "lunch": (11 * 60, rng.choice([15, 16]) * 60),
                    }[style]  # fmt: skip
                elif kind == "Food":
                    base = (rng.choice([6, 7, 7, 8, 10]) * 60, rng.choice([15, 17, 18, 20, 21]) * 60 + rng.choice([0, 30]))  # fmt: skip
                else:
                    base = (rng.choice([8, 9, 9, 10]) * 60, rng.choice([17, 18, 19, 20]) * 60)
                closed = set(rng.sample(DAYS, rng.choice([0, 0, 1, 1, 2])))
                for dname in DAYS:
                    if dname in closed:
                        continue
                    o, c = base
                    if dname in ("Friday", "Saturday") and c not in (0, o) and rng.random() < 0.45:
                        c = (c + 60) % 1440
                    hours[dname] = (o, c)
                if not hours:
                    hours = None
            b = {
                "id": bid, "name": name, "city": city, "state": state, "zip": f"{zip3}{rng.randint(1, 99):02d}",
                "lat": round(lat + rng.gauss(0, 0.04), 7), "lon": round(lon + rng.gauss(0, 0.05), 7),
                "address": f"{rng.randint(1, 9999)} {rng.choice(STREET_NAMES)}", "stars": stars, "reviews": reviews,
                "is_open": is_open, "categories": cats if rng.random() > 0.01 else None, "price": price, "wifi": wifi,
                "attrs": attrs, "hours": hours,
                "city_text": _pick(rng, ST_LOUIS_SPELLINGS) if city == "St. Louis" else city,
                "wifi_text": rng.choice(["u'free'", "'free'"]) if wifi == "free" else rng.choice(["u'no'", "'no'"]) if wifi == "no"
                else rng.choice(["u'paid'", "'paid'"]) if wifi == "paid" else wifi,
                "extra": {
                    "BusinessAcceptsCreditCards": rng.choice(["True", "True", "True", "False"]),
                    "RestaurantsTakeOut": rng.choice(["True", "True", "False", "None"]),
                    "OutdoorSeating": rng.choice(["True", "False", "False", "None"]),
                    "Alcohol": rng.choice(["u'none'", "'none'", "u'full_bar'", "'beer_and_wine'", "u'beer_and_wine'"]),
                    "GoodForKids": rng.choice(["True", "False"]),
                    "BusinessParking": f"{{'garage': False, 'street': {rng.choice(['True', 'False'])}, 'validated': False, "
                    f"'lot': {rng.choice(['True', 'False', 'None'])}, 'valet': False}}",
                    "ByAppointmentOnly": rng.choice(["True", "False"]),
                },
                "keys": rng.random(),
            }  # fmt: skip
            out.append(b)
    rng.shuffle(out)
    return out


def _write_yelp(t: Truth, d: Path) -> None:
    lines = []
    for b in t.businesses:
        attrs = None
        if b["attrs"] is not None:
            attrs = {}
            ex = b["extra"]
            food = b["categories"] is not None and ("Restaurants" in b["categories"] or "Food" in b["categories"])
            if food or (b["categories"] and "Nightlife" in b["categories"]):
                keys = [
                    "RestaurantsTakeOut",
                    "BusinessAcceptsCreditCards",
                    "OutdoorSeating",
                    "Alcohol",
                    "BusinessParking",
                ]
                if b["keys"] < 0.5:
                    keys += ["GoodForKids"]
                for k in keys:
                    attrs[k] = ex[k]
                if b["price"] is not None:
                    attrs["RestaurantsPriceRange2"] = str(b["price"])
                elif b["keys"] < 0.3:
                    attrs["RestaurantsPriceRange2"] = "None"
            else:
                attrs["BusinessAcceptsCreditCards"] = ex["BusinessAcceptsCreditCards"]
                if b["keys"] < 0.6:
                    attrs["ByAppointmentOnly"] = ex["ByAppointmentOnly"]
                if b["keys"] < 0.4:
                    attrs["BusinessParking"] = ex["BusinessParking"]
            if b["wifi_text"] is not None:
                attrs["WiFi"] = b["wifi_text"]
            if not attrs:
                attrs = None
        rec = {
            "business_id": b["id"], "name": b["name"], "address": b["address"], "city": b["city_text"],
            "state": b["state"], "postal_code": b["zip"], "latitude": b["lat"], "longitude": b["lon"],
            "stars": b["stars"], "review_count": b["reviews"], "is_open": int(b["is_open"]), "attributes": attrs,
            "categories": ", ".join(b["categories"]) if b["categories"] is not None else None,
            "hours": None if b["hours"] is None else {k: f"{_hm(o)}-{_hm(c)}" for k, (o, c) in b["hours"].items()},
        }  # fmt: skip
        lines.append(json.dumps(rec, ensure_ascii=False).replace("/", "\\/"))
    (d / YELP_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    txns, opening = _build_bank(_rng("banking"))
    matches, clubs = _build_football(_rng("football"))
    return Truth(
        txns=txns,
        opening_cents=opening,
        checklists=_build_birding(_rng("birding")),
        matches=matches,
        clubs=clubs,
        businesses=_build_yelp(_rng("reviews")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_bank(t, d)
    _write_ebd(t, d)
    _write_football(t, d)
    _write_wikidata(t, d)
    _write_yelp(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
