"""``simulate`` speed of every game with random bots: games a second on one core.

    python benchmarks/simulate_speed.py [--seconds S]

Each row is what ``cardside GAME simulate --jobs 1`` does with random bots (the library's
``simulate``, as the command calls it), timed in CPU seconds of this process so that a busy
machine still shows what one core does. Line-it is also measured against a plain engine of the
same rules with the same random players (``lineit_plain.py``), in the same run; the target is
``lineit simulate`` at least as fast as it (a ratio of 1 or more). Rules, not bookkeeping,
should take most of each game's time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import lineit_plain  # noqa: E402

from cardside.games.iota.simulate import simulate as iota  # noqa: E402
from cardside.games.lineit.simulate import simulate as lineit  # noqa: E402
from cardside.games.linesbeta.simulate import simulate as linesbeta  # noqa: E402
from cardside.games.octrix.simulate import simulate as octrix  # noqa: E402
from cardside.games.schnapsen.simulate import simulate as schnapsen  # noqa: E402

RANDOM4 = ("random",) * 4
ROWS: list[tuple[str, Callable[[int], object]]] = [
    ("linesbeta, random bot, normal full", lambda n: linesbeta(n, bot="random", jobs=1)),
    ("lineit, 4 random bots", lambda n: lineit(n, RANDOM4, jobs=1)),
    ("lineit, plain engine, 4 random players", lambda n: lineit_plain.run(n, 4)),
    ("octrix, 4 random bots, matches to 88", lambda n: octrix(n, ("random", "random"), 4, jobs=1)),
    ("schnapsen, random vs random, matches", lambda n: schnapsen("random", "random", n, jobs=1)),
    ("iota, 4 random bots", lambda n: iota(n, RANDOM4, jobs=1)),
]


def rate(play: Callable[[int], object], seconds: float) -> float:
    """Games a second, doubling the count until a run lasts ``seconds`` of CPU time."""
    n = 1
    while True:
        start = time.process_time()
        play(n)
        spent = time.process_time() - start
        if spent >= seconds:
            return n / spent
        n = max(2 * n, int(n * seconds / max(spent, 1e-3)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds a row")
    args = parser.parse_args()
    print(f"{'simulate, --jobs 1':<42}{'games/s':>10}")
    rates = {}
    for label, play in ROWS:
        rates[label] = rate(play, args.seconds)
        print(f"{label:<42}{rates[label]:>10.1f}", flush=True)
    ours, plain = rates[ROWS[1][0]], rates[ROWS[2][0]]
    print(f"lineit simulate / plain engine: {ours / plain:.2f} (target: at least 1)")


if __name__ == "__main__":
    main()
