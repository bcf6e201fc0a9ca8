"""The Line-it play screen: Tab completion, the parts of the table, refusals at the prompt."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardside.core.errors import IllegalActionError
from cardside.games.lineit import rules
from cardside.games.lineit.bots import make_bot
from cardside.games.lineit.notation import DONE, Action, format_card, format_cards, parse_card
from cardside.games.lineit.rules import score_line
from cardside.games.lineit.state import Jackpot, LineitState, Scored, Snap
from cardside.tui.console import Console, completions, wrap
from cardside.tui.lineit.screen import HELP, LineitScreen, LineitTurn
from cardside.tui.style import Style


def turn() -> tuple[LineitTurn, LineitState, int]:
    seed = next(s for s in range(50) if LineitState(2, seed=s).snapshot.first == 0)
    state = LineitState(2, seed=seed)
    seat = state.current_player()
    assert seat == 0
    screen = LineitScreen(Console(interactive=False), Style(), ["You", "Bot 2"])
    return LineitTurn(screen, make_bot("heuristic", seed=1)), state, seat


def test_tab_offers_the_legal_actions_as_written() -> None:
    view, state, seat = turn()
    words = view.words(state.observation(seat), seat)
    market = state.snapshot.market
    assert sorted(words) == sorted(
        [f"line {c}" if c <= 100 else f"line B{c - 100}" for c in dict.fromkeys(market)]
        + [f"hand {c}" if c <= 100 else f"hand B{c - 100}" for c in dict.fromkeys(market)]
    )
    first = words[0]
    offered = [text for text, _ in completions(first[:6], words)]
    assert first in offered and all(o.startswith(first[:6]) for o in offered)


def test_the_prompt_reads_actions_and_refuses_with_the_rule() -> None:
    view, state, seat = turn()
    obs = state.observation(seat)
    card = state.snapshot.market[0]
    assert view.parse(f"hand {card if card <= 100 else 'B' + str(card - 100)}", obs, seat) == (
        Action("hand", card)
    )
    with pytest.raises(IllegalActionError, match="take a card from the market first"):
        view.parse("done", obs, seat)
    assert view.prompt(obs, seat) == "line N or hand N (a market card): "


def test_the_table_shows_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    view, state, seat = turn()
    state.apply(state.legal_actions()[0])
    view.show(state.observation(seat), seat)
    out = capsys.readouterr().out
    for part in [
        "Round 1:",
        "market:",
        "jackpots: red 0, blue 0",
        "You",
        "Bot 2",
        "line:",
        "hand:",
    ]:
        assert part in out
    assert "if scored now:" in out


def screen() -> LineitScreen:
    return LineitScreen(Console(interactive=False, width=60), Style(), ["You", "Bot 2"])


def test_the_humans_scored_line_is_yours() -> None:
    line = score_line([parse_card(c) for c in "12 30 B4 45 57 60 71".split()])
    assert screen().scored(Scored(0, 1, "chosen", line))[0].startswith("  Your line 12y 30b")
    assert screen().scored(Scored(1, 1, "chosen", line))[0].startswith("  Bot 2's line 12y")


def test_a_jackpot_counts_its_cards_in_words() -> None:
    assert screen().jackpot(Jackpot(0, 3, 0, 5, 1)).endswith("jackpot: 1 card to the score pile.")
    assert "Your third red card" in screen().jackpot(Jackpot(0, 3, 0, 5, 4))
    assert screen().jackpot(Jackpot(1, 3, 0, 5, 4)).endswith(": 4 cards to the score pile.")


def test_the_help_is_whole_paragraphs_so_it_wraps_cleanly() -> None:
    # Each line of the help is a sentence group of its own: wrapped to 60 or 40 columns, no
    # sentence is broken by a hard line end in the middle ("then score (ends" / "your turn").
    for line in HELP.splitlines():
        assert line.rstrip().endswith("."), line
    for width in (40, 60):
        for line in HELP.splitlines():
            pieces = wrap(line, width)
            assert all(len(p) <= width for p in pieces)
    assert "score (ends your turn)" in " ".join(HELP.split())


def test_the_prompt_offers_only_what_can_be_done() -> None:
    view, state, seat = turn()
    card = state.snapshot.market[0]
    state.apply(Action("hand", card))  # an empty line: nothing to score, the card fits
    assert view.prompt(state, seat) == "play from hand or done: "
    state.apply(Action("play", card))
    assert view.prompt(state, seat) == "score or done: "
    view, state, seat = turn()
    state.apply(Action("line", state.snapshot.market[0]))  # an empty hand
    assert view.prompt(state, seat) == "score or done: "


def test_a_new_round_is_started_in_the_right_person() -> None:
    view, state, seat = turn()
    said: list[str] = []
    while state.snapshot.round_no < 3:
        before = state.snapshot
        state.apply(state.legal_actions()[-1])
        said += view.screen.between(before, state.snapshot)
    starts = [line for line in said if " round " in line]
    assert starts[0].startswith("  Bot 2 starts round 2 with the market: ")
    assert starts[1].startswith("  You start round 3 with the market: ")
    market = " ".join(view.screen.card(c) for c in state.snapshot.market)
    assert starts[1] == f"  You start round 3 with the market: {market}."  # before anyone took


@pytest.mark.parametrize("seed", [4, 9])
def test_a_round_over_names_only_what_was_left_in_the_market(seed: int) -> None:
    # The round's last action may score a line holding a Bet card: that card was never in
    # the market and must not be named among the leftovers.
    state = LineitState(3, seed=seed)
    screen = LineitScreen(Console(interactive=False), Style(), ["A", "B", "C"])
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    ends = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        before = state.snapshot
        action = bots[seat].choose(state.observation(seat), seat)
        state.apply(action)
        taken = action.card if action.kind in ("line", "hand") else None
        for line in screen.between(before, state.snapshot, taken):
            if line.startswith("  Round over: "):
                ends += 1
                left = [c for c in before.market if c != taken]
                named = line.removeprefix("  Round over: ").rstrip(".")
                words = [
                    w for w in named.replace(";", " ").split() if w[0].isdigit() or w[0] == "B"
                ]
                assert sorted(words) == sorted(screen.card(c) for c in left), line
    assert ends >= 15


def test_a_scored_line_without_points_is_told_in_the_words_of_keep_and_score() -> None:
    from cardside.games.lineit.score import describe_points

    screen = LineitScreen(Console(interactive=False), Style(), ["You", "Bot 2"])
    short = score_line([12, 30, 45])
    told = "\n".join(screen.scored(Scored(0, 3, "chosen", short)))
    assert describe_points(short) == "points: none (3 or fewer number cards)"
    assert "points: none (3 or fewer number cards); total" in told
    longer = "\n".join(screen.scored(Scored(0, 3, "chosen", score_line([12, 30, 45, 57, 60]))))
    assert "points 57r 60y = 2; total +2" in longer


def test_the_end_phase_screen_says_who_starts_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    from cardside.games.lineit.state import END

    bots = [make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
    for seed in range(20):
        state = LineitState(2, seed=seed)
        while not state.is_terminal() and state.snapshot.step != END:
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choose(state.observation(seat), seat))
        if state.snapshot.step == END:
            break
    assert state.snapshot.step == END
    screen = LineitScreen(Console(interactive=False), Style(), ["You", "Bot 2"])
    capsys.readouterr()
    screen.show(state, 0)
    out = capsys.readouterr().out
    assert "(* starts the end)" in out and "starts this round" not in out
    screen.show(LineitState(2, seed=0), 0)  # hands start empty
    start = capsys.readouterr().out
    assert "    hand: (empty)" in start and "hand: -" not in start
    assert "(* starts this round)" in start


def test_the_market_and_your_own_hand_are_shown_last_next_to_the_prompt(
    capsys: pytest.CaptureFixture[str],
) -> None:
    state = LineitState(4, seed=5)
    seat = state.current_player()
    names = ["Ann", "Bob", "Cy", "Dee"]
    LineitScreen(Console(interactive=False), Style(), names).show(state.observation(seat), seat)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("  market: ") and lines[-2] == "  (* starts this round)"
    assert lines[-3].startswith("    hand: ") and "cards" not in lines[-3]
    mine = next(i for i, ln in enumerate(lines) if ln.startswith(f"  {names[seat]} (you)"))
    others = [i for i, ln in enumerate(lines) if ln.startswith("  ") and ln[2:5] in names]
    assert mine > max(i for i in others if i != mine)


def test_the_history_names_a_line_a_card_forced_to_be_scored() -> None:
    """A card that fits neither line nor hand scores the line first; nobody typed that, so the
    history says it beside the action."""
    from cardside.tui.lineit.play import said

    found = 0
    for seed in range(20):
        state = LineitState(2, seed=seed)
        bot = make_bot("random", seed=seed)
        while not state.is_terminal() and not found:
            seat = state.current_player()
            assert seat is not None
            prior = state.snapshot
            action = bot.choose(state, seat)
            state.apply(action)
            events = state.snapshot.log[len(prior.log) :]
            text = said(action, prior, state.snapshot)
            forced = [e for e in events if isinstance(e, Scored) and e.how == "forced"]
            if forced:
                found += 1
                total = forced[0].score.total
                card = format_card(action.card, letter=True)
                assert text.startswith(f"{action.kind} {card} (line ") and f"{total:+d})" in text
            else:
                assert "scored first" not in text
        if found:
            break
    assert found


def test_the_end_of_the_game_names_your_line_as_yours() -> None:
    from cardside.tui.lineit.play import said

    state = LineitState(2, seed=3)
    bots = [make_bot("random", seed=3), make_bot("random", seed=4)]
    texts = [
        said(action, prior, state.snapshot, ["You", "Bot 2"])
        for action, prior in played_through(state, bots)
    ]
    ends = " ".join(texts)
    assert "\nat the end, your line" in ends and "\nat the end, Bot 2's line" in ends
    assert "You's" not in ends
    # In the history each line scored at the end stands on a line of its own.
    screen = LineitScreen(Console(), Style(ascii=True, color=False), ["You", "Bot 2"])
    shown = screen.history([(0, texts[-1], "the end")]).splitlines()
    assert shown[1].startswith("    You: ") and "at the end" not in shown[1]
    assert all(line.startswith("      at the end, ") for line in shown[2:]) and len(shown) > 3


@pytest.mark.parametrize("seed", [21, 44])  # in seed 44 the deck's last card is B4
def test_the_history_says_each_round_over_and_the_end_whoever_ended_it(seed: int) -> None:
    """The action that ends a round (a bot's as much as a person's) tells in the history
    where the market's leftovers went, and the one that ends the last round that the deck
    can fill no market."""
    from cardside.tui.lineit.play import said
    from cardside.tui.lineit.screen import round_ended

    bet_seen = False
    state = LineitState(3, seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(3)]
    overs = ends = 0
    for action, prior in played_through(state, bots):
        text = said(action, prior, state.snapshot, ["Ann", "Bot 2", "Bot 3"])
        taken = action.card if action.kind in ("line", "hand") else None
        ended = round_ended(prior, state.snapshot, taken)
        if ended is None:
            assert "round over" not in text and "cannot fill" not in text
            continue
        numbers, bets, to_end, deck = ended
        if numbers or bets:
            overs += 1
            line = next(x for x in text.split("\n") if x.startswith("round over: "))
            for card in numbers + bets:
                assert format_card(card, letter=True) in line.split()
        ends += to_end
        assert ("\nthe deck cannot fill a market" in text) == to_end
        if to_end:
            # The deck's last number cards are named, and they are what the piles gained;
            # its Bet cards are said to be discarded, and they are what the discard gained.
            last = [c for c in deck if not rules.is_bet(c)]
            thrown = [c for c in deck if rules.is_bet(c)]
            if last:
                assert f"the jackpots ({format_cards(last, letter=True)})" in text
            # (A jackpot taken by the same move empties a pile: counted card by card.)
            now = [c for p in state.snapshot.piles for c in p]
            was = [c for p in prior.piles for c in p]
            assert all(c in now and c not in was for c in last)
            assert sorted(prior.deck) == sorted(deck) and not state.snapshot.deck
            if thrown:
                # Seed 44's deck is B4 alone: no card of it went to the jackpots.
                assert f"market: its last card: {format_cards(thrown)} is discarded" in text, text
                bet_seen = True
    assert bet_seen == (seed == 44)
    assert overs > 10 and ends == 1


def test_a_move_cut_short_to_a_command_is_answered_with_the_move_in_full() -> None:
    from cardside.tui.console import not_alone
    from cardside.tui.human import PLAY_WORDS

    moves = LineitTurn.move_words
    said = not_alone("h 79", PLAY_WORDS, entries=LineitTurn.action_words, moves=moves)
    assert said == "h takes nothing after it; for the move, type hand 79 (type help)"
    # A whole command word, or one that begins no move, is refused as before.
    said = not_alone("help 79", PLAY_WORDS, moves=moves)
    assert said == "help takes nothing after it: type it alone (type help)"
    assert not_alone("h 79", PLAY_WORDS) == "h takes nothing after it: type it alone (type help)"


def played_through(state: LineitState, bots: list) -> Iterator[tuple[Action, Snap]]:
    """Each move of the bots to the game's end, with the position before it (``state`` is
    after the move when it is yielded)."""
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        prior = state.snapshot
        action = bots[seat].choose(state, seat)
        state.apply(action)
        yield action, prior


def test_a_move_word_alone_takes_its_only_card_or_names_the_choices() -> None:
    """``play`` alone plays the one card that continues the line; with several, or none, it
    says which cards it could take, or why none."""
    turn = LineitTurn(screen=None, hint_bot=None)  # type: ignore[arg-type]
    state = LineitState(players=2, seed=5)
    bots = [make_bot("random", seed=1), make_bot("random", seed=2)]
    seen = {"one": 0, "several": 0, "none": 0}
    while not state.is_terminal() and min(seen.values()) < 3:
        seat = state.current_player()
        assert seat is not None
        plays = [a for a in state.legal_actions() if a.kind == "play"]
        if len(plays) == 1:
            assert turn.parse("play", state, seat) == plays[0]
            assert turn.parse(" PLAY ", state, seat) == plays[0]
            assert turn.parse("p", state, seat) == plays[0]  # shortened, as before a card
            seen["one"] += 1
        else:
            with pytest.raises(IllegalActionError) as refused:
                turn.parse("play", state, seat)
            if plays:
                seen["several"] += 1
                named = ", ".join(f"play {format_card(a.card)}" for a in plays)
                assert str(refused.value) == f"play which card? {named}"
            else:
                seen["none"] += 1
                assert "which card" not in str(refused.value)
        if DONE in state.legal_actions():
            assert turn.parse("d", state, seat) == turn.parse("done", state, seat) == DONE
        state.apply(bots[seat].choose(state, seat))
    assert min(seen.values()) >= 3, seen


def test_a_card_move_may_be_shortened_to_its_first_letter() -> None:
    from cardside.games.lineit.notation import parse_action

    assert parse_action("l 57") == Action("line", 57)
    assert parse_action("Ha B4") == Action("hand", 104)
    assert parse_action("p 23") == Action("play", 23)
    for text in ["l", "s 5", "x 5", "lines 5", "d 5"]:
        with pytest.raises(Exception, match="not an action|one card|takes no card"):
            parse_action(text)


def test_a_hint_says_the_moves_to_type_in_order_then_why() -> None:
    from types import SimpleNamespace

    from cardside.games.lineit.notation import HAND

    class Adviser:
        rng = None

        def __init__(self, reason: str) -> None:
            self.reason = reason

        def hint(self, view: object, seat: int) -> object:
            return SimpleNamespace(action=HAND[98], reason=self.reason)

    state = LineitState(2, seed=1)
    seat = state.current_player()
    assert seat is not None
    said = LineitTurn(None, Adviser("keep 98 in hand for later; scores 2 (then play 23, score)"))  # type: ignore[arg-type]
    assert said.hint(state, seat) == (
        "hint: hand 98, then play 23, then score: keep 98 in hand for later; scores 2"
    )
    alone = LineitTurn(None, Adviser("keep 98 in hand for later"))  # type: ignore[arg-type]
    assert alone.hint(state, seat) == "hint: hand 98: keep 98 in hand for later"
    # The strong bot says more after the plan: the plan still leads.
    more = Adviser("keep 98 in hand for later (then done); the best of 8 ways to play this turn")
    assert LineitTurn(None, more).hint(state, seat) == (  # type: ignore[arg-type]
        "hint: hand 98, then done: keep 98 in hand for later; the best of 8 ways to play this turn"
    )
    # And so with the strong bot itself, whenever its plan has more than one move.
    real = LineitTurn(None, make_bot("strong", seed=1))  # type: ignore[arg-type]
    rng, planned = __import__("random").Random(2), 0
    while not state.is_terminal() and planned < 3:
        seat = state.current_player()
        assert seat is not None
        said = real.hint(state.observation(seat), seat)
        assert "(then " not in said
        planned += ", then " in said.split(": ")[1]
        state.apply(rng.choice(state.legal_actions()))
    assert planned == 3


def test_a_card_typed_without_its_move_is_answered_with_the_moves_that_take_it() -> None:
    turn = LineitTurn(screen=None, hint_bot=None)  # type: ignore[arg-type]
    state = LineitState(2, seed=3)
    seat = state.current_player()
    assert seat is not None
    card = state.snapshot.market[0]
    name = format_card(card)
    for typed in (name, f"take {name}", f" {name.lower()} "):
        with pytest.raises(IllegalActionError) as refused:
            turn.parse(typed, state, seat)
        assert str(refused.value) == f"say where {name} goes: line {name} or hand {name}"
    # A card no move takes: why, as the move the turn is at says it.
    away = next(c for c in range(1, 101) if c not in state.snapshot.market)
    with pytest.raises(IllegalActionError, match=f"^{away} is not in the market$"):
        turn.parse(str(away), state, seat)
    state.apply(Action("line", card))
    if state.current_player() == seat:  # the card taken: a card of the hand may be played
        with pytest.raises(IllegalActionError) as played:
            turn.parse(str(away), state, seat)
        assert str(played.value) == state.why_illegal(Action("play", away))


@settings(max_examples=300, deadline=None)
@given(
    st.text(max_size=40)
    | st.from_regex(r"(l|p|ha|take|get|line|play|hand)? ?[0-9Bb]{0,4}[rgby]?", fullmatch=True)
)
@example("line")
@example("play")
@example("55")
def test_any_typed_line_is_an_action_or_a_reason(text: str) -> None:
    """Whatever is typed at a Line-it turn, in any step of it: a legal action, or a refusal
    with its reason (never another error)."""
    from cardside.core.errors import NotationError

    turn = LineitTurn(screen=None, hint_bot=None)  # type: ignore[arg-type]
    state = LineitState(2, seed=3)
    for step in range(3):
        seat = state.current_player()
        assert seat is not None
        try:
            action = turn.parse(text, state, seat)
        except (NotationError, IllegalActionError) as exc:
            assert str(exc)
        else:
            assert state.is_legal(action)
        state.apply(state.legal_actions()[-1 if step else 0])


@pytest.mark.parametrize("seed", [21, 22, 23, 24, 25, 26])
def test_the_end_says_who_it_passes_over(seed: int) -> None:
    """The end phase asks only the players holding a card that fits their line: the others
    are named when it begins, and they are exactly those it never asks."""
    from cardside.tui.lineit.screen import END, passed_over, round_ended

    state = LineitState(3, seed=seed)
    bots = [make_bot("random", seed=seed + s) for s in range(3)]
    names = ["Ann", "Bot 2", "Bot 3"]
    shown = LineitScreen(Console(interactive=False, width=400), Style(), names)
    passed: list[int] | None = None
    asked: set[int] = set()
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        prior = state.snapshot
        if prior.step == END:
            asked.add(seat)
        action = bots[seat].choose(state, seat)
        state.apply(action)
        taken = action.card if action.kind in ("line", "hand") else None
        ended = round_ended(prior, state.snapshot, taken)
        if ended is not None and ended[2]:
            passed = passed_over(state.snapshot)
            text = " ".join(shown.between(prior, state.snapshot, taken))
            if len(passed) == 3:
                assert "No one holds a card that fits their line." in text
            elif passed:
                said = ", ".join(names[s] for s in passed)
                assert f"Passed over (no card in hand fits the line): {said}." in text
            else:
                assert "Passed over" not in text
    assert passed is not None
    assert asked.isdisjoint(passed) and asked | set(passed) == {0, 1, 2}


RECAP = [
    "Since your last turn:",
    "  round 1:",
    "    You: line 12, done",
    "    Bot 2: line B3, done",
    "      round over: 36 63 to the jackpots",
    "  round 2:",
    "    Bot 2: line 45, done",
]


def test_a_recap_too_tall_for_the_terminal_says_each_round_on_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Four players and the turns since yours would push the table's top off a 24-row
    terminal: each round of the recap goes on one line (names kept whole where it wraps);
    a terminal tall enough keeps a line a turn."""
    from cardside.tui.lineit.screen import one_line_a_round

    assert [line.replace("\u00a0", " ") for line in one_line_a_round(RECAP)] == [
        "Since your last turn:",
        "  round 1: You: line 12, done; Bot 2: line B3, done; round over: 36 63 to the jackpots",
        "  round 2: Bot 2: line 45, done",
    ]
    state = LineitState(4, seed=3)
    names = ["You", "Bot 2", "Bot 3", "Bot 4"]
    four = [*RECAP[:4], "    Bot 3: line 2, done", "    Bot 4: line 55, done", *RECAP[4:]]
    four += ["    Bot 3: line B5, done", "    Bot 4: line 60, done"]
    for height in (24, 60):
        console = Console(interactive=False, width=80, height=height)
        screen = LineitScreen(console, Style(), names)
        view = LineitTurn(screen, make_bot("heuristic", seed=1), lambda seat: list(four))
        capsys.readouterr()
        view.show(state.observation(0), 0)
        said = capsys.readouterr().out.splitlines()
        recap = said[said.index("  Since your last turn:") :]
        if height == 24:
            # Round 1 wraps at 80 columns, after a whole name.
            assert len(recap) == 4 and recap[2].startswith("    Bot 4: line 55, done;"), recap
            assert len(said) + 1 <= 24  # and the prompt
        else:
            assert len(recap) == len(four) and len(said) + 1 > 24


def test_fit_never_passes_the_room_and_says_history_only_when_it_left_lines_out() -> None:
    console = Console(interactive=False, width=80, height=24)
    head = "  Since your last turn:"
    full = [head, "    a1", "    a2", "    a3"]

    def short(lines: list[str]) -> list[str]:
        return [head, "    round 8: a1; a2", "    round 9: a3"]

    note = "    (before these: history lists them)"
    alone = "  (the latest turns: history lists them)"
    assert console.fit(full, 19, short) == full  # 4 rows and the prompt: room for them
    assert console.fit(full, 20, short) == [head, "    round 8: a1; a2", "    round 9: a3"]
    # Room for 3 rows but not all 4 of the shorter: the oldest round goes, said so.
    longer = [head, "    round 7: a0", "    round 8: a1; a2", "    round 9: a3"]
    assert console.fit(full, 20, lambda lines: longer) == [head, note, "    round 9: a3"]
    # Room for two rows: the latest round stays in sight, after the note, without the heading.
    assert console.fit(full, 21, short) == [note, "    round 9: a3"]
    # Room for one: the latest round alone, what was just played.
    assert console.fit(full, 22, short) == ["    round 9: a3"]
    # A round that wraps to two rows: in room for two, it alone; in room for one, a line
    # that says where the turns are.
    wraps = [head, "    round 9: " + "a " * 60]
    assert console.fit(full, 20, lambda lines: wraps) == wraps
    assert console.fit(full, 21, lambda lines: wraps) == wraps[1:]
    assert console.fit(full, 22, lambda lines: wraps) == [alone]
    # What is above fills the screen already: its top is gone, the turns stay, shortened.
    assert console.fit(full, 23, short) == short(full)
    assert console.fit(full, 30, short) == short(full)
    assert Console(interactive=False, width=80).fit(full, 99, short) == full  # height unknown


def test_a_card_keeps_its_colour_letter_on_a_colour_terminal() -> None:
    """The letter says the colour to whoever cannot see it; the colour is drawn as well."""
    import click

    from cardside.tui.console import Console
    from cardside.tui.lineit.screen import LineitScreen
    from cardside.tui.style import Style

    coloured = LineitScreen(Console(interactive=False), Style(color=True), ["You", "Bot 2"])
    plain = LineitScreen(Console(interactive=False), Style(color=False), ["You", "Bot 2"])
    shown = coloured.card(57)
    assert click.unstyle(shown) == plain.card(57) == format_card(57, letter=True)
    assert shown != click.unstyle(shown)  # in colour too


def test_the_deck_s_last_cards_are_each_said_where_they_went() -> None:
    """Number cards to the jackpots, Bet cards to the discard, each said."""
    from cardside.tui.lineit.screen import deck_said

    def write(cards: list[int]) -> str:
        return " ".join(format_card(c, letter=True) for c in cards)

    assert deck_said([20, 103], write) == (
        "its last cards went to the jackpots (20y); B3 is discarded"
    )
    assert deck_said([20, 77], write) == "its last cards went to the jackpots (20y 77r)"
    assert deck_said([104, 105], write) == "its last cards: B4 B5 are discarded"
    assert deck_said([], write) == "it is used up"
