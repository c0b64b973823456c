"""The ascend command: with no command it runs the app; the commands below play bots
headless, replay or check a save, and host games over SSH."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

SEED_LIMIT = 2**64  # a seed is an unsigned 64-bit number in the save


def _progress_bar(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_selfplay(args: argparse.Namespace) -> int:
    from ai.bots import seat_player_names
    from ai.registry import package
    from ai.selfplay import selfplay
    from core.games import get_game, info

    try:
        get_game(args.game)
    except KeyError as exc:
        print(f"ascend selfplay: {exc.args[0]}", file=sys.stderr)
        return 2
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    known = seat_player_names(args.game)
    unknown = [b for b in bots if b not in known]
    if unknown or not bots:
        print(f"ascend selfplay: unknown bot {unknown[0] if unknown else '(none)'!r}; "
              f"choose from {', '.join(known)}", file=sys.stderr)
        return 2
    try:
        row = info(args.game)
        if args.players is None:
            args.players = default_players(args, row, len(bots))
        check_counts(args, row)
        options = game_options(args, row)
    except ValueError as exc:
        print(f"ascend selfplay: {exc}", file=sys.stderr)
        return 2
    show = sys.stderr.isatty() and not args.json
    special = getattr(package(args.game), "selfplay_report", None)
    try:
        special_data = special(bots, args.games, args.seed, args.players, options,
                               _progress_bar if show else None) if special else None
        if special_data is not None:
            return _print_special(special_data, args)
        report = selfplay(args.game, bots, args.games, args.seed, args.players, options,
                          progress=_progress_bar if show else None)
    except ValueError as exc:
        print(f"ascend selfplay: {exc}", file=sys.stderr)
        return 2
    data = report.as_dict()
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0
    print(f"{data['game']}: {data['games']} games, {args.players} players, seed {args.seed}")
    for bot in sorted(data["wins_by_bot"], key=lambda b: -data["wins_by_bot"][b]):
        wins = data["wins_by_bot"][bot]
        print(f"  {bot:<10} wins {wins:>6}  ({100 * wins / max(1, data['games']):5.1f} %)"
              f"  avg score {data['avg_score_by_bot'][bot]:6.1f}")
    print(f"  ties {data['ties']}   avg turns per player {data['avg_turns']}"
          f"   first seat won {100 * data['first_seat_win_rate']:.1f} %")
    print(f"  {data['games_per_second']} games/s, {data['steps_per_second']:.0f} steps/s"
          f" ({data['seconds']} s)")
    return 0


def _print_special(data: dict[str, Any], args: argparse.Namespace) -> int:
    """A game's own report (a Tactics game against the Villains): JSON, or a few lines."""
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0
    lo, hi = data["win_rate_95"]
    print(f"{data['game']} {data['mode']} ({data['difficulty']}, {data['scenario']}): "
          f"{data['games']} games, seed {args.seed}, bots {','.join(data['bots'])}")
    print(f"  heroes won {data['wins']} ({100 * data['win_rate']:.1f} %, 95 % "
          f"{100 * lo:.1f}-{100 * hi:.1f} %), Villains {data['villain_wins']} "
          f"(deck out {data['deck_out']}), avg turns {data['avg_turns']}")
    for boss, row in data["by_boss"].items():
        print(f"  {boss:<22} games {row['games']:>4}  heroes won "
              f"{100 * row['win_rate']:5.1f} %")
    return 0


def default_players(args: argparse.Namespace, row: Any, bots: int) -> int:
    """The player count when ``--players`` is not given: one the chosen mode is played by
    (solo 1, co-op 2, …) — the number of bots named if it fits, else 2, else the least."""
    low, high = row.players
    counts = list(range(low, high + 1))
    mode = getattr(args, _dest("mode"), None)
    if mode is not None and any(s.key == "mode" for s in row.settings):
        setting = row.setting("mode")
        counts = [p for p in counts
                  if mode in [v for v, _ in setting.choices({"players": p})]] or counts
    if bots in counts and mode is not None:
        return bots
    return 2 if 2 in counts else counts[0]


def check_counts(args: argparse.Namespace, row: Any) -> None:
    """Refuse counts the run cannot use, before anything is built from them."""
    low, high = row.players
    if not low <= args.players <= high:
        raise ValueError(f"{row.title} takes {low} to {high} players, not {args.players}")
    if args.games < 1:
        raise ValueError(f"--games must be at least 1, not {args.games}")
    if args.seed < 0 or args.seed + args.games > SEED_LIMIT:
        raise ValueError(f"seeds run from 0 to {SEED_LIMIT - 1}; --seed {args.seed} with "
                         f"{args.games} games leaves that range")


def cmd_replay(args: argparse.Namespace) -> int:
    from core.games import get_game
    from core.words import clipped
    from saves.format import SaveError
    from saves.loader import verify
    from saves.store import SaveStore

    path = Path(args.file)
    try:
        save = SaveStore(path.parent).load(path)
    except SaveError as exc:
        print(f"ascend replay: {exc}", file=sys.stderr)
        return 2
    if args.verify:
        ok, message = verify(save)
        print(message if ok else f"ascend replay: {path}: {message}",
              file=sys.stdout if ok else sys.stderr)
        return 0 if ok else 1
    try:
        mod = get_game(save.game)
        state = mod.new_game(save.options, save.seed)
    except (KeyError, ValueError, TypeError) as exc:
        reason = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"ascend replay: {path}: cannot start this game: {clipped(str(reason))}",
              file=sys.stderr)
        return 2
    for i, action in enumerate(save.actions, 1):
        seat = state.to_move
        try:
            line = mod.describe(state, action)
            mod.apply(state, action)
        except Exception as exc:  # whatever an edited action list makes the rules raise
            print(f"ascend replay: {path}: step {i} refused: {clipped(str(exc))}",
                  file=sys.stderr)
            return 1
        print(f"{i:5d}  P{(seat or 0) + 1}  {line}")
    return 0


def add_setting_flags(parser: argparse.ArgumentParser) -> None:
    """A flag for every set-up setting of every game (``--edition``, ``--clan-powers``, …)."""
    from core.games import Setting, games

    owners: dict[str, list[str]] = {}
    settings: dict[str, Setting] = {}
    for game in games(playable_only=True):
        for setting in game.settings:
            owners.setdefault(setting.flag, []).append(game.title)
            settings.setdefault(setting.flag, setting)
    for flag, setting in settings.items():
        helped = f"{' / '.join(owners[flag])}: {setting.help or setting.label}"
        if setting.kind is bool:
            parser.add_argument(flag, dest=_dest(setting.key), action="store_true",
                                default=None, help=helped)
        else:
            parser.add_argument(flag, dest=_dest(setting.key), type=setting.kind,
                                default=None, help=helped, metavar=setting.key.upper())


def _dest(key: str) -> str:
    return f"setting_{key}"


def game_options(args: argparse.Namespace, game: Any) -> dict[str, Any]:
    """The options the setting flags give for ``game``; ValueError for a flag it lacks."""
    from core.games import games, get_option, set_option

    options: dict[str, Any] = {}
    own = {s.key: s for s in game.settings}
    for other in games(playable_only=True):
        for setting in other.settings:
            value = getattr(args, _dest(setting.key), None)
            if value is None:
                continue
            if setting.key not in own:
                raise ValueError(f"{setting.flag} is an option of {other.title}, "
                                 f"not of {game.title}")
            set_option(options, own[setting.key].path, _as_kind(own[setting.key], value))
    chosen = {"players": args.players, **options}
    for setting in game.settings:
        if get_option(options, setting.path) is not None and not setting.applies_to(chosen):
            raise ValueError(f"{setting.flag} does not apply to this game ({setting.help})")
    return options


def _as_kind(setting: Any, value: Any) -> Any:
    """The flag's value as this game's setting takes it: games share a flag (``--scenario``)
    whose parser was made from the first game's kind (a Tactics id, an Empires number)."""
    if setting.kind is int and isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            raise ValueError(f"{setting.flag} takes a number here, not {value!r}") from None
    return value


def games_epilog() -> str:
    """The games, their names on the command line and their player counts."""
    from core.games import games

    lines = ["games:"]
    for row in games():
        low, high = row.players
        count = f"{low} player" if low == high == 1 else (
            f"{low} players" if low == high else f"{low}-{high} players")
        coming = "" if row.playable else " (coming in a later version)"
        lines.append(f"  {row.name:<12} {row.title}, {count}{coming}")
    return "\n".join(lines)


def version_text() -> str:
    """``ascend 0.2.0`` (``0.0.0`` from a source tree never installed)."""
    from saves.format import APP_VERSION

    return f"ascend {APP_VERSION}"


def build_parser() -> argparse.ArgumentParser:
    epilog = (f"{games_epilog()}\n\nIn the app, bots pause after each move as set in "
              "Settings (off, quick, watchable);\n$ASCEND_BOT_DELAY (seconds) is the pause "
              "until one is chosen there.\nSaves go to $ASCEND_SAVE_DIR if set, settings to "
              "$ASCEND_CONFIG_DIR.")
    parser = argparse.ArgumentParser(
        prog="ascend", description=__doc__, epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    from core.games import game_names

    sp = sub.add_parser(
        "selfplay", help="play bots against each other headless",
        description="Play bots against each other headless and report wins, scores and "
                    "speed.", epilog=games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sp.add_argument("game", metavar="GAME", help=f"one of: {', '.join(game_names())}")
    sp.add_argument("--players", type=int, default=None, metavar="N",
                    help="players at the table (default 2, or the count the chosen --mode "
                         "is played by: solo 1, coop 2)")
    sp.add_argument("--bots", default="greedy,random", metavar="LIST",
                    help="bot names or levels (easy, normal, hard), comma separated, "
                         "rotated over the seats (default greedy,random); against the "
                         "Villains (--mode solo, coop, boss) they name the seats in order, "
                         "the Boss player last")
    sp.add_argument("--games", type=int, default=100, metavar="N",
                    help="games to play (default 100)")
    sp.add_argument("--seed", type=int, default=1, metavar="N",
                    help="seed of the first game; game i uses seed+i (default 1)")
    add_setting_flags(sp)
    sp.add_argument("--json", action="store_true", help="print one JSON object")
    sp.set_defaults(func=cmd_selfplay)
    rp = sub.add_parser("replay", help="replay a save file; --verify checks every step",
                        description="List the actions of a save, or check that it replays.")
    rp.add_argument("file", metavar="FILE", help="a save file (.ascend)")
    rp.add_argument("--verify", action="store_true",
                    help="replay every step and compare it with the save's checksums")
    rp.set_defaults(func=cmd_replay)
    from host.cli import add_parser as add_serve

    add_serve(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        from tui.app import run

        run()
        return 0
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
