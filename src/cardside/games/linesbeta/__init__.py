"""LinesBeta: one player against a 6x6 grid of cards."""
