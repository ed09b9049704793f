"""The evaluation's scorer (eval/score.py): lenient on form, strict on value, and a recital of
the prompt is never a right answer."""

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "eval"))

import score  # noqa: E402


def test_numbers_are_read_leniently_and_compared_strictly():
    assert score.correct("The total is $179,738.25.", 179738.25)
    assert not score.correct("The total is $180,738.25.", 179738.25)
    assert score.correct("It has 320 lines.", 320)
    assert not score.correct("It has 321 lines.", 320)
    assert not score.correct("```python\nprint(320)\n```", 320)  # code is not an answer


def test_a_recital_of_the_prompt_is_wrong_even_when_it_holds_the_number():
    recital = (
        "Notebook log-lines.ipynb: empty.\n\nData files (paths relative to the notebook; use these exact "
        "names):\n\nserver.log: text, 320 lines, not a table (parse the lines yourself)."
    )
    assert not score.correct(recital, 320)
    assert not score.correct("To run Python, reply with one line saying why. East", "East", kind="text")


@pytest.mark.parametrize(
    "name",
    [
        "heldout",
        "heldout2",
        "heldout3",
        "heldout4",
        "heldout5",
        "heldout6",
        "heldout7",
        "heldout8",
        "heldout9",
        "heldout10",
        "heldout11",
        "heldout12",
        "heldout13",
        "heldout14",
        "heldout15",
        "heldout16",
        "heldout17",
        "heldout18",
        "heldout19",
        "heldout20",
        "heldout21",
        "heldout22",
        "heldout23",
        "heldout24",
        "heldout25",
        "heldout26",
        "heldout27",
        "heldout28",
        "heldout29",
        "heldout30",
        "heldout31",
        "heldout32",
        "heldout33",
        "heldout34",
        "heldout35",
        "heldout36",
        "heldout37",
        "heldout38",
        "heldout39",
        "heldout40",
        "heldout41",
        "heldout42",
        "heldout43",
        "heldout44",
        "heldout45",
        "heldout46",
    ],
)
def test_each_held_out_set_answers_its_questions_from_its_messy_files(name):
    """Its check.py answers every question from the files with pandas, as an analyst would, and
    agrees with the references computed from the clean records: a wrong reference fails here."""
    check = Path(__file__).resolve().parent.parent / "eval" / name / "check.py"
    done = subprocess.run([sys.executable, str(check)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "tasks agree" in done.stdout and "files reproducible: True" in done.stdout


@pytest.mark.parametrize(
    "name",
    [
        "heldout46",
        "heldout45",
        "heldout44",
        "heldout43",
        "heldout42",
        "heldout41",
        "heldout40",
        "heldout39",
        "heldout38",
        "heldout36",
        "heldout37",
        "heldout35",
        "heldout34",
        "heldout33",
        "heldout32",
        "heldout31",
        "heldout30",
        "heldout29",
        "heldout28",
        "heldout27",
        "heldout26",
        "heldout25",
        "heldout24",
        "heldout23",
        "heldout22",
        "heldout21",
        "heldout20",
        "heldout19",
        "heldout18",
        "heldout17",
        "heldout16",
        "heldout15",
        "heldout14",
        "heldout13",
        "heldout12",
        "heldout11",
        "heldout10",
        "heldout9",
        "heldout8",
        "dev",
    ],
)
def test_the_harness_computes_each_sets_references_with_that_sets_own_modules(name):
    """A set's reference that imports `data` when called (heldout9 does) gets its own set's data
    module, whichever set was loaded before it."""
    import run

    run.load_set("dev")
    _, taskset = run.load_set(name)
    refs = taskset.references()
    assert len(refs) == len(taskset.TASKS) and all(r is not None for r in refs.values())


def test_the_harness_says_where_a_questions_time_went():
    """eval/run.py's phase clock adds up the time between the server's phase events, per phase."""
    import run

    from jupyterlab_gptinterp.protocol import PhaseEvent, TurnEnded

    clock = run.PhaseClock()
    for phase in ("reading", "writing", "running", "reading"):
        clock(PhaseEvent(chat_id="c", turn_id="t", phase=phase))
        time.sleep(0.05)
    clock(TurnEnded(chat_id="c", turn_id="t", reason="answer"))
    spent = clock.close()
    assert set(spent) == {"setup", "reading", "writing", "running", "after"}
    assert spent["reading"] >= 0.1 and spent["writing"] >= 0.05 and spent["running"] >= 0.05
    rows = [{"phases": spent}, {"phases": {"setup": 1.0, "reading": 9.0}}]
    line = run.phase_summary({"dev": {"full": rows}})
    assert line.startswith("dev full, median seconds per phase: reading ")


def test_the_harness_counts_what_the_model_wrote_after_its_code():
    import run

    from jupyterlab_gptinterp.protocol import AssistantDelta

    after = run.AfterCode()
    for piece in ["Counting:\n```py", "thon\nprint(1)\n``", "`\nThis prints 1.", "\n"]:
        after(AssistantDelta(chat_id="c", message_id="m1", delta=piece))
    after(AssistantDelta(chat_id="c", message_id="m2", delta="It is 1, no code here."))
    assert after.chars() == len("\nThis prints 1.\n")


def test_the_harness_reads_which_aids_acted_from_the_server_log(tmp_path):
    import run

    server = run.Server(tmp_path, tmp_path, "model.gguf", 10, ["checks"], [])
    server.log_path.write_text("[I 02:00 GPTInterp] gptinterp: aid preview context\n")
    offset = server.log_size()
    with server.log_path.open("a") as f:
        f.write("[I 02:01 jupyterlab_gptinterp.agent.aids] gptinterp: aid checks noted\n[I 02:01 ServerApp] 200 GET\n")
        f.write("[I 02:02 jupyterlab_gptinterp.agent.aids] gptinterp: aid checks noted\n")
        f.write("[I 02:02 jupyterlab_gptinterp.agent.aids] gptinterp: aid echo asked again\n")
    acted = server.aids_since(offset)
    assert acted == {"checks noted": 2, "echo asked again": 1}
    rows = [{"correct": True, "aids": acted}, {"correct": False, "aids": {"checks noted": 1}}, {"correct": True}]
    line = run.aid_summary({"dev": {"full": rows}})
    assert line == "dev full, aids that acted, on questions: checks noted 2 (1 right), echo asked again 1 (1 right)"


def test_the_harness_reads_each_model_call_from_the_server_log(tmp_path):
    import asyncio
    import logging
    import time

    import run

    from jupyterlab_gptinterp.agent.calls import ModelCalls, TurnTimeout, log
    from jupyterlab_gptinterp.agent.config import LoopConfig
    from jupyterlab_gptinterp.agent.seams import Completion

    server = run.Server(tmp_path, tmp_path, "model.gguf", 10, ["checks"], [])
    server.log_path.write_text("[I 02:00 GPTInterp] gptinterp: call parts 1.0 s, prompt 9 (0 cached), wrote 9, stop\n")
    offset = server.log_size()
    handler, level = logging.FileHandler(server.log_path), log.level
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        calls = ModelCalls(None, None, "c", "t", LoopConfig())  # type: ignore[arg-type]
        calls._count(Completion("x", [], "stop", 1800, 120, 1500), "reply", time.monotonic() - 12.3)
        calls._count(Completion("{}", [], "end-turn", 600, 9, 0), "check", time.monotonic() - 2.0)
        calls.partial, calls.deadline = "abc", time.monotonic() + 0.05
        with pytest.raises(TurnTimeout):
            asyncio.run(calls._bounded(asyncio.sleep(5), "reply"))
        with pytest.raises(TurnTimeout):  # no time left: not started
            asyncio.run(calls._bounded(asyncio.sleep(5), "parts"))
    finally:
        log.removeHandler(handler)
        log.setLevel(level)
        handler.close()
    got = server.calls_since(offset)
    assert got[:2] == ["reply 12.3 s 1800/1500 +120 stop", "check 2.0 s 600/0 +9 end-turn"]
    assert re.fullmatch(r"reply cut 0\.[01] s 3", got[2]) and got[3] == "parts cut 0.0 s 3" and len(got) == 4


def test_the_harness_reads_declined_code_and_cut_replies_from_the_package_debug_log(tmp_path):
    import asyncio
    import logging
    import time

    import run

    from jupyterlab_gptinterp.agent import aids
    from jupyterlab_gptinterp.agent.calls import ModelCalls
    from jupyterlab_gptinterp.agent.config import LoopConfig
    from jupyterlab_gptinterp.agent.seams import Completion
    from jupyterlab_gptinterp.protocol import NotebookView

    server = run.Server(tmp_path, tmp_path, "model.gguf", 10, ["syntax"], [])
    handler = server.config["ServerApp"]["logging_config"]["handlers"]["gptinterp_debug"]
    assert handler["filename"] == str(server.debug_path) and handler["level"] == "DEBUG"
    server.debug_path.write_text("[D 02:00 jupyterlab_gptinterp.agent.aids] gptinterp: syntax declined 'x = ('\n")
    offset = server.log_size(server.debug_path)
    package, file = logging.getLogger("jupyterlab_gptinterp"), logging.FileHandler(server.debug_path)
    level, file.level = package.level, logging.DEBUG
    package.addHandler(file)
    package.setLevel(logging.DEBUG)
    try:
        pipeline = aids.Pipeline(aids.build(["syntax"]))
        refused = asyncio.run(
            pipeline.refuse(
                aids.TurnState("q", "chat", True, NotebookView(path="n.ipynb")), "total = 6 *\nprint(total)"
            )
        )
        calls = ModelCalls(None, None, "c", "t", LoopConfig())  # type: ignore[arg-type]
        calls._count(
            Completion("```python\nrows = [\n    ('a', 1),\n", [], "length", 900, 1024, 0), "reply", time.monotonic()
        )
        calls._count(Completion("It is 42.", [], "stop", 900, 5, 0), "reply", time.monotonic())
    finally:
        package.removeHandler(file)
        package.setLevel(level)
        file.close()
    got = server.debug_since(offset)
    assert refused is not None and got["declined"] == ["syntax: 'total = 6 *\\nprint(total)'"]
    assert got["cut"] == ["reply length: \"```python\\nrows = [\\n    ('a', 1),\\n\""]


def test_the_harness_counts_an_answer_restating_our_ask_as_copied():
    import run

    assert run.copies_tool_text("The check on the last result said 5 values became NaN. Clean the text first.")
    assert run.copies_tool_text("Execution status: ok.\nOutput:\n42")
    assert not run.copies_tool_text("The total weight is 11626.29 kg; I checked that no value became NaN.")
