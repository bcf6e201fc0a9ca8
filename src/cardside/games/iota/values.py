"""What an IOTA turn is worth to the player to move, from what that player can see.

The game's own unit is the strong bot's estimate of a turn in points (:mod:`bots`): what the
play scores, less what the next player could score on the grid it leaves, plus half of what
the cards kept (and drawn) could score next turn and the wilds kept; a pass is worth the
next player's reply taken away and the next turn's cards. The next player's hands and the
draws are ``samples`` deals of the cards the player has not seen, shared by every move.

A hand can make hundreds of plays; the moves valued are the strong bot's shortlist (the
best-scoring plays, and the best play of every set of cards that can be played), every
exchange of the cards in hand but the wilds, the recycling of a wild, and the move played.

The expected result is the chance to win the game: the points margin over the best rival
after the turn, against the spread of the turns still to come (about :data:`SPREAD` points a
turn, each player's turns counted from the cards left), read as a normal chance. It is a
model, not a count of games, but for a move that ends the game (the last card played with
the pile empty, or the pass that ends it): its chance is the outcome, 1 for a win, 0 for a
loss and a share of the win (one over the players tied) for a tie for first, as the rules
count it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from cardside.core.values import MoveValue, Valuation, mean_and_error
from cardside.games.iota.bots import StrongBot, best_turn, swap_feared, top_score
from cardside.games.iota.moves import legal_moves
from cardside.games.iota.rules import HAND_SIZE, WILD, Action, Pass, Play, Swap
from cardside.games.iota.state import IotaState, View, passes_to_end

RESULT = "the game"
UNIT = "points: the turn's score, less the next player's reply, plus half your next turn"
#: The spread of one turn's points (a standard deviation), in the model of the chance to win.
SPREAD = 10.0
#: Cards laid in an average turn, to count the turns left.
CARDS_A_TURN = 2.5


def move_values(
    state: IotaState | View,
    seat: int,
    rng: random.Random,
    depth: int = 1,
    also: Sequence[Action] = (),
) -> Valuation:
    """The moves of ``seat`` (to move) worth valuing, and ``also`` (e.g. the move played)."""
    view = state if isinstance(state, View) else state.observation(seat)
    bot = StrongBot()
    bot.rng = rng
    # Depth 1 is the quick review: half the bot's samples and fewer plays looked at closely.
    bot.REPLIES = StrongBot.REPLIES * 2 ** (depth - 1) // (2 if depth == 1 else 1)
    bot.OWN = bot.REPLIES  # one own draw beside each next player's hand
    if depth == 1:
        bot.CANDIDATES = StrongBot.CANDIDATES // 2
    samples = bot._deal(view)
    moves = view.moves()
    by_play = {m.play: m for m in moves}
    if depth == 1:  # the best-scoring plays only, not the best play of every set of cards
        ranked = sorted(moves, key=lambda m: (-m.score, len(m.play.cards)))
        wanted: list[Action] = [m.play for m in ranked[: bot.CANDIDATES]]
    else:
        wanted = [m.play for m in bot._shortlist(moves)]
    if view.pile_size:
        wanted.append(Pass(tuple(c for c in view.hand if c != WILD)))
    wanted.append(Pass(()))
    if not view.swapped:
        wanted += view.swaps()
    for action in also:
        if action not in wanted:
            wanted.append(action)
    per = {a: _per_sample(bot, view, a, by_play, samples) for a in wanted}
    rows = {a: r for a, (r, _, _) in per.items()}
    ends = {a: end for a, (_, end, _) in per.items()}
    then = tuple((a, after) for a, (_, _, after) in per.items() if after is not None)
    values = {a: sum(r) / len(r) for a, r in rows.items()}
    margin = view.scores[seat] - max(s for i, s in enumerate(view.scores) if i != seat)
    turns = (view.pile_size / view.players + len(view.hand)) / CARDS_A_TURN
    spread = SPREAD * math.sqrt(max(1.0, 2 * turns))

    def chance(points: float) -> float:
        return _normal((margin + points) / spread)

    def slope(points: float) -> float:
        return abs(chance(points + 0.5) - chance(points - 0.5))

    # The chance is nearly linear over a turn's points: its error is the points' times the
    # slope there. A move that ends the game has its outcome, certain.
    out = []
    for a, v in values.items():
        end = ends[a]
        if end is not None:
            out.append(MoveValue(a, _share(view.scores, seat, end), v, 0.0))
            continue
        _, error = mean_and_error(rows[a])
        out.append(MoveValue(a, chance(v), v, error * slope(v)))
    top: Action = max(out, key=lambda m: (m.chance, m.points)).action  # type: ignore[assignment]
    errors = []
    for m in out:
        if m.action != top:
            row = rows[m.action]  # type: ignore[index]
            _, e = mean_and_error([x - y for x, y in zip(row, rows[top])])
            # The slope of the move not certain (the top's, unless the top ends the game).
            at = values[top] if ends[top] is None else m.points
            errors.append((m.action, top, e * slope(at)))
    n = len(samples.replies)
    return Valuation(
        tuple(out),
        False,
        n,
        RESULT,
        UNIT,
        f"the strong bot's estimate over {n} samples of the unseen cards",
        tuple(errors),
        then,
    )


def _per_sample(
    bot: StrongBot, view: View, action: Action, by_play: dict[Play, Any], samples: Any
) -> tuple[list[float], float | None, Play | None]:
    """The estimate of ``action`` in each sample: the i-th next player's hand with the i-th
    own draw (the draws taken round again where they are fewer); where the action ends the
    game, the points it adds to the player's score (else ``None``); and after a swap, the
    play valued with it (the same turn's), if any."""
    n = len(samples.replies)
    if isinstance(action, Swap):
        grid = dict(view.grid)
        grid[(action.x, action.y)] = action.card
        hand = list(view.hand)
        hand.remove(action.card)
        hand.append(WILD)
        moves = legal_moves(grid, hand, pile_empty=view.pile_size == 0)
        best = None
        end: float | None = None
        after: Play | None = None
        swapped = tuple(sorted(hand))
        plays = {m.play: m for m in moves}
        for move in bot._shortlist(moves) if moves else []:
            row = _play_rows(bot, view, grid, swapped, move.play, plays, samples)
            if best is None or sum(row) > sum(best):
                best, after = row, move.play
                end = _play_end(view, swapped, move.play, plays)
        if best is not None:
            return best, end, after
        if _pass_ends(view):
            return [0.0] * n, 0.0, None
        return _pass_rows(bot, view, grid, swapped, (), samples), None, None
    if isinstance(action, Play):
        rows = _play_rows(bot, view, view.grid, view.hand, action, by_play, samples)
        return rows, _play_end(view, view.hand, action, by_play), None
    if _pass_ends(view):
        return [0.0] * n, 0.0, None
    return _pass_rows(bot, view, view.grid, view.hand, action.cards, samples), None, None


def _play_end(
    view: View, hand: Sequence[int], play: Play, by_play: dict[Play, Any]
) -> float | None:
    """The play's score (doubled) when it lays the last card of ``hand`` with the pile
    empty, ending the game; else ``None``."""
    if len(play.cards) == len(hand) and view.pile_size == 0:
        return float(by_play[play].score)
    return None


def _pass_ends(view: View) -> bool:
    """Does a pass now end the game: every player passed in turn with the pile empty, or the
    grid blocked (as many passes in a row as :func:`blocked_after` allows)?"""
    return passes_to_end(view)[1] <= 1


def _share(scores: Sequence[int], seat: int, added: float) -> float:
    """``seat``'s share of the win once it adds ``added`` to its score and the game ends: 1
    alone in first place, 0 behind, one over the players tied for first (a tie shares the
    win)."""
    final = [s + (added if i == seat else 0) for i, s in enumerate(scores)]
    best = max(final)
    if final[seat] < best:
        return 0.0
    return 1.0 / sum(1 for s in final if s == best)


def _play_rows(
    bot: StrongBot,
    view: View,
    grid: Any,
    hand: Sequence[int],
    play: Play,
    by_play: dict[Play, Any],
    samples: Any,
) -> list[float]:
    score = float(by_play[play].score)
    if len(play.cards) == len(hand) and view.pile_size == 0:
        return [score] * len(samples.replies)
    after = dict(grid)
    for card, x, y in play.cards:
        after[(x, y)] = card
    kept = list(hand)
    for card, _, _ in play.cards:
        kept.remove(card)
    return [
        score - r + o
        for r, o in zip(_replies(bot, view, after, samples), _own(bot, view, after, kept, samples))
    ]


def _pass_rows(
    bot: StrongBot, view: View, grid: Any, hand: Sequence[int], back: Sequence[int], samples: Any
) -> list[float]:
    kept = list(hand)
    for card in back:
        kept.remove(card)
    return [
        -r + o
        for r, o in zip(_replies(bot, view, grid, samples), _own(bot, view, grid, kept, samples))
    ]


def _replies(bot: StrongBot, view: View, grid: Any, samples: Any) -> list[float]:
    """The next player's best score on ``grid`` with each sampled hand (weighted)."""
    if not samples.replies or not samples.replies[0]:
        return [0.0] * max(1, len(samples.replies))
    pile_empty = view.pile_size == 0
    if view.players == 2 and swap_feared(bot._swap_level(view), pile_empty):
        # The opponent may take a wild back first, as the strong bot fears in its own play.
        return [_turn_score(grid, tuple(h), pile_empty) for h in samples.replies]
    weight = 1.0 if view.players == 2 else bot.REPLY_WEIGHT_MANY
    return [weight * top_score(grid, h, pile_empty) for h in samples.replies]


def _turn_score(grid: Any, hand: tuple[int, ...], pile_empty: bool) -> float:
    """The best score of a turn from ``hand``, a wild on the grid swapped back first or not."""
    move = best_turn(grid, hand, pile_empty)[0]
    return 0.0 if move is None else float(move.score)


def _own(bot: StrongBot, view: View, grid: Any, kept: list[int], samples: Any) -> list[float]:
    """What the kept cards and each sampled draw could score next turn, and the wilds."""
    value = bot.WILD_KEPT * kept.count(WILD)
    n = max(1, len(samples.replies))
    if not samples.draws:
        return [value] * n
    draw = min(HAND_SIZE - len(kept), view.pile_size)
    per = [
        value + bot.OWN_WEIGHT * top_score(grid, kept + list(o[:draw]), False)
        for o in samples.draws
    ]
    return [per[i % len(per)] for i in range(n)]


def _normal(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
