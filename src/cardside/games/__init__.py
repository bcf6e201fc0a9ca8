"""The five games. Each folder has the same modules: rules, state, notation, bots, keep."""
