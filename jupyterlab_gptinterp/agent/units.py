"""Ready conversion lines for columns in mixed units, in the unit the question asks for.

Measured on the local model: told only "MIXED units: convert before summing", it wrote
conversions that fail (`x[1].map` on a string) or ignored a `unit` column and averaged °F with
°C. Given one exact line to paste, with the factors and the target unit filled in, it does not
have to get either right.
"""

from __future__ import annotations

import re

# Factor of each unit to its dimension's base unit (the first of each table).
_FACTORS: dict[str, dict[str, float]] = {
    "mass": {"kg": 1, "g": 0.001, "mg": 1e-6, "t": 1000, "lb": 0.45359237, "lbs": 0.45359237, "oz": 0.028349523125},
    "length": {"m": 1, "mm": 0.001, "cm": 0.01, "km": 1000, "in": 0.0254, "ft": 0.3048, "yd": 0.9144, "mi": 1609.344},
    "volume": {"l": 1, "ml": 0.001, "cl": 0.01, "dl": 0.1, "gal": 3.785411784, "floz": 0.0295735295625},
    "time": {"s": 1, "ms": 0.001, "us": 1e-6, "min": 60, "h": 3600, "d": 86400},
    "data": {"b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "kib": 1024, "mib": 1024**2, "gib": 1024**3},
}
_TEMPERATURE = {"c", "f", "k", "°c", "°f"}
# Words a question uses for a unit, longest first when matched.
_WORDS = {
    "kilograms": "kg",
    "kilogram": "kg",
    "kg": "kg",
    "grams": "g",
    "gram": "g",
    "milligrams": "mg",
    "pounds": "lb",
    "lb": "lb",
    "lbs": "lb",
    "ounces": "oz",
    "tonnes": "t",
    "metres": "m",
    "meters": "m",
    "kilometres": "km",
    "kilometers": "km",
    "km": "km",
    "centimetres": "cm",
    "centimeters": "cm",
    "cm": "cm",
    "millimetres": "mm",
    "millimeters": "mm",
    "mm": "mm",
    "inches": "in",
    "feet": "ft",
    "miles": "mi",
    "litres": "l",
    "liters": "l",
    "millilitres": "ml",
    "milliliters": "ml",
    "ml": "ml",
    "seconds": "s",
    "milliseconds": "ms",
    "ms": "ms",
    "minutes": "min",
    "hours": "h",
    "bytes": "b",
    "kilobytes": "kb",
    "megabytes": "mb",
    "gigabytes": "gb",
    "celsius": "C",
    "centigrade": "C",
    "fahrenheit": "F",
    "kelvin": "K",
    "°c": "C",
    "°f": "F",
}


def dimension(units: list[str]) -> str | None:
    """The dimension all `units` share ('temperature', 'mass', …), or None."""
    low = {u.lower() for u in units}
    if low and low <= _TEMPERATURE:
        return "temperature"
    for dim, table in _FACTORS.items():
        if low and low <= set(table):
            return dim
    return None


def asked_unit(question: str, dim: str) -> str | None:
    """The unit of `dim` the question asks for ('in grams' → 'g'), if it names one."""
    for word in re.findall(r"[A-Za-z°]+", question):
        unit = _WORDS.get(word.lower())
        if unit and (dimension([unit]) == dim):
            return unit
    return None


def _target(units: list[str], dim: str, question: str) -> str:
    asked = asked_unit(question, dim)
    if dim == "temperature":
        return (asked or "C").upper()
    if asked:
        return next((u for u in units if u.lower() == asked), asked)
    return next(iter(_FACTORS[dim]))


def _factor_map(units: list[str], dim: str, target: str) -> str:
    table = _FACTORS[dim]
    to = table[target.lower()]
    return "{" + ", ".join(f"'{u}': {_num(table[u.lower()] / to)}" for u in units) + "}"


def _num(x: float) -> str:
    return f"{x:.10g}"


def _suffix(unit: str) -> str:
    return re.sub(r"\W", "", unit)


def number_with_unit(col: str, units: list[str], question: str) -> str | None:
    """A line that turns a text column like '0.19 kg' / '500 g' into numbers in one unit."""
    dim = dimension(units)
    if dim is None or dim == "temperature":
        return None
    target = _target(units, dim, question)
    new = f"{col}_{_suffix(target)}"
    # One statement: the model garbled a two-statement version (a temporary became the column).
    return (
        f"in {target}: df[{new!r}] = df[{col!r}].str.extract(r'([\\d.]+)\\s*([^\\d\\s]+)')"
        f".pipe(lambda p: p[0].astype(float) * p[1].map({_factor_map(units, dim, target)}))"
    )


def value_and_unit(value_col: str, unit_col: str, units: list[str], question: str) -> str | None:
    """A line that converts a number column whose unit sits in another column."""
    dim = dimension(units)
    if dim is None:
        return None
    target = _target(units, dim, question)
    new = f"{value_col}_{_suffix(target)}"
    if dim == "temperature":
        to_c = {"c": "x", "°c": "x", "f": "(x - 32) * 5 / 9", "°f": "(x - 32) * 5 / 9", "k": "x - 273.15"}
        from_c = {"C": "c", "F": "c * 9 / 5 + 32", "K": "c + 273.15"}[target]
        same = [u for u in units if u.lstrip("°").upper() == target]
        others = [u for u in units if u not in same]
        if len(others) != 1:
            return None
        x = f"df[{value_col!r}]"
        convert = (
            from_c.replace("c", f"({to_c[others[0].lower()].replace('x', x)})")
            if target != "C"
            else to_c[others[0].lower()].replace("x", x)
        )
        if len(same) > 1:  # 'C' and '°C' in one column
            cond = f"df[{unit_col!r}].isin({same!r})"
        else:
            cond = f"df[{unit_col!r}] == {same[0]!r}" if same else f"df[{unit_col!r}] != {others[0]!r}"
        return f"{value_col!r} is in the unit of {unit_col!r}; in °{target}: df[{new!r}] = {x}.where({cond}, {convert})"
    return (
        f"{value_col!r} is in the unit of {unit_col!r}; in {target}: "
        f"df[{new!r}] = df[{value_col!r}] * df[{unit_col!r}].map({_factor_map(units, dim, target)})"
    )
