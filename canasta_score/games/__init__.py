"""Games: the hands in order and what follows from them (totals, minimums, dealer, winner), the
game file format, statistics across games, the SQLite store, and the one service that records,
edits, undoes and redoes hands."""
