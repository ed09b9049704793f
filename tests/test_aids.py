"""The loop's aids for small models: file previews, error hints, repeated code, grounding.

Pure parts tested directly; the loop parts against the seam fakes (real loop, gate, context).
"""

import asyncio
import json
import os

from seam_fakes import ExecExecutor, ListSink, ScriptedLLM

from jupyterlab_gptinterp.agent import files, hints, prompts
from jupyterlab_gptinterp.agent.context import result_for_model
from jupyterlab_gptinterp.agent.loop import AgentLoop, ChatState, LoopConfig
from jupyterlab_gptinterp.approval import ApprovalGate
from jupyterlab_gptinterp.protocol import NotebookView

NB = NotebookView(path="work/nb.ipynb", kernel_id="k1")


def _root(tmp_path):
    root = tmp_path / "root"
    (root / "work").mkdir(parents=True, exist_ok=True)
    (root / "work" / "people.tsv").write_text(
        "Name\tsalary\tjoined\nAna\t100\t2024-01-02\nBen\t\t03/04/2024\nChen\t300\t5 Mar 2024\n"
    )
    (root / "work" / "sales.csv").write_text('id,revenue,weight\n1,"$1,234.50",2 kg\n2,$9.00,500 g\n')
    (root / "work" / "app.log").write_text("".join(f"2024-05-01 INFO line {i}\n" for i in range(50)))
    (root / "work" / "data.json").write_text(json.dumps([{"city": "Oslo", "temp": 20.5, "rain": None}] * 4))
    return root


def fenced(code, why="Computing it."):
    return f"{why}\n```python\n{code}\n```"


def make(tmp_path, *replies, **cfg):
    cfg.setdefault("tool_mode", "fenced")
    cfg.setdefault("root_dir", str(_root(tmp_path)))
    llm, ex, sink, gate = ScriptedLLM(*replies), ExecExecutor(), ListSink(), ApprovalGate()
    return AgentLoop(llm, ex, sink, gate, LoopConfig(**cfg)), llm, ex, sink, gate


async def approve_all(sink, gate, stop):
    seen = 0
    while not stop.done():
        if len(sink.of("proposal")) > seen:
            p = sink.of("proposal")[seen]
            gate.approve("c", p.proposal_id, p.code, "u")
            seen += 1
        await asyncio.sleep(0.005)


async def turn(loop, sink, gate, text, nb=NB):
    task = asyncio.ensure_future(loop.run_turn(ChatState("c"), text, nb))
    approver = asyncio.ensure_future(approve_all(sink, gate, task))
    ended = await asyncio.wait_for(task, 5)
    await approver
    return ended


# --- previews ---------------------------------------------------------------------------------


def test_tsv_preview_gives_the_separator_exact_columns_and_what_needs_cleaning(tmp_path):
    root = _root(tmp_path)
    (p,) = files.previews(root, "work/nb.ipynb", "mean salary in people.tsv?")
    assert p.sep == "\t" and p.columns == ["Name", "salary", "joined"]
    assert "sep='\\t'" in p.text and "3 rows" in p.text
    assert "'salary': int, 1 missing" in p.text
    assert "format='mixed'" in p.text  # three date formats in one column
    (s,) = files.previews(root, "work/nb.ipynb", "total of sales.csv")
    assert "text money like '$1,234.50'" in s.text and "MIXED units" in s.text


def test_preview_of_json_and_logs(tmp_path):
    root = _root(tmp_path)
    (j,) = files.previews(root, "work/nb.ipynb", "data.json")
    assert "JSON list of 4 records" in j.text and j.columns == ["city", "temp", "rain"]
    (log,) = files.previews(root, "work/nb.ipynb", "errors in app.log")
    assert "50 lines" in log.text and "line 0" in log.text and "line 40" not in log.text


def test_without_a_named_file_the_files_beside_the_notebook_are_previewed_within_budget(tmp_path):
    root = _root(tmp_path)
    found = files.previews(root, "work/nb.ipynb", "what is in here?", budget=900)
    assert found and sum(len(p.text) for p in found) <= 900
    assert files.previews(root, "work/nb.ipynb", "what is in here?", beside=False) == []


def test_previews_never_leave_the_root_nor_follow_symlinks(tmp_path):
    root = _root(tmp_path)
    secret = tmp_path / "secret.csv"
    secret.write_text("password\nhunter2\n")
    os.symlink(secret, root / "work" / "link.csv")
    os.symlink(tmp_path, root / "work" / "up")
    for question in ["../../secret.csv", "link.csv", "up/secret.csv", "/etc/passwd.txt", "../../../../secret.csv"]:
        assert files.previews(root, "work/nb.ipynb", question, beside=False) == [], question
    beside = files.previews(root, "work/nb.ipynb", "anything", budget=10_000)
    assert all("hunter2" not in p.text for p in beside) and "link.csv" not in [p.name for p in beside]
    assert files.previews(root, "../nb.ipynb", "secret.csv") == []


# --- hints ------------------------------------------------------------------------------------


def _error(ename, evalue):
    return result_for_model(
        "error", [{"output_type": "error", "ename": ename, "evalue": evalue, "traceback": [f"{ename}: {evalue}"]}]
    )


def test_keyerror_hint_names_the_columns_that_exist(tmp_path):
    previews = files.previews(_root(tmp_path), "work/nb.ipynb", "people.tsv")
    hint = hints.error_hint(
        _error("KeyError", "'Salary'"), "df = pd.read_csv('people.tsv', sep='\\t')\ndf['Salary']", previews
    )
    assert "'Name', 'salary', 'joined'" in hint and "Did you mean 'salary'?" in hint


def test_tsv_read_without_separator_gets_the_sep_hint():
    hint = hints.error_hint(_error("KeyError", "'salary'"), "df = pd.read_csv('people.tsv')\ndf['salary'].mean()", [])
    assert "sep='\\t'" in hint


def test_parser_error_hint_shows_the_files_first_lines(tmp_path):
    previews = files.previews(_root(tmp_path), "work/nb.ipynb", "app.log")
    hint = hints.error_hint(
        _error("ParserError", "Error tokenizing data. C error: Expected 1 fields"), "pd.read_csv('app.log')", previews
    )
    assert "2024-05-01 INFO line 0" in hint


def test_parser_error_on_a_log_gets_the_ready_load_lines(tmp_path):
    root = _root(tmp_path)
    (root / "work" / "web.log").write_text(
        "".join(f"2024-05-01T10:00:0{i % 10}Z INFO GET /p{i % 3} 200 {i}ms\n" for i in range(20))
    )
    previews = files.previews(root, "work/nb.ipynb", "web.log")
    hint = hints.error_hint(
        _error("ParserError", "Error tokenizing data. C error: Expected 8 fields in line 28"),
        "pd.read_csv('web.log', sep=' ')",
        previews,
    )
    assert "web.log is a log, not a table" in hint and "df = lines.str.extract(r'^" in hint


def test_a_cell_that_printed_nothing_is_told_to_print_its_result():
    quiet = result_for_model("ok", [])
    assert "printed nothing" in hints.result_check(quiet, "df = pd.read_csv('x.csv')")
    assert hints.result_check(quiet, "def f(x):\n    return 2 * x") == ""  # defining prints nothing, rightly
    assert (
        hints.result_check(
            result_for_model("ok", [{"output_type": "stream", "name": "stdout", "text": "42\n"}]), "print(42)"
        )
        == ""
    )


def test_money_and_dates_hints_and_none_for_a_clean_run():
    money = hints.error_hint(_error("ValueError", "could not convert string to float: '$1,234.50'"), "x", [])
    assert "str.replace" in money
    dates = hints.error_hint(_error("ValueError", 'time data "5 Mar 2024" doesn\'t match format "%Y-%m-%d"'), "x", [])
    assert "format='mixed'" in dates
    assert hints.error_hint(result_for_model("ok", []), "x", []) == ""


def test_same_code_ignores_comments_and_layout_but_not_a_fix():
    old = "df = pd.read_csv('a.csv')\nprint(df['Revenue'].sum())"
    assert hints.same_code("# total\ndf = pd.read_csv(\"a.csv\")\n\nprint( df['Revenue'].sum() )  # go", [old]) == old
    assert hints.same_code("df = pd.read_csv('a.csv')\nprint(df['revenue'].sum())", [old]) is None


def test_ungrounded_allows_rounding_separators_and_percentages():
    seen = ["Result:\n94466.66666666667\n0.199288\n179738.25"]
    assert hints.ungrounded("The mean is **94,466.67**, total $179,738.25, rate 19.93%.", seen) == []
    assert hints.ungrounded("About 94,467.", seen) == []
    assert hints.ungrounded("The answer is 1234.", seen) == ["1234"]
    assert hints.ungrounded("```python\nprint(777)\n```\n1. first\nNo number here.", seen) == []


# --- the loop ---------------------------------------------------------------------------------


async def test_the_named_files_preview_reaches_the_model_only_with_the_aid(tmp_path):
    loop, llm, *_ = make(tmp_path, "It has 3 rows.")
    await loop.run_turn(ChatState("c"), "How many rows in people.tsv?", NB)
    system = llm.requests[0][0]["content"]
    assert "people.tsv: tab-separated" in system and "'salary'" in system and "sales.csv" not in system
    loop, llm, *_ = make(tmp_path, "It has 3 rows.", aids=frozenset())
    await loop.run_turn(ChatState("c"), "How many rows in people.tsv?", NB)
    assert "people.tsv" not in llm.requests[0][0]["content"]


async def test_a_keyerror_result_carries_the_column_hint(tmp_path):
    code = "row = {'Name': 'Ana', 'salary': 100}  # people.tsv\nprint(row['Salary'])"
    loop, llm, ex, sink, gate = make(tmp_path, fenced(code), "I could not.")
    await turn(loop, sink, gate, "Salary of Ana in people.tsv?")
    told = llm.requests[1][-1]["content"]
    assert "KeyError" in told and "Did you mean 'salary'?" in told


async def test_a_repeat_of_failed_code_is_not_proposed_and_the_model_is_told(tmp_path):
    bad = "print(undefined_name)"
    loop, llm, ex, sink, gate = make(
        tmp_path, fenced(bad), fenced(bad + "  # again"), fenced("print(6*7)"), "It is 42."
    )
    ended = await turn(loop, sink, gate, "compute")
    assert ex.ran == [bad, "print(6*7)"]  # the repeat never reached the user or the kernel
    assert len(sink.of("proposal")) == 2
    assert "Not run: this is the same code that already failed" in llm.requests[2][-1]["content"]
    assert any("same code" in d.text for d in sink.deltas if d.type == "status")
    assert ended.reason == "answer" and ended.llm_calls == 4


async def test_a_model_that_keeps_repeating_itself_is_stopped(tmp_path):
    from jupyterlab_gptinterp.agent.loop import MAX_REPEATS, STUCK

    bad = "print(undefined_name)"
    loop, llm, ex, sink, gate = make(tmp_path, *[fenced(bad)] * 9, "never asked")
    ended = await turn(loop, sink, gate, "compute")
    assert ex.ran == [bad]
    assert ended.reason == "step_cap" and ended.message == STUCK
    assert ended.llm_calls == 1 + MAX_REPEATS  # not the whole step budget


async def test_without_the_aid_the_repeat_is_proposed_again(tmp_path):
    bad = "print(undefined_name)"
    loop, llm, ex, sink, gate = make(tmp_path, fenced(bad), fenced(bad), "Sorry.", aids=frozenset())
    await turn(loop, sink, gate, "compute")
    assert ex.ran == [bad, bad]


async def test_an_invented_number_is_marked_and_the_model_asked_once_to_compute_it(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, "There are 17 rows.", fenced("print(3)"), "There are 3 rows.")
    ended = await turn(loop, sink, gate, "How many rows in people.tsv?")
    first, last = sink.of("assistant_message")[0], sink.of("assistant_message")[-1]
    assert first.ungrounded == ["17"] and last.ungrounded == []
    assert "17 appear(s) in no output" in llm.requests[1][-1]["content"]
    assert "you have run no code" in llm.requests[1][-1]["content"]  # nothing ran: told to run code
    assert ex.ran == ["print(3)"] and ended.reason == "answer"


async def test_after_a_run_the_grounding_check_asks_for_numbers_from_the_outputs(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, fenced("print(3)"), "There are 17 rows.", "There are 3 rows.")
    await turn(loop, sink, gate, "How many rows in people.tsv?")
    note = llm.requests[2][-1]["content"]
    assert "17 appear(s) in no output you have seen" in note and "run no code" not in note


async def test_the_grounding_check_asks_only_once_and_not_without_the_aid(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, "It is 917.", "It is 918.", "never asked")
    await turn(loop, sink, gate, "How many rows?")
    assert [m.ungrounded for m in sink.of("assistant_message")] == [["917"], ["918"]]
    assert len(llm.requests) == 2
    loop, llm, ex, sink, gate = make(tmp_path, "It is 17.", aids=frozenset())
    await turn(loop, sink, gate, "How many rows?")
    assert sink.of("assistant_message")[0].ungrounded == [] and len(llm.requests) == 1


async def test_the_same_answer_after_the_grounding_check_is_not_shown_twice(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, "The total is $10,143.00.", "The total is $10,143.00.", "never asked")
    ended = await turn(loop, sink, gate, "What is the total amount?")
    assert [(m.text, m.ungrounded) for m in sink.of("assistant_message")] == [
        ("The total is $10,143.00.", ["$10,143.00"])
    ]
    assert ended.reason == "answer" and len(llm.requests) == 2


async def test_rejected_code_proposed_again_unchanged_does_not_bother_the_user(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, fenced("print('rm')"), fenced("print('rm')"), "OK, I will not.")

    async def reject_first():
        p = await sink.wait_for("proposal")
        gate.reject("c", p.proposal_id, "no")

    rejecter = asyncio.ensure_future(reject_first())
    ended = await asyncio.wait_for(loop.run_turn(ChatState("c"), "clean", NB), 5)
    await rejecter
    assert len(sink.of("proposal")) == 1 and ex.ran == []
    assert "already rejected exactly this code" in llm.requests[2][-1]["content"]
    assert ended.reason == "answer"


def test_strip_echo_drops_a_recital_of_the_rules_only():
    recital = prompts.FENCED_RULES + "\n\nThe number of records is 52."
    assert prompts.strip_echo(recital) == "The number of records is 52."
    assert prompts.strip_echo(" ".join(prompts.FENCED_RULES.split()[:9])) == ""
    assert prompts.strip_echo("To run it, I load the file.") == "To run it, I load the file."


def test_strip_echo_drops_a_recital_of_the_notebook_and_file_previews(tmp_path):
    previews = prompts.files_text([files.preview("app.log", _root(tmp_path) / "work" / "app.log").text])
    system = prompts.system_prompt("fenced", "Notebook work/nb.ipynb: empty.", files_text=previews)
    # Seen from the local model: the notebook line and the log's preview, as its whole reply.
    recital = "Notebook work/nb.ipynb: empty.\n\n" + previews
    assert prompts.strip_echo(recital, system) == ""
    assert prompts.strip_echo(recital + "\n\nThe log has 50 lines.", system) == "The log has 50 lines."
    # Quoting a few words of the preview in an answer is not a recital.
    assert prompts.strip_echo("app.log: text, 50 lines.", system) == "app.log: text, 50 lines."
    # Nor is opening with a sentence of the user's notebook.
    notebook = (
        "Notebook nb.ipynb:\n\n[markdown]\nIntro.\n\nWe load the data and compute totals per region.\n\n[code]\nx = 1"
    )
    quoted = "We load the data and compute totals per region. The total is 5."
    assert prompts.strip_echo(quoted, prompts.system_prompt("fenced", notebook)) == quoted


async def test_a_reply_that_only_recites_the_rules_is_asked_again(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, prompts.FENCED_RULES, fenced("print(2)"), "It is 2.")
    ended = await turn(loop, sink, gate, "1+1?")
    assert ex.ran == ["print(2)"] and ended.reason == "answer"
    assert llm.requests[1][-1]["content"] == prompts.ECHO_NOTE
    assert all(prompts.FENCED_RULES not in m.text for m in sink.of("assistant_message"))
    loop, llm, ex, sink, gate = make(tmp_path, prompts.FENCED_RULES, aids=frozenset())
    await turn(loop, sink, gate, "1+1?")
    assert len(llm.requests) == 1 and sink.of("assistant_message")[0].text == prompts.FENCED_RULES


async def test_a_reply_cap_reaches_the_api_only_when_set(fake_llm):
    from conftest import API_KEY

    from jupyterlab_gptinterp.agent.llm import OpenAIChat

    for cap in (7, None):
        fake_llm.script({"text": "hi"})
        llm = OpenAIChat(base_url=fake_llm.url, api_key=API_KEY, model="fake-model", max_tokens=cap)
        [event async for event in llm.stream([{"role": "user", "content": "hi"}], None)]
        assert fake_llm.requests[-1].get("max_tokens") == cap


async def test_printing_the_invented_number_does_not_ground_it(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, "It is 1042 kg.", fenced("print(1042)"), "It is 1042 kg.")
    await turn(loop, sink, gate, "Total weight?")
    assert ex.ran == ["print(1042)"]
    assert sink.of("assistant_message")[-1].ungrounded == ["1042"]
    assert hints.without_literals("Result:\n1042\n7", "print(1042)") == "Result:\n \n7"


def test_data_written_in_code_then_computed_on_still_grounds_an_answer():
    code = "import pandas as pd\ndf = pd.DataFrame({'revenue': [100, 250, 175]})\nprint(df)\nprint('total:', 525)"
    output = "   revenue\n0      100\n1      250\n2      175\ntotal: 525"
    kept = hints.without_literals(output, code)
    assert "175" in kept and "250" in kept  # computed on, then printed: seen
    assert "525" not in kept  # printed as a bare literal: not evidence
    assert hints.ungrounded("March fell to 175.", [kept]) == []


# --- results wrong on their face ---------------------------------------------------------------


def _ok(text):
    return result_for_model("ok", [{"output_type": "stream", "name": "stdout", "text": text}])


def test_result_check_flags_nan_none_and_nothing_found():
    assert "NaN" in hints.result_check(_ok("nan\n"), "print(df['w'].mean())")
    assert "NaN" in hints.result_check(_ok("The average weight is nan.\n"), "x")
    assert "NaN" in hints.result_check(_ok("mean: None\n"), "x")
    warned = "nan\n/tmp/ipykernel_1/2.py:17: RuntimeWarning: invalid value encountered in scalar divide\n"
    assert "NaN" in hints.result_check(_ok(warned), "print(a / b)")
    assert "found nothing" in hints.result_check(_ok("No response times found in the log file.\n"), "x")
    assert "found nothing" in hints.result_check(_ok("0\n"), "print(len(re.findall(r'x', text)))")


def test_result_check_flags_text_values_summed():
    money = "$1,960.16$818.54$580.39$928.40$2,110.01\n"
    assert "joined end to end" in hints.result_check(_ok(money), "print(df['amount'].sum())")
    units = "0    0.56 kg0.56 kg0.56 kg0.56 kg\nName: weight, dtype: str\n"
    assert "joined end to end" in hints.result_check(_ok(units), "x")


def test_result_check_leaves_plausible_results_alone():
    for text in [
        "42\n",
        "0\n",
        "34572.40\n",
        "$1,234.50\n",
        "Total: $1,234.50 and $9.00\n",
        "2 kg 500 g\n",
        "   a    b\n0  1.0  NaN\n1  2.0  3.0\n",
        "Nothing to do for nan handling: 3 rows\n",
    ]:
        assert hints.result_check(_ok(text), "print(df.groupby('r').size())") == "", text
    assert hints.result_check(result_for_model("ok", []), "x") == ""
    assert hints.result_check(_error("ValueError", "nan"), "x") == ""


async def test_a_nan_result_reaches_the_model_with_the_check_and_not_without_the_aid(tmp_path):
    code = "print(float('nan'))"
    loop, llm, ex, sink, gate = make(tmp_path, fenced(code), "It is nan.")
    await turn(loop, sink, gate, "mean weight?")
    assert "Check: the result is empty or NaN" in llm.requests[1][-1]["content"]
    loop, llm, ex, sink, gate = make(tmp_path, fenced(code), "It is nan.", aids=frozenset({"hints"}))
    await turn(loop, sink, gate, "mean weight?")
    assert "Check:" not in llm.requests[1][-1]["content"]


def test_strip_echo_drops_a_recital_of_a_note_we_added_even_without_its_label():
    note = hints.result_check(_ok("0\n"), "print(len(re.findall(r'x', text)))")
    recital = note.removeprefix("Check: ").capitalize()
    assert prompts.strip_echo(recital, notes=[note]) == ""
    assert prompts.strip_echo(recital + "\n\nThere are 17.", notes=[note]) == "There are 17."
    assert prompts.strip_echo(recital) == recital  # only notes this turn sent are ours


async def test_a_reply_that_only_recites_a_check_is_asked_again(tmp_path):
    code = "import re\nprint(len(re.findall(r'5\\d\\d', 'GET / 200')))"
    recital = "The search found nothing. The pattern or filter probably does not match the data."
    loop, llm, ex, sink, gate = make(tmp_path, fenced(code), recital, "There are 0 such requests.")
    ended = await turn(loop, sink, gate, "How many 5xx requests?")
    assert ended.reason == "answer"
    assert prompts.ECHO_NOTE in llm.requests[2][-1]["content"]
    assert [m.text for m in sink.of("assistant_message")][-1] == "There are 0 such requests."


def test_a_value_with_a_unit_gets_the_units_hint_not_the_money_hint():
    hint = hints.error_hint(_error("ValueError", "could not convert string to float: '0.19 kg'"), "x", [])
    assert "carry units" in hint and "'lb': 0.453592" in hint and "[$,]" not in hint
    money = hints.error_hint(_error("ValueError", "could not convert string to float: '$1,234.50'"), "x", [])
    assert "[$,]" in money and "carry units" not in money


def test_str_cleaning_of_a_numeric_column_gets_told_it_is_numbers_already(tmp_path):
    error = _error("AttributeError", "Can only use .str accessor with string values, not floating")
    hint = hints.error_hint(error, "df['quantity'].str.replace('$', '')", [])
    assert "already numbers" in hint
    (sales,) = files.previews(_root(tmp_path), "work/nb.ipynb", "sales.csv")  # 'id' int, 'revenue' money
    hint = hints.error_hint(error, "df['revenue'].str.strip('$'); df['id'].str.len()", [sales])
    assert "'id' is already numbers" in hint and "'revenue'" not in hint


def test_a_python_block_that_is_only_a_value_is_an_answer_not_code():
    assert prompts.literal_answer("The count is:\n```python\n3\n```") == "The count is:\n3"
    assert prompts.literal_answer("```python\n'/api/users'\n```") == "/api/users"
    assert prompts.literal_answer("Run it:\n```python\nprint(3)\n```") is None
    assert prompts.literal_answer("```python\nx = 3\n```") is None and prompts.literal_answer("No code.") is None


async def test_a_value_in_a_code_block_ends_the_turn_as_the_answer(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, fenced("print(1 + 2)"), "The answer:\n```python\n3\n```", "never")
    ended = await turn(loop, sink, gate, "What is 1 + 2?")
    assert ex.ran == ["print(1 + 2)"] and ended.reason == "answer"
    assert sink.of("assistant_message")[-1].text == "The answer:\n3" and len(llm.requests) == 2


def test_nameerror_hint_gives_the_missing_import_or_the_files_load_lines(tmp_path):
    root = _root(tmp_path)
    (root / "work" / "web.log").write_text(
        "".join(f"2024-05-01T10:00:0{i % 10}Z INFO GET /p{i % 3} 200 {i}ms\n" for i in range(20))
    )
    log = files.previews(root, "work/nb.ipynb", "web.log")
    hint = hints.error_hint(_error("NameError", "name 'df' is not defined"), "df['path'].value_counts()", log)
    assert "nothing is loaded yet" in hint and "import pandas as pd\nlines = pd.Series(open('web.log')" in hint
    tsv = files.previews(root, "work/nb.ipynb", "people.tsv")
    hint = hints.error_hint(_error("NameError", "name 'df' is not defined"), "print(df.salary.mean())", tsv)
    assert hint.endswith("import pandas as pd\ndf = pd.read_csv('people.tsv', sep='\\t')")
    hint = hints.error_hint(_error("NameError", "name 'pd' is not defined"), "df = pd.read_csv('x.csv')", tsv)
    assert "add `import pandas as pd`" in hint
    assert "define them again" in hints.error_hint(_error("NameError", "name 'total' is not defined"), "total", [])


def test_strip_echo_drops_a_recital_that_starts_at_a_later_sentence_of_a_note():
    note = prompts.ungrounded_note(["118"], ran_code=False)
    recital = note.split(". ", 2)[-1]  # the note's last sentence, as the model copied it
    assert recital.startswith("To compute") and prompts.strip_echo(recital, notes=[note]) == ""
    assert prompts.strip_echo("The total stock is 1803.", notes=[note]) == "The total stock is 1803."


async def test_a_reply_that_copies_the_result_is_asked_again(tmp_path):
    copy = "Execution status: error.\nThe code produced no output.\nError:\nNameError: name 'df' is not defined"
    loop, llm, ex, sink, gate = make(tmp_path, fenced("print(6 * 7)"), copy, "It is 42.")
    ended = await turn(loop, sink, gate, "What is six times seven?")
    assert llm.requests[2][-1]["content"] == prompts.ECHO_NOTE
    assert [m.text for m in sink.of("assistant_message")][-1] == "It is 42." and ended.reason == "answer"


def test_pasted_output_is_told_apart_from_code():
    result = result_for_model("ok", [{"output_type": "stream", "name": "stdout", "text": "$1,960.16$818.54$580.39\n"}])
    assert hints.pasted_output("$1,960.16$818.54$580.39", result)
    assert hints.pasted_output("$1,960.16$818.54", result)  # a part of it, too
    assert not hints.pasted_output("print(total)", result) and not hints.pasted_output("x", result)
    assert not hints.pasted_output("$1,960.16", _error("NameError", "name 'x' is not defined"))


async def test_the_last_output_proposed_as_code_is_not_run_and_the_model_told(tmp_path):
    joined = "print('$1.00' + '$2.00' + '$3.00')"
    loop, llm, ex, sink, gate = make(tmp_path, fenced(joined), fenced("$1.00$2.00$3.00"), "The total is $6.00.")
    await turn(loop, sink, gate, "total?")
    assert ex.ran == [joined] and len(sink.of("proposal")) == 1
    assert prompts.PASTED_OUTPUT_NOTE in llm.requests[2][-1]["content"]


def test_code_that_is_all_comments_is_told_apart():
    assert hints.only_comments("# %pip install pandas") and hints.only_comments("\n  # a\n\n#b\n")
    assert not hints.only_comments("%pip install pandas") and not hints.only_comments("# load\nx = 1")


async def test_code_that_is_all_comments_is_not_run_and_the_model_told(tmp_path):
    loop, llm, ex, sink, gate = make(
        tmp_path, fenced("# %pip install pandas"), fenced("%pip install pandas"), "Installed."
    )
    await turn(loop, sink, gate, "install pandas")
    assert ex.ran == ["%pip install pandas"] and len(sink.of("proposal")) == 1
    assert llm.requests[1][-1]["content"].endswith(prompts.COMMENTS_ONLY_NOTE)
    assert any("all comments" in getattr(e, "text", "") for e in sink.deltas)


def test_what_the_last_cell_printed_is_still_code_when_it_is_code():
    result = result_for_model("ok", [{"output_type": "stream", "name": "stdout", "text": "total: 42\nmean_price\n"}])
    assert not hints.pasted_output("total", result) and not hints.pasted_output("mean_price", result)
    assert prompts.literal_answer('```python\n"""Compute the total."""\n```') is None  # a docstring
    assert prompts.literal_answer("```python\n0x" + "f" * 5000 + "\n```") is None  # too long to print: not an answer


def test_a_cell_that_writes_a_file_is_not_told_it_printed_nothing():
    quiet = result_for_model("ok", [])
    assert hints.result_check(quiet, "df = pd.read_csv('a.csv')\ndf.to_csv('b.csv')") == ""
    assert hints.result_check(quiet, "open('out.txt', 'w').write(open('a.txt').read())") == ""
    assert "printed nothing" in hints.result_check(quiet, "df = pd.read_csv('a.csv')\nd = pd.to_datetime(df.x)")


async def test_a_copied_result_is_cut_and_the_answer_after_it_kept(tmp_path):
    loop, llm, ex, sink, gate = make(tmp_path, fenced("print(6 * 7)"), "never")
    sent = result_for_model("ok", [{"output_type": "stream", "name": "stdout", "text": "42\n"}])
    loop.llm.replies[1:] = [f"Result:\n{sent}\n\nThe answer is 42."]
    ended = await turn(loop, sink, gate, "What is six times seven?")
    assert sink.of("assistant_message")[-1].text == "The answer is 42." and ended.reason == "answer"
