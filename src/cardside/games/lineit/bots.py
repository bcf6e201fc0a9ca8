"""Line-it bots: ``random``, ``heuristic``, ``classic``, ``strong1`` and the strong default
(``strong``).

Every bot decides from ``state.observation(seat)`` (the deck hidden; the hands, taken from the
face-up market, known), owns
its random generator, and offers :meth:`hint` (the action and a one-line reason).

- ``heuristic`` plans its whole turn (take, perhaps play from hand, perhaps score) and keeps the
  plan whose end position :func:`evaluate` rates best: lines long and steady (each card
  spends little of the line's room), bets the line can carry, jackpots, and scoring a line
  before it runs out of room.
- ``classic`` (the strong bot before ``search.py``) samples the unseen cards (the deck) from
  its seat's view, plays the heuristic's best few turn plans on each sample,
  lets every seat carry on with a fast policy to a horizon (the end of the game once it is
  near), and keeps the plan with the best average outcome: its own final-score estimate minus
  the best opponent's (perfect-information Monte Carlo).
- ``strong`` (``search.py``) does the same with more plans, samples and rounds, on a compact
  copy of the game that plays many times faster.
- ``strong1`` is ``strong`` as it was before: 8 turn plans compared and 3 kept, not 12 and 4.
The budget is a number of samples, never the clock, so a seed reproduces a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cardside.core.rng import chooser
from cardside.core.words import counted, unknown_bot
from cardside.games.lineit import rules
from cardside.games.lineit.notation import DONE, Action, format_action, format_card
from cardside.games.lineit.rules import BET_BASE, LineScore
from cardside.games.lineit.state import (
    END,
    OVER,
    PLAYED,
    TAKE,
    TAKEN,
    Jackpot,
    LineitState,
    Scored,
    Snap,
)

BOT_NAMES: tuple[str, ...] = ("strong", "strong1", "classic", "heuristic", "random")
DEFAULT_BOT = "strong"
LEVELS = ("easy", "normal", "hard")
#: The classic bot's (plans compared, samples per plan, horizon in rounds) per level.
LEVEL_BUDGET = {"easy": (3, 4, 1), "normal": (4, 8, 2), "hard": (6, 24, 3)}

GAP = 9.0  # a typical step between consecutive number cards of a well-kept line
PER_TURN = 1.0  # number cards a line gains per turn, on average


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action and why."""

    action: Action
    reason: str


class LineitBot(Protocol):
    name: str

    def choose(self, observation: LineitState, seat: int) -> Action: ...

    def hint(self, observation: LineitState, seat: int) -> Hint: ...


# -- the evaluation ------------------------------------------------------------------------------


#: A line with this many free numbers or fewer is close to running out of room (for hints).
CRAMPED = 10


def room(line: tuple[int, ...]) -> int:
    """How many numbers are still free in the line's direction (both ways while open)."""
    first, second, last = rules.line_ends(line)
    if not first:
        return 99
    if not second:
        return max(100 - first, first - 1)
    return 100 - last if second > first else last - 1


def room_text(line: tuple[int, ...]) -> str:
    """The room a line has left, as a hint says it: ``39 numbers of room left above 61``, or
    for a line of one number, which may still rise or fall, both ways."""
    first, second, last = rules.line_ends(line)
    if first and not second:
        return f"numbers of room left: {100 - first} above {first}, {first - 1} below"
    rising = second > first
    return f"{room(line)} numbers of room left {'above' if rising else 'below'} {last}"


def turns_left(s: Snap, players: int, seat: int) -> float:
    """About how many more turns ``seat`` will have (the current one not counted)."""
    if s.step in (END, OVER):
        return 0.0
    rounds = len(s.deck) // (players + 2)
    return float(rounds)


def line_value(line: tuple[int, ...], turns: float, piles: tuple[tuple[int, ...], ...]) -> float:
    """What a line is expected to be worth when scored, plus the new line after it."""
    nums = 0
    bet = 0
    after = 0
    counts = [0, 0, 0, 0]
    for c in line:
        if c > BET_BASE:
            bet = c - BET_BASE
        else:
            nums += 1
            counts[(c - 1) % 4] += 1
            if bet:
                after += 1
    grow = min(room(line) / GAP, turns * PER_TURN)
    final = nums + grow
    value = max(0.0, final - 3)
    if bet:
        short = bet - (after + grow)
        if after >= bet or short <= -1:
            p = 1.0
        elif short >= 1:
            p = 0.0
        else:
            p = (1 - short) / 2
        value += bet * (2 * p - 1)
    if grow > 0.5:
        for col in range(4):
            if counts[col] == 2 and piles[col]:
                value += len(piles[col]) * min(1.0, grow / 4)
    spare = turns - grow / PER_TURN
    if spare > 0:
        value += max(0.0, min(99 / GAP, spare * PER_TURN) - 3)
    return value


def hand_value(hand: tuple[int, ...], line: tuple[int, ...], played: bool) -> float:
    """Cards in hand: a card that will fit the line soon, or a Bet card, is worth keeping."""
    value = 0.0
    for c in hand:
        if c > BET_BASE:
            value += 0.5 if rules.fits(line, c) else 0.2
        elif rules.fits(line, c):
            r = room(line)
            value += 0.8 if r and abs(c - _last(line)) <= GAP else 0.3
        else:
            value += 0.05
    if len(hand) >= rules.HAND_LIMIT:
        value -= 0.3  # a full hand risks a forced scoring
    return value


def _last(line: tuple[int, ...]) -> int:
    for c in reversed(line):
        if c <= BET_BASE:
            return c
    return 50


def seat_value(s: Snap, players: int, seat: int) -> float:
    """The score ``seat`` is heading for: what it holds plus its line and hand."""
    score = len(s.scored[seat]) + sum(s.tokens[seat])
    if s.step == OVER:
        return float(score)
    turns = turns_left(s, players, seat)
    line = s.lines[seat]
    return (
        score
        + line_value(line, turns, s.piles)
        + hand_value(s.hands[seat], line, bool(s.played >> seat & 1))
    )


def evaluate(state: LineitState, seat: int) -> float:
    """``seat``'s expected score minus the best other seat's (a zero-sum view)."""
    s = state.snapshot
    mine = seat_value(s, state.players, seat)
    best = max(seat_value(s, state.players, p) for p in range(state.players) if p != seat)
    return mine - best


# -- planning a turn -------------------------------------------------------------------------------


def plans(state: LineitState, seat: int) -> list[tuple[float, tuple[Action, ...]]]:
    """Every way to finish ``seat``'s turn from here, rated by ``seat_value`` at its end."""
    out: list[tuple[float, tuple[Action, ...]]] = []

    game = state.at(state.snapshot)

    def walk(prefix: tuple[Action, ...]) -> None:
        snap = game.snapshot
        for action in game.legal_actions():
            nxt = game.peek(action)
            path = prefix + (action,)
            if nxt.step in (TAKEN, PLAYED):
                game._snapshot = nxt
                walk(path)
                game._snapshot = snap
            else:
                out.append((seat_value(nxt, game.players, seat), path))

    walk(())
    out.sort(key=lambda item: -item[0])
    return out


def quick_action(state: LineitState, seat: int) -> Action:
    """A fast one-step choice (for rollouts): the action whose result rates best."""
    best: Action = DONE
    best_value = -1e9
    players = state.players
    for action in state.legal_actions():
        value = seat_value(state.peek(action), players, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def scoring_reason(score: LineScore) -> str:
    """A line scored by choice, in words: what it gives, and why now when its room runs out."""
    if not score.total and not score.points:
        return "scores the line now for nothing, to start a new line"
    text = f"scores the line now for {score.total:+d}"
    if score.token:
        points = counted(score.points, "point") if score.points else "no points"
        text += f" ({points}, bet {score.token:+d})"
    if room(score.cards) <= CRAMPED:
        text += ", before it runs out of room"
    return text


def explain(state: LineitState, seat: int, path: tuple[Action, ...]) -> str:
    """Why a turn's actions are good, in words: where the card goes and what it gains, then
    the actions after the first."""
    s = state.snapshot
    twin = state.clone()
    for action in path:
        twin.apply(action)
    t = twin.snapshot
    parts = []
    first = path[0]
    name = format_card(first.card) if first.card else ""
    if first.kind == "line" and not rules.fits(s.lines[seat], first.card):
        parts.append(f"{name} fits neither line nor hand, so your line is scored first")
    elif first.kind in ("line", "play"):
        source = " from hand" if first.kind == "play" else ""
        if first.card > BET_BASE:
            free = room(s.lines[seat])
            parts.append(
                f"your line has room for the bet ({free} numbers free)"
                if rules.numbers_of(s.lines[seat])
                else "your line has all its room for the bet (no numbers yet)"
            )
        elif not rules.numbers_of(s.lines[seat]):
            parts.append(f"{name}{source} starts your line")
        else:
            step = abs(first.card - _last(s.lines[seat]))
            parts.append(f"{name}{source} continues your line by {step}")
    elif first.kind == "hand":
        parts.append(f"keep {name} in hand for later")
    elif first.kind == "done" and len(path) == 1 and s.step == END:
        # At the end a card kept in hand scores nothing: done says the line is best as it is.
        parts.append("your line scores best as it stands at the end")
    elif first.kind == "done" and len(path) == 1:
        parts.append("no card from hand helps your line now (one that fits is worth more kept)")
    jackpots = [e for e in t.log[len(s.log) :] if isinstance(e, Jackpot)]
    if jackpots:
        parts.append(
            "takes the "
            + ", ".join(f"{rules.COLOURS[j.colour]} jackpot ({j.cards})" for j in jackpots)
        )
    chosen = [e.score for e in t.log[len(s.log) :] if isinstance(e, Scored) and e.how == "chosen"]
    if chosen:
        parts.append(scoring_reason(chosen[0]))
    # The room a bet laid on the line leaves was said above; a line of no numbers yet has it
    # all (room() then gives a placeholder, not a count).
    said = (
        first.kind in ("line", "play")
        and first.card > BET_BASE
        and room(t.lines[seat]) == room(s.lines[seat])
    )
    # No room is left to use once the end phase has begun.
    if room(t.lines[seat]) and rules.numbers_of(t.lines[seat]) and not said and s.step != END:
        parts.append(room_text(t.lines[seat]))
    why = "; ".join(parts) or "the turn that leaves your position best"
    if len(path) > 1:
        why += f" (then {', '.join(format_action(a) for a in path[1:])})"
    return why


# -- the bots --------------------------------------------------------------------------------------


def _view(view: Any, seat: int) -> LineitState:
    if not isinstance(view, LineitState):
        raise TypeError("a Line-it bot needs a Line-it state or observation")
    if view.current_player() != seat:
        # The legal actions listed would be the mover's: no answer for this seat.
        raise ValueError(f"it is not seat {seat}'s turn")
    # A bot's copies are its own (it plays on `at` copies and clones), so a view already
    # taken for this seat is used as it is.
    return view if view.observer == seat else view.observation(seat)


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)
        #: The choice among the legal actions of the seat to move, which the full state gives
        #: as its observation would: a simulation asks the state, with no view. (The
        #: generator's ``choice``, with no call of the bot's in between.)
        self.pick: Callable[[list[Action]], Action] = chooser(self.rng)

    def choose(self, view: Any, seat: int) -> Action:
        return self.pick(_view(view, seat).legal_actions())

    def hint(self, view: Any, seat: int) -> Hint:
        return Hint(self.choose(view, seat), "a random legal action")


class _Planner:
    """A bot that decides a whole turn at once and then follows that plan step by step."""

    def __init__(self) -> None:
        self._plan: tuple[Snap, tuple[Action, ...]] | None = None

    def choose(self, view: Any, seat: int) -> Action:
        state = _view(view, seat)
        if self._plan is not None:
            expected, rest = self._plan
            self._plan = None
            if rest and state.snapshot == expected:
                self._follow(state, rest)
                return rest[0]
        return self.hint(state, seat).action

    def hint(self, view: Any, seat: int) -> Hint:
        state = _view(view, seat)
        if self._plan is not None:
            # Midway through a turn it advised, the advice goes on with the same plan.
            expected, rest = self._plan
            self._plan = None
            if rest and state.snapshot == expected:
                self._follow(state, rest)
                return Hint(rest[0], explain(state, seat, rest))
        path, reason = self.plan(state, seat)
        self._follow(state, path)
        return Hint(path[0], reason)

    def _follow(self, state: LineitState, path: tuple[Action, ...]) -> None:
        """Remember the rest of ``path`` and the position it should be played from."""
        if len(path) > 1:
            self._plan = (state.peek(path[0]), path[1:])

    def plan(self, state: LineitState, seat: int) -> tuple[tuple[Action, ...], str]:
        raise NotImplementedError


class HeuristicBot(_Planner):
    """Plans its turn and keeps the plan whose end position rates best."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__()
        self.name = "heuristic"
        self.rng = random.Random(seed)

    def plan(self, state: LineitState, seat: int) -> tuple[tuple[Action, ...], str]:
        found = plans(state, seat)
        best = found[0][1]
        return best, explain(state, seat, best)


class ClassicBot(_Planner):
    """Perfect-information Monte Carlo over the heuristic's best turn plans, on the engine
    itself (the strong bot before :mod:`cardside.games.lineit.search`)."""

    def __init__(self, level: str = "normal", seed: int | str | None = None) -> None:
        super().__init__()
        if level not in LEVEL_BUDGET:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
        self.name = "classic" if level == "normal" else f"classic-{level}"
        self.level = level
        self.candidates, self.samples, self.horizon = LEVEL_BUDGET[level]
        self.rng = random.Random(seed)

    def plan(self, state: LineitState, seat: int) -> tuple[tuple[Action, ...], str]:
        found = plans(state, seat)
        top = [path for _, path in found[: self.candidates]]
        if len(top) == 1:
            return top[0], explain(state, seat, top[0])
        totals = [0.0] * len(top)
        for _ in range(self.samples):
            sample = state.determinize(seat, self.rng)
            self.rng.random()  # one draw per sample, as when the README's figures were measured
            for i, path in enumerate(top):
                totals[i] += self._rollout(sample, seat, path)
        best = max(range(len(top)), key=lambda i: totals[i])
        margin = totals[best] / self.samples
        reason = explain(state, seat, top[best])
        return top[best], (
            f"{reason}; the best of {len(top)} ways to play this turn, each played on "
            f"{self.samples} times with the hidden cards guessed: about "
            f"{abs(margin):.1f} points {'ahead of' if margin >= 0 else 'behind'} "
            "the best opponent"
        )

    def _rollout(self, sample: LineitState, seat: int, path: tuple[Action, ...]) -> float:
        """Play ``path``, then every seat's quick policy up to the horizon; rate the result."""
        game = sample.at(sample.snapshot)
        for action in path:
            game.advance(action)
        rounds_to_go = self.horizon
        start_round = game.snapshot.round_no
        while not game.is_terminal():
            s = game.snapshot
            if s.step == TAKE and s.round_no - start_round >= rounds_to_go:
                break
            mover = game.current_player()
            assert mover is not None
            game.advance(quick_action(game, mover))
        return evaluate(game, seat)


def make_bot(name: str, seed: int | str | None = None, level: str = "normal") -> LineitBot:
    """A bot by name: ``strong`` (default), ``strong1``, ``classic``, ``heuristic`` or
    ``random``."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "heuristic":
        return HeuristicBot(seed)
    if key == "classic":
        return ClassicBot(level, seed)
    if key == "strong":
        from cardside.games.lineit.search import StrongBot

        return StrongBot(level, seed)
    if key == "strong1":
        from cardside.games.lineit.search import BUDGET_1, StrongBot

        return StrongBot(level, seed, budget=BUDGET_1)
    raise ValueError(unknown_bot("Line-it", name, BOT_NAMES))
