"""cardside: a command-line companion for five card games."""

__version__ = "0.1.0"
