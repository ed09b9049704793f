"""The forty-first held-out set's data: five files on three topics, each imitating a real export or download.

* `ledgers.csv`: a Kraken "Ledgers" history export for 2023 (every field quoted): one row per ledger entry,
  `txid`, `refid`, `time` (UTC), `type`, `subtype`, `aclass`, `asset`, `wallet`, `amount`, `fee`, `balance`.
  Kraken's own asset codes (`ZEUR`, `XXBT`, `XETH`, `DOT`, `DOT.S` for staked DOT); a trade is two rows (one
  per asset) sharing a `refid`, and so is an instant buy made with the Buy Crypto button (`spend` and
  `receive`); the fee sits in its own column and is not in `amount`; staking moves DOT to `DOT.S` with two
  `transfer` rows, and the rewards are `staking` rows on `DOT.S`.
* `Coinbase-TransactionsHistoryReport-2024-01-06-09_41_27.csv`: the same person's Coinbase "Transaction
  history" report (the 2024 layout): three preamble lines before the header, amounts as `€1,234.56` text,
  `Buy` and `Advanced Trade Buy` side by side, negative quantities for sells, sends and converts, and what a
  `Convert` produced only in `Notes`.
* `AIS_2023_07_15.zip`: a cut of NOAA/BOEM MarineCadastre's AIS daily file for 15 July 2023 (UTC), central Puget
  Sound: one row per position report (`MMSI`, `BaseDateTime` in UTC, `LAT`, `LON`, `SOG`, `COG`, `Heading`,
  vessel name, IMO, call sign, `VesselType`, navigational `Status`, dimensions, `TransceiverClass`), with the
  AIS "not available" values (`SOG` 102.3, `Heading` 511, `LAT` 91 / `LON` 181), reports received twice
  kept twice, and class B rows without status or IMO.
* `calls-20240302093011.xml` and `sms-20240302093011.xml`: an Android phone's call log and messages saved by
  the "SMS Backup & Restore" app: `date` in epoch milliseconds (UTC) beside a local `readable_date`, call
  `type` codes, numbers written the way they were dialled (`07700 900123`, `07700900123`, `+447700900123`),
  group messages as MMS with every member in `address` and the sender in an `addr` of type 137.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
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
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from xml.sax.saxutils import escape

SEED = 41_508_263

KRAKEN_FILE = "ledgers.csv"
COINBASE_FILE = "Coinbase-TransactionsHistoryReport-2024-01-06-09_41_27.csv"
AIS_FILE = "AIS_2023_07_15.zip"
AIS_MEMBER = "AIS_2023_07_15.csv"
CALLS_FILE = "calls-20240302093011.xml"
SMS_FILE = "sms-20240302093011.xml"
FILES = [KRAKEN_FILE, COINBASE_FILE, AIS_FILE, CALLS_FILE, SMS_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    kraken: list[dict]  # ledger rows in file order (amount, fee, balance as Decimal)
    coinbase: list[dict]  # report rows in file order (qty, price, subtotal, total, fees as Decimal)
    vessels: list[dict]  # one per MMSI: static data and role
    ais: list[dict]  # position reports in file order, duplicates included ('dup' marks the second copy)
    calls: list[dict]  # the call log in file order (newest first)
    messages: list[dict]  # SMS and MMS in file order


# ==================================================================================================
# Crypto: a Kraken ledger export and a Coinbase transaction history report, 2023
# ==================================================================================================

CR_USER = "Niamh Gallagher"
# month-start prices in euros, January 2023 to January 2024, roughly as remembered; days in between interpolated
CR_ANCHORS = {
    "BTC": [15600, 21600, 21700, 26200, 26400, 24800, 27800, 26700, 24200, 25400, 32200, 34500, 38400],
    "ETH": [1130, 1450, 1510, 1640, 1670, 1700, 1760, 1690, 1510, 1580, 1710, 1900, 2070],
    "DOT": [4.1, 5.8, 5.8, 5.6, 5.2, 4.7, 4.6, 4.5, 3.9, 3.8, 4.5, 5.5, 7.5],
    "XLM": [0.068, 0.085, 0.084, 0.088, 0.085, 0.083, 0.14, 0.14, 0.12, 0.10, 0.11, 0.11, 0.12],
    "GRT": [0.05, 0.14, 0.14, 0.12, 0.11, 0.09, 0.11, 0.09, 0.08, 0.08, 0.09, 0.14, 0.20],
    "USDC": [0.93, 0.93, 0.92, 0.91, 0.91, 0.92, 0.91, 0.91, 0.93, 0.94, 0.94, 0.92, 0.91],
}
K_ASSET = {"EUR": "ZEUR", "BTC": "XXBT", "ETH": "XETH", "DOT": "DOT", "DOT.S": "DOT.S"}
K_DEC = {"ZEUR": 4, "XXBT": 10, "XETH": 10, "DOT": 10, "DOT.S": 10}
K_TAKER, K_MAKER, K_INSTANT = Decimal("0.0026"), Decimal("0.0016"), Decimal("0.015")
CB_SIMPLE_FEE, CB_ADV_FEE = Decimal("0.0199"), Decimal("0.006")
Q2, Q4, Q8, Q10 = Decimal("0.01"), Decimal("0.0001"), Decimal("0.00000001"), Decimal("0.0000000001")
KR_TRANSFER_DAY = date(2023, 11, 20)  # bitcoin withdrawn from Kraken and received on Coinbase


def _prices(rng: random.Random) -> dict[date, dict[str, float]]:
    out = {}
    d = date(2023, 1, 1)
    while d.year == 2023:
        m = d.month - 1
        start = date(2023, d.month, 1)
        nxt = date(2024, 1, 1) if d.month == 12 else date(2023, d.month + 1, 1)
        f = (d - start).days / (nxt - start).days
        out[d] = {}
        for a, v in CR_ANCHORS.items():
            base = math.exp(math.log(v[m]) * (1 - f) + math.log(v[m + 1]) * f)
            out[d][a] = base * (1 + rng.gauss(0, 0.002 if a == "USDC" else 0.018))
        d += timedelta(days=1)
    return out


def _kid(rng: random.Random, first: str) -> str:
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    return (first + "".join(rng.choice(chars) for _ in range(5)) + "-" + "".join(rng.choice(chars) for _ in range(5))
            + "-" + "".join(rng.choice(chars) for _ in range(6)))  # fmt: skip


def _when(rng: random.Random, d: date, lo: int = 7, hi: int = 22) -> datetime:
    return datetime(d.year, d.month, d.day, rng.randint(lo, hi), rng.randint(0, 59), rng.randint(0, 59))


def _build_kraken(rng: random.Random, px: dict) -> list[dict]:
    events: list[tuple] = []  # (time, order, kind, params)
    for m in range(1, 13):
        d = date(2023, m, min(28, 25 + rng.randint(-2, 3)))
        events.append((_when(rng, d, 8, 12), 0, "deposit", Decimal(rng.randrange(1200, 2600, 100))))
    for d, amt in ((date(2023, 3, 2), 3000), (date(2023, 8, 9), 500)):
        events.append((_when(rng, d, 8, 12), 0, "deposit", Decimal(amt)))
    d = date(2023, 1, 9)
    while d.year == 2023:
        events.append((_when(rng, d, 7, 9), 1, "instant", Decimal(rng.choice([50, 75, 100, 100, 150]))))
        d += timedelta(days=14)
    days = sorted(date(2023, 1, 1) + timedelta(days=rng.randint(10, 360)) for _ in range(44))
    for d in days:
        kind = rng.choices(["BTC", "ETH", "DOT", "sellBTC", "sellETH"], [40, 25, 8, 12, 10])[0]
        if kind == "DOT" and d.month > 8:
            kind = "BTC"
        events.append((_when(rng, d), 2, "trade", (kind, rng.randrange(120, 900, 10))))
    for d in (date(2023, 2, 14), date(2023, 3, 7), date(2023, 3, 28), date(2023, 5, 16)):
        events.append((_when(rng, d), 2, "trade", ("DOT", rng.randrange(300, 700, 10))))
        events.append((_when(rng, d + timedelta(days=1)), 3, "stake", None))
    d = date(2023, 2, 20)
    while d.year == 2023:
        events.append((datetime(d.year, d.month, d.day, 1, rng.randint(2, 40), rng.randint(0, 59)), 4, "reward", None))
        d += timedelta(days=7)
    events.append((datetime(2023, 11, 14, 18, 3, 11), 5, "unstake", Decimal("0.3")))
    events.append((datetime(2023, 11, 15, 9, 41, 52), 2, "trade", ("sellDOT", 0)))
    events.append((datetime(2023, 6, 12, 19, 20, 5), 6, "withdraw", ("BTC", Decimal("0.35"), Decimal("0.00015"))))
    events.append((datetime(2023, 11, 20, 10, 2, 37), 6, "withdraw", ("BTC", Decimal("0.05"), Decimal("0.00015"))))
    events.append((datetime(2023, 12, 18, 11, 15, 2), 6, "withdraw", ("EUR", Decimal("0.4"), Decimal("0.09"))))
    events.sort(key=lambda e: (e[0], e[1]))

    bal = {a: Decimal(0) for a in K_DEC}
    rows: list[dict] = []
    txids: set[str] = set()
    unstaked = Decimal(0)

    def post(t: datetime, refid: str, typ: str, sub: str, asset: str, amount: Decimal, fee: Decimal) -> None:
        bal[asset] += amount - fee
        assert bal[asset] >= 0, (t, asset, bal[asset])
        while True:
            tx = _kid(rng, "L")
            if tx not in txids:
                txids.add(tx)
                break
        rows.append({"txid": tx, "refid": refid, "time": t, "type": typ, "subtype": sub, "asset": asset,
                     "amount": amount, "fee": fee, "balance": bal[asset]})  # fmt: skip

    for t, _, kind, p in events:
        price = px[t.date()]
        if kind == "deposit":
            post(t, _kid(rng, "Q"), "deposit", "", "ZEUR", p, Decimal(0))
        elif kind == "instant":
            fee = (p * K_INSTANT).quantize(Q4)
            if bal["ZEUR"] < p + fee:
                continue
            vol = (p / Decimal(str(round(price["BTC"] * 1.004, 2)))).quantize(Q8)
            ref = _kid(rng, "T")
            post(t, ref, "spend", "", "ZEUR", -p, fee)
            post(t, ref, "receive", "", "XXBT", vol, Decimal(0))
        elif kind == "trade":
            what, eur = p
            sell = what.startswith("sell")
            coin = what[4:] if sell else what
            asset = K_ASSET[coin]
            unit = Decimal(str(round(price[coin] * rng.uniform(0.996, 1.004), 2 if coin != "DOT" else 4)))
            if sell:
                vol = unstaked if coin == "DOT" else (bal[asset] * Decimal(str(rng.uniform(0.15, 0.45)))).quantize(Q8)
                if vol < Decimal("0.001"):
                    continue
            else:
                vol = (Decimal(eur) / unit).quantize(Q8)
            cost = (vol * unit).quantize(Q4)
            rate = K_MAKER if rng.random() < 0.35 else K_TAKER
            fee = (cost * rate).quantize(Q4)
            if not sell and bal["ZEUR"] < cost + fee:
                continue
            ref = _kid(rng, "T")
            legs = [("ZEUR", cost if sell else -cost, fee), (asset, -vol if sell else vol, Decimal(0))]
            if rng.random() < 0.5:
                legs.reverse()
            for a, amt, f in legs:
                post(t, ref, "trade", "tradespot", a, amt, f)
        elif kind == "stake":
            x = bal["DOT"]
            if x > 0:
                ref = _kid(rng, "B")
                post(t, ref, "transfer", "spottostaking", "DOT", -x, Decimal(0))
                post(t + timedelta(seconds=rng.randint(20, 300)), ref, "transfer", "stakingfromspot", "DOT.S", x,
                     Decimal(0))  # fmt: skip
        elif kind == "reward":
            if bal["DOT.S"] > 0:
                r = (bal["DOT.S"] * Decimal(str(0.13 / 52 * rng.uniform(0.9, 1.1)))).quantize(Q10)
                post(t, _kid(rng, "S"), "staking", "", "DOT.S", r, Decimal(0))
        elif kind == "unstake":
            unstaked = (bal["DOT.S"] * p).quantize(Q8)
            ref = _kid(rng, "B")
            post(t, ref, "transfer", "stakingtospot", "DOT.S", -unstaked, Decimal(0))
            post(t + timedelta(seconds=rng.randint(20, 300)), ref, "transfer", "spotfromstaking", "DOT", unstaked,
                 Decimal(0))  # fmt: skip
        elif kind == "withdraw":
            coin, share, fee = p
            asset = K_ASSET[coin]
            amt = (bal[asset] * share).quantize(Q2 if coin == "EUR" else Q8)
            if coin == "BTC" and t.date() == KR_TRANSFER_DAY:
                amt = min(amt, Decimal("0.05"))
            post(t, _kid(rng, "Q"), "withdrawal", "", asset, -amt, fee)
    return rows


def _build_coinbase(rng: random.Random, px: dict, received_btc: Decimal) -> list[dict]:
    ev: list[tuple] = []

    def rand_day(lo: date, hi: date) -> date:
        return lo + timedelta(days=rng.randint(0, (hi - lo).days))

    for _ in range(8):
        ev.append((_when(rng, rand_day(date(2023, 1, 5), date(2023, 12, 10))), "Deposit", None))
    d = date(2023, 1, 13)
    while d.year == 2023:  # a recurring buy of bitcoin every four weeks, paid by card
        ev.append((_when(rng, d, 6, 6), "Buy", "BTC"))
        d += timedelta(days=28)
    for _ in range(8):
        ev.append((_when(rng, rand_day(date(2023, 1, 20), date(2023, 11, 30))), "Buy", "ETH"))
    for _ in range(9):
        ev.append((_when(rng, rand_day(date(2023, 2, 1), date(2023, 12, 20))), "Advanced Trade Buy", "BTC"))
    for _ in range(2):
        ev.append((_when(rng, rand_day(date(2023, 9, 1), date(2023, 12, 28))), "Advanced Trade Sell", "BTC"))
    ev.append((_when(rng, date(2023, 7, 19)), "Sell", "ETH"))
    for d in (date(2023, 5, 22), date(2023, 9, 4), date(2023, 12, 11)):
        ev.append((_when(rng, d), "Convert", "ETH"))
    d = date(2023, 3, 1)
    while d.year == 2023:
        ev.append(
            (datetime(d.year, d.month, d.day, 4, rng.randint(0, 59), rng.randint(0, 59)), "Staking Income", "ETH")
        )
        d += timedelta(days=rng.choice([3, 4]))
    ev.append((_when(rng, date(2023, 3, 23)), "Rewards Income", "XLM"))
    ev.append((_when(rng, date(2023, 7, 6)), "Rewards Income", "XLM"))
    ev.append((_when(rng, date(2023, 5, 30)), "Rewards Income", "GRT"))
    ev.append((datetime(2023, 11, 20, 10, 48, 19), "Receive", "BTC"))
    ev.append((_when(rng, date(2023, 10, 17)), "Send", "ETH"))
    ev.append((_when(rng, date(2023, 12, 21)), "Withdrawal", None))
    ev.sort(key=lambda e: e[0])

    hold = {"BTC": Decimal(0), "ETH": Decimal(0), "USDC": Decimal(0), "XLM": Decimal(0), "GRT": Decimal(0)}
    rows: list[dict] = []
    ids: set[str] = set()

    def money(x: float | Decimal) -> Decimal:
        return Decimal(str(x)).quantize(Q2)

    for t, typ, asset in ev:
        p = px[t.date()]
        unit = Decimal(str(round(p[asset] * rng.uniform(0.997, 1.003), 2 if p[asset] >= 1 else 4))) if asset else None
        r = {"type": typ, "asset": asset or "EUR", "price": unit or Decimal("1.00"), "notes": ""}
        if typ == "Deposit":
            x = Decimal(rng.randrange(250, 650, 50))
            r.update(qty=x, subtotal=money(x), total=money(x), fees=Decimal("0.00"),
                     notes=f"Deposit of €{x:,.2f} from SEPA bank transfer")  # fmt: skip
        elif typ == "Withdrawal":
            x = Decimal(200)
            r.update(qty=-x, subtotal=money(x), total=money(x), fees=Decimal("0.00"),
                     notes=f"Withdrawal of €{x:,.2f} to IE64 BOFI 9000 0112 3456 78")  # fmt: skip
        elif typ == "Buy":
            total = money(rng.choice([50, 75, 100, 120, 150]) if asset == "BTC" else rng.randrange(60, 260, 20))
            fees = (total * CB_SIMPLE_FEE).quantize(Q2)
            sub = total - fees
            q = (sub / unit).quantize(Q8)
            r.update(qty=q, subtotal=sub, total=total, fees=fees, notes=f"Bought {_q(q)} {asset} for €{total:,.2f} EUR")
        elif typ in ("Advanced Trade Buy", "Advanced Trade Sell"):
            sell = typ.endswith("Sell")
            q = Decimal(str(round(rng.uniform(0.004, 0.02), 5)))
            if sell:
                q = min(q, (hold["BTC"] * Decimal("0.3")).quantize(Decimal("0.00001")))
            sub = money(q * unit)
            fees = (sub * CB_ADV_FEE).quantize(Q2)
            total = sub - fees if sell else sub + fees
            verb = "Sold" if sell else "Bought"
            r.update(qty=-q if sell else q, subtotal=sub, total=total, fees=fees,
                     notes=f"{verb} {_q(q)} BTC for €{total:,.2f} EUR on BTC-EUR at €{unit:,.2f}/BTC")  # fmt: skip
        elif typ == "Sell":
            q = (hold[asset] * Decimal("0.25")).quantize(Decimal("0.0001"))
            sub = money(q * unit)
            fees = (sub * CB_SIMPLE_FEE).quantize(Q2)
            r.update(qty=-q, subtotal=sub, total=sub - fees, fees=fees,
                     notes=f"Sold {_q(q)} {asset} for €{sub - fees:,.2f} EUR")  # fmt: skip
        elif typ == "Convert":
            q = min(
                Decimal(str(round(rng.uniform(0.1, 0.3), 4))),
                (hold["ETH"] * Decimal("0.5")).quantize(Decimal("0.0001")),
            )
            sub = money(q * unit)
            fees = (sub * Decimal("0.01")).quantize(Q2)
            usdc = ((sub - fees) / Decimal(str(round(p["USDC"], 4)))).quantize(Decimal("0.000001"))
            hold["USDC"] += usdc
            r.update(qty=-q, subtotal=sub, total=sub, fees=fees, usdc=usdc,
                     notes=f"Converted {_q(q)} ETH to {_q(usdc)} USDC")  # fmt: skip
        elif typ == "Staking Income":
            if hold["ETH"] <= 0:
                continue
            q = (hold["ETH"] * Decimal(str(0.032 * 3.5 / 365 * rng.uniform(0.85, 1.15)))).quantize(Q8)
            sub = money(q * unit)
            r.update(qty=q, subtotal=sub, total=sub, fees=Decimal("0.00"))
        elif typ == "Rewards Income":
            q = (Decimal(3) / unit).quantize(Decimal("0.0000001"))
            sub = money(q * unit)
            r.update(qty=q, subtotal=sub, total=sub, fees=Decimal("0.00"))
        elif typ == "Receive":
            q = received_btc
            sub = money(q * unit)
            r.update(qty=q, subtotal=sub, total=sub, fees=Decimal("0.00"),
                     notes=f"Received {_q(q)} BTC from an external account")  # fmt: skip
        elif typ == "Send":
            q = min(Decimal("0.1"), (hold["ETH"] * Decimal("0.5")).quantize(Decimal("0.0001")))
            sub = money(q * unit)
            r.update(qty=-q, subtotal=sub, total=sub, fees=Decimal("0.00"),
                     notes=f"Sent {_q(q)} ETH to 0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE")  # fmt: skip
        if asset and asset in hold:
            hold[asset] += r["qty"]
            assert hold[asset] >= 0, (t, asset)
        while True:
            i = "".join(rng.choice("0123456789abcdef") for _ in range(24))
            if i not in ids:
                ids.add(i)
                break
        r.update(id=i, time=t)
        rows.append(r)
    return rows


def _q(x: Decimal) -> str:
    """A quantity the way the report writes it: no exponent, no trailing zeros."""
    s = format(x, "f")
    return s.rstrip("0").rstrip(".") if "." in s else s


def _kfmt(x: Decimal, asset: str) -> str:
    return f"{x:.{K_DEC[asset]}f}"


def _write_kraken(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\n")
    w.writerow(["txid", "refid", "time", "type", "subtype", "aclass", "asset", "wallet", "amount", "fee", "balance"])
    for r in t.kraken:
        a = r["asset"]
        w.writerow([r["txid"], r["refid"], r["time"].strftime("%Y-%m-%d %H:%M:%S"), r["type"], r["subtype"],
                    "currency", a, "spot / main", _kfmt(r["amount"], a), _kfmt(r["fee"], a),
                    _kfmt(r["balance"], a)])  # fmt: skip
    (d / KRAKEN_FILE).write_bytes(buf.getvalue().encode("utf-8"))


CB_COLUMNS = ["ID", "Timestamp", "Transaction Type", "Asset", "Quantity Transacted", "Price Currency",
              "Price at Transaction", "Subtotal", "Total (inclusive of fees and/or spread)", "Fees and/or Spread",
              "Notes"]  # fmt: skip


def _eur(x: Decimal, price: bool = False) -> str:
    return f"€{x:,.4f}" if price and abs(x) < 1 else f"€{x:,.2f}"


def _write_coinbase(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    buf.write("\n")
    buf.write("Transactions\n")
    w.writerow(["User", CR_USER, "8c1f2e4a-5b7d-4e90-a3c6-2f18d9b07e55"])
    w.writerow(CB_COLUMNS)
    for r in t.coinbase:
        w.writerow([r["id"], r["time"].strftime("%Y-%m-%d %H:%M:%S UTC"), r["type"], r["asset"], _q(r["qty"]), "EUR",
                    _eur(r["price"], True), _eur(r["subtotal"]), _eur(r["total"]), _eur(r["fees"]), r["notes"]])  # fmt: skip
    (d / COINBASE_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# ==================================================================================================
# AIS: a MarineCadastre daily file cut to central Puget Sound, 15 July 2023 (UTC)
# ==================================================================================================

AIS_DAY = datetime(2023, 7, 15)
AIS_BOX = (47.25, 47.95, -122.66, -122.30)  # lat min, lat max, lon min, lon max
AIS_LOCAL_OFFSET = -7  # Pacific Daylight Time
AIS_WINDOW = (8, 9)  # the local-time question's hours (PDT)
AIS_DUP_FERRY = "WENATCHEE"  # the reports question's ferry (reports received twice)
AIS_DIST_FERRY = "KITSAP"  # the distance question's ferry (two reports without a position)
NM_RADIUS = 3440.065  # Earth's radius in nautical miles
COLMAN, BAINBRIDGE, BREMERTON = (47.6025, -122.3385), (47.6228, -122.5103), (47.5622, -122.6247)
FAUNTLEROY, VASHON, SOUTHWORTH = (47.5230, -122.3960), (47.5106, -122.4640), (47.5128, -122.5003)
EDMONDS, KINGSTON, SEACREST = (47.8133, -122.3853), (47.7960, -122.4960), (47.5890, -122.3790)
T18, T5, T86, HARBOR_IS = (47.5800, -122.3580), (47.5850, -122.3650), (47.6190, -122.3690), (47.5750, -122.3500)
TUG_BASE, PILOT_BASE = (47.5860, -122.3470), (47.6005, -122.3440)
ANCH = [(47.6170, -122.3780), (47.6225, -122.3905), (47.6110, -122.3890), (47.6280, -122.4010)]
TACOMA_ANCH, TACOMA_BERTH = (47.2950, -122.4550), (47.2720, -122.4180)
NORTH_EXIT, MID_N, MID_ELLIOTT = (47.9600, -122.4300), (47.7000, -122.4300), (47.6100, -122.3950)
MID_S1, MID_S2 = (47.4500, -122.4200), (47.3400, -122.4500)
SHILSHOLE, EB_MARINA, FISHING = (47.6800, -122.4070), (47.6290, -122.3950), (47.7300, -122.4650)
WATER = [EB_MARINA, (47.6200, -122.4200), (47.6000, -122.4300), (47.5600, -122.4300), (47.5400, -122.4850),
         (47.6500, -122.4400), SHILSHOLE, (47.7000, -122.4500), (47.6700, -122.4800), (47.5800, -122.4700)]  # fmt: skip
SVC_END, SVC_START = 7.75 * 3600, 11.75 * 3600  # ferries tie up 00:45-04:45 PDT


def _nm(a: tuple, b: tuple) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * NM_RADIUS * math.asin(math.sqrt(h))


def _bearing(a: tuple, b: tuple) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    y = math.sin(lo2 - lo1) * math.cos(la2)
    x = math.cos(la1) * math.sin(la2) - math.sin(la1) * math.cos(la2) * math.cos(lo2 - lo1)
    return math.degrees(math.atan2(y, x)) % 360


class _Track:
    """A vessel's day as segments: ('move', t0, t1, a, b, status), ('stay', t0, t1, point, status), ('off', ...)."""

    def __init__(self, rng: random.Random, t: float = 0.0) -> None:
        self.rng, self.t, self.segs, self.pos = rng, t, [], None

    def stay(self, until: float, pt: tuple, status: int | None) -> _Track:
        if until > self.t:
            self.segs.append(("stay", self.t, until, pt, status))
            self.t = until
        self.pos = pt
        return self

    def off(self, until: float) -> _Track:
        if until > self.t:
            self.segs.append(("off", self.t, until, None, None))
            self.t = until
        return self

    def go(self, path: list[tuple], knots: float, status: int | None) -> _Track:
        for a, b in zip(path, path[1:]):
            dt = _nm(a, b) / (knots * self.rng.uniform(0.96, 1.04)) * 3600
            self.segs.append(("move", self.t, self.t + dt, a, b, status))
            self.t += dt
        self.pos = path[-1]
        return self


# name, flag prefix, type, length, width, draft, IMO, call sign; names invented
SHIPS = [
    ("PACIFIC HARMONY", "563", 70, 366.0, 51.0, 14.2, "IMO9786412", "9V5529"),
    ("CAPE FLORES", "636", 71, 294.1, 32.3, 12.5, "IMO9458032", "D5QK7"),
    ("NORDIC AURORA", "538", 70, 199.9, 32.3, 11.8, "IMO9601187", "V7YB4"),
    ("BERGEN TRADER", "257", 70, 229.0, 32.3, 12.9, "IMO9712250", "LAQM8"),
    ("OCEAN MERIDIAN", "248", 80, 183.1, 32.2, 10.7, "IMO9477531", "9HA4821"),
    ("KESTREL SPIRIT", "311", 80, 249.0, 44.0, 13.6, "IMO9389904", "C6XQ3"),
    ("TASMAN BREEZE", "477", 82, 144.0, 23.0, 8.4, "IMO9559813", "VRKD6"),
    ("AUTO PROGRESS", "477", 70, 199.9, 32.3, 9.5, "IMO9701033", "VRPW2"),
    ("ELLIOTT BAY", "367", 89, 60.4, 14.0, 3.9, "IMO8976520", "WDC4419"),
]
FERRIES = [
    ("WENATCHEE", [[COLMAN, (47.6090, -122.4300), BAINBRIDGE], [BAINBRIDGE, (47.6090, -122.4300), COLMAN]], 17.5, 1200),
    ("TACOMA", [[BAINBRIDGE, (47.6090, -122.4300), COLMAN], [COLMAN, (47.6090, -122.4300), BAINBRIDGE]], 17.5, 1200),
    ("KITSAP", [[COLMAN, (47.5900, -122.4500), (47.5880, -122.5320), (47.5720, -122.5640), BREMERTON],
                [BREMERTON, (47.5720, -122.5640), (47.5880, -122.5320), (47.5900, -122.4500), COLMAN]], 16.0, 1500),
    ("CHIMACUM", [[BREMERTON, (47.5720, -122.5640), (47.5880, -122.5320), (47.5900, -122.4500), COLMAN],
                  [COLMAN, (47.5900, -122.4500), (47.5880, -122.5320), (47.5720, -122.5640), BREMERTON]], 16.0, 1500),
    ("CATHLAMET", [[FAUNTLEROY, VASHON], [VASHON, SOUTHWORTH], [SOUTHWORTH, FAUNTLEROY]], 13.5, 720),
    ("KITTITAS", [[VASHON, SOUTHWORTH], [SOUTHWORTH, FAUNTLEROY], [FAUNTLEROY, VASHON]], 13.5, 720),
    ("ISSAQUAH", [[SOUTHWORTH, FAUNTLEROY], [FAUNTLEROY, VASHON], [VASHON, SOUTHWORTH]], 13.5, 720),
    ("SPOKANE", [[EDMONDS, KINGSTON], [KINGSTON, EDMONDS]], 17.0, 900),
    ("WALLA WALLA", [[KINGSTON, EDMONDS], [EDMONDS, KINGSTON]], 17.0, 900),
]  # fmt: skip
TUGS = ["ANNA K", "PUGET MARIE", "SOUND VENTURE", "COHO", "RAINIER PRIDE"]
SMALL = [("SEA DAWN", 30, "B"), ("NORTHERN PRIDE", 30, "A"), ("LADY KATHRYN", 30, "A"),
         ("BLUE HERON", 37, "B"), ("DRIFTWOOD", 37, "B"), ("OSPREY", 37, "B"), ("KNOT WORKING", 37, "B"),
         ("SALTY DOG", 37, "B"), ("MISS ADVENTURE", 37, "B"), ("SEA LA VIE", 37, "B"), ("", None, "B"),
         ("WINDSONG", 36, "B"), ("ARIEL", 36, "B"), ("TRADEWIND", 36, "B"), ("CELESTE", 36, "B"),
         ("SKYLARK", 36, "B")]  # fmt: skip
GLITCH_SOG = {"DRIFTWOOD": [3.1, 19.2], "SALTY DOG": [2.4], "COHO": [21.9]}  # hours UTC of a 102.3 report
GLITCH_POS = {AIS_DIST_FERRY: [13.4, 18.85], "SOUND VENTURE": [6.2]}  # hours UTC of a report without position


def _ferry_track(rng: random.Random, legs: list, knots: float, dwell: float, k0: int) -> _Track:
    tr = _Track(rng, -5 * 3600 - rng.uniform(0, 2400))
    k = k0
    tr.pos = legs[k % len(legs)][0]
    while tr.t < 86400:
        if SVC_END <= tr.t < SVC_START:
            tr.stay(SVC_START + rng.uniform(0, 900), tr.pos, 5)
            continue
        tr.go(legs[k % len(legs)], knots, 0)
        tr.stay(tr.t + dwell * rng.uniform(0.85, 1.2), tr.pos, 0)
        k += 1
    return tr


def _wander(tr: _Track, rng: random.Random, home: tuple, until: float, knots: float, status: int | None) -> None:
    pos = home
    while tr.t < until:
        nxt = rng.choice([w for w in WATER if w != pos])
        tr.go([pos, nxt], knots * rng.uniform(0.8, 1.2), status)
        pos = nxt
        if rng.random() < 0.35:
            tr.stay(tr.t + rng.uniform(900, 3600), pos, status)
    tr.go([pos, home], knots, status)


def _build_ais(rng: random.Random) -> tuple[list[dict], list[dict]]:
    vessels: list[dict] = []
    mmsis: set[int] = set()

    def vessel(name: str, prefix: str, vtype: int | None, cls: str, length, width, draft, imo: str, call: str,
               role: str, track: _Track) -> dict:  # fmt: skip
        while True:
            m = int(prefix + "".join(rng.choice("0123456789") for _ in range(9 - len(prefix))))
            if m not in mmsis and m % 1000 != 0:
                mmsis.add(m)
                break
        v = {"mmsi": m, "name": name, "type": vtype, "cls": cls, "length": length, "width": width, "draft": draft,
             "imo": imo, "call": call, "role": role, "segs": track.segs}  # fmt: skip
        vessels.append(v)
        return v

    def ship(i: int) -> tuple:
        return SHIPS[i]

    # the big ships, each with its own day (hours UTC)
    h = 3600
    plans = [
        _Track(rng).stay(6.2 * h, T18, 5).go([T18, MID_ELLIOTT, MID_N, NORTH_EXIT], 12.0, 0).off(86400),
        _Track(rng).off(8.7 * h).go([NORTH_EXIT, MID_N, MID_ELLIOTT], 13.0, 0).go([MID_ELLIOTT, T5], 5.0, 0)
        .stay(86400, T5, 5),
        _Track(rng).stay(14.33 * h, ANCH[0], 1).go([ANCH[0], T86], 3.5, 1).stay(86400, T86, 5),
        _Track(rng).off(4.8 * h).go([NORTH_EXIT, MID_N, ANCH[1]], 11.0, 0).stay(86400, ANCH[1], 1),
        _Track(rng).stay(21.67 * h, ANCH[2], 1).go([ANCH[2], MID_ELLIOTT, MID_N, NORTH_EXIT], 12.0, 0).off(86400),
        _Track(rng).off(7.6 * h).go([NORTH_EXIT, MID_N, ANCH[3]], 11.5, 0).stay(86400, ANCH[3], 1),
        _Track(rng).stay(86400, HARBOR_IS, 5),
        _Track(rng).stay(11.0 * h, TACOMA_ANCH, 1).go([TACOMA_ANCH, TACOMA_BERTH], 6.0, 0).stay(86400, TACOMA_BERTH, 5),
        _Track(rng).stay(3.0 * h, HARBOR_IS, 5).go([HARBOR_IS, T5, ANCH[2]], 7.0, 0).stay(7.0 * h, ANCH[2], 0)
        .go([ANCH[2], T5, HARBOR_IS], 7.0, 0).stay(86400, HARBOR_IS, 5),
    ]  # fmt: skip
    for i, tr in enumerate(plans):
        name, prefix, vtype, length, width, draft, imo, call = ship(i)
        vessel(name, prefix, vtype, "A", length, width, draft, imo, call, "ship", tr)

    for k, (name, legs, knots, dwell) in enumerate(FERRIES):
        tr = _ferry_track(rng, legs, knots, dwell, rng.randint(0, 5))
        vessel(name, "366", 60, "A", rng.choice([134.0, 140.0, 152.0]), 27.0, 5.2, f"IMO{rng.randint(7900000, 8999999)}",
               f"WYX{2000 + 37 * k}", "ferry", tr)  # fmt: skip
    for k, name in enumerate(["SALISH STAR", "ALKI SPIRIT"]):  # passenger-only water taxis, West Seattle
        tr = _Track(rng, -6 * 3600 + k * 1000)
        pos = COLMAN
        while tr.t < 86400:
            if 5.5 * h <= tr.t < 15.5 * h:
                tr.stay(15.5 * h + k * 1000, pos, 5)
                continue
            nxt = SEACREST if pos == COLMAN else COLMAN
            tr.go([pos, nxt], 20.0, 0).stay(tr.t + 900, nxt, 0)
            pos = nxt
        vessel(name, "367", 60, "A", 32.0, 9.0, 1.8, "", f"WDK{5100 + k}", "ferry", tr)

    for k, name in enumerate(TUGS):
        tr = _Track(rng)
        jobs = sorted(rng.uniform(0.5, 22.5) * h for _ in range(rng.randint(3, 5)))
        for start in jobs:
            if start <= tr.t:
                continue
            tr.stay(start, TUG_BASE, 0 if k % 2 else 5)
            target = rng.choice([T18, T5, T86, ANCH[0], ANCH[1], HARBOR_IS, EB_MARINA, (47.6000, -122.4000)])
            tr.go([TUG_BASE, target], 9.0, 0).stay(tr.t + rng.uniform(1800, 5400), target, 0).go(
                [target, TUG_BASE], 8.0, 0
            )
        tr.stay(86400, TUG_BASE, 0 if k % 2 else 5)
        imo = "IMO0000000" if k in (1, 3) else ""
        vessel(
            name, "367", 52, "A", rng.choice([28.0, 30.5, 34.1, 38.4]), 10.4, 4.2, imo, f"WDF{3300 + k * 11}", "tug", tr
        )
    tow = _Track(rng).stay(2 * h, TACOMA_BERTH, 0).go([TACOMA_BERTH, MID_S2, MID_S1, HARBOR_IS], 6.5, 0)
    tow.stay(15 * h, HARBOR_IS, 0).go([HARBOR_IS, MID_S1, MID_S2, TACOMA_BERTH], 6.5, 0).stay(86400, TACOMA_BERTH, 0)
    vessel("OLYMPIC TITAN", "367", 31, "A", 36.6, 11.0, 4.9, "IMO9123408", "WDE7761", "tow", tow)
    tow2 = _Track(rng).stay(18.5 * h, T86, 0).go([T86, MID_ELLIOTT, MID_N, NORTH_EXIT], 7.0, 0).off(86400)
    vessel("CASCADE HAULER", "367", 31, "A", 30.2, 9.8, 4.1, "", "WDG2290", "tow", tow2)
    pilot = _Track(rng)
    for when, where in ((4.55, MID_N), (5.95, T18), (7.35, MID_N), (8.65, MID_N), (21.4, ANCH[2])):
        pilot.stay(when * h, PILOT_BASE, 0).go([PILOT_BASE, where], 22.0, 0).stay(pilot.t + 600, where, 0)
        pilot.go([where, PILOT_BASE], 22.0, 0)
    pilot.stay(86400, PILOT_BASE, 0)
    vessel("PUGET SOUND PILOT", "367", 50, "A", 22.0, 6.1, 2.0, "", "WDB6620", "pilot", pilot)
    police = _Track(rng).stay(15.2 * h, PILOT_BASE, 5)
    pos = PILOT_BASE
    while police.t < 22.5 * h:
        nxt = rng.choice([w for w in WATER if w != pos])
        police.go([pos, nxt], rng.choice([12.0, 18.0, 24.0, 30.0]), 0).stay(police.t + rng.uniform(300, 1500), nxt, 0)
        pos = nxt
    police.go([pos, PILOT_BASE], 14.0, 0).stay(86400, PILOT_BASE, 5)
    vessel("SEATTLE HARBOR 3", "367", 55, "A", 13.0, 4.0, 1.2, "", "WDJ9017", "police", police)

    for k, (name, vtype, cls) in enumerate(SMALL):
        tr = _Track(rng)
        if vtype == 30:
            start = rng.uniform(12.0, 13.5) * h
            tr.stay(start, SHILSHOLE, 0 if cls == "A" else None).go(
                [SHILSHOLE, FISHING], 9.0, 0 if cls == "A" else None
            )
            while tr.t < rng.uniform(21.0, 23.0) * h:
                p = (FISHING[0] + rng.uniform(-0.02, 0.02), FISHING[1] + rng.uniform(-0.02, 0.02))
                tr.go([tr.pos, p], rng.uniform(2.0, 3.5), 7 if cls == "A" else None)
            tr.go([tr.pos, SHILSHOLE], 9.0, 0 if cls == "A" else None).stay(86400, SHILSHOLE, 0 if cls == "A" else None)
            call = f"WDH{4400 + k}" if cls == "A" else ""
            vessel(name, "367" if cls == "A" else "338", vtype, cls, rng.choice([17.8, 21.3, 24.4]), 6.7, 3.0 if cls == "A" else None,
                   "", call, "fishing", tr)  # fmt: skip
            continue
        home = rng.choice([SHILSHOLE, EB_MARINA])
        knots = 6.0 if vtype == 36 else rng.uniform(9.0, 16.0)
        if rng.random() < 0.5:  # out on the water the evening before (before 03:00 UTC)
            tr.t = -2 * h
            _wander(tr, rng, home, rng.uniform(0.5, 2.5) * h, knots, None)
        tr.off(max(tr.t, rng.uniform(15.5, 19.0) * h))
        _wander(tr, rng, home, rng.uniform(21.0, 25.0) * h, knots, None)
        tr.off(max(tr.t, 86400) + 1)
        vessel(name, "338" if k % 3 else "367", vtype, "B", rng.choice([None, 9.8, 11.3, 12.2, 14.6]) if name else None,
               None, None, "", "", "pleasure", tr)  # fmt: skip

    # the position reports
    rows: list[dict] = []
    lat0, lat1, lon0, lon1 = AIS_BOX
    for v in vessels:
        a = v["cls"] == "A"
        moving_dt, still_dt = (120, 360) if a else (180, 540)
        glitch_s = [g * 3600 for g in GLITCH_SOG.get(v["name"], [])]
        glitch_p = [g * 3600 for g in GLITCH_POS.get(v["name"], [])]
        t = rng.uniform(0, 90)
        si = 0
        heading_ok = a and v["role"] != "tug" or v["name"] == "ANNA K"
        dup_rate = 0.06 if v["name"] == AIS_DUP_FERRY else (0.03 if v["role"] in ("ferry", "ship") else 0.0)
        while t < 86400:
            segs = v["segs"]
            while si < len(segs) and segs[si][2] <= t:
                si += 1
            if si >= len(segs):
                break
            kind, t0, t1 = segs[si][:3]
            status = segs[si][-1]
            if kind == "off":
                t = t1 + rng.uniform(0, 60)
                continue
            if kind == "move":
                p, q = segs[si][3], segs[si][4]
                f = (t - t0) / (t1 - t0)
                lat, lon = p[0] + f * (q[0] - p[0]), p[1] + f * (q[1] - p[1])
                sog = _nm(p, q) / ((t1 - t0) / 3600) * rng.gauss(1, 0.025)
                cog = (_bearing(p, q) + rng.gauss(0, 1.5)) % 360
                moving = sog >= 1
            else:
                p = segs[si][3]
                swing = 0.0006 if status == 1 else 0.00008
                lat, lon = p[0] + rng.uniform(-swing, swing), p[1] + rng.uniform(-swing, swing) * 1.4
                sog = abs(rng.gauss(0, 0.12))
                cog = rng.uniform(0, 359.9)
                moving = False
            if not (lat0 <= lat <= lat1 and lon0 <= lon <= lon1):
                t += still_dt
                continue
            heading = ((cog + rng.gauss(0, 2.5)) % 360 if moving else rng.uniform(0, 359)) if heading_ok else 511.0
            r = {"mmsi": v["mmsi"], "t": int(t), "lat": round(lat, 5), "lon": round(lon, 5), "sog": round(sog, 1),
                 "cog": round(cog, 1) % 360.0, "heading": float(round(heading)) % 360 if heading != 511.0 else 511.0,
                 "status": status if a else None, "dup": False}  # fmt: skip
            if glitch_s and t >= glitch_s[0]:
                glitch_s.pop(0)
                r.update(sog=102.3, cog=360.0, heading=511.0)
            if glitch_p and t >= glitch_p[0]:
                glitch_p.pop(0)
                r.update(lat=91.0, lon=181.0)
            rows.append(r)
            if rng.random() < dup_rate:
                rows.append(dict(r, dup=True))
            t += (moving_dt if moving else still_dt) * rng.uniform(0.85, 1.15)
    rows.sort(key=lambda r: (r["t"], r["mmsi"], r["dup"]))
    return vessels, rows


AIS_COLUMNS = ["MMSI", "BaseDateTime", "LAT", "LON", "SOG", "COG", "Heading", "VesselName", "IMO", "CallSign",
               "VesselType", "Status", "Length", "Width", "Draft", "Cargo", "TransceiverClass"]  # fmt: skip


def _write_ais(t: Truth, d: Path) -> None:
    by = {v["mmsi"]: v for v in t.vessels}

    def f1(x) -> str:
        return "" if x is None else f"{x:.1f}"

    lines = [",".join(AIS_COLUMNS)]
    for r in t.ais:
        v = by[r["mmsi"]]
        ts = (AIS_DAY + timedelta(seconds=r["t"])).strftime("%Y-%m-%dT%H:%M:%S")
        cargo = "" if v["cls"] == "B" or v["type"] not in (70, 71, 80, 82) else str(v["type"])
        lines.append(",".join([
            str(v["mmsi"]), ts, f"{r['lat']:.5f}", f"{r['lon']:.5f}", f"{r['sog']:.1f}", f"{r['cog']:.1f}",
            f"{r['heading']:.1f}", v["name"], v["imo"], v["call"], "" if v["type"] is None else str(v["type"]),
            "" if r["status"] is None else str(r["status"]), f1(v["length"]), f1(v["width"]), f1(v["draft"]), cargo,
            v["cls"],
        ]))  # fmt: skip
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        info = zipfile.ZipInfo(AIS_MEMBER, date_time=(2024, 1, 22, 14, 6, 30))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, ("\n".join(lines) + "\n").encode("utf-8"))
    (d / AIS_FILE).write_bytes(buf.getvalue())


# ==================================================================================================
# Phone: an Android call log and messages saved by SMS Backup & Restore, Aug 2023 to Feb 2024 (UK)
# ==================================================================================================

PH_START, PH_END = date(2023, 8, 1), date(2024, 2, 29)
PH_BACKUP = datetime(2024, 3, 2, 9, 30, 11)  # UTC (GMT)
PH_ME = "+447700900017"
PH_GROUP = ["Priya", "Dan", "Sophie"]  # the group chat
PH_GROUP_SENDER = "Dan"
# name, kind (m mobile, l Leeds landline), call weight, message weight, mean call minutes
PH_CONTACTS = [
    ("Mum", "m", 10, 8, 13), ("Dad", "l", 4, 0, 9), ("Priya", "m", 5, 10, 6), ("Dan", "m", 4, 6, 5),
    ("Sophie", "m", 3, 7, 5), ("Jamie", "m", 3, 4, 8), ("Gran", "l", 3, 0, 17), ("Helen Marsh", "m", 3, 2, 4),
    ("Chris", "m", 2, 3, 5), ("Aisha", "m", 2, 4, 6), ("Ollie", "m", 2, 3, 3), ("Hannah", "m", 1.5, 3, 4),
    ("Ben", "m", 1.5, 2, 3), ("Zoe", "m", 1, 2, 4), ("Kate", "m", 1, 1.5, 5), ("Rob Plumber", "m", 0.5, 0.5, 2),
    ("Leeds Dental Care", "l", 0.4, 0, 3), ("Oakwood Surgery", "l", 0.6, 0, 4), ("Uncle Pete", "m", 0.8, 0.5, 11),
]  # fmt: skip
PH_HOURS = [0.25, 0.05, 0, 0, 0, 0, 0.02, 0.3, 1, 1.5, 1.5, 1.5, 2, 2, 1.5, 1.5, 1.8, 2.2, 2.8, 3, 2.8, 2.4, 1.8, 1.0]
SERVICES = ["NatWest", "RoyalMail", "EVRI", "NHS", "Vodafone", "60060"]


def _last_sunday(y: int, m: int) -> date:
    d = date(y, m, 31)
    return d - timedelta(days=(d.weekday() + 1) % 7)


def uk_offset(utc: datetime) -> int:
    """Hours the UK is ahead of UTC at that moment (BST from the last Sunday of March to that of October, 01:00 UTC)."""
    y = utc.year
    on = datetime.combine(_last_sunday(y, 3), datetime.min.time()) + timedelta(hours=1)
    off = datetime.combine(_last_sunday(y, 10), datetime.min.time()) + timedelta(hours=1)
    return 1 if on <= utc < off else 0


def to_local(utc: datetime) -> datetime:
    return utc + timedelta(hours=uk_offset(utc))


def _from_local(local: datetime) -> datetime:
    utc = local - timedelta(hours=1)
    return utc if uk_offset(utc) == 1 else local


def ms(utc: datetime) -> int:
    return int((utc - datetime(1970, 1, 1)).total_seconds() * 1000)


def e164(n: str) -> str:
    """A UK number in +44 form, whatever way it was written."""
    s = "".join(ch for ch in n if ch.isdigit() or ch == "+")
    if s.startswith("+"):
        return s
    if s.startswith("44"):
        return "+" + s
    return "+44" + s[1:] if s.startswith("0") else s


def _national(n: str, spaced: bool) -> str:
    nat = "0" + n[3:]
    if not spaced:
        return nat
    if nat.startswith("07"):
        return f"{nat[:5]} {nat[5:]}"
    if nat.startswith("011") or nat.startswith("016"):
        return f"{nat[:4]} {nat[4:7]} {nat[7:]}"
    return f"{nat[:3]} {nat[3:7]} {nat[7:]}"


def _build_phone(rng: random.Random) -> tuple[list[dict], list[dict]]:
    used: set[str] = {PH_ME}

    def number(kind: str) -> str:
        while True:
            if kind == "m":
                n = f"+447700900{rng.randint(100, 999)}"
            elif kind == "l":
                n = f"+441134960{rng.randint(100, 999)}"
            elif kind == "ll":
                n = f"+4420794600{rng.randint(10, 99)}" if rng.random() < 0.5 else f"+441614960{rng.randint(100, 999)}"
            if n not in used:
                used.add(n)
                return n

    contacts = []
    for name, kind, cw, mw, mins in PH_CONTACTS:
        n = number(kind)
        style = rng.choice(["nat_sp", "nat", "e164", "e164_sp"]) if kind == "m" else rng.choice(["nat_sp", "nat"])
        contacts.append({"name": name, "num": n, "cw": cw, "mw": mw, "mins": mins, "style": style})
    unknown = [{"name": "(Unknown)", "num": number(rng.choice(["m", "m", "ll"])), "cw": 1, "mw": 0, "mins": 2,
                "style": "nat"} for _ in range(34)]  # fmt: skip
    by_name = {c["name"]: c for c in contacts}

    def dialled(c: dict) -> str:
        """The number as the call log stores an outgoing call: as saved, as called back, or as typed."""
        u = rng.random()
        if c["name"] != "(Unknown)" and u < 0.6:
            st = c["style"]
            if st == "e164":
                return c["num"]
            if st == "e164_sp":
                return f"+44 {c['num'][3:7]} {c['num'][7:]}"
            return _national(c["num"], st == "nat_sp")
        if u < 0.85:
            return c["num"]
        return _national(c["num"], rng.random() < 0.3)

    # ---- calls ----
    calls: list[dict] = []
    d = PH_START
    while d <= PH_END:
        for _ in range(rng.choice([1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9])):
            known = rng.random() < 0.86
            c = rng.choices(contacts, [x["cw"] for x in contacts])[0] if known else rng.choice(unknown)
            if known:
                typ = rng.choices([2, 1, 3, 5, 4], [48, 37, 11, 2, 2])[0]
            else:
                typ = rng.choices([2, 1, 3, 5, 4], [10, 25, 45, 18, 2])[0]
            hour = rng.choices(range(24), PH_HOURS)[0]
            if hour < 4 and d in (_last_sunday(2023, 10), _last_sunday(2024, 3)):
                hour = 12
            local = datetime(d.year, d.month, d.day, hour, rng.randint(0, 59), rng.randint(0, 59))
            utc = _from_local(local) + timedelta(milliseconds=rng.randint(0, 999))
            calls.append({"c": c, "type": typ, "utc": utc})
        d += timedelta(days=1)
    # call-backs after missed calls from people I know
    for x in list(calls):
        if x["type"] == 3 and x["c"]["name"] != "(Unknown)":
            u = rng.random()
            if u < 0.5:
                calls.append({"c": x["c"], "type": 2, "utc": x["utc"] + timedelta(minutes=rng.uniform(2, 50))})
            elif u < 0.65:
                calls.append({"c": x["c"], "type": 2, "utc": x["utc"] + timedelta(minutes=rng.uniform(70, 200))})
    calls.sort(key=lambda x: x["utc"])
    # keep every outgoing call clear of the 60-minute edge after a missed call from the same number
    for _ in range(3):
        for i, x in enumerate(calls):
            if x["type"] != 3:
                continue
            for y in calls[i + 1 :]:
                gap = (y["utc"] - x["utc"]).total_seconds() / 60
                if gap > 70:
                    break
                if y["type"] == 2 and y["c"] is x["c"] and 57 <= gap <= 63:
                    y["utc"] += timedelta(minutes=8)
        calls.sort(key=lambda x: x["utc"])
    for x in calls:
        c, typ = x["c"], x["type"]
        if typ in (1, 2):
            dur = (
                0
                if typ == 2 and rng.random() < 0.12
                else max(4, int(rng.lognormvariate(math.log(c["mins"] * 60), 0.8)))
            )
        elif typ == 4:
            dur = rng.randint(8, 45)
        else:
            dur = 0
        x["duration"] = dur
        if typ == 2:
            x["number"] = dialled(c)
        elif c["name"] == "(Unknown)" and typ in (3, 5) and rng.random() < 0.12:
            x["number"] = ""  # a withheld number
        else:
            x["number"] = c["num"]
        x["name"] = "(Unknown)" if x["number"] == "" else c["name"]
        x["e164"] = "" if x["number"] == "" else c["num"]
    calls.reverse()  # the app writes the newest call first

    # ---- messages ----
    msgs: list[dict] = []
    texts_in = ["Are you around later?", "Running 10 mins late, sorry!", "Did you see the match last night?",
                "Can you ring me when you get a sec", "Thanks for today x", "What time are we meeting?",
                "Happy birthday!! Have the best day", "Just landed ✈", "Don't forget Sunday lunch at 1",
                "Lol", "On my way", "Can you grab milk on the way home?", "Haha that's brilliant",
                "Fancy a pint Friday?", "Call you back in 5", "Got the tickets 🎉", "Night night 😴",
                "That's so annoying 😂", "Where did you park?", "Sorry missed your call"]  # fmt: skip
    texts_out = ["Yeah sounds good", "Will do", "See you there", "Ok x", "Can't talk now, in a meeting",
                 "Ha! 😂", "Leaving now", "Thanks!", "Love you, speak tomorrow", "Running late, 15 mins",
                 "Yes please", "No worries", "What do you fancy for tea?", "Just parked, by the entrance",
                 "Bring a coat, it's freezing", "👍", "Fish & chips?", "It said \"delivered\" but nothing here"]  # fmt: skip
    auto = {"NatWest": "Your NatWest one-time passcode is {n}. Never share it, even with NatWest staff.",
            "RoyalMail": "Royal Mail: your parcel is due today between 10:30 and 14:30. Track at royalmail.com/track",
            "EVRI": "EVRI: your parcel from ASOS will be delivered today. Reply STOP to opt out",
            "NHS": "Reminder: your appointment at Oakwood Surgery is on {d} at 09:40. To cancel call 0113 496 0555",
            "Vodafone": "Vodafone: you have used 80% of your data allowance. Add more at vodafone.co.uk",
            "60060": "Your code is {n}"}  # fmt: skip
    d = PH_START
    while d <= PH_END:
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 3, 4])):
            c = rng.choices(contacts, [x["mw"] for x in contacts])[0]
            hour = rng.choices(range(24), PH_HOURS)[0]
            if hour < 4 and d in (_last_sunday(2023, 10), _last_sunday(2024, 3)):
                hour = 12
            local = datetime(d.year, d.month, d.day, hour, rng.randint(0, 59), rng.randint(0, 59))
            utc = _from_local(local)
            out = rng.random() < 0.45
            for _k in range(rng.randint(1, 5)):
                body = rng.choice(texts_out if out else texts_in)
                if rng.random() < 0.06:
                    body = body + "\n" + rng.choice(["x", "See you soon", "Speak later"])
                typ = 2 if out else 1
                if out and rng.random() < 0.01:
                    typ = 5  # failed to send
                msgs.append({"kind": "sms", "utc": utc + timedelta(milliseconds=rng.randint(0, 999)), "type": typ,
                             "address": dialled(c) if out else c["num"], "name": c["name"], "body": body})  # fmt: skip
                utc += timedelta(seconds=rng.randint(20, 900))
                out = not out if rng.random() < 0.7 else out
        if rng.random() < 0.12:
            s = rng.choice(SERVICES)
            utc = _from_local(
                datetime(d.year, d.month, d.day, rng.randint(8, 20), rng.randint(0, 59), rng.randint(0, 59))
            )
            body = auto[s].format(n=rng.randint(100000, 999999), d=(d + timedelta(days=3)).strftime("%d/%m"))
            msgs.append({"kind": "sms", "utc": utc, "type": 1, "address": s, "name": "(Unknown)", "body": body})
        d += timedelta(days=1)

    group = [by_name[n] for n in PH_GROUP]
    days = (PH_END - PH_START).days

    def mms(utc: datetime, sender: dict | None, members: list[dict], text: str, n_img: int) -> None:
        msgs.append({"kind": "mms", "utc": utc, "box": 2 if sender is None else 1, "sender": sender,
                     "members": members, "text": text, "images": n_img})  # fmt: skip

    def local_day(k: int, lo: int = 8, hi: int = 22) -> datetime:
        dd = PH_START + timedelta(days=k)
        return _from_local(
            datetime(dd.year, dd.month, dd.day, rng.randint(lo, hi), rng.randint(0, 59), rng.randint(0, 59))
        )

    group_texts = ["Who's in for Saturday?", "Me!", "Can't this week sorry", "Pub quiz Thursday?", "Go on then",
                   "Table booked for 8", "Running late", "Has anyone got a phone charger I can borrow",
                   "Photos from last night", "😂😂😂", "Happy new year all 🎉", "Same place as last time?",
                   "I'll drive", "Anyone fancy the cinema?"]  # fmt: skip
    for _ in range(34):  # group conversations, a few messages each
        utc = local_day(rng.randint(0, days))
        for _k in range(rng.randint(1, 5)):
            who = rng.choices([None, *group], [25, 30, 26, 19])[0]
            n_img = rng.choice([1, 1, 2]) if rng.random() < 0.2 else 0
            mms(utc + timedelta(milliseconds=rng.randint(0, 999)), who, group, rng.choice(group_texts), n_img)
            utc += timedelta(seconds=rng.randint(40, 1500))
    for name, n, box in (("Mum", 13, 1), ("Dan", 7, 1), ("Priya", 5, 1), ("Mum", 9, 2), ("Jamie", 3, 1)):
        for _ in range(n):
            c = by_name[name]
            mms(local_day(rng.randint(0, days)), c if box == 1 else None, [c], rng.choice(["", "", "Look!", "📸"]),
                rng.choice([1, 1, 1, 2, 3]))  # fmt: skip
    msgs.sort(key=lambda m: m["utc"])
    for m in msgs:
        if m["kind"] == "mms":
            m["parts"] = [rng.choice(["image/jpeg", "image/jpeg", "image/png"]) for _ in range(m["images"])]
            m["blobs"] = ["/9j/4AAQSkZJRgABAQAAAQABAAD" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
                          for _ in range(120)) for _ in m["parts"]]  # fmt: skip
            m["mid"] = "".join(rng.choice("0123456789abcdef") for _ in range(16))
    return calls, msgs


def readable(utc: datetime) -> str:
    loc = to_local(utc)
    return f"{loc.day} {loc.strftime('%b %Y %H:%M:%S')}"


def _attr(s: str) -> str:
    return '"' + escape(str(s), {'"': "&quot;", "'": "&apos;", "\n": "&#10;"}) + '"'


PH_HEAD = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
PH_COMMENT = "<!--File Created By SMS Backup & Restore v10.20.002 on 02/03/2024 09:30:11-->\n"
PH_SUB = "89441000303451820716"


def _write_calls(t: Truth, d: Path) -> None:
    out = [PH_HEAD, PH_COMMENT, '<?xml-stylesheet type="text/xsl" href="calls.xsl"?>\n',
           f'<calls count="{len(t.calls)}" backup_set="6f1e9b2c-7d3a-4c58-9e21-b04a8f3d6c17" '
           f'backup_date="{ms(PH_BACKUP)}" type="full">\n']  # fmt: skip
    for x in t.calls:
        pres = "2" if x["number"] == "" else "1"
        out.append(f"  <call number={_attr(x['number'])} duration=\"{x['duration']}\" date=\"{ms(x['utc'])}\" "
                   f"type=\"{x['type']}\" presentation=\"{pres}\" subscription_id=\"{PH_SUB}\" post_dial_digits=\"\" "
                   'subscription_component_name="com.android.phone/com.android.services.telephony.TelephonyConnectionService" '
                   f"readable_date={_attr(readable(x['utc']))} contact_name={_attr(x['name'])} />\n")  # fmt: skip
    out.append("</calls>\n")
    (d / CALLS_FILE).write_bytes("".join(out).encode("utf-8"))


def _write_sms(t: Truth, d: Path) -> None:
    out = [PH_HEAD, PH_COMMENT, '<?xml-stylesheet type="text/xsl" href="sms.xsl"?>\n',
           f'<smses count="{len(t.messages)}" backup_set="6f1e9b2c-7d3a-4c58-9e21-b04a8f3d6c17" '
           f'backup_date="{ms(PH_BACKUP)}" type="full">\n']  # fmt: skip
    for m in t.messages:
        if m["kind"] == "sms":
            sent = m["type"] != 1
            out.append(f"  <sms protocol=\"0\" address={_attr(m['address'])} date=\"{ms(m['utc'])}\" type=\"{m['type']}\" "
                       f"subject=\"null\" body={_attr(m['body'])} toa=\"null\" sc_toa=\"null\" "
                       f"service_center={_attr('null' if sent else '+447785016005')} read=\"1\" status=\"-1\" locked=\"0\" "
                       f"date_sent=\"{0 if sent else ms(m['utc']) - 2000}\" sub_id=\"1\" readable_date={_attr(readable(m['utc']))} "
                       f"contact_name={_attr(m['name'])} />\n")  # fmt: skip
            continue
        members = m["members"]
        addr = "~".join(c["num"] for c in members)
        names = ", ".join(c["name"] for c in members)
        box = m["box"]
        out.append(f"  <mms date=\"{ms(m['utc'])}\" rr=\"null\" sub=\"null\" ct_t=\"application/vnd.wap.multipart.related\" "
                   f"read_status=\"null\" seen=\"1\" msg_box=\"{box}\" address={_attr(addr)} sub_cs=\"null\" "
                   f"resp_st=\"{'128' if box == 2 else 'null'}\" retr_st=\"null\" d_tm=\"null\" text_only=\"{int(not m['parts'])}\" "
                   f"exp=\"{'604800' if box == 2 else 'null'}\" locked=\"0\" m_id=\"{m['mid']}\" st=\"null\" retr_txt_cs=\"null\" "
                   f"retr_txt=\"null\" creator=\"com.google.android.apps.messaging\" date_sent=\"{ms(m['utc']) // 1000 if box == 1 else 0}\" "
                   f"read=\"1\" m_size=\"{len(m['parts']) * 180000 + 400}\" rpt_a=\"null\" ct_cls=\"null\" pri=\"129\" sub_id=\"1\" "
                   f"tr_id=\"T{m['mid'][:10]}\" resp_txt=\"null\" ct_l=\"null\" m_cls=\"personal\" d_rpt=\"129\" v=\"18\" "
                   f"m_type=\"{'128' if box == 2 else '132'}\" readable_date={_attr(readable(m['utc']))} "
                   f"contact_name={_attr(names)}>\n")  # fmt: skip
        out.append("    <parts>\n")
        smil = '<smil><head><layout><root-layout/></layout></head><body><par dur="5000ms"></par></body></smil>'
        out.append(f'      <part seq="-1" ct="application/smil" name="null" chset="null" cd="null" fn="null" '
                   f'cid="&lt;smil&gt;" cl="smil.xml" ctt_s="null" ctt_t="null" text={_attr(smil)} />\n')  # fmt: skip
        for k, (ct, blob) in enumerate(zip(m["parts"], m["blobs"])):
            ext = "jpg" if ct == "image/jpeg" else "png"
            fn = f"IMG_{to_local(m['utc']).strftime('%Y%m%d_%H%M%S')}_{k}.{ext}"
            out.append(f'      <part seq="0" ct="{ct}" name="{fn}" chset="null" cd="null" fn="null" cid="&lt;{fn}&gt;" '
                       f'cl="{fn}" ctt_s="null" ctt_t="null" text="null" data="{blob}" />\n')  # fmt: skip
        if m["text"]:
            out.append(f'      <part seq="0" ct="text/plain" name="null" chset="106" cd="null" fn="null" cid="&lt;text_0&gt;" '
                       f'cl="text_0.txt" ctt_s="null" ctt_t="null" text={_attr(m["text"])} />\n')  # fmt: skip
        out.append("    </parts>\n    <addrs>\n")
        sender = PH_ME if box == 2 else m["sender"]["num"]
        out.append(f'      <addr address="{sender}" type="137" charset="106" />\n')
        for num in [c["num"] for c in members if box == 2 or c is not m["sender"]] + ([PH_ME] if box == 1 else []):
            out.append(f'      <addr address="{num}" type="151" charset="106" />\n')
        out.append("    </addrs>\n  </mms>\n")
    out.append("</smses>\n")
    (d / SMS_FILE).write_bytes("".join(out).encode("utf-8"))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    rng = _rng("crypto")
    px = _prices(rng)
    kraken = _build_kraken(rng, px)
    moved = next(-r["amount"] for r in kraken if r["type"] == "withdrawal" and r["time"].date() == KR_TRANSFER_DAY)
    coinbase = _build_coinbase(rng, px, moved)
    vessels, ais = _build_ais(_rng("ais"))
    calls, messages = _build_phone(_rng("phone"))
    return Truth(kraken=kraken, coinbase=coinbase, vessels=vessels, ais=ais, calls=calls, messages=messages)


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_kraken(t, d)
    _write_coinbase(t, d)
    _write_ais(t, d)
    _write_calls(t, d)
    _write_sms(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout41-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
