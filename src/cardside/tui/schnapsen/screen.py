"""Schnapsen on the screen: the table as one seat sees it, the human's turn, deal results."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardside.core.cards import Card, Suit
from cardside.core.words import counted
from cardside.games.schnapsen.deal import Deal
from cardside.games.schnapsen.keep import rule_reason
from cardside.games.schnapsen.notation import (
    KEYWORDS,
    RANK_NAMES,
    format_action,
    format_card,
    parse_action,
    points_text,
    sort_hand,
)
from cardside.games.schnapsen.rules import (
    CARDS,
    SUITS,
    TOTAL_CARD_POINTS,
    Close,
    Exchange,
    Marriage,
    marriage_points,
)
from cardside.games.schnapsen.sheet import COUNTDOWN
from cardside.games.schnapsen.state import DealRecord, Observation, SchnapsenState
from cardside.tui.console import Console
from cardside.tui.grammar import agree
from cardside.tui.human import steady
from cardside.tui.style import Style

HELP = "\n".join(
    [
        "  On your lead: a card (KH, 10S, TS; German letters work too: DH the Daus, an Ace; "
        "OS the Ober, a Queen; US the Unter, a Jack), 'marriage KH' or "
        "'marriage QH' (declare King and Queen of a suit and lead one; also 20 KH, or 40 KH in "
        "trumps), 'exchange' (the trump "
        "Jack for the indicator), 'close' (no more drawing: phase 2).",
        "  Answering: a card; in phase 2 (stock closed or used up) follow suit, beating the "
        "lead if you can (a lower card of its suit if you cannot), and with none of its suit "
        "play a trump if you have one.",
        "  A deal is won at 66 card points (A 11, 10 10, K 4, Q 3, J 2, and marriages); "
        "cardside schnapsen rules has every rule.",
        "  Tab completes the legal moves.",
    ]
)


def card_points(points: int, marriages: int) -> str:
    """A player's counted card points with the marriages' share said: ``58 (20 of them from
    marriages)`` (one trump marriage or two others make 40: the words do not say which)."""
    if not marriages:
        return str(points)
    return f"{points} ({marriages} of them from marriages)"


class SchnapsenScreen:
    """Formats Schnapsen positions and results for two named players."""

    def __init__(self, console: Console, style: Style, names: Sequence[str]) -> None:
        self.console = console
        self.style = style
        self.names = list(names)

    def card(self, card: Card) -> str:
        return self.style.card(card, RANK_NAMES)

    def cards(self, cards: Iterable[Card]) -> str:
        return " ".join(self.card(c) for c in cards) or "-"

    def suit(self, suit: Suit) -> str:
        text = suit.letter if self.style.ascii else suit.symbol
        if self.style.color and suit.is_red:
            import click

            return click.style(text, fg="red", bold=True)
        return text

    def action(self, action: Any) -> str:
        if isinstance(action, Card):
            return self.card(action)
        if isinstance(action, Marriage):
            return "marriage " + self.card(action.card)
        return format_action(action)

    def does(self, seat: int, verb: str) -> str:
        """``Bot closes`` or ``You close``: the seat's name with the verb agreeing."""
        return agree(self.names[seat], verb)

    def counts(self, counts: Sequence[int]) -> str:
        return f"{self.names[0]} {counts[0]}, {self.names[1]} {counts[1]}"

    def countdown(self, counts: Sequence[int]) -> str:
        """The match's countdown from 7: ``countdown: You 7, Bot 5``."""
        return f"{COUNTDOWN}: {self.counts(counts)}"

    # -- the table ---------------------------------------------------------------------------
    def table(self, obs: Observation) -> None:
        """Everything ``obs.seat`` may know about the deal in progress."""
        say = self.console.say
        me, opp = obs.seat, 1 - obs.seat
        dealer = self.names[obs.dealer]
        say()
        say(
            self.style.bold(
                f"Deal {obs.deal_no} (dealer {dealer}); {self.countdown(obs.counts)} "
                "(first to 0 wins the match)"
            )
        )
        indicator = obs.indicator
        if obs.closed:
            stock = f"stock closed by {self.names[obs.closer or 0]} (phase 2)"
        elif obs.stock_size:
            stock = f"stock {obs.stock_size} cards"
        else:
            stock = "stock used up (phase 2)"
        shown = f", indicator {self.card(indicator)}" if indicator is not None else ""
        say(f"  trumps {self.suit(obs.trump)}{shown}; {stock}")
        for seat in (opp, me):
            say("  " + self.points_line(obs, seat))
        record = obs.closing_record
        if record is not None and obs.closer is not None:
            pts, trick = record
            say(
                f"  at closing {self.names[1 - obs.closer]} had "
                + (f"{pts} card points" if trick else "no trick")
            )
        last = obs.last_trick
        if last is not None:
            say(
                f"  last trick: {self.trick_text(last.leader, last.lead, last.reply)} "
                f"{self.style.arrow()} {self.names[last.winner]}"
            )
        known = obs.known_opponent_cards
        if known:
            say(f"  {self.names[opp]} is known to hold {self.cards(sort_hand(known, obs.trump))}")
        if obs.lead_card is not None:
            say(f"  {self.names[obs.leader]} led {self.card(obs.lead_card)}")
        say(f"  your hand: {self.cards(sort_hand(obs.hand, obs.trump))}")

    def points_line(self, obs: Observation, seat: int) -> str:
        return points_text(obs, seat, self.names, self.suit)

    def trick_text(self, leader: int, lead: Card, reply: Card) -> str:
        other = self.names[1 - leader]
        return f"{self.names[leader]} {self.card(lead)}, {other} {self.card(reply)}"

    # -- results -----------------------------------------------------------------------------
    def deal_over(
        self, deal: Deal, record: DealRecord, match_over: bool, coming: Any = None
    ) -> None:
        """A finished deal: who won, the rule, the card points, the counts; and the next deal
        (``coming``: the game once dealt), its trumps said before its first moves are."""
        say = self.console.say
        r = record.result
        winner = self.names[r.winner]
        # The game points said once: the rule's reason without them.
        say(
            self.style.good(f"Deal {record.deal_no}: {self._won(record)}")
            + f" ({rule_reason(r.rule)})."
        )
        tally = ", ".join(
            f"{self.names[s]} {card_points(deal.points[s], deal.counted_marriages(s))}"
            + (f" (+{deal.pending[s]} pending, lost)" if deal.pending[s] else "")
            for s in (0, 1)
        )
        if deal.hands == (0, 0) and not deal.stock:
            tally += f" (the tricks hold {TOTAL_CARD_POINTS} in all)"
        say(f"  card points: {tally}")
        say(f"  {self.countdown(record.counts_after)}")
        if match_over:
            loser = self.names[1 - r.winner]
            say(self.style.good(f"{agree(winner, 'win')} the match; a Bummerl for {loser}."))
        else:
            dealer = 1 - record.dealer
            trumps = ""
            if coming is not None:
                shown = coming.indicator
                trumps = f"; trumps {self.suit(coming.trump)}" + (
                    f", indicator {self.card(shown)}" if shown is not None else ""
                )
            say(
                f"Deal {record.deal_no + 1}: {self.does(dealer, 'deal')}, "
                f"{self.does(1 - dealer, 'lead')}{trumps}."
            )

    def deal_line(self, record: DealRecord) -> str:
        """A finished deal in one line: ``Deal 1: Bot 2 wins 3 game points (...); countdown:
        ...``, in the words of :meth:`deal_over`."""
        r = record.result
        return (
            f"Deal {record.deal_no}: {self._won(record)} ({rule_reason(r.rule)}); "
            f"{self.countdown(record.counts_after)}"
        )

    def _won(self, record: DealRecord) -> str:
        """``Bot 2 wins 3 game points`` / ``You win 1 game point``."""
        r = record.result
        return f"{agree(self.names[r.winner], 'win')} {counted(r.points, 'game point')}"


class SchnapsenTurn:
    """The human's turn in ``schnapsen play``: draw the table, read an action, offer hints."""

    vocabulary = KEYWORDS

    def __init__(self, screen: SchnapsenScreen, hint_bot: Any) -> None:
        self.screen = screen
        self.hint_bot = hint_bot

    def show(self, obs: Observation, seat: int) -> None:
        self.screen.table(obs)

    def prompt(self, obs: Observation, seat: int) -> str:
        if obs.lead_card is None:
            return "Your lead: "
        # Plain text: the line editor shows escape codes in a prompt as they are.
        card = format_card(obs.lead_card, ascii=self.screen.style.ascii)
        return f"Your answer to {card}: "

    def words(self, obs: Observation, seat: int, typed: str = "") -> Iterable[str]:
        return [format_action(a, ascii=True) for a in obs.legal_actions()]

    def parse(self, text: str, obs: Observation, seat: int) -> Any:
        return parse_action(text, obs)

    def hint(self, obs: Observation, seat: int) -> str:
        ascii = self.screen.style.ascii
        if hasattr(self.hint_bot, "ascii"):
            self.hint_bot.ascii = ascii  # its reason names cards as the screen does
        action, reason = steady(self.hint_bot, seat, obs).hint(obs, seat)
        prefix = format_action(action, ascii=ascii) + ": "
        if reason.startswith(prefix):
            reason = reason[len(prefix) :]
        return f"hint: {self.screen.action(action)}: {reason}"

    def help(self) -> str:
        return HELP


def describe_action(
    screen: SchnapsenScreen,
    before: Deal,
    seat: int,
    action: Any,
    show_card: bool,
    ended: bool = False,
) -> list[str]:
    """What ``seat`` just did, in words (before the trick, if any, is resolved).

    ``ended``: the action ended the deal (a marriage that reached 66 leads no card).
    """
    does = screen.does
    if isinstance(action, Exchange):
        indicator = screen.card(CARDS[before.stock[-1]])
        return [f"{does(seat, 'exchange')} the trump Jack for the indicator {indicator}."]
    if isinstance(action, Close):
        return [f"{does(seat, 'close')} the stock: no more drawing, phase 2 from now on."]
    if isinstance(action, Marriage):
        value = marriage_points(SUITS.index(action.card.suit), before.trump)
        wait = "" if before.won[seat] else " (pending until a first trick)"
        if ended and before.won[seat]:
            return [
                f"{does(seat, 'declare')} the marriage in {screen.suit(action.card.suit)} "
                f"({value}) and {does(seat, 'reach').split()[-1]} 66."
            ]
        lead = does(seat, "lead").split()[-1]
        return [
            f"{does(seat, 'declare')} the marriage in {screen.suit(action.card.suit)} "
            f"({value}){wait} and {lead} {screen.card(action.card)}."
        ]
    if show_card:
        return [f"{does(seat, 'lead' if before.lead < 0 else 'play')} {screen.card(action)}."]
    return []


def describe_trick(screen: SchnapsenScreen, before: Deal, after: Deal, you: int) -> list[str]:
    """The trick that ``after`` completed (if any): its winner, the draws, phase changes."""
    if len(after.tricks) == len(before.tricks):
        return []
    t = after.tricks[-1]
    lead, reply = CARDS[t.lead], CARDS[t.reply]
    worth = lead.rank + reply.rank
    lines = [
        f"  {screen.trick_text(t.leader, lead, reply)} {screen.style.arrow()} "
        f"{screen.does(t.winner, 'take')} the trick ({worth} card points)."
    ]
    if after.result is None and before.stock and before.closer < 0:
        drawn = after.hands[you] & ~before.hands[you]
        if drawn:
            card = CARDS[drawn.bit_length() - 1]
            lines.append(f"  {screen.does(you, 'draw')} {screen.card(card)}.")
        if not after.stock:
            lines.append("  The stock is used up: phase 2 from now on.")
    return lines


def finished_deal(state: SchnapsenState) -> Deal:
    """The deal that ended last (the current one once the match is over)."""
    if state.is_terminal():
        return state.deal
    previous = state.previous_deal
    assert previous is not None
    return previous
