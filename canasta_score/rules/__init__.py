"""Cards and rulesets: card notation, the ruleset schema and its TOML files, the deck, canasta
kinds, the minimum initial meld table, and the catalog of built-in and house rulesets."""

# The ruleset a command, a batch line or a bare rule id means when none is named.
DEFAULT_RULESET = "classic"
