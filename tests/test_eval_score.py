"""The evaluation's scorer (eval/score.py): lenient on form, strict on value, and a recital of
the prompt is never a right answer."""

import sys
from pathlib import Path

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
