"""6. The built labextension: what a browser downloads (source maps left out), total and the
largest chunks, raw and gzip -9. Broken if the build is missing."""

from __future__ import annotations

import gzip

from harness import ROOT, Row, check

STATIC = ROOT / "jupyterlab_gptinterp" / "labextension" / "static"


def _kb(n: int) -> str:
    return f"{n / 1024:,.1f} KiB"


async def run(quick: bool) -> list[Row]:
    check(STATIC.is_dir(), f"labextension not built: {STATIC} is missing (jlpm build)")
    files = [p for p in STATIC.iterdir() if p.is_file() and not p.name.endswith(".map")]
    check(any(p.name.startswith("remoteEntry.") for p in files), "labextension: no remoteEntry.*.js")
    sizes = sorted(((p.stat().st_size, len(gzip.compress(p.read_bytes(), 9)), p.name) for p in files), reverse=True)
    maps = sum(p.stat().st_size for p in STATIC.glob("*.map"))
    rows = [
        Row(
            "6 labextension",
            f"static/ total ({len(files)} files, maps {_kb(maps)} not counted)",
            f"{_kb(sum(s[0] for s in sizes))}, gzip {_kb(sum(s[1] for s in sizes))}",
        )
    ]
    for raw, gz, name in sizes[:4]:
        short = name if len(name) <= 48 else name[:45] + "..."
        rows.append(Row("6 labextension", f"  {short}", f"{_kb(raw)}, gzip {_kb(gz)}"))
    return rows
