"""The text interface: rendering, input with completion, the interactive loops."""
