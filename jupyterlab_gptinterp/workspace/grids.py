"""A raster as text: an ESRI ASCII grid (`.asc`; GDAL's AAIGrid), a few `key value` header lines
(ncols, nrows, the lower-left corner or centre, cellsize, NODATA_value), then nrows lines of ncols
numbers, the northern row first. Read with numpy as a 2-D array, voids as NaN; where a point falls
is arithmetic on the header, which the model is shown rather than left to guess (the first row is
the north edge, not the south).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KEY = re.compile(r"^\s*([A-Za-z_]+)\s+([-+]?[\d.]+(?:[eE][-+]?\d+)?)\s*$")
KEYS = {"ncols", "nrows", "xllcorner", "yllcorner", "xllcenter", "yllcenter", "cellsize", "nodata_value", "dx", "dy"}
_NUMBERS = re.compile(r"^\s*[-+]?[\d.]+(?:[eE][-+]?\d+)?(?:\s+[-+]?[\d.]+(?:[eE][-+]?\d+)?)*\s*$")


@dataclass
class Grid:
    header: dict[str, float]  # keys lower-cased
    skip: int  # header lines


def find(lines: list[str]) -> Grid | None:
    """The grid's header, or None when the text is not a grid: ncols and nrows in `key value`
    lines of the known keys at the top, then lines of numbers only."""
    header: dict[str, float] = {}
    for line in lines[:10]:
        m = _KEY.match(line)
        if not m or m.group(1).lower() not in KEYS:
            break
        try:
            header[m.group(1).lower()] = float(m.group(2))
        except ValueError:  # 'cellsize .'
            return None
    skip = len(header)
    body = [line for line in lines[skip : skip + 20] if line.strip()]
    sized = "cellsize" in header or {"dx", "dy"} <= header.keys()
    if not {"ncols", "nrows"} <= header.keys() or not sized or not body or not all(_NUMBERS.match(x) for x in body):
        return None
    if len(body[0].split()) != int(header["ncols"]):
        return None  # a row wrapped over lines: np.loadtxt would not read it
    return Grid(header, skip)


def load(name: str, grid: Grid) -> str:
    """The lines that read the header into `header` and the numbers into `grid`, voids as NaN."""
    keys = ", ".join(grid.header)
    lines = [
        "import numpy as np",
        f"with open({name!r}) as f:",
        f"    header = {{k.lower(): float(v) for k, v in (f.readline().split() for _ in range({grid.skip}))}}  # {keys}",
        f"grid = np.loadtxt({name!r}, skiprows={grid.skip})  # grid[0] is the northern row, grid[:, 0] the western column",
    ]
    if "nodata_value" in grid.header:
        lines.append("grid[grid == header['nodata_value']] = np.nan  # voids: np.nanmax, np.nanmean skip them")
    return "\n".join(lines)


def describe(name: str, grid: Grid) -> str:
    """What the model is told: the grid's shape, and a function for the cell of a point, in the
    block it should start its cell with (a small model pastes the block whole: it must run)."""
    h = grid.header
    dx, dy = ("'cellsize'", "'cellsize'") if "cellsize" in h else ("'dx'", "'dy'")
    west = "header['xllcorner']" if "xllcorner" in h else f"(header['xllcenter'] - header[{dx}] / 2)"
    south = "header['yllcorner']" if "yllcorner" in h else f"header['yllcenter'] - header[{dy}] / 2"
    return "\n".join(
        [
            f"{name}: an ESRI ASCII grid (a raster as text) of {int(h['nrows'])} rows by {int(h['ncols'])} columns, "
            f"cells {h.get('cellsize') or h.get('dx', 0.0):g} wide. Not loaded yet. Start your cell with:",
            "```python",
            load(name, grid),
            "def cell_of(x, y):  # grid[row, col] holds the point (x east or longitude, y north or latitude)",
            f"    north = {south} + header['nrows'] * header[{dy}]",
            f"    row, col = int((north - y) // header[{dy}]), int((x - {west}) // header[{dx}])",
            "    if not (0 <= row < grid.shape[0] and 0 <= col < grid.shape[1]):",
            "        raise ValueError(f'({x}, {y}) is outside the grid')",
            "    return row, col",
            "```",
        ]
    )
