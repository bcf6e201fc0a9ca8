"""Line-it on the screen: the market, the lines, hands and jackpots, and the human's turn."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import click

from cardside.core.errors import IllegalActionError, NotationError
from cardside.core.words import counted
from cardside.games.lineit import rules
from cardside.games.lineit.notation import (
    CARD_KINDS,
    Action,
    format_action,
    format_card,
    parse_action,
    parse_card,
)
from cardside.games.lineit.rules import LineScore
from cardside.games.lineit.score import WAYS, describe_bet, describe_points
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
from cardside.tui.console import Console
from cardside.tui.human import steady
from cardside.tui.style import Style
from cardside.tui.table import display_width, pad

FG = ("red", "blue", "green", "yellow")


#: The rest of a turn's plan in a bot's reason: ``keep 98 in hand for later (then score)``.
_THEN = re.compile(r" \(then ([^()]*)\)")
CARDS_AND_COMMANDS = [
    "  Cards: 57 or 57r (colour letter), B3 B4 B5. Tab completes. Short: l 57, p 23, s, d; "
    "play (or p) alone plays the one card that fits.",
    "  hint gives the strong bot's choice and why.",
]
HELP = "\n".join(
    [
        "  Take a market card: line 57 (to your line) or hand 57 (to your hand, at most 2).",
        "  A card that fits neither (it does not continue your line and your hand is full) "
        "goes with line 57: your line is scored first and the card starts a new one.",
        "  Then, if you like, play 23 (one card from hand to your line per round), then score "
        "(ends your turn) or done.",
        *CARDS_AND_COMMANDS,
    ]
)
#: The help once this turn's market card is taken.
HELP_TAKEN = "\n".join(
    [
        "  Your market card is taken. Now, if you like, play 23 (one card from hand to your "
        "line per round), then score (ends your turn) or done.",
        *CARDS_AND_COMMANDS,
    ]
)


def round_ended(
    before: Snap, after: Snap, taken: int | None
) -> tuple[list[int], list[int], bool, list[int]] | None:
    """What the action from ``before`` to ``after`` (taking the market card ``taken``, if
    any) ended: ``None`` if no round; else the market's number cards left to the jackpots,
    its Bet cards left to the discard, whether the end phase began, and then the deck's last
    cards: its number cards, which went to the jackpots face up, then its Bet cards, which
    went to the discard."""
    new_round = after.round_no != before.round_no
    to_end = after.step in (END, OVER) and before.step not in (END, OVER)
    if not (new_round or to_end):
        return None
    gone = list(before.market)
    if taken in gone:
        gone.remove(taken)
    numbers = [c for c in gone if not rules.is_bet(c)]
    bets = [c for c in gone if rules.is_bet(c)]
    deck: list[int] = []
    if to_end:
        # The deck, too short for a market, goes whole: its number cards to the jackpots,
        # its Bet cards to the discard.
        deck = sorted(c for c in before.deck if not rules.is_bet(c))
        deck += sorted(c for c in before.deck if rules.is_bet(c))
    return numbers, bets, to_end, deck


def deck_said(deck: Sequence[int], cards: Callable[[list[int]], str]) -> str:
    """Where the deck's last cards went (``deck`` as :func:`round_ended` gives them, written
    by ``cards``): ``its last cards went to the jackpots (20y); B3 is discarded``."""
    numbers = [c for c in deck if not rules.is_bet(c)]
    bets = [c for c in deck if rules.is_bet(c)]
    discarded = f"{cards(bets)} {'is' if len(bets) == 1 else 'are'} discarded"
    if not numbers and not bets:
        return "it is used up"
    if not numbers:
        return f"its last {'card' if len(bets) == 1 else 'cards'}: {discarded}"
    said = f"its last cards went to the jackpots ({cards(numbers)})"
    return f"{said}; {discarded}" if bets else said


def passed_over(snap: Snap) -> list[int]:
    """The seats the end phase passes over (no card in hand fits the line), in the order it
    goes from the first player; every seat once no one could play (the game over)."""
    players = len(snap.hands)
    order = [(snap.first + k) % players for k in range(players)]
    if snap.step == OVER:
        return order
    return [
        seat
        for seat in order
        if not any(rules.fits(snap.lines[seat], card) for card in snap.hands[seat])
    ]


#: The help at the end of the game, once the deck cannot fill a market.
HELP_END = "\n".join(
    [
        "  The deck cannot fill a market: play 23 (a last card from hand to your line) or done; "
        "then every "
        "line is scored.",
        *CARDS_AND_COMMANDS,
    ]
)


class LineitScreen:
    """Formats Line-it positions and events for one table of named players."""

    def __init__(self, console: Console, style: Style, names: Sequence[str]) -> None:
        self.console = console
        self.style = style
        self.names = list(names)
        self.width = max(display_width(n) for n in self.names)

    def card(self, card: int) -> str:
        """``57r``, in its colour on a colour terminal (the letter stays: a colour is not
        everyone's to see); Bet cards ``B4``."""
        if rules.is_bet(card):
            return self.style.bold(format_card(card)) if self.style.color else format_card(card)
        if self.style.color:
            return click.style(format_card(card, letter=True), fg=FG[rules.colour(card)], bold=True)
        return format_card(card, letter=True)

    def whose(self, seat: int) -> str:
        """``Your`` or ``Bot 2's``."""
        name = self.names[seat]
        return "Your" if name == "You" else f"{name}'s"

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards) or "-"

    def does(self, seat: int, verb: str, you: int | None = None) -> str:
        """``You take`` or ``Bot 2 takes``."""
        name = self.names[seat]
        if seat == you or name == "You":
            return f"{name} {verb}"
        return f"{name} {verb}es" if verb.endswith(("sh", "ss")) else f"{name} {verb}s"

    # -- the position ------------------------------------------------------------------------
    def line_text(self, line: Sequence[int], piles: Sequence[Sequence[int]]) -> list[str]:
        """A line with its direction, bet and colours (and the jackpot a third card takes)."""
        if not line:
            return ["line: (empty)"]
        way = WAYS[rules.direction(line)]
        text = f"line: {self.cards(line)}  ({way}"
        nums = rules.numbers_of(line)
        if nums and rules.direction(line) != rules.OPEN:
            text += f" after {nums[-1]}"
        text += ")"
        out = [text]
        score = rules.score_line(line)
        if score.bet is not None:
            need = score.bet - score.after_bet
            more = counted(need, "more number card")
            state = "won if scored now" if need <= 0 else f"needs {more}"
            out.append(f"  bet B{score.bet}: {score.after_bet} after it, {state}")
        counts = [0, 0, 0, 0]
        for c in nums:
            counts[rules.colour(c)] += 1
        parts = []
        for col, n in enumerate(counts):
            name = rules.COLOURS[col]
            if n == 2:
                parts.append(f"{name} 2 (a third takes {len(piles[col])})")
            elif n == 1:
                parts.append(f"{name} 1 (jackpot {len(piles[col])})")
            elif n:
                parts.append(f"{name} {n} (jackpot taken)")
        if parts:
            out.append("  colours: " + ", ".join(parts))
        out.append(f"  if scored now: {score.total:+d}")
        return out

    def show(self, state: LineitState, seat: int) -> None:
        """The round, the jackpots, every player (the others first, so that your own line and
        hand come last) and then the market, next to the prompt that takes from it."""
        s = state.snapshot
        say = self.console.say
        say()
        rounds_left = len(s.deck) // rules.market_size(state.players)
        if s.step == END:
            say(self.style.bold("The end: one last card from hand, then every line is scored."))
        else:
            say(
                self.style.bold(
                    f"Round {s.round_no}: {counted(len(s.deck), 'card')} in the deck "
                    f"({counted(rounds_left, 'more round')})."
                )
            )
        say(
            "  jackpots: "
            + ", ".join(f"{rules.COLOURS[c]} {len(p)}" for c, p in enumerate(s.piles))
        )
        for p in [x for x in range(state.players) if x != seat] + [seat]:
            tokens = " ".join(f"{t:+d}" for t in s.tokens[p]) or "none"
            label = self.names[p] + (" (you)" if p == seat and self.names[p] != "You" else "")
            first = " *" if p == s.first else ""
            head = (
                f"  {self.style.bold(label)}{first}: score {state.score(p)} "
                f"(score pile {len(s.scored[p])}, tokens {tokens})"
            )
            if p == seat:
                say(head)
                for text in self.line_text(s.lines[p], s.piles):
                    say("    " + text)
                say(f"    hand: {self.cards(s.hands[p]) if s.hands[p] else '(empty)'}")
            else:
                # The others in two lines each, so that four players and the turns since
                # yours fit a 30-row terminal.
                # A hand's cards were taken from the face-up market: the table knows them.
                say(f"{head}, hand: {self.cards(s.hands[p]) if s.hands[p] else '(empty)'}")
                # Single spaces: a long line wraps under its start, not as a table's column.
                parts = [" ".join(t.split()) for t in self.line_text(s.lines[p], s.piles)]
                say("    " + "; ".join(parts))
        say("  (* starts the end)" if s.step == END else "  (* starts this round)")
        if s.step != END:
            say(f"  market: {self.cards(s.market)}")

    # -- events ------------------------------------------------------------------------------
    def action(self, seat: int, action: Action, you: int | None) -> str:
        card = self.card(action.card) if action.card else ""
        if action.kind == "line":
            return f"{self.does(seat, 'take', you)} {card} for the line."
        if action.kind == "hand":
            return f"{self.does(seat, 'take', you)} {card} into hand."
        if action.kind == "play":
            return f"{self.does(seat, 'play', you)} {card} from hand to the line."
        if action.kind == "score":
            return f"{self.does(seat, 'score', you)} the line."
        return f"{self.does(seat, 'end', you)} the turn."

    def scored(self, event: Scored) -> list[str]:
        """After a scored line: the three discarded, the bet, the jackpots it took, points."""
        sc: LineScore = event.score
        why = {"forced": " (forced: the card fit neither line nor hand)", "end": " (the end)"}
        discarded = self.cards(sc.discarded) if sc.discarded else "nothing"
        points = (
            f"points {self.cards(sc.points_cards)} = {sc.points}"
            if sc.points_cards
            else describe_points(sc)  # in the words of keep and score
        )
        lines = [
            f"  {self.whose(event.seat)} line {self.cards(sc.cards)} is scored"
            f"{why.get(event.how, '')}:",
            f"    discarded {discarded}; {describe_bet(sc)}; {points}; total {sc.total:+d}",
        ]
        taken = rules.jackpots_in(sc.cards)
        if taken:
            lines.append(
                "    jackpots it took: "
                + ", ".join(f"{rules.COLOURS[col]} (with {c})" for c, col in taken)
            )
        return lines

    def jackpot(self, event: Jackpot) -> str:
        name = rules.COLOURS[event.colour]
        if not event.cards:
            return f"  {self.whose(event.seat)} third {name} card: the {name} jackpot is empty."
        return (
            f"  {self.whose(event.seat)} third {name} card ({event.card}) takes the {name} "
            f"jackpot: {counted(event.cards, 'card')} to the score pile."
        )

    def between(self, before: Snap, after: Snap, taken: int | None = None) -> list[str]:
        """What happened between rounds: the market's leftovers to the jackpots (Bet cards to
        the discard), the end phase. ``before`` is the position before the action that ended
        the round, and ``taken`` the market card that action took, if any."""
        ended = round_ended(before, after, taken)
        if ended is None:
            return []
        numbers, bets, to_end, deck = ended
        out = []
        parts = []
        if numbers:
            parts.append(
                f"{self.cards(numbers)} {'goes' if len(numbers) == 1 else 'go'} to the jackpots"
            )
        if bets:
            parts.append(f"{self.cards(bets)} {'is' if len(bets) == 1 else 'are'} discarded")
        if parts:
            out.append(f"  Round over: {'; '.join(parts)}.")
        if to_end:
            out.append(
                f"  The deck cannot fill a market: {deck_said(deck, self.cards)}. "
                "Each player may play one last card from hand." + self.passed_over_text(after)
            )
        else:
            out.append(self.round_start(after))
        return out

    def passed_over_text(self, snap: Snap) -> str:
        """`` Passed over (no card in hand fits the line): You, Bot 3.``, or ``""``."""
        seats = passed_over(snap)
        if not seats:
            return ""
        if snap.step == OVER:
            return " No one holds a card that fits their line."
        names = ", ".join(self.names[s] for s in seats)
        return f" Passed over (no card in hand fits the line): {names}."

    def round_start(self, snap: Snap) -> str:
        """``Bot 2 starts round 3 with the market: 12 44 57 ...`` (seen before anyone takes)."""
        starts = self.does(snap.first, "start")
        return f"  {starts} round {snap.round_no} with the market: {self.cards(snap.market)}."

    def history(self, actions: Sequence[tuple[int, str, str]]) -> str:
        """Every action so far (the last 60 turns), one line per player's turn, under the
        round it was played in."""
        if not actions:
            return "  nothing played yet"
        turns: list[tuple[str, int, list[str]]] = []
        for mover, text, when in actions:
            last = turns[-1] if turns else None
            if last and last[:2] == (when, mover) and last[2][-1] not in ("score", "done"):
                last[2].append(text)
            else:
                turns.append((when, mover, [text]))
        out: list[str] = []
        heading = ""
        for when, mover, texts in turns[-60:]:
            if when != heading:
                heading = when
                out.append(f"  {when}:")
            first, *scored = ", ".join(texts).split("\n")
            out.append(f"    {self.names[mover]}: {first}")
            out += [f"      {line}" for line in scored]
        return "\n".join(out)

    def final(self, state: LineitState) -> None:
        outcome = state.outcome()
        assert outcome is not None
        say = self.console.say
        say(self.style.bold("Final scores (score pile + bet tokens):"))
        s = state.snapshot
        for p in range(state.players):
            tokens = sum(s.tokens[p])
            name = pad(self.names[p], self.width)
            say(f"  {name}  {len(s.scored[p]):>3} {tokens:+d} = {state.score(p)}")
        names = [self.names[w] for w in outcome.winners]
        if len(names) == 1:
            verb = "win" if names[0] == "You" else "wins"
            say(self.style.good(f"{names[0]} {verb} with {max(outcome.scores)}!"))
        else:
            say(self.style.good(f"{' and '.join(names)} share the win with {max(outcome.scores)}."))


def one_line_a_round(recap: Sequence[str]) -> list[str]:
    """The turns since a seat's last, as history words them (a heading, ``  round 3:``, each
    player's turn under it), with each round's turns on one line: ``round 3: You: line 12,
    done; Bot 2: line B3, done``."""
    out: list[str] = []
    for line in recap:
        text = line.strip()
        if ":" in text and line.startswith("   "):
            # A player's name (or "round over") kept whole where the line wraps.
            who, rest = text.split(":", 1)
            text = who.replace(" ", "\u00a0") + ":" + rest
        if not line.startswith(" "):
            out.append(line)  # the heading
        elif line.startswith("  ") and not line.startswith("   ") and text.endswith(":"):
            out.append(f"  {text}")  # a round
        elif out and out[-1].startswith("  ") and not out[-1].endswith(":"):
            out[-1] += f"; {text}"
        elif out and out[-1].startswith("  "):
            out[-1] += f" {text}"
        else:
            out.append(f"  {text}")
    return out


class LineitTurn:
    """The human's turn in ``lineit play``: draw the table, read actions, offer hints."""

    action_words = ("score", "done")
    #: The words of the moves that take a card, for ``h 12`` (help) meant as ``hand 12``.
    move_words = ("line", "hand", "play")
    vocabulary = ("line", "hand", "play", "score", "done")

    def __init__(
        self,
        screen: LineitScreen,
        hint_bot: Any,
        recap: Callable[[int], list[str]] | None = None,
    ) -> None:
        self.screen = screen
        self.hint_bot = hint_bot
        self.recap = recap
        #: Whether the next decision draws the whole table even within a turn: the first
        #: one (a game resumed within a turn) and the one after an undo.
        self._whole = True

    def show(self, obs: LineitState, seat: int) -> None:
        """The whole table, then what happened since this seat's last turn began (each round
        of it on one line where the whole would not fit the terminal's height)."""
        console = self.screen.console
        before = console.said_lines
        self.screen.show(obs, seat)
        self._whole = False
        lines = ["  " + line for line in (self.recap(seat) if self.recap else [])]

        def shorter(said: list[str]) -> list[str]:
            return ["  " + line for line in one_line_a_round([s[2:] for s in said])]

        for line in console.fit(lines, console.said_lines - before, shorter):
            console.say(line)

    def undone(self) -> None:
        """An undo was asked for: the decision it goes back to sees the whole table."""
        self._whole = True

    def redraw(self, obs: LineitState, seat: int) -> None:
        """Before each decision: the whole table at the start of a turn; within a turn (after
        the card is taken) only this seat's line and hand, so that what the turn did stays in
        view (``show`` draws the whole table, as does the first decision and one after an
        undo)."""
        s = obs.snapshot
        if s.step not in (TAKEN, PLAYED) or self._whole:
            self.show(obs, seat)
            return
        say = self.screen.console.say
        for text in self.screen.line_text(s.lines[seat], s.piles):
            say("    " + text)
        hand = self.screen.cards(s.hands[seat]) if s.hands[seat] else "(empty)"
        say(f"    hand: {hand}")

    def prompt(self, obs: LineitState, seat: int) -> str:
        step = obs.snapshot.step
        name = self.screen.names[seat]
        who = "" if name == "You" else f"{name}, "
        if step == TAKE:
            return f"{who}line N or hand N (a market card): "
        if step in (TAKEN, PLAYED):
            # Offer only what can be done: no 'play' with no card that fits, no 'score'
            # with an empty line.
            kinds = {a.kind for a in obs.legal_actions()}
            offered = [w for w in ("play from hand", "score") if w.split()[0] in kinds]
            return f"{who}{' or '.join([', '.join(offered), 'done'] if offered else ['done'])}: "
        return f"{who}play a last card from hand, or done: "

    def words(self, obs: LineitState, seat: int, typed: str = "") -> list[str]:
        return [format_action(a) for a in obs.legal_actions()]

    def parse(self, text: str, obs: LineitState, seat: int) -> Action:
        word = text.strip().lower()
        # A move's word typed alone may be shortened, as before a card: `p` for play, `d` done.
        if word.isalpha():
            starts = [w for w in (*CARD_KINDS, "score", "done") if w.startswith(word)]
            if len(starts) == 1:
                word = text = starts[0]
        if word in CARD_KINDS:
            return self._alone(word, obs, seat)
        words = word.split()
        if len(words) == 1 or (len(words) == 2 and words[0] in ("take", "get")):
            self._card_alone(words[-1], obs)
        action = parse_action(text)
        reason = obs.why_illegal(action)
        if reason:
            raise IllegalActionError(reason)
        return action

    def _card_alone(self, text: str, obs: LineitState) -> None:
        """A card typed without its move (``14``, ``take 14``): refused with the moves that
        take it now (``line 14 or hand 14``), when there are any."""
        try:
            card = parse_card(text)
        except NotationError:
            return
        legal = obs.legal_actions()
        moves = [format_action(a) for a in legal if a.card == card]
        if moves:
            raise IllegalActionError(f"say where {format_card(card)} goes: {' or '.join(moves)}")
        # No move takes it: why, as the move the turn is at would say (the market's card
        # to take, else a card of the hand to play).
        kind = "line" if any(a.kind in ("line", "hand") for a in legal) else "play"
        reason = obs.why_illegal(Action(kind, card))
        if reason:
            raise IllegalActionError(reason)

    def _alone(self, kind: str, obs: LineitState, seat: int) -> Action:
        """``play`` (``line``, ``hand``) typed without a card: the one card it can take, or
        which cards it could."""
        choices = [a for a in obs.legal_actions() if a.kind == kind]
        if len(choices) == 1:
            return choices[0]
        if not choices:
            s = obs.snapshot
            pool = s.hands[seat] if kind == "play" else s.market
            reasons = {obs.why_illegal(Action(kind, card)) for card in pool}
            if len(reasons) == 1:
                raise IllegalActionError(reasons.pop())
            if kind == "play" and pool:
                raise IllegalActionError("no card in your hand continues your line")
            if kind == "play":
                raise IllegalActionError("your hand is empty")
            # An empty market: the reason of the step (the deck is out, the card is taken).
            raise IllegalActionError(obs.why_illegal(Action(kind, 1)) or "the market is empty")
        cards = ", ".join(f"{kind} {format_card(a.card)}" for a in choices)
        raise IllegalActionError(f"{kind} which card? {cards}")

    def hint(self, obs: LineitState, seat: int) -> str:
        advice = steady(self.hint_bot, seat, obs.snapshot).hint(obs, seat)
        moves, reason = format_action(advice.action), advice.reason
        # The rest of the plan is typed after the first move: said with it, in order.
        plan = _THEN.search(reason)
        if plan is not None:
            reason = reason[: plan.start()] + reason[plan.end() :]
            moves += "".join(f", then {step}" for step in plan.group(1).split(", "))
        return f"hint: {moves}: {reason}"

    def help(self) -> str:
        return HELP

    def help_now(self, obs: LineitState, seat: int) -> str:
        """The help for the step of the turn the prompt asks about."""
        step = obs.snapshot.step
        if step in (TAKEN, PLAYED):
            return HELP_TAKEN
        return HELP_END if step == END else HELP
