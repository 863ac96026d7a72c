"""Benchmark canasta-score: start-up against a bare Typer program, batch rulings, growth.

Run it with the project's own environment (nothing else to install)::

    .venv/bin/python bench/run.py            # about two minutes
    .venv/bin/python bench/run.py --runs 41  # steadier medians

Every command is run as a user runs it, as a new process, and timed from start to exit (wall
time). Start-up commands are run in interleaved rounds, so a busy moment of the machine falls
on all of them alike; each median is compared with the median of a bare one-command Typer
program run the same way with the same Python. The package's bytecode is compiled first, as an
installation does. Games live in a temporary folder (``CANASTA_SCORE_HOME``), made through the
library. The exit code is 0 when every target is met, 1 otherwise.
"""

from __future__ import annotations

import argparse
import compileall
import itertools
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from games import distinct_meld_lines, make_game, meld_lines

BARE = '''"""A bare one-command Typer program: the yardstick for start-up."""

import typer

app = typer.Typer()


@app.command()
def main(score: int = 0) -> None:
    """Print the score."""
    typer.echo(score)


if __name__ == "__main__":
    app()
'''
START_UP_TARGETS = {"min-meld": 1.3, "check meld": 1.3, "status, 500 hands": 1.5}
THROUGHPUT_TARGET = 20_000
BATCH_LINES = 100_000
GROWTH_SIZES = (100, 1_000, 10_000)


@dataclass
class Case:
    """A command line to time; ``before`` runs ahead of each timed run, outside the timing."""

    label: str
    argv: list[str]
    codes: tuple[int, ...] = (0,)
    before: Callable[[], None] | None = None
    times: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.times)


class Bench:
    """The temporary folder, the environment and the program under test."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.home = folder / "games"
        self.env = {**os.environ, "CANASTA_SCORE_HOME": str(self.home)}
        script = Path(sys.executable).parent / "canasta-score"
        self.program = [str(script)] if script.exists() else [sys.executable, "-m", "canasta_score"]
        self.bare = folder / "bare.py"
        self.bare.write_text(BARE, encoding="utf-8")

    def cmd(self, *args: str) -> list[str]:
        return [*self.program, *args]

    def run(self, case: Case, out: Path | None = None) -> float:
        """One timed run; fails loudly if the command does not do what it should."""
        if case.before is not None:
            case.before()
        target = open(out, "wb") if out else subprocess.DEVNULL  # noqa: SIM115
        try:
            start = time.perf_counter()
            done = subprocess.run(
                case.argv, stdout=target, stderr=subprocess.PIPE, env=self.env, check=False
            )
            elapsed = time.perf_counter() - start
        finally:
            if out:
                target.close()  # type: ignore[union-attr]
        if done.returncode not in case.codes:
            message = done.stderr.decode(errors="replace")[-2000:]
            raise SystemExit(f"{case.label}: exit {done.returncode}\n{message}")
        return elapsed


def compile_package() -> None:
    """Write the package's bytecode, as pip does on install (an editable checkout may lack it)."""
    import canasta_score

    with open(os.devnull, "w") as quiet:
        saved, sys.stdout = sys.stdout, quiet
        try:
            compileall.compile_dir(Path(canasta_score.__file__).parent, quiet=2)
        finally:
            sys.stdout = saved


def interleaved(bench: Bench, cases: list[Case], runs: int) -> None:
    """Two warm-up runs each, then ``runs`` rounds, each case once per round in random order."""
    rng = random.Random(1)
    for case in cases:
        bench.run(case)
        bench.run(case)
    for _ in range(runs):
        order = list(cases)
        rng.shuffle(order)
        for case in order:
            case.times.append(bench.run(case))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def start_up(bench: Bench, runs: int) -> bool:
    name = make_game(bench.home, 500)
    cold = make_game(bench.home, 500, "bench-500-cold")
    cache = bench.home / ".cache" / f"{cold}.toml.json"
    cases = [
        Case("bare Typer program", [sys.executable, str(bench.bare), "--score", "1500"]),
        Case("min-meld", bench.cmd("min-meld", "--score", "1500")),
        Case("check meld", bench.cmd("check", "meld", "K K 2")),
        Case("status, 500 hands", bench.cmd("status", "--game", name)),
        Case(
            "status, 500 hands, no cache",
            bench.cmd("status", "--game", cold),
            before=lambda: cache.unlink(missing_ok=True),
        ),
    ]
    interleaved(bench, cases, runs)
    bare = cases[0].median
    print(f"\nStart-up: median wall time of {runs} runs, and the ratio to the bare program")
    ok = True
    for case in cases:
        ratio = case.median / bare
        line = f"  {case.label:30} {ms(case.median)}  {ratio:5.2f}x"
        limit = START_UP_TARGETS.get(case.label)
        if limit is not None:
            line += f"   target <= {limit:.1f}x  {verdict(ratio <= limit)}"
            ok &= ratio <= limit
        elif case.before is not None:
            line += "   (first status after the game file changed outside the program)"
        print(line)
    return ok


def throughput(bench: Bench) -> bool:
    lines, distinct = meld_lines(BATCH_LINES)
    mixed = bench.folder / "melds.jsonl"
    mixed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    unique = bench.folder / "distinct.jsonl"
    unique.write_text("\n".join(distinct_meld_lines(BATCH_LINES)) + "\n", encoding="utf-8")
    answers = bench.folder / "answers.jsonl"
    print(f"\nBatch rulings: check --batch on {BATCH_LINES:,} meld lines, end to end")
    ok = True
    for label, path, runs in (
        (f"as written at a table ({distinct:,} distinct)", mixed, 3),
        ("every line distinct, suits on every card", unique, 3),
    ):
        case = Case(label, bench.cmd("check", "--batch", str(path)), codes=(0, 1))
        times = [bench.run(case, answers) for _ in range(runs)]
        with answers.open("rb") as result:
            count = sum(1 for _ in result)
        if count != BATCH_LINES:
            raise SystemExit(f"check --batch answered {count} lines of {BATCH_LINES}")
        rate = BATCH_LINES / statistics.median(times)
        line = f"  {label:44} {statistics.median(times):6.2f} s  {rate:9,.0f} rulings/s"
        if runs > 1:
            line += f"   target >= {THROUGHPUT_TARGET:,}/s  {verdict(rate >= THROUGHPUT_TARGET)}"
            ok &= rate >= THROUGHPUT_TARGET
        print(line)
    return ok


def growth(bench: Bench, runs: int) -> bool:
    names = {size: make_game(bench.home, size) for size in GROWTH_SIZES}
    commands = {
        "status": ("status",),
        "history": ("history",),
        "export (json)": ("export", "--format", "json"),
    }
    header = "".join(f"{f'{s:,} hands':>14}" for s in GROWTH_SIZES)
    print(f"\nGrowth: median wall time of {runs} runs; a ratio of 10 per tenfold is linear")
    print(f"  {'':16}{header}   ratios   per extra hand   target")
    ok = True
    for label, args in commands.items():
        cases = [Case(f"{label} {s}", bench.cmd(*args, "--game", names[s])) for s in GROWTH_SIZES]
        interleaved(bench, cases, runs)
        medians = [c.median for c in cases]
        ratios = [b / a for a, b in itertools.pairwise(medians)]
        extra = (medians[-1] - medians[0]) / (GROWTH_SIZES[-1] - GROWTH_SIZES[0])
        linear = all(r <= 10.0 for r in ratios)
        ok &= linear
        cells = "".join(f"{ms(m):>14}" for m in medians)
        shown = " ".join(f"{r:4.1f}" for r in ratios)
        print(
            f"  {label:16}{cells}   {shown}   {extra * 1e6:7.0f} us        <= 10  {verdict(linear)}"
        )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="start-up rounds (default 21)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args()
    import typer

    compile_package()
    folder = Path(tempfile.mkdtemp(prefix="canasta-bench-"))
    bench = Bench(folder)
    print(
        f"canasta-score benchmark: Python {platform.python_version()}, typer {typer.__version__},"
        f" {os.cpu_count()} CPU(s), {platform.system()} {platform.machine()}"
    )
    try:
        results = [
            start_up(bench, options.runs),
            throughput(bench),
            growth(bench, max(3, options.runs // 4)),
        ]
    finally:
        if options.keep:
            print(f"\nKept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print("\nAll targets met." if all(results) else "\nSome targets were missed.")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
