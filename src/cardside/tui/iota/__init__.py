"""The IOTA screens: the grid view, play and keep."""
