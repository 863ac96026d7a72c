"""What is shown and written: text widths on a terminal, the chart of running totals, the HTML
page, and the one writer of each export format."""
