"""Redraw a widget only when what it shows has changed.

A table redraws from the engine's view after every action, but most of its lines and cards
show the same thing as before. ``Static.update`` always lays the screen out again and a
class change always restyles the widget, which together cost most of an action's time on a
busy table; these helpers keep what a widget last showed and leave it alone when it is the
same.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.dom import DOMNode
from textual.widgets import Static

# What each Static was last given through ``update_static``, by widget (a widget that goes
# away takes its entry with it).
_SHOWN: WeakKeyDictionary[Static, Hashable] = WeakKeyDictionary()


def content_key(content: str | Text) -> Hashable:
    """What decides how ``content`` looks: a Rich ``Text`` compares equal to another with
    the same characters and spans even when its own style, wrapping or overflow differ, so
    those are part of the key too."""
    if isinstance(content, str):
        return content
    return (content.plain, tuple(content.spans), str(content.style), content.justify,
            content.overflow, content.no_wrap, content.end)


def update_static(static: Static, content: str | Text, *, layout: bool = True) -> bool:
    """``static.update(content)`` unless it already shows exactly that; True when updated.

    Every update of ``static`` must come through here, or the widget may be left showing
    something else while this thinks it is up to date.
    """
    key = content_key(content)
    if _SHOWN.get(static) == key:
        return False
    _SHOWN[static] = key
    static.update(content, layout=layout)
    return True


def set_classes_only(node: DOMNode, wanted: Iterable[str], among: Iterable[str]) -> bool:
    """Give ``node`` exactly the classes of ``wanted`` out of the family ``among`` (a card's
    tone, its marks), in one restyle and only if they differ; True when they did."""
    family = set(among)
    goal = set(wanted) & family
    now = set(node.classes) & family
    if goal == now:
        return False
    extra, missing = now - goal, goal - now
    if extra:
        node.remove_class(*extra, update=not missing)
    if missing:
        node.add_class(*missing)
    return True


def forget(static: Static) -> None:
    """Forget what ``static`` showed (it was changed some other way): the next
    ``update_static`` draws it whatever it is given."""
    _SHOWN.pop(static, None)


__all__ = ["content_key", "forget", "set_classes_only", "update_static"]
