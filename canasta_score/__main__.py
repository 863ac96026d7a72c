"""The program: the installed ``canasta-score`` and ``python -m canasta_score`` both run
:func:`main`."""

import gc

# Python's cycle collector looks at the young objects after this many new ones (its default is
# 700). A command runs for a moment and nearly all it makes (its modules above all) lives as
# long as it does, so at the default it spends about a tenth of a short command searching them
# for cycles while it loads; a long ``play`` or ``serve`` session still collects.
YOUNG_OBJECTS = 100_000


def main() -> None:
    """Run the command line, the collector set before anything is imported."""
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
    from canasta_score.cli import entry

    entry()


if __name__ == "__main__":
    main()
