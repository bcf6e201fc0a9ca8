"""Games a second shared three ways, in one run: ``--jobs 1``, ``--jobs 2`` and a local Dask
cluster of two workers (``--cluster local:2``), with the same figures from each.

    python benchmarks/cluster_speed.py [--game lineit] [--games N]
    python benchmarks/cluster_speed.py --review N   # a review of N copies of the played examples

With ``--review`` the games are those of ``sessions review --all-sessions --depth 1`` over N
copies of each played example session of ``scoresheets/`` (games reviewed a second).

Wall-clock time, as a user waits for it: the cluster's row includes starting the cluster and
its workers (a few seconds), which a long run repays. On a busy or two-core machine the
rows say more about the machine than about the sharing; a cluster of several machines is
where ``--cluster`` pays.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Bots that make a game last long enough for the sharing to matter, but not minutes.
RUNS = {
    "lineit": ["--players", "2", "--bots", "heuristic,heuristic"],
    "octrix": ["--bots", "greedy,greedy"],
    "schnapsen": ["--bots", "heuristic,heuristic"],
    "iota": ["--bots", "greedy,greedy"],
    "linesbeta": ["--bot", "planner", "--short"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(RUNS), default="lineit")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--review", type=int, default=0, metavar="N")
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(root / "src"), os.environ.get("PYTHONPATH", "")]),
    )
    if args.review:
        folder = Path(tempfile.mkdtemp()) / "sessions"
        folder.mkdir()
        played = sorted((root / "scoresheets").glob("*-played-*.toml"))
        for copy in range(args.review):
            for path in played:
                shutil.copy(path, folder / f"{path.stem}-{copy}.toml")
        env["CARDSIDE_HOME"] = str(folder.parent)
        base = [sys.executable, "-m", "cardside", "sessions", "review", "--all-sessions"]
        base += ["--depth", "1", "--json"]
        args.games = args.review * len(played)
        print(f"sessions review --all-sessions --depth 1, {args.games} games")
    else:
        base = [sys.executable, "-m", "cardside", args.game, "simulate", "--json", "--seed", "1"]
        base += ["--games", str(args.games), *RUNS[args.game]]
        print(f"{args.game} simulate, {args.games} games")
    print(f"{'sharing':<22}{'seconds':>9}{'games/s':>10}  same figures")
    first = None
    for label, extra in (
        ("--jobs 1", ["--jobs", "1"]),
        ("--jobs 2", ["--jobs", "2"]),
        ("--cluster local:2", ["--cluster", "local:2"]),
    ):
        start = time.perf_counter()
        done = subprocess.run([*base, *extra], env=env, capture_output=True, text=True)
        spent = time.perf_counter() - start
        if done.returncode != 0:
            print(f"{label:<22}failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        figures = json.loads(done.stdout)
        first = figures if first is None else first
        same = "yes" if figures == first else "NO"
        print(f"{label:<22}{spent:>9.1f}{args.games / spent:>10.1f}  {same}", flush=True)


if __name__ == "__main__":
    main()
