"""How long ``cardside --help`` takes next to a bare click group's ``--help``.

Both are run as fresh processes, interleaved, many times; the table shows the median wall time
of each and the ratio (target: at most 1.3).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

BARE = (
    "import click\n"
    "@click.group()\n"
    "def main():\n    'A bare group.'\n"
    "@main.command()\n"
    "def hello():\n    'Say hello.'\n"
    "main(['--help'])\n"
)
CARDSIDE = "from cardside.cli.main import main\nmain(['--help'])\n"


def wall(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--quick", action="store_true", help="7 runs each")
    args = parser.parse_args()
    runs = 7 if args.quick else args.runs
    wall(BARE), wall(CARDSIDE)  # warm the file cache
    bare, ours = [], []
    for _ in range(runs):
        bare.append(wall(BARE))
        ours.append(wall(CARDSIDE))
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"{'command':<28}{'median ms':>10}{'ratio':>8}")
    print(f"{'bare click group --help':<28}{b * 1000:>10.1f}{1.0:>8.2f}")
    print(f"{'cardside --help':<28}{o * 1000:>10.1f}{o / b:>8.2f}")
    print(f"({runs} runs each, interleaved; target ratio <= 1.30)")


if __name__ == "__main__":
    main()
