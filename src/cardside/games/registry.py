"""The games cardside knows, with the facts the CLI and the session store need."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardside.core.api import Bot, Game
    from cardside.core.schema import Schema


@dataclass(frozen=True)
class GameInfo:
    """A game's command name, title, players, one-line description and a short tagline.

    ``tagline`` is what ``cardside --help`` shows next to the game's name; keep it short
    enough to read whole on a narrow terminal. ``totals`` names a session's totals by mode
    where they are not plain totals of the rounds (``sessions list``, ``show`` and the exports
    use the name); ``round_totals`` names the running figure in each round's row, and
    ``round_name`` what one row is (a Schnapsen row is a deal), or ``rows`` by mode where a
    mode's rows are something else (a kept Line-it row is one entry).
    """

    name: str
    title: str
    players: str
    summary: str
    tagline: str = ""
    totals: Mapping[str, str] = field(default_factory=dict)
    round_totals: str = "total"
    round_name: str = "round"
    rows: Mapping[str, str] = field(default_factory=dict)

    def totals_name(self, mode: str) -> str:
        """What a session's totals are, e.g. ``matches won`` (``totals`` if nothing special)."""
        return self.totals.get(mode, "totals")

    def row_name(self, mode: str) -> str:
        """What one row of a session of ``mode`` is: a round, a deal, an entry."""
        return self.rows.get(mode, self.round_name)

    def module(self, part: str) -> ModuleType:
        """Import ``cardside.games.<name>.<part>`` on demand (keeps start-up fast)."""
        return importlib.import_module(f"cardside.games.{self.name}.{part}")

    def new_game(
        self, players: int | None = None, seed: int | str | None = None, **options: Any
    ) -> Game:
        """A new game (a state of the state API) for ``players`` (the game's usual number if
        not given), dealt from ``seed`` (a fresh one if not given); ``options`` are the
        game's own (Octrix ``partnership``, ``target``; LinesBeta ``difficulty``,
        ``length``); ``ValueError`` names the game's options if one is not among them."""
        make = self.module("state").new_game
        known = [
            name
            for name, parameter in inspect.signature(make).parameters.items()
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY
        ]

        if seed is not None:
            _check_seed(seed)
        unknown = sorted(set(options) - set(known))
        if unknown:
            offered = ", ".join(known) if known else "none"
            raise ValueError(
                f"{self.title} has no option {', '.join(map(repr, unknown))} "
                f"(its options: {offered})"
            )
        return make(players, seed, **options)

    def read_action(self, text: str, state: Any = None) -> Any:
        """The action ``text`` names for the player to move in ``state`` (a game or a view;
        LinesBeta needs it, to know what is asked); ``NotationError`` if it names none."""
        if not isinstance(text, str):
            from cardside.core.errors import NotationError
            from cardside.core.schema import cut

            raise NotationError(f"an action is written as text, not {cut(repr(text), 40)}")
        return self.module("notation").read_action(text, state)

    def write_action(self, action: Any) -> str:
        """``action`` in plain text, as session files hold it and ``read_action`` reads it;
        ``NotationError`` for what is no action of the game's kinds (``None``, text)."""
        from cardside.core.errors import NotationError

        try:
            text = self.module("notation").write_action(action)
        except (AttributeError, TypeError, ValueError, KeyError, IndexError) as exc:
            raise NotationError(self._not_an_action(action)) from exc
        if not isinstance(text, str):
            raise NotationError(self._not_an_action(action))
        return text

    def _not_an_action(self, action: Any) -> str:
        from cardside.core.schema import cut

        return f"{cut(repr(action), 40)} is not an action of {self.title}"

    def bot_names(self) -> tuple[str, ...]:
        """The names of the game's bots; the first is the one ``play`` seats by default."""
        bots = self.module("bots")
        return (bots.DEFAULT_BOT, *(n for n in bots.BOT_NAMES if n != bots.DEFAULT_BOT))

    def make_bot(self, name: str | None = None, seed: int | str | None = 0) -> Bot:
        """One of the game's bots by name (its default if not given; any case), with its own
        random numbers drawn from ``seed``: ``bot.choose(view, seat)`` gives its action and
        :meth:`advise` the action with its reason."""
        bots = self.module("bots")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            from cardside.core.schema import cut

            raise ValueError(
                f"a bot is named by its name ({', '.join(self.bot_names())}), "
                f"not {cut(repr(name), 40)}"
            )
        if seed is None:  # fresh random numbers, as a game with no seed is dealt afresh
            from cardside.core.rng import fresh_seed

            seed = fresh_seed()
        _check_seed(seed)
        return bots.make_bot((name or bots.DEFAULT_BOT).strip().lower(), seed=seed)

    def advise(self, bot: Any, view: Any, seat: int | None = None) -> tuple[Any, str]:
        """What ``bot`` plays for ``seat`` (the view's seat to move if not given) and why, as
        ``(action, reason)`` in every game (each game's bots give their hints their own way)."""
        seat = view.current_player() if seat is None else seat
        hint = getattr(bot, "hint", None)
        if hint is not None:
            given = hint(view, seat)
            if isinstance(given, tuple) and not hasattr(given, "reason"):
                return given[0], str(given[1])
            action = given.action if hasattr(given, "action") else given.card
            return action, str(given.reason)
        decide = getattr(bot, "decide", None)  # LinesBeta: (action, chance, why)
        if decide is not None:
            action, _, why = decide(view)
            return action, str(why)
        return bot.choose(view, seat), f"the {getattr(bot, 'name', 'bot')} bot's choice"

    def schema(self) -> Schema:
        """What the game's session files may hold (``SCHEMA`` in its ``sheet`` module)."""
        schema: Schema = self.module("sheet").SCHEMA
        return schema


GAMES: dict[str, GameInfo] = {
    "iota": GameInfo(
        "iota",
        "IOTA",
        "2-4 players",
        "64 cards of colour, shape and number laid in lines of up to 4; lots double the turn",
        "lines of colour, shape and number; lots double the turn.",
    ),
    "lineit": GameInfo(
        "lineit",
        "Line-it",
        "2-5 players",
        "rising and falling lines from a shared market; bets and colour jackpots",
        "rising and falling lines, bets and jackpots.",
        rows={"keep": "entry"},  # a kept game is entered by lines and jackpots, not rounds
    ),
    "linesbeta": GameInfo(
        "linesbeta",
        "LinesBeta",
        "1 player against the grid",
        "challenge the lines of a 6x6 card grid; win tricks to reach your target first",
        "you against a 6x6 grid of cards.",
    ),
    "octrix": GameInfo(
        "octrix",
        "Octrix",
        "2-4 players, or two partnerships",
        "open hands, simultaneous tricks; runs of counting cards score k², first to 88",
        "open hands, simultaneous tricks, runs to 88.",
    ),
    "schnapsen": GameInfo(
        "schnapsen",
        "Schnapsen",
        "2 players",
        "20 cards, marriages and closing; first to 66 card points wins the deal; 7 down to 0",
        "20 cards, marriages, closing; 7 down to 0.",
        # A played session is one match (its countdown from 7); a kept one runs many.
        totals={"play": "countdown", "keep": "matches won"},
        round_totals="countdown",
        round_name="deal",
    ),
}


def _check_seed(seed: object) -> None:
    """``ValueError`` unless ``seed`` is a whole number or a text of up to 200 characters:
    a seed gives the same numbers on every machine (bounded without writing a huge whole
    number out: Python refuses past 4,300 digits)."""
    from cardside.core.schema import cut

    if (
        isinstance(seed, bool)
        or not isinstance(seed, int | str)
        or (seed.bit_length() > 660 if isinstance(seed, int) else len(seed) > 200)
    ):
        given = (
            f"a whole number of {seed.bit_length()} bits"
            if isinstance(seed, int) and not isinstance(seed, bool)
            else cut(repr(seed), 40)
        )
        raise ValueError(f"a seed is a whole number or a text of up to 200 characters, not {given}")
