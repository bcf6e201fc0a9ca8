"""What each game's commands take and say: their options, help texts and entry points.

Every game has ``play``, ``keep``, ``score``, ``rules`` and ``simulate``. A game declares here,
once, what is its own in them; ``cli/commands.py`` builds the five command groups from it
(``rules`` needs nothing: it shows ``games/<game>/rules.md``). Plain data, no imports beyond
the standard library, so that ``cardside --help`` stays fast. An entry point is named as
``"module:function"`` and imported only when its command runs; a game's entry points live in
its command module, ``cli/<game>.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Opt:
    """An option: ``flags`` as click takes them (``--short/--full`` for a pair), ``dest`` the
    name it is passed as when not the flag's own; ``kind`` one of ``text``, ``flag``,
    ``range`` and ``bounded`` (whole numbers from ``low`` to ``high``; a range shows its
    bounds in the help) and ``choice`` (one of ``choices``, any case)."""

    flags: str
    help: str
    dest: str | None = None
    kind: str = "text"
    default: Any = None
    show_default: bool = False
    low: int = 0
    high: int = 0
    what: str = ""
    choices: tuple[str, ...] = ()
    metavar: str | None = None
    multiple: bool = False
    callback: str | None = None  # "module:function", as click's option callbacks
    hidden: bool = False  # an older spelling still taken, left out of the help


@dataclass(frozen=True)
class Arg:
    """The words after a command (any number of them): ``kind`` as :class:`Opt`'s."""

    name: str
    kind: str = "text"
    low: int = 0
    high: int = 0
    what: str = ""
    metavar: str | None = None
    required: bool = False


@dataclass(frozen=True)
class Shared:
    """An option every game's commands spell the same way: ``seed`` (a game's), ``runs``
    (a simulation's seed, 0 unless given), ``jobs``, ``json``, ``session`` and ``bot``
    (``--bot NAME`` from ``choices``)."""

    name: str
    choices: tuple[str, ...] = ()
    default: str = ""
    help: str = ""
    #: Another spelling the option answers to (LinesBeta's one bot: ``--bots`` as well, the
    #: name every other game's ``simulate`` gives its bots).
    also: str = ""


Param = Opt | Arg | Shared


@dataclass(frozen=True)
class Command:
    """One command: its help, its parameters in the order the help lists them, and the
    function that does the game's own part of it. ``typed_order`` keeps the arguments in the
    order typed (``score 13 9 --jackpot 4 2``: the 2 may have been meant for the option)."""

    help: str
    entry: str
    params: tuple[Param, ...] = ()
    typed_order: bool = False


@dataclass(frozen=True)
class GameCommands:
    """A game's commands. ``play``'s entry gives the seats and options of a new game,
    ``keep``'s asks what a kept game needs and gives its seats, options and welcome; ``score``
    and ``simulate`` do the whole work of theirs. ``welcome`` greets a played game (new or
    resumed), ``keeper`` opens the keep screen of a kept one. ``movers``
    is the entry field that says who moved, where a played game's entries carry one.
    ``seat_bots`` are the bots of a simulation with one bot per seat where ``--bots`` is left
    out: the first, then the second on every other seat. ``kept_names`` checks the names of
    a kept game whose entries start with one."""

    help: str
    play: Command
    keep: Command
    score: Command
    simulate: Command
    welcome: str
    keeper: str = ""
    #: Where a kept game's entries name a player: what a name would be misread as in an entry
    #: (a number, a card), asked of a file resumed.
    kept_names: str = ""
    movers: str | None = "action"
    seat_bots: tuple[str, str] = ("", "")


SESSION = Shared("session")
SEED = Shared("seed")
RUNS = Shared("runs")
JOBS = Shared("jobs")
JSON = Shared("json")


def players(high: int, help: str = "Players at the table, you included.") -> Opt:
    return Opt("--players", help, kind="range", default=2, show_default=True, low=2, high=high)


def games(help: str = "Games to play.", default: int = 100) -> Opt:
    return Opt("--games", help, kind="range", default=default, show_default=True, low=1, high=10**6)


def names(help: str) -> Opt:
    return Opt("--names", help)


def your_name(help: str = "Your name on the sheet.") -> Opt:
    return Opt("--name", help, default="You", show_default=True)


TABLE_NAMES = names(
    "Every player's name, comma-separated: the people first (you first), then the bots; "
    "their number sets --players."
)
DIFFICULTIES = ("easy", "normal", "hard")


def _level(whose: str) -> Opt:
    """Schnapsen's ``--level``: the search budget of ``whose``."""
    return Opt(
        "--level",
        f"Search budget of {whose} (easy is quick, hard thinks longest).",
        kind="choice",
        choices=("easy", "normal", "hard"),
        default="normal",
        show_default=True,
    )


LEVEL = _level("the strong and classic bots and of hints")
#: ``simulate``'s: no hints there.
BOTS_LEVEL = _level("the strong and classic bots")


def _cli(game: str, name: str) -> str:
    return f"cardside.cli.{game}:{name}"


def _played(high: int, bots: tuple[str, ...], humans: str, help: str) -> Command:
    """``play`` as IOTA and Line-it have it: bots and people at one terminal."""
    return Command(
        help,
        "cardside.cli.commands:table_play",
        (
            players(high),
            Opt("--humans", humans, kind="range", default=1, show_default=True, low=1, high=high),
            Shared("bot", bots, bots[0], "The bots' strength."),
            TABLE_NAMES,
            SESSION,
            SEED,
        ),
    )


#: Each game's bots, the default first (its ``BOT_NAMES``, named here so the help need not
#: import the bots).
IOTA_BOTS = ("strong", "strong4", "strong3", "strong2", "strong1", "greedy", "random")
LINEIT_BOTS = ("strong", "strong1", "classic", "heuristic", "random")
OCTRIX_BOTS = ("strong", "greedy", "random", "classic")
SCHNAPSEN_BOTS = ("strong", "classic", "heuristic", "random")


#: How IOTA's cards and cells are written, for its helps.
IOTA_CARDS = (
    "Cards: colour (R Y G B), shape (C S T X: circle, square, triangle, cross), number 1-4; "
    "YS2 is the yellow square 2, W a wild."
)
IOTA_CELLS = "Cells are x,y from the starter at 0,0: x grows to the right, y upwards."


def _bots(help: str, bots: tuple[str, ...]) -> str:
    """A ``--bots`` help that names the game's bots."""
    return f"{help} Bots: {', '.join(bots)}."


SEAT_SIMULATION = "cardside.cli.commands:seat_simulation"


def _rotated(high: int, bots: str, players_help: str) -> tuple[Param, ...]:
    """``simulate``'s options where one bot sits on each seat (IOTA, Line-it)."""
    return (
        games(),
        Opt(
            "--players", players_help, kind="range", default=2, show_default=True, low=2, high=high
        ),
        Opt("--bots", bots),
        RUNS,
        JOBS,
        JSON,
    )


COMMANDS: dict[str, GameCommands] = {
    "iota": GameCommands(
        help=(
            "IOTA: 2-4 players lay cards in lines of up to 4; lots and all 4 cards double the turn."
        ),
        play=_played(
            4,
            IOTA_BOTS,
            "How many of the players are people at this terminal (the first seats); each "
            "person's turn waits for Enter and then clears the screen.",
            "Play IOTA against bots (or several people at one terminal: --humans).\n\n"
            + IOTA_CARDS
            + """

At the prompt: cards with their cells, e.g. YS2 0,1 RT1 1,1 (x to the right, y
upwards, the starter at 0,0; W is a wild); pass, or pass YS2 RT1 to exchange those;
swap GC3 1,0 to swap GC3 for the wild at 1,0. Also: hint (the strong bot's choice and
why), undo, show, history, rules, help, quit (saved; 'cardside sessions resume NAME'
continues).""",
        ),
        keep=Command(
            "Keep the IOTA score sheet for a game played with real cards.\n\n"
            + IOTA_CARDS
            + """

At the prompt: a turn as its lines' values, lot per lot completed, all4, final,
e.g. Ann 8 4 5 lot; with --grid, the cards and cells, e.g. Ann YS2 1,0 RT3 1,1;
Ann pass; end (everyone passed with the pile empty). Also: undo, undo N, fix N, show, rules,
help, quit (saved; 'cardside sessions resume NAME' continues).""",
            _cli("iota", "keep"),
            (
                names("Player names in turn order, comma-separated (2-4)."),
                Opt(
                    "--grid/--no-grid",
                    "Enter the cards and cells of each turn; cardside keeps the grid and "
                    "scores it (--no-grid, the default: each turn's line values).",
                    dest="track_grid",
                    kind="flag",
                ),
                SESSION,
            ),
        ),
        score=Command(
            """Score a disputed turn from its lines' values, or check a play on the grid.

A value typed as its cards' numbers added up (2+3+4, a wild as 0) is
checked: those cards must make a line. Other sums (8+4) are read as the
lines they add.

\b
cardside iota score 8 4 5 --lots 1     # 34
cardside iota score 10 10 6 --lots 2 --all4   # 208
cardside iota score --grid "RC2 0,0 YS2 1,0" \\
    --play "GT2 2,0"
cardside iota score --grid "RC2 0,0 YS2 1,0" \\
    --best --hand "GT2 BX2 W RC1"

"""
            + IOTA_CARDS
            + " "
            + IOTA_CELLS,
            _cli("iota", "score"),
            (
                Arg("values"),
                Opt("--lots", "Lots completed this turn.", kind="range", default=0, high=5),
                Opt("--all4", "All 4 cards were played this turn.", kind="flag"),
                Opt("--final", "The game's final turn (the last card played).", kind="flag"),
                Opt(
                    "--grid",
                    'The grid before the turn: cards with cells, e.g. "RC1 0,0 YS2 1,0".',
                    dest="grid_text",
                    metavar="CARDS",
                ),
                Opt(
                    "--play",
                    'The play to check on --grid, e.g. "GT3 2,0 BX4 3,0".',
                    dest="play_text",
                    metavar="CARDS",
                ),
                Opt("--best", "With --grid: the best play the hand had there.", kind="flag"),
                Opt(
                    "--hand",
                    "The whole hand the play came from, for --best (default: the cards of --play); "
                    "with --final the play lays all of it.",
                    dest="hand_text",
                    metavar="CARDS",
                ),
                JSON,
            ),
            typed_order=True,
        ),
        simulate=Command(
            """Bots against bots: wins with 95% intervals, scores, game length, how games end.

The bots move one seat on after every game and every deal is played from each seat.""",
            SEAT_SIMULATION,
            _rotated(
                4,
                _bots(
                    "One bot per seat, comma-separated, e.g. strong,greedy,greedy (three or "
                    "more set --players); or two, the first against the second in every other "
                    "seat [default: strong, then greedy for the other seats].",
                    IOTA_BOTS,
                ),
                "Players per game.",
            ),
        ),
        welcome=_cli("iota", "welcome"),
        kept_names="cardside.games.iota.keep:misread_name",
        seat_bots=("strong", "greedy"),
    ),
    "lineit": GameCommands(
        help="Line-it: 2-5 players, rising and falling lines from a market; bets and jackpots.",
        play=_played(
            5,
            LINEIT_BOTS,
            "People taking turns at this terminal (the first seats); bots take the rest. "
            "Each person's turn waits for Enter and then clears the screen.",
            """Play Line-it against bots (or several people at one terminal: --humans).

At the prompt: take a market card with line 57 (to your line) or hand 57
(to your hand); then, if you like, play 23 (from hand); then score (ends
the turn) or done. Also: hint (the strong bot's choice and why), undo, show,
history, rules, help, quit (saved; 'cardside sessions resume NAME' continues).""",
        ),
        keep=Command(
            """Keep the score of a Line-it game played with real cards.

At the prompt: each scored line as its cards in the order added
(line Ann 12 30 B4 45 57 60 71), a jackpot taken by its number of cards
(jackpot Ann 7; each pile belongs to a jackpot one of the player's lines
takes), and end when the game is over. Or, instead of lines, each player's
score pile and tokens at the end (counts Ann 23 +4-3): the last player's
counts end the game. Also: undo, undo N, fix N, show, rules, help, quit (saved;
'cardside sessions resume NAME' continues).""",
            _cli("lineit", "keep"),
            (names("Player names in seat order, comma-separated (2-5)."), SESSION),
        ),
        score=Command(
            """Check a scored line from its cards in the order they were added.

Says whether the line rises or falls, which three cards are discarded, whether the bet was
won, the points, and which colour reached three cards (the jackpot it took).

\b
cardside lineit score 12 30 B4 45 57 60 71
cardside lineit score 90 80 B5 70 13 9 5 1 --jackpot 7

Cards: a number card by its number (57, or 57r with its colour letter r, b, g or y); a Bet
card as B3, B4 or B5.""",
            _cli("lineit", "score"),
            (
                Arg("cards", metavar="CARDS..."),
                Opt(
                    "--jackpot",
                    "Cards in a jackpot pile the line took, 0 to 22 (sums allowed: 4+3); "
                    "repeat per pile.",
                    dest="jackpots",
                    metavar="N",
                    multiple=True,
                ),
                JSON,
            ),
            typed_order=True,
        ),
        simulate=Command(
            """Bots against bots: wins with 95% intervals, points by source, line length, bets.

\b
cardside lineit simulate --games 500 \\
    --bots heuristic,random
cardside lineit simulate --games 100 --players 4 \\
    --bots strong,heuristic,heuristic,heuristic""",
            SEAT_SIMULATION,
            _rotated(
                5,
                _bots(
                    "One bot per seat, comma-separated, rotated round the seats from game to "
                    "game (three or more set --players); or two, the first against the second "
                    "in every other seat [default: strong then heuristic for the rest].",
                    LINEIT_BOTS,
                ),
                "Players per game.",
            ),
        ),
        welcome=_cli("lineit", "welcome"),
        seat_bots=("strong", "heuristic"),
        keeper=_cli("lineit", "keeper"),
    ),
    "linesbeta": GameCommands(
        help=(
            "LinesBeta: one player against a 6x6 grid of cards; challenge its lines to win tricks."
        ),
        play=Command(
            """Play LinesBeta against the grid: a trump, then six challenges of a line a round.

Cards: rank (2 to 10, J, Q, K, A; T for 10) then suit (C, S, H, D: clubs, spades,
hearts, diamonds), in any case; JS is the Jack of spades. A suit's symbol may stand for
its letter.

At the prompt: at a round's start, the trump card from the seven dealt: 7H.
A challenge is a card, a line and an end: JS r3 right, QH c2 bottom, JS r3R, QH c2B.
After a win with no card of your suit and no trump in the line, the cell
whose card the grid gives up: r3c2.
Also: hint (the planner bot's choice and why), undo, show, history, rules, help,
quit (saved; 'cardside sessions resume NAME' continues).""",
            _cli("linesbeta", "play"),
            (
                Opt(
                    "--difficulty",
                    "Targets you/grid in the full game: easy 21/21, normal 26/16, hard 31/11.",
                    kind="choice",
                    choices=DIFFICULTIES,
                    default="normal",
                    show_default=True,
                ),
                Opt(
                    "--short/--full",
                    "The short game: 4 rounds; targets easy 12/12, normal 14/10, hard 18/6 "
                    "(--full, the default: 7 rounds).",
                    dest="short",
                    kind="flag",
                ),
                your_name(),
                SESSION,
                SEED,
            ),
        ),
        keep=Command(
            """Keep the counters for a LinesBeta game played with a real deck.

At the prompt: per trick w (you won) or l (the grid won); a whole round: round 4 2.
With --grid: w r3R r3c4 (the line and end challenged, the cell the grid played).
Also: undo, undo N, fix N, show, rules, help, quit (saved; 'cardside sessions resume NAME'
continues).""",
            _cli("linesbeta", "keep"),
            (
                Opt(
                    "--difficulty",
                    "Targets you/grid: easy 21/21, normal 26/16, hard 31/11; short game 12/12, "
                    "14/10, 18/6 [asked if not given].",
                    kind="choice",
                    choices=DIFFICULTIES,
                ),
                Opt(
                    "--short/--full",
                    "Short game (4 rounds) or full game (7 rounds) [asked if not given].",
                    dest="short",
                    kind="flag",
                ),
                Opt(
                    "--grid/--no-grid",
                    "Also track the grid: each challenge's line and end and the cell played "
                    "[asked if not given].",
                    dest="grid",
                    kind="flag",
                ),
                your_name("The player's name on the sheet."),
                SESSION,
            ),
        ),
        score=Command(
            """Settle a disputed result from each round's tricks, written YOU-GRID.

\b
cardside linesbeta score --difficulty normal \\
    4-2 5-1 3-3 4-2 5-1 5-1

A last round that stopped early is given with the tricks actually played (e.g. 1-0).""",
            _cli("linesbeta", "score"),
            (
                Arg("rounds", metavar="ROUNDS..."),
                Opt(
                    "--difficulty",
                    "The difficulty the game was played at (required): its targets decide.",
                    kind="choice",
                    choices=DIFFICULTIES,
                ),
                Opt(
                    "--short/--full",
                    "The game was the short one (4 rounds) or the full one (7, the default).",
                    dest="short",
                    kind="flag",
                ),
                JSON,
            ),
        ),
        simulate=Command(
            "The bot against the grid: win rate with a 95% interval, points, early stops.",
            _cli("linesbeta", "simulate"),
            (
                games("Games per setting.", default=200),
                Opt(
                    "--difficulty",
                    "The targets to play for (not with --all).",
                    kind="choice",
                    choices=DIFFICULTIES,
                    default="normal",
                    show_default=True,
                ),
                Opt(
                    "--short/--full",
                    "The short game (4 rounds) or the full one (7, the default); not with --all.",
                    dest="short",
                    kind="flag",
                ),
                Opt(
                    "--all",
                    "All six settings (3 difficulties x full/short) in one table.",
                    dest="all_settings",
                    kind="flag",
                ),
                Shared(
                    "bot",
                    (
                        "planner",
                        "deep",
                        "deep2",
                        "deep1",
                        "deepwin",
                        "planner2",
                        "planner1",
                        "classic",
                        "random",
                    ),
                    "planner",
                    "The bot that plays your side: planner plans the round from what you can "
                    "see, deep tries its best plays on samples of the hidden cards (slower), "
                    "deep2 and deep1 are deep as it was (the newer first) and deepwin is deep1 "
                    "aiming at the chance of winning the game; "
                    "planner2, planner1 and classic are the planner as it was (the newer "
                    "first).",
                    also="--bots",
                ),
                RUNS,
                JOBS,
                JSON,
            ),
        ),
        welcome=_cli("linesbeta", "welcome"),
        movers=None,
    ),
    "octrix": GameCommands(
        help=(
            "Octrix: 2-4 players or two partnerships, open hands, simultaneous tricks, runs to 88."
        ),
        play=Command(
            """Play Octrix against bots: a game to 88, every hand open, cards laid together.

At the prompt: a card from your hand, e.g. 8C or 3H (A is the lowest rank).
Also: hint (the strong bot's choice and why), undo, show, history, rules, help, quit (saved;
'cardside sessions resume NAME' continues).""",
            _cli("octrix", "play"),
            (
                players(4),
                Opt("--partnership", "4 players in two teams (you and seat 3).", kind="flag"),
                Shared(
                    "bot",
                    OCTRIX_BOTS,
                    "strong",
                    "The bots' strength.",
                ),
                TABLE_NAMES,
                SESSION,
                SEED,
            ),
        ),
        keep=Command(
            """Keep the Octrix sheet for a game played with real cards.

At the prompt: each trick's cards in seat order, e.g. 8C 3H; with --hands, first
each player's 8 cards on one line. Or a whole round's result at once, before its
first trick: each player's counting cards, e.g. Ann 1 3 4 (one player left out
gets the rest). Also: undo, undo N, fix N, show, rules, help, quit (saved; 'cardside sessions resume
NAME' continues).""",
            _cli("octrix", "keep"),
            (
                names("Player names in seat order, comma-separated (2-4)."),
                Opt("--partnership", "4 players in two teams: seats 1+3 and 2+4.", kind="flag"),
                Opt(
                    "--hands/--no-hands",
                    "Enter each player's 8 cards per round, so every played card is checked "
                    "[asked if not given].",
                    dest="hands",
                    kind="flag",
                ),
                Opt("--dealer", "Who deals the first round (default: the first name)."),
                SESSION,
            ),
        ),
        score=Command(
            """Check a disputed score from counting cards or from a round's tricks.

Counting cards: "1 3 4 5 8" prints 11, the runs [1] [3 4 5] [8].
Tricks: each --trick gives one trick's cards in seat order; the tool says who won each
trick under the rule in force and what each player (or team) scores.

\b
cardside octrix score 1 3 4 5 8
cardside octrix score --trick "8C 3H" --trick "2C 3D"
# and so on, up to 8 tricks

Cards: rank (A, 2 to 8) then suit (C, S, H, D: clubs, spades, hearts, diamonds), in any
case; 8C is the 8 of clubs. A suit's symbol may stand for its letter.""",
            _cli("octrix", "score"),
            (
                # Read in the command: numbers may come with commas, or in one quoted word.
                Arg("counting"),
                Opt(
                    "--trick",
                    'One trick\'s cards in seat order, e.g. --trick "8C 3H"; repeat per trick.',
                    dest="tricks",
                    metavar="CARDS",
                    multiple=True,
                ),
                names("Player names for --trick, comma-separated."),
                Opt("--partnership", "Score seats 1+3 and 2+4 as teams.", kind="flag"),
                JSON,
            ),
        ),
        simulate=Command(
            "Bots against bots: game win rate with a 95% interval and average round score.",
            _cli("octrix", "simulate"),
            (
                games("Games to play."),
                Opt(
                    "--bots",
                    _bots(
                        "Two bots, comma-separated: the first is measured against the second; "
                        "or one per seat, the first against one other (strong,greedy,greedy; "
                        "three or more set --players), turned one seat on every game.",
                        OCTRIX_BOTS,
                    ),
                    default="strong,random",
                    show_default=True,
                ),
                players(
                    4,
                    ("Players per game; two bots share the seats, swapping them every other game."),
                ),
                Opt("--partnership", "4 players in two teams (bot 1 vs bot 2).", kind="flag"),
                RUNS,
                JOBS,
                JSON,
            ),
        ),
        welcome=_cli("octrix", "welcome"),
        movers="card",
    ),
    "schnapsen": GameCommands(
        help="Schnapsen: two players, 20 cards, marriages and closing; a match from 7 down to 0.",
        play=Command(
            """Play Schnapsen against a bot: a whole match (7 to 0); you lead the first deal.

At the prompt: a card (KH, 10S or TS; German DH, OS, US too: D the Daus, an Ace; O the
Ober, a Queen; U the Unter, a Jack); on your lead also
'marriage KH' or 'marriage QH', 'exchange' (trump Jack for the indicator), 'close'.
Also: hint (the strong bot's choice and why), undo, show, history, rules, help, quit (saved;
'cardside sessions resume NAME' continues).""",
            _cli("schnapsen", "play"),
            (
                LEVEL,
                Shared("bot", SCHNAPSEN_BOTS, "strong", "Your opponent."),
                names("Your name and the bot's, comma-separated (default: You,Bot 2)."),
                Opt("--name", "Your name alone (an older spelling of --names).", hidden=True),
                SESSION,
                SEED,
            ),
        ),
        keep=Command(
            """Keep the match sheet for a game played with real cards.

Each match counts from 7 down to 0; the session ends with the match (--matches N for
several, counted across the session; 0 for no limit).

At the prompt: per deal, the winner and the game points ('Ann 2'), or Enter to answer
what the table saw (who closed, who reached 66, the card points): cardside works out the
game points by the rules and says which rule gave them. Also: undo, undo N, fix N, show, rules,
help, quit (saved; 'cardside sessions resume NAME' continues).""",
            _cli("schnapsen", "keep"),
            (
                names("The two players, comma-separated."),
                Opt(
                    "--matches",
                    "Matches to play before the session ends (0: no limit, quit when done).",
                    kind="range",
                    default=1,
                    show_default=True,
                    high=10_000,
                ),
                Opt("--dealer", "Who deals the first deal (default: the first name)."),
                SESSION,
            ),
        ),
        score=Command(
            """Work out one deal's game points from what the table saw, and the rule that gave them.

\b
cardside schnapsen score --reached Ann --points 40
  # 1 (the other had 33 or more)
cardside schnapsen score --reached Ann --points 11+10+4
  # 2 (Schneider)
cardside schnapsen score --reached Ann --no-trick
  # 3 (Schwarz)
cardside schnapsen score --closer Ann --reached Ann \\
    --points 20  # 2, by the record at closing
cardside schnapsen score --closer Ann --reached Bob \\
    --trick  # 2 to Bob: the closer was beaten
cardside schnapsen score --closer Ann --no-trick
  # 3 to the other: closing failed
cardside schnapsen score --last-trick Bob
  # 1: nobody reached 66""",
            _cli("schnapsen", "score"),
            (
                Opt(
                    "--closer",
                    "Who closed the stock (omit, or nobody, if nobody did).",
                    metavar="NAME",
                    callback=_cli("schnapsen", "player_option"),
                ),
                Opt(
                    "--reached",
                    "Who reached 66 (omit, or nobody, if all tricks were played without it).",
                    metavar="NAME",
                    callback=_cli("schnapsen", "player_option"),
                ),
                Opt(
                    "--points",
                    "Card points (tricks and counted marriages) of the loser at the end (nobody "
                    "closed) or of the closer's opponent at the moment of closing; sums allowed, "
                    "e.g. 11+10+4.",
                    metavar="N",
                    callback=_cli("schnapsen", "number_option"),
                ),
                Opt(
                    "--trick/--no-trick",
                    "Whether that player had taken a trick (default: yes if --points > 0).",
                    dest="trick",
                    kind="flag",
                ),
                Opt(
                    "--last-trick",
                    "Who took the last trick (when nobody closed and nobody reached 66).",
                    metavar="NAME",
                    callback=_cli("schnapsen", "player_option"),
                ),
                names("The two players, comma-separated (optional)."),
                JSON,
            ),
        ),
        simulate=Command(
            """Bots against bots, seats swapped every match (or deal): deal win rate, game points
per deal and matches won, each with a 95% interval.""",
            _cli("schnapsen", "simulate"),
            (
                games("Matches (or deals, with --deals) to play."),
                Opt(
                    "--bots",
                    _bots(
                        "Two bots, comma-separated: the first is measured against the second.",
                        SCHNAPSEN_BOTS,
                    ),
                    default="strong,heuristic",
                    show_default=True,
                ),
                Opt(
                    "--deals",
                    "Play single deals instead of whole matches.",
                    dest="single_deals",
                    kind="flag",
                ),
                BOTS_LEVEL,
                RUNS,
                JOBS,
                JSON,
            ),
        ),
        welcome=_cli("schnapsen", "welcome"),
        keeper=_cli("schnapsen", "keeper"),
    ),
}
