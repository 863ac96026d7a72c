"""One hand: its record (CONTRACT 6), what each side has on the table, validation against the
ruleset, the score and its breakdown, and the quick one-line form used to enter it."""
