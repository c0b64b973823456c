"""The Villains' work items: Scheme operations pushed on the state's work stack (as
``v.<op>``, apart from the cards' own vocabulary), the steps of their turn (``@v.<step>``),
and how an item asks for a tie to be broken (DESIGN.md, "Villains"). Shared by the turn
(``villain_turn``) and the operations (``scheme_ops``)."""

from __future__ import annotations

from core.tactics.cards import Op
from core.tactics.sides import chooser
from core.tactics.state import Decision, State, Work
from core.tactics.villain_ops import OBJECTIVE_KINDS, SELF
from core.tactics.villain_state import KIND_INDEX, VILLAIN

PREFIX = "v."


def as_work(ops: tuple[Op, ...]) -> tuple[Op, ...]:
    """Villain operations as work items' ops (``command`` -> ``v.command``)."""
    return tuple(Op(PREFIX + o.op, o.n, o.args, o.options) for o in ops)


def push_ops(s: State, ops: tuple[Op, ...], unit: int = -1) -> None:
    """Schedule Villain operations ``ops`` to run next, in order (``unit``: the Villain a
    Slay belongs to, for the kind ``self``)."""
    s.work.extend((op, -1, VILLAIN, unit) for op in reversed(as_work(ops)))


def step(name: str, n: int = 0, unit: int = -1, **args: object) -> Work:
    return (Op("@v." + name, n, tuple(sorted(args.items()))), -1, VILLAIN, unit)


def ask(s: State, item: Work, kind: str, choices: list[int],
         labels: tuple[str, ...] = ()) -> int | None:
    """The one choice, the first under ``ties = auto`` (not for the Boss player), or None
    after putting ``item`` back to wait for the decision ``kind``."""
    v = s.villain
    assert v is not None
    if len(choices) == 1 or (v.ties == "auto" and v.boss_seat < 0):
        return choices[0]
    s.work.append(item)
    s.pending.append(Decision(kind, chooser(s), tuple(choices), False, -1, item[3], item[0].n,
                              labels))
    return None


def one_at_a_time(s: State, item: Work) -> tuple[int, ...]:
    """The kinds of ``item``; the later ones are put back to run after the first."""
    kinds = resolve_kinds(s, item)
    if len(kinds) > 1:
        op = item[0]
        rest = tuple(OBJECTIVE_KINDS[k] for k in kinds[1:])
        args = tuple((k, rest if k == "objectives" else v) for k, v in op.args)
        s.work.append((Op(op.op, op.n, args), item[1], item[2], item[3]))
    return kinds[:1]


def resolve_kinds(s: State, item: Work) -> tuple[int, ...]:
    """The kind indexes an operation names; ``self`` is the kind its Slay's Villain holds."""
    op, _, _, unit = item
    names = op.get("objectives", ())
    assert isinstance(names, tuple)
    out = []
    v = s.villain
    assert v is not None
    for k in names:
        if k == SELF:
            kind = v.kind_of(s.units[unit].card) if unit >= 0 else -1
            if kind >= 0:
                out.append(kind)
        else:
            out.append(KIND_INDEX[str(k)])
    return tuple(out)


def kind_arg(s: State, item: Work, key: str) -> int:
    """The kind index in field ``key`` (``kind`` or the tail of ``nearest:<kind>``)."""
    value = str(item[0].get(key))
    name = value.split(":", 1)[-1]
    if name == SELF:
        v = s.villain
        assert v is not None
        return v.kind_of(s.units[item[3]].card) if item[3] >= 0 else -1
    return KIND_INDEX[name]
