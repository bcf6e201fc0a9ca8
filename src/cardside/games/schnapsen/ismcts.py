"""Information-set Monte Carlo tree search for the strong bot while the stock is open.

Sampling the hidden cards and searching each sample on its own lets every sample assume the
hidden cards will be known later (strategy fusion). Here one tree is grown over the public
sequence of actions instead (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): each
iteration deals the hidden cards afresh (consistently with what the seat has seen; given a
:class:`~inference.Belief`, each opponent hand as often as it fits their moves), walks down the
tree choosing among the actions legal in that sample by UCB (each node counts how often it was
available, so a card that is only sometimes in a hand is judged fairly), adds one node, and
values the new position by the rule-of-thumb policy up to phase 2 and the exact solver from
there. The same tree serves both players, each choosing for its own value. The most visited
action at the root is played, so the search stops early once no other action can catch up
with it in the iterations left: the move is the one the full count would play.

A node below the root serves every hand its player may hold there (the opponent's unseen
cards, the seat's own later draws), so by UCB alone the players would choose as if they did
not know their own cards. The opponent there always plays the rule of thumb's move for the
hand dealt to it in the iteration (:data:`OPPONENT_MODEL_SHARE`): the same model player the
inference weighs its possible hands by, so the tree searches the seat's best answer to that
player. The seat's own later choices are the rule of thumb's half the time
(:data:`MODEL_SHARE`) and chosen by UCB otherwise.
"""

from __future__ import annotations

import math
import random

from cardside.games.schnapsen.deal import legal_codes, step
from cardside.games.schnapsen.inference import Belief, deal_with_hand
from cardside.games.schnapsen.policy import heuristic_code
from cardside.games.schnapsen.search import SearchResult, playout_value
from cardside.games.schnapsen.solver import Solver
from cardside.games.schnapsen.state import Observation, determinize_deal

#: UCB exploration constant on values scaled to 0..1.
EXPLORE = 0.7
#: How often the seat, below the root, plays the rule of thumb's move for the hand it holds in
#: the iteration, instead of choosing by UCB.
MODEL_SHARE = 0.5
#: The same for the opponent.
OPPONENT_MODEL_SHARE = 1.0
#: Iterations between checks whether the most visited root action can still be overtaken.
CHECK_EVERY = 16


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        #: Sum of values for the player who chose the action leading here (0..1 each).
        self.total = 0.0
        self.avail = 0


def ismcts(
    obs: Observation,
    iterations: int,
    rng: random.Random,
    utility: dict[int, float],
    solver: Solver | None = None,
    belief: Belief | None = None,
) -> SearchResult:
    """Choose an action for ``obs`` (stock open) by ``iterations`` ISMCTS iterations.

    ``utility`` maps signed game points (for the seat) to a value, e.g. the chance to win the
    match; the result's values are each root action's mean value. ``solver`` may be one kept
    from earlier moves (its table is reused); with ``belief`` the opponent's hands are drawn
    from it.
    """
    seat = obs.seat
    codes = legal_codes(obs.deal)
    if not codes or obs.to_move != seat:
        raise ValueError("it is not this seat's turn")
    if len(codes) == 1:
        return SearchResult(codes[0], {codes[0]: 0.0}, 0, False)
    low, high = min(utility.values()), max(utility.values())
    span = (high - low) or 1.0
    solver = solver or Solver()
    root = _Node()
    done = 0
    while done < iterations:
        if done % CHECK_EVERY == 0 and _settled(root, iterations - done):
            break
        done += 1
        d = (
            determinize_deal(obs, rng)
            if belief is None
            else deal_with_hand(obs, belief.draw(rng), rng)
        )
        node = root
        path: list[tuple[_Node, int]] = []  # (node reached, the player who chose it)
        while d.result is None and not d.strict:
            legal = legal_codes(d)
            mover = d.to_move
            for c in legal:
                child = node.children.get(c)
                if child is not None:
                    child.avail += 1
            share = MODEL_SHARE if mover == seat else OPPONENT_MODEL_SHARE
            modelled = node is not root and rng.random() < share
            fresh = [c for c in legal if c not in node.children]
            if modelled and (code := heuristic_code(d)) in node.children:
                node = node.children[code]
                path.append((node, mover))
                d = step(d, code)
                continue
            if fresh:
                # Expand the policy's choice first (so a short search still weighs it, and a
                # modelled move new to the tree is added here).
                code = heuristic_code(d)
                if code not in fresh:
                    code = rng.choice(fresh)
                child = _Node()
                child.avail = 1
                node.children[code] = child
                node = child
                path.append((node, mover))
                d = step(d, code)
                break
            node, code = _select(node, legal)
            path.append((node, mover))
            d = step(d, code)
        value = (utility[playout_value(d, seat, solver)] - low) / span
        for n, mover in path:
            n.visits += 1
            n.total += value if mover == seat else 1.0 - value
    values = {
        c: (low + span * root.children[c].total / root.children[c].visits)
        if c in root.children and root.children[c].visits
        else low
        for c in codes
    }
    best = max(codes, key=lambda c: root.children[c].visits if c in root.children else 0)
    return SearchResult(best, values, done, False, tree=True)


def _settled(root: _Node, left: int) -> bool:
    """Whether the most visited root action leads every other by more than ``left`` visits."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def _select(node: _Node, legal: list[int]) -> tuple[_Node, int]:
    best_code, best_score = legal[0], -math.inf
    for c in legal:
        child = node.children[c]
        if child.visits == 0:
            return child, c
        score = child.total / child.visits + EXPLORE * math.sqrt(
            math.log(child.avail) / child.visits
        )
        if score > best_score:
            best_code, best_score = c, score
    return node.children[best_code], best_code
