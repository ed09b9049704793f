"""The table of `bench/micro_browser.sh`: `python bench/micro_table.py results.jsonl`.

Each line is one run of ui-tests/tests/micro.spec.ts ({variant, results}); runs come in rounds
of one run per variant. A variant is compared with the shipped run of its own round, then the
median over rounds is taken.
"""

from __future__ import annotations

import json
import statistics
import sys


def main(path: str) -> None:
    runs = [json.loads(line) for line in open(path) if line.strip()]
    variants = list(dict.fromkeys(r["variant"] for r in runs))
    n = len(variants)
    rounds = [runs[i : i + n] for i in range(0, len(runs) - n + 1, n)]
    head = ["plain path", "case", "first text shown: added", "main thread: plain / shipped"]
    head += ["final Markdown after the last token (shipped / plain)", "tasks > 50 ms, max (shipped / plain)"]
    body = []
    for v in variants:
        if v == "shipped":
            continue
        for case in runs[0]["results"]:
            pairs = []
            for rnd in rounds:
                by = {r["variant"]: r["results"][case] for r in rnd}
                pairs.append((by["shipped"], by[v]))
            med = lambda f, pairs=pairs: statistics.median(f(b, o) for b, o in pairs)  # noqa: E731
            body.append(
                [
                    v,
                    case,
                    f"{med(lambda b, o: o['first_shown_ms'] - b['first_shown_ms']):+.0f} ms",
                    f"x{med(lambda b, o: o['main_thread_ms'] / max(b['main_thread_ms'], 1)):.2f}"
                    f" ({med(lambda b, o: b['main_thread_ms']):.0f} -> {med(lambda b, o: o['main_thread_ms']):.0f} ms)",
                    f"{med(lambda b, o: b['final_render_ms']):.0f} / {med(lambda b, o: o['final_render_ms']):.0f} ms",
                    f"{med(lambda b, o: b['long_tasks']):.0f}, {max(b['long_max_ms'] for b, _ in pairs)} ms /"
                    f" {med(lambda b, o: o['long_tasks']):.0f}, {max(o['long_max_ms'] for _, o in pairs)} ms",
                ]
            )
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    line = lambda cells: "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"  # noqa: E731
    print(f"{len(rounds)} rounds; medians of per-round comparisons (tasks: median count, max over rounds)\n")
    print("\n".join([line(head), line(["-" * w for w in widths]), *map(line, body)]))


if __name__ == "__main__":
    main(sys.argv[1])
