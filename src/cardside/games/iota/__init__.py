"""IOTA: 64 cards of colour, shape and number laid in lines of up to 4, with doubling."""
