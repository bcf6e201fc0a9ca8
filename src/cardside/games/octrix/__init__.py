"""Octrix: open hands, simultaneous tricks, runs of counting cards scored k², first to 88."""
