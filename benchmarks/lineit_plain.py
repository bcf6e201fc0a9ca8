"""A plain Line-it engine with random players: the yardstick for cardside's own speed.

Written from the rulebook alone, in the simplest way (lists changed in place, no undo, no
observations, no checks): what a straightforward program of the same rules costs. Its random
players decide as cardside's ``random`` bot does, uniformly among the legal choices at each
decision (take a market card for the line or the hand; then play a hand card, score, or stop;
in the end phase play a hand card or stop), so both play games of the same length.

    python benchmarks/lineit_plain.py [--games N] [--players N]
"""

from __future__ import annotations

import argparse
import random
import time

BET = 100  # a Bet card of value v is 100 + v
DECK = list(range(1, 101)) + [BET + v for v in (3, 3, 4, 4, 5, 5)]


def fits(line: list[int], card: int) -> bool:
    numbers = [c for c in line if c <= BET]
    if card > BET:
        return len(numbers) == len(line)  # at most one Bet card a line
    if len(numbers) < 2:
        return True
    if numbers[1] > numbers[0]:
        return card > numbers[-1]
    return card < numbers[-1]


class Player:
    def __init__(self) -> None:
        self.line: list[int] = []
        self.hand: list[int] = []
        self.points = 0


def score_line(player: Player) -> None:
    line = player.line
    numbers = [c for c in line if c <= BET]
    for i, c in enumerate(line):
        if c > BET:
            after = sum(1 for d in line[i + 1 :] if d <= BET)
            value = c - BET
            player.points += value if after >= value else -value
    player.points += max(0, len(numbers) - 3)
    player.line = []


def add(player: Player, card: int, piles: list[list[int]]) -> None:
    player.line.append(card)
    if card <= BET:
        colour = (card - 1) % 4
        if sum(1 for c in player.line if c <= BET and (c - 1) % 4 == colour) == 3:
            player.points += len(piles[colour])
            piles[colour] = []


def play(players: int, rng: random.Random) -> list[int]:
    """One game of random players; the final scores."""
    deck = DECK[:]
    rng.shuffle(deck)
    seats = [Player() for _ in range(players)]
    piles: list[list[int]] = [[], [], [], []]
    first = rng.randrange(players)
    size = players + 2
    while len(deck) >= size:
        market = [deck.pop() for _ in range(size)]
        for turn in range(players):
            p = seats[(first + turn) % players]
            room = len(p.hand) < 2
            takes = []
            for c in set(market):
                if not room or fits(p.line, c):
                    takes.append(("line", c))
                if room:
                    takes.append(("hand", c))
            where, card = rng.choice(takes)
            market.remove(card)
            if where == "hand":
                p.hand.append(card)
            else:
                if not fits(p.line, card):
                    score_line(p)
                add(p, card, piles)
            played = False
            while True:
                choices: list[object] = ["done"]
                if p.line:
                    choices.append("score")
                if not played:
                    choices += [c for c in set(p.hand) if fits(p.line, c)]
                choice = rng.choice(choices)
                if choice == "done":
                    break
                if choice == "score":
                    score_line(p)
                    break
                assert isinstance(choice, int)
                p.hand.remove(choice)
                add(p, choice, piles)
                played = True
        for c in market:
            if c <= BET:
                piles[(c - 1) % 4].append(c)
        first = (first + 1) % players
    for c in deck:
        if c <= BET:
            piles[(c - 1) % 4].append(c)
    for turn in range(players):
        p = seats[(first + turn) % players]
        playable = [c for c in set(p.hand) if fits(p.line, c)]
        if playable:
            choice = rng.choice([0, *playable])
            if choice:
                p.hand.remove(choice)
                add(p, choice, piles)
    for turn in range(players):
        p = seats[(first + turn) % players]
        if p.line:
            score_line(p)
    return [p.points for p in seats]


def run(games: int, players: int, seed: int = 0) -> list[list[int]]:
    """``games`` games, game ``i`` played from ``Random((seed, i))``."""
    return [play(players, random.Random(f"{seed}:{i}")) for i in range(games)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    t = time.process_time()
    scores = run(args.games, args.players)
    spent = time.process_time() - t
    mean = sum(sum(s) for s in scores) / (len(scores) * args.players)
    print(
        f"{args.games} games, {args.players} players: {spent:.2f} s CPU, "
        f"{args.games / spent:.0f} games a second; mean score {mean:.1f}"
    )


if __name__ == "__main__":
    main()
