"""One conformance suite over every game's state: the state API behaves the same everywhere."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardside.core.errors import IllegalActionError, NotationError


def octrix(seed: int) -> Any:
    from cardside.games.octrix.state import OctrixState

    return OctrixState(3, seed=seed, target=30)


def linesbeta(seed: int) -> Any:
    from cardside.games.linesbeta.state import LinesBetaState

    return LinesBetaState("normal", "short", seed=seed)


def schnapsen(seed: int) -> Any:
    from cardside.games.schnapsen.state import SchnapsenState

    return SchnapsenState(seed=seed)


def iota(seed: int) -> Any:
    from cardside.games.iota.state import IotaState

    return IotaState(3, seed=seed)


def lineit(seed: int) -> Any:
    from cardside.games.lineit.state import LineitState

    return LineitState(4, seed=seed)


FACTORIES: dict[str, Callable[[int], Any]] = {
    "iota": iota,
    "lineit": lineit,
    "octrix": octrix,
    "linesbeta": linesbeta,
    "schnapsen": schnapsen,
}


def random_walk(state: Any, rng: random.Random, limit: int = 2000) -> list[Any]:
    applied = []
    for _ in range(limit):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions, "a live game must offer a legal action"
        assert actions == state.legal_actions(), "legal_actions must be stable"
        action = rng.choice(actions)
        assert state.is_legal(action)
        state.apply(action)
        applied.append(action)
    return applied


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_a_game_runs_to_its_end_with_an_outcome(game: str) -> None:
    state = FACTORIES[game](1)
    random_walk(state, random.Random(1), limit=100_000)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners
    assert state.current_player() is None or state.legal_actions() == []


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_undo_restores_every_earlier_position(game: str) -> None:
    state = FACTORIES[game](2)
    snapshots = []
    rng = random.Random(2)
    for _ in range(60):
        if state.is_terminal():
            break
        snapshots.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    for earlier in reversed(snapshots):
        state.undo()
        assert state.legal_actions() == earlier.legal_actions()
        assert state.current_player() == earlier.current_player()
    with pytest.raises(IllegalActionError):
        state.undo()


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_seed_plus_actions_replays_and_clone_is_independent(game: str) -> None:
    a = FACTORIES[game](3)
    actions = random_walk(a, random.Random(3), limit=80)
    b = FACTORIES[game](3)
    b.replay(actions)
    assert b.legal_actions() == a.legal_actions() and b.current_player() == a.current_player()
    twin = a.clone()
    if not a.is_terminal():
        a.apply(a.legal_actions()[0])
        assert twin.actions() == actions


def _containers(obj: Any, depth: int = 0, seen: set[int] | None = None) -> dict[int, str]:
    """Every list, dict, set or bytearray reachable from ``obj``'s attributes and tuples."""
    seen = set() if seen is None else seen
    found: dict[int, str] = {}
    if depth > 3 or id(obj) in seen:
        return found
    seen.add(id(obj))
    if isinstance(obj, list | dict | set | bytearray):
        found[id(obj)] = type(obj).__name__
    children: list[Any] = list(getattr(obj, "__dict__", {}).values())
    children += [getattr(obj, k) for k in getattr(obj, "__slots__", ()) if hasattr(obj, k)]
    if isinstance(obj, tuple | list):
        children += list(obj[:50])
    if isinstance(obj, dict):
        children += list(obj.values())[:50]
    for child in children:
        found.update(_containers(child, depth + 1, seen))
    return found


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_a_view_holds_no_list_or_dict_of_the_game_s_own(game: str) -> None:
    """Changing a view changes nothing in the game (an Octrix view shared the list of sides)."""
    state = walked(game, 4, 3)
    ours = _containers({k: v for k, v in vars(state).items() if k != "_history"})
    for seat in range(seats(state)):
        shared = set(_containers(state.observation(seat))) & set(ours)
        assert not shared, (game, seat)


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_a_public_property_holds_no_list_or_dict_of_the_game_s_own(game: str) -> None:
    """Writing into what a property returns changes nothing in the game or its clones (an
    IOTA game's ``grid`` was the snapshot's own dict, shared with every clone). A snapshot
    itself is the game's record, read-only by contract (docs/api.md)."""
    state = walked(game, 4, 3)
    ours = _containers({k: v for k, v in vars(state).items() if k != "_history"})
    for name in dir(type(state)):
        public = not name.startswith("_") and name != "snapshot"
        if public and isinstance(getattr(type(state), name, None), property):
            shared = set(_containers(getattr(state, name))) & set(ours)
            assert not shared, (game, name)


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_illegal_action_raises_with_a_reason(game: str) -> None:
    state = FACTORIES[game](4)
    legal = state.legal_actions()
    probe = FACTORIES[game](5)  # another deal: some of its actions are not legal here
    foreign = [a for a in probe.legal_actions() if a not in legal]
    if not foreign:
        pytest.skip("every action of the other deal is legal here")
    with pytest.raises(IllegalActionError) as info:
        state.apply(foreign[0])
    assert str(info.value)
    assert state.actions() == []


def seats(state: Any) -> int:
    """How many seats choose: LinesBeta's player alone, Schnapsen's two, else ``players``."""
    return getattr(state, "players", 1 if type(state).__name__ == "LinesBetaState" else 2)


def walked(game: str, seed: int, moves: int) -> Any:
    """A game of ``game`` after ``moves`` random moves (fewer if it ends first)."""
    state = FACTORIES[game](seed)
    random_walk(state, random.Random(seed), limit=moves)
    return state


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_every_view_names_the_player_to_move_and_its_legal_actions(game: str) -> None:
    """An outside bot may play ``observation(seat).legal_actions()``: every view names the
    game's player to move (Octrix: whoever laid a card face down), and the mover's view lists
    the game's legal actions in the game's order; every legal action is legal, with no reason
    against it."""
    state = FACTORIES[game](6)
    rng = random.Random(6)
    earlier: list[Any] = []
    for _ in range(150):
        if state.is_terminal():
            break
        mover = state.current_player()
        legal = state.legal_actions()
        for seat in range(seats(state)):
            view = state.observation(seat)
            assert view.current_player() == mover, (seat, mover)
            # Every view says why, agreeing with its own list, the mover's or none.
            listed = view.legal_actions()
            assert all((view.why_illegal(a) == "") == (a in listed) for a in legal), seat
            assert all(view.is_legal(a) == (a in listed) for a in legal), seat
            # And what is no legal action now is refused by every view, with a reason.
            for bad in [*earlier, None, "x"]:
                if bad not in legal:
                    assert not view.is_legal(bad) and view.why_illegal(bad), (seat, bad)
        assert state.observation(mover).legal_actions() == legal
        assert all(state.is_legal(a) and state.why_illegal(a) == "" for a in legal)
        earlier = legal[:5]
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_a_view_of_no_seat_is_refused(game: str) -> None:
    state = walked(game, 7, 5)
    n = seats(state)
    for seat in (-1, n, None, "0", True, 1.0):
        with pytest.raises(ValueError, match="no seat"):
            state.observation(seat)
        with pytest.raises(ValueError, match="no seat"):
            state.determinize(seat, random.Random(1))


def malformed(game: str, state: Any) -> list[Any]:
    """Things that are not actions of ``game``, or are built wrongly."""
    junk: list[Any] = [None, [], {}, "x", 3, (), ("line",), object(), [1, 2], 2.5]
    if game == "iota":
        from cardside.games.iota.rules import Pass, Play, Swap

        card = state.snapshot.hands[state.current_player()][0]
        junk += [Pass([card]), Pass(None), Play(None), Play(((1, 2),)), Swap(None, 0, 0)]  # type: ignore[arg-type]
        # Whole numbers that are no card of the deck (0 to 63, 64 a wild).
        junk += [Pass((65,)), Pass((-1,)), Play(((99, 1, 0),)), Swap(99, 0, 0)]
    if game == "lineit":
        from cardside.games.lineit.notation import Action

        junk += [Action("done", 57), Action("score", 3), ("done", "0"), ("line", True)]
        # A card that is no whole number, where a whole one would be legal.
        legal = state.legal_actions()[0]
        junk += [Action(legal.kind, float(legal.card)), Action(legal.kind, 1.5)]  # type: ignore[arg-type]
    if game == "octrix":
        from cardside.core.cards import Card, Suit

        junk += [Card(9, Suit.CLUBS), Card(14, Suit.HEARTS)]  # the deck runs from 1 to 8
    if game in ("octrix", "schnapsen"):
        from cardside.core.cards import Card

        junk += [Card(None, None), Card("x", 3), Card(5, None)]  # type: ignore[arg-type]
        # Equal to a legal card (8.0 == 8), but no card the game deals.
        legal = next(a for a in state.legal_actions() if isinstance(a, Card))
        junk += [Card(float(legal.rank), legal.suit)]
        if legal.rank == 1:
            junk += [Card(True, legal.suit)]
    return junk


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_a_malformed_action_is_refused_and_leaves_no_trace(game: str) -> None:
    state = walked(game, 8, 6)
    assert not state.is_terminal()
    before, done = state.snapshot, state.actions()
    for junk in malformed(game, state):
        assert not state.is_legal(junk), junk
        assert state.why_illegal(junk), junk
        with pytest.raises(IllegalActionError):
            state.apply(junk)
        assert state.actions() == done and state.snapshot == before, junk
    # A well-formed game goes on, and its record replays.
    state.apply(state.legal_actions()[0])
    again = FACTORIES[game](8)
    again.replay(state.actions())
    assert again.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_views_and_determinized_games_hold_no_key_to_the_hidden_cards(game: str) -> None:
    """A view's seed (where a view is a game) and a determinized game's are not the game's:
    the game's would deal the hidden cards, and the rounds to come, again. A determinized game
    looks the same from its seat, and changing a view changes nothing in the game."""
    state = walked(game, 9, 7)
    seat = state.current_player()
    view = state.observation(seat)
    if hasattr(view, "seed"):
        # Not worked out from the game's either: that could be found by trying small seeds.
        other = walked(game, 10, 7)
        assert view.seed != state.seed and view.seed == other.observation(seat).seed
    twin = state.determinize(seat, random.Random(4))
    assert twin.seed != state.seed
    assert twin.observation(seat) == view or (
        twin.observation(seat).snapshot == view.snapshot  # a view that is a game
    )
    if game == "iota":
        view.grid[(99, 99)] = 1  # type: ignore[index]
        assert (99, 99) not in state.snapshot.grid


def test_an_iota_view_hides_which_cards_another_player_exchanged() -> None:
    """An exchange goes face down under the pile: the others see how many cards, not which
    (a determinized game deals them afresh), and the player who made it sees its own."""
    from cardside.games.iota.rules import Pass
    from cardside.games.iota.state import HIDDEN, IotaState

    state = IotaState(2, seed=10)
    rng = random.Random(10)
    while True:
        exchanges = [a for a in state.legal_actions() if isinstance(a, Pass) and a.cards]
        if len(state.actions()) > 3 and exchanges:
            state.apply(exchanges[-1])
            break
        state.apply(rng.choice(state.legal_actions()))
    passer = state.snapshot.log[-1].seat
    other = 1 - passer
    assert state.observation(passer).log[-1].action == exchanges[-1]
    hidden = state.observation(other).log[-1].action
    assert hidden == Pass((HIDDEN,) * len(exchanges[-1].cards))


OPTIONS: dict[str, dict[str, Any]] = {"octrix": {"target": 30}, "linesbeta": {"length": "short"}}


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_an_outside_bot_plays_a_whole_game_through_the_registry_alone(game: str) -> None:
    """What a program of its own needs, for every game the same way: start a game by name,
    read each decision from the view of the seat to move, and write and read actions as
    text; every legal action's text reads back as that action."""
    from cardside.games.registry import GAMES

    info = GAMES[game]
    state = info.new_game(seed=12, **OPTIONS.get(game, {}))
    rng = random.Random(12)
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        view = state.observation(seat)
        legal = view.legal_actions()
        for action in legal:
            assert info.read_action(info.write_action(action), view) == action
        state.apply(info.read_action(info.write_action(rng.choice(legal)), view))
        moves += 1
    assert state.outcome() is not None and moves > 10
    # Without a seed, each game is dealt afresh; with one, alike.
    assert info.new_game().legal_actions() != info.new_game().legal_actions()
    twin = info.new_game(seed=12, **OPTIONS.get(game, {}))
    assert twin.legal_actions() == info.new_game(seed=12, **OPTIONS.get(game, {})).legal_actions()


def test_a_game_started_by_name_is_refused_for_a_table_it_is_not_for() -> None:
    from cardside.games.registry import GAMES

    for game, players in [("schnapsen", 3), ("linesbeta", 2), ("lineit", 6), ("octrix", 5)]:
        with pytest.raises(ValueError):
            GAMES[game].new_game(players)
    # Of the wrong kind too: refused when the game starts, not in the middle of it.
    for game, players, options in [
        ("iota", "2", {}),
        ("schnapsen", 2.0, {}),
        ("linesbeta", True, {}),
        ("octrix", None, {"target": 0}),
        ("octrix", None, {"target": "88"}),
        ("octrix", 4, {"partnership": "yes"}),
        ("octrix", 3, {"partnership": True}),
    ]:
        with pytest.raises(ValueError, match="must be"):
            GAMES[game].new_game(players, 1, **options)
    # An option the game does not have is named, with the ones it has.
    for game, options, offered in [
        ("octrix", {"partnerships": True}, "partnership, target"),
        ("iota", {"difficulty": "hard"}, "none"),
        ("linesbeta", {"level": "hard"}, "difficulty, length"),
    ]:
        with pytest.raises(ValueError, match=f"no option .*its options: {offered}"):
            GAMES[game].new_game(None, 1, **options)


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_the_registry_seats_the_games_own_bots_by_name(game: str) -> None:
    """An outside program plays against cardside's bots the same way in every game: the
    default bot (play's) first among the names, each bot choosing from a seat's view."""
    from cardside.games.registry import GAMES

    info = GAMES[game]
    names = info.bot_names()
    assert "random" in names and len(set(names)) == len(names)
    state = info.new_game(seed=13, **OPTIONS.get(game, {}))
    seat = state.current_player()
    view = state.observation(seat)
    assert info.make_bot(seed=1).choose(view, seat) in view.legal_actions()
    # Any bot's advice, the same shape in every game: a legal action and why, in words.
    for name in (names[0], "random"):
        action, why = info.advise(info.make_bot(name.upper(), seed=1), view, seat)
        assert action in view.legal_actions() and isinstance(why, str) and why
    bots = [info.make_bot("random", seed=s) for s in range(4)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), seat))
    assert state.outcome() is not None
    # Asked once the game is over, or by a name that is no text, a bot says so plainly.
    for name in names:
        with pytest.raises(ValueError):
            info.make_bot(name, seed=1).choose(state.observation(0), 0)
    for bad in (3, "", "  "):
        with pytest.raises(ValueError, match="a bot is named by its name"):
            info.make_bot(bad)  # type: ignore[arg-type]
    for thing in (None, "x", 3, (), [1]):
        with pytest.raises(NotationError, match=f"is not an action of {info.title}"):
            info.write_action(thing)


def test_linesbeta_writes_an_action_as_its_files_hold_it() -> None:
    """Every action of a played LinesBeta file written back by the registry is the text the
    file holds (a challenge short: ``5C r1L``), so a program reading files can compare texts."""
    from cardside.games.linesbeta.sheet import parse_saved
    from cardside.games.registry import GAMES
    from cardside.sessions import store

    session = store.load(Path(__file__).parent.parent / "scoresheets/linesbeta-played-normal.toml")
    saved = [str(e["action"]) for e in session.entries if e.get("type") == "action"]
    assert any(" " in text for text in saved)  # challenges among them
    assert [GAMES["linesbeta"].write_action(parse_saved(text)) for text in saved] == saved


def test_api_mistakes_get_reasons_that_say_what_to_pass() -> None:
    """A LinesBeta view's card code passed as a card names CARDS; a line may be named; a
    Line-it number that is no card is said to be none; a Schnapsen view of a finished match
    says so, as the game does."""
    from cardside.games.lineit.notation import Action as LineitAction
    from cardside.games.linesbeta.rules import CARDS, Challenge, ChooseTrump, Line
    from cardside.games.registry import GAMES

    with pytest.raises(ValueError, match=re.escape("9 is a card's code, not a card: use CARDS[9]")):
        ChooseTrump(9)  # type: ignore[arg-type]
    assert Challenge(CARDS[9], "r1", "L") == Challenge(CARDS[9], Line.R1, "L")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=re.escape("not a line: 'x' (R1 to R6, C1 to C6)")):
        Challenge(CARDS[9], "x", "L")  # type: ignore[arg-type]
    lineit = GAMES["lineit"].new_game(seed=1)
    assert lineit.why_illegal(LineitAction("line", 101)) == (
        "101 is not a Line-it card (1 to 100, or a Bet card B3 to B5)"
    )
    schnapsen = GAMES["schnapsen"].new_game(seed=1)
    while not schnapsen.is_terminal():
        schnapsen.apply(schnapsen.legal_actions()[0])
    action = GAMES["schnapsen"].read_action("close", schnapsen.observation(0))
    assert schnapsen.observation(0).why_illegal(action) == schnapsen.why_illegal(action)
    assert schnapsen.why_illegal(action) == "the match is over"


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_no_seed_a_game_accepts_is_its_views_seed_and_a_fresh_seed_is_wide(game: str) -> None:
    """A view's seed is longer than any seed the registry takes, so no game deals its
    views' rounds; a game dealt afresh through the API has a seed too wide to find by
    trying every one against what a seat sees."""
    from cardside.core.rng import VIEW_SEED
    from cardside.games.registry import GAMES

    info = GAMES[game]
    assert len(VIEW_SEED) > 200
    with pytest.raises(ValueError):
        info.new_game(seed=VIEW_SEED, **OPTIONS.get(game, {}))
    seeds = [info.new_game(**OPTIONS.get(game, {})).seed for _ in range(8)]
    assert all(isinstance(s, int) and 0 < s < 2**63 for s in seeds)
    assert max(seeds) > 10**12


def test_the_bot_writers_guide_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/api.md's example, as written but for cardside's bot: the heuristic, as the
    default searches for a while at every move."""
    import re
    from pathlib import Path

    guide = Path(__file__).resolve().parents[1] / "docs" / "api.md"
    (code,) = re.findall(r"```python\n(.*?)```", guide.read_text(encoding="utf-8"), re.S)
    assert "info.make_bot(seed=2)" in code
    exec(code.replace("info.make_bot(seed=2)", 'info.make_bot("heuristic", seed=2)'), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[-1].startswith("Outcome(winners=(")
    assert {line.split()[0] for line in printed[:-1]} == {"0", "1"}


def test_a_view_of_a_view_names_the_same_player_to_move() -> None:
    """An Octrix view played on and looked at again from another seat still names the one to
    move (the order of that trick is the view's, not the round's)."""
    from cardside.games.registry import GAMES

    info = GAMES["octrix"]
    game = info.new_game(players=3, seed=0)
    for card in ("6C", "7D"):
        game.apply(info.read_action(card, game))
    view = game.observation(1)
    view.apply(view.legal_actions()[0])
    mover = view.current_player()
    for seat in range(3):
        assert view.observation(seat).current_player() == mover


@pytest.mark.parametrize("game", ["iota", "schnapsen"])
def test_a_bot_given_the_view_of_a_seat_not_to_move_refuses(game: str) -> None:
    """Asked with the other seat's view, or for a seat whose turn it is not, a bot says so
    rather than choosing from the wrong hand."""
    from cardside.games.registry import GAMES

    info = GAMES[game]
    state = info.new_game(seed=5)
    mover = state.current_player()
    other = 1 - mover
    for name in info.bot_names():
        bot = info.make_bot(name, seed=1)
        for view, seat in ((state.observation(other), mover), (state.observation(other), other)):
            with pytest.raises(ValueError):
                bot.choose(view, seat)


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_the_registry_refuses_a_seed_that_is_no_number_or_text_and_reads_text_alone(
    game: str,
) -> None:
    from cardside.core.errors import NotationError
    from cardside.games.registry import GAMES

    info = GAMES[game]
    players = 1 if game == "linesbeta" else 2
    for seed in ([1], 1.0, True, 10**300, -(10**300), 10**5000, "x" * 300, b"1"):
        with pytest.raises(ValueError, match="a seed is a whole number or a text"):
            info.new_game(players=players, seed=seed)
        with pytest.raises(ValueError, match="a seed is a whole number or a text"):
            info.make_bot(seed=seed)  # type: ignore[arg-type]
    assert info.make_bot(seed="club night").name and info.make_bot(seed=None).name
    assert info.new_game(players=players, seed=-5).actions() == []
    assert info.new_game(players=players, seed=10**198).actions() == []  # 199 digits
    state = info.new_game(players=players, seed=1)
    for text in (None, 5, b"x", ["KH"]):
        with pytest.raises(NotationError, match="an action is written as text"):
            info.read_action(text, state)


def test_a_lineit_bot_asked_for_a_seat_not_to_move_refuses() -> None:
    """A Line-it view lists the mover's actions: a bot asked for another seat says so rather
    than answering with the mover's move."""
    from cardside.games.registry import GAMES

    info = GAMES["lineit"]
    state = info.new_game(players=3, seed=5)
    mover = state.current_player()
    for name in info.bot_names():
        bot = info.make_bot(name, seed=1)
        for seat in {0, 1, 2} - {mover}:
            with pytest.raises(ValueError, match=f"it is not seat {seat}'s turn"):
                bot.choose(state.observation(seat), seat)
        assert state.is_legal(bot.choose(state.observation(mover), mover))


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_every_game_says_its_table_size_and_its_bots_refuse_a_seat_not_at_it(game: str) -> None:
    from cardside.games.registry import GAMES

    info = GAMES[game]
    state = info.new_game(seed=3)
    assert state.players == (1 if game == "linesbeta" else 2)
    seat = state.current_player()
    view = state.observation(seat)
    for name in info.bot_names():
        if name in ("strong", "planner", "deep") and game in ("schnapsen", "linesbeta"):
            continue  # searches: the same check comes first, and they take seconds
        bot = info.make_bot(name, seed=1)
        for bad in (-1, 7, None, True):
            with pytest.raises(ValueError):
                bot.choose(view, bad)
        # Given the whole game in place of the view, a bot decides from that seat's view.
        assert state.is_legal(bot.choose(state, seat)), name
    if game != "linesbeta":  # the grid never chooses: seat 0 is always the one to move
        later = info.new_game(seed=3)
        while later.current_player() == seat:
            later.apply(later.legal_actions()[0])
        other = later.current_player()
        assert other is not None and other != seat
        for name in info.bot_names():
            if name in ("strong", "classic") and game == "schnapsen":
                continue  # searches: seconds a move
            bot = info.make_bot(name, seed=1)
            assert later.is_legal(bot.choose(later, other)), name


def test_an_iota_view_keeps_the_cards_its_seat_put_under_the_pile_out_of_unseen() -> None:
    """A seat knows the cards it put at the bottom of the pile: they are in no hand and not
    in ``unseen`` but in ``under_pile``, as ``determinize`` keeps them where they are."""
    from collections import Counter

    from cardside.games.iota.rules import Pass
    from cardside.games.iota.state import IotaState

    state = IotaState(2, seed=4)
    seat = state.current_player()
    given = state.observation(seat).hand[:2]
    state.apply(Pass(given))
    view = state.observation(seat)
    assert Counter(view.under_pile) == Counter(given)
    every = 66  # 64 cards and two wilds
    assert len(view.unseen) + len(view.under_pile) + len(view.hand) + len(view.grid) == every
    other = state.observation(1 - seat)
    assert other.under_pile == ()
    assert len(other.unseen) + len(other.hand) + len(other.grid) == every
    for _ in range(20):
        twin = state.determinize(seat, random.Random(_))
        assert Counter(twin.observation(seat).under_pile) == Counter(given)


@pytest.mark.parametrize("game", sorted(FACTORIES))
def test_every_game_view_and_bot_has_the_shape_the_registry_types_them_with(game: str) -> None:
    from cardside.core.api import Bot, Game, View
    from cardside.games.registry import GAMES

    info = GAMES[game]
    state = info.new_game(seed=5)
    assert isinstance(state, Game)
    for seat in range(state.players):
        assert isinstance(state.observation(seat), View)
    for name in info.bot_names():
        bot = info.make_bot(name, seed=1)
        assert isinstance(bot, Bot), name
        assert info.make_bot(bot.name, seed=1).name == bot.name  # built again from its name
    if game == "schnapsen":  # a searching bot's name holds its level, and is read back so
        for name, level in (("strong-hard", "hard"), ("classic-easy", "easy")):
            built: Any = info.make_bot(name, seed=1)
            assert built.level == level and built.name == name
