"""The simulation path holds no floating point and calls no libm: a flick must land on the
same spot on every machine, so its modules are read and checked for the ways floats get in."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SIMULATION = ["fixedtrig.py", "sliding.py", "physics.py", "geometry.py", "aim.py", "setup.py",
              "placing.py", "flight.py",
              # the rules put discs down and read orbits and ranges: integers there too
              "rules.py", "offers.py", "turn.py", "maneuvers.py", "build.py", "combat.py",
              "discovery.py", "relics.py", "scoring.py", "starbases.py", "phaseship.py",
              "occupancy.py", "dashboard.py", "technology.py", "view.py", "audit.py"]
HERE = Path(__file__).parents[2] / "core" / "empires"


@pytest.mark.parametrize("name", SIMULATION)
def test_no_float_in_the_simulation(name: str) -> None:
    tree = ast.parse((HERE / name).read_text(), name)
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        assert not (isinstance(node, ast.Constant) and isinstance(node.value, float)), where
        assert not isinstance(node, ast.Div), f"{where}: true division gives a float"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("float", "round", "pow"), where
        if isinstance(node, ast.ImportFrom) and node.module == "math":
            assert [a.name for a in node.names] == ["isqrt"], where
        if isinstance(node, ast.Import):
            assert all(a.name not in ("math", "cmath", "random", "decimal", "fractions")
                       for a in node.names), where
