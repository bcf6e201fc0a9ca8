"""How long ``cardside sessions review`` takes at its defaults: a whole Schnapsen match (7 to 0)
a whole two-player Octrix match to 88, a whole LinesBeta game (normal, 7 rounds) and a whole
two-player IOTA game, the human seat reviewed.

The matches are played first (not timed): Schnapsen with the rule of thumb on both seats,
Octrix and IOTA with the greedy bot on both, LinesBeta with the planner (the review's cost hardly
depends on who played). Then each
is reviewed at the default depth with ``--jobs`` worker processes, timed by the wall clock,
as a person waits for it (the targets: at most 30 s for each match with 2 jobs on a 2-core
machine, 2 s for the LinesBeta game and for the IOTA game at ``--depth 1``),
and by the CPU time of all its processes (what a busy machine cannot hide).

    python benchmarks/review_speed.py [--jobs N] [--seed N] [--depth N]
"""

from __future__ import annotations

import argparse
import resource
import time

from cardside.core.record import Seat, Session
from cardside.core.review import DEFAULT_DEPTH, run


def schnapsen_match(seed: int) -> Session:
    from cardside.games.schnapsen.bots import make_bot
    from cardside.games.schnapsen.notation import format_action
    from cardside.games.schnapsen.state import SchnapsenState

    state = SchnapsenState(seed=seed, first_dealer=1)
    bot = make_bot("heuristic")
    entries: list[dict[str, object]] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = bot.choose(state, seat)
        entries.append({"type": "action", "seat": seat, "action": format_action(action, True)})
        state.apply(action)
    seats = [Seat("Ann", "human"), Seat("Bot", "bot:heuristic")]
    return Session("schnapsen", "play", "s", seats, {"first_dealer": 1}, seed, entries)


def octrix_match(seed: int) -> Session:
    from cardside.games.octrix.bots import make_bot
    from cardside.games.octrix.notation import format_card
    from cardside.games.octrix.state import OctrixState

    state = OctrixState(2, seed=seed)
    bots = [make_bot("greedy", seed=seed + s) for s in range(2)]
    entries: list[dict[str, object]] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        card = bots[seat].choose(state.observation(seat), seat)
        entries.append({"type": "card", "seat": seat, "card": format_card(card, ascii=True)})
        state.apply(card)
    seats = [Seat("Ann", "human"), Seat("Bot", "bot:greedy")]
    return Session("octrix", "play", "o", seats, {}, seed, entries)


def linesbeta_game(seed: int) -> Session:
    from cardside.games.linesbeta.bots import make_bot
    from cardside.games.linesbeta.notation import format_action
    from cardside.games.linesbeta.state import LinesBetaState

    state = LinesBetaState("normal", "full", seed=seed)
    bot = make_bot("planner", seed=seed)
    entries: list[dict[str, object]] = []
    while not state.is_terminal():
        action = bot.choose(state)
        entries.append({"type": "action", "action": format_action(action, ascii=True)})
        state.apply(action)
    options = {"difficulty": "normal", "length": "full"}
    return Session("linesbeta", "play", "l", [Seat("You", "human")], options, seed, entries)


def iota_game(seed: int) -> Session:
    from cardside.games.iota.bots import make_bot
    from cardside.games.iota.notation import format_action
    from cardside.games.iota.state import IotaState

    state = IotaState(2, seed=seed)
    bots = [make_bot("greedy", seed=seed + s) for s in range(2)]
    entries: list[dict[str, object]] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        action = bots[seat].choose(state.observation(seat), seat)
        entries.append({"type": "action", "seat": seat, "action": format_action(action)})
        state.apply(action)
    seats = [Seat("You", "human"), Seat("Bot", "bot:greedy")]
    return Session("iota", "play", "i", seats, {}, seed, entries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH)
    args = parser.parse_args()
    print(f"jobs {args.jobs}, depth {args.depth}, seed {args.seed}")
    print(
        f"{'match':<28} {'moves':>6} {'decisions':>9} {'seconds':>8} {'CPU seconds':>12} "
        f"{'per decision':>13}"
    )
    for title, make in (
        ("Schnapsen, 7 to 0", schnapsen_match),
        ("Octrix, two players to 88", octrix_match),
        ("LinesBeta, normal, 7 rounds", linesbeta_game),
        ("IOTA, two players", iota_game),
    ):
        session = make(args.seed)
        start, cpu = time.perf_counter(), _cpu()
        review = run(session.game, session, [0], depth=args.depth, jobs=args.jobs)
        took, used = time.perf_counter() - start, _cpu() - cpu
        per = took / max(1, len(review.decisions))
        print(
            f"{title:<28} {len(session.entries):>6} {len(review.decisions):>9} "
            f"{took:>8.1f} {used:>12.1f} {per:>12.2f}s"
        )


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + workers.ru_utime + workers.ru_stime


if __name__ == "__main__":
    main()
