"""canasta-score: score Canasta games and adjudicate the rules of every variant."""

__version__ = "0.1.0"
