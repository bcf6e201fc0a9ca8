"""The linesbeta screens: the table view, play and keep."""
