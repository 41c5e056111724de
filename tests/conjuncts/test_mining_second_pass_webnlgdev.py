"""The second, blind labelling pass of the WebNLG dev mining candidates (issue 15): it labels
exactly the candidates of the first pass (``webnlgdev_mining_labels_blind.tsv``), with valid
labels, is never fitted on, and points at a conjunction of the rebuilt texts (skipped when the
shared data is absent)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lingeval.conjuncts.mining.quality import LABELS, Label, label_agreement, read_labels

FIRST = "webnlgdev_mining_labels_blind.tsv"
SECOND = "webnlgdev_mining_labels_second_pass.tsv"


def _labels(repo_root: Path, name: str) -> list[Label]:
    return read_labels(repo_root / "benchmarks" / "data" / "conjuncts" / name)


def test_second_pass_labels_the_same_candidates_as_the_first(repo_root: Path) -> None:
    first = _labels(repo_root, FIRST)
    second = _labels(repo_root, SECOND)
    keys = [(x.sent_id, x.offset) for x in second]
    assert len(keys) == len(set(keys))  # one label per candidate
    assert set(keys) == {(x.sent_id, x.offset) for x in first}
    assert all(x.label in LABELS for x in second)
    assert all(len(x.note) <= 80 for x in second)  # no third-party text
    # the agreement is computed over every candidate (nothing unmatched)
    assert label_agreement(first, second)["items"] == len(first)


def test_second_pass_is_never_fitted_on(repo_root: Path) -> None:
    from lingeval.conjuncts.mining.learned import load_filter

    assert SECOND not in load_filter().meta["labels"]
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        from conjuncts_mining_fit import FIT_FILES
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    assert SECOND not in FIT_FILES


def test_second_pass_points_at_a_conjunction_of_the_rebuilt_texts(
    shared_data: Path, repo_root: Path
) -> None:
    from lingeval.conjuncts.mining.quality import webnlg_reg_texts, webnlg_texts

    reg = shared_data / "reg" / "webnlg_reg_v1.5_seen_unseen"
    test = shared_data / "reg" / "webnlg_enriched_v1.5_en_test"
    if not (reg / "data" / "dev.json").is_file() or not test.is_dir():
        pytest.skip("the WebNLG/NeuralREG data is not present")
    texts = dict(webnlg_reg_texts(reg, exclude={t for _, t in webnlg_texts(test)}))
    for x in _labels(repo_root, SECOND):
        assert x.sent_id in texts, x.sent_id
        word = texts[x.sent_id][x.offset :].split()[0].strip(",.;:[]()").lower()
        assert word in ("and", "or", "but"), (x.sent_id, x.offset, word)
