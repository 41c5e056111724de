"""Dataset statistics (paper 000, section 5, Tables 1-2, Figure 3) on hand-parsed fixtures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.metric import MetricOptions
from lingeval.conjuncts.nuclei import analyse, tokens_from_rows
from lingeval.conjuncts.parse_features import TableAnalyzer
from lingeval.conjuncts.stats import (
    dataset_stats,
    omitted_arguments,
    prediction_breakdown,
    set_size_label,
)
from lingeval.core.errors import LingevalError
from tests.conjuncts.test_metric import JOSH_G1, JOSH_G2, JOSH_IN, MET, PARSES

LENA_IN = "Lena likes jazz and music."
LENA_G1 = "Lena likes jazz."
LENA_G2 = "Lena likes music."
LENA = {
    LENA_IN: [
        ("Lena", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("jazz", "NN", "dobj", 2),
        ("and", "CC", "cc", 3),
        ("music", "NN", "conj", 3),
        (".", ".", "punct", 2),
    ],
    LENA_G1: [
        ("Lena", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("jazz", "NN", "dobj", 2),
        (".", ".", "punct", 2),
    ],
    LENA_G2: [
        ("Lena", "NNP", "nsubj", 2),
        ("likes", "VBZ", "ROOT", 0),
        ("music", "NN", "dobj", 2),
        (".", ".", "punct", 2),
    ],
}
ALL = {**PARSES, **LENA}


def _examples() -> list[ConjunctExample]:
    return [
        ConjunctExample(
            "j", JOSH_IN, "and", JOSH_IN.index("and"), [JOSH_G1, JOSH_G2], split="train"
        ),
        ConjunctExample(
            "l", LENA_IN, "and", LENA_IN.index("and"), [LENA_G1, LENA_G2], split="test"
        ),
        ConjunctExample(
            "m",
            MET,
            "and",
            MET.index("and"),
            [MET],
            rewritable=False,
            split="train",
            meta={"explanation": "reciprocal"},
        ),
        ConjunctExample(
            "n", JOSH_IN, "and", JOSH_IN.index("and"), [], split="test"
        ),  # an input without gold
    ]


def test_omitted_arguments_shared_subject_vs_pure_gap() -> None:
    def an(text: str):  # type: ignore[no-untyped-def]
        return analyse(tokens_from_rows(ALL[text]))

    # gapping: only the verb is omitted, its arguments are new
    assert omitted_arguments(an(JOSH_IN), [an(JOSH_G1), an(JOSH_G2)]) == [0]
    # coordinated objects: the subject is repeated from the input
    assert omitted_arguments(an(LENA_IN), [an(LENA_G1), an(LENA_G2)]) == [1]


def test_tables_by_split() -> None:
    st = dataset_stats(_examples(), by="split", analyzer=TableAnalyzer(ALL))
    verbs, conj, sizes, expl, fig3 = (t.records() for t in st.tables)
    by = {r["split"]: r for r in verbs}
    # Josh: gold verbs likes, likes; input verb likes -> 1 explicit, 1 omitted; Met: 1 explicit
    assert (by["Train"]["explicit"], by["Train"]["omitted"], by["Train"]["total"]) == (2, 1, 3)
    assert (by["Test"]["explicit"], by["Test"]["omitted"], by["Test"]["examples"]) == (1, 1, 1)
    assert by["Full"]["omitted %"] == pytest.approx(40.0)
    assert [r["split"] for r in conj] == ["Train", "Test", "Full"]  # the paper's row names
    assert conj[-1]["and"] == 4 and conj[-1]["total"] == 4
    assert st.set_sizes == {"2": 2, "not rewritable": 1, "no gold": 1}
    assert sizes[-1]["2"] == pytest.approx(50.0)
    assert expl[-1] == {
        "split": "Full",
        "not rewritable": 1,
        "with explanation": 1,
        "without explanation": 0,
    }
    assert {r["omitted arguments"]: r["nuclei"] for r in fig3}["0"] == 1
    assert st.omitted_args == {0: 1, 1: 1}
    assert "parser:hand-written" in st.signature.format()


def test_set_size_labels() -> None:
    e = _examples()
    assert [set_size_label(x) for x in e] == ["2", "2", "not rewritable", "no gold"]
    four = ConjunctExample("f", "a and b", "and", 2, ["a.", "b.", "c.", "d."])
    assert set_size_label(four) == "4+"


def test_prediction_breakdown_by_conjunction_and_size() -> None:
    preds = {"sys": {"j": [JOSH_G1, JOSH_G2], "l": [LENA_G1, LENA_IN], "m": [MET]}}
    (table,) = prediction_breakdown(
        _examples(), preds, options=MetricOptions(bootstrap=0), analyzer=TableAnalyzer(ALL)
    )
    rows = {r["group"]: r for r in table.records()}
    assert (
        rows["all"]["n"] == 3 and rows["size=2"]["n"] == 2 and rows["size=not rewritable"]["n"] == 1
    )
    assert rows["size=not rewritable"]["F1"] == 100.0
    assert rows["size=2"]["R"] == pytest.approx(50.0)
    assert "conj=or" not in rows
    (by_meta,) = prediction_breakdown(
        _examples(),
        preds,
        by_meta="explanation",
        options=MetricOptions(bootstrap=0),
        analyzer=TableAnalyzer(ALL),
    )
    groups = {r["group"]: r["n"] for r in by_meta.records()}
    assert groups["explanation=reciprocal"] == 1 and groups["explanation=-"] == 2
    assert by_meta.title.endswith("by explanation")
    with pytest.raises(LingevalError):
        dataset_stats([], analyzer=TableAnalyzer(ALL))


def test_cli_stats_json_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = (
        Path(__file__).resolve().parents[2]
        / "src"
        / "lingeval"
        / "data"
        / "conjuncts"
        / "examples.jsonl"
    )
    try:
        main(
            [
                "conjuncts",
                "stats",
                str(data),
                "--by",
                "split",
                "--json",
                "--plot-dir",
                str(tmp_path),
                "--cache-dir",
                str(tmp_path / "c"),
            ]
        )
    except SystemExit as exc:
        assert exc.code in (0, None)
    out = json.loads(capsys.readouterr().out)
    titles = [t["title"] for t in out["tables"]]
    assert titles[0].startswith("Table 1") and titles[1].startswith("Table 2")
    assert sum(out["set_sizes"].values()) == 32
    assert (tmp_path / "omitted-arguments.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "set-sizes.png").exists()
