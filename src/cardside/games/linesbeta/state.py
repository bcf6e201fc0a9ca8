"""The full LinesBeta game: the grid with its hidden cards, the deck, rounds and the result.

Seat 0 is the player; seat 1 is the grid, which never chooses anything. Chance (the setup
shuffle and the refill before each round) is drawn from generators derived from the game
seed, so a seed plus the list of actions replays a game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from cardside.core.cards import Card
from cardside.core.errors import IllegalActionError
from cardside.core.outcome import Outcome
from cardside.core.rng import derive_rng, fresh_seed
from cardside.core.state import GameState, check_seat, check_whole
from cardside.games.linesbeta import rules
from cardside.games.linesbeta.rules import (
    ALL_LINES,
    CARDS,
    CELL_ACTIONS,
    CELLS,
    CHALLENGE_ACTIONS,
    DECK_SIZE,
    DIAGONAL,
    GAP,
    HAND_DEAL,
    LINE_CELLS,
    LINES,
    LINES_THROUGH,
    ORDER,
    TRICKS_PER_ROUND,
    TRUMP_ACTIONS,
    Action,
    Challenge,
    ChooseTrump,
    Line,
    Verdict,
)
from cardside.games.linesbeta.view import (
    HIDDEN,
    PHASE_CELL,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_TRUMP,
    Observation,
    Trick,
    why_illegal,
)

__all__ = [
    "HIDDEN",
    "PHASE_CELL",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PHASE_TRUMP",
    "LinesBetaState",
    "Observation",
    "Snapshot",
    "Trick",
]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything about a LinesBeta game at one moment (immutable).

    ``fill_round[cell]`` is the round whose start filled the cell; ``back_round[card]`` the
    round at whose end a card the player has seen went back to the deck (0: never seen).
    Together they say where a seen-then-hidden card can be (see ``determinize``).
    ``last_round`` keeps the previous round's tricks, so the end of a round can be reported.
    """

    round: int
    phase: str
    grid: tuple[int, ...]
    face_up: int
    deck: tuple[int, ...]
    hand: tuple[int, ...]
    trump: int
    tricks: tuple[Trick, ...]
    blocked: int
    player: int
    grid_points: int
    verdict: Verdict | None
    fill_round: tuple[int, ...]
    back_round: tuple[int, ...]
    last_round: tuple[Trick, ...] = ()


class LinesBetaState(GameState[Snapshot, Action]):
    """A LinesBeta game for one player against the grid."""

    #: The seats that choose: the player alone (the grid, seat 1 in the outcome, never does).
    players = 1

    def __init__(
        self, difficulty: str = "normal", length: str = "full", *, seed: int | str = 0
    ) -> None:
        self.difficulty = difficulty
        self.length = length
        self.player_target, self.grid_target = rules.targets(difficulty, length)
        self.rounds = rules.max_rounds(length)
        self.seed = seed
        # Cards seen and then turned face down again by an undo: (cell, card, round seen).
        # An undo takes back a decision, never what the player saw, so this outlives undos.
        self.memory: frozenset[tuple[int, int, int]] = frozenset()
        rng = derive_rng(seed, "setup")
        cards = list(range(DECK_SIZE))
        rng.shuffle(cards)
        grid = tuple(cards[:CELLS])
        face_up = 0
        for cell in DIAGONAL:
            face_up |= 1 << cell
        super().__init__(
            self._start_round(
                1,
                grid,
                face_up,
                tuple(sorted(cards[CELLS:])),
                (1,) * CELLS,
                (0,) * DECK_SIZE,
                0,
                0,
            )
        )

    # -- chance ----------------------------------------------------------------------------
    def _start_round(
        self,
        number: int,
        grid: tuple[int, ...],
        face_up: int,
        deck: tuple[int, ...],
        fill_round: tuple[int, ...],
        back_round: tuple[int, ...],
        player: int,
        grid_points: int,
        last_round: tuple[Trick, ...] = (),
    ) -> Snapshot:
        """Shuffle the deck, fill the gaps face down in reading order, deal seven cards."""
        pile = list(deck)
        derive_rng(self.seed, "round", number).shuffle(pile)
        cells = list(grid)
        fills = list(fill_round)
        for cell in range(CELLS):
            if cells[cell] == GAP:
                cells[cell] = pile.pop()
                fills[cell] = number
        hand = tuple(sorted(pile[-HAND_DEAL:]))
        del pile[-HAND_DEAL:]
        return Snapshot(
            round=number,
            phase=PHASE_TRUMP,
            grid=tuple(cells),
            face_up=face_up,
            deck=tuple(sorted(pile)),
            hand=hand,
            trump=-1,
            tricks=(),
            blocked=0,
            player=player,
            grid_points=grid_points,
            verdict=None,
            fill_round=tuple(fills),
            back_round=back_round,
            last_round=last_round,
        )

    # -- the state API ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self._snapshot.phase == PHASE_OVER else 0

    def legal_actions(self) -> list[Action]:
        s = self._snapshot
        if s.phase == PHASE_PLAY:
            free = [line * 2 for line in range(LINES) if not s.blocked >> line & 1]
            out: list[Action] = []
            for card in s.hand:
                base = card * 24
                for l2 in free:
                    out.append(CHALLENGE_ACTIONS[base + l2])
                    out.append(CHALLENGE_ACTIONS[base + l2 + 1])
            return out
        if s.phase == PHASE_TRUMP:
            return [TRUMP_ACTIONS[c] for c in s.hand]
        if s.phase == PHASE_CELL:
            return [CELL_ACTIONS[c] for c in LINE_CELLS[s.tricks[-1].line]]
        return []

    def is_legal(self, action: Action) -> bool:
        return self._why(self._snapshot, action) is None

    def why_illegal(self, action: Action) -> str:
        """A one-line reason ``action`` is illegal now, or ``""`` when it is legal."""
        return self._why(self._snapshot, action) or ""

    def _why(self, s: Snapshot, action: Action) -> str | None:
        """None if ``action`` is legal in ``s``, else a one-line reason."""
        return why_illegal(s, action)

    def apply(self, action: Action) -> None:
        s = self._snapshot
        why = self._why(s, action)
        if why is not None:
            raise IllegalActionError(why)
        self._history.append((s, action))
        self._snapshot = self._next(s, action)

    def take_back(self) -> Action:
        """Take back the player's last decision, remembering every card it turned up.

        Going back past a round's end is refused: the next round's cards were dealt and seen,
        and the grid cannot show what the player knows of a hand or the deck.
        """
        if not self._history:
            raise IllegalActionError("nothing to undo")
        before, _ = self._history[-1]
        after = self._snapshot
        if after.round != before.round:
            raise IllegalActionError(
                f"round {before.round} is over and round {after.round}'s cards were dealt: "
                "an undo cannot go back past the end of a round"
            )
        self.memory = self.memory | seen_by(before, after)
        return super().undo()

    def shown(self, seat: int, before: Snapshot, after: Snapshot) -> str:
        """A challenge (or a cell the grid gave up) that turned up a face-down card of the
        grid: taken back, the card goes face down again but the player knows it."""
        return "cards of the grid were turned up since" if seen_by(before, after) else ""

    def remembered(self, s: Snapshot | None = None) -> int:
        """The face-down cells whose card the player has seen (a mask over cells)."""
        s = s or self._snapshot
        mask = 0
        for cell, card, seen in self.memory:
            if s.grid[cell] == card and not s.face_up >> cell & 1 and s.fill_round[cell] <= seen:
                mask |= 1 << cell
        return mask

    def _next(self, s: Snapshot, action: Action) -> Snapshot:
        if isinstance(action, Challenge):
            return self._challenge(s, action.code, action.line, action.end_index)
        if isinstance(action, ChooseTrump):
            hand = tuple(c for c in s.hand if c != action.code)
            return replace(s, phase=PHASE_PLAY, hand=hand, trump=action.code)
        return self._grid_plays(s, s.tricks[-1], action.cell)

    def _challenge(self, s: Snapshot, played: int, line: int, end: int) -> Snapshot:
        order = ORDER[line][end]
        grid = s.grid
        face_up = s.face_up
        res = rules.resolve(
            [grid[c] for c in order],
            [bool(face_up >> c & 1) for c in order],
            played,
            s.trump // 13,
        )
        turned = tuple(order[p] for p in res.turned)
        for c in turned:
            face_up |= 1 << c
        visited = order if res.grid_pos is None or res.case == "b" else order[: res.grid_pos + 1]
        grid_cell = None if res.grid_pos is None else order[res.grid_pos]
        trick = Trick(
            number=len(s.tricks) + 1,
            played=played,
            line=line,
            end=end,
            visited=visited,
            turned=turned,
            grid_cell=grid_cell,
            grid_card=None if grid_cell is None else grid[grid_cell],
            player_wins=res.player_wins,
            case=res.case,
            reason=res.reason,
        )
        hand = tuple(c for c in s.hand if c != played)
        if grid_cell is None:
            tricks = (*s.tricks, trick)
            verdict = rules.verdict(
                s.player + 1,
                s.grid_points,
                self.player_target,
                self.grid_target,
                TRICKS_PER_ROUND - len(tricks),
                s.round == self.rounds,
            )
            if verdict is not None:
                # The won trick settles the game; which card the grid gives up no longer matters.
                return replace(
                    s,
                    phase=PHASE_OVER,
                    hand=hand,
                    face_up=face_up,
                    tricks=tricks,
                    player=s.player + 1,
                    verdict=verdict,
                )
            return replace(s, phase=PHASE_CELL, hand=hand, face_up=face_up, tricks=tricks)
        return self._grid_plays(replace(s, hand=hand, face_up=face_up), trick, grid_cell, new=True)

    def _grid_plays(self, s: Snapshot, trick: Trick, cell: int, new: bool = False) -> Snapshot:
        """The grid's card leaves ``cell``; score the trick; end the round or game if due."""
        if trick.grid_cell is None:
            trick = replace(trick, grid_cell=cell, grid_card=s.grid[cell])
        tricks = (*s.tricks, trick) if new else (*s.tricks[:-1], trick)
        grid = s.grid[:cell] + (GAP,) + s.grid[cell + 1 :]
        r, c = LINES_THROUGH[cell]
        blocked = s.blocked | (1 << r) | (1 << c)
        player = s.player + trick.player_wins
        grid_points = s.grid_points + (not trick.player_wins)
        left = TRICKS_PER_ROUND - len(tricks)
        verdict = rules.verdict(
            player,
            grid_points,
            self.player_target,
            self.grid_target,
            left,
            s.round == self.rounds,
        )
        face_up = s.face_up & ~(1 << cell)
        if verdict is not None:
            return replace(
                s,
                phase=PHASE_OVER,
                grid=grid,
                face_up=face_up,
                tricks=tricks,
                blocked=blocked,
                player=player,
                grid_points=grid_points,
                verdict=verdict,
            )
        if left:
            # Each gap blocks one row and one column, so fewer than six gaps leave a row.
            assert blocked != ALL_LINES, "no complete line left to challenge"
            return replace(
                s,
                phase=PHASE_PLAY,
                grid=grid,
                face_up=face_up,
                tricks=tricks,
                blocked=blocked,
                player=player,
                grid_points=grid_points,
            )
        return self._end_round(s, grid, face_up, tricks, player, grid_points)

    def _end_round(
        self,
        s: Snapshot,
        grid: tuple[int, ...],
        face_up: int,
        tricks: tuple[Trick, ...],
        player: int,
        grid_points: int,
    ) -> Snapshot:
        back = [s.trump]
        for t in tricks:
            back.append(t.played)
            back.append(t.grid_card)  # type: ignore[arg-type]
        cells = list(grid)
        for cell in rules.returning_cells(grid, face_up):
            back.append(cells[cell])
            cells[cell] = GAP
            face_up &= ~(1 << cell)
        back_round = list(s.back_round)
        for card in back:
            back_round[card] = s.round
        return self._start_round(
            s.round + 1,
            tuple(cells),
            face_up,
            s.deck + tuple(back),
            s.fill_round,
            tuple(back_round),
            player,
            grid_points,
            tricks,
        )

    def is_terminal(self) -> bool:
        return self._snapshot.phase == PHASE_OVER

    def outcome(self) -> Outcome | None:
        s = self._snapshot
        if s.verdict is None:
            return None
        return Outcome(
            winners=(0,) if s.verdict.player_wins else (1,),
            scores=(s.player, s.grid_points),
            reason=s.verdict.reason,
        )

    # -- what the UI draws -----------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``trump``, ``play``, ``cell`` (choose the grid's card) or ``over``."""
        return self._snapshot.phase

    @property
    def round(self) -> int:
        return self._snapshot.round

    @property
    def trick_number(self) -> int:
        """The number of the trick being played (1-6); during ``cell``, the one just won."""
        s = self._snapshot
        return len(s.tricks) + (0 if s.phase == PHASE_CELL else 1)

    @property
    def points(self) -> tuple[int, int]:
        """(player, grid)."""
        return self._snapshot.player, self._snapshot.grid_points

    @property
    def targets(self) -> tuple[int, int]:
        """(player target, grid target)."""
        return self.player_target, self.grid_target

    @property
    def hand(self) -> list[Card]:
        return [CARDS[c] for c in self._snapshot.hand]

    @property
    def trump_card(self) -> Card | None:
        t = self._snapshot.trump
        return None if t < 0 else CARDS[t]

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """This round's tricks so far (the last one may still await the grid's cell)."""
        return self._snapshot.tricks

    @property
    def last_round_tricks(self) -> tuple[Trick, ...]:
        """The tricks of the round before this one (empty in round 1)."""
        return self._snapshot.last_round

    @property
    def last_trick(self) -> Trick | None:
        t = self._snapshot.tricks
        return t[-1] if t else None

    @property
    def verdict(self) -> Verdict | None:
        """The result once settled; ``verdict.early`` says the game stopped mid-round."""
        return self._snapshot.verdict

    def blocked_lines(self) -> list[Line]:
        b = self._snapshot.blocked
        return [Line(i) for i in range(LINES) if b >> i & 1]

    def complete_lines(self) -> list[Line]:
        b = self._snapshot.blocked
        return [Line(i) for i in range(LINES) if not b >> i & 1]

    def cell(self, row: int, column: int, *, reveal: bool = False) -> tuple[str, Card | None]:
        """(``up``/``down``/``gap``, card): a face-down card is shown only with ``reveal``."""
        s = self._snapshot
        i = rules.cell_of(row, column)
        card = s.grid[i]
        if card == GAP:
            return "gap", None
        if s.face_up >> i & 1:
            return "up", CARDS[card]
        return "down", CARDS[card] if reveal else None

    def observation(self, seat: int = 0) -> Observation:
        """What the player (seat 0, the only one: the grid does not choose) sees: face-down
        cards hidden, everything else as in the state."""
        check_seat(seat, 1)
        s = self._snapshot
        known = s.face_up | self.remembered(s)
        grid = tuple(c if c == GAP or known >> i & 1 else HIDDEN for i, c in enumerate(s.grid))
        unseen = tuple(
            sorted([c for i, c in enumerate(s.grid) if grid[i] == HIDDEN] + list(s.deck))
        )
        return Observation(
            difficulty=self.difficulty,
            length=self.length,
            rounds=self.rounds,
            player_target=self.player_target,
            grid_target=self.grid_target,
            round=s.round,
            phase=s.phase,
            grid=grid,
            hand=s.hand,
            trump=s.trump,
            tricks=s.tricks,
            blocked=s.blocked,
            player=s.player,
            grid_points=s.grid_points,
            verdict=s.verdict,
            unseen=unseen,
            fill_round=s.fill_round,
            back_round=s.back_round,
            remembered=known & ~s.face_up,
        )

    def determinize(self, seat: int, rng: random.Random) -> LinesBetaState:
        """A state the player cannot tell from this one: the hidden cards dealt afresh.

        A card the player saw go back to the deck at the end of round ``b`` can only lie in a
        cell filled at a later round's start; the most constrained cells are dealt first, which
        samples uniformly among the consistent arrangements (the constraints are nested).
        """
        check_seat(seat, 1)
        s = self._snapshot
        known = s.face_up | self.remembered(s)
        hidden = [i for i in range(CELLS) if s.grid[i] != GAP and not known >> i & 1]
        remaining = [s.grid[i] for i in hidden] + list(s.deck)
        grid, deck = _deal_hidden(s.grid, hidden, remaining, s.fill_round, s.back_round, rng)
        twin = self.clone()
        twin.seed = rng.randrange(1 << 62)
        twin._history = []
        twin._snapshot = replace(s, grid=grid, deck=deck)
        return twin

    @classmethod
    def sample(cls, obs: Observation, rng: random.Random) -> LinesBetaState:
        """A game consistent with everything ``obs`` shows, its face-down cards dealt by ``rng``.

        The same deal as ``determinize``, built from the player's view alone; the sampled game's
        later refills come from a seed drawn from ``rng``.
        """
        state = cls(obs.difficulty, obs.length, seed=rng.randrange(1 << 62))
        hidden = [i for i in range(CELLS) if obs.grid[i] == HIDDEN]
        grid, deck = _deal_hidden(
            obs.grid, hidden, list(obs.unseen), obs.fill_round, obs.back_round, rng
        )
        face_up = 0
        for i in range(CELLS):
            if obs.grid[i] >= 0 and not obs.remembered >> i & 1:
                face_up |= 1 << i
        state._snapshot = Snapshot(
            round=obs.round,
            phase=obs.phase,
            grid=grid,
            face_up=face_up,
            deck=deck,
            hand=obs.hand,
            trump=obs.trump,
            tricks=obs.tricks,
            blocked=obs.blocked,
            player=obs.player,
            grid_points=obs.grid_points,
            verdict=obs.verdict,
            fill_round=obs.fill_round,
            back_round=obs.back_round,
        )
        state.memory = frozenset(
            (i, grid[i], obs.round) for i in range(CELLS) if obs.remembered >> i & 1
        )
        return state


def _deal_hidden(
    grid: tuple[int, ...],
    hidden: list[int],
    remaining: list[int],
    fill_round: tuple[int, ...],
    back_round: tuple[int, ...],
    rng: random.Random,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal ``remaining`` into the ``hidden`` cells (earliest filled first) and the deck.

    A cell filled at round ``f`` takes only a card with ``back_round < f``. Returns the new grid
    and the sorted deck.
    """
    cells = list(grid)
    remaining = list(remaining)
    for i in sorted(hidden, key=lambda i: fill_round[i]):
        f = fill_round[i]
        choices = [k for k, c in enumerate(remaining) if back_round[c] < f]
        k = choices[rng.randrange(len(choices))]
        cells[i] = remaining[k]
        remaining[k] = remaining[-1]
        remaining.pop()
    return tuple(cells), tuple(sorted(remaining))


def seen_by(before: Snapshot, after: Snapshot) -> frozenset[tuple[int, int, int]]:
    """The cards of ``before``'s grid that the step to ``after`` showed the player:
    (cell, card, round), for cells face down in ``before``."""
    new = after.tricks[len(before.tricks) :] if after.round == before.round else ()
    shown = after.face_up
    for trick in new:
        for cell in trick.turned:
            shown |= 1 << cell
        if trick.grid_cell is not None:
            shown |= 1 << trick.grid_cell
    return frozenset(
        (cell, card, before.round)
        for cell, card in enumerate(before.grid)
        if card != GAP and not before.face_up >> cell & 1 and shown >> cell & 1
    )


def new_game(
    players: int | None = None,
    seed: int | str | None = None,
    *,
    difficulty: str = "normal",
    length: str = "full",
) -> LinesBetaState:
    """A new game of LinesBeta (one player, against the grid), dealt from ``seed`` (a fresh
    one if not given): the entry point every game has (``GameInfo.new_game``)."""
    if players is not None:
        check_whole(players, "players (LinesBeta is for one, against the grid)", 1, 1)
    if difficulty not in rules.DIFFICULTIES:
        raise ValueError(f"difficulty {difficulty!r}: {', '.join(rules.DIFFICULTIES)}")
    if length not in rules.LENGTHS:
        raise ValueError(f"length {length!r}: {', '.join(rules.LENGTHS)}")
    return LinesBetaState(difficulty, length, seed=fresh_seed(wide=True) if seed is None else seed)
