"""The schnapsen screens: the table view, play and keep."""
