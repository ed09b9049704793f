"""What the model is shown stays bounded and keeps what matters (errors, hints)."""

from jupyterlab_gptinterp.agent.context import (
    comprehension_frames_dropped,
    head_tail,
    notebook_for_model,
    result_for_model,
    strip_ansi,
)
from jupyterlab_gptinterp.protocol import CellView, NotebookView


def test_head_tail_cuts_the_middle_and_says_so():
    text = "".join(f"line {i}\n" for i in range(100_000))
    out = head_tail(text, 1000)
    assert len(out) <= 1000
    assert out.startswith("line 0\n") and out.rstrip().endswith("line 99999")
    assert "characters cut" in out


def test_huge_stdout_costs_a_bounded_number_of_characters():
    outputs = [{"output_type": "stream", "name": "stdout", "text": "x" * 10_000_000}]
    text = result_for_model("ok", outputs, budget=4000)
    assert len(text) < 4200 and "characters cut" in text


def test_error_keeps_traceback_without_ansi_and_hints_pip():
    tb = [
        "\x1b[0;31mModuleNotFoundError\x1b[0m Traceback",
        "\x1b[0;31mModuleNotFoundError\x1b[0m: No module named 'polars'",
    ]
    text = result_for_model(
        "error",
        [
            {
                "output_type": "error",
                "ename": "ModuleNotFoundError",
                "evalue": "No module named 'polars'",
                "traceback": tb,
            }
        ],
    )
    assert "\x1b" not in text
    assert "No module named 'polars'" in text
    assert "%pip install polars" in text and "do without it" not in text
    err = {"output_type": "error", "ename": "ModuleNotFoundError", "evalue": "No module named 'pytz'", "traceback": []}
    text = result_for_model("error", [err])  # a module what is installed replaces: both ways are given
    assert "%pip install pytz" in text and "dt.tz_convert('America/Chicago')" in text and "zoneinfo" in text
    err = {**err, "evalue": "No module named 'sklearn.linear_model'"}
    text = result_for_model("error", [err])  # the package's name on PyPI, not the module's
    assert "`%pip install scikit-learn`" in text and "install sklearn" not in text
    text = result_for_model("error", [{**err, "evalue": "No module named 'google.protobuf'"}])
    assert "module 'google.protobuf' is not installed" in text and "`%pip install protobuf`" in text
    text = result_for_model("error", [{**err, "evalue": "No module named 'xml.etree.cElementTree'"}])
    assert "%pip" not in text  # the standard library's: nothing to install


def test_images_are_described_not_sent_as_base64():
    out = {"output_type": "display_data", "data": {"image/png": "iVBOR" * 100_000, "text/plain": "<Figure>"}}
    text = result_for_model("ok", [out])
    assert "[PNG image shown to the user]" in text and "iVBOR" not in text


def test_strip_ansi():
    assert strip_ansi("\x1b[1;32mok\x1b[0m") == "ok"


def test_notebook_view_prefers_cells_near_the_active_one_within_budget():
    cells = [
        CellView(id=f"c{i}", cell_type="code", source=f"x{i} = {i}\n" * 20, execution_count=i) for i in range(2000)
    ]
    nb = NotebookView(path="big.ipynb", kernel_id="k", active_cell_id="c1500", cells=cells)
    text = notebook_for_model(nb, budget=3000)
    assert len(text) < 3400
    assert "id=c1500" in text and "(active)" in text
    assert "id=c0 " not in text
    assert "other cells not shown" in text


def test_a_cut_falls_between_lines_and_says_how_many_lines_went():
    text = "".join(f"{i:>4}  2024-01-{i % 28 + 1:02d}  {i * 1.5:8.2f}\n" for i in range(300))
    out = head_tail(text, 1000)
    kept = out.splitlines()
    marker = next(line for line in kept if "characters cut" in line)
    assert len(out) <= 1000
    # Every row shown is whole, and the rows that went are counted.
    assert all(line in text.splitlines() for line in kept if line is not marker)
    went = int(marker.split("[... ")[1].split(" lines")[0])
    assert went == 300 - (len(kept) - 1)


def test_a_comprehensions_frame_that_shows_the_cells_first_line_is_dropped():
    # As IPython 8 on Python 3.11 prints an error inside a list comprehension (a real kernel's text).
    tb = (
        "IndexError                                Traceback (most recent call last)\n"
        "Cell In[1], line 5\n      4 data = [[1]]\n----> 5 d = [float(r[1]) for r in data]\n      6 print(d)\n\n"
        "Cell In[1], line 5, in <listcomp>(.0)\n----> 5 import csv\n\n"
        "IndexError: list index out of range"
    )
    told = result_for_model("error", [{"output_type": "error", "ename": "IndexError", "evalue": "", "traceback": [tb]}])
    assert "import csv" not in told and "----> 5 d = [float(r[1]) for r in data]" in told and "IndexError: list" in told
    called = tb.replace("Cell In[1], line 5, in <listcomp>", "Cell In[1], line 2, in f")  # a function's frame stays
    assert "line 2, in f" in comprehension_frames_dropped(called)
