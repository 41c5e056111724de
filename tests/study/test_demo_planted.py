"""The study demo shows what its simulated participants were told to do (issue 14)."""

from __future__ import annotations

from lingeval.study.commands.demo import planted_effects, planted_table
from lingeval.study.simulate import SystemEffect


def test_the_planted_table_lists_each_system_with_its_effect_or_the_default() -> None:
    table = planted_table(["human", "rule", "unknown"])
    rows = {r["system"]: r for r in table.records()}
    assert rows["human"]["rating_shift"] == planted_effects()["human"].shift > 0
    assert rows["rule"]["p_yes"] == planted_effects()["rule"].p_yes
    assert rows["unknown"]["rating_shift"] == SystemEffect().shift  # no planted effect: defaults
    assert "synthetic" in table.title
