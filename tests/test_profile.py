"""Data files as pandas sees them: the tested load line, column types, and general observations.

Each load line the profile offers is run here with pandas exactly as written, and its result
compared with what the test wrote, not with the profile's own words.
"""

import asyncio
import bz2
import gzip
import json
import os
import random
import re
import sqlite3
import warnings
import zipfile

import pandas as pd
import pytest

from jupyterlab_gptinterp.agent.aids.base import TurnState
from jupyterlab_gptinterp.agent.aids.checks import numbers_used_as_text
from jupyterlab_gptinterp.agent.aids.folding import folded, unfolded
from jupyterlab_gptinterp.agent.aids.hints import Hints
from jupyterlab_gptinterp.agent.aids.joins import ONE_WAY, joins
from jupyterlab_gptinterp.agent.aids.preview import (
    Preview,
    _extended,
    _names,
    as_asked,
    chosen,
    load_block,
    named_files,
    render,
)
from jupyterlab_gptinterp.agent.outcome import Outcome
from jupyterlab_gptinterp.protocol import NotebookView
from jupyterlab_gptinterp.workspace import MAX_BARE, DiskWorkspace, _typed, delimited, kinds, logformat, records
from jupyterlab_gptinterp.workspace.frames import table_profile
from jupyterlab_gptinterp.workspace.kinds import MAX_COLUMNS, MAX_TABLES, data_suffix
from jupyterlab_gptinterp.workspace.profile import profile


def prof(tmp_path, name, content=None):
    path = tmp_path / name
    if content is not None:
        path.write_text(content) if isinstance(content, str) else path.write_bytes(content)
    return _typed(profile(name, path))


def load(tmp_path, monkeypatch, code):
    monkeypatch.chdir(tmp_path)
    scope = {"pd": pd}
    exec(compile(code, "<load line>", "exec"), scope)  # noqa: S102 - the profile's own load line
    return scope[re.search(r"^(\w+) = pd\.read_sql\(", code, re.M).group(1) if "read_sql" in code else "df"]


def column(p, name, table=0):
    return next(c for c in p.tables[table].columns if c.name == name)


def test_a_csv_with_a_title_line_semicolons_decimal_commas_and_missing_markers_loads_as_numbers(tmp_path, monkeypatch):
    rows = [
        f"{i};{i * 1.5:.1f};{'-' if i % 7 == 0 else str(i) + ',25'};{'n/a' if i % 5 == 0 else i}" for i in range(40)
    ]
    text = "Readings exported 2024\n" + "id;value;reading;count\n" + "\n".join(r.replace(".", ",") for r in rows) + "\n"
    p = prof(tmp_path, "r.csv", text)
    code = p.tables[0].load
    assert "sep=';'" in code and "decimal=','" in code and "skiprows=1" in code and "na_values=" in code
    df = load(tmp_path, monkeypatch, code)
    assert list(df.columns) == ["id", "value", "reading", "count"] and len(df) == 40
    assert df["reading"].dtype.kind == "f" and df["reading"].isna().sum() == 6 and df["reading"][1] == 1.25
    assert df["value"][3] == 4.5 and df["count"].isna().sum() == 8
    assert column(p, "reading").dtype == "float" and column(p, "reading").missing == 6
    assert any("title" in n for n in p.tables[0].notes)


def test_json_written_as_text_in_a_column_and_fields_joined_by_the_unit_separator_are_said_so(tmp_path, monkeypatch):
    """An app's database keeps its settings as JSON text (records keyed by id) and a note's fields
    joined by ASCII's unit separator: the notes say how to read both, and their code works."""
    decks = json.dumps({str(i): {"id": i, "name": f"Deck::{i}", "mod": 5} for i in range(1, 4)})
    with sqlite3.connect(tmp_path / "app.db") as con:
        con.execute("CREATE TABLE col (id INTEGER, decks TEXT, conf TEXT)")
        con.execute("INSERT INTO col VALUES (1, ?, ?)", (decks, json.dumps({"curDeck": 1, "sort": "due"})))
        con.execute("CREATE TABLE notes (id INTEGER, flds TEXT)")
        con.executemany("INSERT INTO notes VALUES (?, ?)", [(i, f"word {i}\x1fmeaning {i}") for i in range(9)])
    con.close()
    p = prof(tmp_path, "app.db")
    col = next(t for t in p.tables if t.name == "col")
    note = next(c for c in col.columns if c.name == "decks").notes[0]
    assert note.startswith("JSON text: an object of records keyed by id, each with 'id', 'name', 'mod'")
    df = load(tmp_path, monkeypatch, load_block(p, col))
    records = eval(note.split("(import json): ", 1)[1], {"pd": pd, "json": json, "col_df": df})  # noqa: S307 (table col's frame)
    assert list(records["name"]) == ["Deck::1", "Deck::2", "Deck::3"]
    assert "keys 'curDeck', 'sort'" in next(c for c in col.columns if c.name == "conf").notes[0]
    fields = next(c for c in p.tables[1].columns if c.name == "flds").notes[0]
    assert "fields joined by '\\x1f'" in fields
    notes = load(tmp_path, monkeypatch, load_block(p, p.tables[1]))
    split = eval(fields.split(": ", 1)[1].split(" gives")[0], {"notes": notes})  # noqa: S307
    assert split[1][3] == "meaning 3"


def test_the_newer_readings_keep_to_what_they_can_read(tmp_path, monkeypatch):
    """A header named with a '#', records wrapped but flat, assigned JSON gzipped or plain, a script
    that is no JSON, namespaced or clashing values inside XML records, JSON text holding dates."""
    pokemon = "#,Name,Attack\n" + "".join(f"{i},P{i},{i * 10}\n" for i in range(1, 30))
    df = load(tmp_path, monkeypatch, prof(tmp_path, "pokemon.csv", pokemon).tables[0].load)
    assert list(df.columns) == ["#", "Name", "Attack"] and len(df) == 29
    bed = "# track made 2024\n#chrom\tstart\tend\n" + "".join(f"chr1\t{i}\t{i + 5}\n" for i in range(20))
    df = load(tmp_path, monkeypatch, prof(tmp_path, "peaks.tsv", bed).tables[0].load)
    assert list(df.columns) == ["chrom", "start", "end"] and df["end"].sum() == sum(range(5, 25))
    flat = [{"tweet": {"id": i, "n": i * 2}} for i in range(20)]
    p = prof(tmp_path, "flat.json", json.dumps(flat))
    df = load(tmp_path, monkeypatch, "import json\n" + p.tables[0].load)
    assert sorted(df.columns) == ["id", "n"] and df["n"].sum() == 380
    (tmp_path / "data.js.gz").write_bytes(gzip.compress(("var data = " + json.dumps(flat) + ";").encode()))
    p = prof(tmp_path, "data.js.gz")
    assert load(tmp_path, monkeypatch, "import pandas as pd\n" + p.tables[0].load)["id"].sum() == 190
    plain = prof(tmp_path, "plain.js", "var rows = " + json.dumps([{"a": i} for i in range(5)]))
    assert load(tmp_path, monkeypatch, "import json\n" + plain.tables[0].load)["a"].sum() == 10
    script = prof(tmp_path, "config.js", "const config = {\n  debug: true,\n};\nexport default config;\n")
    assert script.kind in ("text", "lines") and "could not read" not in script.note
    ns = "".join(
        f'<entry><media:group xmlns:media="urn:m"><media:title>T{i}</media:title><media:views>{i}</media:views>'
        f"</media:group><meta><info><id>x{i}</id><size>{i * 3}</size></info></meta></entry>"
        for i in range(12)
    )
    p = prof(tmp_path, "feed.xml", f"<feed>{ns}</feed>")
    assert not any("}" in c.name for c in p.tables[0].columns)
    clash = "".join(
        f'<rec id="{i}"><meta><info><id>x{i}</id><size>{i * 3}</size></info></meta></rec>' for i in range(12)
    )
    df = load(tmp_path, monkeypatch, prof(tmp_path, "recs.xml", f"<all>{clash}</all>").tables[0].load)
    assert df["id"].sum() == 66 and list(df["info/id"][:2]) == ["x0", "x1"]  # the attribute kept its column
    dated = pd.DataFrame(
        {"k": range(12), "meta": [json.dumps({"created": f"2024-01-{i + 1:02d}", "n": i}) for i in range(12)]}
    )
    dated.to_csv(tmp_path / "dated.csv", index=False)
    assert column(prof(tmp_path, "dated.csv"), "meta").notes[0].startswith("JSON text with keys 'created', 'n'")


def test_a_csv_under_a_block_of_comment_lines_loads_below_them_with_the_columns_they_describe(tmp_path, monkeypatch):
    """A scientific export writes `#` lines first (who made it, when, each column's meaning and unit),
    some with commas in them: they are skipped, and what they say of a column is its label."""
    names = [f"c{i}" for i in range(14)] + ["dist", "name"]
    about = [f"# COLUMN {n}: Quantity {n}, measured [units]" for n in names[:-2]]
    about += ["# COLUMN dist:  Distance [pc]", "# name = Object name, as published", "#", "# Made 2025-01-14, by a, b"]
    rows = [",".join([*(str(i * j) for j in range(14)), f"{i * 1.5}", f'"Obj {i}, b"']) for i in range(30)]
    text = "# This file was produced by an archive, 2025\n#\n" + "\n".join(about) + "\n" + ",".join(names) + "\n"
    p = prof(tmp_path, "archive.csv", text + "\n".join(rows) + "\n")
    code = p.tables[0].load
    assert f"skiprows={len(about) + 2}" in code and "comment" not in code  # a '#' inside a value stays
    df = load(tmp_path, monkeypatch, code)
    assert list(df.columns) == names and len(df) == 30 and df["dist"][2] == 3.0 and df["name"][1] == "Obj 1, b"
    assert column(p, "dist").label == "Distance [pc]" and column(p, "name").label == "Object name, as published"
    assert column(p, "c3").label == "Quantity c3, measured [units]" and p.tables[0].rows == 30
    assert any("comments" in n for n in p.tables[0].notes)
    whole = render([p], 5000)
    text = render([p], len(whole) - 30)  # 12 columns described: the 4 past them named, with their labels
    assert "'dist': float; labelled 'Distance [pc]'" in whole and "'c12':" not in text
    assert "4 more columns: 'c12' (Quantity c12, measured [units]), " in text and "'dist' (Distance [pc])" in text


def test_dates_pandas_guesses_no_format_for_get_the_format_a_later_value_shows(tmp_path, monkeypatch):
    """'Jan 3, 2024, 4:09:45 PM' first: pandas guesses no format from it and parses each value with
    dateutil, warning in every output; a later value shows the format, which reads them all."""
    rows = "".join(f'"Jan {d}, 2024, {1 + d % 12}:09:45 {"AP"[d % 2]}M",{d}\n' for d in range(3, 28))
    p = prof(tmp_path, "activities.csv", "Activity Date,km\n" + rows)
    assert "format='%b %d, %Y, %I:%M:%S %p'" in p.tables[0].load
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["Activity Date"].iloc[10] == pd.Timestamp(2024, 1, 13, 14, 9, 45)
    iso = prof(tmp_path, "iso.csv", "day,n\n" + "".join(f"2024-01-{d:02d},{d}\n" for d in range(1, 20)))
    assert "format=" not in iso.tables[0].load  # pandas reads these from the first: no format said


def test_numbers_with_a_few_words_in_their_place_are_said_with_the_words_and_not_converted(tmp_path, monkeypatch):
    """'LO' and 'HI' where a meter read beyond its range: the words and their rows are said, the
    column stays text (NaN would lose what they stand for); a word once (a units line among the
    rows) and a column of words are not such a column."""
    levels = ["LO" if i % 97 == 3 else "HI" if i % 89 == 7 else str(20 + i % 300) for i in range(3000)]
    p = prof(tmp_path, "gauge.csv", "at,level\n" + "".join(f"t{i},{v}\n" for i, v in enumerate(levels)))
    note = column(p, "level").notes[0]
    assert f"'LO' ({levels.count('LO')} rows)" in note and f"'HI' ({levels.count('HI')} rows)" in note
    assert "errors='coerce'" in note and load(tmp_path, monkeypatch, p.tables[0].load)["level"].dtype != float
    # Codes among few values ('X', 'MT' among chromosome numbers): every value is still listed.
    chrom = [str(1 + i % 22) if i % 23 else ("X" if i % 2 else "MT") for i in range(400)]
    coded = prof(tmp_path, "calls.csv", "id,chrom\n" + "".join(f"r{i},{c}\n" for i, c in enumerate(chrom)))
    assert any(n.startswith("values:") and "'MT'" in n for n in column(coded, "chrom").notes)
    once = prof(tmp_path, "once.csv", "at,level\nunit,cm\n" + "".join(f"t{i},{20 + i}\n" for i in range(30)))
    assert not any("in their place" in n for n in column(once, "level").notes)
    names = prof(tmp_path, "names.csv", "at,who\n" + "".join(f"t{i},{'Ann' if i % 2 else 'Bo'}\n" for i in range(30)))
    assert not any("in their place" in n for n in column(names, "who").notes)


def test_text_that_holds_numbers_dates_or_yes_no_is_said_so(tmp_path):
    lines = ["price,when,ok,weight,share,name"]
    for i in range(30):
        when = [f"2024-03-0{1 + i % 9}", f"{13 + i % 10}/03/2024", f"{1 + i % 9} Mar 2024"][i % 3]
        unit = ["kg", "g", "lb"][i % 3]
        lines.append(f'"${i},{i:03d}.50",{when},{["yes", "no", "Y"][i % 3]},{i + 1} {unit},{i}.5%,Name {i}')
    p = prof(tmp_path, "t.csv", "\n".join(lines) + "\n")
    price, when, ok, weight, share = (column(p, n) for n in ("price", "when", "ok", "weight", "share"))
    assert price.dtype == "text" and "remove '$' and ','" in price.notes[0]
    assert "3 formats" in when.notes[0] and "format='mixed'" in when.notes[0] and "dayfirst=True" in when.notes[0]
    assert "yes/no" in ok.notes[0]
    assert "different units" in weight.notes[0] and "'kg'" in weight.notes[0]
    # What follows the note's colon is Python as it stands (a small model copies it into its cell), and works.
    ran = {"df": pd.read_csv(tmp_path / "t.csv")}
    exec(weight.notes[0].rsplit(": ", 1)[1], ran)  # noqa: S102
    assert ran["number"][4] == 5.0 and ran["unit"][4] == "g"
    # A quote among the symbols removed (a spreadsheet's "'1234"): the note's line is Python all the same.
    quoted = prof(tmp_path, "q.csv", "n,v\n" + "".join(f"'{100 + i},{i}\n" for i in range(30)))
    note = column(quoted, "n").notes[0]
    ran = {"df": pd.read_csv(tmp_path / "q.csv")}
    exec("s = " + note.rsplit(": ", 1)[1], ran)  # noqa: S102
    assert ran["s"].tolist() == [100.0 + i for i in range(30)] and "str.replace(" not in quoted.tables[0].load
    # With a leading zero (FAOSTAT's "'0111", a borough's '06 BROOKLYN') they are codes: no number is offered.
    # So is one value on every row ('11N'): it is listed as it is.
    rows = "".join(f"'0{100 + i},0{i % 9 + 1} BROOKLYN,11N\n" for i in range(30))
    codes = prof(tmp_path, "c.csv", "code,board,pco\n" + rows)
    assert not [n for c in codes.tables[0].columns for n in c.notes if n.startswith("numbers")]
    assert column(codes, "pco").notes == ["values: '11N'"]
    rows = "".join(f'"{n},250 {u}"\n' for n, u in zip(range(1, 21), ["kg", "g", "lb"] * 7))
    heavy = prof(tmp_path, "w.csv", "w\n" + rows)
    note = heavy.tables[0].columns[0].notes[0]
    assert "parts[0].str.replace(',', '').astype(float)" in note  # '1,250 g' has a thousands separator
    assert "percentages" in share.notes[0]
    some = prof(tmp_path, "s.csv", "t\n" + "".join(f"{i}.5\n" if i % 4 else f"{i}50 kg\n" for i in range(12)))
    assert column(some, "t").holds == "numbers with units" and "none on the others" in column(some, "t").notes[0]
    money = prof(tmp_path, "m.csv", "p\n" + "".join(f"{i}.5\n" if i % 4 else f"{i}.50 EUR\n" for i in range(12)))
    assert column(money, "p").holds == "numbers"  # a currency on some rows is the same money
    assert not column(p, "name").notes  # plain text gets no observation
    held = [price.holds, when.holds, ok.holds, weight.holds, share.holds, column(p, "name").holds]
    assert held == ["numbers", "dates in several formats", "yes/no", "numbers with units", "numbers", ""]
    assert column(prof(tmp_path, "d.csv", "when\n" + "2024-03-01\n" * 12), "when").holds == "dates"
    day = "May 21, 2018"
    stamped = "".join(
        f'"{day} {i}:05:00 PM","- Saved on page {i} | Added on Monday, {day} {i}:05 PM"\n' for i in range(1, 13)
    )
    inside = prof(tmp_path, "e.csv", "when,entry\n" + stamped)
    assert column(inside, "when").holds == "dates" and column(inside, "entry").holds == ""  # a date inside words
    versions = prof(tmp_path, "v.csv", "fw,day\n" + "".join(f"2.{i % 5}.1,01.02.24\n" for i in range(12)))
    assert column(versions, "fw").holds == "" and column(versions, "day").holds == "dates"  # 2.4.1 is a version
    units = prof(tmp_path, "u.csv", "temp,unit\n" + "".join(f"{20 + i},{'CF'[i % 2]}\n" for i in range(12)))
    assert column(units, "unit").holds == "units" and "unit of each row" in column(units, "unit").notes[1]
    ids = prof(tmp_path, "i.csv", "Unit,kW\n" + "".join(f"INV0{i % 3},{i}\n" for i in range(12)))
    assert column(ids, "Unit").holds == "" and len(column(ids, "Unit").notes) == 1  # ids named 'Unit', no units
    # Units counted in multiples, as statistics offices write them: thousands of animals, 100 g per ha.
    scaled = "".join(f"{u},{i}\n" for i in range(4) for u in ("An", "1000 An", "t", "100 g/ha"))
    multiples = column(prof(tmp_path, "x.csv", "Unit,Value\n" + scaled), "Unit")
    assert multiples.holds == "units" and multiples.notes[2] == (
        "'1000 An' counts in 1000s of 'An': a row's number times 1000 is in 'An'; "
        "'100 g/ha' counts in 100s of 'g/ha': a row's number times 100 is in 'g/ha'"
    )


def test_the_load_block_converts_numbers_and_dates_held_as_text_when_the_conversion_loses_nothing(
    tmp_path, monkeypatch
):
    lines = ["price,when,share,weight,odd"]
    for i in range(30):
        when = [f"2024-03-{1 + i % 9:02d}", f"{13 + i % 10}/03/2024", f"{1 + i % 9} Mar 2024"][i % 3]
        odd = "$1.2.3" if i == 7 else f"${i}.5"  # one value no number parse takes
        lines.append(f'"${i},{i:03d}.50",{when},{i}.5%,{i + 1} {["kg", "g"][i % 2]},{odd}')
    p = prof(tmp_path, "t.csv", "\n".join(lines) + "\n")
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["price"].dtype.kind == "f" and df["price"][3] == 3003.5
    assert df["when"].dtype.kind == "M" and df["when"][1].day == 14 and df["when"][1].month == 3
    assert df["share"].dtype.kind == "f" and df["share"][4] == 4.5
    assert df["weight"][0] == "1 kg" and df["odd"][7] == "$1.2.3"  # no one line converts these
    assert [column(p, n).converted != "" for n in ("price", "when", "share", "weight", "odd")] == [1, 1, 1, 0, 0]
    assert column(p, "odd").notes  # still described, as text
    quoted = prof(tmp_path, "q.csv", "v\n" + "".join(f"'{i}.5\n" for i in range(20)))
    assert quoted.tables[0].columns[0].notes and not quoted.tables[0].columns[0].converted  # no line from a quote
    text = render([p], 3000)
    assert "'price': numbers after the lines above" in text and "'when': dates after the lines above" in text
    assert "'odd': text" in text


def test_conversions_alike_but_for_their_column_come_together_so_the_preview_shows_one_loop(tmp_path):
    """Dates, then money, then dates again in the file's column order: the date lines were two runs
    the preview could not fold into one loop, and a wide table's block crowded its columns out."""
    rows = "".join(f"2024-03-0{1 + i % 9},${i}.50,2024-04-0{1 + i % 9},{i}%,2024-05-0{1 + i % 9}\n" for i in range(30))
    p = prof(tmp_path, "w.csv", "a,price,b,share,c\n" + rows)
    converts = p.tables[0].load.splitlines()[1:]
    assert [line.split(" = ")[0] for line in converts] == [
        "df['a']",
        "df['b']",
        "df['c']",
        "df['price']",
        "df['share']",
    ]
    assert "for col in ['a', 'b', 'c']:\n    df[col] = pd.to_datetime(df[col])" in render([p], 3000)


def test_yes_no_text_becomes_true_false_in_the_load_block_and_missing_stays_missing(tmp_path, monkeypatch):
    """'t'/'f' (Inside Airbnb's flags, PostgreSQL's booleans exported as text): `== True` on the text
    counted nothing; after the load block it counts the 't' rows, and a missing flag is neither."""
    rows = "".join(f"{i},{['t', 'f', 'f', ''][i % 4]},{['Yes', 'no'][i % 2]}\n" for i in range(40))
    p = prof(tmp_path, "l.csv", "id,superhost,ok\n" + rows)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert int((df["superhost"] == True).sum()) == 10  # noqa: E712 - as a small model writes it
    assert int(df["superhost"].sum()) == 10 and int(df["superhost"].isna().sum()) == 10
    assert len(df[df["superhost"]]) == 10 and df["ok"].tolist()[:2] == [True, False]
    assert column(p, "superhost").holds == "yes/no" and column(p, "superhost").converted
    assert "'superhost': True/False (yes/no) after the lines above" in render([p], 3000)


def test_money_with_a_decimal_comma_is_read_with_the_comma_as_the_decimal_mark(tmp_path, monkeypatch):
    # Written as many European exports write money; thousands dots on some rows, the symbol on
    # either side. Dates written with dots must stay dates.
    lines = ["amount,fee,when"]
    for i in range(30):
        amount = [f"€{1000 + i}.{i:03d},50", f"{i},{i % 100:02d} €", f"€ {i},5"][i % 3]
        lines.append(f'"{amount}","{i},25",{1 + i % 28:02d}.03.2024')
    p = prof(tmp_path, "m.csv", "\n".join(lines) + "\n")
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["amount"].dtype.kind == "f" and df["amount"][0] == 1000000.5 and df["amount"][1] == 1.01
    assert df["amount"][2] == 2.5 and df["fee"][3] == 3.25
    assert column(p, "amount").holds == "numbers" and "decimal comma" in column(p, "amount").notes[0]
    assert column(p, "when").holds.startswith("dates") and df["when"].dtype.kind == "M"
    assert df["when"][0].day == 1 and df["when"][0].month == 3
    semicolons = "a;b\n" + "".join(f"{i};{i}.{i:03d},5\n" for i in range(1, 20))
    q = prof(tmp_path, "s.csv", semicolons)
    assert load(tmp_path, monkeypatch, q.tables[0].load)["b"][1] == 2002.5


def test_each_observation_ends_in_an_expression_that_converts_the_column(tmp_path, monkeypatch):
    lines = ["price,ok,share,code"] + [
        f'"${i},{i:03d}.50",{["Yes", "no"][i % 2]},{i}.5%,{["AB-007", "ab7", "Ab 07", "AB-012", "ab12"][i % 5]}'
        for i in range(20)
    ]
    p = prof(tmp_path, "x.csv", "\n".join(lines) + "\n")
    df = load(tmp_path, monkeypatch, p.tables[0].load.splitlines()[0])  # the file as read, before the conversions
    for name in ("price", "ok", "share", "code"):
        expression = re.search(r": ((?:df|pd)\b.*)$", column(p, name).notes[0])[1]  # the Python after the words
        converted = eval(expression, {"df": df, "pd": pd})  # noqa: S307 - the profile's own expression
        if name == "price":
            assert converted[3] == 3003.5 and converted.dtype.kind == "f"
        elif name == "ok":
            assert list(converted[:2]) == [True, False]
        elif name == "share":
            assert converted[4] == 4.5
        else:
            assert converted.nunique() == 2 and converted[0] == converted[1] == "ab7"


def test_day_first_month_first_and_codes_spelled_several_ways(tmp_path):
    day = prof(tmp_path, "d.csv", "when,v\n" + "".join(f"{d:02d}/0{1 + d % 9}/2024,{d}\n" for d in range(1, 29)))
    assert "dayfirst=True" in column(day, "when").notes[0]
    month = prof(tmp_path, "m.csv", "when,v\n" + "".join(f"0{1 + d % 9}/{d:02d}/2024,{d}\n" for d in range(1, 29)))
    assert "the month comes first" in column(month, "when").notes[0]
    ids = ["ST-007", "st7", "St 07", "ST-012", "st12", "ST-003"] * 3
    codes = prof(tmp_path, "c.csv", "store,v\n" + "".join(f"{s},{i}\n" for i, s in enumerate(ids)))
    assert "spelled several ways" in column(codes, "store").notes[0]
    plain = prof(tmp_path, "p.csv", "sku,v\n" + "".join(f"SKU-{3000 + i},{i}\n" for i in range(20)))
    assert not column(plain, "sku").notes  # distinct codes are just codes
    # A few more names than that, each on several rows (an item, a region), are listed too, up to 24.
    ten = ["Alice", "Bob", "Carol", "Dan", "Erin", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    names = prof(tmp_path, "n.csv", "name,v\n" + "".join(f"{n},{i}\n" for i in range(5) for n in ten))
    assert column(names, "name").values == ten
    once = prof(tmp_path, "o.csv", "name,v\n" + "".join(f"{n},{i}\n" for i, n in enumerate(ten * 2)))
    assert column(once, "name").values == []  # on two rows each: more like an id than a kind
    many = [f"{n} {s}" for n in ten for s in ("Smith", "Jones", "Brown")]
    thirty = prof(tmp_path, "t.csv", "name,v\n" + "".join(f"{n},{i}\n" for i in range(3) for n in many))
    assert column(thirty, "name").values == []  # 30 names: samples only
    # Codes on many rows each are listed whole, up to 40 (a filter needs the exact one: 'EL' for Greece).
    geo = [f"{a}{b}" for a in "ABCDEFGHIJKL" for b in "XYZ"][:38] + ["EU27_2020"]
    coded = prof(tmp_path, "g.csv", "geo,v\n" + "".join(f"{g},{i}\n" for i in range(3) for g in geo))
    assert column(coded, "geo").values == geo and "values: 'AX', 'AY'" in column(coded, "geo").notes[0]
    wider = prof(tmp_path, "w.csv", "geo,v\n" + "".join(f"{g}{i % 2},{i}\n" for i in range(4) for g in geo))
    assert column(wider, "geo").values == [] and not column(wider, "geo").notes  # 78 codes: too many to list
    # A register's labels in capitals are codes too: 30 makes, some of two words, all listed.
    makes = [f"MAKE{chr(65 + i)}" for i in range(26)] + ["LAND ROVER", "LANDROVER", "MERCEDES-BENZ", "ALFA ROMEO"]
    made = prof(tmp_path, "m.csv", "make,v\n" + "".join(f"{m},{i}\n" for i in range(3) for m in makes))
    assert column(made, "make").values == makes


def test_a_long_table_keeps_every_value_of_its_few_valued_text_columns(tmp_path, monkeypatch):
    rows = [f"2024-01-{1 + i % 28:02d},B{i % 3},{['heat', 'power', 'water'][i % 3]},{i * 2.5}" for i in range(60)]
    p = prof(tmp_path, "meters.csv", "date,building,meter,value\n" + "\n".join(rows) + "\n")
    assert sorted(column(p, "meter").values) == ["heat", "power", "water"]
    assert column(p, "value").values == [] and "'water'" in render([p], 4000)
    # A file longer than the rows read: its columns of few values are read to the end ('steam'
    # comes after the rows profiled), and the checks may rely on them.
    more = "\n".join(f"2024-02-01,B1,{'steam' if i > 6000 else 'heat'},{i}" for i in range(7000))
    text = "date,building,meter,value\n" + "\n".join(rows) + "\n" + more + "\n"
    big = prof(tmp_path, "big.csv", text)
    meter, table = column(big, "meter"), big.tables[0]
    assert meter.values == ["heat", "power", "water", "steam"] and meter.notes[0].startswith("values: ")
    assert meter.whole and not table.whole and table.all_values(meter) and table.rows == 7060
    assert "values: 'heat', 'power', 'water', 'steam'" in render([big], 4000)
    # One too large to read again: the values listed are said to be those of the rows read.
    monkeypatch.setattr(delimited, "MAX_SCANNED", 100)
    big = prof(tmp_path, "big.csv", text)
    meter = column(big, "meter")
    assert meter.notes[0] == "values in the 5000 rows read: 'heat', 'power', 'water'" and not meter.whole
    assert not big.tables[0].all_values(meter) and big.tables[0].rows is None


def test_a_wide_table_is_told_to_melt(tmp_path):
    months = [f"{m} 2024" for m in ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul")]
    p = prof(
        tmp_path,
        "w.csv",
        "store," + ",".join(months) + "\n" + "".join(f"s{i}," + ",".join("1" * 7) + "\n" for i in range(3)),
    )
    assert any("melt" in n and "'Jan 2024'" in n for n in p.tables[0].notes)


def test_records_under_keys_alike_are_named_and_the_preview_loads_the_one_a_question_names(tmp_path, monkeypatch):
    # As an XBRL company facts file has them: a concept per key, its facts under ['units']['USD'];
    # the largest is only one of them, and a per-share concept's unit differs.
    def facts(n, base):
        return [{"end": f"{2015 + i}-12-31", "val": base + i, "form": "10-K"} for i in range(n)]

    concepts = {"Revenues": 9, "NetIncomeLoss": 6, "Assets": 7, "GrossProfit": 5}
    tree = {name: {"label": name, "units": {"USD": facts(n, 100 * k)}} for k, (name, n) in enumerate(concepts.items())}
    tree["EarningsPerShareDiluted"] = {"label": "EPS", "units": {"USD/shares": facts(8, 1)}}
    p = prof(tmp_path, "CIK0000000001.json", json.dumps({"cik": 1, "facts": {"us-gaap": tree}}))
    table = p.tables[0]
    assert table.chosen == "['Revenues']['units']['USD']" and len(table.choices) == 5
    assert "['EarningsPerShareDiluted']['units']['USD/shares']" in table.choices
    said = " ".join(table.notes)
    assert "['facts']['us-gaap'] holds 5 keys alike" in said and "'NetIncomeLoss'" in said
    assert "'EarningsPerShareDiluted' (under ['units']['USD/shares'])" in said
    question = "What was the NetIncomeLoss in 2018?"
    shown = render([p], 6000, question=question)
    assert "['NetIncomeLoss']['units']['USD']" in shown and "['Revenues']['units']" not in shown.split("read from")[0]
    assert "the load block takes 'NetIncomeLoss'" in shown
    block = re.search(r"```python\n(.*?)```", shown, re.S).group(1)
    assert load(tmp_path, monkeypatch, block)["val"].tolist() == [100 + i for i in range(6)]
    assert "['Revenues']['units']['USD']" in render([p], 6000, question="What were the revenues in 2018?")
    per_share = render([p], 6000, question="What was EarningsPerShareDiluted in 2019?")
    block = re.search(r"```python\n(.*?)```", per_share, re.S).group(1)
    assert load(tmp_path, monkeypatch, block)["val"].tolist() == list(range(1, 9))  # its own unit's key
    assert table.load == p.tables[0].load  # the profile itself unchanged
    assert "9 rows" in render([p], 6000) and "9 rows" not in shown  # the other key's count is not said
    # Tables that merely sit alike (users beside orders) are no keys alike.
    unlike = {
        "users": {"data": [{"user_id": i, "name": f"u{i}"} for i in range(5)]},
        "orders": {"data": [{"order_id": i, "amount": i * 2.5, "user_id": i % 5} for i in range(30)]},
        "products": {"data": [{"sku": f"p{i}", "price": i} for i in range(8)]},
    }
    other = prof(tmp_path, "export.json", json.dumps(unlike)).tables[0]
    assert other.choices == [] and "alike" not in " ".join(other.notes)


async def test_the_aids_read_the_files_as_the_preview_showed_them_to_the_question(tmp_path):
    """The preview loads the key a question names ('NetIncomeLoss', not the largest); the turn's
    files are those same profiles, so a NameError hint gives the load block the model was shown."""
    tree = {
        k: {"units": {"USD": [{"end": f"201{i}-12-31", "val": i} for i in range(n)]}}
        for k, n in (("CostOfRevenue", 9), ("NetIncomeLoss", 6), ("Assets", 7), ("GrossProfit", 5))
    }
    (tmp_path / "CIK0000000002.json").write_text(json.dumps({"cik": 2, "facts": {"us-gaap": tree}}))
    question = "What was the NetIncomeLoss in 2014 in CIK0000000002.json?"
    state = TurnState(question=question, action="chat", fenced=True, notebook=NotebookView(path="nb.ipynb"))
    shown = await Preview(DiskWorkspace(tmp_path)).context(state)
    assert "['NetIncomeLoss']['units']['USD']" in shown and state.files[0].tables[0].chosen.startswith(
        "['NetIncomeLoss']"
    )
    err = {"output_type": "error", "ename": "NameError", "evalue": "name 'df' is not defined", "traceback": []}
    outcome = Outcome(
        proposed="df['val'].sum()", decision="approved", code="df['val'].sum()", status="error", outputs=[err]
    )
    note = await Hints().after_run(state, outcome)
    assert note and "['NetIncomeLoss']['units']['USD']" in note.text and "CostOfRevenue" not in note.text


def test_a_column_the_question_names_is_described_first_when_a_preview_must_be_cut(tmp_path):
    names = [f"Field{i:02d}" for i in range(30)] + ["ReadStatus"]
    rows = "".join(",".join([*(f"word {i} {j}" for j in range(30)), str(i % 3)]) + "\n" for i in range(30))
    p = prof(tmp_path, "wide.csv", ",".join(names) + "\n" + rows)
    whole = render([p], 100_000, question="How many rows have ReadStatus 2?")
    cut = render([p], len(whole) // 3, question="How many rows have ReadStatus 2?")
    assert "  'ReadStatus': int" in cut and "  'Field20'" not in cut
    assert "  'ReadStatus'" not in render([p], len(whole) // 3, question="How many rows are there?")
    both = "Compare field_11 with field_15."  # (one named moved first must not push the other past the cut)
    wide = prof(
        tmp_path,
        "w.csv",
        ",".join(f"field_{i:02d}" for i in range(20)).replace("field_0", "field_") + "\n" + ",".join("1" * 20) + "\n",
    )
    once = as_asked([wide], both)
    assert once == as_asked(once, both) and [c.name for c in once[0].tables[0].columns][:2] == ["field_11", "field_15"]
    assert [c.name for c in p.tables[0].columns][-1] == "ReadStatus"  # the profile itself unchanged
    # By a word of its name that few columns have; a word most of them have moves none.
    snake = [f"field_{i:02d}" for i in range(26)] + [f"score_{k}" for k in "abcd"]
    worded = prof(tmp_path, "members.csv", ",".join(snake + ["is_premium_member"]) + "\n" + rows)
    assert "  'is_premium_member': int" in render([worded], len(whole) // 3, question="How many premium members?")
    assert "  'score_a'" not in render([worded], len(whole) // 3, question="What is the mean score?")


def test_files_that_load_alike_get_the_lines_that_stack_them_into_one_frame(tmp_path, monkeypatch):
    parts = [
        prof(tmp_path, f"history_{i}.csv", "ts,ms\n" + "".join(f"2023-0{i}-1{j},{i}{j}\n" for j in range(5)))
        for i in (1, 2)
    ]
    other = prof(tmp_path, "other.csv", "ts,ms,extra\n2023-01-01,5,x\n")
    shown = render([*parts, other], 8000, question="How long did I listen over the whole history?")
    assert (
        "Files 'history_1.csv', 'history_2.csv' have the same columns" in shown
        and "'other.csv'" not in shown.split("Files ")[-1]
    )
    block = shown.split("For these in one frame:\n```python\n")[1].split("```")[0]
    df = load(tmp_path, monkeypatch, block)
    assert len(df) == 10 and df.groupby("file")["ms"].sum().to_dict() == {"history_1.csv": 60, "history_2.csv": 110}
    assert "same columns" not in render([parts[0], other], 8000)
    # The second part is loaded by its own lines, and its columns are described once, in the first.
    own = shown.split("history_2.csv: ")[1].split("```python\n")[1].split("```")[0]
    assert load(tmp_path, monkeypatch, own)["ms"].sum() == 110
    assert shown.count("  'ms': ") == 2  # history_1.csv and other.csv


def test_nested_json_is_flattened_by_its_load_line(tmp_path, monkeypatch):
    records = [{"id": i, "info": {"city": f"C{i}", "geo": {"lat": i}}, "tags": ["a", "b"]} for i in range(5)]
    p = prof(tmp_path, "n.json", json.dumps(records))
    assert p.kind == "records" and "json_normalize" in p.tables[0].load
    df = load(tmp_path, monkeypatch, "import json\n" + p.tables[0].load)
    assert "info.city" in df.columns and "info.geo.lat" in df.columns and df["info.city"][2] == "C2"
    assert "lists" in column(p, "tags").notes[0] and "explode" in column(p, "tags").notes[0]
    wrapped = prof(tmp_path, "w.json", json.dumps({"meta": 1, "rows": records}))
    assert "['rows']" in wrapped.tables[0].load


def test_json_assigned_in_javascript_with_each_record_wrapped_and_numbers_as_text_loads_as_values(
    tmp_path, monkeypatch
):
    """A web app's data export: `name = [` before the JSON, each record inside one key, numbers and
    times written as text (ctime with an offset). Whole numbers become integers; ids too long for a
    float and codes with a leading zero stay text."""
    records = [
        {
            "post": {
                "likes": str(i * 3),
                "id_str": str(1873944832770072570 + i),
                "zip": f"0{2134 + i}",
                "kind": str(1 + i % 2),
                "created_at": f"Sat Mar {i + 1:02d} 18:04:11 +0000 2024",
                "user": {"name": f"u{i % 2}"},
            }
        }
        for i in range(12)
    ]
    p = prof(tmp_path, "posts.js", "window.APP.posts.part0 = " + json.dumps(records, indent=2).replace('": ', '" : '))
    assert p.kind == "records" and p.tables[0].rows == 12
    assert "[r['post'] for r in json.loads(" in p.tables[0].load and "inside {'post'" in p.tables[0].notes[0]
    df = load(tmp_path, monkeypatch, "import pandas as pd\n" + p.tables[0].load)
    assert df["likes"].sum() == 198 and df["id_str"][1] == "1873944832770072571" and df["zip"][0] == "02134"
    assert str(df["created_at"][0]) == "2024-03-01 18:04:11+00:00" and list(df["user.name"][:2]) == ["u0", "u1"]
    assert column(p, "likes").holds == "numbers" and column(p, "created_at").holds == "dates"
    assert column(p, "kind").holds == "" and df["kind"][0] == "1"  # a code of a few values stays as written
    assert prof(tmp_path, "plain.js", "function f(a) { return a = [1]; }\n").kind == "text"  # code, not data


def test_json_lines_with_mixed_types_and_dates_already_parsed(tmp_path, monkeypatch):
    lines = [json.dumps({"when": f"2024-01-{1 + i:02d}", "flag": [True, "yes", "N"][i % 3]}) for i in range(9)]
    p = prof(tmp_path, "l.jsonl", "\n".join(lines) + "\n")
    assert p.tables[0].load.splitlines()[0] == "df = pd.read_json('l.jsonl', lines=True)"
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 9 and df["when"].dtype.kind == "M"  # read_json leaves 'when' text; the block converts it
    assert column(p, "flag").dtype.startswith("mixed") or column(p, "flag").notes


def test_numbers_some_typed_as_text_in_a_workbook_get_a_tested_conversion(tmp_path, monkeypatch):
    rates = pd.DataFrame({"ref": range(9), "rate": [136, "€172.00", 180.5, "101.00 EUR", 99, None, 120, "€80", 75]})
    rates.to_excel(tmp_path / "r.xlsx", index=False)
    p = prof(tmp_path, "r.xlsx")
    assert column(p, "rate").holds == "numbers" and ".astype(str)" in column(p, "rate").notes[0]
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["rate"].dtype.kind == "f" and df["rate"].sum() == 136 + 172 + 180.5 + 101 + 99 + 120 + 80 + 75


def test_an_api_envelope_with_a_few_lists_among_its_numbers_and_urls_for_names_loads(tmp_path, monkeypatch):
    base = "ea:flood-monitoring/id/stations/measures/"  # URL-like ids; tests name no internet address
    items = [
        {"t": f"2024-10-01T{i % 24:02d}:00:00Z", "measure": base + f"{7000 + i % 3}-{'flow' if i % 3 else 'level'}-m"}
        | {"value": [0.3, 0.31] if i % 250 == 7 else round(0.1 * i, 2)}
        for i in range(600)
    ]
    body = {"meta": {"publisher": "X", "hasFormat": ["a.csv"]}, "items": items}
    p = prof(tmp_path, "r.json", json.dumps(body))
    assert "['items']" in p.tables[0].load
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 600 and df["t"].dtype.kind == "M"
    value = " ".join(column(p, "value").notes)
    assert "3 values are lists ([0.3, 0.31])" in value
    first = value.split("; ")[-1].split(" keeps")[0].format(col="df['value']")
    assert eval(first, {"df": df}).sum() == pytest.approx(sum(0.1 * i for i in range(600) if i % 250 != 7) + 0.9, 0.01)  # noqa: S307
    measure = " ".join(column(p, "measure").notes)
    assert f"every value starts {base!r}" in measure and "'7001-flow-m'" in measure and "'7000-level-m'" in measure


def test_ranges_of_numbers_written_as_text_get_their_ends(tmp_path, monkeypatch):
    rows = "".join(f"s{i},0.{10 + i}m - {1 + i % 3}.{50 + i}m,2024-{i:03d},{i}-{i + 1}\n" for i in range(12))
    p = prof(tmp_path, "st.csv", "station,typical,ref,pair\n" + rows)
    note = column(p, "typical").notes[0]
    assert column(p, "typical").holds == "ranges" and "'0.10m - 1.50m'" in note
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    ran = {"df": df}  # what follows the colon is Python as it stands (a small model copies it)
    exec(note.rsplit(": ", 1)[1].format(col="df['typical']"), ran)  # noqa: S102
    assert ran["low"].tolist()[:2] == [0.1, 0.11] and ran["high"].tolist()[:2] == [1.5, 2.51]
    assert column(p, "ref").holds != "ranges" and column(p, "pair").holds != "ranges"  # ids; no spaces: not said
    money = prof(tmp_path, "m.csv", "band\n" + "".join(f'"£{i},000 to £{i + 5},500"\n' for i in range(1, 9)))
    assert column(money, "band").holds == "ranges"


def test_words_among_numbers_in_a_workbook_are_named_with_how_to_take_the_numbers(tmp_path, monkeypatch):
    marks = [58, "ABS", 71, 40, "DEF", 66, None, 52, 49, 90, 35, 61] * 3
    pd.DataFrame({"student": range(len(marks)), "mark": marks}).to_excel(tmp_path / "m.xlsx", index=False)
    note = column(prof(tmp_path, "m.xlsx"), "mark").notes[0]
    assert "'ABS' (3 rows), 'DEF' (3 rows)" in note
    df = load(tmp_path, monkeypatch, prof(tmp_path, "m.xlsx").tables[0].load)
    numbers = eval(note.split("the numbers alone: ")[1].split(" (")[0].format(col="df['mark']"), {"pd": pd, "df": df})  # noqa: S307
    assert numbers.mean() == pytest.approx(sum(m for m in marks if isinstance(m, int)) / 27)
    mixed = pd.DataFrame({"code": [1, "A1", 2, "B2", "C3", "D4", "E5", "F6", 3, 4]})
    mixed.to_excel(tmp_path / "c.xlsx", index=False)
    assert "words among them" not in " ".join(column(prof(tmp_path, "c.xlsx"), "code").notes)  # codes, not numbers


def test_times_of_day_and_what_an_xml_export_says_of_itself_are_shown(tmp_path, monkeypatch):
    flights = "".join(
        f"<f><day>0{1 + i % 9}/07/2024</day><dep>{6 + i % 12:02d}:{i % 60:02d}</dep></f>" for i in range(12)
    )
    p = prof(tmp_path, "f.xml", f'<flights airline="X" note="Times are local; CNL = cancelled.">{flights}</flights>')
    assert any("says: airline='X'; note='Times are local; CNL = cancelled.'" in n for n in p.tables[0].notes)
    dep = column(p, "dep")
    assert "times of day" in dep.notes[0]
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    since = eval(dep.notes[0].split(": ", 1)[1].split(" is ")[0], {"pd": pd, "df": df})  # noqa: S307 - the note's own usage
    assert since.iloc[1] == pd.Timedelta(hours=7, minutes=1)


def test_sheets_of_one_layout_are_described_once_with_the_lines_that_load_them_all(tmp_path, monkeypatch):
    path = tmp_path / "sites.xlsx"
    with pd.ExcelWriter(path) as book:
        pd.DataFrame({"site": ["N", "S"], "opened": [2001, 2005]}).to_excel(book, sheet_name="Sites", index=False)
        for k, site in enumerate(["North", "South", "East"]):
            rows = pd.DataFrame({"day": range(5 + k), "cost": [f"€{i}.5" if i % 2 else i for i in range(5 + k)]})
            rows.to_excel(book, sheet_name=site, index=False)
    p = prof(tmp_path, "sites.xlsx")
    text = render([p], 5000)
    assert "sheet 'South': 6 rows, the same columns as sheet 'North'" in text and "'Sites': 2 rows" in text
    block = text.split("For all of them in one frame:\n```python\n")[1].split("```")[0]
    df = load(tmp_path, monkeypatch, block)
    assert len(df) == 5 + 6 + 7 and df.groupby("sheet").size().to_dict() == {"East": 7, "North": 5, "South": 6}
    assert df["cost"].dtype.kind == "f"  # each sheet converted as its own load block does


def test_json_lines_whose_fields_change_part_way_are_read_whole_and_said_so(tmp_path):
    # Watts for the first 6,000 records, kilowatts after a software update: past the rows a head shows.
    rows = [
        {"t": i, "fw": "2.4.1" if i < 6000 else "3.0.2", **({"w": i} if i < 6000 else {"kw": i / 1000})}
        for i in range(9000)
    ]
    p = prof(tmp_path, "r.jsonl", "\n".join(map(json.dumps, rows)) + "\n")
    assert p.tables[0].rows == 9000 and {"w", "kw"} <= {c.name for c in p.tables[0].columns}
    notes = " ".join(p.tables[0].notes)
    assert "'w' is in rows 1 to 6,000 only" in notes and "'kw' is in rows 6,001 to 9,000 only" in notes
    assert column(p, "fw").values == ["2.4.1", "3.0.2"]  # the values of the whole file, not of its head
    assert (column(p, "w").missing, column(p, "kw").missing) == (3000, 6000)  # counted in all rows, not the spread ones
    assert "changed fields" not in " ".join(
        prof(tmp_path, "s.jsonl", "\n".join(map(json.dumps, rows[:50]))).tables[0].notes
    )


def test_a_wide_header_one_field_longer_than_its_rows_is_still_the_header(tmp_path, monkeypatch):
    """54 names over rows of 53 fields (a byte order mark, CRLF): the header was skipped as a title
    and the first record read as the names; pandas pads the short rows, and so does the preview."""
    names = [f"Field {i}" for i in range(12)]
    rows = "".join(",".join([f"A{r}", "True", *(str(r * i) for i in range(9)), ""][:11]) + "\r\n" for r in range(30))
    p = prof(tmp_path, "wide.csv", "\ufeff" + ",".join(names) + "\r\n" + rows)
    t = p.tables[0]
    assert "skiprows" not in t.load and [c.name for c in t.columns][:2] == ["Field 0", "Field 1"]
    assert len(load(tmp_path, monkeypatch, t.load)) == 30
    titled = prof(tmp_path, "titled.csv", "Report of 2024\n" + ",".join(names) + "\n" + rows.replace("\r", ""))
    assert "skiprows=1" in titled.tables[0].load  # a title line of one field is still skipped


def test_a_txt_file_of_json_lines_is_read_as_records_and_other_txt_files_as_before(tmp_path, monkeypatch):
    """A bulk dump of JSON lines named `.txt` (a company register's snapshot) was read as lines of
    text: no load block, and the model's json.load failed on its second line again and again."""
    lines = "".join(
        f'{{"id": "{i:08d}", "data": {{"kind": "person", "born": {{"year": {1950 + i}}}}}}}\n' for i in range(30)
    )
    p = prof(tmp_path, "snapshot.txt", lines)
    assert p.kind == "records" and "lines=True" in p.tables[0].load
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 30 and df["data.born.year"].max() == 1979
    assert prof(tmp_path, "t.txt", "a,b\n" + "1,2\n" * 20).kind == "table"
    assert prof(tmp_path, "notes.txt", "Some notes about the data.\nNothing tabular here.\n").kind in ("text", "lines")


def test_the_folder_listing_opens_no_file_its_name_already_lists(tmp_path):
    """Which kind of text a '.txt' holds is the profile's question: the listing runs on every turn,
    and opening every '.txt' of a folder there is work that the cap on opened files does not bound."""
    for i in range(MAX_BARE + 5):
        (tmp_path / f"part{i:02d}.txt").write_text('{"id": 1}\n{"id": 2}\n')
        (tmp_path / f"grid{i:02d}.dat").write_text("1 2 3\n4 5 6\n")
    (tmp_path / "History").write_text("a,b\n1,2\n3,4\n")  # a name that says nothing is still opened
    kinds._sniffed.cache_clear()
    listed = DiskWorkspace(tmp_path).data_files("nb.ipynb")
    assert len(listed) == 30 and "History" in listed
    assert kinds._sniffed.cache_info().currsize == 1
    assert kinds.file_kind(tmp_path / "part00.txt") == ".jsonl"  # the profile still reads the bytes


def test_a_workbook_lists_its_sheets_and_finds_a_header_below_a_title(tmp_path, monkeypatch):
    path = tmp_path / "book.xlsx"
    with pd.ExcelWriter(path) as writer:
        pd.DataFrame({"id": [1, 2], "name": ["a", "b"]}).to_excel(writer, sheet_name="Stores", index=False)
        body = pd.DataFrame([["Targets for 2024", None], [None, None], ["id", "target"], [1, 10], [2, 20]])
        body.to_excel(writer, sheet_name="Targets", index=False, header=False)
        two = [
            ["Fares 2024", None, None, None],
            ["route", "adult", None, "child"],
            [None, "single", "return", "single"],
        ]
        pd.DataFrame(two + [[f"R{i}", i + 2.5, i * 2 + 4, i + 1] for i in range(4)]).to_excel(
            writer, sheet_name="Fares", index=False, header=False
        )
    p = prof(tmp_path, "book.xlsx")
    assert p.kind == "workbook" and [t.name for t in p.tables] == ["Stores", "Targets", "Fares"]
    fares = load(tmp_path, monkeypatch, p.tables[2].load)
    assert list(fares.columns) == ["route", "adult/single", "adult/return", "child/single"]
    assert fares["adult/return"].sum() == 28 and len(fares) == 4
    targets = p.tables[1]
    assert "sheet_name='Targets'" in targets.load and "skiprows=2" in targets.load
    df = load(tmp_path, monkeypatch, targets.load)
    assert list(df.columns) == ["id", "target"] and df["target"].sum() == 30


def test_a_statistics_offices_sheet_keeps_its_title_lines_out_of_the_header_and_reads_its_shorthand(
    tmp_path, monkeypatch
):
    """An accessible-spreadsheet layout (the UK's ONS): title lines in column A above the header, a
    rank and a count column per year, '[x]' where a count is suppressed; two such sheets alike, told
    apart only by their titles."""
    path = tmp_path / "names.xlsx"
    years = [2023, 2022, 2021, 2020]
    header = ["Name", *(f"{y} {k}" for y in years for k in ("Rank", "Count"))]
    with pd.ExcelWriter(path) as writer:
        for n, who in ((1, "Boys"), (2, "Girls")):
            title = [[f"Table {n}: {who}' baby names, 2020 to 2023 [note 1]"], ["Cells shown as [x] are under 3."]]
            title += [["Source: Births in England and Wales"]]
            rows = [
                [f"NAME{i}", *(("[x]", "[x]") if (i + y) % 7 == 0 else (i + 1, 100 - i) for y in years)]
                for i in range(40)
            ]
            body = [[c for pair in r[1:] for c in pair] for r in rows]
            cells = (
                [[*t, *[None] * (len(header) - 1)] for t in title] + [header] + [[r[0], *b] for r, b in zip(rows, body)]
            )
            pd.DataFrame(cells).to_excel(writer, sheet_name=f"Table_{n}", index=False, header=False)
    p = prof(tmp_path, "names.xlsx")
    girls = p.tables[1]
    assert (
        "skiprows=3" in girls.load and "na_values=['[x]']" in girls.load and girls.title.startswith("Table 2: Girls'")
    )
    df = load(tmp_path, monkeypatch, girls.load)
    assert list(df.columns) == header and df["2023 Count"].dtype.kind == "f"
    assert df["2023 Count"].isna().sum() == sum((i + 2023) % 7 == 0 for i in range(40))
    assert any("'[x]' in 8 columns" in n for n in girls.notes)
    text = render([p], 3000, question="How many girls' names have a 2023 count in names.xlsx?")
    assert "sheet 'Table_2' (its title: \"Table 2: Girls' baby names, 2020 to 2023 [note 1]\")" in text


def test_a_sheet_right_of_column_a_and_over_a_total_row_loads_its_rows_only(tmp_path, monkeypatch):
    rows = [[None, "Sales by store", None, None], [None, None, None, None], [None, "day", "store", "sold"]]
    rows += [[None, pd.Timestamp("2024-05-01") + pd.Timedelta(days=i), f"S{i % 3}", 10 + i] for i in range(8)]
    rows += [[None, "Total", None, sum(10 + i for i in range(8))]]
    path = tmp_path / "sales.xlsx"
    pd.DataFrame(rows).to_excel(path, index=False, header=False)
    p = prof(tmp_path, "sales.xlsx")
    table = p.tables[0]
    assert "usecols='B:D'" in table.load and "skipfooter=1" in table.load and table.rows == 8
    assert "a total" in " ".join(table.notes) and column(p, "day").dtype.startswith("date")
    df = load(tmp_path, monkeypatch, table.load)
    assert list(df.columns) == ["day", "store", "sold"] and df["sold"].sum() == 108 and len(df) == 8
    plain = tmp_path / "plain.xlsx"
    pd.DataFrame({"item": ["Total rewrite", "b", "c", "d", "e"], "n": [1, 2, 3, 4, 5]}).to_excel(plain, index=False)
    kept = prof(tmp_path, "plain.xlsx").tables[0]
    assert kept.rows == 5 and "skipfooter" not in kept.load and "usecols" not in kept.load  # full rows are rows


def test_times_in_utc_are_said_to_be_so_with_the_conversion_to_local_time(tmp_path):
    # A question in local time over times stored in UTC: the hour of day is off by the offset, with no error.
    stamps = ["2024-03-01T10:22:00Z", "2024-07-02T23:10:00Z", "2024-11-03T01:05:00Z"]
    naive = pd.to_datetime(stamps).tz_localize(None)
    pd.DataFrame(
        {
            "sent": pd.to_datetime(stamps, utc=True),
            "berlin": pd.to_datetime(stamps, utc=True).tz_convert("Europe/Berlin"),
            "ts_utc": naive,
            "Time (UTC+1)": naive,
            "local": naive,
        }
    ).to_parquet(tmp_path / "t.parquet")
    (tmp_path / "t.csv").write_text("id,sent\n" + "".join(f"{i},{s}\n" for i, s in enumerate(stamps)))
    (tmp_path / "n.csv").write_text("id,sent_utc\n" + "".join(f"{i},{s[:-1]}\n" for i, s in enumerate(stamps)))
    text = render([prof(tmp_path, "t.parquet"), prof(tmp_path, "t.csv"), prof(tmp_path, "n.csv")], 5000)
    lines = [line for line in text.splitlines() if line.startswith("  '")]
    said = {line.split(":")[0].strip(): line for line in lines}
    assert "in UTC" in said["'sent'"] and "tz_convert('<the zone>')" in said["'sent'"]
    assert "Europe/Berlin" in said["'berlin'"] and "tz_localize" not in said["'berlin'"]  # zoned already
    assert "tz_localize('UTC').dt.tz_convert" in said["'ts_utc'"]  # naive, UTC by its name
    assert "UTC" not in said["'Time (UTC+1)'"].split(":", 1)[1] and "UTC" not in said["'local'"]
    sent = [line for line in lines if line.startswith("  'sent")]
    assert "in UTC" in sent[1] and "tz_localize('UTC')" in sent[2]  # written with Z; named so, converted


def test_time_intervals_written_start_to_end_load_as_their_starts(tmp_path, monkeypatch):
    start = pd.Timestamp("2024-01-01")
    spans = [(start + pd.Timedelta(hours=7 * i), start + pd.Timedelta(hours=7 * i + 1)) for i in range(60)]
    body = "".join(f"{a:%d.%m.%Y %H:%M} - {b:%d.%m.%Y %H:%M},{i}\n" for i, (a, b) in enumerate(spans))
    p = prof(tmp_path, "meter.csv", "Period,kWh\n" + body + "\n".join([",", ""]))
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df["Period"][:60]) == [a for a, _ in spans] and df["Period"].isna().sum() == 1  # day first, starts
    assert column(p, "Period").holds == "dates, interval starts"
    assert "the start of each interval" in render([p], 3000)
    dashed = prof(tmp_path, "d.csv", "Period\n" + "".join(f"{a:%Y-%m-%d} – {b:%Y-%m-%d}\n" for a, b in spans[:20]))
    assert column(dashed, "Period").holds == "dates, interval starts"  # an en dash between them
    versions = prof(tmp_path, "v.csv", "fixed\n" + "".join(f"1.{i}.0 - 1.{i}.9\n" for i in range(20)))
    assert column(versions, "fixed").holds != "dates, interval starts"  # version ranges are no dates
    assert not column(versions, "fixed").converted


def test_durations_written_as_text_load_as_timedeltas_and_clock_times_get_a_note(tmp_path, monkeypatch):
    rows = [
        (f"PT{1 + i % 3}H{i % 60}M", f"{i % 5}h {i % 60}m", f"{i % 9}:{i % 60:02d}:0{i % 10}", f"{i} m")
        for i in range(40)
    ]
    body = "".join(f"{a},{b},{c},{d}\n" for a, b, c, d in rows)
    p = prof(tmp_path, "stays.csv", "stay,wait,clock,depth\n" + body)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["stay"][3] == pd.Timedelta(hours=1, minutes=3) and df["wait"][7] == pd.Timedelta(hours=2, minutes=7)
    assert column(p, "stay").holds == column(p, "wait").holds == "durations"
    assert df["clock"][1] == "1:01:01" and "pd.to_timedelta" in column(p, "clock").notes[0]  # a time of day, maybe
    assert "to_datetime" not in column(p, "clock").notes[0]  # one reading offered: a small model merged two
    assert column(p, "depth").holds != "durations"  # metres, perhaps: "m" alone is no time
    text = render([p], 3000)
    assert "'stay': durations (timedelta) after the lines above" in text and "total_seconds" in text


def test_a_category_written_in_several_cases_is_made_one(tmp_path, monkeypatch):
    codes = ["HO", "JE", "Ho", "je", " JE", "ho", "NR ", "HO", "HO", "JE"] * 3
    p = prof(tmp_path, "cows.csv", "cow,breed\n" + "".join(f"{i},{c}\n" for i, c in enumerate(codes)))
    note = column(p, "breed").notes[0]
    assert (
        "several cases" in note
        and ".str.strip().str.upper()" in note
        and column(p, "breed").holds == "several spellings"
    )
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    made = eval(note.split(": ", 1)[1].split(" makes")[0].replace("{col}", "df['breed']"), {"df": df})  # noqa: S307
    assert sorted(made.unique()) == ["HO", "JE", "NR"]
    spaced = prof(tmp_path, "s.csv", "k\n" + "a \na\nb\n" * 5)
    assert "spaces around them" in column(spaced, "k").notes[0]  # spaces only: said so
    assert not column(prof(tmp_path, "g.csv", "g\nDrama\nAction\n" * 5), "g").notes[1:]


def test_records_with_lists_of_records_get_a_table_of_their_items(tmp_path, monkeypatch):
    orders = [
        {
            "order": f"O{i}",
            "shop": ["North", "South"][i % 2],
            "lines": [{"sku": f"S{j}", "qty": j + 1} for j in range(i % 3)],
        }
        for i in range(12)
    ]
    p = prof(tmp_path, "orders.json", json.dumps(orders))
    assert len(p.tables) == 2 and p.tables[1].rows == sum(i % 3 for i in range(12))  # orders with no lines: no rows
    items = load(tmp_path, monkeypatch, p.tables[1].load)
    assert list(items.columns) == ["sku", "qty", "order", "shop"] and items["qty"].sum() == 4 * 1 + 4 * (1 + 2)
    shown = render([p], 4000)
    assert (
        "one row per item of 'lines'" in shown
        and "count records, or sum their fields, on the table of those records" in shown
    )
    clash = [
        {"id": 1, "at": "x", "visits": [{"id": 7, "at": "y"}]},
        {"id": 2, "at": "z", "visits": [{"id": 8, "at": "w"}]},
    ]
    q = prof(tmp_path, "c.jsonl", "\n".join(json.dumps(r) for r in clash * 3))
    both = load(tmp_path, monkeypatch, q.tables[1].load)
    assert list(both.columns) == ["visits.id", "visits.at", "id", "at"] and len(both) == 6  # same names: prefixed
    flat = prof(tmp_path, "f.json", json.dumps([{"a": 1, "tags": ["x", "y"]}] * 5))
    assert len(flat.tables) == 1  # lists of words are no records


def test_times_of_day_in_12_hour_form_get_the_format_that_reads_noon_and_midnight_right(tmp_path, monkeypatch):
    times = ["8:56 AM", "12:40 PM", "12:05 AM", "9:05 pm", "11:59 PM"] * 4
    p = prof(tmp_path, "t.csv", "at\n" + "\n".join(times) + "\n")
    note = column(p, "at").notes[0]
    assert "12-hour" in note
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    hours = eval(note.split(": ", 1)[1].split(" is the hour")[0].replace("{col}", "df['at']"), {"pd": pd, "df": df})  # noqa: S307
    assert hours.tolist()[:5] == [8, 12, 0, 21, 23]
    assert "12-hour" not in " ".join(column(prof(tmp_path, "u.csv", "at\n8:56\n12:40\n" * 5), "at").notes)


def test_parquet_and_sqlite(tmp_path, monkeypatch):
    pd.DataFrame({"t": pd.to_datetime(["2024-01-01", "2024-01-02"]), "v": [1.0, 2.0]}).to_parquet(
        tmp_path / "x.parquet"
    )
    p = prof(tmp_path, "x.parquet")
    assert column(p, "t").dtype == "datetime" and "already dates" in column(p, "t").notes[0]
    con = sqlite3.connect(tmp_path / "c.sqlite")
    con.executescript("CREATE TABLE patients(id INTEGER, name TEXT); INSERT INTO patients VALUES (1, 'A'), (2, 'B');"
                      "CREATE TABLE visits(pid INTEGER, day TEXT); INSERT INTO visits VALUES (1, '2024-01-01');")  # fmt: skip
    con.close()
    db = prof(tmp_path, "c.sqlite")
    assert db.kind == "database" and [t.name for t in db.tables] == ["patients", "visits"] and db.tables[0].rows == 2
    monkeypatch.chdir(tmp_path)
    scope = {"pd": pd, "sqlite3": sqlite3}
    exec(f"con = sqlite3.connect('c.sqlite')\n{db.tables[0].load}", scope)  # noqa: S102
    assert list(scope["patients"]["name"]) == ["A", "B"]  # a database's table in a frame of its name
    con = sqlite3.connect(tmp_path / "c.sqlite")
    con.execute("CREATE VIEW seen AS SELECT p.name, v.day FROM patients p JOIN visits v ON v.pid = p.id")
    con.commit()
    con.close()
    seen = next(t for t in prof(tmp_path, "c.sqlite").tables if t.name == "seen")
    assert seen.rows == 1 and "a view, not a table: CREATE VIEW seen AS SELECT p.name" in seen.notes[0]


def test_a_database_tables_empty_columns_are_named_together_and_float_epoch_seconds_read_as_dates(tmp_path):
    # A recorder database keeps legacy columns that are NULL in every row, and writes times as
    # `time.time()` floats: the empty ones are no dates, and the floats are seconds since 1970.
    con = sqlite3.connect(tmp_path / "rec.db")
    con.execute(
        "CREATE TABLE states(state_id INTEGER, entity_id TEXT, last_updated TEXT, state TEXT, last_updated_ts REAL)"
    )
    con.executemany(
        "INSERT INTO states VALUES (?, NULL, NULL, ?, ?)",
        [(i, "on" if i % 2 else "off", 1737688579.7565212 + 61.25 * i) for i in range(30)],
    )
    con.commit()
    con.close()
    db = prof(tmp_path, "rec.db")
    empty = [c for c in db.tables[0].columns if c.name in ("entity_id", "last_updated")]
    assert [(c.dtype, c.distinct, c.missing) for c in empty] == [("empty", 0, 30)] * 2
    note = column(db, "last_updated_ts").notes[0]
    assert "seconds since 1970" in note and "2025-01-24" in note
    shown = render([db], 5000)
    assert "Empty in every row read (no values): 'entity_id', 'last_updated'" in shown
    assert "'entity_id': " not in shown and "date objects" not in shown and "'state': text" in shown
    wide = pd.DataFrame({"id": range(5), **{f"legacy_{k}": [None] * 5 for k in range(20)}})
    line = next(
        x
        for x in render(
            [_typed({"kind": "table", "tables": [table_profile("", wide, "df = x", 5, [])]} | {"name": "w.csv"})], 5000
        ).splitlines()
        if "Empty" in x
    )
    assert "'legacy_15' and 4 more" in line and "'legacy_16'" not in line


def test_a_databases_tables_load_into_frames_of_their_names_and_a_lookup_table_is_joined(tmp_path, monkeypatch):
    # A small model pasted every table's load block, each into df, and used the last; the ids of the
    # table a question is about are named in a narrow lookup table beside it, which it never joined.
    con = sqlite3.connect(tmp_path / "rec.db")
    con.execute(
        "CREATE TABLE states(state_id INTEGER, entity_id TEXT, state TEXT, metadata_id INTEGER, extra_0 TEXT, extra_1 TEXT, extra_2 TEXT, extra_3 TEXT)"
    )
    con.executemany(
        "INSERT INTO states VALUES (?, NULL, ?, ?, 'a', 'b', 'c', 'd')",
        [(i, "on" if i % 3 else "off", 1 + i % 4) for i in range(400)],
    )
    con.execute("CREATE TABLE states_meta(metadata_id INTEGER, entity_id TEXT)")
    con.executemany("INSERT INTO states_meta VALUES (?, ?)", [(i, f"light.room_{i}") for i in range(1, 5)])
    con.execute("CREATE TABLE events(event_id INTEGER, kind TEXT, at TEXT, who TEXT, note TEXT, extra TEXT)")
    con.executemany("INSERT INTO events VALUES (?, 'x', '2024-01-01', 'me', 'n', 'e')", [(i,) for i in range(50)])
    con.commit()
    con.close()
    db = prof(tmp_path, "rec.db")
    question = "How many times was light.room_2 switched on in the states table of rec.db?"
    assert len(render([db], 10**6)) > 1600
    text = render([db], 1600, question=question)
    assert "states = pd.read_sql('SELECT * FROM \"states\"', con)" in text
    join = next(line for line in text.splitlines() if line.startswith("Join:"))
    # The lookup table's block did not fit: its load line is in the join.
    assert "Then: states_meta = pd.read_sql('SELECT * FROM \"states_meta\"', con); " in join
    assert "states.drop(columns=['entity_id']).merge(states_meta, on='metadata_id', how='left')" in join
    monkeypatch.chdir(tmp_path)
    scope = {"pd": pd, "sqlite3": sqlite3}
    block, then = load_block(db, next(t for t in db.tables if t.name == "states")), join.split("Then: ", 1)[1]
    exec(block + "\n" + then.rstrip(".").replace("; ", "\nmerged = "), scope)  # noqa: S102
    merged = scope["merged"]
    assert len(merged) == 400 and int((merged["entity_id"].eq("light.room_2") & merged["state"].eq("on")).sum()) == 67


def test_a_databases_frames_take_no_name_a_cell_already_uses_nor_each_others(tmp_path, monkeypatch):
    con = sqlite3.connect(tmp_path / "odd.db")
    for table in ("json", "col", "Region Managers", "region_managers", "2023", "x df y", "class"):
        quoted = '"' + table + '"'
        con.execute(f"CREATE TABLE {quoted}(id INTEGER, 'a df b' TEXT, amount TEXT)")
        con.executemany(f"INSERT INTO {quoted} VALUES (?, 'v df w', ?)", [(i, f"${i},000.50") for i in range(30)])
    con.commit()
    con.close()
    db = prof(tmp_path, "odd.db")
    frames = {t.name: re.match(r"(\w+) = pd\.read_sql", t.load).group(1) for t in db.tables}
    assert frames == {
        "json": "json_df", "col": "col_df", "Region Managers": "region_managers", "region_managers": "region_managers_2",
        "2023": "t_2023", "x df y": "x_df_y", "class": "class_df",
    }  # fmt: skip
    monkeypatch.chdir(tmp_path)
    for t in db.tables:  # each block loads its table into its frame, converting the amounts, names untouched
        scope = {"pd": pd, "sqlite3": sqlite3}
        exec(load_block(db, t), scope)  # noqa: S102
        frame = scope[frames[t.name]]
        assert len(frame) == 30 and frame["amount"].sum() == sum(i * 1000 + 0.5 for i in range(30))
        assert set(frame["a df b"]) == {"v df w"} and f'FROM "{t.name}"' in t.load


async def test_a_wide_tables_columns_past_those_profiled_are_named_and_a_keyerror_on_one_finds_them(tmp_path):
    # A Stripe export flattened by json_normalize: 'outcome.type' past the columns profiled.
    wide = MAX_COLUMNS + 5
    charges = [{**{f"f{k}": k for k in range(wide)}, "outcome": {"type": "blocked" if i % 9 == 0 else "authorized"}} for i in range(30)]  # fmt: skip
    (tmp_path / "charges.json").write_text(json.dumps(charges))
    p = prof(tmp_path, "charges.json")
    t = p.tables[0]
    assert t.width == wide + 1 and len(t.columns) == MAX_COLUMNS and t.unprofiled[-1] == "outcome.type"
    assert f"'f{wide - 1}', 'outcome.type'" in render([p], 40000)
    code = "df = pd.json_normalize(json.load(open('charges.json')))\nprint((df['outcome'] == 'blocked').sum())"
    err = {"output_type": "error", "ename": "KeyError", "evalue": "'outcome'", "traceback": []}
    outcome = Outcome(proposed=code, decision="approved", code=code, status="error", outputs=[err])
    state = TurnState(question="q", action="chat", fenced=True, notebook=NotebookView(path="q.ipynb"), files=[p])
    note = await Hints().after_run(state, outcome)
    assert "flattened into one column per inner key: 'outcome.type'" in note.text


def _log(tmp_path, n=200, seed=3):
    rng = random.Random(seed)
    records, lines = [], []
    for i in range(n):
        if rng.random() < 0.2:
            lines.append(f"2024-06-0{1 + i % 9} 10:{i % 60:02d}:00 WARNING scheduler: job {i} was late by a while")
            continue
        rec = {"method": rng.choice(["GET", "POST"]), "path": rng.choice(["/a", "/b/c", "/"]), "status": rng.choice([200, 404, 503]), "ms": round(rng.uniform(1, 900), 1)}  # fmt: skip
        records.append(rec)
        lines.append(
            f"2024-06-0{1 + i % 9} 10:{i % 60:02d}:00 INFO {rec['method']} {rec['path']} {rec['status']} {rec['ms']}ms"
        )
    (tmp_path / "access.log").write_text("\n".join(lines) + "\n")
    return records


def test_a_logs_numbers_keep_their_sign_where_the_lines_sampled_had_none(tmp_path, monkeypatch):
    """A reading below zero past the lines sampled (a frost late in the file) is still a record."""
    lines = [
        f"2024-01-{1 + i // 288:02d} {i % 288 // 12:02d}:{i % 12 * 5:02d}:00 INFO probe{i % 3} reading "
        f"{(-2.5 - i % 4) if i > 2400 and i % 7 == 0 else 4 + i % 9 / 2:.1f} count {-1 if i > 2400 and i % 11 == 0 else i % 50}"
        for i in range(2600)
    ]
    p = prof(tmp_path, "probes.log", "\n".join(lines) + "\n")
    df = load(tmp_path, monkeypatch, p.load)
    assert len(df) == 2600 and (df["value"] < 0).sum() == sum(1 for i in range(2600) if i > 2400 and i % 7 == 0)
    assert (df["value2"] == -1).sum() == sum(1 for i in range(2600) if i > 2400 and i % 11 == 0)


def test_a_logs_record_format_is_inferred_checked_and_loads_every_record(tmp_path, monkeypatch):
    records = _log(tmp_path)
    p = prof(tmp_path, "access.log")
    assert p.kind == "lines" and f"{len(records)} of the 200 lines are requests" in p.lines
    code = p.lines.split("```python\n")[1].split("```")[0]  # one fenced block: pasted whole, it is Python
    monkeypatch.chdir(tmp_path)
    scope = {"pd": pd}
    exec(compile(code, "<preview>", "exec"), scope)  # noqa: S102
    assert len(scope["all_lines"]) == 200 and (scope["all_lines"]["level"] == "WARNING").sum() == 200 - len(records)
    df = scope["df"]
    assert list(df["status"]) == [r["status"] for r in records] and df["status"].dtype.kind == "i"
    assert list(df["ms"]) == pytest.approx([r["ms"] for r in records])


def test_quoted_fields_and_dashes_for_empty_numbers_keep_every_record_in_one_shape(tmp_path, monkeypatch):
    """A quoted field of several words (a client's name) is one field whatever its words; a
    quoted field most records write alike (a command and its target) gives the fields inside it,
    with the whole text kept for the few that do not; "-" in a number field is NaN, not a second
    shape: every record loads, not just those written like the most common line."""
    rng = random.Random(5)
    agents = ["Acme Fetcher 2.1 (compatible; like Gecko)", "curl/8.4.0", "Some Reader/1.0 (X11; Linux)", "-"]
    records, lines = [], []
    for i in range(300):
        verb, target = rng.choice(["READ", "WRITE"]), rng.choice(["/a", "/b/c", "/d"])
        size = rng.choice([None, rng.randint(10, 9000)])
        command = "\\x16\\x03\\x01" if i % 50 == 7 else f"{verb} {target} v2"
        agent = rng.choice(agents)
        records.append({"size": size, "agent": agent, "verb": None if i % 50 == 7 else verb})
        lines.append(
            f'10.0.{i % 7}.{i % 250} 2024-06-01T10:{i % 60:02d}:00 "{command}" {rng.choice([1, 2, 3])} '
            f'{"-" if size is None else size} "{agent}"'
        )
    (tmp_path / "service.log").write_text("\n".join(lines) + "\n")
    p = prof(tmp_path, "service.log")
    assert p.kind == "lines" and "all lines are records" in p.lines, p.lines
    assert "in that line: ip=" in p.lines  # a field named by its place is shown with its value
    code = p.lines.split("```python\n")[1].split("```")[0]
    monkeypatch.chdir(tmp_path)
    scope = {"pd": pd}
    exec(compile(code, "<preview>", "exec"), scope)  # noqa: S102
    df = scope["df"]
    assert len(df) == 300
    sizes = [r["size"] for r in records]
    assert df["value2"].isna().sum() == sizes.count(None) and df["value2"].sum() == sum(s for s in sizes if s)
    assert list(df["text2"]) == [r["agent"] for r in records]
    assert [None if pd.isna(v) else v for v in df["field3_1"]] == [r["verb"] for r in records]


def test_a_number_inside_a_quoted_field_some_records_write_otherwise_loads_as_nan_there(tmp_path, monkeypatch):
    """The odd record first (its fields inside the quotes are missing), a number inside the quotes,
    spaces just inside them: the block still loads every line, the number NaN where it is missing."""
    lines = ['10.0.0.99 "\\x16\\x03" 5 ok'] + [f'10.0.0.{i} " READ /a {i} " {i * 3} ok' for i in range(20)]
    (tmp_path / "odd.log").write_text("\n".join(lines) + "\n")
    p = prof(tmp_path, "odd.log")
    assert p.kind == "lines" and "all lines are records" in p.lines, p.lines
    df = load(tmp_path, monkeypatch, p.lines.split("```python\n")[1].split("```")[0])
    assert len(df) == 21 and df["value"].isna().sum() == 1 and df["value"].sum() == sum(range(20))


def test_records_under_a_commented_header_with_a_name_per_field_load_under_those_names():
    """Records under a `#` header line and a `#` units line (an instrument's export): the fields are
    named by the header, not by their place, and the offered lines load them so."""
    rows = [
        f"2024 03 {d:02d} {h:02d} {7 + d % 5:6.1f} {1000 + h:8.1f} {d * 3:4d}" for d in range(1, 8) for h in range(24)
    ]
    lines = ["#YEAR MON DAY HR  SPEED    LEVEL COUNT", "#yr   mo  dy hr    m/s      hPa     n", *rows]
    fmt = logformat.infer(lines)
    assert fmt is not None and fmt.fields == ["YEAR", "MON", "DAY", "HR", "SPEED", "LEVEL", "COUNT"], fmt
    df = pd.Series(lines).str.extract(fmt.regex).dropna().astype({k: t for k, t in fmt.numeric.items()})
    assert len(df) == len(rows) and df["LEVEL"].max() == 1023.0 and df["COUNT"].sum() == sum(range(3, 22, 3)) * 24
    # A comment above with another count of words names nothing.
    assert logformat.infer(["# exported by the logger", *rows]).fields[0] == "value"


def test_no_record_format_for_prose_and_odd_lines_never_break_the_profile(tmp_path):
    prose = ["It was a dark and stormy night;", "the rain fell in torrents,", "except at occasional intervals"] * 5
    assert logformat.infer(prose) is None
    assert logformat.infer([f"2024-05-01 INFO line {i}" for i in range(50)]) is None
    cases = {
        "brackets.log": "]" * 60_000 + "x\nGET /a 200 5ms\nGET /b 200 6ms\n",
        "quote.log": "".join(f"svc='api' GET /p{i} 200 {i}ms\n" for i in range(10)),
        "ctrl.log": "".join(f"a\x01b GET /p{i} 200 {i}ms\n" for i in range(10)),
        "binary.csv": bytes(range(256)) * 50,
        "empty.csv": "",
        "broken.json": "[{]",
    }
    for name, content in cases.items():
        p = prof(tmp_path, name, content)
        assert p.kind in ("lines", "text", "table", "unreadable"), name
        if p.kind == "lines":
            rx = re.search(r"df = lines\.str\.extract\(r'(.*)'\)\.dropna", p.lines).group(1)
            assert any(re.match(rx, line) for line in content.splitlines()), name
    assert prof(tmp_path, "broken.json").note.startswith("pandas could not read it")


def test_xml_records_with_values_nested_deep_get_a_column_per_value_and_a_way_to_their_lists(tmp_path, monkeypatch):
    """An article holds its journal's title five elements down, a date as parts, authors as a list:
    a column per value it holds once, named by the shortest end of its path; those it holds
    several of are named with the code that lists them; markup inside a text is no value."""
    articles = "".join(
        f"<Article><Citation><PMID>{100 + i}</PMID><Art><Journal><Issue><PubDate><Year>{2020 + i % 3}</Year>"
        f"</PubDate></Issue><Title>J{i % 2}</Title></Journal><ArticleTitle>Study {i} on <i>mice</i></ArticleTitle>"
        f"<Authors>{''.join(f'<Author><Last>L{i}{k}</Last></Author>' for k in range(1 + i % 2))}</Authors>"
        f"<Date><Year>{2019 + i % 2}</Year></Date></Art></Citation></Article>"
        for i in range(12)
    )
    p = prof(tmp_path, "papers.xml", f"<?xml version='1.0'?><Set>{articles}</Set>")
    t = p.tables[0]
    code = t.load
    df = load(tmp_path, monkeypatch, code)
    assert len(df) == 12 and df["PMID"].sum() == sum(range(100, 112)) and "Citation" not in df.columns
    assert list(df["Title"][:2]) == ["J0", "J1"] and df["PubDate/Year"].tolist()[:3] == ["2020", "2021", "2022"]
    assert df["Date/Year"].tolist()[:2] == ["2019", "2020"] and not any(
        c.endswith("/i") or c == "i" for c in df.columns
    )
    assert df["ArticleTitle"][0].startswith("Study 0 on")
    note = next(n for n in t.notes if "nested in <Citation>" in n)
    assert "several 'Last'" in note
    listed = eval(note.split("several 'Last': ", 1)[1].split(" lists")[0], {"records": _records(tmp_path)})  # noqa: S307
    assert listed[1] == ["L10", "L11"] and listed[0] == ["L00"]


def test_xml_values_nested_deep_in_another_namespace_get_columns_named_without_prefixes(tmp_path, monkeypatch):
    """A track point's sensor values sit in an extension of another namespace, two elements down:
    a column each, named by the value's own name, found with the namespaces the load line gives;
    a point without the sensor's value is missing, not a list of nothing."""
    points = "".join(
        f'<pt lat="4{i}.5"><ele>{1000 + i}</ele><extensions><s:Sensor>'
        + (f"<s:rate>{120 + i}</s:rate>" if i % 4 else "")
        + f"<s:temp>{10 + i % 3}</s:temp></s:Sensor></extensions></pt>"
        for i in range(12)
    )
    xml = f"<?xml version='1.0'?><log xmlns='urn:a' xmlns:s='urn:b'><trk>{points}</trk></log>"
    t = prof(tmp_path, "walk.xml", xml).tables[0]
    df = load(tmp_path, monkeypatch, t.load)
    assert "extensions" not in df.columns and df["ele"].sum() == sum(range(1000, 1012))
    rates = [120 + i for i in range(12) if i % 4]
    assert pd.to_numeric(df["rate"]).max() == max(rates) and df["rate"].isna().sum() == 3
    assert pd.to_numeric(df["temp"]).tolist()[:3] == [10, 11, 12]
    # Two values of one name in two namespaces keep a column each, named with their prefixes.
    points = "".join(
        f"<pt><v>{i}</v><x><s><a:speed>{i}</a:speed><b:speed>{i * 2}</b:speed></s></x></pt>" for i in range(9)
    )
    both = prof(tmp_path, "two.xml", f"<r xmlns:a='urn:a' xmlns:b='urn:b'>{points}</r>").tables[0]
    df = load(tmp_path, monkeypatch, both.load)
    assert pd.to_numeric(df["n:speed"]).sum() == 36 and pd.to_numeric(df["n2:speed"]).sum() == 72


def _records(tmp_path):
    from xml.etree import ElementTree

    return list(ElementTree.parse(tmp_path / "papers.xml").getroot().iter("Article"))


def test_the_attributes_of_an_xml_records_children_are_columns_of_their_own(tmp_path, monkeypatch):
    """<member party="R">Adams</member>: read_xml keeps the text only; the party is a column
    'member.party' (a schema's xsi:nil is no column), namespaced or not."""
    xsi = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
    for ns in ("", ' xmlns="urn:example:votes"'):
        votes = "".join(
            f'<cast><member party="{"RD"[i % 2]}" state="S{i % 3}">M{i}</member><choice>{"Nay" if i % 3 == 0 else "Yea"}</choice>'
            f'<at xsi:nil="true"/></cast>'
            for i in range(12)
        )
        p = prof(tmp_path, "votes.xml", f"<?xml version='1.0'?><roll{ns} {xsi}>{votes}</roll>")
        df = load(tmp_path, monkeypatch, p.tables[0].load)
        assert list(df["member"]) == [f"M{i}" for i in range(12)] and not any("nil" in c for c in df.columns)
        assert ((df["member.party"] == "R") & (df["choice"] == "Nay")).sum() == sum(
            1 for i in range(12) if i % 2 == 0 and i % 3 == 0
        )
        assert df["member.state"].tolist()[:3] == ["S0", "S1", "S2"]


def test_times_with_several_utc_offsets_are_read_as_utc_and_nothing_else_is(tmp_path, monkeypatch):
    """pandas reads times of several UTC offsets only into UTC; a day-first date's year ('-2023')
    is no offset, and one offset in two layouts is read as written."""
    zoned = "when\n2024-06-10 09:00:00 +0530\n2024-06-11 09:00:00 -0700\n2024/06/12 09:00:00 -07:00\n"
    p = prof(tmp_path, "z.csv", zoned)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert str(df["when"].dt.tz) == "UTC" and df["when"].iloc[0].hour == 3  # 09:00 at +05:30
    days = prof(tmp_path, "d.csv", "day\n10-06-2023\n11-06-2024\n13-06-2022\n")
    assert load(tmp_path, monkeypatch, days.tables[0].load)["day"].dt.tz is None
    one = prof(
        tmp_path, "o.csv", "when\n2024-06-10 09:00:00 -0700\n2024-06-11 09:00:00 -0700\n2024/06/12 09:00 -0700\n"
    )
    assert "offsets differ" not in " ".join(n for c in one.tables[0].columns for n in c.notes)


def test_records_of_key_value_lines_each_opened_by_one_key_are_a_table_with_their_tab_rows_beside(
    tmp_path, monkeypatch
):
    """`git log --numstat`: a `commit` line, `Author:` and `Date:` lines, the message indented, and a
    tab-separated row per file. One row per commit (its dates, whose offsets differ, read as UTC),
    and one per file row with its commit."""
    zones = ["+0530", "-0700", "+0100"]
    log = "".join(
        f"commit {i:040x}\nAuthor: Dev {i % 2} <d{i % 2}@x.org>\nDate:   Thu Jun {10 + i} 20:18:12 2024 {zones[i % 3]}\n\n"
        f"    Fix thing {i}\n\n    Co-authored-by: Kim <k@x.org>\n\n{i}\t1\tsrc/a.py\n3\t{i}\tdocs/b.md\n\n"
        for i in range(6)
    )
    p = prof(tmp_path, "log.txt", log)
    assert [(t.name, t.rows) for t in p.tables] == [("commit", 6), ("lines", 12)]
    assert "the table 'lines'" in p.tables[0].notes[0]  # a preview fitted to a question may show one table
    commits = load(tmp_path, monkeypatch, p.tables[0].load)
    assert commits["commit"].tolist()[1] == f"{1:040x}" and (commits["Author"] == "Dev 1 <d1@x.org>").sum() == 3
    assert str(commits["Date"].dt.tz) == "UTC" and commits["Date"].iloc[0].hour == 14  # 20:18 at +05:30
    assert commits["text"].iloc[2] == "Fix thing 2\nCo-authored-by: Kim <k@x.org>"
    rows = load(tmp_path, monkeypatch, p.tables[1].load)
    assert rows.columns.tolist() == ["commit", "field 1", "field 2", "field 3"]
    assert pd.to_numeric(rows["field 1"]).sum() == sum(range(6)) + 18 and rows["field 3"].iloc[1] == "docs/b.md"
    # Paragraphs whose first words repeat are no records: no `key: value` line inside them; nor a
    # chat whose lines go on unindented (they would be lost).
    prose = "".join(f"Note {i} is short.\nIt has two lines.\n\n" for i in range(8))
    assert prof(tmp_path, "notes.txt", prose).kind != "table"
    chat = "".join(f"User: question {i}\nAssistant: answer {i}\nit goes on here\nand here\n\n" for i in range(8))
    assert prof(tmp_path, "chat.txt", chat).kind != "table"
    # A byte-order mark, CRLF line ends, and a key that starts another key (Package, Package-List).
    control = "".join(f"Package: p{i}\r\nPackage-List: p{i} deb\r\nVersion: 1.{i}\r\n\r\n" for i in range(6))
    p = prof(tmp_path, "Sources", "\ufeff" + control)
    packages = load(tmp_path, monkeypatch, p.tables[0].load)
    assert p.tables[0].rows == 6 and packages["Package"].tolist() == [f"p{i}" for i in range(6)]
    assert packages["Version"].tolist()[5] == "1.5"
    # A first word that ends in a dot ('No. 1') is no key: never a table of no columns.
    numbered = "".join(f"No. {i}\nTitle: t{i}\n\n" for i in range(6))
    assert all(t.columns for t in prof(tmp_path, "n.txt", numbered).tables)


def test_other_kinds_of_xml_record_beside_the_records_are_tables_of_their_own(tmp_path, monkeypatch):
    """A phone backup holds <sms> and, beside them, fewer <mms> (with parts inside): read_xml of the
    most repeated tag alone never shows the others. Each kind is a table named by its tag."""
    sms = "".join(f'<sms address="+4477{i}" type="{i % 2 + 1}" body="hi {i}" />' for i in range(6))
    mms = "".join(f'<mms address="+4488{i}" msg_box="2"><parts><part seq="0" /></parts></mms>' for i in range(3))
    p = prof(tmp_path, "backup.xml", f"<?xml version='1.0'?><smses count='9'>{sms}{mms}</smses>")
    assert [(t.name, t.rows) for t in p.tables] == [("sms", 6), ("mms", 3)]
    assert "xpath='.//mms'" in p.tables[1].load and any("3 <mms>" in n for n in p.tables[0].notes)
    assert load(tmp_path, monkeypatch, p.tables[1].load)["msg_box"].tolist() == [2, 2, 2]
    # <category> beside the entries and inside them too: .//category would read both, so no table.
    entries = "".join(f"<entry id='{i}'><category term='c{i}' /><category term='d' /></entry>" for i in range(5))
    feed = prof(
        tmp_path, "feed.atom", f"<feed>{entries}<category term='a' />" * 1 + "<category term='b' />" * 3 + "</feed>"
    )
    assert "category" not in [t.name for t in feed.tables]
    alone = prof(tmp_path, "alone.xml", f"<smses>{sms}<meta at='1' /><meta at='2' /></smses>")  # two: no kind
    assert [t.name for t in alone.tables] == [""]


def test_xml_records_are_found_where_they_repeat_and_nested_elements_become_lists(tmp_path, monkeypatch):
    branches = "".join(
        f'<branch code="B{i}"><name>Site {i}</name><staff>{i + 3}</staff>'
        f"<services>{''.join(f'<service>s{j}</service>' for j in range(i % 3))}</services>"
        f"<scores><hygiene>{i % 4 * 5}</hygiene><structure>{'' if i == 3 else i}</structure></scores>"
        f"<where><town>T{i % 2}</town><lat>5{i}.5</lat></where></branch>"
        for i in range(7)
    )
    p = prof(
        tmp_path, "branches.xml", f"<?xml version='1.0'?><org><meta><at>1</at></meta><list>{branches}</list></org>"
    )
    assert p.tables[0].rows == 7 and "xpath='.//branch'" in p.tables[0].load
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df["code"]) == [f"B{i}" for i in range(7)] and df["staff"].sum() == sum(range(3, 10))
    assert df["services"].tolist()[2] == ["s0", "s1"] and df["services"].tolist()[0] == []
    # Named values inside an element are columns of their own, numbers as numbers, as json_normalize names them.
    assert df["scores.hygiene"].sum() == sum(i % 4 * 5 for i in range(7)) and "scores" not in df.columns
    assert (df["where.town"] == "T1").sum() == 3 and df["where.lat"].max() == 56.5
    assert df["scores.structure"].isna().sum() == 1 and df["scores.structure"].sum() == sum(range(7)) - 3
    assert any("'outer.inner' columns" in n for n in p.tables[0].notes)
    ns = prof(
        tmp_path,
        "feed.xml",
        '<feed xmlns="urn:example:feed"><item id="1"><v>2.5</v></item><item id="2"><v>4</v></item></feed>',
    )
    assert load(tmp_path, monkeypatch, ns.tables[0].load)["v"].sum() == 6.5
    # A file that declares another encoding than UTF-8: read_xml is told it.
    stations = "".join(f'<pdv id="{i}"><ville>Bourg-en-Bresse {"é" * i}</ville></pdv>' for i in range(4))
    latin = prof(
        tmp_path, "p.xml", f'<?xml version="1.0" encoding="ISO-8859-1"?><liste>{stations}</liste>'.encode("latin-1")
    )
    assert latin.tables and "encoding='ISO-8859-1'" in latin.tables[0].load, latin.note
    assert load(tmp_path, monkeypatch, latin.tables[0].load)["ville"].iloc[3].endswith("ééé")
    # Records inside repeated owners (prices of stations): each carries its owner's attributes and values.
    prices = "".join(
        f'<station id="0{i}" kind="{"AR"[i % 2]}"><city>C{i}</city><services><s>wash</s></services>'
        + "".join(f'<price fuel="E10" value="{i + j / 10}"/>' for j in range(i + 3))
        + "</station>"
        for i in range(4)
    )
    owned = prof(tmp_path, "prices.xml", f"<stations>{prices}</stations>")
    df = load(tmp_path, monkeypatch, owned.tables[0].load)
    assert len(df) == 18 and (df["station.id"] == "03").sum() == 6  # the zero kept: ids are text
    assert df.groupby("station.city")["value"].max()["C2"] == 2.4
    assert "station.services" not in df.columns and "station.kind" in df.columns
    assert "station.id" not in prof(tmp_path, "branches.xml").tables[0].load  # one list wrapper: no owner to carry
    # Owners inside owners of their tag: each record gets its own, in the records' order; numbers as numbers.
    items = "".join(f'<item n="{n}"/>' for n in (1, 2))
    nested = f'<cat><category name="A" size="12">{items}<category name="B" size="3"><item n="3"/><item n="4"/><item n="4"/></category><item n="5"/></category><category name="C" size="7"><item n="7"/><item n="8"/></category></cat>'
    df = load(tmp_path, monkeypatch, prof(tmp_path, "cat.xml", nested).tables[0].load)
    assert (
        df["category.name"].tolist() == ["A", "A", "B", "B", "B", "A", "C", "C"]
        and df["category.size"].sum() == 12 * 3 + 9 + 14
    )
    # Many owners of a few records each: the owners are the table, and what each holds several of is a second one.
    many = "".join(
        f'<station id="0{i}"><city>C{i % 3}</city>'
        + "".join(f'<price fuel="{f}" value="{i + j}"/>' for j, f in enumerate(("E10", "SP98", "GPL")))
        + "</station>"
        for i in range(10)
    )
    two = prof(tmp_path, "many.xml", f"<stations>{many}</stations>")
    assert two.tables[0].rows == 10 and [t.name for t in two.tables] == ["", "price records"], two.tables
    assert any("'price records'" in n for n in two.tables[0].notes)
    df = load(tmp_path, monkeypatch, two.tables[1].load)
    assert len(df) == 30 and df[df["fuel"] == "GPL"].groupby("station.city")["value"].sum()["C0"] == 2 + 5 + 8 + 11
    # Declared latin-1 but written as UTF-8 (a common mislabel): read as what the bytes are.
    mislabel = f'<?xml version="1.0" encoding="ISO-8859-1"?><l>{"".join(f"<r><nom>Gérard {i}</nom></r>" for i in range(3))}</l>'
    assert (
        load(tmp_path, monkeypatch, prof(tmp_path, "m.xml", mislabel.encode()).tables[0].load)["nom"][0] == "Gérard 0"
    )


def test_compressed_files_are_read_as_what_they_hold(tmp_path, monkeypatch):
    rows = "id,customer,address,amount\n" + "".join(f'{i},C{i},"{i} Main St,\nTown {i}",{i * 1.5}\n' for i in range(30))
    p = prof(tmp_path, "loans.csv.gz", gzip.compress(rows.encode()))
    assert p.tables[0].rows == 30 and [c.name for c in p.tables[0].columns] == ["id", "customer", "address", "amount"]
    assert load(tmp_path, monkeypatch, p.tables[0].load)["amount"].sum() == 1.5 * sum(range(30))
    records = {"export": {"at": 1}, "events": [{"id": i, "where": {"city": "AB"[i % 2]}} for i in range(10)]}
    j = prof(tmp_path, "events.json.bz2", bz2.compress(json.dumps(records).encode()))
    assert (load(tmp_path, monkeypatch, j.tables[0].load)["where.city"] == "A").sum() == 5
    assert data_suffix("a.csv.gz") == ".csv" and data_suffix("notes.txt.gz") == "" and data_suffix("x.XML") == ".xml"


async def test_a_compressed_txt_file_of_a_table_is_listed_and_read_as_a_table(tmp_path, monkeypatch):
    """A bulk download as a gzipped tab-separated '.txt' (a citizen-science dataset's extract) was
    neither listed nor read as a table: the model was shown its first lines as text."""
    header = "\t".join(["GLOBAL UNIQUE IDENTIFIER", "COMMON NAME", "OBSERVATION COUNT", "COUNTRY", "LOCALITY", "NOTE"])
    rows = "".join(f"URN:obs{i}\tSwan {i % 3}\t{i}\tGermany\tPark {i}, North\t\n" for i in range(40))
    (tmp_path / "extract.txt.gz").write_bytes(gzip.compress((header + "\n" + rows).encode()))
    (tmp_path / "events.txt.gz").write_bytes(
        gzip.compress(b"".join(b"2024-03-01 10:00:%02d worker started job\n" % i for i in range(40)))
    )
    # A log's lines are listed as a log (its load line opens it with gzip), the table as a table.
    assert DiskWorkspace(tmp_path).data_files("nb.ipynb") == ["events.txt.gz", "extract.txt.gz"]
    events = prof(tmp_path, "events.txt.gz").tables[0].load
    assert "gzip.open('events.txt.gz', 'rt'" in events and len(load(tmp_path, monkeypatch, events)) == 40
    p = prof(tmp_path, "extract.txt.gz")
    assert p.kind == "table" and "sep='\\t'" in p.tables[0].load
    assert load(tmp_path, monkeypatch, p.tables[0].load)["OBSERVATION COUNT"].sum() == sum(range(40))


def test_each_pipe_table_of_a_markdown_file_loads_on_its_own(tmp_path, monkeypatch):
    text = (
        "# Report\n\nProse, with a | pipe.\n\n## Sites\n\n| site | height (m) | opened |\n|:--|--:|---|\n"
        "| Alpha | 1,200 | 2014 |\n| Beta | 340 | 2019 |\n| Gamma | 75 | 2021 |\n\n## Log\n\n"
        "Date | Site | Note\n---|---|---\n2024-01-03 | Alpha | fan\n2024-02-11 | Beta | roof\n\nEnd.\n"
    )
    p = prof(tmp_path, "report.md", text)
    assert [t.name for t in p.tables] == ["Sites", "Log"] and [t.rows for t in p.tables] == [3, 2]
    sites = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(sites.columns) == ["site", "height (m)", "opened"] and sites["height (m)"].sum() == 1615
    log = load(tmp_path, monkeypatch, p.tables[1].load)
    assert list(log["Note"]) == ["fan", "roof"]


def test_a_table_is_found_wherever_a_json_or_yaml_tree_keeps_it(tmp_path, monkeypatch):
    described = [{"name": n, "fieldName": n.lower(), "id": i} for i, n in enumerate(["Row", "Opened", "Kind"])]
    rows = [[i, f"2024-0{1 + i % 9}-02T10:00:00", "ab"[i % 2]] for i in range(30)]
    export = {"meta": {"view": {"name": "export", "columns": described}}, "data": rows}
    p = prof(tmp_path, "export.json.gz", gzip.compress(json.dumps(export).encode()))
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df.columns) == ["Row", "Opened", "Kind"] and len(df) == 30 == p.tables[0].rows
    assert (df["Kind"] == "a").sum() == 15 and df["Opened"].dt.month.max() == 9  # converted by the load block
    split = prof(tmp_path, "split.json", json.dumps({"columns": ["a", "b"], "data": [[1, 2], [3, 4]]}))
    assert load(tmp_path, monkeypatch, split.tables[0].load)["b"].sum() == 6
    sat = ["'10-14'", "closed"]
    yaml_text = "# sites\nversion: 2\nsites:\n" + "".join(
        f"  - code: S{i}\n    staff: {i + 1}\n    hours: {{mon: '9-17', sat: {sat[i % 2]}}}\n" for i in range(4)
    )
    y = prof(tmp_path, "sites.yaml", yaml_text)
    sites = load(tmp_path, monkeypatch, y.tables[0].load)
    assert list(sites["code"]) == ["S0", "S1", "S2", "S3"] and sites["staff"].sum() == 10
    assert (sites["hours.sat"] == "closed").sum() == 2
    keyed = {"stations": {f"st{i}": {"lat": i / 2, "elev": 10 * i} for i in range(5)}, "units": {"elev": "m"}}
    k = prof(tmp_path, "stations.json", json.dumps(keyed))
    stations = load(tmp_path, monkeypatch, k.tables[0].load)
    assert list(stations["key"]) == [f"st{i}" for i in range(5)] and stations["elev"].sum() == 100
    assert prof(tmp_path, "config.json", json.dumps({"a": 1, "b": "x"})).kind == "text"


def test_a_fixed_width_report_loads_its_table_without_title_rules_or_total(tmp_path, monkeypatch):
    wards = [("Northgate", 12.4, 45210), ("Bélair", 3.75, 8120), ("Old Harbour", 7.0, 120455), ("Kingsbury", 9.9, 2500)]
    lines = [
        "          WARD REPORT",
        "   Area and population, 2023",
        "",
        f"{'Ward':<14}{'Area km²':>10}{'Population':>12}",
    ]
    lines += ["-" * 36, *(f"{w:<14}{a:>10.2f}{n:>12,}" for w, a, n in wards), "-" * 36]
    lines += [f"{'TOTAL':<14}{sum(w[1] for w in wards):>10.2f}{sum(w[2] for w in wards):>12,}", "", "Source: census"]
    p = prof(tmp_path, "wards.txt", "\r\n".join(lines).encode("cp1252"))
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df.columns) == ["Ward", "Area km²", "Population"] and list(df["Ward"]) == [w[0] for w in wards]
    assert df["Population"].sum() == sum(w[2] for w in wards) and p.tables[0].rows == 4
    assert any("TOTAL" in n for n in p.tables[0].notes)
    prose = "Notes\n\nThe survey ran in all wards. Each household was asked about its\nsize, its tenure and the distance to a stop. Some answers\ncame twice and were removed before the totals were made.\n"
    assert prof(tmp_path, "notes.txt", prose).kind == "text"
    log = "".join(
        f"2024-03-0{1 + i % 9} 10:0{i % 10}:00 {'INFO' if i % 3 else 'WARN'} job {i} took {i * 3} ms\n"
        for i in range(30)
    )
    assert prof(tmp_path, "jobs.txt", log).kind == "lines"  # a log keeps its record format
    packed = prof(tmp_path, "wards.txt.gz", gzip.compress("\r\n".join(lines).encode("cp1252")))  # read_fwf told so
    assert list(load(tmp_path, monkeypatch, packed.tables[0].load)["Ward"]) == [w[0] for w in wards]
    paged = prof(tmp_path, "paged.txt", ("\f" + "\r\n".join(lines)).encode("cp1252"))  # a page break before the title
    assert list(load(tmp_path, monkeypatch, paged.tables[0].load)["Ward"]) == [w[0] for w in wards]
    assert prof(tmp_path, "tabbed.txt", "Name        Score   City\nAl\t\t10\tParis\nBo\t\t12\tRome\n").kind == "text"
    # A title as wide as the table, and rows a log format would fit too: the underlined header wins.
    kit = [f"PUMP{i:02d}  {'AB'[i % 2]}      {10 + i:>5}.0    {1 + i % 9:02d}.03.2021" for i in range(6)]
    wide = ["CITY WATERWORKS - PUMP REGISTER                 revision 2024-03-18", "Pump    Zone   Rated_kW  Installed"]
    register = prof(tmp_path, "pumps.txt", "\n".join([*wide, "------  -----  --------  ----------", *kit]) + "\n")
    frame = load(tmp_path, monkeypatch, register.tables[0].load)
    assert list(frame.columns) == ["Pump", "Zone", "Rated_kW", "Installed"] and len(frame) == 6
    values = "".join(f"ST00{i}     {1990 + i}    {i}.5\n" for i in range(5))
    assert prof(tmp_path, "values.txt", values).kind != "table"  # no header line: not a report


def test_a_table_of_records_under_a_header_of_names_and_units_loads_as_a_table_not_a_log(tmp_path, monkeypatch):
    """Columns named by the header (not value, value2, ...), the units line under it skipped, every
    row kept: '---' read as missing, a flag after a value removed, a trailing word a column of its own."""
    rows = []
    for i in range(60):
        year, month = 1990 + i // 12, i % 12 + 1
        high = "---" if i % 17 == 5 else f"{10 + i % 9}.{i % 10}" + ("*" if i % 11 == 3 else "")
        rows.append(
            f"   {year}  {month:>2}   {high:>6}   {i % 7:>4}   {i * 1.5:>6.1f}" + ("  Provisional" if i > 56 else "")
        )
    text = "Hilltop station\nMissing values are marked ---, estimates with *.\n"
    text += "   year  mm     high   days     rain\n               degC             mm\n" + "\n".join(rows) + "\n"
    p = prof(tmp_path, "station.txt", text)
    assert p.kind == "table"
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df.columns[:5]) == ["year", "mm", "high", "days", "rain"] and len(df) == 60
    assert df["high"].isna().sum() == sum(i % 17 == 5 for i in range(60)) and df["high"].dtype == float
    assert df["rain"].sum() == sum(i * 1.5 for i in range(60))
    log = "".join(f"2024-03-0{1 + i % 9} 10:0{i % 10}:00 INFO job {i:>3} took {i * 3:>4} ms\n" for i in range(30))
    assert prof(tmp_path, "jobs.txt", log).kind == "lines"  # aligned, but its first line is a record


def test_a_table_of_tokens_one_blank_apart_under_a_commented_header_loads_every_row(tmp_path, monkeypatch):
    """Numbers one blank apart (too close for fixed-width columns) under a `#` header of names and a
    `#` units line: a column per name, the units said, every row kept (negative values far down too),
    compressed or not; a row with a token too many is no such table."""
    rows = [
        f"{2020 + i // 400} {i % 12 + 1:02d} {i % 28 + 1:02d} {i % 24:02d} {i % 360:3d} {i % 50 / 10:4.1f} "
        f"{(-12.5 if i > 700 and i % 3 == 0 else 8 + i % 9):5.1f} {999 if i % 97 == 5 else i % 360:3d}"
        for i in range(800)
    ]
    head = "#yr mo dy hr dir  spd  temp bear\n#-- -- -- -- deg  m/s  degC deg\n"
    for name, content in [
        ("probe.txt", head + "\n".join(rows) + "\n"),
        ("probe.txt.gz", gzip.compress((head + "\n".join(rows) + "\n").encode())),
    ]:
        p = prof(tmp_path, name, content)
        assert p.kind == "table", name
        df = load(tmp_path, monkeypatch, p.tables[0].load)
        assert list(df.columns) == ["yr", "mo", "dy", "hr", "dir", "spd", "temp", "bear"] and len(df) == 800
        assert (df["temp"] < 0).sum() == sum(1 for i in range(800) if i > 700 and i % 3 == 0)
        assert any("spd m/s" in n and "temp degC" in n for n in p.tables[0].notes)
        # 999 among bearings up to 359: a code for a missing value, said so.
        assert "999" in column(p, "bear").notes[0] and not column(p, "dir").notes
    odd = rows[:50] + [rows[50] + " x"] + rows[51:60]
    other = prof(tmp_path, "odd.txt", head + "\n".join(odd) + "\n")
    assert not any("read_csv" in t.load for t in other.tables)
    # A row with a token too few, far past the lines sampled: read short, so not offered this way.
    short = rows[:2400] + [rows[2400 % 800].rsplit(" ", 1)[0]] + rows[:50]
    assert not any("read_csv" in t.load for t in prof(tmp_path, "short.txt", head + "\n".join(short) + "\n").tables)
    # A units line with digits in it ('m3/s') is units all the same.
    flows = "#yr  mo   flow area\n#--  -- m3/s    km2\n" + "".join(
        f"{2000 + i:4d} {i % 12 + 1:2d} {i * 1.5:6.1f} {i:4d}\n" for i in range(30)
    )
    df = load(tmp_path, monkeypatch, prof(tmp_path, "flow.txt", flows).tables[0].load)
    assert len(df) == 30 and df["flow"].dtype == float and df["yr"].iloc[0] == 2000
    # Names of two words over a fixed-width report: read by position, not by tokens.
    sites = "Site          Date        Max Temp  Rain\n" + "".join(
        f"Fort Collins  2024-01-{d:02d}  {d * 0.5:8.1f}  {d % 3:4.1f}\n" for d in range(1, 20)
    )
    df = load(tmp_path, monkeypatch, prof(tmp_path, "sites.txt", sites).tables[0].load)
    assert list(df.columns) == ["Site", "Date", "Max Temp", "Rain"] and df["Site"].iloc[0] == "Fort Collins"


def test_a_header_of_two_rows_names_each_column_by_both_and_says_how_to_make_it_long(tmp_path, monkeypatch):
    rows = ["hour,North,North,South,South", ",rain,wind,rain,wind"]
    rows += [f"2024-05-01T{h:02d}:00Z,{h}.5,{h % 7},{'' if h == 3 else h * 2},{h % 5}.0" for h in range(24)]
    p = prof(tmp_path, "weather.csv.gz", gzip.compress(("\n".join(rows) + "\n").encode()))
    scope = {"pd": pd}
    monkeypatch.chdir(tmp_path)
    exec(p.tables[0].load, scope)  # noqa: S102 - the profile's own load line
    assert list(scope["df"].columns) == ["hour", "North/rain", "North/wind", "South/rain", "South/wind"]
    assert len(scope["df"]) == 24 == p.tables[0].rows and scope["df"]["North/rain"].sum() == sum(range(24)) + 12
    exec(p.tables[0].notes[-1].split("one row per column: ")[1].replace("; ", "\n"), scope)  # noqa: S102
    long = scope["long"]
    assert len(long) == 96 and long[(long["upper"] == "South") & (long["lower"] == "rain")]["value"].isna().sum() == 1
    plain = prof(tmp_path, "people.csv", "name,city\nAnn,Paris\nBo,Rome\nCy,Oslo\nDi,Bern\n")
    assert [c.name for c in plain.tables[0].columns] == ["name", "city"] and plain.tables[0].rows == 4


def test_a_number_of_nines_far_outside_a_columns_values_is_said_to_be_a_missing_code(tmp_path, monkeypatch):
    rows = "".join(
        f"s{i},{-999 if i % 9 == 0 else i % 40 + 0.5},{-99 if i % 4 == 0 else -(i % 7)}\n" for i in range(60)
    )
    p = prof(tmp_path, "readings.csv", "site,pm,delta\n" + rows)
    note = column(p, "pm").notes[0]
    assert "-999" in note and "(7 rows)" in note and not column(p, "delta").notes  # -99 among negatives is a value
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    exec(note.split(": ", 1)[1].removesuffix(" before computing"), {"df": df})  # noqa: S102 - the note's own line
    assert df["pm"].isna().sum() == 7 and df["pm"].min() == 0.5
    # -1 over and over among counts never below 0 (a day with no observation); not in a flag of -1, 0, 1.
    counts = "".join(f"{1818 + i // 365},{-1 if i % 5 == 0 else i % 90},{(i % 3) - 1}\n" for i in range(60))
    p = prof(tmp_path, "sn.csv", "year,spots,trend\n" + counts)
    assert (
        column(p, "spots").notes[0].startswith("-1 looks like a code for a missing value")
        and "(12 rows)" in column(p, "spots").notes[0]
    )
    assert not column(p, "trend").notes
    # -9999 among temperatures that go below zero: far below the lowest of them.
    temps = "".join(f"{i},{-9999 if i % 8 == 0 else (i % 50) - 30}\n" for i in range(60))
    assert "-9999" in column(prof(tmp_path, "t.csv", "day,tmin\n" + temps), "tmin").notes[0]
    # 999 among compass bearings up to 359 (under three times the largest): a code all the same.
    bearings = "".join(f"{i},{999 if i % 11 == 0 else i * 6}\n" for i in range(60))
    assert "999" in column(prof(tmp_path, "b.csv", "n,bearing\n" + bearings), "bearing").notes[0]


def test_rows_exported_twice_are_dropped_where_an_id_names_each_record(tmp_path, monkeypatch):
    rows = [f"RJ{i:04d},item {i},{i * 2}" for i in range(20)]
    p = prof(tmp_path, "orders.csv", "id,name,qty\n" + "\n".join(rows + rows[3:6]) + "\n")
    assert any("3 rows were exact copies" in n and "'id'" in n for n in p.tables[0].notes)
    assert len(load(tmp_path, monkeypatch, p.tables[0].load)) == 20
    assert not any("copies" in n for n in prof(tmp_path, "o2.csv", "id,name\n" + "\n".join(rows)).tables[0].notes)
    # No id: two equal rows may be two records (two sales of one item on one day). Said, not dropped.
    sales = [f"2024-01-{1 + i % 9:02d},item {i % 4},{i % 3}" for i in range(20)]
    q = prof(tmp_path, "sales.csv", "day,item,qty\n" + "\n".join(sales + sales[:3]) + "\n")
    assert any("rows are exact copies" in n and "drop_duplicates" in n for n in q.tables[0].notes)
    assert len(load(tmp_path, monkeypatch, q.tables[0].load)) == 23


def test_an_archive_of_different_tables_profiles_each_by_its_name(tmp_path, monkeypatch):
    """An export of several tables in one zip (a feed's `.txt` tables too) is not one stack: each
    member with columns of its own loads by its name; alike members still stack; prose is left out."""
    import zipfile

    with zipfile.ZipFile(tmp_path / "shop_export.zip", "w") as z:
        z.writestr("export/customers.csv", "customer_id,city\n" + "".join(f"{i},C{i % 3}\n" for i in range(12)))
        z.writestr("export/shop.txt", "shop_name,currency\nCorner,EUR\n")  # a one-row table
        z.writestr("export/products.txt", "sku\tprice\n" + "".join(f"P{i}\t{i}.5\n" for i in range(5)))
        for month in (1, 2):
            z.writestr(f"export/orders-{month}.csv", "order_id;sku\n" + "".join(f"{month}{i};P{i}\n" for i in range(4)))
        z.writestr("export/notes.txt", "Exported nightly.\nAsk the data team before sharing, please.\n")
    p = prof(tmp_path, "shop_export.zip")
    assert [t.name for t in p.tables] == ["customers", "shop", "products", "orders"]
    assert "4 tables" in p.note and "each loads on its own" in p.note
    got = {t.name: load(tmp_path, monkeypatch, t.load) for t in p.tables}
    assert len(got["customers"]) == 12 == p.tables[0].rows and list(got["customers"].columns) == ["customer_id", "city"]
    assert got["shop"].iloc[0].tolist() == ["Corner", "EUR"] and got["products"]["price"].sum() == 12.5
    assert len(got["orders"]) == 8 == p.tables[3].rows and list(got["orders"].columns) == ["order_id", "sku"]
    assert "notes.txt" not in "".join(t.load for t in p.tables)
    # Members alike stack even when the first bytes looked at end inside a character; an empty
    # member is no table, and a name two folders share is said with its folder.
    with zipfile.ZipFile(tmp_path / "streets.zip", "w") as z:
        z.writestr("jan.csv", "id,Straße_x\n" + "1,ßß\n" * 3000)
        z.writestr("feb.csv", "id,Straße_x\n" + "2,ßß\n" * 5)
        z.writestr("empty.csv", "")
        z.writestr("2023/sites.csv", "site,n\na,1\nb,2\n")
        z.writestr("2024/sites.csv", "site_id,name,open\n1,a,yes\n")
    streets = prof(tmp_path, "streets.zip")
    assert [t.name for t in streets.tables] == ["jan", "2023/sites", "2024/sites"]
    assert len(load(tmp_path, monkeypatch, streets.tables[0].load)) == 3005
    with zipfile.ZipFile(tmp_path / "many.zip", "w") as z:
        for i in range(MAX_TABLES + 2):
            z.writestr(f"t{i}.csv", f"key,v{i}\n1,2\n")
    many = prof(tmp_path, "many.zip")
    assert len(many.tables) == MAX_TABLES and f"{MAX_TABLES + 2} tables, the first {MAX_TABLES} shown" in many.note


def test_an_archive_of_xml_documents_is_a_row_per_document_and_a_row_per_element_it_repeats(tmp_path, monkeypatch):
    """A bulk download of one XML document per file (an invoice each): what a document holds once
    is a row of the documents' table (a value alike in all of them said in a note), the element
    each repeats a table of its own with its children's attributes, both with the file to join on;
    a default namespace loads alike; a member that does not parse leaves the members' names."""
    import zipfile

    def invoice(i, ns=""):
        lines = "".join(
            f'<line><item sku="S{k}" unit="{"kg" if k % 2 else "pc"}">thing {k}</item><qty>{k + i}</qty></line>'
            for k in range(1, 2 + i % 3)
        )
        return (
            f'<?xml version="1.0"?><invoice{ns}><head><number>{500 + i}</number><date>2024-0{1 + i % 9}-15</date>'
            f"<currency>EUR</currency><buyer><name>Firm {i % 4}</name></buyer></head><lines>{lines}</lines>"
            f"<total><sum>{10 * i}</sum></total></invoice>"
        )

    for name, ns in (("invoices.zip", ""), ("spaced.zip", ' xmlns="urn:example:inv"')):
        with zipfile.ZipFile(tmp_path / name, "w") as z:
            for i in range(9):
                z.writestr(f"inv/{500 + i}.xml", invoice(i, ns))
        p = prof(tmp_path, name)
        docs, lines = p.tables
        df = load(tmp_path, monkeypatch, docs.load)
        assert len(df) == 9 == docs.rows and list(df["number"]) == [500 + i for i in range(9)]
        assert df["sum"].sum() == 360 and set(df["name"]) == {f"Firm {i}" for i in range(4)}
        assert "currency" not in df.columns and any("currency='EUR'" in n for n in docs.notes)
        items = load(tmp_path, monkeypatch, lines.load)
        assert len(items) == sum(1 + i % 3 for i in range(9)) == lines.rows
        assert items.groupby("item.unit")["qty"].apply(lambda q: pd.to_numeric(q).sum())["pc"] == sum(
            2 + i for i in range(9) if 1 + i % 3 >= 2
        )
        merged = items.merge(df, on="file")
        assert len(merged) == len(items) and set(merged["item.sku"]) == {"S1", "S2", "S3"}
    with zipfile.ZipFile(tmp_path / "broken.zip", "w") as z:
        z.writestr("a.xml", invoice(1))
        z.writestr("b.xml", "<invoice><head>")
    assert "a zip archive of 2 files" in prof(tmp_path, "broken.zip").note
    with zipfile.ZipFile(tmp_path / "one_cut.zip", "w") as z:  # one document of several cut short
        for i in range(5):
            z.writestr(f"{i}.xml", invoice(i) if i != 2 else "<invoice><head>")
    docs = prof(tmp_path, "one_cut.zip").tables[0]
    assert any("1 of them are not well-formed XML" in n for n in docs.notes), docs.notes
    assert not any("number" in n for n in column(prof(tmp_path, "one_cut.zip"), "file").notes)  # names, no numbers
    df = load(tmp_path, monkeypatch, docs.load)  # the member names stay names, not numbers
    assert list(df["file"]) == ["0.xml", "1.xml", "3.xml", "4.xml"] and df["sum"].astype(int).sum() == 80


def test_an_archive_of_json_documents_is_a_row_per_document_with_its_objects_flattened(tmp_path, monkeypatch):
    """A bulk download of one JSON object per file: a row per document, nested fields as
    'outer.inner' columns, objects keyed by values (a key per person) left out and named, and the
    items of its lists of records a table of their own. Members that are no objects: no table."""
    import zipfile

    people = [f"P{i}" for i in range(30)]
    with zipfile.ZipFile(tmp_path / "games.zip", "w") as z:
        for g in range(12):
            doc = {
                "meta": {"version": "1.0"},
                "info": {
                    "venue": {"city": ["Oslo", "Lima", "Pune"][g % 3]},
                    "result": "draw" if g % 4 == 0 else "win",
                    "roster": {p: {"id": f"x{p}"} for p in people[g % 10 : g % 10 + 4]},
                },
                **({"awards": ["gold"]} if g % 3 == 0 else {}),  # a list some documents hold
                "fouls": [{"minute": 10 + g, "by": "ab"[g % 2]}],  # a second list of records
                "rounds": [
                    {"n": r, "points": g + r, "moves": [{"by": "ab"[m % 2], "gain": m} for m in range(4)]}
                    for r in range(3)
                ],
            }
            z.writestr(f"games/{1000 + g}.json", json.dumps(doc, indent=1))
        z.writestr("games/README.txt", "Games, one file each.\n")
    p = prof(tmp_path, "games.zip")
    docs, fouls, items, moves = p.tables
    assert fouls.name == "fouls, one row per item" and fouls.rows == 12  # each list of records its table
    df = load(tmp_path, monkeypatch, docs.load)
    assert len(df) == 12 == docs.rows and (df["info.result"] == "draw").sum() == 3
    assert {"info.venue.city", "info.result", "meta.version"} <= {c.name for c in docs.columns}
    assert not any(c.startswith("info.roster") for c in df.columns)
    assert any("'info.roster'" in n and "keyed by values" in n for n in docs.notes)
    shown = render([p], 20000)
    assert "'awards': nested, 8 missing; lists" in shown
    assert not any("Empty in every row" in line and "'awards'" in line for line in shown.splitlines())
    rounds = load(tmp_path, monkeypatch, items.load)
    assert len(rounds) == 36 == items.rows and rounds["points"].sum() == sum(g * 3 + 3 for g in range(12))
    # Items that each hold a list of records: a table of the innermost items, every record's fields beside.
    df = load(tmp_path, monkeypatch, moves.load)
    assert len(df) == 144 == moves.rows and df["gain"].sum() == 12 * 3 * 6 and "'rounds'" in moves.notes[0]
    assert df.groupby("by")["points"].count()["a"] == 72 and (df["info.result"] == "draw").sum() == 3 * 12
    # Each row keeps the member it came from, the documents' and their items' alike ("in game 1003").
    assert (df["file"] == "games/1003.json").sum() == 12 and list(load(tmp_path, monkeypatch, docs.load)["file"])[
        0
    ] == "games/1000.json"
    # Documents in another encoding load by it; documents too deep to read leave the members' names.
    with zipfile.ZipFile(tmp_path / "cafes.zip", "w") as z:
        for i in range(3):
            z.writestr(f"{i}.json", json.dumps({"name": f"Café {i}"}, ensure_ascii=False).encode("cp1252"))
    cafes = prof(tmp_path, "cafes.zip")
    assert list(load(tmp_path, monkeypatch, cafes.tables[0].load)["name"]) == ["Café 0", "Café 1", "Café 2"]
    with zipfile.ZipFile(tmp_path / "deep.zip", "w") as z:
        for i in range(2):
            z.writestr(f"{i}.json", '{"a": ' * 5000 + "1" + "}" * 5000)
    assert "a zip archive of 2 files" in prof(tmp_path, "deep.zip").note
    with zipfile.ZipFile(tmp_path / "arrays.zip", "w") as z:
        for i in range(3):
            z.writestr(f"{i}.json", json.dumps([{"a": i}]))
    arrays = prof(tmp_path, "arrays.zip")
    assert not arrays.tables and "a zip archive of 3 files" in arrays.note


def test_an_archive_of_csv_files_stacks_them_and_statistics_files_load_with_their_reader(tmp_path, monkeypatch):
    import zipfile

    with zipfile.ZipFile(tmp_path / "trips_q2.zip", "w") as z:
        for month in (4, 5, 6):
            z.writestr(f"trips/2024-{month:02d}.csv", "id;km\n" + "".join(f"{month}{i};{i},5\n" for i in range(10)))
        z.writestr("README.txt", "monthly trips")
        z.writestr(
            "__MACOSX/trips/._2024-04.csv", b"\x00\x05\x16\x07\x00\x02Mac OS X  \x00\xff\xfe\x93" * 40
        )  # a Mac's resource fork: not a table
    p = prof(tmp_path, "trips_q2.zip")
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 30 == p.tables[0].rows and df["km"].sum() == 3 * sum(i + 0.5 for i in range(10))
    assert list(df.columns) == ["id", "km"]
    assert any("3 .csv files are stacked" in n for n in p.tables[0].notes)
    with zipfile.ZipFile(tmp_path / "totals.zip", "w") as z:  # members that end in a total line still load
        for month in (4, 5):
            z.writestr(
                f"{month}.csv", "id,region,amount\n" + "".join(f"{i},r,{i}\n" for i in range(20)) + "Total,190\n"
            )
    assert prof(tmp_path, "totals.zip").kind == "table"
    pd.DataFrame({"school": ["A", "B", "C"], "pupils": [120, 340, 95]}).to_stata(
        tmp_path / "census.dta", write_index=False, variable_labels={"pupils": "Pupils on roll (-1 = suppressed)"}
    )
    stata = prof(tmp_path, "census.dta")
    assert stata.tables[0].load == "df = pd.read_stata('census.dta')" and stata.tables[0].rows == 3
    assert column(stata, "pupils").label == "Pupils on roll (-1 = suppressed)"  # what a terse name means
    assert column(stata, "school").label == ""
    assert "'pupils': int; labelled 'Pupils on roll (-1 = suppressed)'" in render([stata], 1500)
    assert load(tmp_path, monkeypatch, stata.tables[0].load)["pupils"].sum() == 555
    features = [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [i, i]}, "properties": {"n": i}}
        for i in range(4)
    ]
    geo = prof(tmp_path, "stations.geojson", json.dumps({"type": "FeatureCollection", "features": features}))
    assert load(tmp_path, monkeypatch, geo.tables[0].load)["properties.n"].sum() == 6


def test_a_calendar_has_a_row_per_event(tmp_path, monkeypatch):
    events = "".join(
        f"BEGIN:VEVENT\r\nUID:e{i}\r\nDTSTART;VALUE=DATE:2024{i + 1:02d}15\r\nSUMMARY:Day {i} with a long\r\n  name\r\nEND:VEVENT\r\n"
        for i in range(5)
    )
    p = prof(tmp_path, "days.ics", f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n{events}END:VCALENDAR\r\n")
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 5 == p.tables[0].rows and list(df["DTSTART"])[:2] == ["20240115", "20240215"]
    assert df["SUMMARY"][1] == "Day 1 with a long name"


def test_files_are_named_by_file_name_or_by_their_stem_and_others_only_listed():
    available = ["air_quality.csv", "trips.parquet", "notes.txt", "a.csv"]
    assert named_files("mean PM2.5 in air_quality.csv?", available) == ["air_quality.csv"]
    assert named_files("How many rows has the air quality data?", available) == ["air_quality.csv"]
    assert named_files("longest of the Trips", available) == ["trips.parquet"]
    assert named_files("what is 6*7? a question about nothing", available) == []  # 'a' is too short a stem
    assert named_files("how many orders?", ["orders.csv.gz"]) == ["orders.csv.gz"]  # what it holds, not how
    files = ["sensors.json", "aq_hourly_2024.csv", "branches.yaml", "sales_2024-01.csv", "sales_2024-02.csv"]
    assert named_files("When was the first sensor installed?", files) == ["sensors.json"]
    assert named_files("Which branch lent most, by hourly readings?", files) == ["branches.yaml", "aq_hourly_2024.csv"]
    assert named_files("total sales over the year", files) == []  # a series: one month would stand for all


def test_a_question_that_names_no_file_is_given_the_files_whose_columns_say_its_words(tmp_path):
    pd.DataFrame({"urn": [1, 2], "hc_rec": [30.0, 28.0]}).to_stata(
        tmp_path / "census.dta", write_index=False, variable_labels={"hc_rec": "Pupils in the Reception year group"}
    )
    (tmp_path / "grid_load.csv").write_text("hour,actual_load_mw\n0,8000\n1,8100\n")
    (tmp_path / "tripdata_q2.csv").write_text("ride_id,start_station,member_casual\nA,S1,member\nB,S2,casual\n")
    (tmp_path / "stations.csv").write_text("station,capacity\nS1,10\nS2,12\n")
    files = [prof(tmp_path, n) for n in ("census.dta", "grid_load.csv", "tripdata_q2.csv", "stations.csv")]

    def chose(question, named=()):
        order = [f for f in files if f.name in named] + [f for f in files if f.name not in named]
        return [f.name for f in chosen(question, order, len(named))]

    assert chose("By how many did Reception pupils fall?") == ["census.dta"]  # a label says it
    assert chose("What was the highest actual load?") == ["grid_load.csv"]  # columns say it
    assert chose("How many trips did casual riders take?") == ["tripdata_q2.csv"]  # a name's start, a value
    assert chose("what is 6*7?") == []
    (tmp_path / "weather.csv").write_text("date,temp_c,rain_mm\n2024-03-01,4.5,0\n2024-03-02,6.0,1.2\n")
    (tmp_path / "budget_q1.csv").write_text("month,dept,budget\nJanuary,A,10\nMarch,B,12\n")
    files += [prof(tmp_path, "weather.csv"), prof(tmp_path, "budget_q1.csv")]
    assert chose("What was the average temperature in March?") == ["weather.csv"]  # a value alone is no sign
    # A named file, and one that says more of the question's words than it does.
    question = "Which station had more trips starting there than ending, by member casual split?"
    assert chose(question, ["stations.csv"]) == ["stations.csv", "tripdata_q2.csv"]
    assert chose("What is the capacity of station S1?", ["stations.csv"]) == ["stations.csv"]
    # A comparison picks among rows: it says no data ('highest' is no 'High' of a price table).
    (tmp_path / "prices.csv").write_text(
        "day,High,Low,Close\n2024-01-02,101.5,99.0,100.2\n2024-01-03,102.0,99.5,101.1\n"
    )
    (tmp_path / "r1.csv").write_text("1990;1;17\n1990;2;20\n")
    files += [prof(tmp_path, "prices.csv"), prof(tmp_path, "r1.csv")]
    for compared in ("In r1.csv, in which month was the daily reading highest?", "Which months of r1.csv are higher?"):
        assert chose(compared, ["r1.csv"]) == ["r1.csv"]
    # A named file pandas failed to read says none of the question's words: no other is taken for it;
    # a named note (text) does not stand in the way of the table the question needs.
    (tmp_path / "station_trips.parquet").write_bytes(b"PAR1 not really parquet")
    (tmp_path / "station_notes.txt").write_text("Stations were renumbered in May; member trips casual split\n")
    files[:0] = [prof(tmp_path, "station_trips.parquet"), prof(tmp_path, "station_notes.txt")]
    assert "could not read" in files[0].note and not files[1].tables
    assert chose(question, ["station_trips.parquet"]) == ["station_trips.parquet"]
    assert chose(question, ["station_notes.txt"]) == ["station_notes.txt", "tripdata_q2.csv"]
    # One word of a question about lines, in another file's column, does not draw that file in.
    (tmp_path / "sshd.txt").write_text("".join(f"sshd[{i}]: Invalid user x{i} from 10.0.0.{i}\n" for i in range(9)))
    (tmp_path / "votes.csv").write_text("seat,Invalid votes\nA,3\nB,5\n")
    files[:0] = [prof(tmp_path, "sshd.txt"), prof(tmp_path, "votes.csv")]
    assert chose("In sshd.txt, which name do 'Invalid user' lines try most?", ["sshd.txt"]) == ["sshd.txt"]
    # A file that says more of the question's words, but shares no column and no value with the
    # named one, is not drawn in: the model read it in place of the named file.
    (tmp_path / "access.csv").write_text("ip,path,status\n10.0.0.1,/trips,200\n10.0.0.2,/stops,404\n")
    (tmp_path / "routes.csv").write_text("trip_id,route,stop_name\nT1,R1,Main St\nT2,R2,Mill Rd\n")
    (tmp_path / "trip_stops.csv").write_text("trip_id,stop_seq,stop_name\nT1,1,Main St\nT1,2,Oak Av\n")
    files[:0] = [prof(tmp_path, n) for n in ("access.csv", "routes.csv", "trip_stops.csv")]
    asked = "In access.csv, how many requests for trips, routes and stops (trip, route, stop names) failed?"
    assert chose(asked, ["access.csv"]) == ["access.csv"]
    assert chose("In trip_stops.csv, which route has most trip stops?", ["trip_stops.csv"]) == [
        "trip_stops.csv",
        "routes.csv",
    ]  # it names what the other holds, and shares its columns


async def test_the_preview_describes_the_file_a_question_is_about_and_lists_the_others(tmp_path):
    (tmp_path / "grid_load.csv").write_text("hour,actual_load_mw\n0,8000\n1,8100\n")
    (tmp_path / "stations.csv").write_text("station,capacity\nS1,10\nS2,12\n")
    preview = Preview(DiskWorkspace(tmp_path))

    async def context(question):
        state = TurnState(question=question, action="chat", fenced=True, notebook=NotebookView(path="nb.ipynb"))
        return await preview.context(state), [f.name for f in state.files]

    text, described = await context("What was the highest actual load?")
    assert described == ["grid_load.csv"] and "df = pd.read_csv('grid_load.csv')" in text
    assert text.endswith("Other files beside the notebook: stations.csv.")
    text, described = await context("What is the capacity in stations.csv?")  # named: what was meant, no list
    assert described == ["stations.csv"] and "Other files" not in text and "grid_load" not in text
    text, described = await context("what is 6*7?")  # about no file: each only listed (newest first)
    assert text.startswith("Data files beside the notebook: ") and "stations.csv" in text and described == []


async def test_a_file_the_question_names_is_described_whatever_its_suffix_says(tmp_path):
    """A suffix that says a page or a script (`.html`, `.js`) keeps a file out of the data files;
    named by the user, it is described all the same (its first lines). Code of the project's own
    (`.sql`), a notebook and names of no file beside it are not."""
    (tmp_path / "readings.html").write_text(
        "<table>\n<tr><td>site</td><td>ppm</td></tr>\n<tr><td>A</td><td>4</td></tr>\n"
    )
    (tmp_path / "schema.sql").write_text("create table t (a int);\n")
    (tmp_path / "grid_load.csv").write_text("hour,actual_load_mw\n0,8000\n")
    preview = Preview(DiskWorkspace(tmp_path))
    ws = DiskWorkspace(tmp_path)
    assert ws.data_files("nb.ipynb") == ["grid_load.csv"]
    typed = ["readings.html", "schema.sql", "nb.ipynb", "3.5", "df.head", "../x.html", "grid_load.csv"]
    assert ws.data_files("nb.ipynb", typed) == ["grid_load.csv", "readings.html"]
    state = TurnState(
        question="What is the ppm of site A in readings.html? (not 3.5, df.head)",
        action="chat",
        fenced=True,
        notebook=NotebookView(path="nb.ipynb"),
    )
    text = await preview.context(state)
    assert [f.name for f in state.files] == ["readings.html"] and "<td>ppm</td>" in text


async def test_a_file_with_no_suffix_is_known_by_its_first_bytes(tmp_path, monkeypatch):
    """A browser's `History` or an app's store is a SQLite database with no suffix: listed, profiled
    and loaded as one; a file with no suffix whose bytes say nothing sure (a LICENSE) is not listed."""
    with sqlite3.connect(tmp_path / "History") as con:
        con.execute("PRAGMA journal_mode=WAL")  # as a browser writes it
        con.execute("CREATE TABLE visits (id INTEGER PRIMARY KEY, url TEXT, visit_time INTEGER)")
        con.executemany("INSERT INTO visits (url, visit_time) VALUES (?, ?)", [(f"u{i}", i) for i in range(7)])
    con.close()
    pd.DataFrame({"a": [1, 2]}).to_parquet(tmp_path / "blob")
    (tmp_path / "LICENSE").write_text("Permission is hereby granted, free of charge, to any person\n" * 3)
    (tmp_path / "History.bak").write_bytes((tmp_path / "History").read_bytes())  # a suffix says what it is
    ws = DiskWorkspace(tmp_path)
    assert sorted(ws.data_files("nb.ipynb")) == ["History", "blob"]
    history, blob = await ws.profiles("nb.ipynb", ["History", "blob"])
    assert history.kind == "database" and history.tables[0].name == "visits" and history.tables[0].rows == 7
    assert not list(tmp_path.glob("History-*"))  # read as it is: no -shm or -wal left beside it
    assert blob.kind == "table" and blob.tables[0].rows == 2
    block = load_block(history, history.tables[0])
    assert "sqlite3.connect('History')" in block and len(load(tmp_path, monkeypatch, block)) == 7
    for i in range(MAX_BARE + 5):  # a folder of many: only the first few are opened to see
        (tmp_path / f"store{i:02d}").write_bytes((tmp_path / "History").read_bytes())
    listed = ws.data_files("nb.ipynb")
    opened = sorted(p.name for p in tmp_path.iterdir() if "." not in p.name)[:MAX_BARE]
    assert sorted(n for n in listed if "." not in n) == [
        n for n in opened if n in ("History", "blob") or n[:5] == "store"
    ]
    assert "store24" not in listed


async def test_json_under_a_suffix_no_reader_names_is_known_even_where_its_first_bytes_end_in_a_string(
    tmp_path, monkeypatch
):
    """A browser's HAR capture is JSON with a suffix of its own; the bytes read to tell its kind can
    end inside a long string (a user agent), where the parser's error points at the string's start."""
    from jupyterlab_gptinterp.workspace.kinds import SNIFF_BYTES

    agent = "Mozilla/5.0 " + "x" * 400
    entries = [
        {"request": {"url": f"http://127.0.0.1:8000/{i}", "headers": [{"name": "ua", "value": agent}]}}
        for i in range(60)
    ]
    text = json.dumps({"log": {"version": "1.2", "entries": entries}}, indent=2)
    start = text.index(agent, SNIFF_BYTES - 500)
    assert start < SNIFF_BYTES < start + len(agent)  # the first bytes end inside a user agent
    (tmp_path / "capture.har").write_text(text)
    (har,) = await DiskWorkspace(tmp_path).profiles("nb.ipynb", ["capture.har"])
    assert har.kind == "records" and har.tables[0].rows == 60, (har.kind, har.note)
    df = load(tmp_path, monkeypatch, load_block(har, har.tables[0]).replace("import pandas as pd\n", ""))
    assert len(df) == 60 and any(c.endswith("url") for c in df.columns)
    (tmp_path / "notes.har").write_text('{"a": "one\n' + "x" * SNIFF_BYTES)  # a line break in a string: not JSON
    (notes,) = await DiskWorkspace(tmp_path).profiles("nb.ipynb", ["notes.har"])
    assert notes.kind != "records"


def test_records_of_a_few_lines_apart_by_a_rule_line_load_one_row_each(tmp_path, monkeypatch):
    """A file of entries of a few lines, each ended by a line of one repeated mark: one row per
    entry, its lines (not blank) as columns; a byte-order mark before any entry and Windows line ends
    read as they come. A document with a few ruled sections stays text."""
    entries = []
    for i in range(30):
        body = f"Entry {i} (Author {i % 4})\r\n- Saved on day {i + 1} | kind {'note' if i % 3 else 'mark'}\r\n\r\n"
        entries.append(("\ufeff" if i else "") + body + (f"text of entry {i}\r\n" if i % 5 else ""))
    content = "".join(e + "----------\r\n" for e in entries)
    (tmp_path / "journal.txt").write_bytes(("\ufeff" + content).encode("utf-8"))
    p = prof(tmp_path, "journal.txt")
    assert p.kind == "table" and p.tables[0].rows == 30, (p.kind, p.tables)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df.columns) == ["line 1", "line 2", "line 3"] and len(df) == 30
    assert df["line 1"].iloc[7] == "Entry 7 (Author 3)" and df["line 3"].isna().sum() == 6  # no text: no third line
    assert (df["line 2"].str.contains("note")).sum() == 20
    report = "Title\n=====\n" + "".join(f"Section {i}\n" + "words here\n" * 30 + "=====\n" for i in range(6))
    assert prof(tmp_path, "report.txt", report).kind != "table"  # long sections, not records


def test_a_backslash_n_is_read_as_missing_as_database_dumps_write_null(tmp_path, monkeypatch):
    null = "\\N"
    rows = "".join(f"t{i}\t{null if i % 4 == 0 else 1990 + i}\t{i * 10}\n" for i in range(40))
    p = prof(tmp_path, "titles.tsv", "id\tend_year\tminutes\n" + rows)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["end_year"].isna().sum() == 10 and df["end_year"].max() == 1990 + 39
    assert column(p, "end_year").missing == 10
    assert "na_values=['\\\\N']" in p.tables[0].load  # for every column: never a value anywhere
    worded = prof(
        tmp_path,
        "genres.tsv",
        "id\tgenres\n" + "".join(f"t{i}\t{null if i % 5 == 0 else 'Drama'}\n" for i in range(20)),
    )
    assert load(tmp_path, monkeypatch, worded.tables[0].load)["genres"].isna().sum() == 4  # in text too


def test_values_apart_by_blanks_and_a_first_line_that_is_a_record_load_as_columns(tmp_path, monkeypatch):
    """`en Cat 17 0` lines: four columns apart by blanks, none of them a header; a header of names
    or of years over the same rows stays a header, and a list of names stays one column."""
    rows = [("en", f"Page_{i}", i * 13, i % 3) for i in range(40)]
    p = prof(tmp_path, "views.dat", "".join(f"{a} {b}  {c}   {d}\n" for a, b, c, d in rows))
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert "header=None" in p.tables[0].load and any("no header" in n for n in p.tables[0].notes)
    assert df.shape == (40, 4) and df.iloc[:, 2].sum() == 13 * sum(range(40)) and df.iloc[0, 1] == "Page_0"
    named = prof(
        tmp_path, "met.dat", "year month tmax\n" + "".join(f"{2000 + i} {i % 12 + 1} {i / 2}\n" for i in range(30))
    )
    df = load(tmp_path, monkeypatch, named.tables[0].load)
    assert list(df.columns) == ["year", "month", "tmax"] and df["tmax"].sum() == sum(i / 2 for i in range(30))
    bare = prof(tmp_path, "codes.csv", "".join(f"k{i},{i * 2},x{i}\n" for i in range(20)))
    df = load(tmp_path, monkeypatch, bare.tables[0].load)
    assert len(df) == 20 and df.iloc[:, 1].sum() == 2 * sum(range(20))
    for header in ("region,2019,2020\n", "x1,x2,x3\n"):  # years, or names with digits: a header
        wide = prof(tmp_path, "wide.csv", header + "".join(f"r{i},{i},{i + 1}\n" for i in range(20)))
        assert "header=None" not in wide.tables[0].load and len(load(tmp_path, monkeypatch, wide.tables[0].load)) == 20
    hourly = prof(
        tmp_path, "hourly.csv", "date,0,1,2,3\n" + "".join(f"2024-01-{d:02d},{d},2,3,4\n" for d in range(1, 11))
    )
    assert "header=None" not in hourly.tables[0].load  # hours across: names
    assert len(load(tmp_path, monkeypatch, hourly.tables[0].load)) == 10
    null = "\\N"
    dumped = "".join(f"{i}\t{null if i == 1 else i * 10}\tname{i}\n" for i in range(1, 21))  # as COPY writes it
    dump = prof(tmp_path, "dump.tsv", dumped)
    df = load(tmp_path, monkeypatch, dump.tables[0].load)
    assert "header=None" in dump.tables[0].load and len(df) == 20 and df.iloc[:, 1].isna().sum() == 1
    people = prof(tmp_path, "people.dat", "name\n" + "".join(f"Ann Lee {i}th\n" for i in range(20)))
    assert "sep=" not in people.tables[0].load  # words, no column of numbers: one column


def test_a_report_with_underlined_columns_is_fixed_width_though_its_decimal_commas_split_alike(tmp_path, monkeypatch):
    rows = [(1, "Copper pipe 15 mm", "m", "4,50"), (2, "Elbow joint", "piece", "1,25"), (5, "Solder", "roll", "12,00")]
    lines = [f"  {c:02d}  {item:<28}  {unit:<6}  {price:>8}" for c, item, unit, price in rows * 3]
    head = "DEPOT PRICE LIST          valid from 01.01.2024\n\nCode  Item                          Unit    Price\n"
    p = prof(
        tmp_path, "list.txt", head + "----  ----------------------------  ------  --------\n" + "\n".join(lines) + "\n"
    )
    df = load(tmp_path, monkeypatch, "import pandas as pd\n" + p.tables[0].load)
    assert list(df.columns) == ["Code", "Item", "Unit", "Price"] and len(df) == 9
    assert df["Price"].sum() == pytest.approx(3 * 17.75) and df["Item"][0] == "Copper pipe 15 mm"


async def test_a_file_whose_suffix_says_nothing_is_known_by_its_first_bytes(tmp_path, monkeypatch):
    """A feed's `.rss`, a statistics office's `.2023` flat file, a dump's `.gz` with no inner
    suffix, a rotated `.log.1`: listed and loaded as what their bytes show. Prose, a page, a
    notebook, a config and a backup are not listed, whatever their bytes."""
    items = "".join(f"<item><title>Episode {i}</title><length>{i * 60}</length></item>" for i in range(6))
    (tmp_path / "show.feed").write_text(
        f'<?xml version="1.0"?>\n<rss><channel><title>T</title>{items}</channel></rss>\n'
    )
    rows = "".join(f"S{i % 3}\t{2000 + i}\tM{i % 12 + 1:02d}\t{i * 1.5}\n" for i in range(30))
    (tmp_path / "prices.2023").write_text("series_id\tyear\tperiod\tvalue\n" + rows)
    with gzip.open(tmp_path / "dump-0101.gz", "wt") as f:
        f.write("page,views\n" + "".join(f"p{i},{i * 7}\n" for i in range(40)))
    log = "".join(f"2024-03-0{i % 9 + 1} 10:00:{i:02d} INFO job={i} took {i * 3} ms\n" for i in range(30))
    (tmp_path / "worker.log.1").write_text(log)
    (tmp_path / "records.v2").write_text("\n".join(json.dumps({"id": i, "name": f"n{i}"}) for i in range(9)) + "\n")
    (tmp_path / "LICENSE").write_text("Permission is hereby granted, free of charge, to any person\n" * 3)
    (tmp_path / "page").write_text("<!DOCTYPE html><html><body><p>a</p><p>b</p></body></html>")
    (tmp_path / "nb.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))
    (tmp_path / "settings.toml").write_text("[tool]\nname = 'x'\nlevel = 2\n")
    (tmp_path / "prices.2023.bak").write_text("series_id\tyear\n" + "S1\t2001\n" * 5)
    (tmp_path / "broken.gz").write_bytes(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + b"\xff" * 50)  # corrupt
    (tmp_path / "page2").write_text('<head><meta charset="utf-8"><title>x</title></head><body><p>a<br>b</p></body>')
    (tmp_path / "Makefile").write_text("check:\n\tpytest\n\tflake8\n\tmypy src\n\tblack --check .\n")
    stamped = "".join(f"[2024-03-01 10:00:{i:02d}] WARN job={i} took {i * 3} ms\n" for i in range(30))
    (tmp_path / "app.log.2").write_text(stamped)  # '[2024-...' opens like a JSON array: it is a log
    with gzip.open(tmp_path / "views-0101.gz", "wt") as f:  # values apart by blanks, no header
        f.write("".join(f"en Page_{i} {i * 5} 0\n" for i in range(40)))
    ws = DiskWorkspace(tmp_path)
    listed = ["app.log.2", "dump-0101.gz", "prices.2023", "records.v2", "show.feed", "views-0101.gz", "worker.log.1"]
    assert sorted(ws.data_files("nb.ipynb")) == listed
    app, views = await ws.profiles("nb.ipynb", ["app.log.2", "views-0101.gz"])
    assert app.kind == "lines" and "app.log.2" in app.load
    assert load(tmp_path, monkeypatch, views.tables[0].load).iloc[:, 2].sum() == 5 * sum(range(40))
    listed = [n for n in listed if n not in ("app.log.2", "views-0101.gz")]
    dump, prices, records, feed, logged = await ws.profiles("nb.ipynb", listed)
    assert "read_xml('show.feed'" in feed.tables[0].load
    assert len(load(tmp_path, monkeypatch, "import pandas as pd\n" + feed.tables[0].load)) == 6
    df = load(tmp_path, monkeypatch, prices.tables[0].load)
    assert "sep='\\t'" in prices.tables[0].load and df["value"].sum() == sum(i * 1.5 for i in range(30))
    assert load(tmp_path, monkeypatch, dump.tables[0].load)["views"].sum() == 7 * sum(range(40))
    assert list(load(tmp_path, monkeypatch, records.tables[0].load)["id"]) == list(range(9))
    assert logged.kind == "lines" and "worker.log.1" in logged.load
    for i in range(MAX_BARE + 2):  # scripts and configs are not opened; a name with no suffix goes first
        (tmp_path / f"mod{i:02d}.R").write_text("x <- read.csv('a.csv')\nsummary(x)\nplot(x)\n")
        (tmp_path / f"step{i:02d}.part2").write_text("a,b\n1,2\n3,4\n5,6\n")
    with sqlite3.connect(tmp_path / "zz_places") as con:
        con.execute("CREATE TABLE p (id INTEGER)")
    con.close()
    assert "zz_places" in ws.data_files("nb.ipynb")


async def test_the_workspace_profiles_in_a_child_process_and_never_leaves_the_root(tmp_path):
    root = tmp_path / "root"
    (root / "work").mkdir(parents=True)
    (tmp_path / "secret.csv").write_text("password\nhunter2\n")
    (root / "work" / "link.csv").symlink_to(tmp_path / "secret.csv")
    (root / "work" / "ok.csv").write_text("a,b\n1,2\n")
    for other in ("notes.txt.gz", "image.png", "a.csv.gz", "b.xml", "c.md"):  # only kinds it can read are listed
        (root / "work" / other).write_text("x")
    ws = DiskWorkspace(root)
    assert sorted(ws.data_files("work/nb.ipynb")) == ["a.csv.gz", "b.xml", "c.md", "ok.csv"]
    ok, link, out = await ws.profiles("work/nb.ipynb", ["ok.csv", "link.csv", "../../secret.csv"])
    assert ok.kind == "table" and [c.name for c in ok.tables[0].columns] == ["a", "b"] and ws.pandas_version()
    assert link.kind == out.kind == "unreadable" and "hunter2" not in json.dumps([link.__dict__, out.__dict__])
    text = render([ok], 1500, ws.pandas_version())
    # Lines a cell can start with, in a fence and said to be not run (bare, a small model took them as run).
    assert "Not loaded yet" in text and "```python\nimport pandas as pd\ndf = pd.read_csv('ok.csv')\n```" in text
    assert "'a': int" in text
    (big,) = await ws.profiles("work/nb.ipynb", ["b.xml"])
    assert big.kind != "table"  # (not a table: 'x' is no XML) read and said so
    (root / "work" / "wide.csv").write_text("a,b\n" + "1,2\n" * 50)
    (skipped,) = await ws.profiles("work/nb.ipynb", ["wide.csv"], largest=100)  # a scan skips large files
    assert skipped.kind == "unreadable" and "large" in skipped.note
    (whole,) = await ws.profiles("work/nb.ipynb", ["wide.csv"])  # named, it is read
    assert whole.kind == "table" and whole.tables[0].rows == 50 and whole.tables[0].whole
    slow = DiskWorkspace(root, timeout=0.001)
    (never,) = await slow.profiles("work/nb.ipynb", ["ok.csv"])
    assert never.kind == "unreadable" and "too long" in never.note
    await asyncio.sleep(0)


def test_short_tokens_in_a_column_of_numbers_are_missing_and_a_trailer_record_is_no_row(tmp_path, monkeypatch):
    body = [
        f"{i}|{'n/e' if i % 9 == 4 else 100 + i}|{'..' if i == 7 else i * 2}|{'K' if i == 5 else i}" for i in range(40)
    ]
    text = "HDR|export|2024\nid|load|flow|grade\n" + "\n".join(body) + "\nTRL|000040\n"
    p = prof(tmp_path, "grid.txt", text)
    code = p.tables[0].load
    assert "skipfooter=1" in code and any("trailer" in n for n in p.tables[0].notes)
    df = load(tmp_path, monkeypatch, code)
    assert len(df) == 40 and p.tables[0].rows == 40 and df["id"].dtype.kind == "i"
    assert df["load"].isna().sum() == 4 and df["load"].dtype.kind == "f" and df["flow"].isna().sum() == 1
    assert (df["grade"] == "K").sum() == 1  # a letter alone may be a value: kept
    # '..' in most rows of a year just begun (a World Bank extract): missing all the same.
    recent = prof(
        tmp_path, "wb.csv", "country,2023\n" + "".join(f"c{i},{i if i % 3 == 0 else '..'}\n" for i in range(30))
    )
    assert load(tmp_path, monkeypatch, recent.tables[0].load)["2023"].count() == 10
    # A file with no trailer reads every line as a row; so does one whose last rows lack their last values.
    whole = prof(tmp_path, "plain.txt", "id|load|flow\n" + "\n".join(f"{i}|{i}|{i}" for i in range(20)) + "\n")
    assert "skipfooter" not in whole.tables[0].load and whole.tables[0].rows == 20
    ragged = "id,name,score,comment\n1,a,10,ok\n2,b,20,fine\n3,c,30,good\n4,d,40\n5,e,50\n"
    assert "skipfooter" not in prof(tmp_path, "ragged.csv", ragged).tables[0].load
    # A total line, and a trailer with blank lines after it.
    total = prof(
        tmp_path, "t.csv", "id,region,amount\n" + "".join(f"{i},r{i % 3},{i}\n" for i in range(20)) + "Total,190\n"
    )
    assert len(load(tmp_path, monkeypatch, total.tables[0].load)) == 20
    # A total line as wide as the table (empty fields between the separators), as spreadsheets write
    # it: no row; a row that opens with such a word but fills its fields is a row.
    rows = "".join(f"{i};r{i % 3};{i},5;x\n" for i in range(20))
    wide = prof(tmp_path, "w.csv", "id;region;amount;tag\n" + rows + "Total 20 rows;;200,00;\n")
    df = load(tmp_path, monkeypatch, wide.tables[0].load)
    assert len(df) == 20 and df["amount"].max() == 19.5 and wide.tables[0].rows == 20
    full = prof(tmp_path, "f.csv", "id;region;amount;tag\n" + rows + "total;r1;3,5;x\n")
    assert "skipfooter" not in full.tables[0].load and full.tables[0].rows == 21
    match = "".join(f"Goal;{i};P{i};x\n" for i in range(1, 20))
    ended = prof(tmp_path, "m.csv", "phase;minute;player;note\nStart;0;;\n" + match + "End;90;;\n")
    assert "skipfooter" not in ended.tables[0].load and ended.tables[0].rows == 21  # 'End' of a match is a row
    blanks = prof(tmp_path, "b.txt", "id|load|flow\n1|2|3\n4|5|6\n7|8|9\n1|1|1\nTRL|4\n\n\n")
    df = load(tmp_path, monkeypatch, blanks.tables[0].load)
    assert len(df) == 4 and df["id"].dtype.kind == "i" and any("'TRL|4'" in n for n in blanks.tables[0].notes)
    # Words that may be values stay, and a marker is missing only in the column it was found in.
    rows = [
        f"{i},{'Pre-K' if i % 9 == 0 else i % 12 + 1},{'-' if i == 3 else i},{'-' if i == 5 else 'ok'}"
        for i in range(30)
    ]
    marks = prof(tmp_path, "m.csv", "id,grade,score,note\n" + "\n".join(rows) + "\n")
    df = load(tmp_path, monkeypatch, marks.tables[0].load)
    assert (df["grade"] == "Pre-K").sum() == 4 and df["score"].isna().sum() == 1 and (df["note"] == "-").sum() == 1
    assert any("read as missing, so .isna() finds them: '-' in 'score' (1 rows)" in n for n in marks.tables[0].notes)


async def test_a_key_taken_of_a_list_of_records_gets_the_load_block_of_the_items_table(tmp_path, monkeypatch):
    orders = [{"order": f"O{i}", "lines": [{"sku": f"S{j}", "qty": j + 1} for j in range(1 + i % 3)]} for i in range(9)]
    p = prof(tmp_path, "orders.json", json.dumps(orders))
    code = "import json\ndf = pd.json_normalize(json.load(open('orders.json')))\nprint(df['lines'].apply(lambda x: x['sku']))"
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TypeError) as raised:  # what pandas itself raises on that code
        exec(code, {"pd": pd})  # noqa: S102
    err = {"output_type": "error", "ename": "TypeError", "evalue": str(raised.value), "traceback": []}
    outcome = Outcome(proposed=code, decision="approved", code=code, status="error", outputs=[err])
    state = TurnState(question="q", action="chat", fenced=True, notebook=NotebookView(path="q.ipynb"), files=[p])
    said = (await Hints().after_run(state, outcome)).text
    assert "'lines' is a list of records" in said and "explode('lines'" in said, said
    block = said.split("loads so:\n")[1]
    items = load(tmp_path, monkeypatch, block)
    assert list(items["sku"][:3]) == ["S0", "S0", "S1"]  # the block the hint gives runs, one row per item


def test_a_question_about_the_items_gets_the_items_table_loaded_one_about_the_records_the_records(tmp_path):
    """Fitted to a question that names the file, the table of items is loaded when the question
    says an item's field, the records' own table when it says only theirs or an item's value (the
    file's name names the file, not one of its tables)."""
    orders = {
        "meta": {"source": "shop api"},
        "data": [
            {
                "order": f"O{i}",
                "shop": ["North", "South"][i % 2],
                **{f"extra_field_{k}": f"value {k}" for k in range(14)},
                "lines": [
                    {"sku": f"S{j}", "quantity": j + 1, "unit_price": f"{j}.5", "status": ["shipped", "back"][j % 2]}
                    for j in range(1 + i % 3)
                ],
            }
            for i in range(30)
        ],
    }
    p = prof(tmp_path, "shop_orders.json", json.dumps(orders))
    budget = len(render([p], 100_000)) * 2 // 5  # room for one load block

    def loaded(question):  # (the records' load block shown, the items')
        shown = render([p], budget, question=question)
        return "shop_orders.json: 30 rows. Not loaded yet" in shown, "explode('lines'" in shown

    assert loaded("What is the total quantity of sku S2 in shop_orders.json?") == (False, True)
    assert loaded("How many orders did the North shop take in shop_orders.json?") == (True, False)
    assert _extended(p, p.tables[1]) == 0 and _extended(p, p.tables[0]) is None
    # With room for two, the records' block comes beside the items' (how many orders, and of which sku).
    roomy = render(
        [p], len(render([p], 100_000)) * 4 // 5, question="What is the total quantity of sku S2 in shop_orders.json?"
    )
    assert "shop_orders.json: 30 rows. Not loaded yet" in roomy and "explode('lines'" in roomy
    # A sheet with one column more than another is no table of the other's items.
    with pd.ExcelWriter(tmp_path / "sales.xlsx") as out:
        pd.DataFrame({"store": ["a", "b"] * 15, "sales": range(30)}).to_excel(out, sheet_name="2023", index=False)
        pd.DataFrame({"store": ["a"] * 40, "sales": range(40), "channel": ["web"] * 40}).to_excel(
            out, sheet_name="2024", index=False
        )
    book = prof(tmp_path, "sales.xlsx")
    assert [t.name for t in book.tables] == ["2023", "2024"] and _extended(book, book.tables[1]) is None
    # A word among the items' values only ('shipped'): still a question about the orders.
    assert loaded("How many orders did the North shop take in shop_orders.json, shipped or not?") == (True, False)


def test_items_joined_in_one_value_are_counted_and_addresses_are_not_numbers_with_units(tmp_path, monkeypatch):
    streets = [
        f"{s} ST"
        for s in ("W LAKE", "N OHIO", "E GRAND", "S STATE", "N WELLS", "W ELM", "E OAK", "N PINE", "W ASH", "S MAIN")
    ]
    rows = ["id,address,violations"]
    for i in range(40):
        items = " | ".join(f"{j}. ITEM - Comments: NOTE {j}" for j in range(1 + i % 4)) if i % 5 else ""
        rows.append(f'{i},{100 + i} {streets[i % 10]},"{items}"')
    p = prof(tmp_path, "insp.csv", "\n".join(rows) + "\n")
    assert not any("unit" in n for n in column(p, "address").notes)
    forms = prof(tmp_path, "filings.csv", "form\n" + "".join(f"{f}\n" for f in ["10-K", "10-Q", "8-K", "10-Q"] * 5))
    assert column(forms, "form").notes == ["values: '10-K', '10-Q', '8-K'"]  # form names, not numbers in units
    rates = prof(tmp_path, "rates.csv", "rate\n" + "".join(f"${10 + i}/hr\n" for i in range(12)))
    assert "numbers" in column(rates, "rate").notes[0]  # '$12/hr': a number, not a code
    note = next(n for n in column(p, "violations").notes if "list of items" in n)
    count = re.search(r"items per row: (.+?) \(a missing", note).group(1).replace("{col}", "df['violations']")
    df = load(tmp_path, monkeypatch, p.tables[0].load + f"\ndf['n'] = {count}")
    assert df["n"].tolist() == [0 if i % 5 == 0 else 1 + i % 4 for i in range(40)]


def test_a_year_with_a_part_glued_on_is_a_label_not_a_number_in_units(tmp_path):
    # Seasons ('2016w', '2016s') and quarters ('2019Q1') name a part of a year: a note offering to
    # convert "units" 'w', 's' led a small model to .astype(float) on them.
    seasons = [f"{y}{part}" for y in range(2010, 2018) for part in ["w", "s"]]
    p = prof(tmp_path, "games.csv", "season,medals\n" + "".join(f"{e},{i % 12}\n" for i, e in enumerate(seasons * 3)))
    assert not any("unit" in n or "number" in n for n in column(p, "season").notes)
    quarters = prof(tmp_path, "q.csv", "quarter\n" + "".join(f"{2019 + i // 4}Q{1 + i % 4}\n" for i in range(20)))
    assert not any("unit" in n for n in column(quarters, "quarter").notes)
    # Nor are classes ('10A', '10B'), kinds ('15', '15E'), ordinals ('2nd line') or addresses.
    labels = {
        "class": [f"{10 + i % 2}{'ABCD'[i % 4]}" for i in range(20)],
        "kind": [["15", "15E", "22Y", "15J"][i % 4] for i in range(20)],
        "level": [["1st line", "2nd line", "3rd line"][i % 3] for i in range(20)],
        "uid": [f"202301{10 + i}-{'nat' if i % 2 else 'reg'}@days.example.be" for i in range(20)],
    }
    rows = "".join(",".join(v[i] for v in labels.values()) + "\n" for i in range(20))
    coded = prof(tmp_path, "labels.csv", ",".join(labels) + "\n" + rows)
    assert not [(c.name, n) for c in coded.tables[0].columns for n in c.notes if "unit" in n or "number" in n]
    # Numbers in units, some of them like a year, a few far apart, some in two units: still units.
    for name, values in (
        ("weight", [f"{1000 + 37 * i}{'kg' if i % 3 else 'lb'}" for i in range(20)]),
        ("weight", [f"{n}{u}" for n in (1950, 2000, 2010) for u in ("kg", "lb")] * 4),
        ("dose", [f"{n}{u}" for n in (1000, 1500, 2000) for u in ("mg", "mcg")] * 4),
    ):
        units = prof(tmp_path, f"{name}.csv", f"{name}\n" + "".join(f"{v}\n" for v in values))
        assert "different units" in column(units, name).notes[0], values[:4]


def test_an_event_log_with_key_value_fields_loads_a_row_per_event_and_a_column_per_key(tmp_path, monkeypatch):
    # Messages of several kinds share a timestamp, a level and a [source]; their fields are
    # key=value, one record spread over two lines (paired by tx); a traceback has no timestamp.
    rng = random.Random(7)
    lines, starts, energy = ["# gateway export", "# local time"], 0, 0
    for i in range(300):
        at, cp = f"2024-06-{1 + i // 20:02d} 10:{i % 60:02d}:0{i % 10}.123", f"[CP-{i % 4}/1]"
        kind = rng.choice(["start", "stop", "beat", "status"])
        if kind == "start":
            starts += 1
            lines.append(f"{at} INFO  {cp} StartTransaction tx={i} meterStart={i * 10} idTag=A{i}")
        elif kind == "stop":
            energy += i
            lines.append(f"{at} INFO  {cp} StopTransaction tx={i} meterStop={i * 11} reason=Local")
            if i % 7 == 0:  # an error quoting the transaction, and a traceback under it
                lines += [f"{at} ERROR {cp} could not store tx={i}: timeout", "Traceback (most recent call last):"]
                lines.append('  File "store.py", line 3, in put')
        elif kind == "beat":
            lines.append(f"{at} DEBUG [CP-{i % 4}] Heartbeat")
        else:
            lines.append(f"{at} INFO  {cp} StatusNotification status=Available errorCode=NoError")
    (tmp_path / "events.log").write_text("\n".join(lines) + "\n")
    p = prof(tmp_path, "events.log")
    assert p.kind == "lines" and "text log of events" in p.lines and "StartTransaction" in p.lines
    code = p.lines.split("```python\n")[1].split("```")[0]
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(code, "<preview>", "exec"), scope)  # noqa: S102 - the profile's own block
    df = scope["df"]
    assert (df["event"] == "StartTransaction").sum() == starts and df["time"].dtype.kind == "M"
    assert df["tx"].dtype.kind in "if" and df["meterStart"].sum() == 10 * df.loc[df.meterStart.notna(), "tx"].sum()
    assert set(df["source"].dropna()) >= {"CP-0/1", "CP-1"} and len(df) == sum(line[:4] == "2024" for line in lines)
    assert "Traceback" not in set(df["event"].dropna()) and "continuations" in p.lines


def test_a_log_of_prose_messages_is_no_event_log():
    prose = [f"2024-05-01 10:00:0{i % 10} INFO user {i} logged in from the web" for i in range(40)]
    assert logformat.events(prose) is None  # no key=value fields
    bare = [f"tx={i} meterStop={i}" for i in range(40)]
    assert logformat.events(bare) is None  # no timestamp or level in front


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("bracketed.log", "[2024-06-01 10:00:{s:02d}] [INFO] Start tx={i} user=u{i}"),
        ("rfc3339.log", "2024-06-01T10:00:{s:02d}{frac}Z INFO Start tx={i} user=u{i}"),
        ("comma_ms.log", "2024-06-01 10:00:{s:02d},123 INFO Start tx={i} user=u{i}"),
        ("two_stamps.log", "2024-06-01T10:00:{s:02d}Z 2024-06-01T09:59:{s:02d}Z INFO Start tx={i} user=u{i}"),
        ("collide.log", '2024-06-01 10:00:{s:02d} INFO Start tx={i} level=3 user="John {i}"'),
    ],
)
def test_event_logs_in_other_layouts_load_with_their_times_and_keys(tmp_path, monkeypatch, name, line):
    lines = [line.format(s=i % 60, i=i, frac=".37" if i % 2 else "") for i in range(40)]
    (tmp_path / name).write_text("\ufeff" + "\n".join(lines) + "\n", encoding="utf-8")  # with a byte-order mark
    p = prof(tmp_path, name)
    assert "text log of events" in p.lines, p.lines
    code = p.lines.split("```python\n")[1].split("```")[0]
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(code, "<preview>", "exec"), scope)  # noqa: S102 - the profile's own block
    df = scope["df"]
    assert len(df) == 40 and df["tx"].sum() == sum(range(40)) and set(df["level"]) == {"INFO"}
    stamps = [c for c in df.columns if df[c].dtype.kind == "M"]
    assert stamps and df[stamps[0]].iloc[0].year == 2024
    if name == "collide.log":
        assert df["user"].iloc[1] == "John 1"  # a quoted value whole; the head's level kept


def _chat(stamp, names, n=60):
    """A stamped message export: a notice, then messages, some with a comma, some over two lines."""
    lines = [f"{stamp(0)} - Messages are kept on this device only."]
    for i in range(1, n):
        text = f"meeting at {i % 9}, then lunch" if i % 4 else f"first line of {i}\nand more words on line two"
        lines.append(f"{stamp(i)} - {names[i % len(names)]}: {text}")
    return "\n".join(lines) + "\n"


def test_records_stamped_with_a_date_and_time_load_one_row_each_with_their_later_lines(tmp_path, monkeypatch):
    """A chat's export splits at the comma in its stamp as a CSV: it is records, each a stamped line
    with the unstamped lines under it; the stamp read day first when a day is over 12."""
    text = _chat(lambda i: f"{1 + i % 28}.{1 + i % 12}.24, {i % 24}:{i % 60:02d}", ["Ana Bell", "Bo Li", "Cy Dee"])
    for name in ("chat.txt", "chat"):  # by its suffix, and by its bytes when the name says nothing
        p = prof(tmp_path, name, text)
        assert p.kind == "table", p
        t = p.tables[0]
        assert t.rows == 60 and "format='%d.%m.%y, %H:%M'" in t.load
        df = load(tmp_path, monkeypatch, t.load)
        assert len(df) == 60 and df["time"].iloc[13] == pd.Timestamp(2024, 2, 14, 13, 13)
        assert pd.isna(df["sender"].iloc[0]) and df["message"].iloc[0].startswith("Messages are kept")
        assert df["message"].iloc[4] == "first line of 4\nand more words on line two"
        assert df["message"].iloc[5] == "meeting at 5, then lunch" and df["sender"].iloc[5] == "Cy Dee"
        assert "host" not in df.columns  # 'Ana Bell: hi' is a name, not syslog's host and program
        assert not any("copies" in note for note in t.notes)  # two alike in one minute are two messages


def test_stamps_are_read_by_a_format_every_one_of_them_fits_and_unseen_marks_and_blank_lines_are_no_text(
    tmp_path, monkeypatch
):
    # Day first shows only after 2,000 records; an iOS export's notices start with U+200E; blank lines.
    stamps = [f"{1 + i % 12:02d}/{1 + (i // 12) % 12:02d}/2023 10:{i % 60:02d}" for i in range(2400)] + [
        "13/03/2024 10:00"
    ]
    mark = "\u200e"
    text = "\n".join(f"{mark if i % 50 == 7 else ''}[{t}] Ana: word {i}\n" for i, t in enumerate(stamps))
    t = prof(tmp_path, "long.txt", text).tables[0]
    assert "format='%d/%m/%Y %H:%M'" in t.load
    df = load(tmp_path, monkeypatch, t.load)
    assert (
        len(df) == 2401 and df["message"].iloc[7] == "word 7" and df["time"].iloc[-1] == pd.Timestamp(2024, 3, 13, 10)
    )


def test_a_syslog_without_a_year_loads_its_host_program_and_pid_and_says_how_to_date_it(tmp_path, monkeypatch):
    programs = [  # messages of many shapes: no one record shape fits most lines
        "sshd[{}]: Failed password for root from 10.0.0.{} port 22 ssh2",
        "CRON[{}]: session opened for user {} by (uid=0)",
        "systemd-logind[{}]: New session {} of user alice.",
        "sshd[{}]: Invalid user x{} from 10.9.9.9",
        "kernel[{}]: eth0 link up after {} ms and more words",
    ]
    lines = [
        f"{'Dec' if i < 30 else 'Jan'} {1 + i % 28:2d} 1{i % 10}:00:{i % 60:02d} web-01 "
        + programs[i % 5].format(1000 + i, i)
        for i in range(60)
    ]
    lines[6] = lines[6].replace("CRON[1006]", "sudo")  # a program without a pid
    t = prof(tmp_path, "auth.log", "\n".join(lines) + "\n").tables[0]
    df = load(tmp_path, monkeypatch, t.load)
    assert len(df) == 60 and list(df.columns) == ["time", "message", "host", "program", "pid"]
    assert df["program"].iloc[0] == "sshd" and df["pid"].iloc[0] == 1000 and pd.isna(df["pid"].iloc[6])
    assert df["message"].iloc[0] == "Failed password for root from 10.0.0.0 port 22 ssh2"
    said = next(n for n in t.notes if "no year" in n)
    dated = eval(said.split("dates are ")[1].split("; from")[0].replace("<year>", "2023"), {"pd": pd, "df": df})  # noqa: S307
    assert dated.iloc[0] == pd.Timestamp(2023, 12, 1, 10, 0, 0)  # the line the note gives reads them
    # Messages with key=value fields (a CRON line's uid=0): the note names them, its line takes one.
    fields = next(n for n in t.notes if "key=value" in n)
    assert "uid= 12" in fields  # the CRON lines' '(uid=0)', sudo's too
    taken = eval(re.search(r"(df\['message'\]\.str\.extract\(.+?\)) takes", fields)[1], {"df": df})  # noqa: S307
    assert taken.notna().sum() == 12 and set(taken.dropna()) == {"0"}
    said = re.search(r"str\.extract\(r'(.+?)', expand", fields)[1].replace("uid", "status")
    ends = pd.Series(["status=ok. done", "to=<a@b.uk>, status=sent (250)", "status=deferred"]).str.extract(said)[0]
    assert list(ends) == ["ok", "sent", "deferred"]  # a sentence's stop or comma is not the value's


def test_a_syslog_message_repeated_n_times_is_n_rows_of_its_text(tmp_path, monkeypatch):
    """rsyslog writes a message sent again as 'message repeated 3 times: [ text]': counting rows
    counted it once; each time it was sent is a row of that text."""
    shapes = [
        "sshd[{}]: Failed password for root from 10.0.0.{} port 22 ssh2",
        "CRON[{}]: session opened for user {} by (uid=0)",
        "systemd-logind[{}]: New session {} of user alice.",
        "sshd[{}]: Invalid user x{} from 10.9.9.9",
    ]
    lines = [f"Mar  {1 + i % 9} 10:00:{i:02d} web " + shapes[i % 4].format(900 + i, i) for i in range(40)]
    lines[5] = (
        "Mar  6 10:00:05 web sshd[904]: message repeated 3 times: [ Failed password for root from 10.0.0.4 port 22 ssh2]"
    )
    t = prof(tmp_path, "auth.log", "\n".join(lines) + "\n").tables[0]
    df = load(tmp_path, monkeypatch, t.load)
    assert len(df) == 42 and int(df["message"].str.startswith("Failed password").sum()) == 13
    assert (df["message"] == "Failed password for root from 10.0.0.4 port 22 ssh2").sum() == 4
    assert any("message repeated N times" in n for n in t.notes)


def test_a_twelve_hour_stamp_in_brackets_and_an_ambiguous_day_are_read_and_said(tmp_path, monkeypatch):
    text = _chat(lambda i: f"[{1 + i % 12}/{1 + i % 12}/2024, {1 + i % 12}:{i % 60:02d}\u202f{'AP'[i % 2]}M]", ["Ana"])
    text = text.replace("] - ", "] ")
    p = prof(tmp_path, "log.txt", text)
    t = p.tables[0]
    assert "format='%m/%d/%Y, %I:%M %p'" in t.load and any("day or the month" in note for note in t.notes)
    df = load(tmp_path, monkeypatch, t.load)
    assert df["time"].iloc[1] == pd.Timestamp(2024, 2, 2, 14, 1) and df["sender"].iloc[1] == "Ana"


def test_stamps_with_no_space_before_pm_or_a_comma_after_the_month_are_read(tmp_path, monkeypatch):
    """'9:15PM' and '12 Mar, 2024' matched a stamp but no format read them: the file fell back to lines."""
    pm = _chat(lambda i: f"{1 + i % 12}/{13 + i % 12}/2024, {1 + i % 12}:{i % 60:02d}{'AP'[i % 2]}M", ["Ana", "Bo"])
    t = prof(tmp_path, "pm.txt", pm).tables[0]
    assert "format='%m/%d/%Y, %I:%M%p'" in t.load
    assert load(tmp_path, monkeypatch, t.load)["time"].iloc[1] == pd.Timestamp(2024, 2, 14, 14, 1)
    months = _chat(lambda i: f"{1 + i % 28} Mar, 2024 {i % 24:02d}:{i % 60:02d}", ["Ana", "Bo Li", "Cy de la Mer"])
    t = prof(tmp_path, "months.txt", months).tables[0]
    assert "format='%d %b, %Y %H:%M'" in t.load and not any("day or the month" in n for n in t.notes)
    assert load(tmp_path, monkeypatch, t.load)["time"].iloc[2] == pd.Timestamp(2024, 3, 3, 2, 2)


def test_a_table_whose_first_column_is_a_time_and_many_named_lines_stay_what_they_are(tmp_path):
    rows = "".join(f"2024-01-01 10:{i:02d},{i}.5,{i * 2}\n" for i in range(40))
    assert prof(tmp_path, "readings.txt", rows).kind == "table"
    assert "read_csv" in prof(tmp_path, "readings.txt").tables[0].load  # a CSV without a header
    # A header of names over stamps, a zone and words: a table whose first column is a time.
    said = "time,event,n\n" + "".join(f"2024-01-01 10:{i:02d}:00 UTC,restarted by admin {i},{i}\n" for i in range(40))
    events = prof(tmp_path, "events.txt", said).tables[0]
    assert "read_csv" in events.load and [c.name for c in events.columns] == ["time", "event", "n"]
    tabbed = "".join(f"2024-01-01 10:{i:02d}\tJohn Smith\t{i}\n" for i in range(40))  # a TSV without a header
    assert "sep='\\t'" in prof(tmp_path, "tabbed.txt", tabbed).tables[0].load
    # Every line names another process (a pid in it): no column of senders; syslog's fields instead.
    sys_log = "".join(f"2024-01-01 10:{i % 60:02d}:00 host cron[{1000 + i}]: job ran for user {i}\n" for i in range(25))
    t = prof(tmp_path, "sys.log", sys_log).tables[0]
    assert "sender" not in t.load and [c.name for c in t.columns] == ["time", "message", "host", "program", "pid"]


def test_the_preview_says_which_column_holds_another_tables_key_and_only_where_the_values_say_so(tmp_path):
    zones = "zone_id,borough,name\n" + "".join(f"{i},B{i % 3},Zone {i}\n" for i in range(1, 41))
    trips = "pickup_zone_id,dropoff_zone_id,fare,born\n" + "".join(
        f"{1 + i % 40},{1 + (i * 7) % 40},{i % 13}.5,{2000 + i}\n" for i in range(200)
    )
    people = "id,born\n" + "".join(f"{i},{2000 + i}\n" for i in range(1, 41))
    files = [
        prof(tmp_path, "trips.csv", trips),
        prof(tmp_path, "zone_lookup.csv", zones),
        prof(tmp_path, "people.csv", people),
    ]
    said = joins(files)
    assert (
        len(said) == 1
        and "'pickup_zone_id' and 'dropoff_zone_id' of trips.csv hold 'zone_id' of zone_lookup.csv" in said[0]
    )
    scope = {
        "pd": pd,
        "trips_df": pd.read_csv(tmp_path / "trips.csv"),
        "lookup_df": pd.read_csv(tmp_path / "zone_lookup.csv"),
    }
    merged = eval(said[0].split("then: ")[1], scope)  # noqa: S307 - the preview's own line
    assert len(merged) == 200 and merged["borough"].notna().all()
    assert "Join: " in render(files, 6000)
    # Values that are not the key's: no join, whatever the names say.
    elsewhere = "zone_id,fare\n" + "".join(f"{100 + i},{i}\n" for i in range(30))
    assert joins([prof(tmp_path, "far.csv", elsewhere), files[1]]) == []
    # A customer_id holds the id of customers; two tables' own ids, one row each, are no join.
    customers = "id,name\n" + "".join(f"{i},C{i}\n" for i in range(1, 21))
    orders = "id,customer_id,total\n" + "".join(f"{i},{1 + i % 20},{i}\n" for i in range(1, 61))
    found = joins([prof(tmp_path, "orders.csv", orders), prof(tmp_path, "customers.csv", customers)])
    assert len(found) == 1 and found[0].startswith("'customer_id' of orders.csv hold 'id' of customers.csv")
    # A table's own long ids that fall within another's range hold nothing of it: orders 1001-1050
    # are among the item ids 1-2400, and only order_items' order_id holds them (as files or tables).
    orders = pd.DataFrame({"order_id": range(1001, 1051), "total": range(50)})
    items = pd.DataFrame({"order_item_id": range(1, 2401), "order_id": [1001 + i % 50 for i in range(2400)]})
    orders.to_csv(tmp_path / "orders.csv", index=False)
    items.to_csv(tmp_path / "order_items.csv", index=False)
    found = joins([prof(tmp_path, "orders.csv"), prof(tmp_path, "order_items.csv")])
    assert len(found) == 1 and found[0].startswith("'order_id' of order_items.csv hold 'order_id' of orders.csv"), found
    with sqlite3.connect(tmp_path / "shop.sqlite") as con:
        orders.to_sql("orders", con, index=False)
        items.to_sql("order_items", con, index=False)
    found = joins([prof(tmp_path, "shop.sqlite")])  # a database's tables: the frames its load blocks make
    assert found == [
        "'order_id' of table 'order_items' hold 'order_id' of table 'orders', one row each there. Then: "
        "order_items.merge(orders, on='order_id', how='left')"
    ]
    with pd.ExcelWriter(tmp_path / "orders.xlsx") as book:  # a sheet's name that says nothing: the file's
        orders.to_excel(book, sheet_name="Sheet1", index=False)
        items.to_excel(book, sheet_name="Sheet2", index=False)
    found = joins([prof(tmp_path, "orders.xlsx")])
    assert len(found) == 1 and found[0].startswith("'order_id' of orders.xlsx 'Sheet2' hold 'order_id'"), found
    # A table named by two words is about its first as well: 'customer_data' holds customers.
    with sqlite3.connect(tmp_path / "crm.sqlite") as con:
        pd.DataFrame({"id": range(1, 21), "name": [f"C{i}" for i in range(20)]}).to_sql(
            "customer_data", con, index=False
        )
        pd.DataFrame({"id": range(1, 61), "customer_id": [1 + i % 20 for i in range(60)]}).to_sql(
            "sales", con, index=False
        )
    found = joins([prof(tmp_path, "crm.sqlite")])
    assert len(found) == 1 and found[0].startswith("'customer_id' of table 'sales' hold 'id'"), found


def test_codes_two_sheets_write_two_ways_still_join_and_notes_under_a_sheet_are_dropped(tmp_path, monkeypatch):
    # A records system's report: registrations name modules as 'CHEM1010', its catalogue sheet as
    # 'CHEM 1010', under a 'Notes' heading and two sentences, the second shorter than the first.
    codes = [f"{s} {n}" for s in ("CHEM", "COMP", "HIST") for n in (1010, 1020, 2010, 2020)]
    catalogue = [["Module code", "Title", "Capacity"], *[[c, f"Module {c}", 20 + i] for i, c in enumerate(codes)]]
    catalogue += [
        [],
        ["Notes"],
        ["Capacity is the class size agreed with the School for the year."],
        ["Semester 2 opens in January."],
    ]
    regs = [
        ["Student", "Module", "Mark"],
        *[[f"S{i:04d}", codes[i % 12].replace(" ", ""), 40 + i % 50] for i in range(90)],
    ]
    with pd.ExcelWriter(tmp_path / "modules.xlsx") as book:
        pd.DataFrame(regs).to_excel(book, sheet_name="Registrations", index=False, header=False)
        pd.DataFrame([r + [None] * (3 - len(r)) for r in catalogue]).to_excel(
            book, sheet_name="Module catalogue", index=False, header=False
        )
    p = prof(tmp_path, "modules.xlsx")
    sheet = p.tables[1]
    assert "skipfooter=4" in sheet.load and sheet.rows == 12 and "'Notes'" in " ".join(sheet.notes)
    said = joins([p])
    assert len(said) == 1 and said[0].startswith("'Module' of modules.xlsx 'Registrations' hold 'Module code'")
    assert "'CHEM1010' there, 'CHEM 1010' here" in said[0]
    scope = {"pd": pd}
    frames = {"registrations_df": p.tables[0].load, "module_df": sheet.load}
    for name, code in frames.items():
        scope[name] = load(tmp_path, monkeypatch, code)
    steps = said[0].split("write both one way first: ")[1]
    first, rest = steps.split(", and the same for ")
    exec(first, scope)  # noqa: S102 - the preview's own lines
    exec(f"module_df['Module code'] = module_df['Module code']{ONE_WAY}", scope)  # noqa: S102 - as it says
    merged = eval(rest.split("then ")[1], scope)  # noqa: S307
    assert len(merged) == 90 and merged["Capacity"].notna().all()
    # Codes that share no value, however written: no join.
    other = [["Module", "Room"], *[[f"LAW{i}", f"R{i}"] for i in range(12)]]
    pd.DataFrame(other).to_excel(tmp_path / "rooms.xlsx", index=False, header=False)
    assert joins([prof(tmp_path, "rooms.xlsx"), p]) == said


def test_years_headed_with_their_code_in_brackets_are_periods_too(tmp_path, monkeypatch):
    # As a World Bank DataBank extract heads its years: '2019 [YR2019]'.
    years = [f"{y} [YR{y}]" for y in range(2017, 2023)]
    rows = ["Country Name,Country Code,Series Code," + ",".join(years)]
    rows += [f"C{i},K{i},SP.POP.TOTL," + ",".join(str(100 * i + k) for k in range(6)) for i in range(12)]
    table = prof(tmp_path, "wdi.csv", "\n".join(rows) + "\n").tables[0]
    assert "6 periods as columns ('2017 [YR2017]' … '2022 [YR2022]'" in " ".join(table.notes)
    df = load(tmp_path, monkeypatch, table.load)
    assert df[df["period"] == "2021"]["value"].sum() == sum(100 * i + 4 for i in range(12))
    # Two columns a year ('2019 [M]', '2019 [F]'): the brackets tell columns apart, not years.
    sexes = [f"{y} [{s}]" for y in range(2017, 2023) for s in "MF"]
    rows = ["Region," + ",".join(sexes)] + [f"R{i}," + ",".join(str(i + k) for k in range(12)) for i in range(12)]
    table = prof(tmp_path, "pay.csv", "\n".join(rows) + "\n").tables[0]
    assert "'2019 [M]'" in str([c.name for c in table.columns]) and "period" not in table.load and not table.periods


def test_a_statistics_offices_tsv_gets_its_names_stripped_and_flagged_numbers_read(tmp_path, monkeypatch):
    # As Eurostat writes it: a space after each period in the header, a flag letter after some
    # numbers ('494167 e' estimated, 'p' provisional), ':' for a missing value.
    months = [f"2023-{m:02d} " for m in range(1, 7)]
    rows = ["freq,unit,geo\\TIME_PERIOD\t" + "\t".join(months)]
    for i, geo in enumerate(["AT", "BE", "DE", "ES", "FR", "IT"]):
        cells = [f"{1000 * (i + 1) + m} {'e' if (i + m) % 4 == 0 else 'p' if m == 5 else ''}" for m in range(6)]
        cells[2] = ":" if geo == "DE" else cells[2]
        rows.append(f"M,NR,{geo}\t" + "\t".join(cells))
    p = prof(tmp_path, "estat.tsv", "\n".join(rows) + "\n")
    table = p.tables[0]
    # The keys split, the names stripped, the periods melted into rows, the flags dropped from the numbers.
    assert [c.name for c in table.columns] == ["freq", "unit", "geo", "period", "value"]
    assert "df.columns = df.columns.str.strip()" in table.load and table.rows == 6 * 6
    said = " ".join(table.notes)
    assert "6 periods as columns ('2023-01' … '2023-06'" in said and "flag letter" in said
    df = load(tmp_path, monkeypatch, table.load)
    assert sorted(df["period"].unique()) == [m.strip() for m in months] and df["value"].isna().sum() == 1  # DE's ':'
    assert df[df["period"] == "2023-01"]["value"].tolist() == [1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0]
    assert df[df["period"] == "2023-06"]["value"].sum() == sum(1000 * (i + 1) + 5 for i in range(6))
    assert df[df["geo"] == "ES"]["value"].sum() == sum(4000 + m for m in range(6))
    # A confidential ': c' among the numbers is missing, as ':' is.
    flags = lambda i, m: " e" if (i + m) % 4 == 0 else " p" if m == 5 else ""  # noqa: E731
    rows = rows[:1] + [f"M,NR,R{i}\t" + "\t".join(f"{10 * i + m}{flags(i, m)}" for m in range(6)) for i in range(20)]
    rows[5] = rows[5].replace("\t40 e", "\t: c", 1)
    p = prof(tmp_path, "estat.tsv", "\n".join(rows) + "\n")
    values = load(tmp_path, monkeypatch, p.tables[0].load)["value"]
    assert values.count() == 20 * 6 - 1 and values.sum() == sum(10 * i + m for i in range(20) for m in range(6)) - 40
    # A number beside the periods (an area, a row's total) would repeat on each period's row: the
    # table stays wide, and its note melts it and reads the values.
    rows = [rows[0].replace("\t", "\tarea\t", 1), *(r.replace("\t", f"\t{i}\t", 1) for i, r in enumerate(rows[1:]))]
    p = prof(tmp_path, "estat.tsv", "\n".join(rows) + "\n")
    wide = next(n for n in p.tables[0].notes if n.startswith("wide:"))
    assert "flag letter" in wide and "with its number" in wide and "id_vars=['freq', 'unit', 'geo', 'area']" in wide
    exec(wide.rsplit(": ", 1)[1], ran := {"df": load(tmp_path, monkeypatch, p.tables[0].load), "pd": pd})  # noqa: S102
    values = ran["df"]["value"]
    assert values.count() == 20 * 6 - 1 and values.sum() == sum(10 * i + m for i in range(20) for m in range(6)) - 40
    # Periods pandas read as numbers beside periods of decimal-comma text: each keeps its value.
    header = "geo;" + ";".join(f"2023-{m:02d}" for m in range(1, 8))
    body = "".join(
        f"R{i};" + ";".join([*(str(10 * i + m) for m in range(4)), *(f"{i},5 p" for _ in range(3))]) + "\n"
        for i in range(12)
    )
    p = prof(tmp_path, "mixed.csv", header + "\n" + body)
    values = load(tmp_path, monkeypatch, p.tables[0].load)["value"]
    assert values.sum() == sum(10 * i + m for i in range(12) for m in range(4)) + sum(3 * (i + 0.5) for i in range(12))
    # A unit on some rows only is still a unit, not a flag.
    weights = "item,weight\n" + "".join(f"i{i},{i + 1}{' kg' if i % 3 == 0 else ''}\n" for i in range(12))
    assert "different units" in column(prof(tmp_path, "w.csv", weights), "weight").notes[0]


def test_epoch_times_and_lists_of_a_few_numbers_get_how_to_read_them(tmp_path, monkeypatch):
    # A feed's GeoJSON: times as milliseconds since 1970, points as [longitude, latitude, depth].
    features = [
        {
            "type": "Feature",
            "properties": {"mag": 1.0 + i / 10, "time": 1711927606331 + i * 60_000, "sig": 10 + i},
            "geometry": {"type": "Point", "coordinates": [-122.7 + i / 100, 38.8, 4.8 + i]},
        }
        for i in range(30)
    ]
    p = prof(tmp_path, "quakes.geojson", json.dumps({"type": "FeatureCollection", "features": features}))
    time = column(p, "properties.time")
    assert "milliseconds since 1970 (1711927606331 is 2024-03-31 23:26 UTC)" in time.notes[0]
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    read = eval(time.notes[0].split(": ", 1)[1].removesuffix(" reads them as dates"), {"pd": pd, "df": df})  # noqa: S307
    assert read.iloc[0] == pd.Timestamp("2024-03-31 23:26:46.331", tz="UTC")
    assert column(p, "properties.sig").notes == []  # a count is no time, whatever its size
    ids = pd.DataFrame({"id": [1693856270850 + i * 9000 for i in range(5)], "n": [1711927606 + i for i in range(5)]})
    ids.to_csv(tmp_path / "revlog.csv", index=False)
    log = prof(tmp_path, "revlog.csv")  # an app's ids made of the time: in milliseconds, said as a guess
    assert column(log, "id").notes == [
        "if a time, ms since 1970 (2023-09-04 19:37 UTC): pd.to_datetime(df['id'], unit='ms', utc=True)"
    ]
    assert column(log, "n").notes == []  # seconds under a name that says no time: any count of that size
    where = column(p, "geometry.coordinates").notes[0]
    assert "lists of 3 numbers each" in where and "longitude, latitude" in where and "explode" not in where
    assert df["geometry.coordinates"].str[2].iloc[1] == 5.8  # the depth, as the note takes it
    tags = [{"id": i, "tags": ["a", "b", "c"][: 1 + i % 3]} for i in range(20)]
    listed = column(prof(tmp_path, "tags.json", json.dumps(tags)), "tags")
    assert "explode('tags')" in listed.notes[0]  # lists of any length: a row per item


def test_a_header_of_dates_or_years_is_made_text_so_the_names_the_preview_gives_find_the_columns(tmp_path, monkeypatch):
    months = pd.date_range("2023-04-01", periods=3, freq="MS")
    wide = pd.DataFrame({"branch": ["A", "B"], months[0]: [1, 2], months[1]: ["1,200", 30], months[2]: [5, 6]})
    wide.to_excel(tmp_path / "issues.xlsx", index=False)
    p = prof(tmp_path, "issues.xlsx")
    names = [c.name for c in p.tables[0].columns]
    assert names == ["branch", "2023-04-01", "2023-05-01", "2023-06-01"]
    df = load(tmp_path, monkeypatch, p.tables[0].load)  # the load block itself uses those names
    assert list(df.columns) == names and df["2023-05-01"].sum() == 1230
    pd.DataFrame([["x", 1, 2]], columns=["site", 2019, 2020]).to_parquet(tmp_path / "years.parquet")
    years = prof(tmp_path, "years.parquet")
    assert load(tmp_path, monkeypatch, years.tables[0].load)["2020"].sum() == 2


def test_a_sheet_drops_its_total_and_notes_below_and_reads_status_words_among_numbers_as_missing(tmp_path, monkeypatch):
    # As councils publish them: a title, months across, a word where a branch had no figure, a
    # 'Total' row as wide as the table holding the sums, a blank row and a sentence under it.
    months = list(pd.date_range("2023-04-01", periods=6, freq="MS"))
    per = {
        b: [10 * k + m for m in range(6)]
        for k, b in enumerate(["Central", "Northgate", "Mobile", "Riverside", "Eastfield", "Hill", "Docks"], 1)
    }
    rows: list[list] = [["Issues by branch and month"], [], ["Branch", *months, "Total"]]
    for b, v in per.items():
        shown = ["Closed" if (b == "Mobile" and m in (2, 3)) else x for m, x in enumerate(v)]
        rows.append([b, *shown, sum(x for x, s in zip(v, shown) if s != "Closed")])
    sums = [sum(r[1 + i] for r in rows[3:] if r[1 + i] != "Closed") for i in range(6)]
    rows += [["Total", *sums, sum(sums)], [], ["Figures for the last month are provisional."]]
    pd.DataFrame([r + [None] * (8 - len(r)) for r in rows]).to_excel(
        tmp_path / "issues.xlsx", index=False, header=False
    )
    table = prof(tmp_path, "issues.xlsx").tables[0]
    notes = " ".join(table.notes)
    assert "skipfooter" in table.load and "a total and notes" in notes and "'Closed'" in notes
    df = load(tmp_path, monkeypatch, table.load)
    assert list(df["Branch"]) == list(per) and df["2023-06-01"].isna().sum() == 1
    assert df["2023-06-01"].sum() == sums[2] and df["Total"].sum() == sum(sums)
    # A row opening with 'Total' that fills every column with other numbers than the sums is a row;
    # a code among numbers ('K' for kindergarten) is a value.
    rows = [["plan", "grade", "cost"], *[[f"P{i}", "K" if i == 3 else i, i * 10] for i in range(8)]]
    rows.append(["Total Care", 2, 35])
    pd.DataFrame(rows).to_excel(tmp_path / "plans.xlsx", index=False, header=False)
    kept = prof(tmp_path, "plans.xlsx").tables[0]
    assert "skipfooter" not in kept.load and "na_values" not in kept.load and kept.rows == 9


def test_json_lines_with_a_field_of_records_load_a_column_per_inner_field(tmp_path, monkeypatch):
    # A record per line whose 'carried' is an object, absent where nothing sailed: a small model
    # left with a column of dicts sums the dicts.
    lines = [
        {"id": i, "status": "CANCELLED" if i % 10 == 0 else "DEPARTED"}
        | ({} if i % 10 == 0 else {"carried": {"passengers": i, "cars": i % 7}})
        for i in range(60)
    ]
    p = prof(tmp_path, "trips.jsonl", "".join(json.dumps(r) + "\n" for r in lines))
    table = p.tables[0]
    assert any("'carried'" in n for n in table.notes)
    df = load(tmp_path, monkeypatch, table.load)
    assert "carried" not in df.columns and df["carried.passengers"].sum() == sum(i for i in range(60) if i % 10)
    assert df["carried.cars"].isna().sum() == 6 and len(df) == 60
    assert column(p, "carried.cars").dtype == "float"


def test_a_word_among_times_is_read_as_missing_wherever_in_the_file_it_is(tmp_path, monkeypatch):
    # Results sorted by time put the runners who did not finish last, past the rows a profile reads.
    times = [f"{2 + i // 3600}:{i // 60 % 60:02d}:{i % 60:02d}" for i in range(0, 6000 * 7, 7)]
    rows = [f"{n},{t}" for n, t in enumerate(times, 1)] + [f"{n},DNF" for n in range(6001, 6101)] + ["6101,DSQ"]
    p = prof(tmp_path, "results.csv", "bib,chip\n" + "\n".join(rows) + "\n")
    assert "'DNF' in 'chip' (100 rows)" in " ".join(p.tables[0].notes)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["chip"].isna().sum() == 101 and pd.to_timedelta(df["chip"]).max() == pd.Timedelta(times[-1])


def test_split_times_in_m_ss_beside_h_mm_ss_load_as_durations(tmp_path, monkeypatch):
    # A 10K split: '32:42' is 32 minutes (not 32 o'clock), the slowest '1:02:10'.
    seconds = [1900 + 37 * i for i in range(60)]
    shown = [
        f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}" for s in seconds
    ]
    p = prof(tmp_path, "splits.csv", "bib,split\n" + "".join(f"{i},{v}\n" for i, v in enumerate(shown)))
    assert "m:ss or h:mm:ss" in " ".join(column(p, "split").notes)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df["split"].dt.total_seconds()) == seconds
    clock = prof(tmp_path, "clock.csv", "id,at\n" + "".join(f"{i},{i % 24}:{i % 60:02d}\n" for i in range(60)))
    assert "m:ss" not in " ".join(column(clock, "at").notes)  # all under 24: a time of day


def test_total_rows_inside_a_stacked_table_are_dropped_and_a_dash_in_most_rows_is_missing(tmp_path, monkeypatch):
    # A monthly export stacked: each month opens with its 'Total' row; most providers have no
    # type 2 unit and show '-' there.
    rows = ["month,org,type1,type2"]
    for m in ("Apr", "May", "Jun"):
        values = [(10 * k + len(m), "-" if k % 4 else 7 * k) for k in range(1, 9)]
        rows.append(f"{m},Total,{sum(a for a, _ in values)},{sum(b for _, b in values if b != '-')}")
        rows += [f"{m},Org {k},{a},{b}" for k, (a, b) in enumerate(values, 1)]
    p = prof(tmp_path, "ae.csv", "\n".join(rows) + "\n")
    assert any("totals of the others" in n for n in p.tables[0].notes)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 24 and df["type1"].sum() == 3 * sum(10 * k + 3 for k in range(1, 9))
    assert df["type2"].dtype.kind == "f" and df["type2"].sum() == 3 * (28 + 56)
    named = prof(tmp_path, "plans.csv", "plan,cost\n" + "".join(f"Total Care {i},{i}\n" for i in range(9)))
    assert "isin" not in named.tables[0].load  # a name that opens with the word is no total


def test_a_comma_before_three_digits_in_every_value_groups_thousands_even_in_a_tab_separated_file(
    tmp_path, monkeypatch
):
    areas = [6850, 4120, 2940, 610, 12500, 880, 3075, 1999]
    text = "site\tarea_m2\n" + "".join(f"S{i}\t{a:,}\n" for i, a in enumerate(areas))
    p = prof(tmp_path, "sites.tsv", text)
    assert "decimal" not in p.tables[0].load
    assert load(tmp_path, monkeypatch, p.tables[0].load)["area_m2"].sum() == sum(areas)
    short = prof(tmp_path, "r.tsv", "site\tkg\n" + "".join(f"S{i}\t{i},{i}5\n" for i in range(8)))
    assert "decimal=','" in short.tables[0].load  # '3,35' groups nothing: a decimal comma


def _shop(tmp_path):
    """A database of four wide tables, two pairs of which join, and a CSV beside it."""
    con = sqlite3.connect(tmp_path / "shop.sqlite")
    extra = {f"attribute_{k}": [f"value {k}-{i}" for i in range(60)] for k in range(14)}
    frames = {
        "customers": pd.DataFrame({"customer_id": range(1, 61), "region": ["north", "south"] * 30, **extra}),
        "orders": pd.DataFrame(
            {"order_no": range(1000, 1060), "customer_id": [1 + i % 50 for i in range(60)], **extra}
        ),
        "products": pd.DataFrame({"sku_code": [f"SKU{i:04d}" for i in range(60)], **extra}),
        "audit_log": pd.DataFrame({"entry": range(60), "sku_code": [f"SKU{i % 40:04d}" for i in range(60)], **extra}),
    }
    for name, frame in frames.items():
        frame.to_sql(name, con, index=False)
    con.close()
    (tmp_path / "targets.csv").write_text("region,target\nnorth,100\nsouth,80\n")
    return [prof(tmp_path, "shop.sqlite"), prof(tmp_path, "targets.csv")]


def test_a_preview_over_its_budget_keeps_every_file_and_loads_the_tables_the_question_names(tmp_path):
    files = _shop(tmp_path)
    question = "Join the orders table of shop.sqlite with its customers and targets.csv: orders per region?"
    assert len(render(files, 10**6)) > 2500  # whole, it does not fit
    text = render(files, 2500, question=question)
    assert len(text) <= 2500
    for table in ("orders", "customers"):  # named: loaded as the profile loads them
        assert f"table {table!r}: 60 rows. Not loaded yet" in text and f'FROM "{table}"' in text
    assert "df = pd.read_csv('targets.csv')" in text  # the second file is not cut off
    assert "'products'" in text and "'audit_log'" in text  # the others are named, not described
    assert 'FROM "products"' not in text and 'FROM "audit_log"' not in text
    joins_said = [line for line in text.splitlines() if line.startswith("Join:")]
    assert joins_said and all("orders" in line and "customers" in line for line in joins_said)


def test_a_preview_over_its_budget_loads_a_files_largest_table_when_the_question_names_none(tmp_path):
    db, csv = _shop(tmp_path)
    next(t for t in db.tables if t.name == "products").rows = 5000  # as if it were the largest
    text = render([db, csv], 2000, question="How many rows are there in shop.sqlite and targets.csv?")
    assert len(text) <= 2000 and 'FROM "products"' in text and "pd.read_csv('targets.csv')" in text
    assert 'FROM "orders"' not in text and "'orders'" in text


def test_a_table_is_named_by_every_word_of_its_name_and_others_keep_their_line_when_nothing_fits(tmp_path):
    con = sqlite3.connect(tmp_path / "orders.sqlite")
    wide = {f"field_{k}": [f"text {k}-{i}" for i in range(40)] for k in range(12)}
    for table in ("orders", "order_items", "order_payments"):
        pd.DataFrame({f"{table}_id": range(40), **wide}).to_sql(table, con, index=False)
    con.close()
    db = prof(tmp_path, "orders.sqlite")
    question = "How many orders are in orders.sqlite?"
    text = render([db], 1100, question=question)  # room to load one table
    assert len(text) <= 1100 and 'FROM "orders"' in text  # "orders" names 'orders', not 'order_items'
    assert 'FROM "order_items"' not in text and 'FROM "order_payments"' not in text
    assert text.count("(not described here)") == 2  # the others keep their line of column names
    cramped = render([db], 600, question=question)  # no room to load any: its line is kept, not given up
    assert len(cramped) <= 600 and 'FROM "' not in cramped and "table 'orders': 40 rows; columns" in cramped


def test_the_sheet_of_values_is_loaded_over_a_wordy_metadata_sheet_that_repeats_the_files_name(tmp_path):
    """A statistics office's download: a sheet of values with years as columns, and a small sheet
    describing each series in long text (its source names the file's own words). The words of the
    file's name say which file, not which sheet; a year the question names is a column of the
    values; "countries" says 'Country Name'."""
    years = {f"{y} [YR{y}]": [float(i * y % 97) for i in range(60)] for y in range(2015, 2024)}
    names = [f"Land {i}" for i in range(30)]
    data = pd.DataFrame(
        {
            "Country Name": names * 2,
            "Series Name": ["Access to electricity (% of population)", "Population, total"] * 30,
        }
        | {"Filler": [f"note {i}" for i in range(60)]}
        | years
    )
    series = pd.DataFrame(
        {
            "Indicator Name": ["Access to electricity (% of population)", "Population, total"],
            "Source": ["World Development Indicators, world bank extract", "World Development Indicators data"],
            "Topic": ["Environment: Energy production & use of world development", "Health: Population extract"],
        }
    )
    with pd.ExcelWriter(tmp_path / "World_Development_Indicators_extract.xlsx") as book:
        data.to_excel(book, sheet_name="Data", index=False)
        series.to_excel(book, sheet_name="Series - Metadata", index=False)
    book_ = prof(tmp_path, "World_Development_Indicators_extract.xlsx")
    question = (
        "In World_Development_Indicators_extract.xlsx (World Development Indicators), for how many countries "
        "is there a 2022 value for 'Access to electricity (% of population)'?"
    )
    assert len(render([book_], 10**6)) > 800
    text = render([book_], 1000, question=question)  # room to load one sheet (the Data sheet melted)
    assert "sheet_name='Data'" in text and "sheet_name='Series - Metadata'" not in text, text
    assert named_files("Which cities are the busiest?", ["city.csv", "towns.csv"]) == ["city.csv"]  # -ies: -y


def test_a_year_the_question_names_finds_the_sheet_whose_years_were_melted_into_rows(tmp_path):
    # A World Bank extract: years across the Data sheet (melted by its load block) beside a metadata
    # sheet whose column names say more of the question's words.
    years = {f"{y} [YR{y}]": [float(i * y % 97) for i in range(60)] for y in range(2015, 2024)}
    data = pd.DataFrame({"Country Name": [f"Land {i}" for i in range(30)] * 2, "Series Name": ["Population, total", "GDP"] * 30})  # fmt: skip
    meta = pd.DataFrame({"Code": [f"L{i}" for i in range(30)], "Region": ["Europe", "Asia"] * 15, "Latest population census": ["2011"] * 30})  # fmt: skip
    with pd.ExcelWriter(tmp_path / "wdi.xlsx") as book:
        pd.concat([data, pd.DataFrame(years)], axis=1).to_excel(book, sheet_name="Data", index=False)
        meta.to_excel(book, sheet_name="Country - Metadata", index=False)
    book_ = prof(tmp_path, "wdi.xlsx")
    assert book_.tables[0].periods[0] == "2015 [YR2015]" and "'period'" in str(
        [c.name for c in book_.tables[0].columns]
    )
    text = render([book_], 1000, question="What was the total population of Land 3 in 2020 in wdi.xlsx?")
    assert "sheet_name='Data')" in text and "sheet_name='Country - Metadata')" not in text, text


def test_a_files_own_name_still_says_the_question_is_about_it_beside_another_file(tmp_path):
    """The words of a file's name do not choose among its tables, but they still rank it over a
    file the question does not name: the sales file gets its load lines first."""
    wide = {f"extra_{k}": [f"text {k}-{i}" for i in range(30)] for k in range(10)}
    months = [f"2024-{1 + i % 12:02d}" for i in range(30)]
    pd.DataFrame({"month": months, "region": ["n", "s"] * 15, "target": range(30), **wide}).to_csv(
        tmp_path / "targets.csv", index=False
    )
    pd.DataFrame({"store": ["a", "b"] * 15, "month": months, "sales": range(30), **wide}).to_csv(
        tmp_path / "store_sales.csv", index=False
    )
    files = [prof(tmp_path, "targets.csv"), prof(tmp_path, "store_sales.csv")]
    text = render(files, 1400, question="Which month had the highest sales?")  # room to load one
    assert "read_csv('store_sales.csv')" in text and "read_csv('targets.csv')" not in text


def test_sheets_alike_are_named_by_name_only_with_their_first_when_a_preview_is_over_its_budget(tmp_path):
    with pd.ExcelWriter(tmp_path / "daily.xlsx") as book:  # (the profile reads the first few sheets)
        for day in range(1, 32):
            pd.DataFrame({"station": ["A", "B"], "reading": [day, day + 1]}).to_excel(
                book, sheet_name=f"2024-01-{day:02d}", index=False
            )
    (tmp_path / "stations.csv").write_text("station,name\nA,North\nB,South\n")
    files = [prof(tmp_path, "daily.xlsx"), prof(tmp_path, "stations.csv")]
    assert len(render(files, 10**6)) > 1000
    text = render(files, 1000, question="Which station in stations.csv has the most readings?")
    assert len(text) <= 1000 and "df = pd.read_csv('stations.csv')" in text  # not cut off by 31 sheet lines
    assert "Also in daily.xlsx, not described here: '2024-01-01' (2 rows)" in text  # the sheets still named


def test_a_column_name_longer_than_the_line_for_names_is_cut_within_its_quotes(tmp_path):
    (tmp_path / "w.csv").write_text(f"{'x' * 300},b\n1,2\n")
    names = _names(prof(tmp_path, "w.csv").tables[0])
    assert len(names) < 200 and names.endswith("', …") and names.startswith("'xxx")


def test_a_conversion_repeated_for_many_columns_is_shown_as_one_loop_that_loads_the_same(tmp_path, monkeypatch):
    years = [str(y) for y in range(2015, 2024)]
    # (A number beside the years, a row's seats: not melted by the load block, which a total would repeat.)
    rows = [",".join([f"team {i}", str(i), *(f'"${1000 * i + y:,}"' for y in range(9))]) for i in range(40)]
    p = prof(tmp_path, "pay.csv", "team,seats," + ",".join(years) + "\n" + "\n".join(rows) + "\n")
    t = p.tables[0]
    assert sum(line.startswith("df['20") for line in t.load.splitlines()) == 9  # one line a column, as profiled
    block = load_block(p, t)
    assert block.count("\n") < t.load.count("\n") and "for col in ['2015', '2016'," in block
    folded_df = load(tmp_path, monkeypatch, block)
    pd.testing.assert_frame_equal(folded_df, load(tmp_path, monkeypatch, t.load))
    assert folded_df["2023"].dtype.kind == "f" and folded_df["2023"][2] == 2008
    assert unfolded(block).endswith(t.load)  # read back as the lines it stands for
    # The checks read the loop as the lines it stands for: no "convert it first" for code that copied it.
    use = "\nprint(df['2020'].sum())"
    assert numbers_used_as_text(block + use, [p]) == ""
    renamed = re.sub(r"\bdf\b", "pay", block)  # as a hint shows it, for a second frame
    assert numbers_used_as_text(renamed + use.replace("df", "pay"), [p]) == ""
    own = "for col in ['2020', '2021']:\n    df[col] = df[col].str.strip()\n    print(col)"
    assert unfolded(own) == own  # a loop of the model's own, whose body goes on: left as it is
    assert "'2020'" in numbers_used_as_text(f"import pandas as pd\ndf = pd.read_csv('pay.csv'){use}", [p])
    kept = ["df['a'] = df['a'] + 1", "df['b'] = df['a'] + 1", "col = 'c'", "df['c'] = df['c'] + 1"]
    assert folded("\n".join(kept)) == "\n".join(kept)  # not alike but for their column, or `col` taken
    # A database table's frame folds alike; lines of two frames do not fold together.
    pay = [f"pay[{y!r}] = pd.to_numeric(pay[{y!r}])" for y in years[:4]]
    assert (
        folded("\n".join(pay)) == "for col in ['2015', '2016', '2017', '2018']:\n    pay[col] = pd.to_numeric(pay[col])"
    )
    assert unfolded(folded("\n".join(pay))) == "\n".join(pay)
    mixed = [*pay[:2], pay[2].replace("pay", "tax")]
    assert folded("\n".join(mixed)) == "\n".join(mixed)


def test_lower_case_codes_repeated_on_rows_are_keys_that_join(tmp_path):
    # Orders name their product by a lower-case SKU, many orders each; the product list holds the
    # SKUs once each under another name. The codes are keys by their shape ('sku-1001'), not by the
    # column's name or one row each.
    skus = [f"sku-{1000 + i}" for i in range(12)]
    pd.DataFrame({"sku": skus, "title": [f"Item {i}" for i in range(12)]}).to_csv(
        tmp_path / "products.csv", index=False
    )
    pd.DataFrame({"order": range(60), "product": [skus[i % 12] for i in range(60)]}).to_csv(
        tmp_path / "orders.csv", index=False
    )
    said = joins([prof(tmp_path, "orders.csv"), prof(tmp_path, "products.csv")])
    assert any(s.startswith("'product' of orders.csv hold 'sku'") for s in said), said


def test_few_values_are_read_from_every_row_of_a_zipped_csv_a_database_and_parquet(tmp_path):
    # Sorted by region, as exports often are: the first rows read hold one region, the file four.
    regions = ["North", "South", "East", "West"]
    df = pd.DataFrame({"region": [regions[i * 4 // 8000] for i in range(8000)], "sales": range(8000)})
    df.to_csv(tmp_path / "sales.csv", index=False)
    with zipfile.ZipFile(tmp_path / "sales.zip", "w") as z:
        z.write(tmp_path / "sales.csv", "sales.csv")
    with sqlite3.connect(tmp_path / "sales.db") as con:
        df.to_sql("sales", con, index=False)
    df.to_parquet(tmp_path / "sales.parquet")
    for name in ("sales.zip", "sales.db", "sales.parquet"):
        p = prof(tmp_path, name)
        table = p.tables[0]
        region = next(c for c in table.columns if c.name == "region")
        assert region.values == regions and table.all_values(region), (name, region)


def test_aggregates_listed_beside_the_countries_they_sum_are_said_so(tmp_path):
    # As statistics offices export areas: the world and regions as rows beside the countries,
    # after the first rows read (sorted by area code), so only a read of every row finds them.
    countries = ["France", "South Africa", "United States of America", "Central African Republic", "Viet Nam"]
    areas = [*countries, "World", "Africa", "European Union (27)", "Low income"]
    rows = [f"{a},{y},{i}" for a in areas for y in range(2000, 2000 + 1200) for i in (1,)]
    p = prof(tmp_path, "areas.csv", "Area,Year,Value\n" + "\n".join(rows) + "\n")
    said = [n for n in p.tables[0].notes if "aggregates" in n]
    assert len(said) == 1 and said[0].startswith(
        "'Area' holds aggregates beside the areas they sum ('World', 'Africa', 'European Union (27)', 'Low income')"
    )
    only = prof(tmp_path, "countries.csv", "Area,Value\n" + "".join(f"{c},{i}\n" for i, c in enumerate(countries * 3)))
    assert not any("aggregates" in n for n in only.tables[0].notes)  # 'South Africa' is a country


def test_values_read_from_every_row_are_listed_as_whole_only_where_they_are_text_and_few(tmp_path):
    # Text in the rows profiled, numbers further down: no value list is said to be the column's all.
    with sqlite3.connect(tmp_path / "g.db") as con:
        con.execute("CREATE TABLE g (grade, n)")
        con.executemany("INSERT INTO g VALUES (?, ?)", [("AB"[i % 2], i) for i in range(6000)] + [(3, 1)] * 300)
    grade = prof(tmp_path, "g.db").tables[0].columns[0]
    assert grade.values == ["A", "B"] and not grade.whole and grade.notes[0].startswith("values in the 5000 rows")
    # Headerless: the columns pandas numbers are read again by their numbers, not by the labels shown.
    text = "".join(f"{['North', 'South'][i % 2] if i < 5000 else 'East'},{i}\n" for i in range(6000))
    region = column(prof(tmp_path, "h.csv", text), "0")
    assert region.values == ["North", "South", "East"] and region.whole
    # Few in the rows read, too many in the file to list: those of the rows read, said to be so.
    long = [f"The product with a long name {i:02d}" for i in range(12)]  # over 30 characters each
    text = "item,n\n" + "".join(f"{long[i % 3] if i < 5000 else long[i % 12]},{i}\n" for i in range(6000))
    item = column(prof(tmp_path, "l.csv", text), "item")
    assert len(item.values) == 3 and not item.whole and item.distinct == 12
    assert item.notes[0].startswith("values in the 5000 rows read: ")


def test_a_sheet_or_lines_file_longer_than_the_rows_read_is_not_said_to_be_read_whole(tmp_path, monkeypatch):
    pd.DataFrame({"geo": [f"C{i // 1000}" for i in range(8000)], "v": range(8000)}).to_excel(
        tmp_path / "b.xlsx", index=False
    )
    sheet = prof(tmp_path, "b.xlsx").tables[0]
    geo = next(c for c in sheet.columns if c.name == "geo")
    assert sheet.rows is None and not sheet.whole and not sheet.all_values(geo)
    monkeypatch.setattr(records, "WHOLE_LINES_BYTES", 1000)
    (tmp_path / "r.jsonl").write_text(
        "".join(json.dumps({"kind": "ab"[i // 5500], "n": i}) + "\n" for i in range(6000))
    )
    table = prof(tmp_path, "r.jsonl").tables[0]
    assert table.rows is None and not table.whole and not table.all_values(table.columns[0])


def _wide(tmp_path):
    """An API answer as trade statistics write it: columns of one value first, an area code
    list beside it, the value the questions ask for past the columns profiled."""
    n = 300
    data = {f"const{i}": ["C"] * n for i in range(8)}
    data |= {
        "period": [f"2023{1 + i % 12:02d}" for i in range(n)],
        "code": [["0901", "090111"][i % 2] for i in range(n)],
    }
    data |= {f"statisticalMeasure{i:02d}Estimated": [float(i * j) for j in range(n)] for i in range(MAX_COLUMNS - 6)}
    data |= {"tradeValue": [float(j) for j in range(n)], "flag": [j % 2 == 0 for j in range(n)]}
    (tmp_path / "trade.json").write_text(json.dumps({"data": pd.DataFrame(data).to_dict("records")}))
    areas = [{"areaCode": i, "areaName": f"Area {i}", "note": f"note {i}"} for i in range(60)]
    (tmp_path / "areas.json").write_text(json.dumps({"results": areas}))
    return [prof(tmp_path, "trade.json"), prof(tmp_path, "areas.json")]


def test_a_preview_over_its_budget_names_the_columns_past_those_described_of_the_table_asked_about(tmp_path):
    files = _wide(tmp_path)
    assert files[0].tables[0].unprofiled[-2:] == ["tradeValue", "flag"]  # past those profiled
    question = "What was the trade value of code 0901 in March 2023 in trade.json?"
    assert len(render(files, 10**6)) > 1800
    text = render(files, 1800, question=question)
    # Whole, not cut at the budget: the other file's last column is there.
    assert len(text) <= 1800 and text.endswith("  'note': text like 'note 0', 'note 1'") and "'tradeValue'" in text, (
        text
    )
    assert "'areaName'" in text  # the other file keeps its column names


def test_a_preview_over_its_budget_describes_each_table_asked_about_before_any_in_full(tmp_path):
    """The first table a greedy pass reached took all the room: a workbook's 30 columns described, the
    CSV the question named with none. Each is described (12 columns, else fewer) before any in full."""
    files = []
    for name in ("candidates.csv", "seats.csv"):
        header = ",".join(["key", *(f"{name[0]}_col{i}" for i in range(29))])
        rows = "".join(",".join([f"K{r}", *(str(r * i) for i in range(29))]) + "\n" for r in range(20))
        files.append(prof(tmp_path, name, header + "\n" + rows))
    question = "Join candidates.csv and seats.csv on key: how many rows match?"
    whole = len(render(files, 10**6))
    for budget in range(900, whole, 100):
        text = render(files, budget, question=question)
        parts = text.split("seats.csv: ")
        counts = [len(re.findall(r"^  '\w+': ", part, re.M)) for part in parts]
        assert len(text) <= budget and len(counts) == 2, budget
        if max(counts) > 12:  # one described in full: the other described as far as 12 columns
            assert min(counts) >= 12, (budget, counts)
        if budget >= 1400:
            assert min(counts) >= 4, (budget, counts)  # fewer columns rather than none


def test_a_preview_over_its_budget_describes_a_second_file_of_the_same_columns_only_with_room_left(tmp_path):
    header = ",".join(["key", *(f"col{i}" for i in range(29))])
    rows = "".join(",".join([f"K{r}", *(str(r * i) for i in range(29))]) + "\n" for r in range(20))
    files = [prof(tmp_path, name, header + "\n" + rows) for name in ("jan.csv", "feb.csv")]
    question = "Stack jan.csv and feb.csv: what is the total of col3?"
    seen = []
    for budget in range(900, 1400, 100):  # over its budget at each (1400 fits both, 12 columns each)
        parts = render(files, budget, question=question).split("feb.csv: ")
        seen.append([len(re.findall(r"^  '\w+': ", part, re.M)) for part in parts])
    # The first in full before the second; from 1200 the whole preview fits, the second file's
    # columns given as the first's.
    assert seen == [[8, 0], [8, 0], [12, 0], [30, 0], [30, 0]]
    assert "Its columns are those of 'jan.csv'" in render(files, 1200, question=question)


def test_a_file_with_no_header_names_its_year_month_and_day_columns_and_a_decimal_year(tmp_path, monkeypatch):
    # As an observatory writes a daily series: year;month;day;decimal year;value;...
    days = pd.date_range("1990-01-01", periods=800)
    lines = [
        f"{d.year};{d.month:02d};{d.day:02d};{d.year + (d.day_of_year - 0.5) / 366:.3f};{i % 97:5d}"
        for i, d in enumerate(days)
    ]
    daily = prof(tmp_path, "daily.csv", "\n".join(lines) + "\n").tables[0]
    assert [c.name for c in daily.columns] == ["year", "month", "day", "decimal_year", "4"]
    said = [n for n in daily.notes if "decimal year" in n]
    assert said == [
        "the load block names the year, month, day columns 'year', 'month', 'day' (the file has no header): "
        "pd.to_datetime(df[['year', 'month', 'day']]) makes them dates; 'decimal_year' is the same time as a "
        "decimal year (1990.001), not a measure"
    ], daily.notes
    df = load(tmp_path, monkeypatch, daily.load)
    assert list(df.columns) == ["year", "month", "day", "decimal_year", "4"] and len(df) == 800
    assert pd.to_datetime(df[["year", "month", "day"]]).iloc[-1] == days[-1]
    monthly = prof(tmp_path, "monthly.csv", "".join(f"{1990 + i // 12};{1 + i % 12};{i * 1.5}\n" for i in range(40)))
    assert [c.name for c in monthly.tables[0].columns] == ["year", "month", "2"]
    assert any("df[['year', 'month']].assign(day=1)" in n for n in monthly.tables[0].notes)
    named = prof(
        tmp_path, "named.csv", "year,month,v\n" + "".join(f"{1990 + i // 12},{1 + i % 12},{i}\n" for i in range(40))
    )
    # Ids and small counts in range, not in order of time: no dates.
    counts = prof(tmp_path, "counts.csv", "".join(f"{1500 + i * 7};{i % 5 + 1};{i % 3 + 1}\n" for i in range(40)))
    shuffled = prof(tmp_path, "shuffled.csv", "".join(f"{1990 + i % 7};{1 + i % 12};{1 + i % 28}\n" for i in range(40)))
    said = [
        n for f in (named, counts, shuffled) for n in f.tables[0].notes if "year and month" in n or "month and" in n
    ]
    assert not said, said


def test_headerless_fixed_width_records_with_a_repeated_group_load_as_a_row_per_line_and_group(tmp_path, monkeypatch):
    rng = random.Random(7)
    lines, truth = [], {}
    for day in range(1, 29):
        for kind in ("TMP", "HUM"):
            cells = []
            for hour in range(24):
                value = -999 if rng.random() < 0.05 else rng.randint(-40, 99 if kind == "HUM" else 35)
                flag = rng.choice(" " * 8 + "EQ")  # a flag most readings leave blank
                cells.append(f"{value:>4}{flag}")
                truth[(day, kind, hour + 1)] = (value, flag.strip())
            lines.append(f"SNR0042{20240200 + day}{kind}" + "".join(cells))
    p = prof(tmp_path, "SNR0042.hly", "\n".join(lines) + "\n")
    (t,) = p.tables
    df = load(tmp_path, monkeypatch, t.load)
    assert len(df) == 28 * 2 * 24 == t.rows and list(df.columns) == ["c1", "c2", "c3", "group", "g1", "g2"]
    assert set(df["c1"]) == {"SNR0042"} and set(df["c3"]) == {"TMP", "HUM"} and df["group"].max() == 24
    assert df["c2"].dt.day.max() == 28 and df["c2"].dt.month.unique().tolist() == [2]
    got = {(r.c2.day, r.c3, r.group): (r.g1, "" if r.g2 != r.g2 else r.g2) for r in df.itertuples()}
    assert got == truth  # every reading under its own line and hour, the flags apart from the values
    assert "-999" in " ".join(column(p, "g1").notes)  # the missing code among negative readings is named
    dat = prof(tmp_path, "SNR0042.dat", "\n".join(lines) + "\n")  # '.dat' reads as a table first: one column
    assert [c.name for c in dat.tables[0].columns] == [c.name for c in t.columns] and dat.tables[0].rows == t.rows
    # Without a repeated group: an account, a date and an amount run together, a name after a blank.
    rows = [
        f"AC{9000 + i:05d}{20230101 + i % 28}{rng.randint(1, 99999):>8}  {rng.choice(['Ames', 'Bo Li', 'Cruz'])}"
        for i in range(30)
    ]
    plain = prof(tmp_path, "ledger.txt", "\n".join(r.ljust(32) for r in rows) + "\n")
    frame = load(tmp_path, monkeypatch, plain.tables[0].load)
    assert list(frame["c1"]) == [r[:7] for r in rows] and frame["c2"].dt.year.unique().tolist() == [2023]
    assert list(frame["c3"]) == [int(r[15:23]) for r in rows] and list(frame["c4"]) == [r[25:].strip() for r in rows]
    log = "".join(f"2024-03-0{1 + i % 9} 10:0{i % 10}:00 INFO job {i:03d} took {i % 7} ms\n" for i in range(40))
    assert prof(tmp_path, "jobs.log", log).kind == "lines"  # a log of one line length keeps its record format


def test_tables_under_comment_blocks_sorted_files_and_key_value_fields_load_as_tables(tmp_path, monkeypatch):
    """A tab-separated table below a block of '#' notes whose last line is its header (a genome
    export), sorted so that a column's numbers come first and its text at the end; a gzipped
    variant file whose '##' meta lines are longer than the first rows sniffed, split by tabs
    although its last field splits as alike by ';' into more parts; a '.vcf' that is no vCard;
    a headerless file sorted so."""
    notes = "".join(f"# note {i}: this export is for research only\n" for i in range(18))
    codes = [*map(str, range(1, 23)), "X", "Y", "MT"]
    body = "".join(f"id{i}\t{codes[i * len(codes) // 6000]}\t{1000 + i}\tAG\n" for i in range(6000))
    p = prof(tmp_path, "export_v5.txt", notes + "# id\tchrom\tpos\tcall\n" + body)
    assert p.kind == "table"
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert list(df.columns) == ["id", "chrom", "pos", "call"] and len(df) == 6000
    assert (df["chrom"] == "X").sum() == sum(codes[i * len(codes) // 6000] == "X" for i in range(6000))
    assert {"X", "MT"} <= set(column(p, "chrom").values) and not any(
        "to_numeric" in n for n in column(p, "chrom").notes
    )

    meta = "".join(
        f'##INFO=<ID=K{i},Number=1,Type=String,Description="{"a long description " * 12}">\n' for i in range(60)
    )
    rows = "".join(
        f"{codes[i * 25 // 300]}\t{100 + i}\t{i}\tA\tG\t.\t.\tGENE=G{i % 7}; SIG=Benign;"
        + ";".join(f"K{k}=v{k}" for k in range(10))
        + "\n"
        for i in range(300)
    )
    vcf = ("##fileformat=VCFv4.1\n" + meta + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\n" + rows).encode()
    for name, data in (("variants.vcf.gz", gzip.compress(vcf)), ("variants.vcf", vcf)):
        p = prof(tmp_path, name, data)
        assert p.kind == "table", name
        df = load(tmp_path, monkeypatch, p.tables[0].load)
        assert list(df.columns)[:2] == ["CHROM", "POS"] and len(df) == 300
        info = " ".join(column(p, "INFO").notes)
        assert "key=value" in info and "SIG" in info
        code = re.search(r"(df\['INFO'\]\.str\.extract\(.*?expand=False\))", info).group(1)
        assert eval(code, {"df": df}).notna().all()  # noqa: S307 - the note's own expression
        sig = eval(code.replace("(?:^|;)\\s*GENE", "(?:^|;)\\s*SIG"), {"df": df})  # noqa: S307 - after '; '
        assert (sig == "Benign").all(), code

    headless = "".join(f"{codes[i * len(codes) // 6000]}\t{1000 + i}\n" for i in range(6000))
    p = prof(tmp_path, "calls.tsv", headless)
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert "dtype={0: 'str'}" in p.tables[0].load and (df[df.columns[0]] == "MT").sum() > 0, p.tables[0].load


@pytest.mark.parametrize(
    "line",
    [
        "2024-06-01 10:00:{s:02d} INFO Start tx={i} level=3",  # events with key=value fields
        "10.0.0.{i} - - [01/Jun/2024:10:00:{s:02d} +0000] GET /p/{i} 200 {i}",  # records of one shape
    ],
)
def test_a_gzipped_log_loads_through_gzip_not_open(tmp_path, monkeypatch, line):
    lines = [line.format(s=i % 60, i=i) for i in range(40)]
    lines[5:5] = ["2024-06-01 10:00:59 WARN rotated, 3 files kept"] * 3  # lines of another shape among them
    (tmp_path / "app.log.gz").write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    p = prof(tmp_path, "app.log.gz")
    code = p.lines.split("```python\n")[1].split("```")[0]
    assert "gzip.open('app.log.gz', 'rt'" in code, code
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(code, "<preview>", "exec"), scope)  # noqa: S102 - the profile's own block
    assert len(scope["df"]) in (40, 43)  # the records, or every event


def test_text_in_bracketed_sections_gives_a_table_per_section_that_holds_one(tmp_path, monkeypatch):
    """An instrument's export: `key = value` lines, then `[Title]` sections, each a tab-separated
    table; a sequencer's sample sheet: comma-separated, its titles padded with commas, a `key,value`
    section among them. Each table is read from its own section; the rest is named, not lost."""
    head = "".join(f"* Setting {i} = {i}\n" for i in range(5))
    setup = "Well\tSample\n" + "".join(f"{i}\tS{i % 3}\n" for i in range(1, 9))
    results = "Well\tSample\tCT\n" + "".join(
        f"{i}\tS{i % 3}\t{'Undetermined' if i % 4 == 0 else 20 + i}\n" for i in range(1, 9)
    )
    p = prof(tmp_path, "run.txt", f"{head}\n[Setup]\n{setup}\n[Results]\n{results}\n[Notes]\nfree text here\n")
    assert p.kind == "table" and [(t.name, t.rows) for t in p.tables] == [("Setup", 8), ("Results", 8)]
    assert "'Notes'" in p.note and "5 lines before the first section" in p.note
    df = load(tmp_path, monkeypatch, p.tables[1].load)
    assert df.columns.tolist() == ["Well", "Sample", "CT"] and (df["CT"] == "Undetermined").sum() == 2
    sheet = (
        "[Header],,,\nIEMFileVersion,4,,\nDate,3/1/2024,,\n\n[Reads],,,\n151,,,\n151,,,\n\n[Data],,,\n"
        "Sample_ID,Sample_Name,index,Description\n" + "".join(f"s{i},name{i},ACGT{i},\n" for i in range(6))
    )
    p = prof(tmp_path, "SampleSheet.txt", sheet)
    assert [(t.name, t.rows) for t in p.tables] == [("Data", 6)]  # 'IEMFileVersion,4' is no header
    assert load(tmp_path, monkeypatch, p.tables[0].load)["Sample_Name"].tolist()[5] == "name5"
    # One title is a note's, not sections; two sections with no table among them are an INI file.
    assert (
        prof(tmp_path, "one.txt", "[Results]\n" + results).kind != "table"
        or "sections" not in prof(tmp_path, "one.txt").note
    )
    ini = "[core]\nname = x\nmode = y\n\n[user]\nemail = someone\nname = z\n"
    assert "sections" not in (prof(tmp_path, "config.txt", ini).note or "")
    ini = "[servers]\nhosts = alpha, beta, gamma\nports = 80, 443, 8080\nzones = a, b, c\n\n[db]\nname = x\n"
    assert "sections" not in (prof(tmp_path, "app.txt", ini).note or "")  # key = value lines with commas
    # A statement's table first, then sections of totals and notes: the first table is kept (a BOM too).
    bank = "Date,Amount\n" + "".join(f"2024-01-{i + 1:02d},{i}.5\n" for i in range(20))
    bank += "\n[Totals]\nKind,Sum\nin,10\nout,5\n\n[Notes]\nchecked\n"
    p = prof(tmp_path, "bank.csv", "\ufeff" + bank)
    assert [(t.name, t.rows) for t in p.tables] == [("before the sections", 20), ("Totals", 2)]
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df.columns.tolist() == ["Date", "Amount"] and df["Amount"].sum() == sum(range(20)) + 10
    titled = "\ufeff[Setup]\n" + setup + "\n[Results]\n" + results
    p = prof(tmp_path, "bom.txt", titled.encode("utf-8"))
    assert load(tmp_path, monkeypatch, p.tables[0].load)["Sample"].tolist()[0] == "S1"  # the first title read
    huge = "[A]\nx,y\n" + "1," + "9" * 200_000 + "\n2,3\n3,4\n[B]\nk\tv\n1\t2\n3\t4\n5\t6\n"
    assert prof(tmp_path, "huge.txt", huge).kind  # a field past csv's limit: still profiled


def test_tables_stacked_under_titles_and_set_apart_by_blank_lines_are_read_one_by_one(tmp_path, monkeypatch):
    """A logbook export: a line of its own, then titled tables padded with commas to one width,
    each with a row of its fields' types above its header, set apart by rows of empty fields; a
    meeting report in UTF-16, tab-separated, its sections numbered. Each table is read from its
    own block, under its own header."""
    pad = ",,,,"
    aircraft = "Aircraft Table" + pad + "\nText,Text,YYYY,Text,Boolean\nTail,Type,Year,Make,Complex\n"
    aircraft += "".join(f"N{i}00,C172,{1990 + i},Cessna,FALSE\n" for i in range(4))
    flights = "Flights Table" + pad + "\nDate,Text,Decimal,Number,Text\nDate,Tail,Total,Landings,Remarks\n"
    flights += "".join(f"2023-0{i % 9 + 1}-1{i % 9},N{i % 4}00,1.{i},{i % 3 + 1},\n" for i in range(12))
    text = "Logbook Import,Do not modify" + pad[:-1] + "\n" + pad + "\n" + aircraft + pad + "\n" + flights
    p = prof(tmp_path, "logbook.csv", text)
    assert p.kind == "table" and [(t.name, t.rows) for t in p.tables] == [("Aircraft Table", 4), ("Flights Table", 12)]
    assert "'Aircraft Table', 'Flights Table'" in p.note and "blocks[0]" in p.note
    df = load(tmp_path, monkeypatch, p.tables[1].load)
    assert df.columns.tolist()[:4] == ["Date", "Tail", "Total", "Landings"] and df["Landings"].sum() == 24
    report = "1. Summary\nMeeting title\tReview\nAttended\t3\n\n2. Participants\nName\tDuration\tRole\n"
    report += "".join(f"P{i}\t{i}m 5s\t{'Organizer' if i == 0 else 'Attendee'}\n" for i in range(5))
    report += "\n3. Activities\nName\tJoin\tRole\n" + "".join(f"P{i}\t5:0{i} PM\tAttendee\n" for i in range(7))
    p = prof(tmp_path, "Attendance report.csv", report.encode("utf-16"))
    assert [(t.name, t.rows) for t in p.tables] == [("2. Participants", 5), ("3. Activities", 7)]
    assert "['1. Summary'] are not tables" in p.note and "encoding='utf-16'" in p.tables[0].load, p.note
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["Name"].tolist() == [f"P{i}" for i in range(5)] and (df["Role"] == "Attendee").sum() == 4
    plain = "a,b\n1,2\n\n3,4\n5,6\n"  # blank lines inside one table, no titles: one table
    assert len(prof(tmp_path, "plain.csv", plain).tables) == 1


def test_a_row_about_the_columns_under_the_header_is_skipped_and_said(tmp_path, monkeypatch):
    """A gradebook's 'Points Possible' row: each assignment's maximum, '(read only)' over the
    totals, no id. It is no student: the load skips it, the note gives its values."""
    header = "Student,ID,HW 1,HW 2,Quiz,Total,Current,Final,Grade\n"
    about = "    Points Possible,,10.00,20.00,5.00,(read only),(read only),(read only),(read only)\n"
    rows = "".join(f'"Name, {i}",{100 + i},{i % 10},{i % 20},{i % 5},{i}.5,{i},{i}.25,B\n' for i in range(12))
    p = prof(tmp_path, "grades.csv", header + about + rows)
    assert (
        p.tables[0].rows == 12
        and "'Points Possible'" in p.tables[0].notes[0]
        and "'HW 2': '20.00'" in p.tables[0].notes[0]
    )
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert len(df) == 12 and df["Total"].dtype.kind == "f" and df["ID"].tolist()[0] == 100
    # A first record with a missing value's word that is written again further down is a record.
    marked = rows.replace(",0.5,0,0.25,", ",n/a,n/a,n/a,").replace(",5.5,5,5.25,", ",n/a,n/a,n/a,")
    p = prof(tmp_path, "marked.csv", header + marked)
    assert not any("no record" in n for n in p.tables[0].notes) and p.tables[0].rows == 12


def test_a_comment_line_of_units_over_the_header_names_no_column(tmp_path, monkeypatch):
    """A flight data recorder's log: a '#' line of the airframe, a '#' line of units, the names
    padded with blanks, the rows padded too. The names are the header; the units are said."""
    lines = [
        '#airframe_info, log_version="1.00", airframe_name="Cessna 172S",',
        "#yyy-mm-dd, hh:mm:ss,  ft msl,    gph, ident",
        "   Lcl Date, Lcl Time,  AltMSL, E1 FFlow, AtvWpt",
        *(f" 2024-06-12, 08:31:{i:02d},  {100 + 10 * i:6.1f}, {8 + i % 3:6.2f},   KPAO" for i in range(20)),
    ]
    p = prof(tmp_path, "log_240612.csv", "\n".join(lines) + "\n")
    t = p.tables[0]
    assert [c.name for c in t.columns][:4] == ["Lcl Date", "Lcl Time", "AltMSL", "E1 FFlow"], t.load
    assert "'E1 FFlow': 'gph'" in t.notes[0] and "line 3" in t.notes[0] and not t.load.count("na_values")
    df = load(tmp_path, monkeypatch, t.load)
    assert len(df) == 20 and df["AltMSL"].max() == 290.0 and df["AtvWpt"].iloc[0] == "KPAO"


def test_what_only_looks_like_stacked_titled_tables_or_rows_about_the_columns_is_read_as_before(tmp_path, monkeypatch):
    """A review's cases: each reads as a plain table, or its offered lines run as written."""
    pad = ",,,,"
    aircraft = (
        "Aircraft Table"
        + pad
        + "\nTail,Type,Year,Make,Complex\n"
        + "".join(f"N{i},C172,199{i},Cessna,F\n" for i in range(4))
    )
    flights = "Flights Table" + pad + "\nDate,Tail,Total,Landings,Remarks\n"
    rows = [f"2023-01-1{i},N{i % 4},1.{i},{i % 3 + 1},x\n" for i in range(9)]
    p = prof(tmp_path, "bom.csv", "\ufeff" + aircraft + pad + "\n" + flights + "".join(rows))
    assert len(load(tmp_path, monkeypatch, p.tables[0].load)) == 4  # the first title, after a byte-order mark
    gap = aircraft + pad + "\n" + flights + "".join(rows[:4]) + pad + "\n" + "".join(rows[4:])
    assert all(t.rows != 4 for t in prof(tmp_path, "gap.csv", gap).tables if "Flights" in t.name)  # no rows lost
    form = 'Timestamp,Name,Comments\n2024/01/01,P0,"Great.\n\nThanks"\n2024/01/02,P1,"Fast.\n\nRegards"\n'
    form += "".join(f"2024/01/0{i},P{i},fine\n" for i in range(3, 9))
    p = prof(tmp_path, "form.csv", form)
    assert [t.rows for t in p.tables] == [8] and p.tables[0].columns[0].name == "Timestamp"
    notes = "Decisions\nBudget approved, pending review\nHiring freeze, until March\nOffice, moves\n\n"
    notes += "Action items\nAlice, draft the memo\nBob, book rooms\nCarol, call\n"
    assert not any(t.name == "Decisions" for t in prof(tmp_path, "notes.txt", notes).tables)  # notes, not tables
    hashed = "#sample,site,value\nS1,north,NA\n" + "".join(f"S{i},site{i},{i}.5\n" for i in range(2, 12))
    df = load(tmp_path, monkeypatch, prof(tmp_path, "hashed.csv", hashed).tables[0].load)
    assert df.columns.tolist() == ["sample", "site", "value"] and len(df) == 11  # a commented header, no units
    race = "Runner,Bib,Lap1,Lap2,Lap3\nAnn,101,DNF,DNF,DNF\n" + "".join(
        f"R{i},{102 + i},6{i},6{i},6{i}\n" for i in range(9)
    )
    assert len(load(tmp_path, monkeypatch, prof(tmp_path, "race.csv", race).tables[0].load)) == 10  # Ann is a record
    about = (
        "#Student,ID,HW 1,HW 2,Total,Current,Final\nPoints Possible,,10.00,20.00,(read only),(read only),(read only)\n"
    )
    about += "".join(f"S{i},{100 + i},{i},{i},{i}.5,{i},{i}.25\n" for i in range(12))
    assert len(load(tmp_path, monkeypatch, prof(tmp_path, "about.csv", about).tables[0].load)) == 12
    padded = (
        "time,temp,hum\n" + "".join(f"12:{i:02d},2{i % 9}.5,4{i % 9}\n" for i in range(40))
    ).encode() + b"\0" * 4096
    assert prof(tmp_path, "logger.csv", padded).tables[0].columns[0].name == "time"  # not UTF-16
    wide = "name\tscore\n" + "".join(f"\u4e0a{i}\t{i}\n" for i in range(6000))
    assert prof(tmp_path, "wide.tsv", wide.encode("utf-16")).tables[0].rows == 6000  # 0x0A inside '上'


def test_utf16_text_with_or_without_its_byte_order_mark_is_read_as_utf16(tmp_path, monkeypatch):
    rows = "name\tscore\n" + "".join(f"Zoë {i}\t{i}\n" for i in range(30))
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        p = prof(tmp_path, "scores.tsv", rows.encode(encoding))
        assert p.tables and p.tables[0].rows == 30, (encoding, p.note)
        df = load(tmp_path, monkeypatch, p.tables[0].load)
        assert df["score"].sum() == sum(range(30)) and df["name"][0] == "Zoë 0", encoding


def test_an_esri_ascii_grid_is_read_by_numpy_with_voids_as_nan_and_a_point_finds_its_cell(tmp_path, monkeypatch):
    """A raster as text: six header lines, then rows of numbers, the northern first. The block
    offered runs as pasted; its `cell_of` counts rows from the north edge."""
    rows = [[100 * r + c if (r, c) != (1, 2) else -9999 for c in range(4)] for r in range(3)]
    text = "ncols 4\nnrows 3\nxllcorner 10.0\nyllcorner 50.0\ncellsize 0.5\nNODATA_value -9999\n"
    text += "".join(" ".join(map(str, row)) + "\n" for row in rows)
    p = prof(tmp_path, "dem.asc", text)
    assert p.kind == "lines" and "3 rows by 4 columns" in p.lines
    block = re.search(r"```python\n(.*?)```", p.lines, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    scope: dict = {}
    exec(compile(block, "<grid block>", "exec"), scope)  # noqa: S102 - the block the model is shown
    grid, cell_of = scope["grid"], scope["cell_of"]
    assert grid.shape == (3, 4) and int(scope["np"].isnan(grid).sum()) == 1
    assert grid[cell_of(10.6, 51.4)] == 1 and grid[cell_of(11.9, 50.1)] == 203  # north-west, south-east
    with pytest.raises(ValueError):
        cell_of(9.0, 51.0)  # west of the grid: no cell (numpy would wrap a negative index)
    # Centres and dx/dy instead of corners and cellsize; no NODATA_value.
    centred = "ncols 4\nnrows 3\nxllcenter 10.25\nyllcenter 50.25\ndx 0.5\ndy 0.5\n" + text.split("-9999\n", 1)[1]
    p = prof(tmp_path, "c.asc", centred.replace("-9999", "7"))
    scope = {}
    exec(compile(re.search(r"```python\n(.*?)```", p.lines, re.S).group(1), "<grid block>", "exec"), scope)  # noqa: S102
    assert scope["grid"][scope["cell_of"](10.6, 51.4)] == 1 and not scope["np"].isnan(scope["grid"]).any()
    wrapped = text.split("200 ")[0].replace("0 1 2 3\n", "0 1\n2 3\n")  # a row over two lines
    assert "grid" not in (prof(tmp_path, "w.asc", wrapped).lines or "")
    # Numbers under a header of other keys are no grid.
    assert (
        prof(tmp_path, "t.txt", "width 4\nheight 3\n1 2 3 4\n5 6 7 8\n").kind != "lines"
        or "grid" not in prof(tmp_path, "t.txt").lines
    )


def test_grids_of_wells_one_under_another_in_a_sheet_are_one_row_per_well(tmp_path, monkeypatch):
    """A plate reader's sheet: notes, then a layout grid and a grid of readings, each a row of
    column numbers under its label with row letters down the left. Read as one row per well, a
    column per grid; a sheet whose header is 1, 2, 3 with no letters under it stays a table."""
    cells: list[list] = [["Reader", "X1"], ["Date", "3/1/2024"], [], ["Layout"], [None, *range(1, 7)]]
    cells += [[r, *(f"S{i}{r}" for i in range(1, 7))] for r in "ABCD"]
    cells += [[], ["600"], [None, *range(1, 7)]]
    cells += [
        [r, *(("OVER" if (r, i) == ("B", 3) else round(0.1 * i + ord(r) - 65, 2)) for i in range(1, 7))] for r in "ABCD"
    ]
    path = tmp_path / "plate.xlsx"
    with pd.ExcelWriter(path) as book:
        padded = [row + [None] * (7 - len(row)) for row in cells]
        pd.DataFrame(padded).to_excel(book, sheet_name="Plate", header=False, index=False)
        pd.DataFrame({1: [5, 6, 7], 2: [1, 2, 3], 3: [0, 0, 1]}).to_excel(book, sheet_name="Plain", index=False)
    p = prof(tmp_path, "plate.xlsx")
    plate, plain = p.tables
    assert plate.rows == 24 and "'Layout', '600'" in plate.notes[0]
    df = load(tmp_path, monkeypatch, plate.load)
    assert df.columns.tolist() == ["well", "row", "column", "Layout", "600"]
    b3 = df.set_index("well").loc["B3"]
    assert b3["Layout"] == "S3B" and b3["600"] == "OVER" and df.set_index("well").loc["D6", "600"] == 3.6
    assert plain.rows == 3 and [c.name for c in plain.columns] == ["1", "2", "3"]
    # Unlabelled grids one blank row apart: each named by its place, not by the grid above's last
    # letter; a grid labelled like the table's own columns ('well') is named by its place too.
    bare = [
        [None, *range(1, 5)],
        *([r, *range(4)] for r in "AB"),
        [],
        [None, *range(1, 5)],
        *([r, *range(4)] for r in "AB"),
    ]
    bare += [["well"], [None, *range(1, 5)], *([r, *range(4)] for r in "AB")]
    with pd.ExcelWriter(tmp_path / "bare.xlsx") as book:
        pd.DataFrame([row + [None] * (5 - len(row)) for row in bare]).to_excel(book, header=False, index=False)
    p = prof(tmp_path, "bare.xlsx")
    assert "'grid at row 1', 'grid at row 5', 'grid at row 9'" in p.tables[0].notes[0]
    assert load(tmp_path, monkeypatch, p.tables[0].load).shape == (8, 6)


def test_coordinates_in_degrees_minutes_seconds_are_no_numbers_and_the_note_converts_them(tmp_path, monkeypatch):
    """A gazetteer's '394108N': removing the letter made 394108.0 of 39.69 degrees. Named as
    coordinates, left as text in the load, and the note's lines give decimal degrees (W negative)."""
    rows = [(f"{39 + i % 2}{10 + i:02d}{(7 * i) % 60:02d}N", f"105{20 + i:02d}{(3 * i) % 60:02d}W") for i in range(30)]
    p = prof(tmp_path, "places.csv", "name,lat,lon\n" + "".join(f"p{i},{a},{b}\n" for i, (a, b) in enumerate(rows)))
    lat, lon = column(p, "lat"), column(p, "lon")
    assert "degrees, minutes and seconds" in lat.notes[0] and "astype(float)" not in p.tables[0].load
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    scope = {"df": df, "pd": pd}
    exec(lon.notes[0].split("not numbers: ", 1)[1].replace("{col}", "df['lon']"), scope)  # noqa: S102
    assert abs(scope["degrees"].iloc[1] - -(105 + 21 / 60 + 3 / 3600)) < 1e-9
    # Plain codes with a letter are not coordinates: '12345A' keeps its own reading.
    p = prof(tmp_path, "codes.csv", "code\n" + "".join(f"{10000 + i}A\n" for i in range(30)))
    assert "degrees" not in " ".join(column(p, "code").notes)
    # Written with marks ('39°10'08"N') the note's lines still paste and read; '12030s' is a duration.
    marked = [f"{39 + i % 2}°{10 + i:02d}'{(7 * i) % 60:02d}\"N" for i in range(30)]
    p = prof(tmp_path, "marked.csv", "lat\n" + "".join(f"{v}\n" for v in marked))
    scope = {"df": load(tmp_path, monkeypatch, p.tables[0].load), "pd": pd}
    exec(column(p, "lat").notes[0].split("not numbers: ", 1)[1].replace("{col}", "df['lat']"), scope)  # noqa: S102
    assert abs(scope["degrees"].iloc[1] - (40 + 11 / 60 + 7 / 3600)) < 1e-9
    p = prof(tmp_path, "t.csv", "took\n" + "".join(f"{12000 + 7 * i}s\n" for i in range(30)))
    assert "degrees" not in " ".join(column(p, "took").notes)


def test_items_inside_a_records_container_are_a_table_of_their_own_with_the_records_name(tmp_path, monkeypatch):
    """<ORDER><NAME/><ITEMS><ITEM><SKU/><QTY/></ITEM>...</ITEMS></ORDER>: read_xml gives the order one
    empty column and a list of blank texts; the items are one row each, with their order's name."""
    orders = "".join(
        f"<ORDER><NAME>order {i}</NAME><TOTAL>{i}.5</TOTAL><ITEMS>"
        + "".join(f"<ITEM><SKU>s{i}{j}</SKU><QTY>{j + 1}</QTY></ITEM>" for j in range(i % 3 + 1))
        + "</ITEMS></ORDER>"
        for i in range(6)
    )
    p = prof(tmp_path, "orders.xml", f"<?xml version='1.0'?><ORDERS>{orders}</ORDERS>")
    items = next(t for t in p.tables if t.name == "ITEM records")
    assert items.rows == sum(i % 3 + 1 for i in range(6)) and "'ITEM records'" in " ".join(p.tables[0].notes)
    df = load(tmp_path, monkeypatch, items.load)
    assert df.columns.tolist() == ["ORDER.NAME", "SKU", "QTY"] and df["QTY"].sum() == 2 * (1 + 3 + 6)
    assert df[df["ORDER.NAME"] == "order 2"]["SKU"].tolist() == ["s20", "s21", "s22"]
    gifts = orders.replace("</ITEMS>", "</ITEMS><GIFTS><ITEM><SKU>g</SKU><QTY>1</QTY></ITEM></GIFTS>")
    p = prof(tmp_path, "gifts.xml", f"<?xml version='1.0'?><ORDERS>{gifts}</ORDERS>")
    assert [t.name for t in p.tables[1:3]] == ["ITEM records", "ITEM records in GIFTS"]  # told apart


def test_whole_numbers_that_are_yyyymmdd_dates_load_as_dates(tmp_path, monkeypatch):
    # A season file writes each event's first day as 20230102: pd.to_datetime of the numbers takes
    # them for nanoseconds since 1970, so the load reads them as text in that format.
    days = [20230102, 20230109, 20230116, 20230227, 20231120]
    text = "tourney_date,match_num,winner_id\n" + "".join(
        f"{d},{300 - i},{104745 + i}\n" for i, d in enumerate(days * 4)
    )
    p = prof(tmp_path, "matches.csv", text)
    date = column(p, "tourney_date")
    assert date.notes == ["dates written as YYYYMMDD numbers (20230102)"] and date.converted
    df = load(tmp_path, monkeypatch, p.tables[0].load)
    assert df["tourney_date"].dt.month.tolist()[:4] == [1, 1, 1, 2]
    assert "dates after the lines above (numbers like 20230102 in the file)" in render([p], 5000)
    # Ids of eight digits, and numbers past a calendar's months, are no dates; with missing values
    # the conversion keeps them missing.
    ids = prof(tmp_path, "ids.csv", "player,rank\n" + "".join(f"{20113345 + 7 * i},{i}\n" for i in range(20)))
    assert not column(ids, "player").converted and not column(ids, "player").notes
    gaps = prof(
        tmp_path,
        "gaps.csv",
        "ranking_date,points\n" + "".join(f"{d if i % 3 else ''},{i}\n" for i, d in enumerate(days * 2)),
    )
    df = load(tmp_path, monkeypatch, gaps.tables[0].load)
    assert df["ranking_date"].isna().sum() == 4 and df["ranking_date"].dt.year.max() == 2023


def test_a_csv_whose_header_is_under_a_block_of_the_files_own_fields_skips_the_block_and_says_it(tmp_path, monkeypatch):
    # CMS's price transparency CSV: the general fields' names and their values, padded with commas
    # to the table's width, above the header of the charges.
    width = 8
    pad = "," * (width - 3)
    head = f"hospital_name,last_updated_on,version{pad}\nRiverbend Medical Center,7/1/2024,2.0.0{pad}\n"
    header = "description,code|1,code|1|type,code|2,setting,billing_class,standard_charge|gross,standard_charge|discounted_cash\n"
    rows = "".join(
        f"Item {i},{1000 + i},CDM,{70550 + i},{'inpatient' if i % 3 else 'outpatient'},facility,{100 + i}.5,{80 + i}\n"
        for i in range(12)
    )
    p = prof(tmp_path, "charges.csv", head + header + rows)
    table = p.tables[0]
    assert table.rows == 12 and "setting" in [c.name for c in table.columns]
    note = " ".join(table.notes)
    assert "the header is on line 3" in note and "'last_updated_on': '7/1/2024'" in note
    df = load(tmp_path, monkeypatch, table.load)
    assert (df["setting"] == "inpatient").sum() == 8 and df["standard_charge|gross"].sum() > 1200
    # A header with a few blank names (a spreadsheet's unnamed columns) stays the header.
    plain = prof(tmp_path, "plain.csv", "a,b,,,,,,h\n" + "".join(f"{i},x,1,2,3,4,5,6\n" for i in range(10)))
    assert plain.tables[0].rows == 10 and not plain.tables[0].notes


def test_an_archives_csvs_of_one_layout_get_the_lines_that_stack_them(tmp_path):
    # A fire download: the standard archive file up to a date, the near real-time file after it,
    # the archive's one column more; and a Readme. Over the whole period both are needed.
    head = "latitude,longitude,acq_date,frp"
    archive = head + ",type\n" + "".join(f"-37.{i},142.{i},2024-12-{1 + i:02d},{i}.5,0\n" for i in range(20))
    nrt = head + "\n" + "".join(f"-37.{i},142.{i},2025-01-{1 + i:02d},{i}.5\n" for i in range(20))
    with zipfile.ZipFile(tmp_path / "fires.zip", "w") as z:
        z.writestr("fire_archive_1.csv", archive)
        z.writestr("fire_nrt_1.csv", nrt)
        z.writestr("Readme.txt", "Fire data.\n")
    p = prof(tmp_path, "fires.zip")
    shown = render([p], 6000)
    assert "have the same columns ('type' only in 'fire_archive_1.csv')" in shown
    block = shown.split("For these in one frame:\n```python\n", 1)[1].split("```", 1)[0]
    scope: dict = {}
    cwd = os.getcwd()
    try:
        os.chdir(tmp_path)
        exec(block, scope)  # noqa: S102 - the preview's own lines
    finally:
        os.chdir(cwd)
    df = scope["df"]
    assert (
        len(df) == 40
        and df["acq_date"].dt.month.tolist()[::20] == [12, 1]
        and set(df["file"]) == {"fire_archive_1.csv", "fire_nrt_1.csv"}
    )
    # Tables whose columns differ by more are not offered together.
    with zipfile.ZipFile(tmp_path / "two.zip", "w") as z:
        z.writestr("a.csv", archive)
        z.writestr("b.csv", "x,y,z\n" + "".join(f"{i},{i},{i}\n" for i in range(20)))
    assert "have the same columns" not in render([prof(tmp_path, "two.zip")], 6000)
