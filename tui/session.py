"""One game being played in the app: the state, its record, its bots and its save file.

Nothing here imports Textual, so the session is tested and reused without a screen. The
record (options + seed + actions, with a state checksum after every action) is the truth a
save keeps; the state is rebuilt from it when a game is continued.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, Self

from core.contract import Action, Event, Outcome
from core.games import get_game
from core.rng import Rng

HUMAN = "human"
BOT_PREFIX = "bot:"
# Save meta key (+ seat) holding that seat's bot's random stream position.
BOT_RNG_KEY = "bot_rng_"
READ_ONLY = "this game is open read-only: another window has it, so nothing is played here"


class PlaySession(Protocol):
    """What a table screen uses of the game it shows. ``GameSession`` keeps the game here;
    a shared table's session (the SSH host's) keeps only what its seat may see and sends
    each action to the table, which moves the other seats and tells ``follow``'s callback.
    """

    game: str
    options: dict[str, Any]
    seed: int
    state: Any  # the game as this keyboard may know it (a shared table: a world its view allows)
    actions: list[Action]
    bots: dict[int, Any]  # the bots this keyboard runs (a shared table runs its own)
    read_only: bool

    @property
    def module(self) -> ModuleType: ...
    @property
    def seats(self) -> list[str]: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def round(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def read_only_reason(self) -> str: ...

    def is_bot(self, seat: int | None) -> bool: ...
    def elsewhere(self, seat: int | None) -> bool: ...
    def view(self, seat: int | None) -> Any: ...
    def outcome(self) -> Outcome | None: ...
    def legal(self) -> list[Action]: ...
    def describe(self, action: Action) -> str: ...
    def apply(self, action: Action) -> list[Event]: ...
    def undo(self) -> str: ...
    def bot_choice(self) -> tuple[int, Any, list[Action]]: ...
    def follow(self, on_move: Callable[[Any], None]) -> None: ...
    def take(self, move: Any) -> None: ...
    def save(self, folder: Path | None = None) -> Path: ...
    def close(self) -> None: ...
    def take_notes(self) -> list[str]: ...


def available_bots(game: str) -> list[str]:
    """Names of the bots that play ``game``, strongest-but-cheap first."""
    from ai.bots import bot_names

    return bot_names(game)


def bot_name(seat_kind: str) -> str | None:
    """The bot name of a seat kind like ``bot:greedy``, or None for a human seat."""
    return seat_kind[len(BOT_PREFIX):] if seat_kind.startswith(BOT_PREFIX) else None


def new_seed() -> int:
    """A fresh random seed that fits comfortably in a save (32 bits)."""
    return secrets.randbits(32)


@dataclass
class GameSession:
    """A game in play: state, record, bots per seat, and where it is saved.

    ``apply`` is the only way the state changes, so the record always replays to it.
    ``notes`` collects one-line messages for the player (a bot that had to be replaced, a
    save that could not be written) that the screen shows and clears.
    """

    game: str
    options: dict[str, Any]
    seed: int
    state: Any
    actions: list[Action] = field(default_factory=list)
    checksums: list[int] = field(default_factory=list)
    path: Path | None = None
    bots: dict[int, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    store: Any = None
    # The lock on the save file while this session has it open (saves.lock.SaveLock);
    # a read-only session holds none and never writes.
    lock: Any = None
    read_only: bool = False
    # What the app shows once the player is done with this game, above the main menu
    # (given the session, it returns a screen): a campaign's chapter goes back to its
    # campaign. None: the main menu.
    sequel: Callable[[GameSession], Any] | None = None

    # --- making one ---------------------------------------------------------------------

    @classmethod
    def new(cls, game: str, options: dict[str, Any], seed: int | None = None) -> Self:
        """Start a new game; raises ValueError/KeyError for options the game refuses."""
        mod = get_game(game)
        seed = new_seed() if seed is None else int(seed)
        state = mod.new_game(options, seed)
        session = cls(game=game, options=dict(state.options), seed=seed, state=state)
        session._make_bots()
        return session

    @classmethod
    def from_save(cls, path: Path, store: Any = None,
                  read_only: bool = False) -> tuple[GameSession, str]:
        """Continue the game saved at ``path``; every failure is a ``SaveError`` (a
        ``SaveLocked`` when another window has it open, unless ``read_only``).

        Returns the session and a line saying how the game was rebuilt.
        """
        from saves.lock import SaveLock

        lock = None if read_only else SaveLock.take(Path(path))
        try:
            session, message = cls._load(Path(path), store)
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        session.lock, session.read_only = lock, read_only
        return session, message

    @classmethod
    def _load(cls, path: Path, store: Any) -> tuple[GameSession, str]:
        from saves.store import SaveStore

        store = store if store is not None else SaveStore()
        save = store.load(Path(path))
        session, message = cls.from_save_file(save, str(path))
        session.path, session.store = Path(path), store
        return session, message

    @classmethod
    def from_save_file(cls, save: Any, label: str) -> tuple[Self, str]:
        """The game in a save already read (``saves.format.SaveFile``), its bots where they
        were; a ``SaveError`` naming ``label`` when it cannot be rebuilt."""
        from saves.loader import load_game

        state, message = load_game(save, label)
        mod = get_game(save.game)
        actions = [Action(*a) for a in save.actions]
        checksums = list(save.checksums)
        if message.startswith("replayed") and len(checksums) != len(actions):
            checksums = _recompute_checksums(mod, save.options, save.seed, actions)
        session = cls(
            game=save.game, options=dict(state.options), seed=save.seed, state=state,
            actions=actions, checksums=checksums,
        )
        session._make_bots()
        session._restore_bot_streams(save.meta)
        return session, message

    def _make_bots(self) -> None:
        """One bot per bot seat, seeded from the game seed and the seat (its own stream)."""
        from ai.bots import make_bot

        for seat, kind in enumerate(self.seats):
            name = bot_name(kind)
            if name is None:
                continue
            bot = None
            for candidate in (name, *available_bots(self.game)):
                try:
                    bot = make_bot(candidate, self.game, self.seed + seat)
                except (KeyError, ValueError, ImportError):
                    continue  # unknown here, or it does not play this game yet
                if candidate != name:
                    self.notes.append(
                        f"{self.names[seat]}: bot {name!r} is not available; {candidate} plays"
                    )
                break
            if bot is None:
                raise KeyError(f"no bot is available for {self.names[seat]}")
            self.bots[seat] = bot

    def _restore_bot_streams(self, meta: dict[str, Any]) -> None:
        """Put each bot's random stream back where the save left it, so a continued game
        goes on as it would have without the break (a stand-in bot starts its own)."""
        for seat, bot in self.bots.items():
            state = meta.get(f"{BOT_RNG_KEY}{seat}")
            if (_bot_rng(bot) is not None and isinstance(state, int)
                    and getattr(bot, "name", None) == bot_name(self.seats[seat])):
                bot.rng = Rng(state)

    # --- what it is -----------------------------------------------------------------------

    @property
    def module(self) -> ModuleType:
        """The game's rules module (``core.<game>``)."""
        return get_game(self.game)

    @property
    def seats(self) -> list[str]:
        """Seat kinds: ``human`` or ``bot:<name>``."""
        return list(self.options["seats"])

    @property
    def names(self) -> list[str]:
        """Player names by seat."""
        return list(self.options["names"])

    @property
    def humans(self) -> list[int]:
        """Seats played by people at this keyboard."""
        return [i for i, k in enumerate(self.seats) if bot_name(k) is None]

    def is_bot(self, seat: int | None) -> bool:
        """True when ``seat`` is played by a bot."""
        return seat is not None and seat in self.bots

    def elsewhere(self, seat: int | None) -> bool:
        """True when ``seat`` is played away from this keyboard; never in a local game."""
        return False

    @property
    def read_only_reason(self) -> str:
        """Why nothing can be played here when the session is read-only."""
        return READ_ONLY

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.state.to_move is None

    @property
    def round(self) -> int:
        """The round being played, counting from 1."""
        return int(self.module.turn_number(self.state))

    # --- playing ---------------------------------------------------------------------------

    def view(self, seat: int | None) -> Any:
        """The table as ``seat`` may see it (the game contract's ``view``)."""
        return self.module.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        result: Outcome | None = self.module.outcome(self.state)
        return result

    def follow(self, on_move: Callable[[Any], None]) -> None:
        """Call ``on_move`` for each move made away from this keyboard: none here, where
        every move is made through ``apply``."""

    def take(self, move: Any) -> None:
        """Take in a move made elsewhere: a local game has none."""
        raise ValueError("a local game has no moves made elsewhere")

    def legal(self) -> list[Action]:
        """Every action the seat to move may take now."""
        return self.module.legal_actions(self.state)

    def describe(self, action: Action) -> str:
        """One line for ``action`` in the current state (call before applying it)."""
        return self.module.describe(self.state, action)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``, record it, and autosave when a turn ends.

        Raises the game's ``IllegalAction`` with the reason, changing nothing.
        """
        mod = self.module
        action = Action(*action)
        events = mod.apply(self.state, action)
        self.actions.append(action)
        self.checksums.append(mod.checksum(self.state))
        if any(e.kind in ("end_turn", "game_over") for e in events):
            self.autosave()
        return events

    def undo(self) -> str:
        """Take back the last move, if its player (the one to move now) may: the record is
        replayed without it (``core.undo``). Returns the move in words; raises
        ``core.undo.UndoRefused`` with the reason, changing nothing. A save that already
        holds the move is written again, so it keeps only the moves that stand."""
        from core.undo import UndoRefused, take_back

        if self.read_only:
            raise UndoRefused(READ_ONLY)
        if self.state.to_move is None:
            raise UndoRefused("the game is over")
        back = take_back(self.module, self.options, self.seed, self.actions,
                         self.state.to_move, self.names)
        self.state = back.state
        self.actions.pop()
        del self.checksums[len(self.actions):]
        if self.path is not None:
            self.autosave()
        return back.said

    def bot_choice(self) -> tuple[int, Any, list[Action]]:
        """The seat to move (a bot), its view and the legal actions, for ``choose``."""
        seat = self.state.to_move
        if not self.is_bot(seat):
            raise ValueError("it is not a bot's move")
        return seat, self.module.view(self.state, seat), self.legal()

    def bot_move(self) -> tuple[Action, list[Event]]:
        """Let the bot to move choose and play one action."""
        seat, view, legal = self.bot_choice()
        action = self.bots[seat].choose(view, legal)
        return action, self.apply(action)

    def checksum(self) -> int:
        """The game's checksum of the current state."""
        return self.module.checksum(self.state)

    # --- saving ----------------------------------------------------------------------------

    def _store(self) -> Any:
        if self.store is None:
            from saves.store import SaveStore

            self.store = SaveStore()
        return self.store

    def meta(self) -> dict[str, Any]:
        """What the Continue list shows without loading the game."""
        return {
            "players": self.names,
            "turn": self.round,
            "seats": ", ".join(self.seats),
            "status": "finished" if self.over else "playing",
            # For the Continue list: where the scores stand and whose move it is (a meta
            # value is a str or an int, so the scores go as "12,9").
            "scores": ",".join(str(x) for x in self.module.scores(self.state)),
            "to_move": -1 if self.state.to_move is None else int(self.state.to_move),
            **{f"{BOT_RNG_KEY}{seat}": rng.state for seat, bot in self.bots.items()
               if (rng := _bot_rng(bot)) is not None},
        }

    def save(self, folder: Path | None = None) -> Path:
        """Write the game to its save file (a new one the first time, or a new one in
        ``folder`` when given: "save elsewhere"); raises SaveError, changing nothing."""
        from saves.format import SaveError
        from saves.loader import make_save
        from saves.lock import SaveLock
        from saves.store import SaveStore

        if self.read_only:
            raise SaveError(str(self.path or ""), "this game is open read-only (another "
                                                  "window has it): it is not saved here")
        store = SaveStore(Path(folder)) if folder is not None else self._store()
        path, lock = (self.path, self.lock) if folder is None else (None, None)
        if path is None:
            try:
                store.directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SaveError(str(store.directory), f"cannot create the folder "
                                                      f"({exc.strerror or exc})") from exc
            path = store.new_path(self.game)
            lock = SaveLock.take(path)
        save = make_save(
            self.game, self.options, self.seed, self.actions, self.checksums,
            self.module.snapshot(self.state), self.meta(),
        )
        try:
            store.write(path, save)
        except SaveError:
            if lock is not None and lock is not self.lock:
                lock.release()
            raise
        if self.lock is not None and lock is not self.lock:
            self.lock.release()
        self.store, self.path, self.lock = store, path, lock
        return path

    def autosave(self) -> Path | None:
        """Save without raising: a failure becomes a note for the player."""
        from saves.format import SaveError

        if self.read_only:
            return None
        try:
            return self.save()
        except SaveError as exc:
            self.notes.append(f"Autosave failed: {exc}")
            return None

    def close(self) -> None:
        """Done with this game here: give back the lock on its save, and write no more."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.read_only = True

    def take_notes(self) -> list[str]:
        """The pending notes for the player, cleared."""
        notes, self.notes = self.notes, []
        return notes


def _bot_rng(bot: Any) -> Rng | None:
    """The bot's own random stream, if it keeps one we can save."""
    rng = getattr(bot, "rng", None)
    return rng if isinstance(rng, Rng) else None


def _recompute_checksums(
    mod: ModuleType, options: dict[str, Any], seed: int, actions: list[Action]
) -> list[int]:
    state = mod.new_game(options, seed)
    out = []
    for a in actions:
        mod.apply(state, a)
        out.append(mod.checksum(state))
    return out

