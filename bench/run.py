"""Benchmark canasta-score against the speed targets: start-up, growth, batch throughput.

Run it with the project's own environment (nothing else to install)::

    .venv/bin/python bench/run.py            # several minutes: every target, judged
    .venv/bin/python bench/run.py --runs 41  # steadier start-up medians
    .venv/bin/python bench/run.py --smoke    # seconds: tiny sizes, nothing judged (for CI)

Every command is run as a user runs it, as a new process, from start to exit. The targets:

* start-up: ``min-meld``, ``check meld``, ``check pickup``, ``score-hand`` (in a home without
  games) and ``status`` (a 20-hand game), median wall time within 1.05x a bare one-command Typer
  program (the ratio to
  that program with ``gc.freeze`` at exit, as canasta-score does, is shown beside it);
* on a game of 100 hands, ``hand`` (appending), ``status``, ``history``, ``undo`` and
  ``export`` in every format each within 1.2x the bare Typer program; appending a hand to a
  10,000-hand game at most 1.2x appending to the 100-hand game (the other commands on the
  long game are shown, not judged);
* ``score-hand --batch``: at least 3,000 records/s, end to end, on distinct records over three
  rulesets (classic, modern-american, samba), card by card or in totals, TOML text or tables;
* ``check --batch``: at least 20,000 rulings/s of CPU time, on a mixed file (40% meld, 20%
  pickup, 10% each discard, go-out, initial-meld, min-meld) over the same three rulesets.

Commands compared with each other run in interleaved rounds, so a busy moment of the machine
falls on all of them alike. For each game command the slope (microseconds per extra hand,
between the 100-hand and the 10,000-hand game) is printed as well. ``bench/stats.py`` times
``stats`` over a season of 500 games of 20 hands (within 2x the bare program). The package's
bytecode is compiled first, as an installation does; games live in a temporary folder
(``CANASTA_SCORE_HOME``), made through the library. The exit code is 0 when every target is
met, 1 when one is missed, and 2 when a command fails. ``--smoke`` runs the same steps on tiny
sizes and judges nothing (its exit code is 0 unless a command fails).
"""

from __future__ import annotations

import argparse
import compileall
import dataclasses
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from games import hand as game_hand
from games import make_game, mixed_check_lines, score_lines

from canasta_score.output.export import toml_text

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
# The same program leaving its objects out of the collections Python makes as it shuts down, as
# canasta-score does (``gc.freeze`` at exit): shown beside the yardstick, for comparison only.
FROZEN_EXIT = "    try:\n        app()\n    finally:\n        import gc\n\n        gc.freeze()\n"
BARE_FROZEN = BARE.replace("    app()\n", FROZEN_EXIT)
# A hand for ``hand --file``: us go out with 100 melded and a natural canasta, them hold 20.
APPENDED = """[[side]]
name = "Ann & Bob"
meld_points = 100
canastas = { natural = 1 }
went_out = true

[[side]]
name = "Cy & Di"
in_hand_points = 20
"""
START_UP_LIMIT = 1.05
APPEND_LIMIT = 1.2
GAME_LIMIT = 1.2
SCORE_TARGET = 3_000
CHECK_TARGET = 20_000


@dataclass(frozen=True)
class Sizes:
    """How much each part of a run does."""

    start_up_runs: int
    game_runs: int
    small: int
    large: int
    score_records: int
    check_lines: int
    batch_runs: int
    warm_up: int


FULL = Sizes(21, 5, 100, 10_000, 10_000, 100_000, 3, 2)
SMOKE = Sizes(1, 1, 5, 50, 200, 2_000, 1, 0)


@dataclass
class Case:
    """A command line to time; ``before`` runs ahead of each timed run, outside the timing."""

    label: str
    argv: list[str]
    codes: tuple[int, ...] = (0,)
    before: Callable[[], None] | None = None
    home: Path | None = None  # a game folder of its own, else the benchmark's
    times: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.times)


@dataclass
class Target:
    """One judged target: what was measured, its limit, and whether it was met."""

    name: str
    shown: str
    met: bool


class CommandFailed(Exception):
    """A command under test exited with a code it should not have."""


class Bench:
    """The temporary folder, the environment, the program under test and the targets seen."""

    def __init__(self, folder: Path, sizes: Sizes, judged: bool) -> None:
        self.folder = folder
        self.sizes = sizes
        self.judged = judged
        self.targets: list[Target] = []
        self.home = folder / "games"
        self.env = {**os.environ, "CANASTA_SCORE_HOME": str(self.home)}
        script = Path(sys.executable).parent / "canasta-score"
        self.program = [str(script)] if script.exists() else [sys.executable, "-m", "canasta_score"]
        bare = folder / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        self.bare = [sys.executable, str(bare), "--score", "1500"]
        frozen = folder / "bare_frozen.py"
        frozen.write_text(BARE_FROZEN, encoding="utf-8")
        self.bare_frozen = [sys.executable, str(frozen), "--score", "1500"]

    def cmd(self, *args: str) -> list[str]:
        return [*self.program, *args]

    def run(self, case: Case, out: Path | None = None) -> tuple[float, float]:
        """One run: (wall seconds, CPU seconds of the process). Fails if the command does not
        end with one of its codes."""
        if case.before is not None:
            case.before()
        target = open(out, "wb") if out else subprocess.DEVNULL  # noqa: SIM115
        env = self.env if case.home is None else {**self.env, "CANASTA_SCORE_HOME": str(case.home)}
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            start = time.perf_counter()
            done = subprocess.run(
                case.argv, stdout=target, stderr=subprocess.PIPE, env=env, check=False
            )
            elapsed = time.perf_counter() - start
        finally:
            if out:
                target.close()  # type: ignore[union-attr]
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime
        if done.returncode not in case.codes:
            message = done.stderr.decode(errors="replace")[-2000:]
            raise CommandFailed(f"{case.label}: exit {done.returncode}\n{message}")
        return elapsed, cpu

    def judge(self, name: str, value: float, limit: float, at_most: bool, unit: str) -> str:
        """Record a target and return its verdict for the table."""
        met = value <= limit if at_most else value >= limit
        sign = "<=" if at_most else ">="
        shown = f"{value:,.2f}{unit}" if unit == "x" else f"{value:,.0f}{unit}"
        self.targets.append(Target(name, f"{shown} (target {sign} {limit:,g}{unit})", met))
        if not self.judged:
            return f"target {sign} {limit:,g}{unit}  (not judged)"
        return f"target {sign} {limit:,g}{unit}  {'ok' if met else 'MISSED'}"


def compile_package() -> None:
    """Write the package's bytecode, as pip does on install (an editable checkout may lack it)."""
    import canasta_score

    with open(os.devnull, "w") as quiet:
        saved, sys.stdout = sys.stdout, quiet
        try:
            compileall.compile_dir(Path(canasta_score.__file__).parent, quiet=2)
        finally:
            sys.stdout = saved


def interleaved(bench: Bench, cases: list[Case], runs: int, warm_up: int) -> None:
    """``warm_up`` untimed runs each, then ``runs`` rounds, each case once per round in random
    order."""
    rng = random.Random(1)
    for case in cases:
        for _ in range(warm_up):
            bench.run(case)
    for _ in range(runs):
        order = list(cases)
        rng.shuffle(order)
        for case in order:
            case.times.append(bench.run(case)[0])


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f} ms"


def start_up(bench: Bench) -> None:
    runs = bench.sizes.start_up_runs
    name = make_game(bench.home, 20, "start-up")
    record = bench.folder / "c5.toml"
    record.write_text(toml_text(game_hand(1)), encoding="utf-8")
    # The rulings' start-up is timed in a home without games; with a current game open, a
    # ruling also reads its ruleset (the last row, shown, not judged).
    empty = bench.folder / "no-games"
    empty.mkdir(exist_ok=True)
    cases = [
        Case("bare Typer program", bench.bare),
        Case("bare, gc.freeze at exit", bench.bare_frozen),
        Case("min-meld", bench.cmd("min-meld", "--score", "1500"), home=empty),
        Case("check meld", bench.cmd("check", "meld", "K K 2"), home=empty),
        Case(
            "check pickup",
            bench.cmd("check", "pickup", "--top", "8H", "--hand", "8C 8S 5D"),
            home=empty,
        ),
        Case("score-hand", bench.cmd("score-hand", str(record), "-r", "classic"), home=empty),
        Case("status (20 hands)", bench.cmd("status", "--game", name)),
        Case("check meld, a game open", bench.cmd("check", "meld", "K K 2")),
    ]
    interleaved(bench, cases, runs, bench.sizes.warm_up)
    bare, frozen = cases[0].median, cases[1].median
    print(f"\nStart-up: median wall time of {runs} runs, and the ratio to the bare program")
    print(f"  {cases[0].label:34} {ms(bare)}")
    print(f"  {cases[1].label:34} {ms(frozen)}  {frozen / bare:5.2f}x   (for comparison)")
    for case in cases[2:]:
        ratio = case.median / bare
        beside = f"{case.median / frozen:.2f}x the second"
        if case is cases[-1]:
            print(f"  {case.label:34} {ms(case.median)}  {ratio:5.2f}x   (shown, not judged)")
            continue
        verdict = bench.judge(f"start-up {case.label}", ratio, START_UP_LIMIT, True, "x")
        print(f"  {case.label:34} {ms(case.median)}  {ratio:5.2f}x   {verdict:24} {beside}")


def growth(bench: Bench) -> None:
    """The game commands on a realistic game (the small size: 100 hands), each within
    GAME_LIMIT of the bare program; and appending to a long game (the large size) within
    APPEND_LIMIT of appending to the realistic one. The other commands on the long game are
    shown, not judged."""
    small, large = bench.sizes.small, bench.sizes.large
    runs = bench.sizes.game_runs
    names = {size: make_game(bench.home, size) for size in (small, large)}
    hand = bench.folder / "hand.toml"
    hand.write_text(APPENDED, encoding="utf-8")
    commands: dict[str, tuple[str, ...]] = {"hand (append)": ("hand", "--file", str(hand))}
    commands |= {"status": ("status",), "history": ("history",)}
    formats = ("json", "toml", "csv", "md", "html")
    commands |= {f"export {f}": ("export", "--format", f) for f in formats}
    print(
        f"\nGame commands: median wall time of {runs} runs on games of {small:,} and {large:,}"
        " hands, the cost of each extra hand, and the ratio the target names"
    )
    header = f"{f'{small:,} hands':>12} {f'{large:,} hands':>13}"
    print(f"  {'':18}{header}   per extra hand   ratio")
    print("  (undo: a hand is added just before each run)")
    runs_of = {
        label: [Case(f"{label} {s}", bench.cmd(*args, "--game", names[s])) for s in names]
        for label, args in commands.items()
    }
    runs_of["undo"] = [
        Case(
            f"undo {s}",
            bench.cmd("undo", "--yes", "--game", names[s]),
            before=appender(bench, names[s], hand),
        )
        for s in names
    ]
    for label, cases in runs_of.items():
        bare = Case("bare Typer program", bench.bare)
        interleaved(bench, [*cases, bare], runs, min(1, bench.sizes.warm_up))
        first, last = cases[0].median, cases[1].median
        slope = (last - first) / (large - small)
        ratio = first / bare.median
        verdict = bench.judge(f"{label} at {small:,} hands", ratio, GAME_LIMIT, True, "x")
        print(
            f"  {label:18}{ms(first):>12} {ms(last):>13}   {slope * 1e6:9,.1f} us   "
            f"{ratio:6.2f}x ({small:,} hands / bare)   {verdict}"
        )
        if label.startswith("hand"):
            grown = last / first
            verdict = bench.judge(f"append at {large:,} hands", grown, APPEND_LIMIT, True, "x")
            what = f"{large:,} / {small:,} hands"
            print(f"  {'':18}{'':>12} {'':>13}   {'':>12}   {grown:6.2f}x ({what})   {verdict}")


def appender(bench: Bench, name: str, hand: Path) -> Callable[[], None]:
    """Add a hand to game ``name`` (``hand --file``), as a step before a timed run."""

    def append() -> None:
        done = subprocess.run(
            bench.cmd("hand", "--file", str(hand), "--game", name),
            env=bench.env,
            capture_output=True,
            check=False,
        )
        if done.returncode != 0:
            message = done.stderr.decode(errors="replace")[-2000:]
            raise CommandFailed(f"hand --file before an export: exit {done.returncode}\n{message}")

    return append


def batch_rates(bench: Bench, case: Case, lines: int, answers: Path) -> tuple[float, float]:
    """Lines per second of ``case``, of wall time and of the process's CPU time (medians of
    the batch runs); every line must be answered."""
    walls, cpus = [], []
    for _ in range(bench.sizes.batch_runs):
        wall, cpu = bench.run(case, answers)
        walls.append(wall)
        cpus.append(cpu)
        with answers.open("rb") as result:
            count = sum(1 for _ in result)
        if count != lines:
            raise CommandFailed(f"{case.label}: answered {count} lines of {lines}")
    return lines / statistics.median(walls), lines / statistics.median(cpus)


def score_batch(bench: Bench) -> None:
    count = bench.sizes.score_records
    path = bench.folder / "records.jsonl"
    path.write_text("\n".join(score_lines(count)) + "\n", encoding="utf-8")
    answers = bench.folder / "breakdowns.jsonl"
    case = Case("score-hand --batch", bench.cmd("score-hand", "--batch", str(path)))
    rate, cpu_rate = batch_rates(bench, case, count, answers)
    with answers.open("rb") as result:
        errors = sum(1 for line in result if b'"error"' in line[:12])
    if errors:
        raise CommandFailed(f"score-hand --batch refused {errors} of the benchmark's records")
    print(f"\nBatch scoring: score-hand --batch on {count:,} distinct records")
    verdict = bench.judge("score-hand --batch", rate, SCORE_TARGET, False, "/s")
    print(f"  {'records per second (wall time)':34} {rate:11,.0f}   {verdict}")
    print(f"  {'records per CPU second':34} {cpu_rate:11,.0f}")


def check_batch(bench: Bench) -> None:
    count = bench.sizes.check_lines
    lines, distinct = mixed_check_lines(count)
    path = bench.folder / "rulings.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    answers = bench.folder / "rulings-out.jsonl"
    case = Case("check --batch", bench.cmd("check", "--batch", str(path)), codes=(0, 1))
    wall_rate, rate = batch_rates(bench, case, count, answers)
    kinds = ", ".join(f"{k} {n:,}" for k, n in count_checks(lines).items())
    print(f"\nBatch rulings: check --batch on {count:,} mixed lines ({distinct:,} distinct)")
    print(f"  ({kinds})")
    verdict = bench.judge("check --batch", rate, CHECK_TARGET, False, "/s")
    print(f"  {'rulings per CPU second':34} {rate:11,.0f}   {verdict}")
    print(f"  {'rulings per second (wall time)':34} {wall_rate:11,.0f}")


def count_checks(lines: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in lines:
        check = json.loads(line)["check"]
        counts[check] = counts.get(check, 0) + 1
    return counts


PARTS: dict[str, Callable[[Bench], None]] = {
    "start-up": start_up,
    "growth": growth,
    "score-batch": score_batch,
    "check-batch": check_batch,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, help="start-up rounds (default 21)")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, no targets judged")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument(
        "--only",
        action="append",
        choices=sorted(PARTS),
        help="run only this part (may be repeated); the default runs every part",
    )
    options = parser.parse_args()
    import typer

    sizes = SMOKE if options.smoke else FULL
    if options.runs:
        sizes = dataclasses.replace(sizes, start_up_runs=options.runs)
    compile_package()
    folder = Path(tempfile.mkdtemp(prefix="canasta-bench-"))
    bench = Bench(folder, sizes, judged=not options.smoke)
    print(
        f"canasta-score benchmark{' (smoke run)' if options.smoke else ''}: Python "
        f"{platform.python_version()}, typer {typer.__version__}, {os.cpu_count()} CPU(s), "
        f"{platform.system()} {platform.machine()}, load average {os.getloadavg()[0]:.1f}"
    )
    try:
        for name, part in PARTS.items():
            if not options.only or name in options.only:
                part(bench)
    except CommandFailed as exc:
        print(f"\nA command failed: {exc}", file=sys.stderr)
        return 2
    finally:
        if options.keep:
            print(f"\nKept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    missed = [t for t in bench.targets if not t.met]
    if options.smoke:
        print(
            f"\nSmoke run: every step ran; {len(bench.targets)} targets not judged at these sizes."
        )
        return 0
    if not missed:
        print(f"\nAll {len(bench.targets)} targets met.")
        return 0
    print(f"\n{len(missed)} of {len(bench.targets)} targets missed:")
    for target in missed:
        print(f"  {target.name}: {target.shown}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
