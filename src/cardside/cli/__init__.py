"""The ``cardside`` command line: a thin layer over the library."""
