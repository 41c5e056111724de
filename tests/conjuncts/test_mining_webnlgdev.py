"""The NeuralREG WebNLG dev texts (issue 15's fresh blind set for the mining filter): the
loader :func:`lingeval.conjuncts.mining.quality.webnlg_reg_texts` on a fixture we wrote, and
the committed labels against the shared data (skipped when it is absent)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from lingeval.conjuncts.mining.quality import read_labels, webnlg_reg_texts
from lingeval.core.errors import InputError

LEX = [
    "Alpha_Tower",
    "is",
    "in",
    "Green_City",
    ",",
    "which",
    "is",
    "in",
    "Ruritania",
    ".",
    "construction",
    "began",
    "in",
    '"May,_2001"',
    "and",
    "Alpha_Tower",
    "has",
    "12",
    "floors",
    ".",
]


def _inst(entity: str, at: int, refex: str, tokens: list[str] = LEX) -> dict[str, object]:
    pre = [t for t in tokens[:at] if t != entity]  # the data drops earlier mentions
    return {
        "entity": entity,
        "category": "Building",
        "pre_context": pre,
        "pos_context": tokens[at + 1 :],
        "refex": refex.split(),
    }


def _write(root: Path, instances: list[dict[str, object]]) -> Path:
    (root / "data").mkdir(parents=True)
    (root / "data" / "dev.json").write_text(json.dumps(instances), encoding="utf-8")
    return root


FULL = (
    "Alpha Tower is in Green City, which is in Ruritania. Construction began in May, 2001 "
    "and the tower has 12 floors."
)


def test_texts_are_rebuilt_once_per_lexicalisation(tmp_path: Path) -> None:
    other = ["Ruritania", "'s", "capital", "is", "Green_City", "."]
    root = _write(
        tmp_path / "reg",
        [
            _inst("Alpha_Tower", 0, "Alpha Tower"),
            _inst("Green_City", 3, "Green City"),
            _inst("Ruritania", 8, "Ruritania"),
            # the repeated mention: its pre_context lacks the first "Alpha_Tower"
            _inst("Alpha_Tower", 15, "the tower"),
            _inst("Ruritania", 0, "Ruritania", other),
            _inst("Green_City", 4, "Green City", other),
        ],
    )
    got = webnlg_reg_texts(root)
    assert [t for _, t in got] == [FULL, "Ruritania's capital is Green City."]
    for key, text in got:
        assert key == hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def test_a_position_without_an_instance_keeps_its_canonical_name(tmp_path: Path) -> None:
    root = _write(tmp_path / "reg", [_inst("Alpha_Tower", 0, "The building")])
    [(_, text)] = webnlg_reg_texts(root)
    assert text == (
        "The building is in Green City, which is in Ruritania. Construction began in May, "
        "2001 and Alpha Tower has 12 floors."
    )


def test_repeats_and_excluded_texts_are_dropped(tmp_path: Path) -> None:
    short = ["Green_City", "is", "big", "."]
    root = _write(
        tmp_path / "reg",
        [
            _inst("Green_City", 0, "Green City", short),
            # another lexicalisation (another entity name) whose rebuilt text is the same
            _inst("Green_Town", 0, "Green City", ["Green_Town", "is", "big", "."]),
            _inst("Ruritania", 0, "Ruritania", ["Ruritania", "is", "small", "."]),
        ],
    )
    assert [t for _, t in webnlg_reg_texts(root)] == ["Green City is big.", "Ruritania is small."]
    kept = webnlg_reg_texts(root, exclude={"Green City is big."})
    assert [t for _, t in kept] == ["Ruritania is small."]


def test_absent_folder_gives_nothing_and_bad_json_is_an_input_error(tmp_path: Path) -> None:
    assert webnlg_reg_texts(tmp_path / "nowhere") == []
    (tmp_path / "bad" / "data").mkdir(parents=True)
    (tmp_path / "bad" / "data" / "dev.json").write_text("{", encoding="utf-8")
    with pytest.raises(InputError, match=r"dev\.json"):
        webnlg_reg_texts(tmp_path / "bad")
    (tmp_path / "bad" / "data" / "dev.json").write_text('[{"entity": "X"}]', encoding="utf-8")
    with pytest.raises(InputError, match="instance 0"):
        webnlg_reg_texts(tmp_path / "bad")


def test_the_texts_are_read_by_the_reg_instance_reader(tmp_path: Path) -> None:
    from lingeval.study.reg.instances import read_instances

    root = _write(tmp_path / "reg", [_inst("Alpha_Tower", 0, "The building")])
    [inst] = read_instances(root / "data" / "dev.json")
    assert (inst.entity, inst.refex, inst.pos_context[:2]) == (
        "Alpha_Tower",
        ("The", "building"),
        ("is", "in"),
    )
    # the REG reader lets a missing context read as empty; the texts need it
    (root / "data" / "dev.json").write_text('[{"entity": "X", "refex": ["x"]}]', encoding="utf-8")
    assert read_instances(root / "data" / "dev.json")[0].pre_context == ()
    with pytest.raises(InputError, match="instance 0 lacks"):
        read_instances(root / "data" / "dev.json", complete=True)
    (root / "data" / "dev.json").write_text('[{"entity": 7}]', encoding="utf-8")
    with pytest.raises(InputError, match="instance 0 needs an 'entity' string"):
        webnlg_reg_texts(root)


def test_the_blind_labels_are_held_out_and_point_at_a_conjunction(
    shared_data: Path, repo_root: Path
) -> None:
    import sys

    from lingeval.conjuncts.mining.learned import load_filter
    from lingeval.conjuncts.mining.quality import webnlg_texts

    name = "webnlgdev_mining_labels_blind.tsv"
    labels = read_labels(repo_root / "benchmarks" / "data" / "conjuncts" / name)
    assert len(labels) == 130
    assert all(len(x.note) <= 80 for x in labels)  # no third-party text
    assert name not in load_filter().meta["labels"]
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        from conjuncts_mining_fit import FIT_FILES, HOLDOUT_FILES
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    assert name in HOLDOUT_FILES and name not in FIT_FILES
    reg = shared_data / "reg" / "webnlg_reg_v1.5_seen_unseen"
    test = shared_data / "reg" / "webnlg_enriched_v1.5_en_test"
    if not (reg / "data" / "dev.json").is_file() or not test.is_dir():
        pytest.skip("the WebNLG/NeuralREG data is not present")
    texts = dict(webnlg_reg_texts(reg, exclude={t for _, t in webnlg_texts(test)}))
    assert len(texts) == 2189
    for x in labels:
        word = texts[x.sent_id][x.offset :].split()[0].strip(",.;:[]()").lower()
        assert word in ("and", "or", "but"), (x.sent_id, x.offset, word)
