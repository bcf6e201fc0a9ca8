"""Line-it: rising and falling lines, bets and jackpots, for 2 to 5 players."""
