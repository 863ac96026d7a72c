"""The bottom layer: errors, frozen records, safe text, the language in use and its words, and
the limits on what the tool reads. It imports nothing else of the package."""
