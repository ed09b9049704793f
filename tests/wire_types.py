"""Every field of every client message, and JSON values of the types it does not accept.

Read from the protocol's own JSON Schema (validation mode), so a field added to protocol.py is
covered without touching the tests. Shared by the strict-validation test and the fuzz test.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from jupyterlab_gptinterp.protocol import client_message_adapter

Path = tuple[str | int, ...]

# Values of each JSON type; a JSON number with a fraction part of zero (1.0) is a float on the
# wire, so it counts as "number", not "integer" (pydantic's lax mode took 1.0 for true).
SAMPLES: dict[str, list[Any]] = {
    "null": [None],
    "boolean": [True, False],
    "integer": [0, 1, -1],
    "number": [1.0, 0.0, 1.5],
    "string": ["true", "yes", "on", "1", "t", "y", "True", "0", ""],
    "array": [[], ["x"]],
    "object": [{}, {"true": True}],
}


def _schema() -> dict[str, Any]:
    return client_message_adapter.json_schema()


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = root["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def accepted(schema: dict[str, Any], root: dict[str, Any]) -> set[str]:
    """The JSON types a (sub)schema accepts."""
    schema = _resolve(schema, root)
    if "anyOf" in schema or "oneOf" in schema:
        return set().union(*(accepted(s, root) for s in schema.get("anyOf", schema.get("oneOf", []))))
    kind = schema.get("type")
    if isinstance(kind, list):
        return set(kind)
    if kind:
        return {kind}
    if "const" in schema or "enum" in schema:
        return {"string"}
    return set(SAMPLES)  # no constraint


def wrong_values(schema: dict[str, Any], root: dict[str, Any]) -> list[Any]:
    ok = accepted(schema, root)
    return [v for kind, values in SAMPLES.items() if kind not in ok for v in values]


def fields(message: dict[str, Any]) -> Iterator[tuple[Path, dict[str, Any]]]:
    """(path, schema) of every field present in `message`, nested objects and list items too."""
    root = _schema()
    by_type = {_resolve(ref, root)["properties"]["type"]["const"]: _resolve(ref, root) for ref in root["oneOf"]}

    def walk(value: Any, schema: dict[str, Any], path: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
        schema = _resolve(schema, root)
        if "anyOf" in schema:  # an optional object or list: the branch that is not null
            schema = next((_resolve(s, root) for s in schema["anyOf"] if s.get("type") != "null"), schema)
        if isinstance(value, dict):
            for key, sub in schema.get("properties", {}).items():
                if key in value:
                    yield (*path, key), sub
                    yield from walk(value[key], sub, (*path, key))
        elif isinstance(value, list) and value and "items" in schema:
            yield (*path, 0), schema["items"]
            yield from walk(value[0], schema["items"], (*path, 0))

    yield from walk(message, by_type[message["type"]], ())


def with_value(message: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(message)
    target: Any = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def wrong_type_frames(message: dict[str, Any]) -> Iterator[tuple[Path, Any, dict[str, Any]]]:
    """`message` with one field at a time set to each JSON value of a type it does not accept."""
    root = _schema()
    for path, schema in fields(message):
        for value in wrong_values(schema, root):
            yield path, value, with_value(message, path, value)
