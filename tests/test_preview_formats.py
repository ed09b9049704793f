"""The preview's ready lines: a log's record format and mixed-unit conversions.

Each ready line is run with pandas exactly as the preview prints it, and its result is compared
with values computed here from the data the test wrote, not with the preview's own output.
"""

import json
import random
import re

import pandas as pd
import pytest

from jupyterlab_gptinterp.agent import files, logformat, units


def _ready_lines(text: str) -> list[str]:
    ready = r"\s*(lines = |all_lines = |df = |in \S+: |'\w+' is in)"
    return [line.strip() for line in text.splitlines() if re.match(ready, line)]


def _run(lines: list[str], df: pd.DataFrame | None, cwd, keep: bool = False):
    scope = {"pd": pd, "df": df}
    for line in lines:
        code = line.split(": ", 1)[1] if re.match(r"(in \S+|'\w+' is in[^:]*): ", line) else line
        exec(compile(code, "<ready line>", "exec"), scope)  # noqa: S102 - our own preview's text
    return scope if keep else scope["df"]


def _log(tmp_path, n=200, seed=3):
    rng = random.Random(seed)
    records, lines = [], []
    for i in range(n):
        if rng.random() < 0.2:
            lines.append(f"2024-06-0{1 + i % 9} 10:{i % 60:02d}:00 WARNING scheduler: job {i} was late by a while")
            continue
        rec = {
            "method": rng.choice(["GET", "POST"]),
            "path": rng.choice(["/a", "/b/c", "/"]),
            "status": rng.choice([200, 404, 503]),
            "ms": round(rng.uniform(1, 900), 1),
        }
        records.append(rec)
        lines.append(
            f"2024-06-0{1 + i % 9} 10:{i % 60:02d}:00 INFO {rec['method']} {rec['path']} {rec['status']} {rec['ms']}ms"
        )
    (tmp_path / "access.log").write_text("\n".join(lines) + "\n")
    return records


def test_a_logs_record_format_is_inferred_checked_and_loads_every_record(tmp_path, monkeypatch):
    records = _log(tmp_path)
    (p,) = files.previews(tmp_path, "nb.ipynb", "slowest path in access.log?")
    assert f"{len(records)} of the 200 lines are requests" in p.text and "(levels INFO, WARNING)" in p.text
    assert "# other lines are messages, like: " in p.text and "scheduler: job" in p.text
    # Pasted whole, the block after its first line is valid Python: the prose is comments.
    compile("\n".join(p.text.splitlines()[1:]), "<preview>", "exec")
    assert p.columns == ["date", "time", "level", "method", "path", "status", "ms"]
    monkeypatch.chdir(tmp_path)
    scope = _run(_ready_lines(p.text), None, tmp_path, keep=True)
    every = scope["all_lines"]
    assert len(every) == 200 and (every["level"] == "WARNING").sum() == 200 - len(records)
    assert every["message"].str.contains("scheduler: job").sum() == 200 - len(records)
    df = scope["df"]
    assert len(df) == len(records)
    assert list(df["status"]) == [r["status"] for r in records] and df["status"].dtype.kind == "i"
    assert list(df["ms"]) == pytest.approx([r["ms"] for r in records]) and df["ms"].dtype.kind == "f"
    assert list(df["path"]) == [r["path"] for r in records]


def test_no_record_format_for_prose_or_lines_with_one_field():
    prose = ["It was a dark and stormy night;", "the rain fell in torrents,", "except at occasional intervals"] * 5
    assert logformat.infer(prose) is None
    assert logformat.infer([f"2024-05-01 INFO line {i}" for i in range(50)]) is None  # one number only
    assert logformat.infer(["GET /a 200 5ms"] * 2) is None  # too few lines to call it a format


def test_a_word_that_varies_becomes_a_field_and_a_constant_word_stays_literal():
    lines = [f"node{i % 3} http GET /x/{i} {200 + i % 2} {i}ms" for i in range(30)]
    fmt = logformat.infer(lines)
    assert fmt is not None and fmt.matched == 30
    assert fmt.fields == ["field1", "method", "path", "status", "ms"]
    assert r"\s+http\s+" in fmt.regex
    assert re.match(fmt.regex, "node9 http POST /y 500 7ms").groupdict()["status"] == "500"


def test_temperatures_in_a_unit_column_convert_to_the_unit_asked(tmp_path, monkeypatch):
    rows = [
        {"city": c, "temp": t, "unit": u}
        for c, t, u in [("Oslo", 20.0, "C"), ("Denver", 86.0, "F"), ("Cairo", 35.5, "C"), ("Denver", 50.0, "F")]
    ]
    (tmp_path / "w.json").write_text(json.dumps(rows))
    monkeypatch.chdir(tmp_path)
    (c,) = files.previews(tmp_path, "nb.ipynb", "mean temperature in w.json in Celsius")
    df = _run(_ready_lines(c.text), pd.read_json("w.json"), tmp_path)
    assert list(df["temp_C"]) == pytest.approx([20.0, 30.0, 35.5, 10.0])
    (f,) = files.previews(tmp_path, "nb.ipynb", "max temperature in w.json, in Fahrenheit?")
    df = _run(_ready_lines(f.text), pd.read_json("w.json"), tmp_path)
    assert list(df["temp_F"]) == pytest.approx([68.0, 86.0, 95.9, 50.0])


@pytest.mark.parametrize(
    "question, column, factor",
    [
        ("total weight in kg of stock.csv", "weight_kg", 1.0),
        ("average weight in grams in stock.csv", "weight_g", 1000.0),
        ("weights in stock.csv", "weight_kg", 1.0),  # no unit asked: the base unit of the dimension
    ],
)
def test_numbers_with_mixed_units_convert_to_the_unit_asked(tmp_path, monkeypatch, question, column, factor):
    (tmp_path / "stock.csv").write_text("item,weight\nhammer,2 kg\nbolt,500 g\nsack,10 lb\nnail,5 g\n")
    monkeypatch.chdir(tmp_path)
    (p,) = files.previews(tmp_path, "nb.ipynb", question)
    df = _run(_ready_lines(p.text), pd.read_csv("stock.csv"), tmp_path)
    assert list(df[column]) == pytest.approx([x * factor for x in [2, 0.5, 4.5359237, 0.005]])


def test_columns_that_only_look_like_units_get_no_conversion():
    assert units.dimension(["M", "F"]) is None  # sex, not metres and Fahrenheit
    assert units.dimension(["S", "M", "L"]) is None  # sizes
    assert units.dimension(["C", "F"]) == "temperature" and units.dimension(["g", "lb"]) == "mass"
    assert units.asked_unit("How heavy, in pounds?", "mass") == "lb"
    assert units.asked_unit("How long did it take?", "mass") is None


def test_quoted_and_bracketed_fields_of_a_common_access_log():
    rng = random.Random(1)
    rows = [
        (
            f"10.0.0.{rng.randint(1, 9)}",
            f"{i % 60:02d}",
            rng.choice(["GET", "POST"]),
            f"/p{rng.randint(1, 4)}.html",
            rng.choice([200, 404, 500]),
            rng.randint(100, 5000),
        )
        for i in range(30)
    ]
    lines = [
        f'{ip} - - [10/Oct/2000:13:{m}:36 -0700] "{verb} {path} HTTP/1.0" {status} {size}'
        for ip, m, verb, path, status, size in rows
    ]
    fmt = logformat.infer(lines)
    assert fmt is not None and fmt.matched == 30
    assert fmt.fields == ["field1", "ts", "tz", "method", "path", "status", "value"]
    got = [re.match(fmt.regex, line).groupdict() for line in lines]
    assert [(g["field1"], g["method"], g["path"], int(g["status"]), int(g["value"])) for g in got] == [
        (ip, verb, path, status, size) for ip, _, verb, path, status, size in rows
    ]
    assert got[0]["ts"] == f"10/Oct/2000:13:{rows[0][1]}:36"  # the brackets are not part of the field


def test_hostile_or_odd_log_lines_never_break_the_preview(tmp_path):
    cases = {
        "indented.log": "".join(f"  2024-01-01T00:00:0{i}Z INFO GET /a 200 {i}ms\n" for i in range(5)),
        "brackets.log": "]" * 60_000 + "x\nGET /a 200 5ms\nGET /b 200 6ms\n",  # was minutes of backtracking
        "quote.log": "".join(f"svc='api' GET /p{i} 200 {i}ms\n" for i in range(10)),
        "ctrl.log": "".join(f"a\x01b GET /p{i} 200 {i}ms\n" for i in range(10)),
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        (p,) = files.previews(tmp_path, "nb.ipynb", name)
        assert p.text.startswith(f"{name}: "), name
        if p.log:  # every ready line is valid Python, and its regex matches the records
            compile("\n".join(p.text.splitlines()[1:]), name, "exec")
            rx = re.search(r"df = lines\.str\.extract\(r'(.*)'\)\.dropna", p.text).group(1)
            # (a quote or control character is written \xNN, which re reads as the character)
            assert any(re.match(rx, line) for line in text.splitlines()), name
    indented = files.previews(tmp_path, "nb.ipynb", "indented.log")[0]
    assert indented.log and "Every line is" not in indented.text and "5 lines" in indented.text
    hostile = tmp_path / "evil\nname.log"
    hostile.write_text("hello\n")
    assert "\n" not in files.preview("evil\nname.log", hostile).text.split(":")[0]


def test_a_repeated_csv_header_keeps_both_columns(tmp_path):
    (tmp_path / "dup.csv").write_text("a,a,b\n1,x,2\n3,y,4\n")
    (p,) = files.previews(tmp_path, "nb.ipynb", "dup.csv")
    assert "  'a': int" in p.text and "  'a': text" in p.text


def test_temperature_spellings_of_one_unit_all_count_as_that_unit(tmp_path, monkeypatch):
    rows = [{"t": 20.0, "u": "C"}, {"t": 20.0, "u": "°C"}, {"t": 68.0, "u": "F"}]
    (tmp_path / "w.json").write_text(json.dumps(rows))
    monkeypatch.chdir(tmp_path)
    (p,) = files.previews(tmp_path, "nb.ipynb", "mean of w.json in °C")
    df = _run(_ready_lines(p.text), pd.read_json("w.json"), tmp_path)
    assert list(df["t_C"]) == pytest.approx([20.0, 20.0, 20.0])
