"""Rulings at the table: is this meld legal, may we take the pile, may we discard or go out, is
this initial meld enough. Each answer is a :class:`~canasta_score.judging.ruling.Ruling` that
cites its rules."""
