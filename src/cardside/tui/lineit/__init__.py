"""Line-it in the terminal: the play screen and the scorekeeper."""
