"""Game-independent building blocks: cards, notation errors, RNG, the state API."""
