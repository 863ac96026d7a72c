"""Run the command line with ``python -m canasta_score``."""

from canasta_score.cli import entry

entry()
