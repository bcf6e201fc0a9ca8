"""How much playing the planner's best challenges out on sampled deals could add to its choice.

    python benchmarks/linesbeta_rollouts.py [--games 60] [--deals 200] [--judge 100]
        [--share 0.25] [--seed diag] [--jobs N] [--save FILE | --load FILE] [--plan P]...

The planner plays hard full games (game ``i`` from seed ``S:i``). At a share of its challenges
with two cards or more in hand, its best four challenges are each played out to the end of the
round by the planner on the same ``--deals`` deals of the hidden cards
(``LinesBetaState.sample``, from the player's view), as ``deep`` does. A rule of choice picks a
challenge from the first k deals; it is judged on the last ``--judge`` deals, which it did not
see, by the tricks won in the round plus the planner's ``carry`` for each face-up card kept.
The table gives, for each rule, the mean gain a decision over the planner's own first choice
with its 95% interval: what ``deep`` would add with k deals, free of the luck of the deals it
chose on. A rule counts a rollout the same way, or adds a bonus (in tricks) for a game settled
in the round, won or lost (``deep1`` added 100). The last rows spread ``deep1``'s work (80
rollouts) over fewer challenges, and the rows with a margin leave the planner's first choice
only when another wins more than that many tricks a deal on the k deals. A second table gives
the gain by the cards in hand, and the last line that of ``deep``'s own plan (its deals by the
cards in hand, the planner's choice where it has none); each ``--plan`` then gives another
plan's gain a decision over ``deep``'s, paired on the same decisions, and its rollout work
beside ``deep``'s (the tricks its rollouts play). ``--save`` keeps the rollouts in a
JSON file and ``--load`` reads them back to print the tables again without playing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from functools import partial

from cardside.core.parallel import map_games
from cardside.games.linesbeta.deep import DeepBot, parse_plan
from cardside.games.linesbeta.planner import PlannerBot
from cardside.games.linesbeta.state import PHASE_PLAY, LinesBetaState

CANDIDATES = 4
#: One rollout: (tricks won in the round, face-up cards kept, +1/-1/0 for a game won, lost or
#: not settled in the round).
Rollout = tuple[int, int, int]


#: A decision looked at: the cards in hand, the planner's value of each candidate (its first
#: choice first) and the rollouts, per candidate, per deal.
Decision = tuple[int, list[float], list[list[Rollout]]]


def one_game(seed: str, deals: int, share: float, game: int) -> list[Decision]:
    """The decisions looked at in game ``game``."""
    name = f"{seed}:{game}"
    state = LinesBetaState("hard", "full", seed=name)
    planner = PlannerBot(f"{name}:bot")
    deep = DeepBot(f"{name}:deep")
    pick = random.Random(name)
    found: list[Decision] = []
    while not state.is_terminal():
        obs = state.observation(0)
        if obs.phase == PHASE_PLAY and len(obs.hand) > 1 and pick.random() < share:
            ranked = planner.ranked(obs)[:CANDIDATES]
            rollouts: list[list[Rollout]] = [[] for _ in ranked]
            for _ in range(deals):
                deal = LinesBetaState.sample(obs, deep.rng)
                for i, (_, _, action) in enumerate(ranked):
                    end = deep._play_round(deal, action)
                    verdict = end.verdict
                    settled = 0 if verdict is None else (1 if verdict.player_wins else -1)
                    tricks = end.points[0] - deal.points[0]
                    rollouts[i].append((tricks, end.snapshot.face_up.bit_count(), settled))
            found.append((len(obs.hand), [v for v, _, _ in ranked], rollouts))
        state.apply(planner.choose(state, 0))
    return found


def value(r: Rollout, carry: float, bonus: float = 0.0) -> float:
    return r[0] + carry * r[1] + bonus * r[2]


def choice(means: list[float], margin: float = 0.0) -> int:
    """The candidate chosen from the rollouts' ``means``: the best, unless it beats the
    planner's first choice by no more than ``margin`` tricks (then the first choice)."""
    best = max(range(len(means)), key=lambda i: (means[i], -i))
    return best if means[best] - means[0] > margin else 0


def held_gain(
    rollouts: list[list[Rollout]],
    k: int,
    judge: int,
    bonus: float,
    carry: float,
    candidates: int,
    margin: float,
) -> float:
    """One decision's gain over the planner's first choice, in tricks, on the last ``judge``
    deals, of choosing among the first ``candidates`` on the first ``k`` deals."""
    means = [statistics.fmean(value(r, carry, bonus) for r in c[:k]) for c in rollouts[:candidates]]
    best = choice(means, margin)
    return statistics.fmean(
        value(b, carry) - value(a, carry)
        for a, b in zip(rollouts[0][-judge:], rollouts[best][-judge:], strict=True)
    )


def interval(gains: list[float]) -> tuple[float, float, float]:
    """The mean with its 95% interval."""
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    return mean, mean - half, mean + half


def gain(
    decisions: list[Decision],
    k: int,
    judge: int,
    bonus: float,
    carry: float,
    candidates: int = CANDIDATES,
    margin: float = 0.0,
) -> tuple[float, float, float]:
    """Mean gain a decision of choosing among the planner's first ``candidates`` challenges on
    the first ``k`` deals (switching from its first choice only for more than ``margin``
    tricks), judged on the last ``judge``, with its 95% interval."""
    return interval(
        [
            held_gain(rollouts, k, judge, bonus, carry, candidates, margin)
            for _, _, rollouts in decisions
        ]
    )


def plan_gain(
    decisions: list[Decision], plan: dict[int, tuple[int, int]], judge: int, carry: float
) -> tuple[float, float, float]:
    """The gain a decision of ``deep``'s plan (by the cards in hand: challenges tried and deals;
    the planner's choice elsewhere) with its margin."""
    return interval(
        [
            held_gain(rollouts, plan[size][1], judge, 0.0, carry, plan[size][0], DeepBot.margin)
            if size in plan
            else 0.0
            for size, _, rollouts in decisions
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--judge", type=int, default=100, help="deals kept for judging")
    parser.add_argument("--share", type=float, default=0.25, help="share of challenges")
    parser.add_argument("--seed", default="diag")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", help="write the rollouts to this JSON file")
    parser.add_argument("--load", help="read the rollouts from this JSON file (no games)")
    parser.add_argument(
        "--plan",
        action="append",
        help="a plan to set beside deep's, paired on the same decisions: 3:4x160,4:4x120 "
        "(cards in hand: challenges x deals; repeatable)",
    )
    args = parser.parse_args()
    start = time.perf_counter()
    if args.load:
        with open(args.load, encoding="utf-8") as f:
            saved = json.load(f)
        args.games, args.deals, args.seed = saved["games"], saved["deals"], saved["seed"]
        decisions: list[Decision] = [(n, v, r) for n, v, r in saved["decisions"]]
    else:
        play = partial(one_game, args.seed, args.deals, args.share)
        decisions = [d for game in map_games(play, args.games, args.jobs) for d in game]
    if not 0 < args.judge < args.deals:
        parser.error("--judge must be above 0 and below --deals")
    took = time.perf_counter() - start
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(
                {
                    "games": args.games,
                    "deals": args.deals,
                    "seed": args.seed,
                    "decisions": decisions,
                },
                f,
            )
    carry = PlannerBot.carry
    choose_on = [k for k in (10, 20, 40, 100) if k <= args.deals - args.judge]
    print(
        f"LinesBeta hard full, {args.games} planner games (seed {args.seed}), "
        f"{len(decisions)} decisions, {args.deals} deals each ({took:.0f} s)"
    )
    print("gain a decision over the planner's first choice, in tricks, judged on the last")
    print(f"{args.judge} deals (95% interval)")
    print()
    rules = [(CANDIDATES, k, bonus, 0.0) for bonus in (0.0, 100.0) for k in choose_on]
    # The same work as deep's 80 rollouts, spread over fewer challenges.
    rules += [(c, k, 0.0, 0.0) for c, k in ((3, 27), (2, 40)) if k <= args.deals - args.judge]
    # Switching from the planner's first choice only for a clear gain in the rollouts.
    rules += [
        (c, k, 0.0, m)
        for c, k in ((4, 20), (3, 27), (2, 40))
        for m in (0.1, 0.2, 0.3)
        if k <= args.deals - args.judge
    ]
    print(
        f"{'challenges':>10}  {'chosen on':>9}  {'settled game':>12}  {'margin':>6}  "
        f"{'gain':>8}  interval"
    )
    for candidates, k, bonus, margin in rules:
        mean, low, high = gain(decisions, k, args.judge, bonus, carry, candidates, margin)
        label = "no bonus" if bonus == 0 else f"+/-{bonus:g}"
        print(
            f"{candidates:>10}  {k:>9}  {label:>12}  {margin:>6.1f}  "
            f"{mean:+8.4f}  [{low:+.4f}, {high:+.4f}]"
        )
    most = args.deals - args.judge
    by_size = [(4, 20, 0.0), (4, 80, DeepBot.margin), (4, 60, DeepBot.margin)]
    by_size += [(3, 30, DeepBot.margin), (2, 40, DeepBot.margin)]
    by_size += [(4, 120, DeepBot.margin), (4, 160, DeepBot.margin)]
    by_size = [(c, k, m) for c, k, m in by_size if k <= most]
    print()
    print("by the cards in hand (challenges x deals chosen on, margin):")
    print(
        f"{'cards':>5}  {'decisions':>9}  "
        + "  ".join(f"{c}x{k} {m:<4g}".rjust(22) for c, k, m in by_size)
    )
    for size in sorted({n for n, _, _ in decisions}):
        here = [r for n, _, r in decisions if n == size]
        cells = []
        for c, k, m in by_size:
            if len(here) < 2:
                cells.append("".rjust(22))
                continue
            mean, low, high = interval(
                [held_gain(r, k, args.judge, 0.0, carry, c, m) for r in here]
            )
            cells.append(f"{mean:+.4f} ±{(high - low) / 2:.4f}".rjust(22))
        print(f"{size:>5}  {len(here):>9}  " + "  ".join(cells))
    if all(k <= most for _, k in DeepBot.PLAN.values()):
        mean, low, high = plan_gain(decisions, DeepBot.PLAN, args.judge, carry)
        print()
        print(
            f"deep's plan {DeepBot.PLAN}, margin {DeepBot.margin:g}: {mean:+.4f} a decision "
            f"[{low:+.4f}, {high:+.4f}]"
        )
        for text in args.plan or []:
            plan = parse_plan(text)
            if not all(k <= most for _, k in plan.values()):
                print(f"plan {text}: more deals than the {most} chosen on")
                continue
            mean, low, high = interval(
                [
                    plan_one(size, rollouts, plan, args.judge, carry)
                    - plan_one(size, rollouts, DeepBot.PLAN, args.judge, carry)
                    for size, _, rollouts in decisions
                ]
            )
            work = plan_work(decisions, plan) / plan_work(decisions, DeepBot.PLAN)
            print(
                f"plan {text}: {mean:+.4f} a decision more than deep's [{low:+.4f}, "
                f"{high:+.4f}], {work:.2f}x its rollout work"
            )


def plan_one(
    size: int,
    rollouts: list[list[Rollout]],
    plan: dict[int, tuple[int, int]],
    judge: int,
    carry: float,
) -> float:
    """One decision's gain under ``plan`` (0 where it leaves the choice to the planner)."""
    if size not in plan:
        return 0.0
    tried, deals = plan[size]
    return held_gain(rollouts, deals, judge, 0.0, carry, tried, DeepBot.margin)


def plan_work(decisions: list[Decision], plan: dict[int, tuple[int, int]]) -> float:
    """The tricks a plan's rollouts play over ``decisions`` (a rollout plays the tricks left
    in the round, the cards in hand)."""
    return sum(
        size * min(plan[size][0], len(rollouts)) * plan[size][1]
        for size, _, rollouts in decisions
        if size in plan
    )


if __name__ == "__main__":
    main()
