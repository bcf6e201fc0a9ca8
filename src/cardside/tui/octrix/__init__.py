"""The octrix screens: the table view, play and keep."""
