"""The loop's aids, each against its contract: when it fires and what kind of help it gives.

Each aid is called with a turn state and typed outcomes (the wording of a note is not the
contract; whether it fires, and what it points at, is). The loop tests at the end run the aids
inside a real loop against fakes of the seams.
"""

import asyncio
import dataclasses
import io
import json
import logging
import os
import re

import pytest
from seam_fakes import ExecExecutor, ListSink, ScriptedLLM

from jupyterlab_gptinterp.agent import aids, calls, focus, prompts
from jupyterlab_gptinterp.agent.aids.answer import Answer
from jupyterlab_gptinterp.agent.aids.base import Check, TurnState
from jupyterlab_gptinterp.agent.aids.checks import Checks, filters_exclude
from jupyterlab_gptinterp.agent.aids.echo import Echo, strip_echo
from jupyterlab_gptinterp.agent.aids.errors import failing_line
from jupyterlab_gptinterp.agent.aids.grounding import Grounding, ungrounded
from jupyterlab_gptinterp.agent.aids.hints import Hints, _corrected, grouped_as_column
from jupyterlab_gptinterp.agent.aids.parts import Parts
from jupyterlab_gptinterp.agent.aids.repeats import PASTED_OUTPUT, Repeats, normalise_code, pasted_output
from jupyterlab_gptinterp.agent.aids.revise import Revise
from jupyterlab_gptinterp.agent.aids.syntax import Syntax, invalid_line
from jupyterlab_gptinterp.agent.aids.values import Values
from jupyterlab_gptinterp.agent.calls import ModelCalls
from jupyterlab_gptinterp.agent.loop import MAX_REFUSALS, AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.agent.outcome import Outcome
from jupyterlab_gptinterp.agent.seams import (
    ColumnProfile,
    Completion,
    FileProfile,
    PromptProgress,
    TableProfile,
    TextDelta,
)
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.protocol import NotebookView
from jupyterlab_gptinterp.workspace import DiskWorkspace

NB = NotebookView(path="nb.ipynb", kernel_id="k1")
SALES = FileProfile(
    name="sales.csv",
    kind="table",
    tables=[
        TableProfile(
            name="",
            rows=3,
            load="df = pd.read_csv('sales.csv')",
            columns=[
                ColumnProfile("Revenue", "float"),
                ColumnProfile(
                    "month", "text", notes=["dates as text ('03/04/2024'): pd.to_datetime(col, dayfirst=True)"]
                ),
                ColumnProfile(
                    "amount",
                    "text",
                    notes=["numbers written as text ('$1.00'): remove '$', then convert: df['amount'].str.lstrip('$')"],
                    holds="numbers",
                    converted="df['amount'] = df['amount'].str.lstrip('$').astype(float)",
                ),
                ColumnProfile("info.city", "text"),
            ],
        )
    ],
)


def turn(**kw):
    return TurnState(question=kw.pop("question", "q"), action="chat", fenced=kw.pop("fenced", True), notebook=NB, **kw)


def ok(code, printed="", **kw):
    out = [{"output_type": "stream", "name": "stdout", "text": printed}] if printed else []
    return Outcome(proposed=code, decision="approved", code=code, status="ok", outputs=out, **kw)


def failed(code, ename, evalue, traceback=()):
    err = {"output_type": "error", "ename": ename, "evalue": evalue, "traceback": list(traceback)}
    return Outcome(proposed=code, decision="approved", code=code, status="error", outputs=[err])


async def hint(outcome, files=(SALES,), listing=()):
    note = await Hints().after_run(turn(files=list(files), listing=list(listing)), outcome)
    return note.text if note else ""


# --- hints -------------------------------------------------------------------------------------


async def test_a_mask_with_missing_values_and_a_missing_value_where_text_is_expected_get_hints():
    """Errors pandas raises on rows that hold NaN: a mask of NaN read as column labels, and `in`
    on a NaN; the hint says so, never 'there is no column "None of ..."'."""
    import numpy as np
    import pandas as pd

    df = pd.DataFrame({"kind": ["walk", None, "cycle"] * 300})
    with pytest.raises(KeyError) as raised:
        df[df["kind"].map(lambda v: np.nan)]
    said = await hint(failed("df[df['kind'].map(f)]", "KeyError", str(raised.value)))
    assert "mask of True/False" in said and "no column" not in said, said
    with pytest.raises(TypeError) as typed:
        df["kind"].map(lambda v: "cy" in v)
    said = await hint(failed("df['kind'].map(lambda v: 'cy' in v)", "TypeError", str(typed.value)))
    assert "missing value (NaN" in said and "isinstance" in said, said
    with pytest.raises(KeyError) as named:
        df[["kind", "speed"]]
    assert "mask of True/False" not in await hint(failed("df[['kind', 'speed']]", "KeyError", str(named.value)))
    with pytest.raises(KeyError) as labels:  # rows looked up by labels the index lacks: no mask at all
        df.loc[[2019, 2020]]
    assert "mask of True/False" not in await hint(failed("df.loc[[2019, 2020]]", "KeyError", str(labels.value)))
    newer = "argument of type 'float' is not a container or iterable"  # Python 3.14's words
    assert "missing value (NaN" in await hint(failed("df['kind'].map(lambda v: 'cy' in v)", "TypeError", newer))


async def test_a_number_format_given_a_whole_column_is_told_to_reduce_it_not_that_text_needs_converting():
    """`f"{total:.8f}"` where `total` is still a column (a `.sum()` left out): pandas' words hold
    "string", which is no column of text; the hint says what the format was given."""
    import pandas as pd

    total = pd.Series([0.5, 0.25]) * 2
    with pytest.raises(TypeError) as raised:
        f"{total:.8f}"
    said = await hint(failed("total = df['qty'] * 2\nprint(f'{total:.8f}')", "TypeError", str(raised.value)))
    assert ".sum()" in said and "holds text" not in said, said
    typed = "unsupported operand type(s) for -: 'str' and 'int'"  # text where numbers are needed: as before
    assert "holds text" in await hint(failed("df['amount'] - 1", "TypeError", typed))


async def test_one_function_that_loads_two_files_is_told_each_file_needs_its_own_lines(tmp_path):
    """A helper `load(path)` with one file's tested lines, called on a second file too: the column
    missing is the first file's, read by exactly its lines; the second file lacks it. The hint names
    the file that lacks it and gives each file's own lines, not "this code reads the file its own way"."""
    (tmp_path / "report.csv").write_text("Transactions\nUser,me\n\nTimestamp,Asset,Quantity\n2023-01-02,BTC,0.5\n")
    (tmp_path / "ledger.csv").write_text("time,asset,amount\n2023-01-03,XXBT,0.25\n")
    files = await DiskWorkspace(tmp_path).profiles(NB.path, ["report.csv", "ledger.csv"])
    report = files[0].tables[0].load
    assert "skiprows=3" in report and "ledger.csv" not in report
    code = (
        "import pandas as pd\ndef load(path):\n    "
        + report.replace("'report.csv'", "path").replace("\n", "\n    ")
        + "\n    df['Timestamp'] = pd.to_datetime(df['Timestamp'])\n    return df\n"
        "a = load('report.csv')\nb = load('ledger.csv')\nprint(a['Quantity'].sum() + b['amount'].sum())"
    )
    said = await hint(failed(code, "KeyError", "'Timestamp'"), files=files)
    assert "ledger.csv" in said and "own way" not in said, said
    assert "pd.read_csv('ledger.csv')" in said and "skiprows=3" in said, said  # each file's own lines
    # The second file read by its own line, not by the function: no talk of one reader for two.
    apart = code.replace("b = load('ledger.csv')", "b = pd.read_csv('ledger.csv')")
    assert "same lines" not in await hint(failed(apart, "KeyError", "'Timestamp'"), files=files)
    # Frames named after two files that start alike get names apart.
    (tmp_path / "input_a.csv").write_text("x,y\n1,2\n")
    (tmp_path / "input_b.csv").write_text("y,z\n2,3\n")
    pair = await DiskWorkspace(tmp_path).profiles(NB.path, ["input_a.csv", "input_b.csv"])
    joined = await hint(failed("df = pd.read_csv('input_a.csv')\nprint(df['z'])", "KeyError", "'z'"), files=pair)
    assert "input_df = pd.read_csv('input_b.csv')" in joined or "input_b" in joined, joined


async def test_a_key_error_on_a_column_the_cell_took_out_of_its_frame_names_the_line():
    """A list column exploded into its items' fields by the load block (which drops it), then
    filtered on: the line that took it out is named, with the columns the frame has after it."""
    load = (
        "df = pd.json_normalize(docs)\n"
        "df = df.explode('items', ignore_index=True)\n"
        "df = pd.json_normalize(df['items'].tolist()).join(df.drop(columns='items'))"
    )
    items = TableProfile(
        "items, one row per item", 9, load, [ColumnProfile("sku", "text"), ColumnProfile("qty", "int")]
    )
    files = [FileProfile("orders.json", "records", tables=[items])]
    code = f"{load}\ndf = df[df['items'].str.len() > 0]\nprint(df['qty'].sum())"
    tb = ["Cell In[2], line 4\n----> 4 df = df[df['items'].str.len() > 0]"]
    said = await hint(failed(code, "KeyError", "'items'", tb), files=files)
    assert "line 3 of the cell" in said and "'sku', 'qty'" in said, said
    dropped = "df = orders.copy()\ndel df['note']\nprint(df['note'].head())"
    tb = ["Cell In[2], line 3\n----> 3 print(df['note'].head())"]
    assert "line 2 of the cell" in await hint(failed(dropped, "KeyError", "'note'", tb), files=files)
    anew = "df = orders.drop(columns=['note'])\ndf = load_again()\nprint(df['note'].head())"
    assert "of the cell" not in await hint(failed(anew, "KeyError", "'note'", tb), files=files)  # made anew since


async def test_after_an_install_that_worked_the_cell_that_wanted_it_is_asked_for_again():
    wanting = failed("import tinygeo\nprint(tinygeo.km(1, 2))", "ModuleNotFoundError", "No module named 'tinygeo'")
    install = ok("%pip install tinygeo", "Successfully installed tinygeo-1.0\n")
    said = await Hints().after_run(turn(outcomes=[wanting, install]), install)
    assert said is not None and "install worked" in said.text and "No module named 'tinygeo'" in said.text
    # Not after an install that failed (%pip never raises), nor once that cell (or another) has worked
    # since, nor for a cell that is no install.
    failing = ok("%pip install tinygeo", "ERROR: No matching distribution found for tinygeo\n")
    assert await Hints().after_run(turn(outcomes=[wanting, failing]), failing) is None
    after = ok("import tinygeo\nprint(tinygeo.km(1, 2))", "3\n")
    assert await Hints().after_run(turn(outcomes=[wanting, after, install]), install) is None
    assert await Hints().after_run(turn(outcomes=[wanting, after]), after) is None
    # The note keeps the check call off the install's output: the answer aid judges no noted run.
    install.notes.append(said.text)

    async def never(outcome):
        raise AssertionError("the check call was made on an install's output")

    assert await Answer().after_run(turn(outcomes=[wanting, install], check=never), install) is None


async def test_a_frame_given_where_one_column_is_needed_gets_a_hint_naming_str_extracts_frame():
    import pandas as pd

    df = pd.DataFrame({"d": ["45 min", "1h15", "30min"]})
    codes = [
        "m = pd.to_numeric(df['d'].str.extract(r'(\\d+)'))",  # the installed pandas's own messages
        "df['m'] = df['d'].str.extract(r'(\\d+)(\\D*)')",
    ]
    for code in codes:
        try:
            exec(code, {"pd": pd, "df": df})  # noqa: S102
            raise AssertionError("pandas accepted a frame")
        except (TypeError, ValueError) as exc:
            said = await hint(failed(code, type(exc).__name__, str(exc)))
        assert "expand=False" in said and "one column" in said, (code, said)
    frame = "m = pd.to_numeric(df[['d']])"
    assert "iloc[:, 0]" in await hint(failed(frame, "TypeError", "arg must be a list, tuple, 1-d array, or Series"))


async def test_a_keyerror_on_the_column_a_melt_note_makes_gets_that_melt():
    melt = "df = df.melt(id_vars=['geo'], var_name='period', value_name='value')"
    wide = FileProfile(
        name="estat.tsv",
        kind="table",
        tables=[
            TableProfile(
                name="",
                rows=9,
                load="df = pd.read_csv('estat.tsv', sep='\\t')",
                columns=[ColumnProfile("geo", "text"), ColumnProfile("2023-01", "float")],
                notes=[
                    f"wide: 12 columns are periods ('2023-01' … '2023-12'), one value per column; one row per period: {melt}"
                ],
            )
        ],
    )
    for key in ("period", "value"):
        said = await hint(
            failed(f"df = pd.read_csv('estat.tsv', sep='\\t')\nprint(df[df['{key}'] == 1])", "KeyError", repr(key)),
            files=(wide,),
        )
        assert f"{key!r} is not a column of the file" in said and said.endswith(melt), said
    assert "melt" not in await hint(failed("df['geox']", "KeyError", "'geox'"), files=(wide,))
    own = "df = df.melt(id_vars=['geo'], var_name='month')\nprint(df['period'])"
    assert "melt in the preview" not in await hint(failed(own, "KeyError", "'period'"), files=(wide,))


async def test_a_keyerror_gets_the_close_column_or_says_where_the_key_is():
    assert "did you mean 'Revenue'" in await hint(failed("df['revenue']", "KeyError", "'revenue'"))
    two = "import pandas as pd\nhigh = df[df['Revenu'] > 10]['Revenu'].sum()"
    tb = ["KeyError    Traceback (most recent call last)", f"Cell In[4], line 2\n----> 2 {two.splitlines()[1]}"]
    said = await hint(failed(two, "KeyError", "'Revenu'", tb))  # the line written again with the name
    assert "That line with it: `high = df[df['Revenue'] > 10]['Revenue'].sum()`" in said, said
    assert _corrected("df['Womens share'].mean()", "Womens share", "Women's share") == ""  # would not parse
    inside = await hint(failed("g = df.groupby('x')['Revenue'].sum()\ng['Revenue']", "KeyError", "'Revenue'"))
    assert "not of the object" in inside and "no column" not in inside  # never contradicts the preview
    assert "'info.city'" in await hint(failed("df['city']", "KeyError", "'city'"))  # a key of nested records
    said = await hint(failed("df['info'].apply(len)", "KeyError", "'info'"))  # the record itself, flattened
    assert "flattened into one column per inner key: 'info.city'" in said and "did you mean" not in said
    assert "print df.columns" in await hint(failed("df['x']", "KeyError", "'x'"), files=())
    # A long table: the key is a value of a column, so the rows are to be selected.
    meter = ColumnProfile("meter", "text", values=["heat", "power"])
    long = TableProfile(
        "", 6, "df = pd.read_csv('m.csv')", [ColumnProfile("site", "text"), meter, ColumnProfile("value", "float")]
    )
    said = await hint(
        failed("df['heat_kwh'].sum()", "KeyError", "'heat_kwh'"), files=[FileProfile("m.csv", "table", tables=[long])]
    )
    assert "df[df['meter'] == 'heat']" in said and "'value'" in said
    assert "df.pivot_table(index=['site'], columns='meter', values='value'" in said  # the two side by side
    assert "is a value" not in await hint(
        failed("df['cost']", "KeyError", "'cost'"), files=[FileProfile("m.csv", "table", tables=[long])]
    )


async def test_a_nameerror_gets_the_import_or_the_load_line():
    assert "import pandas as pd" in await hint(failed("pd.read_csv('a')", "NameError", "name 'pd' is not defined"))
    said = await hint(failed("df['Revenue'].sum()", "NameError", "name 'df' is not defined"))
    assert "df = pd.read_csv('sales.csv')" in said
    # A name the cell defines, misspelt where it is used: the cell's own name, not a load line.
    typo = "import pandas as pd\nlow_df = pd.read_csv('sales.csv')\nprint(Low_df['Revenue'].sum())"
    said = await hint(failed(typo, "NameError", "name 'Low_df' is not defined"))
    assert "'low_df'" in said and "read_csv" not in said
    later = "print(total)\ntotal = 1"  # used before the line that defines it: not a misspelling
    assert "before the line of this cell" in await hint(failed(later, "NameError", "name 'total' is not defined"))
    said = await hint(failed("df = df[df['Revenue'] > 1]", "NameError", "name 'df' is not defined"))
    assert "df = pd.read_csv('sales.csv')" in said  # assigned from itself: never loaded
    for made in ("df2 = df[df['Revenue'] > 1]", "dfs = [1]\nprint(df.head())", "data = 1\nprint(dat)"):
        said = await hint(failed(made, "NameError", f"name '{'dat' if 'dat' in made else 'df'}' is not defined"))
        assert "but the cell defines" not in said  # another frame made from it, or a name added to
    said = await hint(failed("total = 1\nprint(totl)", "NameError", "name 'totl' is not defined"))
    assert "defines 'total' (a misspelling)" in said  # a letter dropped inside it


async def test_common_errors_get_a_hint_by_their_kind():
    import math
    import xml.etree.ElementTree as ET

    import pandas as pd

    frame = pd.DataFrame({"Revenue": [1.0], "month": ["x"], "Region": ["North"]})
    cases = {
        "sqrt(df['Revenue'].sum())": "from math import sqrt",  # a math function used unimported
        "pd.Series([1.0, None]).astype(int)": ".astype('Int64')",  # NaN into int
        "int(float('nan'))": ".astype('Int64')",
        "pd.to_datetime(pd.Series(['2012-02-12']), format='%Y-%m')": "format='mixed'",  # unconverted data
        "ET.fromstring('<a><b/></a>').find('c').text.strip()": "a lookup found nothing",
        "names = ['a']\nnames = names.append('b')\nnames.count('a')": "assigned None",  # in place
        "b'caf\\xe9'.decode('utf-8')": "encoding='latin-1'",  # not UTF-8, nothing tested to offer
        "'a'.encode('utf-16').decode('utf-8')": "encoding='utf-16'",
        "pd.to_numeric(pd.Series(['1', 'n/a']))": "pd.to_numeric(col, errors='coerce')",  # a word past the first
        "pd.Timestamp('2024-01-01').tz_convert('UTC')": "ts.tz_localize('UTC')",  # one time, not a column
        "frame[frame['Revenue'] > 5]['month'].values[0]": "matched no rows",  # the first value of nothing
        "frame[frame['Revenue'] > 5].iloc[0]": "matched no rows",
        "frame[frame['Revenue'] > 5]['Revenue'].idxmax()": "matched no rows",
        "frame['Revenue'].where(frame['Revenue'] > 5).idxmax()": "only missing values",
        "frame.groupby('Region').mean()": "take the columns to aggregate first",  # its text columns too
        "pd.Series(pd.to_datetime(['2024-01-01'])).dt.days": "(later - earlier).dt.days",  # of durations
        "pd.Series(['1']).astype(float, errors='coerce')": "pd.to_numeric(col, errors='coerce')",
        "frame.set_index('Region', drop=False).reset_index()": ".reset_index(drop=True)",
        "pd.Series(pd.to_datetime(['2024-01-01'])).sum()": "a column of dates has no sum",
        "frame[frame['Region'] == 'North' & frame['Revenue'] == 1.0]": "frame[(frame['Region'] == 'North') & (frame",
    }
    for code, expected in cases.items():
        with pytest.raises(Exception) as raised:  # noqa: PT011 (whatever the installed libraries raise)
            exec(code, {"pd": pd, "ET": ET, "frame": frame, "json": json})  # noqa: S102
        exc = raised.value
        said = await hint(failed(code, type(exc).__name__, str(exc)), files=())
        assert expected in said, (code, said)
    # JSON lines read as one document with open(): read_json(lines=True); json.loads of a cell: no.
    lines = failed("data = json.load(open('events.jsonl'))", "JSONDecodeError", "Extra data: line 2 column 1 (char 9)")
    assert "pd.read_json(path, lines=True)" in await hint(lines, files=())
    cell = failed("df['p'] = df['payload'].map(json.loads)", "JSONDecodeError", "Extra data: line 1 column 5 (char 4)")
    assert "lines=True" not in await hint(cell)
    insert = failed("df.insert(0, 'Region', 1)", "ValueError", "cannot insert Region, already exists")
    assert "reset_index" not in await hint(insert)
    inplace = failed(
        "df = df.dropna(inplace=True)\ndf.groupby('m')",
        "AttributeError",
        "'NoneType' object has no attribute 'groupby'",
    )
    assert "`df = df.dropna(inplace=True)` assigned None" in await hint(inplace)
    # Not those: a name that is no call, a column of words, a number written as text, a file not named.
    assert math.e and "math" not in await hint(failed("print(e)", "NameError", "name 'e' is not defined"))
    assert "from math" not in await hint(failed("print(dist.head())", "NameError", "name 'dist' is not defined"))
    for code in ("pd.to_numeric(frame['Region'])", "pd.to_numeric(pd.Series(['$1,234.50']))"):
        with pytest.raises(ValueError) as raised:
            exec(code, {"pd": pd, "frame": frame})  # noqa: S102
        said = await hint(failed(code, "ValueError", str(raised.value)))
        assert "errors='coerce'" not in said and "still holds text" in said, (code, said)
    mixed = "pd.DataFrame({'total': {'a': 1}, 'n': [1, 2]})"
    assert "sales.csv" not in await hint(
        failed(mixed, "ValueError", "Mixing dicts with non-Series may lead to ambiguous ordering.")
    )
    json_by_hand = "import json\ndf = pd.DataFrame(json.load(open('sales.csv')))"
    said = await hint(
        failed(json_by_hand, "ValueError", "Mixing dicts with non-Series may lead to ambiguous ordering.")
    )
    assert "tested load line: import pandas as pd\ndf = pd.read_csv('sales.csv')" in said, said
    # A word among durations: pandas gives no position, the profile shows it beside durations.
    times = TableProfile(
        "", 9, "df = pd.read_csv('race.csv')", [ColumnProfile("chip", "text", values=["2:01:07", "DNF"])]
    )
    race = FileProfile("race.csv", "table", tables=[times])
    said = await hint(
        failed("pd.to_timedelta(df['chip'])", "ValueError", "Could not convert 'DNF' to NumPy timedelta"), files=[race]
    )
    assert "'DNF' is a word among the durations" in said, said
    with pytest.raises(ValueError) as raised:
        pd.to_datetime(pd.Series(["2024-01-01", "unknown"]), format="%Y-%m-%d")
    days = TableProfile(
        "", 9, "df = pd.read_csv('d.csv')", [ColumnProfile("day", "text", values=["2024-01-01", "unknown"])]
    )
    said = await hint(
        failed("pd.to_datetime(df['day'])", "ValueError", str(raised.value)),
        files=[FileProfile("d.csv", "table", tables=[days])],
    )
    assert "'unknown' is a word among the dates" in said, said
    # A value of a column of labels, converted with the dates: that column was given by mistake.
    with pytest.raises(ValueError) as raised:
        pd.to_datetime(pd.Series(["06 BROOKLYN"]), format="%m/%d/%Y %I:%M:%S %p")
    board = ColumnProfile("Community Board", "text", values=["06 BROOKLYN"])
    years = ColumnProfile("YearsCode", "text", samples=["3", "Less than 1 year"])
    table = TableProfile("", 9, "df = pd.read_parquet('r.parquet')", [board, years])
    requests = [FileProfile("r.parquet", "table", tables=[table])]
    loop = "for c in ['Created Date', 'Community Board']:\n    df[c] = pd.to_datetime(df[c], format='%m/%d/%Y %I:%M:%S %p')"
    said = await hint(failed(loop, "ValueError", str(raised.value)), files=requests)
    assert "'06 BROOKLYN' is a value of the column 'Community Board', which holds text, not dates" in said, said
    # Not of a column with numbers among its words: which words to make numbers is the question there.
    with pytest.raises(ValueError) as raised:
        pd.to_numeric(pd.Series(["3", "Less than 1 year"]))
    said = await hint(failed("pd.to_numeric(df['YearsCode'])", "ValueError", str(raised.value)), files=requests)
    assert "is a value of the column" not in said, said
    float_text = await hint(
        failed("df['Revenue'].map(lambda v: v.strip())", "AttributeError", "'float' object has no attribute 'strip'")
    )
    assert "is a number" in float_text and "None" not in float_text


async def test_a_compressed_file_read_as_text_gets_its_reader_not_an_encoding():
    """json.load(open('x.zip')) fails on compressed bytes: another encoding only moves the error
    (latin-1 reads them, then JSON finds nothing), so the hint is the archive's reader, or the
    tested load line where the profile has one."""
    import gzip
    import json
    import zipfile

    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("a.json", json.dumps({"k": "é" * 50}))
    for raw, name in ((zipped.getvalue(), "docs.zip"), (gzip.compress(b'{"k": 1}' * 50), "docs.json.gz")):
        for encoding in ("utf-8", "latin-1"):
            with pytest.raises(ValueError) as raised:  # UnicodeDecodeError, JSONDecodeError
                json.loads(raw.decode(encoding))
            code = f"import json\ndata = json.load(open({name!r}, encoding={encoding!r}))"
            bare = FileProfile(name, "text", note="an archive")
            said = await hint(failed(code, type(raised.value).__name__, str(raised.value)), files=[bare])
            assert "zipfile.ZipFile('docs.zip')" in said or "gzip.open('docs.json.gz', 'rt')" in said, said
            assert "latin-1" not in said
    table = TableProfile("", 2, "df = pd.json_normalize(docs)", [ColumnProfile("k", "text")])
    described = FileProfile("docs.zip", "records", tables=[table])
    said = await hint(failed("json.load(open('docs.zip'))", "JSONDecodeError", "Expecting value"), files=[described])
    assert "tested load line" in said and "pd.json_normalize(docs)" in said
    # Text that no reader makes a table of, read as a table: its lines, not a load line it lacks.
    clippings = FileProfile("My Clippings.txt", "text", lines="Title (Author)\n- Your Highlight on page 3\n==========")
    parser = "Error tokenizing data. C error: Expected 1 fields in line 2, saw 2"
    said = await hint(failed("pd.read_csv('My Clippings.txt', sep='|')", "ParserError", parser), files=[clippings])
    assert "not a table" in said and "splitlines()" in said and "tested load line" not in said, said
    # A text file with another encoding still gets the encoding.
    plain = await hint(failed("open('a.csv').read()", "UnicodeDecodeError", "byte 0xe9 in position 3"), files=[])
    assert "latin-1" in plain


async def test_a_group_by_result_assigned_as_a_column_gets_transform_or_a_frame_of_its_own():
    code = "df['avg'] = df.groupby(['y', 'm'])['usd'].mean()\nprint(df.groupby('m')['avg'].idxmax())"
    said = await hint(failed(code, "ValueError", "idxmax with skipna=True encountered all NA values in a group."))
    assert ".transform('mean')" in said and "result = df.groupby(...)" in said
    note = await Checks().after_run(turn(), ok(code, "m\n1   NaN"))
    assert note is not None and ".transform('mean')" in note.text  # it ran: the NaN column noted all the same
    assert grouped_as_column("df['avg'] = df.groupby('m')['usd'].transform('mean')") == ""
    assert grouped_as_column("avg = df.groupby('m')['usd'].mean()") == ""


async def test_idxmax_of_a_per_row_group_result_is_noted_as_a_row_label_not_the_group():
    """`.groupby(k)[c].diff()` keeps each row's own index: its idxmax is a row number, never the
    group's name the question asked for; a row looked up by it, or a value per group, is fine."""
    which = "Which vessel waited longest?"

    async def noted(code, question=which):
        return await Checks().after_run(turn(question=question), ok(code, "2106\n"))

    code = (
        "gaps = df[df['Status'] == 1].groupby('VesselName')['BaseDateTime'].diff().dt.total_seconds()\n"
        "print(gaps.idxmax())"
    )
    note = await noted(code)
    assert note is not None and "row" in note.text and ".agg(" in note.text, note
    assert "row" in (await noted("print(df.groupby('k')['t'].shift(1).idxmin())")).text
    assert await noted(code, "How long was the longest wait?") is None  # no thing asked for by name
    fine = [
        "spans = df.groupby('k')['t'].agg(lambda s: s.max() - s.min())\nprint(spans.idxmax())",  # one per group
        "gaps = df.set_index('k').groupby(level=0)['t'].diff()\nprint(gaps.idxmax())",  # rows indexed by key
        code.replace("print(gaps.idxmax())", "print(df.loc[gaps.idxmax(), 'VesselName'])"),  # the row looked up
        code.replace("print(gaps.idxmax())", "i = gaps.idxmax()\nprint(df.loc[i, 'VesselName'])"),
        "print(df.assign(g=df.groupby('k')['t'].diff()).groupby('k')['g'].max().idxmax())",
        "print(df.groupby('k')['t'].diff().groupby(df['k']).max().idxmax())",
    ]
    for code in fine:
        assert await noted(code) is None, code


async def test_a_dotted_column_name_inside_query_gets_backticks():
    line = "n = df.query('properties.mag >= 3.0')['id'].count()"
    tb = ["Cell In[3], line 2", f"----> 2 {line}"]
    said = await hint(
        failed(f"import pandas as pd\n{line}", "UndefinedVariableError", "name 'properties' is not defined", tb)
    )
    assert """.query("`properties.mag` >= 3.0")""" in said and "df[df['properties.mag'] ...]" in said
    plain = "n = df.query('mag >= limit')"  # a variable the cell never set: the usual NameError help
    said = await hint(failed(plain, "UndefinedVariableError", "name 'limit' is not defined", ["----> 1 " + plain]))
    assert "'limit' is not defined" in said and "backticks" not in said


async def test_a_column_of_another_member_of_an_archive_gets_that_members_load_and_the_shared_key():
    """Each member's load starts with the same `archive = zipfile.ZipFile(...)` line: that line is
    not what loads a member, so a cell that reads one member is not taken to load them all."""
    opened = "import zipfile\narchive = zipfile.ZipFile('feed.zip')\n"
    zipped = FileProfile(
        "feed.zip",
        "table",
        tables=[
            TableProfile(
                "trips", 9, opened + "df = pd.read_csv(archive.open('trips.txt'))", [ColumnProfile("trip_id", "int")]
            ),
            TableProfile(
                "stop_times",
                90,
                opened + "df = pd.read_csv(archive.open('stop_times.txt'))",
                [ColumnProfile("trip_id", "int"), ColumnProfile("arrival_time", "text")],
            ),
        ],
    )
    code = opened + "df = pd.read_csv(archive.open('trips.txt'))\nprint(df['arrival_time'].max())"
    said = await hint(failed(code, "KeyError", "'arrival_time'"), files=[zipped])
    assert "the table 'stop_times' of feed.zip, which this code does not load" in said, said
    assert "('trip_id')" in said and "stop_times = pd.read_csv(archive.open('stop_times.txt'))" in said


async def test_a_column_indexed_on_another_object_names_that_object_and_the_line_that_makes_the_frame():
    """A frame built from text read first (`text = open(...)`, then `df = pd.DataFrame(...)`): the
    line named is the one that makes `df`, and the object the failing line indexes is named."""
    load = "text = open('cal.ics').read()\nblocks = text.split('BEGIN:VEVENT')\ndf = pd.DataFrame([{'UID': b} for b in blocks])"
    ics = FileProfile("cal.ics", "table", tables=[TableProfile("", 9, load, [ColumnProfile("UID", "text")])])
    code = load + "\nevents = {}\nprint(events['UID'].nunique())"
    tb = ["----> 4 print(events['UID'].nunique())"]
    said = await hint(failed(code, "KeyError", "'UID'", tb), files=[ics])
    assert "as loaded by `df = pd.DataFrame(" in said and "indexes (`events`)" in said, said


async def test_a_missing_file_that_a_described_archive_holds_gets_the_archives_load_lines():
    load = "archive = zipfile.ZipFile('q2.zip')\ndf = pd.concat([pd.read_csv(archive.open(m)) for m in archive.namelist()])"
    zipped = FileProfile(
        "q2.zip",
        "table",
        tables=[
            TableProfile(
                "", 9, load, [ColumnProfile("id", "text")], notes=["a zip archive of 2 files (04.csv, 05.csv)"]
            )
        ],
    )
    gone = "[Errno 2] No such file or directory: '04.csv'"
    said = await hint(failed("pd.read_csv('04.csv')", "FileNotFoundError", gone), files=[zipped], listing=["q2.zip"])
    assert "inside q2.zip" in said and "zipfile.ZipFile('q2.zip')" in said
    # A name no described file holds gets the folder's listing; so does one that only starts alike.
    for name in ("06.csv", "04.csv.gz"):
        said = await hint(failed("x", "FileNotFoundError", gone.replace("04.csv", name)), [zipped], ["q2.zip"])
        assert said == "Hint: Files beside the notebook: q2.zip."


async def test_conditions_joined_without_parentheses_get_the_line_mended():
    amb = "The truth value of a Series is ambiguous. Use a.empty, a.bool(), a.item(), a.any() or a.all()."

    async def said(line):
        return await hint(failed(f"x = 1\n{line}", "ValueError", amb, ["Cell In[3], line 2", f"----> 2 {line}"]))

    got = await said("m = df[df['d'].dt.year == 2024 & df['d'].dt.month == 3]")
    assert "`m = df[(df['d'].dt.year == 2024) & (df['d'].dt.month == 3)]`" in got
    assert "`df.loc[(df.a == 1) | (df.b > 2), 'c']`" in await said("df.loc[df.a == 1 or df.b > 2, 'c']")
    assert "`mask = (df.a >= 1) & (df.b.isin(['x', 'y']))`" in await said("mask = df.a >= 1 & df.b.isin(['x', 'y'])")
    assert "len(df) > 0" in await said("if df[df.a > 1]:")  # nothing to mend: the general rule
    assert "len(df) > 0" in await said("print(df[df['s'] == 'a & b'])")  # an & inside a string is no operator


async def test_a_standard_library_module_is_never_sent_to_pip():
    assert "standard library" in await hint(failed("import sqlite", "ModuleNotFoundError", "No module named 'sqlite'"))
    assert await hint(failed("import polarsx", "ModuleNotFoundError", "No module named 'polarsx'")) == ""


async def test_text_that_should_be_parsed_and_the_wrong_accessor_get_told_how():
    said = await hint(
        failed("df['amount'].sum() / 2", "TypeError", "unsupported operand type(s) for /: 'str' and 'int'")
    )
    assert "convert it first" in said and "'amount'" in said
    said = await hint(
        failed("df['Revenue'].str.replace('$', '')", "AttributeError", "Can only use .str accessor with string values!")
    )
    assert "'Revenue' is float" in said
    block = "df['amount'] = df['amount'].str.lstrip('$').astype(float)"  # the load block's line, copied
    tb = ["Cell In[2], line 2", "----> 2 df['amount'].str.replace('$', '')", "AttributeError: Can only use .str"]
    said = await hint(
        failed(f"{block}\ndf['amount'].str.replace('$', '')", "AttributeError", "Can only use .str accessor", tb)
    )
    assert "'amount' is numbers already" in said  # not "'amount' is text": the copied block converted it
    said = await hint(failed(f"{block}\ndf['amount'] + df['month']", "TypeError", "unsupported operand: 'str'"))
    assert "'amount' is" not in said and "'month' is dates as text" in said
    said = await hint(
        failed("df['month'].dt.month", "AttributeError", "Can only use .dt accessor with datetimelike values")
    )
    assert "pd.to_datetime" in said and "dayfirst=True" in said
    code = "df['month'] = pd.to_datetime(df['month'])\nd = df.groupby(df['month'].dt.date).size().reset_index()\nd['month'].dt.day"
    tb = ["Cell In[2], line 3", "----> 3 d['month'].dt.day", "AttributeError: Can only use .dt accessor"]
    said = await hint(failed(code, "AttributeError", "Can only use .dt accessor with datetimelike values", tb))
    assert "d['month'].dt.day" in said and "not datetimes any more" in said  # converted already: not "convert it"
    other = "df['x'] = pd.to_datetime(df['x'])\ndf['month'].dt.day"
    tb = ["Cell In[2], line 2", "----> 2 df['month'].dt.day", "AttributeError: Can only use .dt accessor"]
    said = await hint(failed(other, "AttributeError", "Can only use .dt accessor with datetimelike values", tb))
    assert "any more" not in said and "pd.to_datetime" in said  # another column was converted: convert this one
    assert "pd.concat" in await hint(
        failed("df.append(x)", "AttributeError", "'DataFrame' object has no attribute 'append'")
    )
    said = await hint(
        failed(
            "df['w'].str.extract(r'(\\d+) (\\w+)').str[0]",
            "AttributeError",
            "'DataFrame' object has no attribute 'str'",
        )
    )
    assert "Write `df['w'].str.extract(r'(\\d+) (\\w+)')[0]`" in said  # the line mended, not "take [0]"
    said = await hint(failed("df[['w']].str.lower()", "AttributeError", "'DataFrame' object has no attribute 'str'"))
    assert "expand=False" in said and "Series" in said  # the frame came from the code, not from the data
    # One value taken from a result grouped by the hour is the hour itself, not a date.
    peak = "h = df.groupby(df['t'].dt.hour).size()\nprint(h.reset_index().loc[h.argmax(), 't'].hour)"
    for owner, attr in (("numpy.int32", "hour"), ("int", "dt"), ("numpy.int64", "month")):
        tb = ["Cell In[4], line 2", "----> 2 " + peak.splitlines()[1]]
        said = await hint(failed(peak, "AttributeError", f"'{owner}' object has no attribute '{attr}'", tb))
        assert "one number" in said and f"without .{attr}" in said, owner
    said = await hint(
        failed("df['t'].apply(lambda x: x.hour)", "AttributeError", "'int' object has no attribute 'hour'")
    )
    assert "pd.to_datetime" in said and "as it is" not in said  # no .dt in the code: numbers that are dates
    said = await hint(failed(peak, "AttributeError", "'numpy.datetime64' object has no attribute 'dt'"))
    assert "pd.Timestamp(value)" in said
    # A date's part asked of a whole column (a function given the column): .dt, or .str for text.
    weekday = "def wd(t):\n    return t.weekday() < 5\nprint(df[wd(df['t'])])"
    said = await hint(failed(weekday, "AttributeError", "'Series' object has no attribute 'weekday'"))
    assert "col.dt.weekday" in said and "whole column" in said
    said = await hint(failed("df['t'].week", "AttributeError", "'Series' object has no attribute 'week'"))
    assert "col.dt.isocalendar().week" in said
    said = await hint(failed("df['n'].lower()", "AttributeError", "'Series' object has no attribute 'lower'"))
    assert "col.str.lower" in said
    assert "whole column" not in await hint(
        failed("df.frob", "AttributeError", "'Series' object has no attribute 'frob'")
    )


async def test_two_frames_that_do_not_line_up_are_told_to_share_a_key_type_or_be_merged():
    said = await hint(
        failed(
            "pd.merge(a, b, on='code')",
            "ValueError",
            "You are trying to merge on str and int64 columns for key 'code'. If you wish to proceed you should use pd.concat",
        )
    )
    assert "'code'" in said and "str" in said and "int64" in said and "pd.concat" not in said
    tz = "You are trying to merge on datetime64[ns, UTC] and object columns for key 'day'. If you wish to proceed"
    assert "datetime64[ns, UTC]" in await hint(failed("pd.merge(a, b, on='day')", "ValueError", tz))
    shapes = "operands could not be broadcast together with shapes (3,) (4,)"
    assert "merge" not in await hint(failed("np.arange(3) + np.arange(4)", "ValueError", shapes))  # numpy, not frames
    said = await hint(failed("a[a['x'] > b['y']]", "ValueError", "Can only compare identically-labeled Series objects"))
    assert "merge" in said
    assert await hint(failed("int('x')", "ValueError", "too many values to unpack (expected 2)")) == ""


async def test_a_key_used_on_what_is_not_a_record_gets_the_tables_load_line_not_a_conversion():
    load = "import json\ndata = json.load(open('export.json'))\ndf = pd.DataFrame(data['data'], columns=data['cols'])"
    export = FileProfile("export.json", "records", tables=[TableProfile("", 9, load, [ColumnProfile("kind", "text")])])
    walked = "import json\ndata = json.load(open('export.json'))\nkinds = [r['kind'] for r in data]"
    said = await hint(failed(walked, "TypeError", "string indices must be integers, not 'str'"), files=[export])
    assert load in said and "keys" in said and "convert" not in said
    rows = walked.replace("in data]", "in data['data']]")
    said = await hint(failed(rows, "TypeError", "list indices must be integers or slices, not str"), files=[export])
    assert load in said and "position" in said
    alone = await hint(failed("x = {'a': 1}\n[k['a'] for k in x]", "TypeError", "string indices must be integers"))
    assert "load line" not in alone and "Print" in alone  # no file read: nothing to point at
    # A loop over a frame (its rows picked by a mask) gives its column names: the rows are iterrows().
    looped = "df = pd.read_csv('sales.csv')\nbig = df[df['amount'] > 5]\nfor row in big:\n    print(row['region'])"
    said = await hint(failed(looped, "TypeError", "string indices must be integers, not 'str'"))
    assert "column names" in said and "iterrows()" in said and "dict" not in said, said
    for walked in (
        "words = text.split()\nw = words[i + 1]\nfor k in w:\n    print(k['a'])",  # an index, no mask
        "books = pd.read_excel('b.xlsx', sheet_name=None)\nfor name in books:\n    print(name['a'])",  # a dict
    ):
        said = await hint(failed(walked, "TypeError", "string indices must be integers, not 'str'"))
        assert "column names" not in said, said


async def test_times_with_and_without_a_time_zone_get_what_to_call_by_what_pandas_said():
    said = await hint(
        failed(
            "df['t'].dt.tz_convert('Europe/Oslo')",
            "TypeError",
            "Cannot convert tz-naive timestamps, use tz_localize to localize",
        )
    )
    assert "tz_localize('UTC')" in said and "tz_convert" in said
    said = await hint(
        failed("df['t'].dt.tz_localize('Europe/Oslo')", "TypeError", "Already tz-aware, use tz_convert to convert.")
    )
    assert "tz_convert" in said and "not tz_localize" in said
    cmp = "Invalid comparison between dtype=datetime64[us, UTC] and Timestamp"
    assert "same zone" in await hint(failed("df[df['t'] > pd.Timestamp('2024-05-01')]", "TypeError", cmp))
    assert "Area/City" in await hint(
        failed("df['t'].dt.tz_convert('CET')", "ZoneInfoNotFoundError", "'No time zone found with key CEST'")
    )
    mixed = "Mixed timezones detected. Pass utc=True in to_datetime or tz='UTC' in DatetimeIndex to convert"
    assert "utc=True" in await hint(failed("pd.to_datetime(df['t'])", "ValueError", mixed))
    assert "zone" not in await hint(failed("pd.to_datetime(df['t'])", "ValueError", "day is out of range for month"))


async def test_a_call_the_library_rejects_is_named_and_a_clean_run_gets_no_hint():
    tb = ["Cell In[3], line 2", "      1 import pandas as pd", "----> 2 s = df.resample('M').sum()", "ValueError: x"]
    said = await hint(
        failed("import pandas as pd\ns = df.resample('M').sum()", "ValueError", "Invalid frequency: M", tb)
    )
    assert "s = df.resample('M').sum()" in said and "rejected" in said
    assert await Hints().after_run(turn(), ok("print(1)", "1")) is None


# --- checks ------------------------------------------------------------------------------------


async def check(outcome):
    note = await Checks().after_run(turn(), outcome)
    return note.text if note else ""


async def test_results_that_cannot_be_the_answer_get_a_note():
    assert "printed nothing" in await check(ok("df = pd.read_csv('a.csv')"))
    assert "NaN" in await check(ok("print(df['x'].mean())", "nan\n"))
    assert "joined end to end" in await check(ok("print(df['a'].sum())", "$1,960.16$818.54$580.39$12.00\n"))
    assert "joined end to end" in await check(ok("print(df['w'].sum())", "0.56 kg0.56 kg1.2 kg\n"))
    assert "joined end to end" in await check(ok("print(m['amount'].sum())", "$580.39$1,841.46\n"))
    assert "coerce" in await check(ok("x = pd.to_numeric(df['a'], errors='coerce')\nprint(x.sum())", "12.0\n"))
    assert "kept no rows" in await check(ok("print(df[df['d'] == '2024-03'].amount.sum())", "0.0\n"))
    # A method in place on a column, which pandas 3 says changed a copy: the step, not the filter.
    chained = "df['s'].fillna(0, inplace=True)\nprint((df['s'] == 0).sum())"
    warned = ok(chained, "0\n")
    warned.outputs.append(
        {"output_type": "stream", "name": "stderr", "text": "ChainedAssignmentError: A value is being set"}
    )
    assert "df['s'] = df['s'].fillna(...)" in await check(warned)
    assert "changed a copy" not in await check(ok(chained, "3\n"))  # pandas 2: it worked, no such warning
    assert "changed a copy" not in await check(
        ok("df.fillna(0, inplace=True)\nprint(df.a.sum())", "ChainedAssignmentError")
    )
    assert "kept no rows" in await check(ok("print(df[df['d'] == '2024-03'].shape[0])", "0\n"))  # rows counted
    # A warning the kernel wrote after the result (stderr) is not the result's last line.
    warned = ok("print(df[df['kind'] == 'b']['n'].max())", "0.0\n")
    warned.outputs.append({"output_type": "stream", "name": "stderr", "text": "UserWarning: Could not infer format\n"})
    assert "kept no rows" in await check(warned)
    assert "found nothing" in await check(ok("print(len(re.findall('x', t)))", "0\n"))
    assert "as zeros" in await check(ok("df['r'] = df['r'].fillna(0)\nprint(df['r'].mean())", "3.625\n"))
    assert "as zeros" in await check(ok("df.fillna(value=0, inplace=True)\nprint(df['r'].mean())", "3.625\n"))


async def test_a_coercion_that_can_only_drop_the_values_with_no_number_gets_no_note():
    """The preview listed every value: those with a number are written alike, so NaN is 'Free' only."""

    def files(values, whole=True):
        price = ColumnProfile("Price", "text", values=values)
        return [FileProfile("t.csv", "table", tables=[TableProfile("", 7, "df = ...", [price], whole=whole)])]

    async def noted(code, files):
        note = await Checks().after_run(turn(files=files), ok(code, "23.0\n"))
        return note.text if note else ""

    code = "df['Price'] = pd.to_numeric(df['Price'].str.replace('£', ''), errors='coerce')\nprint(df['Price'].mean())"
    assert await noted(code, files(["£16.50", "£9.50", "£45.00", "Free"])) == ""
    assert "coerce" in await noted(code, files(["£16.50", "£1,209.50", "Free"]))  # a thousands separator: NaN too
    assert "coerce" in await noted(code, files(["£16.50", "9.50", "Free"]))  # written two ways
    assert "coerce" in await noted(code, files(["£16.50", "£9.50", "Free"], whole=False))  # values of some rows
    assert "coerce" in await noted(code.replace("Price'].mean", "Price'].sum"), [])  # no preview of it
    bare = "print(pd.to_numeric(df['Price'], errors='coerce').sum())"
    assert "coerce" in await noted(bare, files(["£16.50", "£9.50", "Free"]))  # '£' never removed: all NaN
    dated = code + "\ndf['d'] = pd.to_datetime(df['d'], errors='coerce')"
    assert "coerce" in await noted(dated, files(["£16.50", "£9.50", "Free"]))  # another coercion, not vouched for
    # Numbers with a few words among them ('ABS'), the coercion the preview itself offered for them.
    mark = ColumnProfile("Mark", "mixed int/str", holds="numbers and words")
    marks = [FileProfile("m.xlsx", "table", tables=[TableProfile("", 70, "df = ...", [mark])])]
    assert await noted("print(pd.to_numeric(df['Mark'], errors='coerce').mean())", marks) == ""
    assert "coerce" in await noted("print(pd.to_numeric(df['Other'], errors='coerce').mean())", marks)


async def test_text_put_in_one_case_then_compared_with_a_literal_in_another_gets_a_note():
    lowered = "df['d'] = df['d'].str.strip().str.lower()\nprint((df['d'] == 'Sales').sum())"
    assert "'sales'" in await check(ok(lowered, "0\n")) and "never match" in await check(ok(lowered, "0\n"))
    listed = "d = df['d'].str.upper()\nprint(d.isin(['NORTH', 'south']).sum())"
    assert "'SOUTH'" in await check(ok(listed, "4\n"))
    assert "'eu'" in await check(ok("print(df[df.r.str.lower().str.contains('EU')].shape)", "(0, 3)\n"))
    assert await check(ok("d = df['d'].str.lower()\nprint((d == 'sales').sum())", "4\n")) == ""
    assert await check(ok("print((df['d'] == 'Sales').sum())", "4\n")) == ""  # nothing changed the case
    assert await check(ok("df['d'] = df['d'].str.lower()\nprint((df['r'] == 'North').sum())", "4\n")) == ""
    assert await check(ok("n = name.lower()\nprint(n == 'Sales')", "False\n")) == ""  # not a column: left alone


async def test_plausible_results_and_cells_that_write_files_get_no_check():
    assert await check(ok("print(df['x'].sum())", "1234.5\n")) == ""
    assert await check(ok("print(df['r'].fillna(0).sum())", "58.0\n")) == ""  # a sum is the same either way
    assert await check(ok("print(df.groupby('a')['r'].mean().fillna(0))", "a    1.5\n")) == ""  # after the mean
    assert await check(ok("t = df.pivot_table('r', 'a', 'b').fillna(0)\nprint(t.mean())", "b    1.5\n")) == ""
    assert await check(ok("df = pd.read_csv('a.csv')\ndf.to_csv('b.csv')")) == ""
    assert await check(ok("x = pd.to_numeric(df['a'], errors='coerce')\nprint(x.isna().sum())", "3\n")) == ""
    assert await check(ok("print(pd.Timestamp('2024-01-01'))", "2024-01-01 00:00:00\n")) == ""
    assert await check(ok("print(ratio)", "12.5%\n")) == "" and await check(ok("print(v)", "1,234,567.89\n")) == ""
    assert await check(ok("print(when)", "2024-03-13\n")) == "" and await check(ok("print(t)", "10:30:15\n")) == ""


async def test_the_group_with_the_most_of_a_quantity_found_by_counting_rows_gets_a_note():
    columns = [ColumnProfile("Duration (h)", "float"), ColumnProfile("Points", "int"), ColumnProfile("From", "text")]
    log = [FileProfile("t.csv", "table", tables=[TableProfile("", 90, "df = pd.read_csv('t.csv')", columns)])]

    async def noted(question, code, files=log):
        now = ok(code, "2024-01-30\n")
        note = await Checks().after_run(turn(question=question, files=files, outcomes=[now]), now)
        return note.text if note else ""

    asked = "On which day did Ewa log the most hours?"
    said = await noted(asked, "print(df[df['User'] == 'Ewa']['Start Date'].dt.date.mode()[0])")
    assert "counts rows" in said and "Sum 'Duration (h)' per group" in said
    assert "'Points'" in await noted("Who gave Greece the most points?", "print(df['From'].value_counts().idxmax())")
    summed = "print(df.groupby(df['Start Date'].dt.date)['Duration (h)'].sum().idxmax())"
    assert await noted(asked, summed) == ""
    # Counting is the answer when each row is one of what is asked about: no column holds goals.
    assert await noted("Who scored the most goals?", "print(df['From'].value_counts().idxmax())") == ""


async def test_a_column_the_question_names_and_the_code_never_used_gets_a_note():
    people = FileProfile(
        name="people.csv",
        kind="table",
        tables=[
            TableProfile(
                "",
                3,
                "df = pd.read_csv('people.csv')",
                [ColumnProfile(n, "int") for n in ("id", "born", "age", "total", "home_city", "2023")],
            )
        ],
    )

    async def noted(question, code, before=(), printed="9\n"):
        state = turn(question=question, files=[people], outcomes=list(before))
        note = await Checks().after_run(state, ok(code, printed))
        return note.text if note else ""

    derived = "print((df['born'].max() - df['born'].min()))"
    said = await noted("What is the age of the oldest person in people.csv?", derived)
    assert "'age'" in said and "people.csv" in said
    assert await noted("What is the age of the oldest person?", "print(df['age'].max())") == ""
    assert await noted("What is the age of the oldest person?", "print(df.age.max())") == ""
    # Replaced by values worked out from other columns, the column's own values were never used.
    replaced = "df['age'] = df['born'].max() - df['born']\nprint(df['age'].max())"
    assert "'age'" in await noted("What is the age of the oldest person?", replaced)
    cleaned = "df['age'] = pd.to_numeric(df['age'], errors='raise')\nprint(df['age'].max())"
    assert await noted("What is the age of the oldest person?", cleaned) == ""
    read_first = "print(df['age'].max())\ndf['age'] = 0"
    assert await noted("What is the age of the oldest person?", read_first) == ""
    earlier = ok("ages = df['age']")
    assert await noted("What is the age of the oldest person?", "print(ages.max())", [earlier]) == ""
    # Another column the question names was used: the named one may only describe the rows.
    reading = "print(df['age'].isna().sum())"
    assert await noted("How many people have no age, as their home city was not known?", reading) == ""
    # Also a column past those profiled, known by its name only ('cancelled', the 48th of 109).
    people.tables[0].unprofiled = ["cancelled"]
    used = "print(df[df['cancelled'] == 1]['id'].count())"
    assert await noted("How many people with a home city, of age, cancelled?", used) == ""
    assert "'cancelled'" in await noted("How many people cancelled?", "print(df['id'].count())")
    people.tables[0].unprofiled = []
    # Every word of a name must be in the question; words of asking and short ids are no sign.
    assert "'home_city'" in await noted("Which home city is most common?", "print(df['born'].mode())")
    assert await noted("Which city is most common?", "print(df['born'].mode())") == ""
    assert await noted("What is the total of ages? What is each id?", "print(df['age'].sum())") == ""
    melted = "long = df.melt(id_vars=['id'], var_name='year')\nprint(long[long.year == '2023'].value.sum())"
    assert await noted("What is the total in 2023?", melted.replace("'2023'", "2023")) == ""
    # A result a check already found wrong is noted for that first.
    assert "NaN" in await noted("What is the age of the oldest?", "print(x)", printed="nan\n")


async def test_numbers_in_several_units_used_without_their_units_get_a_note():
    weights = "numbers with different units as text ('1.2 kg'; units 'kg', 'g', 'lb'): parts = ..."
    columns = [
        ColumnProfile("item", "text"),
        ColumnProfile("weight", "text", notes=[weights], holds="numbers with units"),
        ColumnProfile("temp", "float"),
        ColumnProfile("unit", "text", values=["C", "F"], holds="units"),
        ColumnProfile("rain", "float"),
    ]
    table = FileProfile("t.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('t.csv')", columns)])

    async def noted(code, before=()):
        note = await Checks().after_run(turn(files=[table], outcomes=list(before)), ok(code, "12.5\n"))
        return note.text if note else ""

    stripped = "w = df['weight'].str.extract(r'([\\d.]+)')[0].astype(float)\nprint(w.mean())"
    assert "'kg', 'g', 'lb'" in await noted(stripped)
    by_unit = "p = df['weight'].str.extract(r'([\\d.]+) (\\w+)')\nprint((p[0].astype(float) * p[1].map({'kg': 1000, 'g': 1, 'lb': 453.6})).mean())"
    assert await noted(by_unit) == ""
    assert await noted("print(df['weight'].unique())") == ""  # a look at the values, no result yet
    all_rows = "print((df['temp'] * 9 / 5 + 32).max())"
    said = await noted(all_rows)
    assert "'unit'" in said and "'temp'" in said
    assert await noted("f = df['unit'] == 'F'\nprint(df.loc[f, 'temp'].sub(32).mul(5 / 9).max())") == ""
    assert await noted("print(df['temp'].max())", [ok("df['unit'].value_counts()")]) == ""  # it read the units
    assert await noted("print(df['rain'].mean())") == ""  # the units are of the column before them only
    some = "numbers with different units as text ('5.6'; units 'kg' on some rows, none on the others): parts = ..."
    columns[1].notes = [some]
    assert "('kg')" in await noted(stripped)


async def test_rows_kept_by_not_equal_zero_on_a_column_with_missing_values_get_a_note():
    columns = [ColumnProfile("amount", "float", missing=4), ColumnProfile("qty", "float", missing=2)]
    table = FileProfile("s.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('s.csv')", columns)])

    async def noted(code):
        note = await Checks().after_run(turn(files=[table]), ok(code, "107.9\n"))
        return note.text if note else ""

    both = "f = df[(df['amount'] != 0) & (df['qty'] != 0)]\nprint(f['amount'].sum() / f['qty'].sum())"
    assert "NaN != 0" in await noted(both) and "'amount'" in await noted(both)
    filled = "df['amount'] = df['amount'].fillna(0)\ndf['qty'] = df['qty'].fillna(0)\n" + both
    assert await noted(filled) == ""
    assert (
        await noted("f = df.dropna(subset=['amount', 'qty'])\nf = f[f['amount'] != 0]\nprint(f['amount'].sum())") == ""
    )
    assert await noted("print(df[df['amount'] != 10]['qty'].sum())") == ""  # another value: NaN rightly passes


async def test_a_text_match_on_dates_in_several_formats_gets_a_note_unless_the_cell_converted_them():
    mixed = ColumnProfile(
        "day",
        "text",
        notes=["dates as text in 2 formats ('1 May 2024', '2024-05-02'): pd.to_datetime(df['day'], format='mixed')"],
        holds="dates in several formats",
    )
    files = [
        FileProfile(name="t.csv", kind="table", tables=[TableProfile("", 2, "df = pd.read_csv('t.csv')", [mixed])])
    ]

    async def noted(code, before=()):
        note = await Checks().after_run(turn(files=files, outcomes=list(before)), ok(code, "12.5\n"))
        return note.text if note else ""

    said = await noted("print(df[df['day'].str.contains('2024-05')]['x'].sum())")
    assert "several formats" in said and "df['day'] = pd.to_datetime(df['day'], format='mixed')" in said
    assert "several formats" in await noted("print(df[df.day.str.contains('May')].x.sum())")
    assert "several formats" in await noted("print(df[('2024-04-01' <= df['day'])].x.sum())")
    assert await noted("print(df[df['day'].str.contains('2024')].x.sum())") == ""  # a year: in every format
    assert "several formats" in await noted("print(df[df['day'].str[:7] == '2024-05'].x.sum())")
    assert "several formats" in await noted("print(df[(df['day'] >= '2024-04-01') & (df['day'] <= '2024-06-30')])")
    assert "several formats" in await noted("print(df[df['day'].between('2024-04-01', '2024-06-30')])")
    converted = "df['day'] = pd.to_datetime(df['day'], format='mixed')\nprint(df[df['day'] >= '2024-04-01'].x.sum())"
    assert await noted(converted) == ""
    assert (
        await noted("df.day = pd.to_datetime(df.day, format='mixed')\nprint(df[df.day >= '2024-04-01'].x.sum())") == ""
    )
    assert await noted("print(df[df['note'].str.contains('late')].x.sum())") == ""  # not a column of dates
    earlier = ok("df['day'] = pd.to_datetime(df['day'], format='mixed')")
    assert await noted("print(df[df['day'] >= '2024-04-01'].x.sum())", [earlier]) == ""  # converted in a cell before
    parsed = "df = pd.read_csv('t.csv', parse_dates=['day'])\nprint(df[df['day'] >= '2024-04-01'].x.sum())"
    assert await noted(parsed) == ""
    one_format = ok("print(df[df['month'].str.contains('03')].x.sum())", "12.5\n")
    assert await Checks().after_run(turn(files=[SALES]), one_format) is None  # dates in one format match as text


async def test_one_file_of_an_archive_the_question_names_and_the_code_never_selects_gets_a_note():
    """A table stacking the rows of an archive's files, a column naming each row's file: a question
    about one of them answered over all gets a note; naming the file, or a word of its name, is a
    selection; an archive of different tables (no such column) and a described file are not this."""
    notes = ["a zip archive of 3 files (logs/week_01.json, logs/week_02.json, logs/week_03.json)"]
    load = "df = pd.json_normalize(docs)\ndf.insert(0, 'file', members)"
    stacked = TableProfile("", 3, load, [ColumnProfile("file", "text"), ColumnProfile("n", "int")], notes=notes)
    files = [FileProfile("weeks.zip", "table", tables=[stacked])]

    async def noted(question, code, files=files):
        note = await Checks().after_run(turn(question=question, files=files), ok(code, "42\n"))
        return note.text if note else ""

    asked = "In weeks.zip, what is the total of n in week_02.json?"
    said = await noted(asked, f"{load}\nprint(df['n'].sum())")
    assert "'week_02.json' only" in said and "'file' column" in said, said
    assert await noted(asked, f"{load}\nprint(df[df['file'].str.endswith('week_02.json')]['n'].sum())") == ""
    assert await noted(asked, f"{load}\nprint(df[df['file'].str.contains('_02')]['n'].sum())") == ""  # its alone
    assert await noted(asked, f"{load}\nprint(df[df['file'].str.contains('.json')]['n'].sum())") != ""  # all have it
    assert await noted("What is the total of n in weeks.zip?", f"{load}\nprint(df['n'].sum())") == ""
    tables = TableProfile("week_02.json", 3, "df = pd.read_json(z.open('week_02.json'))", [ColumnProfile("n", "int")])
    apart = [FileProfile("weeks.zip", "table", tables=[tables])]
    assert await noted(asked, "print(df['n'].sum())", files=apart) == ""


async def test_one_year_the_question_names_and_the_code_never_selects_gets_a_note_in_data_of_several_years():
    day = ColumnProfile("day", "date objects", samples=["2024-12-10", "2023-09-10", "2024-08-23"])
    load = "df = pd.read_parquet('dl_2023-2024.parquet')"
    files = [FileProfile("dl_2023-2024.parquet", "table", tables=[TableProfile("", 9, load, [day])])]

    async def noted(question, code, before=(), files=files, printed="12\n"):
        note = await Checks().after_run(turn(question=question, files=files, outcomes=list(before)), ok(code, printed))
        return note.text if note else ""

    asked = "In dl_2023-2024.parquet, what is the total of n in 2024?"
    whole = f"{load}\nprint(df['n'].sum())"  # the file's name holds the year: no selection
    said = await noted(asked, whole)
    assert "2024" in said and "2023" in said  # the year asked, and one the data also holds
    labelled = f"{load}\nprint(f'The total in 2024 is {{df.n.sum()}}')"
    assert "2024" in await noted(asked, labelled)  # a printed label selects nothing
    assert await noted(asked, f"{load}\nprint(df[pd.to_datetime(df['day']).dt.year == 2024]['n'].sum())") == ""
    assert await noted(asked, f"{load}\nprint(df.loc[df['day'] >= '2024-01-01', 'n'].sum())") == ""
    assert await noted(asked, "print(d24['n'].sum())", [ok(f"{load}\nd24 = df[df.day.astype(str) > '2024']")]) == ""
    assert await noted("What is the total of n from 2023 to 2024?", whole) == ""  # a span: maybe all the data
    assert await noted("What is the total of n?", whole) == ""
    one_year = ColumnProfile("day", "text", samples=["2024-01-02", "2024-03-04", "2024-05-06"])
    only = [FileProfile("dl.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('dl.csv')", [one_year])])]
    assert await noted("What is the total of n in 2024?", "print(df['n'].sum())", files=only) == ""  # 2024 only
    march = "In dl_2023-2024.parquet, what is the total of n in March 2024?"
    year_only = f"{load}\nprint(df[pd.to_datetime(df['day']).dt.year == 2024]['n'].sum())"
    assert "one month of 2024" in await noted(march, year_only)
    for month in ("(d.dt.month == 3)", "'2024-03'", "'Mar'", "d.dt.month_name() == 'March'"):
        assert await noted(march, f"{year_only}\nprint({month})") == "", month
    assert await noted("What was n on 15 March 2024?", f"{load}\nprint(df[df.day == '2024-03-15'].n)") == ""
    assert await noted("What is n in March and April 2024?", year_only) == ""  # not one month
    assert "one month" in await noted(march, f"{year_only}\nprint(df.head(3))")  # a 3 that is no month
    assert await noted("Who was Mayor in 2024?", year_only) == ""  # no month named
    assert await noted(asked, f"{load}\nprint(df.query('day >= \"2024-01-01\" and n > 0').n.sum())") == ""
    by_year = f"{load}\nprint(df.groupby(pd.to_datetime(df['day']).dt.year)['n'].sum())"
    assert await noted(asked, by_year, printed="day\n2023    40\n2024    12\n") == ""  # 2024's row is there
    born = ColumnProfile("dob", "text", samples=["1985-02-01", "1990-07-12", "1979-11-30"])
    staff = [
        FileProfile(
            "staff_2024.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('staff_2024.csv')", [born])]
        )
    ]
    pay = "df = pd.read_csv('staff_2024.csv')\nprint(df['salary'].sum())"
    assert await noted("What was the total payroll in 2024?", pay, files=staff) == ""  # a file of 2024 alone
    # The question's parts, where the parts call listed them, say whether the year is a condition or
    # context (held-out 27: "exported on 2 December 2024" made two notes, then a year and a month filter).
    exported = "In dl_2023-2024.parquet, exported on 2 December 2024, how many rows have n > 0?"

    async def after(parts):
        checked = turn(question=exported, files=files, asked=parts)
        note = await Checks().after_run(checked, ok(f"{load}\nprint((df.n > 0).sum())", "12\n"))
        return note.text if note else ""

    assert "the question asks about 2024" in await after([])  # no parts known: as before
    assert await after(["rows with n greater than 0", "how many"]) == ""
    assert "the question asks about 2024" in await after(["rows of 2024", "with n greater than 0"])


async def test_a_text_column_compared_with_a_literal_written_unlike_all_its_samples_gets_a_note():
    month = ColumnProfile("Month", "text", samples=["2022-01", "2022-02", "2023-11"])
    kind = ColumnProfile("Crime type", "text", samples=["Burglary", "Other theft", "Violence and sexual offences"])
    ref = ColumnProfile("Ref", "text", samples=["RJ230001", "RJ230002", "RJ230003"])
    table = TableProfile("", 99, "df = pd.read_csv('c.csv')", [month, kind, ref])
    files = [FileProfile("c.csv", "table", tables=[table])]

    async def noted(code, printed="0\n"):
        note = await Checks().after_run(turn(files=files), ok(code, printed))
        return note.text if note else ""

    said = await noted("print(df[(df['Crime type'] == 'Burglary') & (df['Month'] == 'March 2024')].shape[0])")
    assert "'Month'" in said and "'2022-01'" in said and "'March 2024'" in said
    assert "'Month'" in await noted("print(len(df[df.Month.isin(['Mar 2024'])]))")
    assert await noted("print(len(df[df['Month'] == '2024-03']))", "22\n") == ""  # written as the column does
    assert await noted("print(len(df[df['Crime type'] == 'Anti-social behaviour']))", "9\n") == ""  # no one way
    assert await noted("print(len(df[~df['Ref'].isin(['TOTAL'])]))", "97\n") == ""  # a row left out: no harm
    assert await noted("print(len(df[df['Ref'] != 'TOTAL']))", "97\n") == ""
    converted = "df['Month'] = pd.to_datetime(df['Month'])\nprint(len(df[df['Month'] == 'March 2024']))"
    assert "written like" not in await noted(converted)  # converted first: the samples no longer say how
    parsed = "df = pd.read_csv('c.csv', parse_dates=['Month'])\nprint(len(df[df['Month'] == 'March 2024']))"
    assert "written like" not in await noted(parsed)
    assert await noted("print(len(df[~(df['Ref'].isin(['TOTAL']))]))", "97\n") == ""
    country = ColumnProfile("country", "text", samples=["France", "Japan", "Brazil"])
    table.columns.append(country)
    assert await noted("print(len(df[df['country'] == 'United States']))", "4\n") == ""  # words against words
    month.values = ["March 2024"]  # (a value the preview saw is written as the column does)
    assert await noted("print(len(df[df['Month'] == 'March 2024']))", "4\n") == ""


async def test_a_result_computed_and_never_used_gets_a_note():
    async def noted(code):
        note = await Checks().after_run(turn(), ok(code, "2024-12-31\n"))
        return note.text if note else ""

    latest = (
        "df = pd.read_parquet('d.parquet')\ntotal = df['n'].sum()\nprint(f\"The busiest day was {df['day'].max()}\")"
    )
    assert "'total'" in await noted(latest)
    assert await noted("total = df.groupby('day')['n'].sum()\nprint(total.idxmax())") == ""
    assert await noted("total = df['n'].sum()\nprint(f'{total:.0f}')") == ""  # read in the f-string
    assert await noted("first = df['day'].iloc[0]\nprint(df['day'].max())") == ""  # no result worked out
    assert await noted("avg = df['n'].mean()\nprint(df.query('n > @avg').shape[0])") == ""  # used in a query
    assert await noted("ax = df.groupby('a')['n'].sum().plot(kind='bar')\nprint('done')") == ""  # a plot
    assert await noted("total = df['n'].sum()\nprint(df['n'].sum())") == ""  # the same worked out again


async def test_a_comparison_stored_and_never_used_to_select_rows_gets_a_note_whose_line_selects_them(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)  # a cell below writes a file
    import contextlib
    import io

    import pandas as pd

    def run(code):
        scope, out = {"pd": pd}, io.StringIO()
        with contextlib.redirect_stdout(out):
            exec("df = pd.DataFrame({'d': pd.to_datetime(['2022-05-01', '2023-01-02', '2023-07-09'])})\n" + code, scope)  # noqa: S102
        return out.getvalue()

    async def noted(code):
        note = await Checks().after_run(turn(), ok(code, run(code)))
        return note.text if note else ""

    stored = "df['d'] = df['d'].dt.year == 2023\nprint(len(df))"
    said = await noted(stored)
    assert "never uses it" in said and run(stored) == "3\n"
    kept = re.search(r"In place of that line, keep the rows where it holds: (.+?); then", said)[1]
    assert run(f"{kept}\nprint(len(df))") == "2\n"  # the line the note gives selects the rows
    assert "never uses it" in await noted("m = (df['d'].dt.year == 2023) & (df['d'].dt.month > 6)\nprint(len(df))")
    converted = "m = df['d'].dt.year == 2023\ndf['d'] = pd.to_datetime(df['d'])\nprint(len(df))"
    assert "never uses it" in await noted(converted)  # a conversion after it writes no file
    assert await noted("df['y'] = df['d'].dt.year == 2023\nprint(df['y'].sum())") == ""  # read: counted
    assert await noted("m = df['d'].dt.year == 2023\nprint(len(df[m]))") == ""  # read: selected
    assert await noted("df['y'] = df['d'].dt.year == 2023\nprint(df.head())") == ""  # a new column looked at
    # Not a mask of the frame's rows left unused: worked out again, of a module, of a name, a membership, a group's, saved.
    for code in (
        "m = df['d'].dt.year == 2023\nprint(len(df[df['d'].dt.year == 2023]))",
        "import numpy as np\nm = np.log(df['d'].dt.year) > 7\nprint(len(df))",
        "total = len(df)\nok = total > 2\nprint(total)",
        "found = 'd' in df.columns\nprint(found)",
        "big = df.groupby(df['d'].dt.year)['d'].count() > 1\nprint(len(df))",
        "df['late'] = df['d'].dt.month > 6\ndf.to_csv('flags.csv')\nprint(len(df))",
    ):
        assert await noted(code) == "", code


async def test_the_largest_of_counts_within_groups_picked_as_a_group_value_pair_gets_a_note():
    import pandas as pd

    df = pd.DataFrame({"who": ["a", "a", "a", "b", "b"], "status": ["ok", "ok", "no", "no", "ok"]})
    code = "rates = df.groupby('who')['status'].value_counts(normalize=True)\nprint(rates.idxmax())"
    printed = f"{df.groupby('who')['status'].value_counts(normalize=True).idxmax()}\n"  # what pandas prints
    assert printed == "('a', 'ok')\n"
    note = await Checks().after_run(turn(), ok(code, printed))
    assert note is not None and "(group, value) pair" in note.text and "unstack" in note.text
    grouped = "g = df.groupby('who')\nrates = g['status'].value_counts(normalize=True)\nprint(f'top: {rates.idxmax()}')"
    assert "(group, value) pair" in (await Checks().after_run(turn(), ok(grouped, "top: ('a', 'ok')\n"))).text
    picked = "rates = df.groupby('who')['status'].value_counts(normalize=True).unstack()\nprint(rates['no'].idxmax())"
    assert await Checks().after_run(turn(), ok(picked, "b\n")) is None
    assert (
        await Checks().after_run(turn(), ok("print(df.groupby(['who', 'day']).size().idxmax())", "('a', 'Mon')\n"))
        is None
    )


async def test_no_pair_note_where_a_pair_is_right_or_one_value_was_kept():
    two = "s = df.groupby(['r', 'who'])['status'].value_counts(normalize=True).unstack(fill_value=0)\nprint(s['ok'].idxmax())"
    assert await Checks().after_run(turn(), ok(two, "('S', 'b')\n")) is None  # one value's column kept
    counts = "print(df.groupby('region')['product'].value_counts().idxmax())"
    assert await Checks().after_run(turn(), ok(counts, "('North', 'Widget')\n")) is None  # the top pair, asked
    apart = "by_day = df.groupby(['who', 'day']).size()\nprint(df['status'].value_counts(normalize=True))\n"
    assert await Checks().after_run(turn(), ok(apart + "print(by_day.idxmax())", "('a', 'Mon')\n")) is None


async def test_rows_selected_or_grouped_by_a_value_written_several_ways_get_a_note_unless_made_one():
    from jupyterlab_gptinterp.workspace.columns import text_notes

    values = ["urgent", "Urgent", "URGENT", "routine", "Routine"] * 20
    notes, holds, _ = text_notes(values)
    assert holds == "several spellings"
    notes = [n.replace("{col}", "df['priority']") for n in notes]  # as the profile writes them
    priority = ColumnProfile("priority", "text", notes=notes, holds=holds)
    plain = ColumnProfile("ward", "text", values=["A", "B"])
    table = TableProfile("", 100, "df = pd.read_csv('s.csv')", [priority, plain])
    files = [FileProfile("s.csv", "table", tables=[table])]

    async def noted(code, before=()):
        note = await Checks().after_run(turn(files=files, outcomes=list(before)), ok(code, "8.07\n"))
        return note.text if note else ""

    said = await noted("print(len(df[df['priority'] == 'Urgent']) / len(df) * 100)")
    assert "several ways" in said and "'URGENT'" in said and "df['priority'].str.strip().str.lower()" in said
    assert "apart" in await noted("print(df.groupby('priority')['ward'].count())")
    assert "apart" in await noted("print(df.priority.value_counts().idxmax())")
    assert "several ways" in await noted("print(df[df['priority'].isin(['Urgent'])].shape[0])")
    assert await noted("print((df['priority'].str.lower() == 'urgent').mean())") == ""  # made one
    assert await noted("print(len(df[df['ward'] == 'A']))") == ""  # a column written one way
    assert await noted("print((df['priority'] == 'routine').sum())") == ""  # not a value the note shows apart
    assert await noted("print(df['priority'].unique())") == ""  # looking at the values
    lowered = ok("df['priority'] = df['priority'].str.strip().str.lower()")
    assert await noted("print(len(df[df['priority'] == 'urgent']))", [lowered]) == ""  # made one in a cell before
    assert text_notes(["Spin", "Yoga", "Pilates"] * 9)[1] == ""  # one spelling each: plain text


async def test_rows_selected_by_a_column_empty_in_every_row_get_a_note():
    # An API answer with names left out: 'reporterDesc' is empty, 'reporterCode' holds the codes.
    desc = ColumnProfile("reporterDesc", "float", missing=90)
    code = ColumnProfile("reporterCode", "int", distinct=6, samples=["276", "380"])
    table = TableProfile("", 90, "df = pd.read_json('t.json')", [code, desc], whole=True)
    files = [FileProfile("t.json", "records", tables=[table])]

    async def noted(code, before=(), files=files):
        note = await Checks().after_run(turn(files=files, outcomes=list(before)), ok(code, "1.5 million\n"))
        return note.text if note else ""

    said = await noted("print(df[(df['reporterDesc'] == 'Germany')]['v'].sum())")
    assert "'reporterDesc' is empty in every row" in said and "'Germany'" in said and "'reporterCode' beside" in said
    assert await noted("print(df[df['reporterCode'] == 276]['v'].sum())") == ""
    filled = ok("df['reporterDesc'] = df['reporterCode'].map({276: 'Germany'})")
    assert await noted("print(df[df['reporterDesc'] == 'Germany']['v'].sum())", [filled]) == ""
    part = [FileProfile("t.json", "records", tables=[dataclasses.replace(table, whole=False, rows=None)])]
    assert await noted("print(df[df['reporterDesc'] == 'Germany']['v'].sum())", files=part) == ""  # rows read only


async def test_rows_selected_by_a_value_the_column_never_holds_get_a_note_naming_the_column_that_does():
    risk = ColumnProfile("Risk", "text", values=["Risk 1 (High)", "Risk 2 (Medium)"])
    result = ColumnProfile("Results", "text", values=["Pass", "Fail"])
    kind = ColumnProfile("Type", "text", values=["Restaurant", "Grocery Store"])
    table = TableProfile("", 90, "df = pd.read_csv('insp.csv')", [risk, result, kind], whole=True)
    files = [FileProfile("insp.csv", "table", tables=[table])]

    async def noted(code, before=(), files=files):
        note = await Checks().after_run(turn(files=files, outcomes=list(before)), ok(code, "12\n"))
        return note.text if note else ""

    said = await noted("print(len(df[df['Risk'] == 'Fail']))")
    assert "'Fail' is never a value of 'Risk'" in said and "'Results'" in said
    # One name written several ways in a register: each of them is named.
    makes = ["FORD", "MERCEDES-BENZ", "MERCEDES BENZ", "MERCEDES", "LAND ROVER", "LANDROVER", "MERCURY"]
    register = TableProfile("", 90, "df = 1", [ColumnProfile("make", "text", values=makes)], whole=True)
    said = await noted("print(len(df[df['make'] == 'Mercedes-Benz']))", files=[FileProfile("r.csv", "table", tables=[register])])  # fmt: skip
    assert (
        "spells it 'MERCEDES-BENZ' (and 'MERCEDES BENZ': .isin" in said and "maybe the same or not: 'MERCEDES'" in said
    )
    said = await noted("print(len(df[df['make'] == 'Land Rover']))", files=[FileProfile("r.csv", "table", tables=[register])])  # fmt: skip
    assert "spells it 'LAND ROVER' (and 'LANDROVER': .isin" in said
    assert "spells it 'Restaurant'" in await noted("print(len(df[df.Type.isin(['restaurant'])]))")
    # A value of another column with a word after it: the device and its colour ('BLUE Tilt').
    checked = [FileProfile("check_log.csv", "table", tables=[table])]  # the file's subject: a check
    said = await noted("print(len(df[df['Type'] == 'Pass Check']))", files=checked)
    assert "it begins with 'Pass', a value of 'Results'" in said
    assert await noted("print(len(df[df['Type'] == 'Pass Check']))") == ""  # 'Check' names nothing of insp.csv
    assert "begins" not in await noted("print(len(df[df['Type'] == 'Grocery']))")  # shorter than a value: not that
    assert await noted("print(len(df[df['Type'] == 'Bakery']))") == ""  # held nowhere: none may be the answer
    # A column of codes compared with a code it lacks: a guess ('SP' for Spain, held-out 28's 'ES').
    geo = ColumnProfile("geo", "text", values=["AT", "EL", "ES", "EU27_2020", "IT"])
    coded = [FileProfile("t.tsv", "table", tables=[TableProfile("", 90, "df = 1", [geo, kind], whole=True)])]
    said = await noted("print(df[df['geo'] == 'SP']['value'].sum())", files=coded)
    assert "'SP' is never a value of 'geo'" in said and "'ES'" in said and "'EU27_2020'" in said
    assert await noted("print(df[df['geo'] == 'ES']['value'].sum())", files=coded) == ""
    assert await noted("print(len(df[df['Type'] == 'Bakery']))", files=coded) == ""  # no codes: may be absent
    # A table read in part whose column was read from every row for its values: as good as whole.
    scanned = [dataclasses.replace(geo, whole=True)]
    longer = [FileProfile("t.tsv", "table", tables=[TableProfile("", 90000, "df = 1", scanned, whole=False)])]
    assert "'SP' is never a value of 'geo'" in await noted("print(df[df['geo'] == 'SP']['v'].sum())", files=longer)
    only_read = [FileProfile("t.tsv", "table", tables=[TableProfile("", 90000, "df = 1", [geo], whole=False)])]
    assert await noted("print(df[df['geo'] == 'SP']['v'].sum())", files=only_read) == ""  # values of some rows
    sexes = ColumnProfile("sex", "text", values=["Male", "Female"])  # words, not codes: 'Other' may be absent
    worded = [FileProfile("p.csv", "table", tables=[TableProfile("", 90, "df = 1", [sexes], whole=True)])]
    assert await noted("print(len(df[df['sex'] == 'Other']))", files=worded) == ""
    # A column of the same name in a table not read whole, or rows joined from another frame: maybe held there.
    world = TableProfile("", 9000, "w = pd.read_csv('w.csv')", [ColumnProfile("geo", "text", samples=["US"])])
    both = [*coded, FileProfile("w.csv", "table", tables=[world])]
    assert await noted("print(w[w['geo'] == 'US']['value'].sum())", files=both) == ""
    merged = "m = df.merge(w, on='k')\nprint(m[m['geo'] == 'US']['value'].sum())"
    assert await noted(merged, files=coded) == ""
    said = await noted("print(len(df[df['Risk'] == 'Risk 1']))")  # a part of one value, compared whole
    assert "it is part of 'Risk 1 (High)'" in said and ".str.contains('Risk 1', regex=False)" in said
    # By the only value a column holds: every row kept, which is the answer when the file is of that
    # value only (one area's tests filtered by the area), so no note.
    kinds = TableProfile("", 90, "df = pd.read_csv('c.csv')", [ColumnProfile("object", "text", values=["charge"]), result], whole=True)  # fmt: skip
    charges = [FileProfile("c.csv", "table", tables=[kinds])]
    assert await noted("print(len(df[df['object'] == 'charge']))", files=charges) == ""
    assert await noted("print(len(df[df['Results'] == 'Fail']))", files=charges) == ""  # a value of two
    merged = "m = df.merge(other, on='id')\nprint(len(m[m['object'] == 'charge']))"
    assert await noted(merged, files=charges) == ""  # rows of another frame may hold other values
    assert await noted("print(len(df[df['Results'] == 'Fail']))") == ""  # a value it holds
    assert await noted("print(len(df[df['Type'].str.lower() == 'restaurant']))") == ""  # changed first
    lowered = ok("df['Type'] = df['Type'].str.lower()")
    assert await noted("print(len(df[df['Type'] == 'restaurant']))", [lowered]) == ""  # changed in a cell before
    stripped = "df['Type'] = df['Type'].str.strip()  # spaces only\nprint(len(df[df['Type'] == 'restaurant']))"
    assert "spells it 'Restaurant'" in await noted(stripped)  # stripping spaces spells no value otherwise

    other = TableProfile(
        "", 5, "m = pd.read_csv('m.csv')", [ColumnProfile("Type", "text", values=["restaurant"])], whole=True
    )
    both = [*files, FileProfile("m.csv", "table", tables=[other])]
    assert await noted("print(len(m[m['Type'] == 'restaurant']))", files=both) == ""  # the other file's column
    part = TableProfile("", 9000, "df = pd.read_csv('insp.csv')", [risk, result, kind])  # values of the rows read only
    assert (
        await noted("print(len(df[df['Risk'] == 'Fail']))", files=[FileProfile("insp.csv", "table", tables=[part])])
        == ""
    )


async def test_a_run_failing_on_an_item_of_an_empty_selection_is_noted_with_the_filter_that_kept_nothing():
    result = ColumnProfile("Results", "text", values=["Pass", "Fail"])
    kind = ColumnProfile("Type", "text", values=["Restaurant", "Grocery Store"])
    table = TableProfile("", 90, "df = pd.read_csv('insp.csv')", [result, kind], whole=True)
    files = [FileProfile("insp.csv", "table", tables=[table])]

    async def noted(code, error="single positional indexer is out-of-bounds", name="IndexError"):
        note = await Checks().after_run(turn(files=files), failed(code, name, error))
        return note.text if note else ""

    said = await noted("top = df[df['Type'] == 'Fail']\nprint(top.iloc[0])")
    assert "empty selection" in said and "'Fail' is never a value of 'Type'" in said and "'Results'" in said
    said = await noted(
        "print(df[df['Type'] == 'Bakery']['Results'].idxmax())",
        "attempt to get argmax of an empty sequence",
        "ValueError",
    )
    assert "empty selection" in said and "value_counts()" in said  # no value to name: how to look
    assert await noted("print(df['Type'].iloc[0])", "name 'df' is not defined", "NameError") == ""  # another error


async def test_numbers_held_as_text_added_ranked_or_sorted_as_they_are_get_a_note_unless_converted():
    async def noted(code, before=()):
        note = await Checks().after_run(turn(files=[SALES], outcomes=list(before)), ok(code, "North\n"))
        return note.text if note else ""

    for code in (
        "print(df.groupby('region')['amount'].sum().idxmax())",
        "print(df.amount.max())",
        "print(df.nlargest(3, 'amount'))",
        "print(df.sort_values(by=['amount']).head())",
        "print(sum(df['amount']))",
    ):
        assert "df['amount'].str.lstrip('$')" in await noted(code), code
    assert await noted("print(df['amount'].head())\nprint(df['Revenue'].sum())") == ""  # shown, not added
    converted = "df['amount'] = df['amount'].str.lstrip('$').astype(float)\nprint(df['amount'].sum())"
    assert await noted(converted) == ""
    assert await noted("print(pd.to_numeric(df['amount']).sum())") == ""
    assert (
        await noted("print(df['amount'].sum())", [ok("df['amount'] = df['amount'].str.lstrip('$').astype(float)")])
        == ""
    )
    assert await noted("print(df['month'].max())") == ""  # dates in one format order correctly as text


# --- repeats -----------------------------------------------------------------------------------


async def refuse(code, outcomes=(), check_answer=None, fenced=True):
    async def fake_check(outcome):
        return check_answer

    return await Repeats().refuse(turn(outcomes=list(outcomes), check=fake_check, fenced=fenced), code)


async def test_code_not_worth_showing_is_declined():
    assert (await refuse("# %pip install pandas\n# nothing")).note
    assert (await refuse("$1,960.16$818.54", [ok("print(s)", "$1,960.16$818.54")])).note
    assert (await refuse("3")).answer == "3" and (await refuse("'/api/users'")).answer == "/api/users"
    assert (await refuse("%pip install sqlite3")).note.startswith("Not run: sqlite3 is part of Python")
    assert await refuse("%pip install polars") is None
    told = "Error:\nNo module named 'polars'\nHint: you may propose a cell whose only line is `%pip install polars`"
    assert await Repeats().refuse(turn(sent=[told]), "%pip install polars") is None  # as the hint proposed
    assert (await Repeats().refuse(turn(sent=[told]), "No module named 'polars'")).note == PASTED_OUTPUT
    tail = "%pip install polars` (not commented out); the user approves it"  # the hint's words after the line
    assert (await Repeats().refuse(turn(sent=[told + " (not commented out); the user approves it"]), tail)).note
    assert await refuse("print(1)", [ok("print(2)", "2")]) is None


async def test_the_same_code_again_after_a_failure_is_declined_but_a_fix_is_not():
    before = [failed("df['Revenue'].sum()", "KeyError", "'Revenue'")]
    assert (await refuse("df['Revenue'].sum()  # again", before)).note
    assert await refuse("df['revenue'].sum()", before) is None
    assert normalise_code('x = "a"\n\n# c\n') == normalise_code("x = 'a'")


async def test_the_same_code_after_a_success_first_looks_for_the_answer_in_its_output():
    before = [ok("print(df.shape)", "(10, 3)\n")]
    got = await refuse("print(df.shape)", before, Check(True, "It has 10 rows.", ""))
    assert got.answer == "It has 10 rows."
    got = await refuse("print(df.shape)", before, Check(False, "", "the mean"))
    assert got.answer == "" and "already ran" in got.note
    # Judged no answer (a `nan`, the wrong thing): told so, with what it lacks, not "answer from it".
    assert "does not answer the question" in got.note and "It lacks: the mean." in got.note
    assert "Answer from that output" not in got.note
    got = await refuse("print(df.shape)", before, None)  # no check made (a server without one)
    assert "Answer from that output" in got.note


async def test_rejected_code_and_a_line_the_library_rejected_are_not_proposed_again():
    rejected = Outcome(proposed="print(1)", decision="rejected", reason="no")
    assert "rejected" in (await refuse("print(1)", [rejected])).note
    tb = ["----> 1 s = df.resample('M').sum()"]
    api = failed("s = df.resample('M').sum()\nprint(s)", "ValueError", "Invalid frequency: M", tb)
    assert "Write that line another way" in (await refuse("x = 1\ns = df.resample('M').sum()\nprint(s)", [api])).note
    data = failed("print(df['x'])", "KeyError", "'x'", ["----> 1 print(df['x'])"])
    assert await refuse("df = load()\nprint(df['x'])", [data]) is None  # a data error may be fixed elsewhere


async def test_code_that_begins_as_a_failed_run_did_through_the_statement_that_raised_is_declined():
    code = "import pandas as pd\ndf = pd.read_csv('f.csv')\nx = df['Revenue'].sum()\nprint(x)"
    before = [failed(code, "KeyError", "'Revenue'", ["----> 3 x = df['Revenue'].sum()"])]
    below = code.replace("print(x)", "df.columns = df.columns.str.lower()\nprint(round(x, 2))")  # a fix below
    assert "`x = df['Revenue'].sum()`" in (await refuse(below, before)).note
    assert await refuse(code.replace("'Revenue'", "'revenue'"), before) is None  # the line itself changed
    assert await refuse(code.replace("sum()", "sum().round()"), before) is None  # the statement goes on
    assert await refuse("df = df.rename(columns=str.title)\n" + code, before) is None  # a line above
    state = turn(outcomes=before)
    assert Repeats().doomed(state, code.rsplit("\n", 1)[0]) and not Repeats().doomed(state, "import pandas as pd")
    # Code that uses the kernel's names, after a run that worked: that run may have changed them.
    uses = failed("x = df['R'].sum()\nprint(x)", "KeyError", "'R'", ["----> 1 x = df['R'].sum()"])
    assert (await refuse("x = df['R'].sum()\nprint(x, 1)", [uses])).note
    assert await refuse("x = df['R'].sum()\nprint(x, 1)", [uses, ok("df = load()")]) is None
    # A try statement: handlers added after the line that raised may catch it.
    guarded = "try:\n    x = df['R'].sum()\nexcept ValueError:\n    x = 0"
    tried = failed(guarded, "KeyError", "'R'", ["----> 2     x = df['R'].sum()"])
    assert await refuse(guarded + "\nexcept KeyError:\n    x = 0\nprint(x)", [tried]) is None


async def test_a_failing_conversion_of_a_column_nothing_after_it_uses_is_said_to_be_deleted():
    convert = "df['code'] = df['code'].str.extract(r'(\\d+)').astype(float)"
    code = f"import pandas as pd\ndf = pd.read_excel('s.xlsx')\n{convert}\nprint(df.groupby('shop')['sales'].sum())"
    tb = [f"----> 3 {convert}"]
    gone = failed(code, "ValueError", "could not convert string to float: 'A'", tb)
    said = f"Nothing after the line `{convert}` uses the column 'code' it assigns: delete that line."
    assert said in await hint(gone)
    # Proposed again with the same start, the refusal says the same, of the code proposed.
    assert "delete that line" in (await refuse(code.replace("sum())", "sum(), 1)"), [gone])).note
    uses = code.replace("groupby('shop')", "groupby('code')")
    assert "delete that line" not in (await refuse(uses, [gone])).note
    # Used after it, or the frame shown or passed on whole: the conversion may be wanted.
    for tail in (
        "print(df[df['code'] == 2019].shape)",
        "print(df.head())",
        "print(df)",
        "print(df[df['sales'] > 10])",
        "print(df.sort_values('sales'))",
        "print(df.groupby('shop').sum())",
        "d = df\nprint(d)",
    ):
        used = failed(code.rsplit("\n", 1)[0] + "\n" + tail, "ValueError", "could not convert", tb)
        assert "delete that line" not in await hint(used), tail


async def test_a_cell_that_cannot_be_python_is_declined_with_its_line_and_ipython_syntax_is_not():
    state = turn()
    prose = "df = load()\nprint(df['x'].sum())\nThe total is 42."
    refusal = await Syntax().refuse(state, prose)
    assert refusal is not None and invalid_line(prose)[:2] == (3, "The total is 42.")
    rows = "x = 1\n20190314, 0630,  , AB, 12.5S,  40.1E,  15, 998,"  # rows of the data pasted in the block
    assert Syntax().doomed(state, rows) and invalid_line(rows)[0] == 2
    # A whole proposal is finished: a string left open across a line (a regex whose `\d` became a
    # newline) or a bracket never closed fails in the kernel, though IPython would wait for more.
    for code, n in (("x = f(r'(\n)', {'a': 1}['a' if b in {'a'} else c])\nprint(x)", 1), ("x = f(1,\n  2", 1)):
        assert not Syntax().doomed(state, code) and invalid_line(code, finished=True)[0] == n
        assert "line 1 is not valid Python" in (await Syntax().refuse(state, code)).note
    # Valid as IPython reads a cell, and never doomed while written, at any line: the statement may
    # go on; IPython's own syntax; an indented block; a newer Python's syntax, left to the kernel.
    valid = [
        "df = pd.read_csv(\n    'f.csv',\n    sep=';')",
        "cond = (df.a > 1) & \\\n    (df.b < 2)\nfrom m import a, \\\n    b",
        "s = '''abc\nThe total is 5\n'''",
        "%pip install pyarrow\nimport pyarrow",
        "files = !ls\n!{sys.executable} -m pip install x\na, b = !ls\ndf.head?",
        "if a:\n    %time f()\n",
        "msg = ('%d rows'\n       %n)",
        "   import pandas as pd\n   print(pd.__version__)",
        "await asyncio.sleep(0)",
        "%%bash\necho not ( python",
        'x = f"{d["a"]}"',
        "type Pair = tuple[int, int]",
        "def first[T](xs: list[T]) -> T:\n    return xs[0]",
    ]
    for code in valid:
        lines = code.split("\n")
        for n in range(1, len(lines) + 1):
            assert not Syntax().doomed(state, "\n".join(lines[:n]) + "\n"), (code, n)
        assert await Syntax().refuse(state, code) is None, code


# A chained error, as pandas raises on Arrow strings: the causes first, with library lines only.
CHAINED = [
    "ArrowNotImplementedError    Traceback (most recent call last)",
    "File pyarrow/compute.py:272, in wrapper()",
    "--> 272 return func.call(args, options, memory_pool)",
    "",
    "The above exception was the direct cause of the following exception:",
    "",
    "TypeError    Traceback (most recent call last)",
    "Cell In[3], line 3",
    "      1 import pandas as pd",
    "----> 3 late = df[df['atd'] > df['sta'] + 15]",
    "File pandas/core/arrays/arrow/array.py:1415, in _evaluate_op_method()",
    "-> 1415 raise TypeError(",
]


def test_the_line_that_raised_is_read_from_the_cell_frame_of_a_chained_error():
    code = "import pandas as pd\ndf = pd.read_csv('f.csv')\nlate = df[df['atd'] > df['sta'] + 15]"
    assert failing_line(failed(code, "TypeError", "operation 'add'", CHAINED)) == code.splitlines()[2]
    assert failing_line(failed(code, "KeyError", "'x'", ["----> 2 df = pd.read_csv('f.csv')"])) == code.splitlines()[1]
    assert failing_line(failed(code, "KeyError", "'x'", ["----> 9 print(x)"])) == ""  # not a line of this code


def test_pasted_output_is_told_apart_from_code():
    assert pasted_output("$1,960.16$818.54", "$1,960.16$818.54$580.39")
    assert not pasted_output("mean_price", "total: 42\nmean_price\nmore")  # a name is still code
    assert not pasted_output("print(1)", "2")


# --- echo, revise, grounding -------------------------------------------------------------------


async def test_a_recital_is_cut_and_a_reply_of_only_tool_text_is_asked_again_once():
    echo = Echo()
    state = turn(sent=["Execution status: error.\nError:\nKeyError: 'x'\nHint: There is no column 'x'."])
    review = await echo.review(state, "Execution status: error.\nError:\nKeyError: 'x'\nHint: There is no column 'x'.")
    assert not review.show and review.retry
    again = await echo.review(state, "```python\nExecution status: error.\n```")
    assert not again.show and not again.retry  # asked once only
    kept = await Echo().review(state, "Result:\nExecution status: ok.\nOutput:\n42\n\nThe answer is 42.")
    assert kept.text == "The answer is 42." and kept.show
    assert await Echo().review(state, "The mean is 42.") is None
    # The sentence a run printed, given back as the answer, is the answer (the check call states it so).
    said = "The weekday with the most orders is Friday"
    printed = turn(outcomes=[ok("print(f'The weekday with the most orders is {d}')", said + "\n")])
    printed.sent = [f"Execution status: ok.\nOutput:\n```\n{said}\n```"]
    assert await Echo().review(printed, said) is None
    assert not (await Echo().review(printed, f"Execution status: ok.\nOutput:\n{said}")).show  # with our lines: not
    assert (
        strip_echo(
            "To run Python, reply with one line saying why. The answer is 3.",
            notes=["To run Python, reply with one line saying why, then"],
        )
        == "The answer is 3."
    )


async def test_an_ask_restated_with_its_first_word_changed_is_no_answer():
    again = (
        "The line `main()` has failed in 3 runs of this request: change that line itself, or compute it another way."
    )
    state = turn(notes=[focus.FIX + " " + again])
    restated = focus.FIX.replace("That code", "The code", 1) + " " + again
    review = await Echo().review(state, restated)
    assert not review.show and review.retry
    # A reply that only shares a word or two with an ask is kept.
    assert await Echo().review(state, "The code failed on 3 rows; the mean of the rest is 4.2.") is None


async def test_a_reply_that_recites_the_prompt_up_to_an_opening_fence_is_no_answer():
    prompt = (
        "Rules.\n\nNotebook n.ipynb: empty.\n\nData files, described here and not loaded yet (use these exact "
        "names): pandas 3 is installed.\n\nw.json: 52 rows. Not loaded yet. Start your cell with:\n```python\n"
        "import pandas as pd\ndf = pd.read_json('w.json')\n```"
    )
    recital = prompt.split("Rules.\n\n")[1].split("```python")[0] + "```"
    review = await Echo().review(turn(system=prompt), recital)
    assert not review.show and review.retry
    quoted = "Notebook n.ipynb: empty. So nothing has run yet; w.json has 52 rows."
    assert await Echo().review(turn(system=prompt), quoted) is None


async def test_after_a_rejection_with_a_reason_a_restatement_is_asked_for_code():
    rejected = Outcome(proposed="df['a'].sum()", decision="rejected", reason="strip the $ first")
    review = await Revise().review(turn(outcomes=[rejected]), "You are right, the amounts have a $ sign.")
    assert review.retry and "strip the $ first" in review.retry
    assert await Revise().review(turn(outcomes=[rejected]), "Which column holds the amounts?") is None
    no_reason = Outcome(proposed="x", decision="rejected")
    assert await Revise().review(turn(outcomes=[no_reason]), "OK.") is None


async def test_a_data_answer_with_no_run_is_not_shown_and_the_model_asked_to_compute():
    aid = Grounding()
    review = await aid.review(turn(files=[SALES]), "The busiest month is March.")
    assert not review.show and review.retry
    assert not (await aid.review(turn(files=[SALES]), "The busiest month is March.")).show  # asked again
    assert await aid.review(turn(files=[SALES]), "The busiest month is March.") is None  # then it is shown
    assert await Grounding().review(turn(), "Hello! How can I help?") is None  # no data in question
    # A question that says a word of a listed file's name is about its data, described or not.
    listed = ["orders.csv", "visits_2024-01.csv", "visits_2024-02.csv"]
    for question in ("Which day had the most visits?", "How many orders were refunded?"):
        review = await Grounding().review(turn(question=question, listing=listed), "Tuesday.")
        assert not review.show and "no code" in review.retry
    assert await Grounding().review(turn(question="Hello!", listing=listed), "Hello! How can I help?") is None
    assert await Grounding().review(turn(question="What is 2024 in Roman numerals?", listing=listed), "MMXXIV") is None
    loaded = turn(files=[SALES], outcomes=[ok("df = pd.read_csv('sales.csv')")])  # it ran, and printed nothing
    review = await Grounding().review(loaded, "There are 0.")
    assert not review.show and "printed" in review.retry
    shown = turn(files=[SALES], outcomes=[ok("print(len(df))", "150")])
    assert await Grounding().review(shown, "There are 150.") is None


async def test_invented_numbers_are_flagged_and_asked_about_once():
    aid = Grounding()
    state = turn(outcomes=[ok("print(df.a.sum())", "1234.5\n")], seen=["how much?"])
    assert await aid.review(state, "The total is 1,234.50.") is None
    review = await aid.review(state, "The total is 9,999.")
    assert review.show and review.flags == ["9,999"] and review.retry
    assert not (await aid.review(state, "The total is 9,999.")).show  # the same again is not shown twice
    assert ungrounded("It is 50%.", ["0.5"]) == [] and ungrounded("print 1042", []) == ["1042"]


async def test_a_name_the_answer_takes_from_the_question_and_no_output_is_flagged():
    # The run printed an id; the answer named the maintainer the question mentioned.
    question = "In Jeff Sackmann's ATP rankings file, who climbed the most places among the top 30?"
    state = turn(question=question, outcomes=[ok("print(best)", "207989.0\n")], seen=[question])
    review = await Grounding().review(state, "Jeff Sackmann climbed the most places over the year.")
    assert review.flags == ["Jeff Sackmann"] and "the last run printed '207989.0'" in review.retry
    named = turn(question=question, outcomes=[ok("print(best)", "Thanasi Kokkinakis    41\n")], seen=[question])
    assert await Grounding().review(named, "Thanasi Kokkinakis climbed the most (41 places).") is None
    spelled = turn(question=question, outcomes=[ok("print(best)", "Christopher Oconnell\n")], seen=[question])
    assert await Grounding().review(spelled, "Christopher O'Connell climbed the most.") is None
    # A question that asks no name, or an answer that says the last value printed, is not held to it.
    count = turn(question="How many ranking dates are there?", outcomes=[ok("print(n)", "38\n")], seen=["x"])
    assert await Grounding().review(count, "Jeff Sackmann's file has 38 ranking dates.") is None
    day = turn(question="Which day had most fires?", outcomes=[ok("print(d)", "2025-01-12\n")], seen=["x"])
    assert await Grounding().review(day, "The Grampians Box burned most on 2025-01-12.") is None


# --- in the loop ---------------------------------------------------------------------------------


def fenced(code, why="I will compute it."):
    return f"{why}\n```python\n{code}\n```"


def make(*replies, names=aids.AIDS, **cfg):
    llm, ex, sink, gate = ScriptedLLM(*replies), ExecExecutor(), ListSink(), ApprovalGate()
    config = LoopConfig(tool_mode="fenced", aids=aids.build(names), **cfg)
    return AgentLoop(llm, ex, sink, gate, config), llm, ex, sink, gate


async def approve_all(sink, gate, stop):
    seen = 0
    while not stop.done():
        proposals = sink.of("proposal")
        for p in proposals[seen:]:
            gate.approve("c", p.proposal_id, p.code, "u")
        seen = len(proposals)
        await asyncio.sleep(0.01)


async def run_turn(loop, sink, gate, text="How much is 6*7?"):
    task = asyncio.ensure_future(loop.run_turn(ChatState("c"), text, NB))
    helper = asyncio.ensure_future(approve_all(sink, gate, task))
    ended = await asyncio.wait_for(task, 10)
    await helper
    return ended


async def test_the_python_block_is_found_by_pairing_fences_not_in_the_prose_after_a_closed_block():
    reply = (
        "Mention a ```python block in words first.\n```bash\npip install nothing\n```\n\n"
        "   Replace `<encoding>` with the file's encoding.\n```python\nprint(6*7)```\nDone."
    )
    verdict = json.dumps({"answers": True, "answer": "42.", "missing": ""})
    loop, llm, ex, sink, gate = make(reply, verdict)
    await run_turn(loop, sink, gate)
    assert [p.code for p in sink.of("proposal")] == ["print(6*7)"]
    assert prompts.fenced_code("Here:```python\nprint(1)\n```\nOutput:\n```\n1\n```") == ("print(1)", "Here:")
    assert prompts.fenced_code("````python\nx = '```'\n````") == ("x = '```'", "")  # a longer fence holds ```
    # The block judged while it is written is the one that would be proposed.
    assert prompts.open_code("Here:\n```python\nx = 1\nThe answer\n") == "x = 1\nThe answer\n"
    assert prompts.open_code("It printed:\n```\n42\n```\n```python\nx = 1\n") is None


async def test_a_block_that_goes_on_in_words_is_cut_at_that_line_and_never_reaches_the_user():
    rows = "\n".join(f"2021052{i}, 1800,  , LO, 31.{i}N,  60.2W,  30, 1009," for i in range(9))
    verdict = json.dumps({"answers": True, "answer": "It is 42.", "missing": ""})
    loop, llm, ex, sink, gate = make(fenced("x = 6 * 7\n" + rows), fenced("print(6 * 7)"), verdict)
    await run_turn(loop, sink, gate)
    assert llm.unfinished == 1  # the model stopped writing at the first row, not after all of them
    assert [p.code for p in sink.of("proposal")] == ["print(6 * 7)"]  # the user saw only the Python
    cut, told = llm.requests[1][-2]["content"], llm.requests[1][-1]["content"]
    assert "31.0N" in cut and "31.1N" not in cut  # the reply as kept ends at the first row
    assert "31.0N" in told and "print" not in told  # the model is told that row, not the code


async def test_a_reply_must_propose_code_while_words_could_not_be_the_answer():
    """Grounding holds a fenced model to code where it would send words back: a question about
    described files, or whose runs all failed, with no run that printed a result yet."""
    about = turn(question="What is the total amount?", files=[SALES])
    assert Grounding().needs_code(about)
    about.outcomes.append(failed("df['amt'].sum()", "KeyError", "'amt'"))
    assert Grounding().needs_code(about)  # only a failure so far
    about.outcomes.append(ok("print(df['amount'].sum())", "12.5\n"))
    assert not Grounding().needs_code(about)  # a result printed: words may answer now
    general = turn(question="How do I reverse a list?", listing=["sales.csv"])
    assert not Grounding().needs_code(general)
    general.outcomes.append(failed("reversed(x)", "NameError", "name 'x' is not defined"))
    assert Grounding().needs_code(general)  # it ran code for it, all of it failed
    rejected = turn(question="What is the total amount?", files=[SALES])
    rejected.outcomes.append(Outcome(proposed="x", decision="rejected", reason="just tell me how"))
    assert not Grounding().needs_code(rejected)  # the user's reason may ask for words
    hosted = turn(question="What is the total amount?", files=[SALES], fenced=False)
    explain = TurnState(question="q", action="explain", fenced=True, notebook=NB, files=[SALES])
    assert not Grounding().needs_code(hosted) and not Grounding().needs_code(explain)


async def test_the_grammar_holds_the_reply_to_code_until_a_run_printed_a_result(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the executor runs code here, as a kernel beside the notebook would
    (tmp_path / "orders.csv").write_text("day,amount\n2023-12-31,5\n2024-01-02,7\n")
    listed = json.dumps({"parts": ["the total amount"]})
    not_yet = json.dumps({"answers": False, "answer": "", "missing": "only 2024"})
    code = "import pandas as pd\nprint(pd.read_csv('orders.csv')['amount'].sum())"
    replies = [listed, fenced("print(total)"), fenced(code), not_yet, "The total is 12."]
    llm, ex, sink, gate = ScriptedLLM(*replies), ExecExecutor(), ListSink(), ApprovalGate()
    config = LoopConfig(tool_mode="fenced", aids=aids.build(aids.AIDS, DiskWorkspace(tmp_path)))
    loop = AgentLoop(llm, ex, sink, gate, config, workspace=DiskWorkspace(tmp_path))
    await run_turn(loop, sink, gate, "What was the total amount in orders.csv?")
    main = [g for g, schema in zip(llm.grammars, llm.schemas) if schema is None]
    # Before any result: held to code (after a NameError too); after one printed: words allowed.
    assert main[:3] == [prompts.CODE_GRAMMAR, prompts.CODE_GRAMMAR, prompts.FENCED_GRAMMAR]
    # A few lines of words, then the block, opened at the start of a line.
    assert prompts.CODE_GRAMMAR.startswith('root ::= (tick{0,500} ("`" | "``")? "\\n")? "```python\\n"')


async def test_a_block_the_model_opens_starts_with_the_tested_load_lines_until_a_cell_works(tmp_path, monkeypatch):
    """Where the server goes on from a reply it is given, the model's block is stopped as it opens and
    continued from the file's tested lines, shown as they stream; once a cell worked, no more."""
    monkeypatch.chdir(tmp_path)  # the executor runs code here, as a kernel beside the notebook would
    (tmp_path / "orders.csv").write_text("day;amount\n2023-12-31;5\n2024-01-02;7\n")
    load = (await DiskWorkspace(tmp_path).profiles(NB.path, ["orders.csv"]))[0].tables[0].load
    assert "sep=';'" in load
    listed = json.dumps({"parts": ["the total amount"]})
    opened = "I add them.\n```python\nimport pandas as pd\ndf = pd.read_csv('orders.csv')\n"  # cut at the fence
    not_yet = json.dumps({"answers": False, "answer": "", "missing": "only 2024"})
    again = fenced("print(df[df['day'] > '2024']['amount'].sum())")
    replies = [listed, opened, "print(df['amount'].sum())\n```", not_yet, again]
    llm, ex, sink, gate = ScriptedLLM(*replies, prefill=True), ExecExecutor(), ListSink(), ApprovalGate()
    config = LoopConfig(tool_mode="fenced", aids=aids.build(aids.AIDS, DiskWorkspace(tmp_path)))
    loop = AgentLoop(llm, ex, sink, gate, config, workspace=DiskWorkspace(tmp_path))
    await run_turn(loop, sink, gate, "What was the total amount in orders.csv?")
    begun = f"I add them.\n```python\nimport pandas as pd\n{load}\n"
    assert llm.requests[2][-1] == {"role": "assistant", "content": begun}
    assert llm.grammars[2] == prompts.BLOCK_REST_GRAMMAR
    assert ex.ran[0] == f"import pandas as pd\n{load}\nprint(df['amount'].sum())"
    streamed = "".join(d.delta for d in sink.deltas)
    assert streamed.startswith(begun + "print(df['amount'].sum())\n```"), streamed
    # The cell worked: the next block is the model's own, from its first line.
    assert llm.requests[4][-1]["role"] == "user" and llm.grammars[4] == prompts.FENCED_GRAMMAR
    assert ex.ran[1] == "print(df[df['day'] > '2024']['amount'].sum())"


async def test_a_later_question_over_the_same_file_starts_with_the_same_prompt_up_to_the_notebook(
    tmp_path, monkeypatch
):
    """The notebook gains the cells a turn ran; the data previews stay. The next question's prompt
    repeats the earlier one up to the notebook, so a server's prompt cache reads the previews once."""
    monkeypatch.chdir(tmp_path)  # the executor runs code here, as a kernel beside the notebook would
    (tmp_path / "orders.csv").write_text("day,amount\n2023-12-31,5\n2024-01-02,7\n")
    verdict = json.dumps({"answers": True, "answer": "The total is 12.", "missing": ""})
    code = "import pandas as pd\nprint(pd.read_csv('orders.csv')['amount'].sum())"
    replies = [json.dumps({"parts": ["the total amount"]}), fenced(code), verdict, "The total is 12."]
    replies += [fenced(code.replace("sum", "max")), verdict, "The largest is 7."]
    llm, ex, sink, gate = ScriptedLLM(*replies), ExecExecutor(), ListSink(), ApprovalGate()
    config = LoopConfig(tool_mode="fenced", aids=aids.build(aids.AIDS, DiskWorkspace(tmp_path)))
    loop, chat = AgentLoop(llm, ex, sink, gate, config, workspace=DiskWorkspace(tmp_path)), ChatState("c")
    ran = {"id": "a1", "cell_type": "code", "source": code, "execution_count": 1, "outputs": ["12"]}
    for question, notebook in [
        ("What was the total amount in orders.csv?", NB),
        ("And the largest amount in orders.csv?", NotebookView(path=NB.path, kernel_id="k1", cells=[ran])),
    ]:
        task = asyncio.ensure_future(loop.run_turn(chat, question, notebook))
        proposal = await sink.wait_for("proposal", len(sink.of("proposal")) + 1)
        gate.approve("c", proposal.proposal_id, proposal.code, "u")
        assert (await asyncio.wait_for(task, 10)).reason == "answer"
    first, later = [r[0]["content"] for r, schema in zip(llm.requests, llm.schemas) if schema is None][::2][:2]
    shared = first[: len(os.path.commonprefix([first, later]))]
    assert "orders.csv" in shared and "'amount': int like 5, 7" in shared  # the preview, read once
    assert "Notebook nb.ipynb" not in shared and code in later.split("Notebook nb.ipynb")[1]


async def test_a_block_opened_in_a_delta_with_code_after_it_is_cut_there_and_goes_on_after_an_outage():
    """A server's delta may hold the fence's line and code after it: the reply is cut at the line's end.
    The request that goes on from the lines written in is made again after an outage, as any other."""
    from jupyterlab_gptinterp.errors import ErrorCode, GPTInterpError

    class Whole(ScriptedLLM):  # each reply in one delta
        async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
            self.requests.append(messages)
            self.grammars.append(grammar)
            reply = self.replies.pop(0)
            if isinstance(reply, Exception):
                raise reply
            yield PromptProgress(total=50 + len(messages), processed=50 + len(messages), cache=40)
            yield TextDelta(reply)
            yield Completion(reply, [], "stop", 50 + len(messages), 9, 40)

    opening = "import pandas as pd\ndf = pd.read_csv('x.csv', sep=';')\n"
    outage = GPTInterpError(ErrorCode.llm_unavailable, "(HTTP 503)", 0.0)
    leg = "Add them.\n```python\nimport pandas as pd\ndf = pd.read_csv('x.csv')\nprint(1)\n```"
    llm, sink = Whole(leg, outage, "print(df.a.sum())\n```", prefill=True), ListSink()
    calls = ModelCalls(llm, sink, "c", "t", LoopConfig(llm_retries=1, max_retry_wait=1.0), True)
    _, reply = await calls.ask([{"role": "user", "content": "Sum a in x.csv."}], None, code=True, opening=opening)
    begun = "Add them.\n```python\n" + opening
    assert reply.text == begun + "print(df.a.sum())\n```"
    assert [d.delta for d in sink.deltas] == ["Add them.\n```python\n", opening, "print(df.a.sum())\n```"]
    assert llm.requests[1][-1] == llm.requests[2][-1] == {"role": "assistant", "content": begun}
    assert any("Retrying" in t for t in sink.statuses)
    assert calls.usage[:2] == [2, 51 + (52 - 40)]  # the prompt read again once, not twice


async def test_the_tested_load_lines_open_a_block_only_for_the_tables_asked_about_until_the_user_steps_in():
    from jupyterlab_gptinterp.agent.aids.loading import Loading

    load = "df = pd.read_csv('r.csv', sep=';')"
    one = FileProfile("r.csv", "table", tables=[TableProfile("", 9, load)])
    q = "What is the total in r.csv?"
    assert Loading().opening(turn(files=[one], question=q)) == f"import pandas as pd\n{load}\n"
    assert Loading().opening(turn(files=[one], question="What is the total?")) == ""  # a file the preview chose
    assert Loading().opening(turn(files=[one], question="What is the total?", attachments=["r.csv"])) != ""
    both = Loading().opening(turn(files=[one, SALES], question=q + " And in sales.csv?"))
    assert both.startswith("import pandas as pd\nr_df = pd.read_csv('r.csv', sep=';')\n")  # each its own frame
    assert "sales_df = pd.read_csv('sales.csv')" in both and both.count("import pandas") == 1
    assert Loading().opening(turn(files=[one, SALES], question=q)) == ""  # sales.csv chosen by the preview
    dashed = FileProfile(
        "my-df.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('my-df.csv')\ndf['df'] = 1")]
    )
    both = Loading().opening(turn(files=[dashed, SALES], question="Join my-df.csv and sales.csv."))
    assert "df_df = pd.read_csv('my-df.csv')\ndf_df['df'] = 1" in both  # names renamed, not strings
    log = FileProfile("s.log", "lines", lines="s.log: a log.\n```python\nlines = 1\ndf = 2\n```", load="df = 2")
    assert Loading().opening(turn(files=[log, SALES], question="Join s.log and sales.csv.")) == ""  # `lines` too
    own = FileProfile("n.md", "text", lines="```python\nimport shutil\nshutil.rmtree('.')\n```")
    assert Loading().opening(turn(files=[own], question="What is in n.md?")) == ""  # the file's words, not ours
    three = [one, SALES, FileProfile("t.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('t.csv')")])]
    assert Loading().opening(turn(files=three, question=q + " sales.csv t.csv")) == ""  # a survey, not frames
    assert Loading().opening(turn(files=[one], fenced=False, question=q)) == ""  # a hosted model's tool calls
    worked = turn(files=[one], outcomes=[ok("x = 1")], question=q)
    assert Loading().opening(worked) == ""  # the frame may be in the kernel: the model goes on from it
    tried = turn(
        files=[one], outcomes=[failed(f"import pandas as pd\n{load}\ndf.x", "AttributeError", "x")], question=q
    )
    tried.outcomes[0].outputs[0]["traceback"] = ["Cell In[3], line 3", "----> 3 df.x"]
    assert Loading().opening(tried) != ""  # a cell that failed after them is written again, from them
    broken = turn(files=[one], outcomes=[failed(f"import pandas as pd\n{load}\ndf.x", "ValueError", "sep")], question=q)
    broken.outcomes[0].outputs[0]["traceback"] = ["Cell In[3], line 2", f"----> 2 {load}"]
    assert Loading().opening(broken) == ""  # the lines themselves failed in this kernel
    rejected = Outcome(proposed="x", decision="rejected", reason="read it with sep=','")
    assert (
        Loading().opening(turn(files=[one], outcomes=[rejected], question=q)) == ""
    )  # the user's reason may ask otherwise
    sheets = [TableProfile(n, 9, f"df = pd.read_excel('b.xlsx', sheet_name={n!r})") for n in ("Jan", "Feb")]
    book = FileProfile("b.xlsx", "workbook", tables=sheets)
    assert Loading().opening(turn(files=[book], question="How many rows on sheet jan of b.xlsx?")).endswith("'Jan')\n")
    assert Loading().opening(turn(files=[book], question="How many in January in b.xlsx?")) == ""
    nested = TableProfile("tags, one row per item", 30, "df = df.explode('tags')")
    records = FileProfile("e.json", "records", tables=[TableProfile("", 9, "df = pd.read_json('e.json')"), nested])
    opened = Loading().opening(turn(files=[records], question="How many in e.json?"))
    assert opened.endswith("pd.read_json('e.json')\n")  # the records themselves
    base = FileProfile(
        "h.db", "database", tables=[TableProfile("visits", 9, "df = pd.read_sql('SELECT * FROM visits', con)")]
    )
    assert "FROM visits" in Loading().opening(turn(files=[base], question="How many rows in h.db?"))  # its one table
    log = FileProfile("s.log", "lines", lines="s.log: text log ...", load="import pandas as pd\nlines = pd.Series([])")
    assert Loading().opening(turn(files=[log], question="How many errors in s.log?")) == log.load + "\n"
    shown = "s.log: a log. Start with:\n```python\nimport pandas as pd\n# every line:\nall_lines = 1\n# records:\ndf = 2\n```"
    log = FileProfile("s.log", "lines", lines=shown, load="import pandas as pd\ndf = 2")
    said = Loading().opening(turn(files=[log], question="How many errors in s.log?"))
    assert said == "import pandas as pd\n# every line:\nall_lines = 1\n# records:\ndf = 2\n"  # the block shown
    assert (
        Loading().opening(turn(files=[FileProfile("n.txt", "text", lines="notes")], question="What is in n.txt?")) == ""
    )


async def test_a_question_that_names_no_file_is_about_the_data_when_a_short_call_says_so():
    asked: list[int] = []

    async def verdict(value):
        asked.append(1)
        return value

    listed = ["figures.csv"]
    about = turn(question="Which month grew most?", listing=listed, needs_data=lambda: verdict(True))
    aid = Grounding()
    review = await aid.review(about, "March.")
    assert not review.show and "no code" in review.retry
    assert not (await aid.review(about, "March.")).show and len(asked) == 1  # asked once per turn
    general = turn(question="How do I reverse a list?", listing=listed, needs_data=lambda: verdict(False))
    assert await Grounding().review(general, "Use reversed(x).") is None and len(asked) == 2
    tried = turn(question="When is the next holiday?", listing=listed, needs_data=lambda: verdict(False))
    tried.outcomes.append(failed("open('days.ics')", "FileNotFoundError", "No such file"))
    review = await Grounding().review(tried, "The next holiday is on 25 December.")
    assert not review.show and "failed" in review.retry  # code ran for it, all of it failed: no answer yet
    quiet = turn(question="Set x to 1.", listing=listed, needs_data=lambda: verdict(False))
    quiet.outcomes.append(ok("x = 1"))
    assert await Grounding().review(quiet, "Done.") is None  # a run that printed nothing did not fail
    # The call itself: the question and the file names only, the reply constrained to a schema.
    llm = ScriptedLLM(json.dumps({"needs_data": True}), "not json")
    calls = ModelCalls(llm, ListSink(), "c", "t", LoopConfig(llm_retries=0, max_retry_wait=0.0), True)
    assert await calls.needs_data("Which month grew most?", listed) is True
    assert llm.schemas[0]["required"] == ["needs_data"] and "figures.csv" in llm.requests[0][-1]["content"]
    assert len(llm.requests[0]) == 2 + 2 * len(prompts.DATA_EXAMPLES)
    assert await calls.needs_data("Which month grew most?", listed) is None  # no verdict: nothing assumed


async def test_a_reply_after_runs_that_states_no_answer_is_asked_again_then_not_shown():
    """Held-out 27, clean run's answer line: "The code only counts every tile; it never selects the
    ones that meet the speed criteria." was shown as the answer (a check's note, reworded)."""
    said: list[str] = []

    async def states(reply):
        said.append(reply)
        return reply.startswith("There are")

    data = turn(question="How many rows of sales.csv are in 2024?", files=[SALES], states_answer=states)
    data.outcomes.append(ok("print(len(df))", "30"))
    aid = Grounding()
    first = await aid.review(data, "The code counts every row; it never selects 2024.")
    assert not first.show and "does not state the answer" in first.retry
    second = await aid.review(data, "The filter keeps no rows.")
    assert not second.show and not second.retry and not second.text  # not shown: the turn stops with its result
    assert await aid.review(data, "There are 30 rows.") is None and len(said) == 3  # an answer goes through
    assert await aid.review(data, "Which year do you mean?") is None and len(said) == 3  # a question back: no call
    checked = turn(question="How many rows of sales.csv are in 2024?", files=[SALES], states_answer=states)
    checked.outcomes.append(ok("print(len(df))", "30", answered=True))
    assert await Grounding().review(checked, "It has 30 rows.") is None and len(said) == 3  # the check's own
    # Not asked: no run yet (another check's), a model that calls tools, a question about no data.
    await Grounding().review(turn(question="q", files=[SALES], states_answer=states), "x")
    assert len(said) == 3
    hosted = turn(question="How many rows of sales.csv?", files=[SALES], fenced=False, states_answer=states)
    hosted.outcomes.append(ok("print(len(df))", "30"))
    assert await Grounding().review(hosted, "The code counts rows.") is None
    chat = turn(question="How do I reverse a list?", states_answer=states)
    chat.outcomes.append(ok("print([3, 2, 1])", "[3, 2, 1]"))
    assert await Grounding().review(chat, "reversed() gives the items in reverse.") is None and len(said) == 3
    # The call itself: the question and the reply only, constrained to a schema.
    llm = ScriptedLLM(json.dumps({"states_answer": False}), "not json")
    calls = ModelCalls(llm, ListSink(), "c", "t", LoopConfig(llm_retries=0, max_retry_wait=0.0), True)
    assert await calls.states_answer("How many rows?", "The error is a KeyError.") is False
    assert llm.schemas[0]["required"] == ["states_answer"] and "KeyError" in llm.requests[0][-1]["content"]
    assert len(llm.requests[0]) == 2 + 2 * len(prompts.STATES_EXAMPLES)
    assert await calls.states_answer("How many rows?", "x") is None  # no verdict: the reply goes through
    served = turn(question="How many rows?")
    calls.serve(served, 1000)  # the loop gives every turn the call, over its own question
    llm.replies.append(json.dumps({"states_answer": True}))
    assert await served.states_answer("There are 3.") is True and "How many rows?" in llm.requests[-1][-1]["content"]


async def test_a_data_questions_parts_are_listed_for_the_code_to_do_before_it_is_written():
    """A short call that sees the question alone lists its parts (a period, a kind of row, the value
    to report); the system prompt names them. Only for a fenced model asked about described files."""
    asked: list[str] = []

    async def parts():
        asked.append("parts")
        return ["only orders of 2024", "the total amount"]

    data = turn(question="What was the total amount in 2024?", files=[SALES], parts=parts)
    text = await Parts().context(data)
    assert text.splitlines()[1:] == ["- only orders of 2024", "- the total amount"] and asked == ["parts"]
    assert data.asked == ["only orders of 2024", "the total amount"]  # kept for the checks
    for other in (
        turn(question="How do I sort a list?", parts=parts),  # no file described: no call
        turn(question="q", files=[SALES], fenced=False, parts=parts),  # a model that calls tools
        turn(question="And in 2023?", files=[SALES], earlier=["What was the total amount in 2024?"], parts=parts),
        TurnState(question="q", action="explain", fenced=True, notebook=NB, files=[SALES], parts=parts),
    ):
        assert await Parts().context(other) == ""
    assert asked == ["parts"]

    async def failed_call():
        return None

    assert await Parts().context(turn(files=[SALES], parts=failed_call)) == ""  # no list: nothing said
    # The call: the question alone after worked examples, the reply constrained to a schema.
    junk = json.dumps({"parts": ["x" * 500, *"abcdefg"]})  # a server that ignored the schema
    replies = [json.dumps({"parts": [" in 2024 ", "", "the total"]}), "not json", json.dumps({"parts": 3}), junk]
    llm = ScriptedLLM(*replies)
    calls = ModelCalls(llm, ListSink(), "c", "t", LoopConfig(llm_retries=0, max_retry_wait=0.0), True)
    assert await calls.parts("What was the total amount in 2024?") == ["in 2024", "the total"]
    assert llm.schemas[0]["required"] == ["parts"] and len(llm.requests[0]) == 2 + 2 * len(prompts.PARTS_EXAMPLES)
    assert llm.requests[0][-1]["content"] == "Question: What was the total amount in 2024?"
    assert await calls.parts("q") is None and await calls.parts("q") is None  # not JSON, not a list
    assert await calls.parts("q") == ["x" * 90, "a", "b", "c", "d"]  # the schema's bounds kept


async def test_the_values_a_question_selects_by_are_named_from_those_the_preview_lists():
    """A short call sees the question and the values of the columns listed whole; its reply, held to
    those values, names the filters as the data writes them ('ES' for Spain)."""
    geo = ColumnProfile("geo", "text", values=["AT", "EL", "ES", "EU27_2020"])
    resid = ColumnProfile("c_resid", "text", values=["DOM", "FOR", "TOTAL"])
    one = ColumnProfile("freq", "text", values=["M"])  # one value: nothing to choose
    table = TableProfile("", 90, "df = 1", [geo, resid, one, ColumnProfile("value", "float")], whole=True)
    files = [FileProfile("t.tsv", "table", tables=[table])]
    offered: list[dict] = []

    async def values(columns, phrases):
        offered.append((columns, phrases))
        return [("geo", "ES"), ("c_resid", "FOR")]

    asked = ["only non-residents", "only Spain", "the nights"]  # as the parts call lists them
    question = "Nights of non-residents in Spain?"
    text = await Values().context(turn(question=question, files=files, values=values, asked=asked))
    assert "'geo' == 'ES', 'c_resid' == 'FOR'" in text
    listed = {"geo": ["AT", "EL", "ES", "EU27_2020"], "c_resid": ["DOM", "FOR", "TOTAL"]}
    assert offered == [(listed, ["only non-residents", "only Spain"])]
    part = [FileProfile("t.tsv", "table", tables=[dataclasses.replace(table, whole=False)])]  # rows read only
    for other in (
        turn(files=part, values=values, asked=asked),
        turn(question="q", files=files, fenced=False, values=values, asked=asked),
        turn(question="And in Italy?", files=files, earlier=["Nights in Spain?"], values=values, asked=asked),
        turn(files=[SALES], values=values, asked=asked),  # no column listed whole
        turn(question="Total nights?", files=files, values=values, asked=["the total nights"]),  # no condition
        turn(question="Total nights?", files=files, values=values),  # no parts listed
    ):
        assert await Values().context(other) == ""
    assert len(offered) == 1

    async def none(columns, phrases):
        return []

    assert await Values().context(turn(files=files, values=none, asked=asked)) == ""
    # The call: worked examples, then the question, its conditions and the values; a schema of one
    # item per condition, each a pair listed or null.
    replies = [
        json.dumps({"values": [{"column": "geo", "value": "ES"}, None]}),
        json.dumps({"values": [{"column": "geo", "value": "SP"}, {"column": "unit", "value": "NR"}]}),  # schema ignored
        "not json",
    ]
    llm = ScriptedLLM(*replies)
    calls = ModelCalls(llm, ListSink(), "c", "t", LoopConfig(llm_retries=0, max_retry_wait=0.0), True)
    columns = {"geo": ["AT", "ES"], "c_resid": ["DOM", "FOR"]}
    phrases = ["only Spain", "only hotels"]
    assert await calls.values("Hotel nights in Spain?", columns, phrases) == [("geo", "ES")]
    bounds = llm.schemas[0]["properties"]["values"]
    assert bounds["minItems"] == bounds["maxItems"] == 2
    pairs = bounds["items"]["anyOf"]
    assert pairs[0]["properties"] == {"column": {"const": "geo"}, "value": {"enum": ["AT", "ES"]}}
    assert pairs[-1] == {"type": "null"}
    assert "1. only Spain\n2. only hotels" in llm.requests[0][-1]["content"]
    assert "'geo': 'AT', 'ES'" in llm.requests[0][-1]["content"]
    assert len(llm.requests[0]) == 2 + 2 * len(prompts.VALUES_EXAMPLES)
    assert await calls.values("q", columns, phrases) == [] and await calls.values("q", columns, phrases) is None


async def test_the_parts_reach_the_models_first_call_in_a_turn_about_a_file(tmp_path):
    (tmp_path / "orders.csv").write_text("day,amount\n2023-12-31,5\n2024-01-02,7\n")
    listed = json.dumps({"parts": ["only orders of 2024", "the total amount"]})
    verdict = json.dumps({"answers": True, "answer": "7.", "missing": ""})
    llm, ex, sink, gate = ScriptedLLM(listed, fenced("print(7)"), verdict), ExecExecutor(), ListSink(), ApprovalGate()
    config = LoopConfig(tool_mode="fenced", aids=aids.build(aids.AIDS, DiskWorkspace(tmp_path)))
    loop = AgentLoop(llm, ex, sink, gate, config, workspace=DiskWorkspace(tmp_path))
    ended = await run_turn(loop, sink, gate, "What was the total amount in orders.csv in 2024?")
    assert ended.reason == "answer" and llm.schemas[0]["required"] == ["parts"]
    system = llm.requests[1][0]["content"]
    assert "orders.csv" in system and "- only orders of 2024\n- the total amount" in system


async def test_the_values_reach_the_models_first_call_after_the_parts(tmp_path):
    (tmp_path / "nights.csv").write_text(
        "geo,nights\n" + "".join(f"{g},{i}\n" for i, g in enumerate(["ES", "EL", "IT"] * 3))
    )
    listed = json.dumps({"parts": ["only Spain", "the total nights"]})
    chosen = json.dumps({"values": [{"column": "geo", "value": "ES"}]})
    verdict = json.dumps({"answers": True, "answer": "9.", "missing": ""})
    llm = ScriptedLLM(listed, chosen, fenced("print(9)"), verdict)
    ex, sink, gate = ExecExecutor(), ListSink(), ApprovalGate()
    config = LoopConfig(tool_mode="fenced", aids=aids.build(aids.AIDS, DiskWorkspace(tmp_path)))
    loop = AgentLoop(llm, ex, sink, gate, config, workspace=DiskWorkspace(tmp_path))
    ended = await run_turn(loop, sink, gate, "How many nights were spent in Spain (nights.csv)?")
    assert ended.reason == "answer" and llm.schemas[1]["required"] == ["values"]
    assert "'geo': 'ES', 'EL', 'IT'" in llm.requests[1][-1]["content"]
    assert (
        "The values the question selects rows by, as the data writes them: 'geo' == 'ES'. These are of the columns "
        "whose every value is listed only: select by the question's other conditions too."
        in llm.requests[2][0]["content"]
    )


async def test_the_check_call_answers_from_the_output_alone_with_a_schema():
    verdict = json.dumps({"answers": True, "answer": "6*7 is 42.", "missing": ""})
    loop, llm, ex, sink, gate = make(fenced("print(6*7)"), verdict, "never asked")
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6*7)"]
    assert [m.text for m in sink.of("assistant_message")][-1] == "6*7 is 42."
    assert llm.schemas[1] is not None and llm.schemas[1]["required"] == ["parts", "answers", "answer", "missing"]
    check_request = llm.requests[1]
    assert "How much is 6*7?" in check_request[-1]["content"] and "42" in check_request[-1]["content"]
    # The question and the output, after worked examples: nothing else of the chat.
    chat_texts = {m["content"] for m in llm.requests[0]}
    assert not any(m["content"] in chat_texts for m in check_request)
    assert "checking" in sink.phases and "running" in sink.phases and "waiting" in sink.phases


async def test_a_check_that_lists_a_part_of_the_question_as_not_done_is_no_answer():
    """The verdict comes after the question's parts, each marked done or not by the code: a part not
    done outweighs an `answers` the model wrote anyway, and the model is told which part."""
    undone = {"parts": [{"part": "in 2024", "done": False}], "answers": True, "answer": "1538 days.", "missing": ""}
    done = {
        "parts": [{"part": "in 2024", "done": True}],
        "answers": True,
        "answer": "There are 256 days.",
        "missing": "",
    }
    code, fixed = "print(len(df))", "print(len(df[df['y'] == 2024]))"
    loop, llm, ex, sink, gate = make(fenced(code), json.dumps(undone), fenced(fixed), json.dumps(done))
    loop.executor.namespace["df"] = __import__("pandas").DataFrame({"y": [2023] * 1282 + [2024] * 256})
    ended = await run_turn(loop, sink, gate, "How many days in 2024 have a rate?")
    assert ended.reason == "answer" and ex.ran == [code, fixed]
    assert "does not do this part of the question: in 2024" in llm.requests[2][-1]["content"]
    assert [m.text for m in sink.of("assistant_message")][-1] == "There are 256 days."
    example = json.loads(prompts.check_messages("q", "c", "o")[2]["content"])  # the worked examples show parts
    assert example["parts"] and set(example["parts"][0]) == {"part", "done"}


async def test_the_check_call_is_told_where_a_long_output_was_cut():
    code = "for i in range(400): print(i, f'row{i}')"
    no = json.dumps({"answers": False, "answer": "", "missing": "print len(df)"})
    loop, llm, ex, sink, gate = make(fenced(code), no, "never asked")
    await run_turn(loop, sink, gate, "How many rows are there?")
    shown = llm.requests[1][-1]["content"]
    assert "characters cut" in shown and "399 row399" in shown and "0 row0" in shown  # head and tail, marked


async def test_an_answer_read_off_an_output_cut_in_the_middle_is_no_answer_unless_its_tail_holds_it():
    frame = "for i in range(400): print(i, f'row{i}')"
    counted = json.dumps({"answers": True, "answer": "There are 41 rows.", "missing": ""})
    printed_len = frame + "\nprint(len(range(400)))"
    told = json.dumps({"answers": True, "answer": "There are 400 rows.", "missing": ""})
    loop, llm, ex, sink, gate = make(fenced(frame), counted, fenced(printed_len), told)
    ended = await run_turn(loop, sink, gate, "How many rows are there?")
    assert ended.reason == "answer" and ex.ran == [frame, printed_len]
    assert "cut in the middle" in llm.requests[2][-1]["content"]  # the model was told why, and printed the count
    assert [m.text for m in sink.of("assistant_message")][-1] == "There are 400 rows."  # 400 is in the tail


async def test_a_check_answer_naming_a_date_the_output_does_not_show_is_no_answer():
    """A cell that printed a day's mean, and a verdict that names a day: made up, so the model is
    told to print the date; the same date printed, in another spelling, is an answer."""
    made_up = json.dumps({"answers": True, "answer": "It was on 2023-10-07.", "missing": ""})
    dated = json.dumps({"answers": True, "answer": "It was 18 December 2023.", "missing": ""})
    mean, day = "print(7.0018)", "import datetime\nprint(datetime.date(2023, 12, 18), 15.2)"
    loop, llm, ex, sink, gate = make(fenced(mean), made_up, fenced(day), dated)
    ended = await run_turn(loop, sink, gate, "On which day was the mean wind speed highest?")
    assert ended.reason == "answer" and ex.ran == [mean, day]
    assert "names a date the output does not show" in llm.requests[2][-1]["content"]
    assert [m.text for m in sink.of("assistant_message")][-1] == "It was 18 December 2023."
    # Words that begin as a month does are no dates; a date the output writes another way is seen.
    for answer in ("Sales decreased 12% in 2 separate regions.", "Market 3 had 2 decimal places of error."):
        assert not calls._unseen_date(answer, "q", "42"), answer
    for printed in ("Date 03/15/2024", "15.03.2024", "datetime.date(2024, 3, 15)", "2024-03-15 00:00:00"):
        assert not calls._unseen_date("It was March 15, 2024.", "Which day?", printed), printed
    assert calls._unseen_date("It was March 16, 2024.", "Which day?", "2024-03-15")


async def test_when_the_output_does_not_answer_the_model_is_told_what_is_missing():
    no = json.dumps({"answers": False, "answer": "", "missing": "the total per month of each year"})
    yes = json.dumps({"answers": True, "answer": "It is 43.", "missing": ""})
    loop, llm, ex, sink, gate = make(fenced("print(6*7)"), no, fenced("print(6*7+1)"), yes)
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6*7)", "print(6*7+1)"]
    assert "the total per month of each year" in llm.requests[2][-1]["content"]
    # An answer in words instead, with no run since, goes back once for the cell; the second is shown.
    loop, llm, ex, sink, gate = make(fenced("print(6*7)"), no, "It is 42.", "It is 42, really.")
    ended = await run_turn(loop, sink, gate)
    shown = [m.text for m in sink.of("assistant_message")]
    assert ended.reason == "answer" and shown[-1] == "It is 42, really." and "It is 42." not in shown
    assert "Not the answer yet" in llm.requests[3][-1]["content"] and "each year" in llm.requests[3][-1]["content"]


async def test_an_answer_straight_after_a_noted_result_goes_back_twice_then_a_focused_call_is_shown():
    zeros = "import pandas as pd\ns = pd.Series([4.0, None, 2.0]).fillna(0)\nprint(s.mean())"
    fixed = "import pandas as pd\nprint(pd.Series([4.0, None, 2.0]).mean())"
    replies = [fenced(zeros), "It is 2.0.", fenced(fixed), "It is 3.0."]
    loop, llm, ex, sink, gate = make(*replies, names=["checks"])
    ended = await run_turn(loop, sink, gate, "What is the mean, ignoring missing values?")
    assert ended.reason == "answer" and ex.ran == [zeros, fixed]
    told = llm.requests[2][-1]["content"]
    assert "Not the answer yet" in told and "as zeros" in told and "```python" in told  # asked for code
    assert [m.text for m in sink.of("assistant_message")][-1] == "It is 3.0."
    # Agreeing with the note in words is sent back too; the call after that sees the question, the
    # noted run and the request for code only, and what it replies is shown.
    replies = [fenced(zeros), "It is 2.0.", "The check is correct. The zeros pull it down.", "It is 2.0, still."]
    loop, llm, ex, sink, gate = make(*replies, names=["checks"])
    ended = await run_turn(loop, sink, gate, "What is the mean, ignoring missing values?")
    shown = [m.text for m in sink.of("assistant_message")]
    assert ended.reason == "answer" and shown[-1] == "It is 2.0, still." and "The check is correct" not in str(shown)
    focused = llm.requests[3]
    assert len(focused) == 2 and "Not the answer yet" in focused[-1]["content"] and zeros in focused[-1]["content"]
    assert "It is 2.0." not in shown  # sent back, never shown


async def test_the_same_code_again_after_a_noted_result_is_reminded_of_the_note_not_told_to_answer():
    zeros = "import pandas as pd\ns = pd.Series([4.0, None, 2.0]).fillna(0)\nprint(s.mean())"
    fixed = "import pandas as pd\nprint(pd.Series([4.0, None, 2.0]).mean())"
    loop, llm, ex, sink, gate = make(
        fenced(zeros), fenced(zeros), fenced(fixed), "It is 3.0.", names=["checks", "repeats"]
    )
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == [zeros, fixed]
    told = llm.requests[2][-1]["content"]
    assert "as zeros" in told and "Change the code" in told and "Answer from that output" not in told


async def test_a_model_that_insists_on_noted_code_gets_its_output_judged_by_the_check_call():
    # The note may be wrong about a right result: reminded once, the same code a second time goes
    # to the short check call, whose answer ends the turn (not declined until the time runs out).
    zeros = "import pandas as pd\ns = pd.Series([4.0, None, 2.0]).fillna(0)\nprint(s.mean())"
    yes = json.dumps({"answers": True, "answer": "The mean is 2.0.", "missing": ""})
    loop, llm, ex, sink, gate = make(fenced(zeros), fenced(zeros), fenced(zeros), yes, names=["checks", "repeats"])
    ended = await run_turn(loop, sink, gate, "What is the mean, counting missing values as 0?")
    assert ended.reason == "answer" and ex.ran == [zeros]  # never run again
    assert "Change the code" in llm.requests[2][-1]["content"]  # reminded once
    assert len(llm.requests) == 4 and "counting missing values as 0" in str(llm.requests[3])  # then judged
    assert [m.text for m in sink.of("assistant_message")][-1] == "The mean is 2.0."
    # Judged not to answer: declined a second time, the model gets the focused call (the question and
    # that output), and what it says then is shown, not sent back for the note again.
    no = json.dumps({"answers": False, "answer": "", "missing": "the mean without zeros"})
    loop, llm, ex, sink, gate = make(
        fenced(zeros), fenced(zeros), fenced(zeros), no, "It is 2.0.", names=["checks", "repeats"]
    )
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == [zeros] and len(llm.requests) == 5
    assert "If that output answers the question exactly" in llm.requests[4][-1]["content"]
    assert [m.text for m in sink.of("assistant_message")][-1] == "It is 2.0."
    # A run in between (code that uses an earlier cell's names): the noted code is still not run again.
    load = "import pandas as pd\ns = pd.Series([4.0, None, 2.0])\nprint(len(s))"
    noted, other = "print(s.fillna(0).mean())", "print(s.count())"
    yes = json.dumps({"answers": True, "answer": "The mean is 2.0.", "missing": ""})
    replies = [fenced(load), no, fenced(noted), fenced(other), no, fenced(noted), fenced(noted), yes]
    loop, llm, ex, sink, gate = make(*replies, names=["checks", "repeats", "answer"])
    ended = await run_turn(loop, sink, gate, "What is the mean of s?")
    assert ex.ran == [load, noted, other] and ended.reason == "answer"  # declined, never approved and run again
    assert "its earlier output was used" in " ".join(sink.statuses)


async def test_declined_proposals_use_no_steps_and_a_repeat_of_a_success_ends_with_its_answer():
    verdict = json.dumps({"answers": True, "answer": "42.", "missing": ""})
    no = json.dumps({"answers": False, "answer": "", "missing": "x"})
    replies = [fenced("print(6*7)"), no, fenced("# print(6*7)"), fenced("# again"), fenced("print(6*7)"), verdict]
    loop, llm, ex, sink, gate = make(*replies, max_steps=3)
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6*7)"]  # two comment-only refusals used no steps
    assert sink.of("assistant_message")[-1].text == "42."


async def test_a_model_stuck_on_failed_code_gets_a_focused_call_with_the_question_and_the_error():
    bad = fenced("print(6 * seven)")
    replies = [bad, bad, bad, fenced("print(6 * 7)"), "It is 42."]
    loop, llm, ex, sink, gate = make(*replies, names=["repeats"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6 * seven)", "print(6 * 7)"]
    focused = llm.requests[3]  # after two declined repeats
    assert [m["role"] for m in focused] == ["system", "user"] and focused[0] == llm.requests[0][0]
    assert "How much is 6*7?" in focused[1]["content"] and "NameError" in focused[1]["content"]
    assert "print(6 * seven)" in focused[1]["content"]
    # The turn goes on from the focused message: its reply and the result of its run follow it.
    after = llm.requests[4]
    assert after[:2] == focused and [m["role"] for m in after] == ["system", "user", "assistant", "user"]
    assert "print(6 * 7)" in after[2]["content"] and "42" in after[3]["content"]
    assert len(llm.requests[2]) > 2  # before it, the whole conversation
    assert sink.of("assistant_message")[-1].text == "It is 42."


async def test_two_runs_failing_on_the_same_line_get_a_focused_call_that_names_the_line():
    second = fenced("x = 6\ny = 1\nprint(x * seven)")  # changed around the line, not the line
    replies = [fenced("x = 6\nprint(x * seven)"), second, fenced("print(6 * 7)"), "It is 42."]
    loop, llm, ex, sink, gate = make(*replies, names=["repeats"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer"
    assert ex.ran == ["x = 6\nprint(x * seven)", "x = 6\ny = 1\nprint(x * seven)", "print(6 * 7)"]
    focused = llm.requests[2]
    assert [m["role"] for m in focused] == ["system", "user"] and "print(x * seven)" in focused[1]["content"]
    assert "failed twice with the same NameError" in focused[1]["content"]  # this executor shows no lines
    assert len(llm.requests[1]) > 2  # one failure alone is no reason for a fresh look
    assert llm.resampled[2] is None  # the first focused call is greedy
    line = "print(x * seven)"
    tb = (["Cell In[2], line 2", f"----> 2 {line}"], ["Cell In[3], line 3", f"----> 3 {line}"])
    runs = [failed(f"x = 6\n{line}", "NameError", "x", tb[0]), failed(f"x = 6\ny = 1\n{line}", "NameError", "y", tb[1])]
    assert f"The line `{line}` failed in both of the last two runs" in focus.failing_again(runs)
    swapped = failed(f"x = '6'\n{line}", "TypeError", "can't multiply", ["----> 2 " + line])
    assert line in focus.failing_again([runs[0], swapped])  # another error, the same line: still stuck there
    other = failed("x = 6\nprint(x * seven + 1)", "NameError", "x", ["----> 2 print(x * seven + 1)"])
    assert focus.failing_again([runs[0], other]) == ""  # the line was changed: not stuck
    nameless = [failed("print(x", "SyntaxError", "'(' was never closed")] * 2  # no line in its traceback
    assert "twice with the same SyntaxError" in focus.failing_again(nameless)
    assert focus.failing_again([nameless[0], failed("print(y", "SyntaxError", "invalid syntax")]) == ""
    # A run that worked in between (an output that was not the answer yet) does not unstick it.
    between = [runs[0], ok("print(6)", "6"), runs[1]]
    assert "failed in 2 runs" in focus.failing_again(between) and focus.failing_again(between[:2]) == ""
    assert focus.failing_again([runs[0], ok("print(6)", "6"), other]) == ""
    assert "2 times with the same SyntaxError" in focus.failing_again([nameless[0], ok("print(6)", "6"), nameless[1]])


async def test_a_repeat_of_failed_code_is_cut_while_it_is_written_and_declined():
    bad = "x = 6\nprint(x * seven)\nprint('done')"
    again = "x = 6\nprint(x * seven)\n" + "\n".join(f"y{i} = {i}" for i in range(40)) + "\nprint('done')"
    good = "x = 6\nprint(x * 7)\nprint('done')"
    loop, llm, ex, sink, gate = make(fenced(bad), fenced(again), fenced(good), "It is 42.", names=["repeats"])
    ex.numbered = True
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == [bad, good]
    assert llm.unfinished == 1 and "y0 =" not in "".join(d.delta for d in sink.deltas)  # stopped at the line
    told = [m["content"] for m in llm.requests[2] if m["role"] == "user"]
    assert any("would fail there again" in t and "`print(x * seven)`" in t for t in told)
    assert [p.code for p in sink.of("proposal")] == [bad, good]  # the repeat was never shown


async def test_a_check_reply_that_pads_its_json_with_blank_lines_is_stopped_and_still_read():
    # llama.cpp's grammar for a JSON schema lets blank space in before the closing brace, and a
    # small model can write newlines there up to its token cap.
    padded = '{"answers": true, "answer": "It is 42.", "missing": ""' + "\n          " * 300
    loop, llm, ex, sink, gate = make(fenced("print(6 * 7)"), padded, names=["answer"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and sink.of("assistant_message")[-1].text == "It is 42."
    assert llm.unfinished == 1  # the padding was not read to its end
    # Blank space inside a string value is the value's own: that reply is read whole.
    spaced = json.dumps({"answers": True, "answer": "It is 42, " + " " * 60 + "exactly.", "missing": ""})
    loop, llm, ex, sink, gate = make(fenced("print(6 * 7)"), spaced, names=["answer"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and llm.unfinished == 0


async def test_different_errors_in_a_row_keep_the_whole_conversation():
    replies = [fenced("print(6 * seven)"), fenced("print(6 / 0)"), fenced("print(6 * 7)"), "It is 42."]
    loop, llm, ex, sink, gate = make(*replies, names=["repeats"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and len(ex.ran) == 3
    assert all(len(r) > 2 for r in llm.requests[1:])


async def test_the_last_reply_before_the_turn_gives_up_is_no_answer_when_it_can_only_be_about_a_failed_run():
    # Held-out 26: after four declined repeats of failing code, "The error was caused by ..." was
    # shown as the answer. The turn stops instead, with the error the user can act on.
    bad = fenced("print(6 * seven)")
    loop, llm, ex, sink, gate = make(
        bad, bad, bad, bad, bad, "The error is caused by seven.", "never asked", names=["repeats", "grounding"]
    )
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "step_cap" and ex.ran == ["print(6 * seven)"] and len(llm.requests) == 6
    texts = [m.text for m in sink.of("assistant_message")]
    assert "The error is caused by seven." not in texts and "NameError" in texts[-1]


async def test_words_after_a_failed_run_go_back_for_the_fix_even_after_an_earlier_output():
    # A small model's words after a failed run explain that error, or answer from an output it had
    # itself gone past: the reply is sent back for the fixed code.
    replies = [fenced("print(0)"), fenced("print(6 * seven)"), "The output is 0, so it is 0.", fenced("print(6 * 7)")]
    loop, llm, ex, sink, gate = make(*replies, "It is 42.", names=["grounding"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(0)", "print(6 * seven)", "print(6 * 7)"]
    assert "the last run failed" in llm.requests[3][-1]["content"]
    assert [m.text for m in sink.of("assistant_message")][-1] == "It is 42."


async def test_an_answer_sent_back_counts_as_stuck_too_so_a_focused_call_follows():
    bad = fenced("print(6 * seven)")
    replies = [bad, bad, "It is 41.", fenced("print(6 * 7)"), "It is 42."]
    loop, llm, ex, sink, gate = make(*replies, names=["repeats", "grounding"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6 * seven)", "print(6 * 7)"]
    assert len(llm.requests[3]) == 2 and "NameError" in llm.requests[3][1]["content"]  # declined, then sent back
    assert "the last run failed" in llm.requests[3][1]["content"]  # what the aid said is kept
    assert sink.of("assistant_message")[-1].text == "It is 42."


async def test_a_focused_call_after_declines_shows_the_declined_code_and_why_unless_it_is_the_code_that_ran():
    broken = fenced("total = 6 *\nprint(total)")
    loop, llm, ex, sink, gate = make(broken, broken, fenced("print(6 * 7)"), "It is 42.", names=["syntax"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6 * 7)"]
    focused = llm.requests[2]
    assert len(focused) == 2 and "declined and not run" in focused[1]["content"]
    assert "total = 6 *" in focused[1]["content"] and "not valid Python" in focused[1]["content"]
    bad = fenced("print(6 * seven)")  # declined as a repeat of the code that ran: shown once, as what ran
    loop, llm, ex, sink, gate = make(bad, bad, bad, fenced("print(6 * 7)"), "It is 42.", names=["repeats"])
    await run_turn(loop, sink, gate)
    assert "declined and not run" not in llm.requests[3][1]["content"]


async def test_a_focused_call_after_a_run_that_printed_nothing_asks_for_code_not_an_answer():
    same = fenced("x = 6 * 7")
    loop, llm, ex, sink, gate = make(same, same, same, fenced("print(x)"), "It is 42.", names=["repeats"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["x = 6 * 7", "print(x)"]
    focused = llm.requests[3][-1]["content"]
    assert len(llm.requests[3]) == 2 and "printed nothing" in focused and "reply with the answer" not in focused


async def test_a_model_that_stays_stuck_after_focused_calls_ends_the_turn_with_its_last_result():
    bad = fenced("print(6 * seven)")
    loop, llm, ex, sink, gate = make(*[bad] * 7, names=["repeats"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "step_cap" and "declined" in ended.message and ex.ran == ["print(6 * seven)"]
    assert len(llm.requests) == 6 and all(len(r) == 2 for r in llm.requests[3:])
    # Greedy decoding would write the same declined code again: the focused calls after the first are sampled.
    assert llm.resampled[:4] == [None] * 4 and all(t is not None and t > 0 for t in llm.resampled[4:])
    # A seeded server draws the same reply at the same temperature: no two stuck calls in a row share one.
    for again in (False, True):
        drawn = [focus.resample(k, again) for k in range(MAX_REFUSALS + 1)]
        drawn = [t for t in drawn if t is not None]
        assert len(drawn) >= 3 and len(set(drawn)) == len(drawn), drawn


async def test_a_turn_over_its_time_ends_with_the_last_result_it_got():
    class Slow(ScriptedLLM):
        async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
            if len(self.requests) >= 1:
                await asyncio.sleep(5)
            async for e in super().stream(messages, tools, schema, resample, grammar):
                yield e

    llm, ex, sink, gate = Slow(fenced("print(41+1)")), ExecExecutor(), ListSink(), ApprovalGate()
    loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced", turn_timeout=0.5))
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "time_cap" and "time limit" in ended.message
    assert "42" in sink.of("assistant_message")[-1].text  # never an empty reply
    # With no result to show, the user is told what stopped the last run.
    llm, ex, sink, gate = Slow(fenced("print(1/0)")), ExecExecutor(), ListSink(), ApprovalGate()
    loop = AgentLoop(llm, ex, sink, gate, LoopConfig(tool_mode="fenced", turn_timeout=0.5))
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "time_cap" and "ZeroDivisionError" in sink.of("assistant_message")[-1].text


async def test_stop_keeps_the_text_written_so_far():
    class Hanging(ScriptedLLM):
        async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
            from jupyterlab_gptinterp.agent.seams import TextDelta

            yield TextDelta("The first half of")
            await asyncio.sleep(30)

    llm, sink = Hanging(), ListSink()
    loop = AgentLoop(llm, ExecExecutor(), sink, ApprovalGate(), LoopConfig())
    task = asyncio.ensure_future(loop.run_turn(ChatState("c"), "hi", NB))
    while not sink.deltas:
        await asyncio.sleep(0.01)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    kept = sink.of("assistant_message")[-1]
    assert kept.text == "The first half of" and kept.stopped
    assert sink.of("turn_ended")[-1].reason == "stopped"


async def test_a_reply_cut_by_the_time_limit_stays_marked_and_continue_goes_on_from_it():
    class Hanging(ScriptedLLM):
        async def stream(self, messages, tools, schema=None, resample=None, grammar=None):
            from jupyterlab_gptinterp.agent.seams import TextDelta

            yield TextDelta("First I load the file:\n```python\nimport pandas")
            await asyncio.sleep(30)

    llm, sink, chat = Hanging(), ListSink(), ChatState("c")
    loop = AgentLoop(llm, ExecExecutor(), sink, ApprovalGate(), LoopConfig(turn_timeout=0.5))
    ended = await loop.run_turn(chat, "How many rows?", NB)
    assert ended.reason == "time_cap" and "time limit" in ended.message
    kept = sink.of("assistant_message")
    assert len(kept) == 1 and kept[0].stopped and kept[0].text.endswith("import pandas")
    # Memory keeps it with its code block closed, and says that none of it ran.
    said = chat.memory[-1]
    assert said["role"] == "assistant" and "import pandas\n```\n\n" in said["content"] and "none" in said["content"]


async def test_without_the_aids_the_loop_does_none_of_this():
    loop, llm, ex, sink, gate = make(fenced("print(6*7)"), "It is 42.", names=[])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and all(s is None for s in llm.schemas)
    assert sink.of("assistant_message")[-1].text == "It is 42."


async def test_an_empty_code_block_is_no_answer_and_our_error_text_is_not_code():
    loop, llm, ex, sink, gate = make(
        "```python\n```", fenced("print(6*7)"), json.dumps({"answers": True, "answer": "42.", "missing": ""})
    )
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and "was empty" in llm.requests[1][-1]["content"]
    error = failed("df['x']", "KeyError", "'x'")
    told = "Execution status: error.\nError:\nKeyError: 'x'\nHint: There is no column 'x'."
    state = turn(outcomes=[error], sent=[told])
    refused = await Repeats().refuse(state, "Execution status: error.\nError:\nKeyError: 'x'")
    assert refused is not None and refused.note.startswith("Not run: that is the output")


async def test_a_nameerror_on_a_log_gets_its_load_lines_and_an_explanation_of_an_error_is_no_answer():
    log = FileProfile(name="app.log", kind="lines", lines="...", load="lines = pd.Series(open('app.log'))\ndf = lines")
    said = await hint(failed("print(df[df.status >= 500])", "NameError", "name 'df' is not defined"), files=[log])
    assert "lines = pd.Series(open('app.log'))" in said
    error = failed("print(df.x)", "NameError", "name 'df' is not defined")
    review = await Grounding().review(turn(files=[log], outcomes=[error]), "The error means df is not defined.")
    assert not review.show and "failed" in review.retry


async def test_a_nameerror_in_a_cell_using_a_tables_load_line_gets_that_files_whole_block():
    load = "df = pd.read_sql('SELECT * FROM \"trips\"', con)"
    db = FileProfile("fleet.sqlite", "database", tables=[TableProfile("trips", 5, load, [ColumnProfile("km", "int")])])
    said = await hint(
        failed(f"import pandas as pd\n{load}", "NameError", "name 'con' is not defined"), files=[SALES, db]
    )
    assert "import sqlite3\ncon = sqlite3.connect('fleet.sqlite')\n" + load in said  # not the first file's


async def test_a_keyerror_on_a_column_of_the_records_items_gives_the_items_table():
    """A race's results are a list inside each race: a column of the table of items used on the
    races the code loads gets that table's block, not "print its columns"."""
    load = "import json\ndf = pd.json_normalize(json.load(open('f1.json'))['Races'])"
    races = TableProfile("", 24, load, [ColumnProfile("raceName", "text"), ColumnProfile("Results", "nested")])
    explode = "df = df.explode('Results', ignore_index=True).dropna(subset=['Results']).reset_index(drop=True)"
    items_load = f"{load}\n{explode}\ndf = pd.json_normalize(df['Results'].tolist()).join(df.drop(columns='Results'))"
    results = TableProfile(
        "Results, one row per item",
        480,
        items_load,
        [ColumnProfile("points", "float"), ColumnProfile("raceName", "text")],
    )
    f1 = [FileProfile("f1.json", "records", tables=[races, results])]
    said = await hint(failed(f"{load}\nprint(df['points'].sum())", "KeyError", "'points'"), files=f1)
    assert "table 'Results, one row per item'" in said and explode in said
    unfolded = f"{items_load}\nby = df.groupby('raceName').sum()\nprint(by.loc['Monaco', 'x']['points'])"
    assert "Results, one row per item" not in await hint(failed(unfolded, "KeyError", "'points'"), files=f1)
    # A column the races have too: the object indexed is another, the usual hint.
    said = await hint(failed(f"{load}\nprint(df.groupby('x')['raceName'])", "KeyError", "'raceName'"), files=f1)
    assert "Results, one row per item" not in said


async def test_a_keyerror_after_reading_a_file_its_own_way_points_to_the_tested_load_line():
    load = "df = pd.read_excel('fares.xlsx', sheet_name='2024', skiprows=2)"
    book = FileProfile(
        "fares.xlsx", "workbook", tables=[TableProfile("2024", 4, load, [ColumnProfile("Route", "text")])]
    )
    own = "import pandas as pd\ndf = pd.read_excel('fares.xlsx')\ndf[df['Route'] == 'R2']"
    said = await hint(failed(own, "KeyError", "'Route'"), files=[book])
    assert "its own way" in said and load in said
    same = own.replace("pd.read_excel('fares.xlsx')", 'pd.read_excel( "fares.xlsx", sheet_name="2024", skiprows=2 )')
    assert "its own way" not in await hint(failed(same, "KeyError", "'route'"), files=[book])


async def test_a_keyerror_on_a_column_of_another_described_file_says_to_join_it():
    load = "df = pd.read_xml('items.xml', xpath='.//item', parser='etree')"
    items = FileProfile("items.xml", "table", tables=[TableProfile("", 9, load, [ColumnProfile("genre", "text")])])
    code = "import pandas as pd\ndf = pd.read_csv('sales.csv')\ndf.groupby('Genre').size()"
    said = await hint(failed(code, "KeyError", "'Genre'"), files=[SALES, items])
    assert "'genre' is a column of items.xml" in said and load.replace("df =", "items_df =") in said and "merge" in said
    close = await hint(failed(code.replace("Genre", "revenue"), "KeyError", "'revenue'"), files=[SALES, items])
    assert "items.xml" not in close  # the file read has it, spelled otherwise: no join
    assert "items.xml" not in await hint(failed(code, "KeyError", "'Region'"), files=[SALES, items])


async def test_a_keyerror_names_the_key_pandas_quotes_inside_a_list():
    import pandas as pd

    frame = pd.DataFrame({"Revenue": [1.0], "g": [1]})
    row = frame.iloc[0]
    for get in (lambda: row[["revenue", "region"]], lambda: frame[["revenue"]], lambda: frame.groupby("g")["revenue"]):
        try:
            get()
            raise AssertionError("pandas found the keys")
        except KeyError as exc:
            said = await hint(failed("df.iloc[0][['revenue']]", "KeyError", repr(exc.args[0])))
        assert "did you mean 'Revenue'" in said and "None of" not in said and "not in index" not in said, said


async def test_a_keyerror_in_a_file_described_without_columns_sends_the_model_to_no_other_file():
    # The code reads an XML file the preview could not tabulate; 'Revenue' is a column of sales.csv.
    feed = FileProfile("feed.xml", "text")
    code = "import pandas as pd\ndf = pd.read_xml('feed.xml')\ndf['Revenue'].sum()"
    said = await hint(failed(code, "KeyError", "'Revenue'"), files=[SALES, feed])
    assert "print df.columns" in said and "sales.csv" not in said and "loaded by" not in said, said


def _league():
    def table(name, columns):
        return TableProfile(
            name, 9, f"df = pd.read_sql('SELECT * FROM \"{name}\"', con)", [ColumnProfile(c, "text") for c in columns]
        )

    db = FileProfile(
        "league.sqlite",
        "database",
        tables=[table("Batting", ["playerID", "HR"]), table("People", ["playerID", "nameFirst"])],
    )
    pay = TableProfile(
        "Payroll",
        30,
        "df = pd.read_excel('pay.xlsx', sheet_name='Payroll', skiprows=3)",
        [ColumnProfile("Team", "text"), ColumnProfile("2023", "float")],
    )
    return db, FileProfile("pay.xlsx", "workbook", tables=[pay])


async def test_a_keyerror_on_a_column_of_another_table_of_the_file_read_says_to_load_and_merge_it():
    db, _ = _league()
    code = "import pandas as pd\nimport sqlite3\ncon = sqlite3.connect('league.sqlite')\ndf = pd.read_sql('SELECT * FROM \"Batting\"', con)\ndf['nameFirst']"
    said = await hint(failed(code, "KeyError", "'nameFirst'"), files=[db])
    assert "the table 'People' of league.sqlite" in said and "it loads 'Batting'" in said and "merge" in said, said
    assert "people = pd.read_sql('SELECT * FROM \"People\"', con)" in said and "its own way" not in said
    own = code + "\np = pd.read_sql('SELECT nameFirst AS first FROM people', con)"  # loaded its own way; SQL's case
    assert "does not load" not in await hint(failed(own, "KeyError", "'nameFirst'"), files=[db])
    both = code + "\np = pd.read_sql('SELECT * FROM \"People\"', con)\np.groupby('nameFirst').size()['playerID']"
    assert "does not load" not in await hint(failed(both, "KeyError", "'playerID'"), files=[db])  # a loaded one has it
    sheets = [
        TableProfile(n, 2, f"df = pd.read_excel('b.xlsx', sheet_name={n!r})", [ColumnProfile(c, "text")])
        for n, c in (("2023", "Revenue"), ("Managers", "Boss"))
    ]
    book = FileProfile("b.xlsx", "workbook", tables=sheets)
    code = "import pandas as pd\ndf = pd.read_excel('b.xlsx', sheet_name='Managers')\ndf['Revenue']"
    assert "\nsheet_2023 = pd.read_excel('b.xlsx', sheet_name='2023')" in await hint(
        failed(code, "KeyError", "'Revenue'"), files=[book]
    )


async def test_a_merge_on_a_key_one_frame_lacks_says_which_has_it_and_what_the_other_has():
    db, book = _league()
    code = (
        "import pandas as pd\nimport sqlite3\n\ndef cost():\n"
        "    pay = pd.read_excel('pay.xlsx', sheet_name='Payroll', skiprows=3)\n"
        "    con = sqlite3.connect('league.sqlite')\n"
        "    bat = pd.read_sql_query('SELECT * FROM Batting', con)\n"
        "    both = pd.merge(pay, bat, on='Team')\n    return both\n\ncost()"
    )
    tb = [
        "Cell In[4], line 11",
        "---> 11 cost()",
        "Cell In[4], line 8, in cost()",
        "----> 8     both = pd.merge(pay, bat, on='Team')",
    ]
    said = await hint(failed(code, "KeyError", "'Team'", tb), files=[db, book])
    assert "the sheet 'Payroll' of pay.xlsx has it, the table 'Batting' of league.sqlite has not" in said, said
    assert "'playerID', 'HR'" in said and "left_on=" in said and "People" not in said
    # Not a merge's key: the usual hint.
    other = code.replace("both = pd.merge(pay, bat, on='Team')", "both = bat['Team']")
    tb[-1] = "----> 8     both = bat['Team']"
    assert "a merge on" not in await hint(failed(other, "KeyError", "'Team'", tb), files=[db, book])
    # The frames of the call, not whichever tables the cell loads: People has playerID, pay has not.
    three = code.replace("'SELECT * FROM Batting'", "'SELECT * FROM people'").replace("on='Team'", "on='playerID'")
    tb[-1] = "----> 8     both = pd.merge(pay, bat, on='playerID')"
    said = await hint(failed(three, "KeyError", "'playerID'", tb), files=[db, book])
    assert "the table 'People' of league.sqlite has it, the sheet 'Payroll' of pay.xlsx has not" in said, said
    # A misspelt key, or one both tables have that an earlier step dropped: the usual hints say it better.
    tb[-1] = "----> 8     both = pd.merge(pay, bat, on='team')"
    said = await hint(failed(code.replace("on='Team'", "on='team'"), "KeyError", "'team'", tb), files=[db, book])
    assert "did you mean 'Team'" in said and "a merge on" not in said, said
    dropped = code.replace("both = pd.merge(pay, bat, on='Team')", "both = pd.merge(bat, bat, on='playerID')")
    tb[-1] = "----> 8     both = pd.merge(bat, bat, on='playerID')"
    assert "a merge on" not in await hint(failed(dropped, "KeyError", "'playerID'", tb), files=[db, book])


async def test_usecols_naming_columns_the_table_lacks_gets_its_tested_lines_and_columns():
    import io

    import pandas as pd

    cover = TableProfile(
        "Cover", 3, "df = pd.read_excel('pop.xlsx', sheet_name='Cover')", [ColumnProfile("Title", "text")]
    )
    data_load = "df = pd.read_excel('pop.xlsx', sheet_name='Data', skiprows=7)"
    data = TableProfile("Data", 90, data_load, [ColumnProfile("Country", "text"), ColumnProfile("Age", "int")])
    book = FileProfile("pop.xlsx", "workbook", tables=[cover, data])
    try:  # usecols naming columns the table, as read, lacks: pandas' own message
        pd.read_csv(io.StringIO("Title\nx"), usecols=["Country", "Age"])
        raise AssertionError("pandas found the columns")
    except ValueError as exc:
        plain = str(exc)
    said = await hint(
        failed("df = pd.read_csv('pop.csv', usecols=['Country', 'Age'])", "ValueError", plain), files=[SALES]
    )
    assert "usecols" in said and "print df.columns" in said, said
    code = "df = pd.read_excel('pop.xlsx', sheet_name='Data', usecols=['Country', 'Age'])"
    said = await hint(failed(code, "ValueError", plain + " (sheet: Data)"), files=[book])
    assert "the sheet 'Data' of pop.xlsx" in said and data_load in said and "'Country', 'Age'" in said, said


async def test_a_cell_reading_a_described_file_its_own_way_is_sent_back_once_with_the_tested_lines():
    from jupyterlab_gptinterp.agent.aids.loading import Loading

    load = "df = pd.read_csv('r.csv', sep=';', skiprows=2, decimal=',')"
    f = FileProfile("r.csv", "table", tables=[TableProfile("", 9, load, [ColumnProfile("v", "float")])])
    tree = FileProfile(
        "e.json", "records", tables=[TableProfile("", 9, "import json\ndata = json.load(open('e.json'))")]
    )
    aid, t = Loading(), turn(files=[f, tree])
    refusal = await aid.refuse(t, "import pandas as pd\ndf = pd.read_csv('r.csv', sep=';')\nprint(df.v.sum())")
    assert refusal is not None and "decimal, skiprows" in refusal.note and load in refusal.note
    assert await aid.refuse(t, "df = pd.read_csv('r.csv')") is None  # told once: the model may insist
    fine = "df = pd.read_csv( 'r.csv', skiprows=2, sep=';', decimal=',', parse_dates=['d'])"
    assert await Loading().refuse(t, fine) is None  # every tested argument, and more of its own
    other = await Loading().refuse(t, "df = pd.read_json('e.json')")
    assert other is not None and "loads another way" in other.note and "json.load(open('e.json'))" in other.note
    assert await Loading().refuse(t, "print(len(open('r.csv').readlines()))") is None  # not a reader call
    book = FileProfile(
        "b.xlsx", "workbook", tables=[TableProfile("S1", 2, "df = pd.read_excel('b.xlsx', sheet_name='S1')")]
    )
    assert await Loading().refuse(turn(files=[book]), "df = pd.read_excel('b.xlsx')") is None  # the first sheet


async def test_alternating_between_failed_versions_is_declined_until_something_works():
    a, b = "df['w'].str.replace('kg', '').astype(float)", "df['w'].str.replace('lb', '').astype(float)"
    first, second = failed(a, "ValueError", "could not convert"), failed(b, "ValueError", "could not convert")
    assert "already failed" in (await refuse(a, [first, second])).note
    installed = ok("%pip install x", "Successfully installed x")
    assert await refuse(a, [first, installed]) is None  # something worked since: a fair retry
    said = await hint(
        failed("df.t.apply(lambda x: x.endswith('F'))", "AttributeError", "'float' object has no attribute 'endswith'")
    )
    assert "number" in said and "not text" in said
    tb = ["----> 1 df.t.apply(lambda x: x.endswith('F'))"]
    data = failed(
        "df.t.apply(lambda x: x.endswith('F'))", "AttributeError", "'float' object has no attribute 'endswith'", tb
    )
    assert await refuse("y = 1\ndf.t.apply(lambda x: x.endswith('F'))", [data]) is None  # a data error, not an API one


async def test_going_back_and_forth_between_a_failed_cell_and_one_that_worked_is_declined():
    # A small model told its output is not the answer yet goes back to the cell that failed, then
    # to the one that worked, until the steps run out: cells that stand alone do the same each time.
    a = "import pandas as pd\ndf = pd.read_csv('t.csv')\nprint(df.groupby('k')['heat'].sum())"
    b = "import pandas as pd\ndf = pd.read_csv('t.csv')\nprint(df.groupby('k')['v'].sum())"
    first, worked = failed(a, "KeyError", "'heat'"), ok(b, "k\nx    3")
    worked.notes.append("Check: this output does not answer the question exactly yet.")
    assert "already failed" in (await refuse(a, [first, worked])).note
    again = await refuse(b, [first, worked, failed(a, "KeyError", "'heat'")])
    assert "x    3" in again.note and "does not answer" in again.note  # its output and what was said of it
    # A cell that uses what an earlier cell defined may work now: it is run.
    uses = "print(df.groupby('k')['heat'].sum())"
    assert await refuse(uses, [failed(uses, "KeyError", "'heat'"), ok("df['heat'] = df.v", "")]) is None
    # So is a cell whose error another cell can cure (a file written, a package installed).
    missing = "import pandas as pd\nprint(pd.read_csv('out.csv'))"
    gone = failed(missing, "FileNotFoundError", "out.csv")
    assert await refuse(missing, [gone, ok("open('out.csv', 'w').write('a')", "")]) is None


async def test_the_words_before_the_code_are_shown_without_a_recital_of_our_rules():
    recital = "To run Python, reply with one line saying why, then exactly one"
    verdict = json.dumps({"answers": True, "answer": "42.", "missing": ""})
    loop, llm, ex, sink, gate = make(f"{recital}\n```python\nprint(6*7)\n```", verdict)
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "answer" and ex.ran == ["print(6*7)"]
    shown = [m.text for m in sink.of("assistant_message")]
    assert shown == ["42."] and sink.of("proposal")[0].reason == ""
    # A line of the model's own is kept, beside the card and as its reason.
    loop, llm, ex, sink, gate = make(f"{recital}\nI will multiply.\n```python\nprint(6*7)\n```", verdict)
    await run_turn(loop, sink, gate)
    assert [m.text for m in sink.of("assistant_message")][0] == "I will multiply."
    assert sink.of("proposal")[0].reason == "I will multiply."
    # Without the echo aid the words are shown as written.
    loop, llm, ex, sink, gate = make(f"{recital}\n```python\nprint(6*7)\n```", "42.", names=[])
    await run_turn(loop, sink, gate)
    assert sink.of("assistant_message")[0].text == recital


async def test_our_rules_restated_in_other_words_are_cut_before_the_code_and_are_no_answer():
    # As a 1.5B model wrote them before its code: words added, the fence written `python`.
    reworded = (
        "To run the Python code, reply with one line saying why, then exactly one `python` block, and nothing "
        "after it. You will get the output in the next message. When you have the answer, reply in text with no "
        "code block."
    )
    verdict = json.dumps({"answers": True, "answer": "42.", "missing": ""})
    loop, llm, ex, sink, gate = make(f"{reworded}\n```python\nprint(6*7)\n```", verdict)
    await run_turn(loop, sink, gate)
    assert [m.text for m in sink.of("assistant_message")] == ["42."] and ex.ran == ["print(6*7)"]
    tail = reworded[reworded.index("`python`") :]  # a piece of a rule is cut as well
    review = await Echo().review(turn(), tail)
    assert not review.show and review.retry
    mixed = await Echo().review(turn(), f"{reworded} The Lakeside branch sold 412 units.")
    assert mixed.show and mixed.text == "The Lakeside branch sold 412 units."
    # A sentence a run printed stays, though a note quoted it too (a refusal of the same code).
    said = "The Lakeside branch sold 412 units in total."
    state = turn(outcomes=[ok(f"print({said!r})", said + "\n")], notes=[f"Not run: its output was {said}"])
    assert await Echo().review(state, said) is None
    # Paragraphs and code are kept as they were written.
    spaced = 'First part.\n\nSecond part.\n```python\ns = """a\n\n\nb"""\n```'
    assert (await Echo().review(turn(), f"{reworded}\n\n\n{spaced}")).text == spaced
    # An answer that shares some words with a rule is kept whole.
    assert await Echo().review(turn(), "When the output had the answer, it was 12 points in one line.") is None


async def test_lines_copied_from_an_error_or_our_ask_are_no_answer_but_a_quoted_output_is():
    tb = [
        "\x1b[0;31mKeyError\x1b[0m: 'status'",
        "   3822     raise InvalidIndexError(key) from err\n   3824 except TypeError:\n   3827     #  the TypeError.",
        "   3828     self._check_indexing_error(key)",
    ]
    error = Outcome(
        proposed="df['status']",
        decision="approved",
        code="df['status']",
        status="error",
        outputs=[{"output_type": "error", "ename": "KeyError", "evalue": "'status'", "traceback": tb}],
    )
    ask = "That code failed. Find the cause in the error and the notes above, and propose the corrected code."
    copy = (
        "lidIndexError(key) from err\n   3824 except TypeError:\n   3827     #  the TypeError.\n"
        f"   3828     self._check_indexing_error(key)\n\nKeyError: 'status'\n\n{ask}"
    )
    state = turn(outcomes=[error], notes=[ask], sent=["Execution status: error."])
    review = await Echo().review(state, copy)
    assert not review.show and review.retry  # nothing of the model's own was left
    kept = await Echo().review(state, f"{copy}\n\nThe status column is missing.")
    assert kept.show and kept.text == "The status column is missing."
    # An answer quoting what the code printed is an answer; code lines an error quoted stay in code.
    printed = turn(outcomes=[ok("print(top)", "Top patient: Esther Toivonen\n"), error], sent=["Top patient: ..."])
    assert await Echo().review(printed, "Top patient: Esther Toivonen") is None
    assert await Echo().review(state, "```python\nself._check_indexing_error(key)\n```") is None
    # Our note restated from its middle, its first word capitalised, is still our note.
    note = "Not the answer yet: the check on the last result said 12 values became NaN. Reply with code."
    noted = turn(outcomes=[error], notes=[note], sent=["Execution status: ok."])
    review = await Echo().review(noted, "The check on the last result said 12 values became NaN.\n\nReply with code.")
    assert not review.show and review.retry


class Records(logging.Handler):
    """The log records of one logger, whatever the process's logging was set to before."""

    def __init__(self, name, level=logging.INFO):
        super().__init__(level)
        self.logger, self.lines = logging.getLogger(name), []

    def emit(self, record):
        self.lines.append(record.getMessage())

    def __enter__(self):
        self.was = self.logger.level
        self.logger.setLevel(self.level)  # not `.level =`: loggers cache whether a level is enabled
        self.logger.addHandler(self)
        return self

    def __exit__(self, *exc):
        self.logger.removeHandler(self)
        self.logger.setLevel(self.was)


async def test_each_aid_that_acts_on_a_turn_is_logged_by_name_and_no_other():
    recital = " ".join(prompts.FENCED_RULES.split()[:15])
    verdict = json.dumps({"answers": True, "answer": "42.", "missing": ""})
    with Records("jupyterlab_gptinterp.agent.aids") as log:
        loop, llm, ex, sink, gate = make(f"{recital}\nI will multiply.\n```python\nprint(6*7)\n```", verdict)
        await run_turn(loop, sink, gate)
    assert "gptinterp: aid echo tidied" in log.lines
    assert all(line.startswith("gptinterp: aid ") for line in log.lines)
    assert not [line for line in log.lines if " checks " in line or " hints " in line]  # a clean run: no note
    with Records("jupyterlab_gptinterp.agent.aids") as log:
        loop, llm, ex, sink, gate = make(fenced("text = open('/dev/null').read()"), "It is read.")
        await run_turn(loop, sink, gate, text="How many lines does the file have?")
    assert "gptinterp: aid checks noted" in log.lines  # loaded data, printed nothing


async def test_declined_code_and_a_cut_reply_are_logged_only_at_debug_for_whoever_debugs_the_loop():
    broken = fenced("total = 6 *\nprint(total)")
    with Records("jupyterlab_gptinterp.agent", logging.DEBUG) as log:
        loop, llm, ex, sink, gate = make(broken, fenced("print(6*7)"), "It is 42.")
        await run_turn(loop, sink, gate)
    declined = [line for line in log.lines if line.startswith("gptinterp: syntax declined ")]
    assert len(declined) == 1 and "total = 6 *" in declined[0]
    with Records("jupyterlab_gptinterp.agent") as log:
        loop, llm, ex, sink, gate = make(broken, fenced("print(6*7)"), "It is 42.")
        await run_turn(loop, sink, gate)
    assert log.lines and not [line for line in log.lines if "declined" in line or "6 *" in line]


async def test_a_result_worked_out_from_values_the_cell_typed_in_gets_a_note_when_the_question_is_about_data():
    async def noted(code, files=(SALES,), before=(), seen=()):
        now = ok(code, "3\n")  # the loop records the run before the aids see it
        state = turn(question="How many stations?", files=list(files), outcomes=[*before, now], seen=list(seen))
        note = await Checks().after_run(state, now)
        return note.text if note else ""

    rows = "data = [{'n': 'A', 't': 'dock'}, {'n': 'B', 't': 'dock'}, {'n': 'C', 't': 'dock'}]\nprint(len(data))"
    assert "written into the code" in await noted(rows)
    assert "written into the code" in await noted("a = 1200\nb = 1300\nprint(b - a)")
    assert await noted(rows, files=()) == ""  # not a question about data files
    assert await noted("import pandas as pd\nprint(len(pd.read_csv('s.csv')))") == ""  # it reads the data
    assert await noted("import xarray as xr\nprint(xr.open_dataset('t.nc')[['t', 'u', 'v']])") == ""
    assert await noted("print(len(stations))") == ""  # a variable an earlier cell made
    assert await noted("df = df[df['s'].isin(['open', 'closed', 'late'])]\nprint(len(df))") == ""  # changed, still its
    assert await noted("print(2931.75 * 0.15)", before=[ok("print(t)", "2931.75\n")]) == ""  # from an output
    assert await noted("v = [120.5, 98.2, 143.0]\nprint(sum(v) / 3)", before=[ok("print(v)", "120.5 98.2 143.0")]) == ""
    assert await noted("print(1200 / 3)", seen=["the total is 1,200"]) == ""  # from the chat
    assert await noted("print(round(7 / 2 * 100, 1))") == ""  # small numbers of arithmetic, no rows typed
    assert await noted("%pip install pyarrow") == ""  # not Python: not judged
    pasted = "log = '''Dec 18 sshd[1]: Failed password from 1.2.3.4\nDec 18 sshd[2]: Failed password from 1.2.3.5\n"
    pasted += "Dec 18 sshd[3]: Failed password from 1.2.3.4\n'''\nprint(len(set(re.findall(r'from (\\S+)', log))))"
    assert "written into the code" in await noted("import re\n" + pasted)  # a log's lines pasted in as text
    typed = "import io\nimport pandas as pd\nprint(pd.read_csv(io.StringIO('a,b\\n1,2\\n3,4\\n5,6')).a.sum())"
    assert "written into the code" in await noted(typed)  # read, but from text it typed
    report = "x = 7\nprint(f'''Total: {x}\nMean: {x / 2}\nMax: {x}\nMin: 1''')"
    assert await noted('"""Count the rows.\n\nOne per line.\nDone."""\n' + report) == ""  # words, no rows
    query = "import sqlite3\ncon = sqlite3.connect('x.db')\nprint(con.execute('''SELECT n\nFROM t\nWHERE n > 1''').fetchall())"
    assert await noted(query) == ""  # a query of several lines reads data


async def test_a_cell_that_reads_another_file_than_the_one_the_question_names_gets_a_note():
    async def noted(code, question="Which user ran sudo most often in auth.log?", listing=("auth.log", "results.xlsx")):
        now = ok(code, "Blair\n")
        state = turn(question=question, files=[SALES], listing=list(listing), outcomes=[now])
        note = await Checks().after_run(state, now)
        return note.text if note else ""

    wrong = (
        "import pandas as pd\ndf = pd.read_excel('results.xlsx', skiprows=3)\nprint(df['name'].value_counts().idxmax())"
    )
    assert "the question is about 'auth.log'" in await noted(wrong) and "'results.xlsx'" in await noted(wrong)
    right = "import re\nwith open('auth.log') as f:\n    text = f.read()\nprint(re.findall('sudo: +(\\w+)', text)[0])"
    assert await noted(right) == ""
    assert await noted(wrong.replace("results.xlsx", "./auth.log")) == ""  # the named file, by a path
    assert await noted(wrong, question="Which name is commonest in results.xlsx?") == ""  # the one named
    assert await noted(wrong, question="Which name is commonest?") == ""  # no file named
    both = "Join auth.log's users to results.xlsx: who ran sudo most often?"
    assert await noted(wrong, question=both) == ""  # one of the files named
    assert await noted("print(df['name'].value_counts().idxmax())") == ""  # a frame an earlier cell loaded
    assert await noted(wrong, question="Which user in xauth.log ran sudo most?") == ""  # not that name


async def test_a_column_the_load_made_dates_compared_with_a_yyyymmdd_number_gets_a_note():
    dated = ColumnProfile("date", "int", samples=["20250526"], converted="df['date'] = pd.to_datetime(...)")
    cal = FileProfile("cal.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('cal.csv')", [dated])])

    async def noted(code):
        now = ok(code, "0\n")
        note = await Checks().after_run(turn(files=[cal], outcomes=[now]), now)
        return note.text if note else ""

    said = await noted("print((df['date'] == 20250526).sum())")
    assert "pd.Timestamp('2025-05-26')" in said and "keeps no rows" in said
    assert "Timestamp" not in await noted("print((df['date'] == pd.Timestamp('2025-05-26')).sum())")
    plain = FileProfile(
        "c.csv", "table", tables=[TableProfile("", 9, "df = pd.read_csv('c.csv')", [ColumnProfile("date", "int")])]
    )
    now = ok("print((df['date'] == 20250526).sum())", "0\n")
    note = await Checks().after_run(turn(files=[plain], outcomes=[now]), now)
    assert note is None or "Timestamp" not in note.text  # a column left as numbers compares as numbers


async def test_a_cell_that_reads_another_member_of_an_archive_than_the_one_named_gets_a_note():
    def table(member):
        load = f"archive = zipfile.ZipFile('fires.zip')\ndf = pd.read_csv(archive.open('{member}'))"
        return TableProfile(member.removesuffix(".csv"), 9, load, [ColumnProfile("satellite", "text")])

    fires = FileProfile("fires.zip", "archive", tables=[table("fire_archive.csv"), table("fire_nrt.csv")])

    async def noted(member, question="How many detections in fire_archive.csv (in fires.zip) were made by Aqua?"):
        code = f"import pandas as pd\nimport zipfile\narchive = zipfile.ZipFile('fires.zip')\ndf = pd.read_csv(archive.open('{member}'))\nprint((df['satellite'] == 'Aqua').sum())"
        now = ok(code, "527\n")
        state = turn(question=question, files=[fires], listing=["fires.zip"], outcomes=[now])
        note = await Checks().after_run(state, now)
        return note.text if note else ""

    assert "the question is about 'fire_archive.csv'" in await noted("fire_nrt.csv")
    assert await noted("fire_archive.csv") == ""
    assert await noted("fire_nrt.csv", question="How many detections in fires.zip were made by Aqua?") == ""


async def test_an_id_where_the_question_asks_which_thing_gets_the_table_that_names_it():
    trips = TableProfile(
        "trips", 90, "df = pd.read_sql('SELECT * FROM trips', con)",
        [ColumnProfile("boat_id", "text", samples=["B1", "B7"]), ColumnProfile("km", "float")],
    )  # fmt: skip
    boats = TableProfile(
        "boats", 9, "df = pd.read_sql('SELECT * FROM boats', con)",
        [ColumnProfile("boat_id", "text", samples=["B1", "B2"]), ColumnProfile("boat_name", "text")],
    )  # fmt: skip
    fleet = FileProfile("fleet.sqlite", "database", tables=[trips, boats])

    async def noted(question, code, printed):
        now = ok(code, printed)
        note = await Checks().after_run(turn(question=question, files=[fleet], outcomes=[now]), now)
        return note.text if note else ""

    code = "print(df.groupby('boat_id')['km'].sum().idxmax())"
    said = await noted("Which boat sailed the most km?", code, "B4\n")
    assert "'boat_id'" in said and "table 'boats'" in said and "'boat_name'" in said
    top = "print(df.groupby('boat_id')['km'].sum().nlargest(1))"
    assert "table 'boats'" in await noted(
        "Which boat sailed the most km?", top, "boat_id\nB4    812.5\nName: km, dtype: float64\n"
    )
    assert await noted("Which boat id sailed the most km?", code, "B4\n") == ""  # the id was asked
    named = "m = df.merge(boats, on='boat_id')\nprint(m.groupby('boat_name')['km'].sum().idxmax())"
    assert await noted("Which boat sailed the most km?", named, "Sea Otter\n") == ""  # looked up
    assert await noted("How many km did boat B4 sail?", "print(df[df['boat_id'] == 'B4']['km'].sum())", "812.5\n") == ""
    numbered = FileProfile(
        "f.csv", "table", tables=[TableProfile("", 9, "", [ColumnProfile("shop_id", "int", samples=["1", "2"])])]
    )
    assert (
        await Checks().after_run(
            turn(question="Which shop sold most?", files=[numbered, fleet]),
            ok("print(df.groupby('shop_id').size().idxmax())", "17\n"),
        )
        is None
    )


def test_the_line_number_is_checked_against_the_line_the_frame_shows():
    # IPython drops leading blank lines and runs a cell magic's body: its numbers are of the code it ran
    blank = "\nimport pandas as pd\ndf = pd.DataFrame({'a': ['1', 'x']})\ntotal = df['a'].astype(int).sum()"
    tb = [
        "ValueError    Traceback (most recent call last)",
        "Cell In[2], line 3\n      2 df = pd.DataFrame({'a': ['1', 'x']})\n----> 3 total = df['a'].astype(int).sum()",
    ]
    assert failing_line(failed(blank, "ValueError", "invalid literal", tb)) == "total = df['a'].astype(int).sum()"
    timed = [
        "ZeroDivisionError    Traceback (most recent call last)",
        "Cell In[3], line 1\n----> 1 get_ipython().run_cell_magic('time', '', 'y = 1 / 0\\n')",
        "File <timed exec>:1",
    ]
    assert failing_line(failed("%%time\ny = 1 / 0", "ZeroDivisionError", "division by zero", timed)) == ""


async def test_a_stop_after_an_answer_shown_flagged_says_that_answer_is_above_not_that_there_is_none():
    # 41 is in no output: shown flagged, the model asked again; the same answer again is not shown twice.
    loop, llm, ex, sink, gate = make(fenced("print(41 + 1)"), "It is 41.", "It is 41.", names=["grounding"])
    ended = await run_turn(loop, sink, gate)
    shown = [m for m in sink.of("assistant_message") if m.text == "It is 41."]
    assert len(shown) == 1 and shown[0].ungrounded == ["41"] and len(llm.requests) == 3
    assert ended.reason == "step_cap" and "after its answer above, which is flagged" in ended.message


async def test_a_stop_after_a_reply_shown_unflagged_and_asked_again_does_not_call_it_flagged():
    # Rejected with a reason; words shown (no flag) and asked for revised code; then our own text.
    recital = "Execution status: ok.\nOutput:\n42"
    loop, llm, ex, sink, gate = make(
        fenced("print(41 + 1)"), "You are right.", recital, recital, names=["revise", "echo"]
    )
    task = asyncio.ensure_future(loop.run_turn(ChatState("c"), "How much is 6*7?", NB))
    while not sink.of("proposal"):
        await asyncio.sleep(0.01)
    gate.reject("c", sink.of("proposal")[0].proposal_id, "print it in words")
    ended = await asyncio.wait_for(task, 10)
    assert "You are right." in [m.text for m in sink.of("assistant_message")]  # shown, then asked again
    assert ended.reason == "step_cap" and "no answer I could show" in ended.message and "flagged" not in ended.message


async def test_a_reply_the_aids_cut_to_nothing_ends_the_turn_with_the_last_result_not_in_silence():
    # Our own tool text, twice: cut to nothing both times (asked again once), nothing is left to show.
    recital = "Execution status: ok.\nOutput:\n42"
    loop, llm, ex, sink, gate = make(fenced("print(41 + 1)"), recital, recital, names=["echo"])
    ended = await run_turn(loop, sink, gate)
    assert ended.reason == "step_cap" and "no answer I could show" in ended.message
    assert "42" in sink.of("assistant_message")[-1].text and len(llm.requests) == 3
    # An empty reply twice is said so, with the last result too.
    loop, llm, ex, sink, gate = make(fenced("print(41 + 1)"), "", "", names=[])
    ended = await run_turn(loop, sink, gate)
    assert (
        ended.reason == "step_cap" and "empty reply" in ended.message and "42" in sink.of("assistant_message")[-1].text
    )


async def test_a_keyerror_on_a_column_of_another_sheet_read_with_this_sheets_header_row_gets_that_sheets_lines():
    # The first sheet's header is on row 6; the model reads the second sheet with skiprows=5 too.
    first = "df = pd.read_excel('ae.xlsx', sheet_name='Data', skiprows=5)"
    second = "df = pd.read_excel('ae.xlsx', sheet_name='Trusts')"
    book = FileProfile(
        "ae.xlsx",
        "workbook",
        tables=[
            TableProfile("Data", 9, first, [ColumnProfile("Org name", "text")]),
            TableProfile("Trusts", 4, second, [ColumnProfile("Region", "text")]),
        ],
    )
    code = "import pandas as pd\ndf = pd.read_excel('ae.xlsx', sheet_name='Trusts', skiprows=5)\ndf['Region']"
    said = await hint(failed(code, "KeyError", "'Region'"), files=[book])
    assert "sheet 'Trusts'" in said and second in said and first not in said
    right = "import pandas as pd\n" + second + "\ng = df.groupby('Type').sum()\ng['Region']"
    assert "its own way" not in await hint(failed(right, "KeyError", "'Region'"), files=[book])


async def test_a_keyerror_on_a_frame_name_given_a_second_file_says_which_table_the_name_holds():
    games = TableProfile(
        name="",
        rows=50,
        load="df = pd.read_csv('games.csv')",
        columns=[ColumnProfile("title", "text"), ColumnProfile("bought", "datetime")],
    )
    plays = TableProfile(
        name="",
        rows=90,
        load="df = pd.read_json('plays.jsonl', lines=True)",
        columns=[ColumnProfile("game", "text"), ColumnProfile("date", "datetime")],
    )
    files = (
        FileProfile(name="games.csv", kind="table", tables=[games]),
        FileProfile(name="plays.jsonl", kind="table", tables=[plays]),
    )
    code = (
        "import pandas as pd\ndf = pd.read_csv('games.csv')\ndf = df[df['title'].notna()]\n"
        "df = pd.read_json('plays.jsonl', lines=True)\nprint(df[df['bought'].dt.year == 2023].shape[0])"
    )
    tb = ["KeyError    Traceback (most recent call last)", f"Cell In[3], line 5\n----> 5 {code.splitlines()[4]}"]
    said = await hint(failed(code, "KeyError", "'bought'", tb), files=files)
    assert "line 2 makes (games.csv)" in said and "line 4 assigns `df` again (plays.jsonl)" in said, said
    assert "'date'" in said
    # One frame, filtered (the name assigned again, but from itself): the usual hint, not this one.
    once = (
        "import pandas as pd\ndf = pd.read_json('plays.jsonl', lines=True)\ndf = df[df['game'].notna()]\n"
        "print(df['bought'])"
    )
    tb = ["KeyError    Traceback (most recent call last)", f"Cell In[3], line 4\n----> 4 {once.splitlines()[3]}"]
    assert "assigns `df` again" not in await hint(failed(once, "KeyError", "'bought'", tb), files=files)


async def test_a_keyerror_on_a_frame_of_lines_loaded_by_a_regex_lists_its_groups_and_the_file_that_has_the_column():
    lines = FileProfile(
        name="events.txt",
        kind="lines",
        load="import pandas as pd\nlines = pd.Series(open('events.txt').read().splitlines())\n"
        "df = lines.str.extract(r'^(?P<stamp>\\S+) (?P<level>\\w+) (?P<text>.*)$').dropna()",
    )
    users = TableProfile(
        name="", rows=9, load="df = pd.read_csv('users.csv')", columns=[ColumnProfile("owner", "text")]
    )
    files = (lines, FileProfile(name="users.csv", kind="table", tables=[users]))
    code = lines.load + "\nprint(df['owner'].nunique())"
    said = await hint(failed(code, "KeyError", "'owner'"), files=files)
    assert "makes are exactly 'stamp', 'level', 'text'" in said and "'owner' is a column of users.csv" in said, said
    said = await hint(failed(code.replace("'owner'", "'levels'"), "KeyError", "'levels'"), files=files)
    assert "did you mean 'level'?" in said and "users.csv" not in said, said
    # A load that adds a column per key=value key beside its groups: its columns are not only the groups.
    events = dataclasses.replace(lines, load=lines.load + "\ndf = pd.DataFrame([m.groupdict() for m in found])")
    said = await hint(failed(code, "KeyError", "'owner'"), files=(events, files[1]))
    assert "exactly" not in said and "users.csv" not in said, said


async def test_a_keyerror_on_one_frame_for_a_column_of_another_frame_of_the_cell_names_it_and_mends_the_line():
    readings = TableProfile(
        name="",
        rows=400,
        load="df = pd.read_csv('readings.csv')",
        columns=[ColumnProfile("meter", "int"), ColumnProfile("taken", "datetime")],
    )
    meters = TableProfile(
        name="",
        rows=90,
        load="df = pd.read_csv('meters.csv', keep_default_na=False)",
        columns=[ColumnProfile("meter", "int"), ColumnProfile("region", "text")],
    )
    files = (
        FileProfile(name="readings.csv", kind="table", tables=[readings]),
        FileProfile(name="meters.csv", kind="table", tables=[meters]),
    )

    async def said(code, key, lineno):
        tb = [
            "KeyError    Traceback (most recent call last)",
            f"Cell In[3], line {lineno}\n----> {lineno} {code.splitlines()[lineno - 1]}",
        ]
        return await hint(failed(code, "KeyError", repr(key), tb), files=files)

    code = (
        "import pandas as pd\ndf = pd.read_csv('readings.csv')\nm = pd.read_csv('meters.csv')\n"
        "north = df[df['region'] == 'north']\nprint(len(north))"
    )
    told = await said(code, "region", 4)
    assert "of `m` (meters.csv), not of `df` (readings.csv)" in told, told
    assert "`north = m[m['region'] == 'north']`" in told and "only after this line" not in told, told
    # The other frame loaded after the failing line: the hint says so.
    late = "import pandas as pd\ndf = pd.read_csv('readings.csv')\nnorth = df[df['region'] == 'north']\nm = pd.read_csv('meters.csv')"
    assert "loads `m` only after this line" in await said(late, "region", 3)
    # The line also takes a column the other frame lacks, or selects with .loc: named, but not mended.
    for line in (
        "north = df[(df['taken'] > '2024') & (df['region'] == 'north')]",
        "north = df.loc[df['region'] == 'north', 'taken']",
    ):
        told = await said(code.replace(code.splitlines()[3], line), "region", 4)
        assert "of `m` (meters.csv)" in told and "That line with it" not in told, told
    # A frame made from the other one (a merge) is another matter: not this hint.
    merged = code.replace("north = df[", "df = df.merge(m, on='meter')\nnorth = df[")
    assert "not of `df`" not in await said(merged, "region", 5)
    # The column is the indexed frame's own (filtered away since): not this hint either.
    assert "not of `df`" not in await said(code.replace("df['region']", "df['taken']"), "taken", 4)


async def test_an_inner_merge_that_takes_none_of_the_smaller_files_columns_is_noted_as_dropping_rows():
    members = TableProfile(
        name="",
        rows=3600,
        load="df = pd.read_csv('members.csv')",
        columns=[ColumnProfile("id", "int"), ColumnProfile("joined", "int")],
    )
    visits = TableProfile(
        name="",
        rows=2700,
        load="df = pd.read_csv('visits.csv')",
        columns=[ColumnProfile("id", "int"), ColumnProfile("minutes", "float")],
    )
    files = [
        FileProfile(name="members.csv", kind="table", tables=[members]),
        FileProfile(name="visits.csv", kind="table", tables=[visits]),
    ]
    load = "import pandas as pd\np = pd.read_csv('members.csv')\ne = pd.read_csv('visits.csv')\n"

    async def noted(code, files=files):
        note = await Checks().after_run(turn(files=files), ok(load + code, "82\n"))
        return note.text if note else ""

    said = await noted("m = pd.merge(p, e, on='id')\nprint((m['joined'] >= 2020).sum())")
    assert "`p` with `e` takes none of visits.csv's own columns" in said and "3,600 rows" in said, said
    for code in (
        "m = p.merge(e, on='id', how='inner')\nprint((m['joined'] >= 2020).sum())",
        "m = pd.merge(left=p, right=e, on='id')\nprint((m['joined'] >= 2020).sum())",
    ):
        assert "keeps only the rows" in await noted(code), code
    for code in (  # its columns used (by name or as an attribute), a left merge, the smaller file kept, m unused
        "m = p.merge(e, on='id')\nprint(m[m['joined'] >= 2020]['minutes'].mean())",
        "m = p.merge(e, on='id')\nprint(m[m['joined'] >= 2020].minutes.mean())",
        "m = p.merge(e, on='id', how='left')\nprint((m['joined'] >= 2020).sum())",
        "m = p.merge(e, 'left', on='id')\nprint((m['joined'] >= 2020).sum())",
        "m = pd.merge(p, e, 'left', on='id')\nprint((m['joined'] >= 2020).sum())",
        "m = e.merge(p, on='id')\nprint(m['minutes'].mean())",
        "m = p.merge(e, on='id')\nprint((p['joined'] >= 2020).sum())",
    ):
        assert "keeps only the rows" not in await noted(code), code
    # A file read only in part (its rows unknown): nothing said, and nothing breaks.
    unknown = [files[0], FileProfile(name="visits.csv", kind="table", tables=[dataclasses.replace(visits, rows=None)])]
    assert "keeps only the rows" not in await noted(
        "m = p.merge(e, on='id')\nprint((m['joined'] >= 2020).sum())", unknown
    )


async def test_a_share_beyond_100_percent_is_noted_and_a_share_within_it_or_a_growth_is_not():
    async def noted(question, printed):
        note = await Checks().after_run(turn(question=question), ok("print(share)", printed))
        return note.text if note else ""

    asked = "What percentage of the orders were paid by card?"
    assert "beyond 100 %" in await noted(asked, "Share paid by card: 412.5%\n")
    assert "beyond 100 %" in await noted(asked, "The share is 9274.00%, the most of any month\n")
    assert "beyond 100 %" in await noted(asked, "412.5\n")
    for printed in (
        "Share paid by card: 41.2%\n",
        "No orders paid in March 2024\n",  # a year, not the value
        "Share: 41.2%\nTotal orders: 3600\n",  # a count printed after the share
        "Year: 2024\n",
    ):
        assert "beyond 100 %" not in await noted(asked, printed), printed
    for question in (  # shares of something other than a whole may pass 100
        "By what percentage did sales grow in 2024?",
        "By what percentage is the price in one town higher than in the other?",
        "What percentage of its sales target did the shop reach?",
    ):
        assert "beyond 100 %" not in await noted(question, "250.0\n"), question


async def test_a_column_named_in_another_unit_than_the_question_asks_is_noted_when_one_in_that_unit_is_beside_it():
    """A gazetteer's ELEV_IN_M and ELEV_IN_FT: a question in feet answered from the metres column
    printed a number of another scale, with no error."""
    cols = [ColumnProfile(n, "float") for n in ("FEATURE_ID", "ELEV_IN_M", "ELEV_IN_FT", "tempC", "tempF")]
    files = [FileProfile("g.txt", "table", tables=[TableProfile("", 90, "df = 1", cols, whole=True)])]

    async def noted(question, code):
        note = await Checks().after_run(turn(files=files, question=question), ok(code, "12\n"))
        return note.text if note else ""

    said = await noted("How many lakes are above 12,000 feet?", "print((df['ELEV_IN_M'] > 12000).sum())")
    assert "'ELEV_IN_FT' gives the same in feet" in said
    assert "'tempF'" in await noted("What is the highest temperature in °F?", "print(df.tempC.max())")
    assert await noted("How many are above 3,000 m?", "print((df['ELEV_IN_M'] > 3000).sum())") == ""
    assert await noted("How many above 12,000 ft?", "print((df['ELEV_IN_M'] * 3.28 > 12000).sum())") == ""  # converted
    assert await noted("I'm asking: how many are high?", "print((df['ELEV_IN_FT'] > 12000).sum())") == ""
    assert await noted("Feet or metres: which is higher?", "print(df['ELEV_IN_M'].max())") == ""  # both asked
    cols = [ColumnProfile(n, "float") for n in ("WIDTH_M", "HEIGHT_FT", "Size_M", "Size_C")]
    files[:] = [FileProfile("g.txt", "table", tables=[TableProfile("", 90, "df = 1", cols, whole=True)])]
    assert await noted("How wide is it in feet?", "print(df['WIDTH_M'].max())") == ""  # another quantity
    assert await noted("How many in °C?", "print(df['Size_M'].sum())") == ""  # a size code, not metres
    ft = "FT = 3.28084\nprint((df['ELEV_IN_M'] * FT > 12000).sum())"
    files[:] = [FileProfile("g.txt", "table", tables=[TableProfile("", 90, "df = 1", [ColumnProfile("ELEV_IN_M", "float"), ColumnProfile("ELEV_IN_FT", "float")], whole=True)])]  # fmt: skip
    assert await noted("How many above 12,000 feet?", ft) == ""  # converted by a named factor


async def test_a_question_on_a_logs_lines_answered_from_its_records_frame_is_noted():
    """The preview's log block makes all_lines (every line) and df (the lines of the record shape,
    requests): a count of lines by level taken from df leaves the other lines out."""
    shown = (
        "s.log: text log, 9 lines.\n```python\nimport pandas as pd\nlines = pd.Series(open('s.log').read().splitlines())\n"
        "all_lines = lines.str.extract(r'^(?P<ts>\\S+) (?P<level>[A-Z]+) (?P<message>.*)$')\n"
        "# 6 of the 9 lines are requests, like: t INFO GET / 200\n"
        "df = lines.str.extract(r'^(?P<ts>\\S+) (?P<level>[A-Z]+) (?P<method>[A-Z]+) (?P<path>\\S+) (?P<status>\\d+)$')\n```"
    )
    files = [FileProfile("s.log", "lines", lines=shown, load="")]

    async def noted(question, code):
        note = await Checks().after_run(turn(files=files, question=question), ok(code, "2\n"))
        return note.text if note else ""

    said = await noted("How many lines of s.log are ERROR?", "print((df['level'] == 'ERROR').sum())")
    assert "only the 6 requests of its 9 lines" in said
    assert await noted("How many lines of s.log are ERROR?", "print((all_lines['level'] == 'ERROR').sum())") == ""
    assert await noted("How many request lines have status 500?", "print((df['status'] == '500').sum())") == ""
    assert await noted("How many requests are ERROR?", "print((df['level'] == 'ERROR').sum())") == ""  # not lines
    assert await noted("How many request lines are ERROR?", "print((df['level'] == 'ERROR').sum())") == ""
    assert await noted("How many lines are in s.log?", "print(len(df))") == ""  # no field read: nothing to say


async def test_records_fields_read_on_the_table_of_their_items_are_noted(tmp_path):
    """The preview offers a nested list's items as a table (one row per item, each beside its
    record's fields): a mean of the records' own fields read there counts a record once per item."""
    nights = [
        {"logId": i, "minutesAsleep": 400 + i, "type": "stages", "mainSleep": i != 2,
         "levels": {"data": [{"level": lv, "seconds": 30 * (i + 1)} for lv in ("light", "deep", "wake")[: i + 1]]}}
        for i in range(3)
    ]  # fmt: skip
    (tmp_path / "sleep.json").write_text(json.dumps(nights))
    files = await DiskWorkspace(tmp_path).profiles(NB.path, ["sleep.json"])
    items = next(t for t in files[0].tables if ".explode(" in t.load)

    async def noted(code):
        note = await Checks().after_run(turn(files=files), ok(code, "401.0\n"))
        return note.text if note else ""

    said = await noted(items.load + "\nprint(df['minutesAsleep'].mean())")
    assert "'minutesAsleep'" in said and "once per item" in said and "6 rows for 3 records" in said, said
    assert await noted(items.load + "\nprint(len(df[df['type'] == 'stages']))") == ""  # items selected by it
    assert await noted(items.load + "\nprint(df.groupby('logId')['minutesAsleep'].max().mean())") == ""
    assert await noted(items.load + "\nprint(df[df['level'] == 'wake']['seconds'].max())") == ""  # items' own
    assert await noted(files[0].tables[0].load + "\nprint(df['minutesAsleep'].mean())") == ""  # the records
    per_night = items.load + "\nprint(df.drop_duplicates('logId')['minutesAsleep'].mean())"
    assert await noted(per_night) == ""  # one row per record again


async def test_a_column_compared_with_another_columns_name_is_noted(tmp_path):
    (tmp_path / "s.csv").write_text("id,type,mainSleep\n1,stages,True\n2,classic,False\n3,stages,True\n")
    files = await DiskWorkspace(tmp_path).profiles(NB.path, ["s.csv"])

    async def noted(code):
        note = await Checks().after_run(turn(files=files), ok(code, "3\n"))
        return note.text if note else ""

    said = await noted("print((df['type'] != 'mainSleep').sum())")
    assert "'mainSleep' is the name of a column" in said and "every row with !=" in said, said
    assert "name of a column" in await noted("print(len(df[df.type == 'mainSleep']))")
    assert await noted("print((df['type'] != 'classic').sum())") == ""  # a value it holds
    assert await noted("print(df['mainSleep'].sum())") == ""


async def test_a_frame_cut_to_one_value_then_selected_by_another_is_noted():
    code = "df = df[df['logType'] == 'auto_detected']\nprint(df[df['logType'] == 'manual'].shape[0])"
    note = await Checks().after_run(turn(), ok(code, "0\n"))
    said = note.text if note else ""
    assert "cut to the rows whose 'logType' is 'auto_detected'" in said and "'manual'" in said, said
    assert filters_exclude(code.replace("'manual'", "'auto_detected'")) == ""
    assert filters_exclude(code.replace("\nprint", "\ndf = load()\nprint")) == ""  # made anew in between
    assert filters_exclude("df = df[df['a'] == 'x']\nprint(df[df['b'] == 'y'].shape[0])") == ""  # another column
    in_a_function = "def auto(df):\n    df = df[df['logType'] == 'auto_detected']\n    return len(df)\n"
    assert filters_exclude(in_a_function + "print(len(df[df['logType'] == 'manual']))") == ""
    branches = (
        "if a:\n    df = df[df['logType'] == 'auto_detected']\nelse:\n    n = len(df[df['logType'] == 'manual'])\n"
    )
    assert filters_exclude(branches) == ""
    looped = "df = df[df['logType'] == 'auto_detected']\nfor k, df in raw.groupby('t'):\n    print(len(df[df['logType'] == 'x']))"
    assert filters_exclude(looped) == ""  # the loop binds its own
