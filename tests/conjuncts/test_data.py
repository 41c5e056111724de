"""Task data: formats, marking, rewrite encodings, CSV mapping, splits, prediction files."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from lingeval.conjuncts.data import (
    ColumnMapping,
    assign_splits,
    detect_columns,
    example_from_dict,
    format_rewrites,
    parse_marked,
    parse_rewrites,
    read_csv,
    read_examples,
    read_predictions,
    write_examples,
    write_jsonl,
    write_predictions,
)
from lingeval.conjuncts.example import ConjunctExample
from lingeval.core.errors import InputError, LingevalError

BUNDLED = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "lingeval"
    / "data"
    / "conjuncts"
    / "examples.jsonl"
)


def ex(i: str, marked: str, rewrites: list[str]) -> ConjunctExample:
    return example_from_dict({"id": i, "sentence": marked, "rewrites": rewrites})


# --- marking ---------------------------------------------------------------------------------


def test_parse_marked_inverts_marked() -> None:
    sentence = "Bread and butter were on the table and tea in the pot."
    e = ConjunctExample("a", sentence, "and", sentence.rindex("and"))
    marked = e.marked()
    assert marked == "Bread and butter were on the table <SPLIT> and </SPLIT> tea in the pot."
    assert parse_marked(marked) == (e.sentence, e.offset, "and")


def test_parse_marked_tight_tags_and_errors() -> None:
    assert parse_marked("wine<SPLIT>or</SPLIT>beer") == ("wine or beer", 5, "or")
    for bad in [
        "no marking here",
        "a <SPLIT> and b",
        "a </SPLIT> and <SPLIT> b",
        "a <SPLIT>  </SPLIT> b",
    ]:
        with pytest.raises(ValueError):
            parse_marked(bad)


def test_second_conjunction_is_located_by_marking() -> None:
    e = ex("m", "Rain and wind delayed the ferry <SPLIT> and </SPLIT> the train.", ["x.", "y."])
    assert e.offset == len("Rain and wind delayed the ferry ")
    assert e.sentence[e.offset :].startswith("and the train")


def test_ambiguous_conjunction_without_offset_is_an_error() -> None:
    with pytest.raises(ValueError, match="holds 2"):
        example_from_dict({"id": "x", "sentence": "Tea and cake and coffee.", "rewrites": []})
    e = example_from_dict(
        {"id": "x", "sentence": "Tea and cake and coffee.", "conjunction_index": 1}
    )
    assert e.offset == 13


# --- rewrite encodings -----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "numbered", "token", "lines"])
def test_rewrite_encodings_round_trip(fmt: str) -> None:
    items = ["Josh likes wine.", "Jane likes water (cold)."]
    assert parse_rewrites(format_rewrites(items, fmt)) == items


def test_rewrite_auto_detection() -> None:
    assert parse_rewrites("1. A b.\n2) C d.") == ["A b.", "C d."]
    assert parse_rewrites("A b. ||| C d.") == ["A b.", "C d."]
    assert parse_rewrites("A b. [SEP] C d.") == ["A b.", "C d."]
    assert parse_rewrites("A b.; C d.", sep=";") == ["A b.", "C d."]
    assert parse_rewrites('["A b.", "C d."]') == ["A b.", "C d."]
    # a sentence that merely starts with a number is not a numbered list of one
    assert parse_rewrites("3 people came.") == ["3 people came."]
    with pytest.raises(ValueError, match="text"):
        parse_rewrites(["ok", 3])
    with pytest.raises(ValueError):
        parse_rewrites(42)


# --- JSONL and other formats -----------------------------------------------------------------


def test_jsonl_round_trip(tmp_path: Path) -> None:
    examples = read_examples(BUNDLED)
    out = tmp_path / "x.jsonl"
    write_jsonl(examples, out)
    again = read_examples(out)
    assert again == examples
    assert out.read_text(encoding="utf-8") == BUNDLED.read_text(encoding="utf-8")


def test_bundled_examples_cover_the_phenomena() -> None:
    examples = read_examples(BUNDLED)
    assert 25 <= len(examples) <= 40
    conj = Counter(e.conjunction_lower for e in examples)
    assert set(conj) == {"and", "or", "but"}
    nonrw = [e for e in examples if not e.rewritable]
    assert len(nonrw) >= 3 and all(e.rewrites == [e.sentence] for e in nonrw)
    assert any(len(e.rewrites) >= 3 for e in examples)
    for e in examples:
        for r in e.rewrites if e.rewritable else []:
            assert f" {e.conjunction} " not in f" {r} " or e.sentence.count(e.conjunction) > 1


def test_non_rewritable_detection() -> None:
    e = example_from_dict(
        {
            "id": "n",
            "sentence": "Anna <SPLIT> and </SPLIT> Ben met.",
            "rewrites": "Cannot re-write this sentence.",
        }
    )
    assert not e.rewritable and e.rewrites == ["Anna and Ben met."]
    e = example_from_dict(
        {"id": "n", "sentence": "Anna and Ben met.", "rewrites": ["Anna and Ben met."]}
    )
    assert not e.rewritable


def test_jsonl_errors_name_line_and_id(tmp_path: Path) -> None:
    p = tmp_path / "bad.jsonl"
    good = {"id": "a", "sentence": "Tea and cake.", "rewrites": ["Tea.", "Cake."]}
    p.write_text(
        json.dumps(good) + "\n" + json.dumps({"id": "b", "sentence": "No conjunction here."}) + "\n"
    )
    with pytest.raises(InputError, match=r"bad\.jsonl:2: example b: .*no and/or/but"):
        read_examples(p)
    p.write_text(json.dumps(good) + "\n" + json.dumps(good) + "\n")
    with pytest.raises(InputError, match="duplicate example ids: a"):
        read_examples(p)
    p.write_text(json.dumps({**good, "sentence": 5}) + "\n")
    with pytest.raises(InputError, match="must be text"):
        read_examples(p)
    p.write_text(json.dumps({**good, "offset": 2}) + "\n")
    with pytest.raises(InputError, match="at offset 2"):
        read_examples(p)
    with pytest.raises(InputError, match="no such file"):
        read_examples(tmp_path / "missing.jsonl")


def test_marked_and_text_formats(tmp_path: Path) -> None:
    examples = read_examples(BUNDLED)[:5]
    m = tmp_path / "in.marked"
    write_examples(examples, m)
    back = read_examples(m)
    assert [(b.sentence, b.offset) for b in back] == [(e.sentence, e.offset) for e in examples]
    t = tmp_path / "in.txt"
    write_examples(examples, t)
    assert "\t" in t.read_text()
    back = read_examples(t)
    assert [(b.sentence, b.offset) for b in back] == [(e.sentence, e.offset) for e in examples]
    (tmp_path / "plain.txt").write_text(
        "Tea and cake.\nTea and cake or pie.\t1\nTea and cake or pie.\n"
    )
    with pytest.raises(InputError, match=r"plain\.txt:3: .*holds 2"):
        read_examples(tmp_path / "plain.txt")


# --- CSV -------------------------------------------------------------------------------------


def test_csv_auto_detection_with_numbered_rewrites(tmp_path: Path) -> None:
    p = tmp_path / "verbal_omissions_dataset.csv"
    p.write_text(
        "id,sentence,conjunction,rewritten,split,source\n"
        '1,Josh likes wine and Jane water.,and,"1. Josh likes wine.\n2. Jane likes water.",validation,squad\n'
        "2,Anna and Ben met.,and,Anna and Ben met.,train,cnn\n",
        encoding="utf-8",
    )
    rows = read_examples(p)
    assert [r.id for r in rows] == ["1", "2"]
    assert rows[0].rewrites == ["Josh likes wine.", "Jane likes water."] and rows[0].split == "dev"
    assert rows[0].meta == {"source": "squad"}
    assert not rows[1].rewritable


def test_csv_explicit_mapping_and_helpful_error(tmp_path: Path) -> None:
    p = tmp_path / "odd.csv"
    p.write_text(
        'q,answer\n"Tea <SPLIT> or </SPLIT> coffee is served.","Tea is served. <SEP> Coffee is served."\n'
    )
    with pytest.raises(InputError, match=r"columns 'q', 'answer'.*--columns sentence=COLUMN"):
        read_csv(p)
    rows = read_csv(p, columns="marked=q,rewrites=answer")
    assert rows[0].conjunction == "or" and rows[0].rewrites == [
        "Tea is served.",
        "Coffee is served.",
    ]
    assert rows[0].id == "row-1"
    with pytest.raises(InputError, match="'nope' not found"):
        read_csv(p, columns="sentence=nope")
    with pytest.raises(LingevalError, match="unknown field"):
        ColumnMapping.parse("sentense=q")


def test_detect_columns_prefers_given_mapping() -> None:
    m = detect_columns(["Sentence", "Gold", "Split"], ColumnMapping(rewrites="Gold"))
    assert (m.sentence, m.rewrites, m.split) == ("Sentence", "Gold", "Split")


# --- splits ----------------------------------------------------------------------------------


def test_splits_are_seeded_80_10_10_and_order_independent() -> None:
    base = [
        ConjunctExample(f"id{i:03d}", "Tea and cake.", "and", 4, ["Tea.", "Cake."])
        for i in range(200)
    ]
    a = assign_splits(base, seed=7)
    assert Counter(e.split for e in a) == {"train": 160, "dev": 20, "test": 20}
    b = assign_splits(list(reversed(base)), seed=7)
    assert {e.id: e.split for e in a} == {e.id: e.split for e in b}
    c = assign_splits(base, seed=8)
    assert {e.id: e.split for e in a} != {e.id: e.split for e in c}
    assert all(e.split is None for e in base)  # inputs untouched
    with pytest.raises(LingevalError):
        assign_splits(base, ratios=(0.5, 0.5, 0.5))


# --- predictions -----------------------------------------------------------------------------


def test_prediction_formats(tmp_path: Path) -> None:
    preds = {"a": ["Tea.", "Cake."], "b": ["Anna and Ben met."]}
    p = tmp_path / "p.jsonl"
    write_predictions(preds, p)
    assert read_predictions(p) == preds
    j = tmp_path / "p.json"
    j.write_text(json.dumps({"a": "1. Tea.\n2. Cake.", "b": ["Anna and Ben met."]}))
    assert read_predictions(j) == preds
    t = tmp_path / "p.tsv"
    t.write_text("a\tTea. <SEP> Cake.\nb\tAnna and Ben met.\n")
    assert read_predictions(t) == preds


def test_prediction_errors_name_ids(tmp_path: Path) -> None:
    p = tmp_path / "p.jsonl"
    p.write_text('{"id": "a", "rewrites": ["x."]}\n{"id": "a", "rewrites": ["y."]}\n')
    with pytest.raises(InputError, match="duplicate prediction ids: a"):
        read_predictions(p)
    p.write_text('{"id": "a", "rewrites": ["x.", 3]}\n{"id": "b", "rewrites": ["y."]}\n')
    with pytest.raises(InputError, match=r"id a: .*text"):
        read_predictions(p)
    p.write_text('{"id": "a", "rewrites": ["x.", "  "]}\n{"id": "b", "rewrites": ["y."]}\n')
    with pytest.raises(InputError, match=r"empty sentences .* a"):
        read_predictions(p)
    p.write_text('{"id": "a", "text": ["x."]}\n{"id": "b", "rewrites": ["y."]}\n')
    with pytest.raises(InputError, match="id a has none of the fields"):
        read_predictions(p)


def test_initials_are_not_mistaken_for_numbering() -> None:
    assert parse_rewrites("J. K. Rowling wrote books.") == ["J. K. Rowling wrote books."]
    assert parse_rewrites("A. Smith came.\nB. Jones left.") == ["A. Smith came.", "B. Jones left."]
    assert parse_rewrites("(a) Tea is hot.\n(b) Cake is sweet.") == [
        "Tea is hot.",
        "Cake is sweet.",
    ]
    assert parse_rewrites("1. Tea.\n3. Cake.") == ["1. Tea.", "3. Cake."]  # not a sequence


def test_json_array_of_examples(tmp_path: Path) -> None:
    p = tmp_path / "arr.json"
    p.write_text(
        json.dumps(
            [
                {
                    "id": "a",
                    "sentence": "Tea <SPLIT> and </SPLIT> cake.",
                    "rewrites": ["Tea.", "Cake."],
                }
            ]
        )
    )
    (e,) = read_examples(p)
    assert e.offset == 4 and e.rewrites == ["Tea.", "Cake."]
    p.write_text(json.dumps([{"id": "a", "sentence": "Tea."}]))
    with pytest.raises(InputError, match=r"arr\.json:1: example a"):
        read_examples(p)


def test_plain_line_predictions_align_with_gold_ids(tmp_path: Path) -> None:
    p = tmp_path / "t5.txt"
    p.write_text("Tea. <SEP> Cake.\nAnna and Ben met.\n\n")
    assert read_predictions(p, ids=["a", "b"]) == {
        "a": ["Tea.", "Cake."],
        "b": ["Anna and Ben met."],
    }
    with pytest.raises(InputError, match=r"one line per gold example \(3\), found 2"):
        read_predictions(p, ids=["a", "b", "c"])
    with pytest.raises(InputError, match="ID<TAB>REWRITES"):
        read_predictions(p)
