"""The metric through a real spaCy pipeline, the parse/nucleus cache, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.cli import main
from lingeval.conjuncts.data import read_examples, write_predictions
from lingeval.conjuncts.metric import MetricOptions, score
from lingeval.conjuncts.parse_features import SpacyAnalyzer

pytest.importorskip("spacy")

BUNDLED = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "lingeval"
    / "data"
    / "conjuncts"
    / "examples.jsonl"
)

TIMES_IN = (
    "As of January 2013, The Times has a circulation of 399,339, The Sunday Times of 885,612, "
    "and The New York Times of 9,512,132."
)
TIMES_GOLD = [
    "As of January 2013, The Times has a circulation of 399,339.",
    "As of January 2013, The Sunday Times has a circulation of 885,612.",
    "As of January 2013, The New York Times has a circulation of 9,512,132.",
]


@pytest.fixture(scope="module")
def analyzer() -> SpacyAnalyzer:
    try:
        return SpacyAnalyzer()
    except Exception as exc:  # pragma: no cover - the default pipeline is a dependency
        pytest.skip(f"no spaCy pipeline: {exc}")


def test_times_example_of_section_3(analyzer: SpacyAnalyzer) -> None:
    opts = MetricOptions(bootstrap=0)
    perfect = score([TIMES_IN], [TIMES_GOLD], [TIMES_GOLD], options=opts, analyzer=analyzer)
    assert perfect.system is not None
    s = perfect.system
    assert s.examples[0].gold > 0 and (s.precision, s.recall) == (100.0, 100.0)
    # dropping the third sentence loses at least one gold nucleus
    partial = score([TIMES_IN], [TIMES_GOLD[:2]], [TIMES_GOLD], options=opts, analyzer=analyzer)
    assert partial.system is not None and partial.system.recall < 100.0
    assert perfect.calibration_1.recall == 0.0
    assert perfect.signature.options["parser"] == analyzer.pipeline_id


def test_analysis_cache_skips_parsing_on_rerun(tmp_path: Path) -> None:
    texts = ["Josh likes wine.", "Jane likes water.", "Josh likes wine."]
    first = SpacyAnalyzer(cache_dir=tmp_path)
    a = first.analyse(texts)
    assert first.parsed_count == 2
    second = SpacyAnalyzer(cache_dir=tmp_path)
    b = second.analyse(texts)
    assert second.parsed_count == 0 and second.cache_hits == 2
    assert not second.loaded  # a fully warm run never loads the pipeline
    assert second.pipeline_id == first.parser.id
    assert a == b
    lemma = SpacyAnalyzer(cache_dir=tmp_path, spec=MetricOptions().spec.__class__(words="lemma"))
    lemma.analyse(texts[:1])
    assert lemma.parsed_count == 1  # other nucleus options are cached separately


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_evaluate_json_matches_api(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    examples = read_examples(BUNDLED)
    preds = {e.id: list(e.rewrites) for e in examples}
    preds["gap-01"] = ["Maya ordered soup.", "Her brother a salad."]
    p = tmp_path / "sys.jsonl"
    write_predictions(preds, p)
    code, out, err = _cli(
        [
            "conjuncts",
            "evaluate",
            "--gold",
            str(BUNDLED),
            "--pred",
            str(p),
            "--json",
            "--cache-dir",
            str(tmp_path / "c"),
            "--bootstrap",
            "50",
        ],
        capsys,
    )
    assert code == 0, err
    data = json.loads(out)
    api = score(
        examples,
        [preds[e.id] for e in examples],
        options=MetricOptions(bootstrap=50),
        cache_dir=tmp_path / "c",
    )
    assert api.system is not None
    assert data["systems"][0]["f1"] == pytest.approx(api.system.f1)
    assert data["systems"][0]["f1"] < 100.0
    assert data["calibration_k"]["recall"] == pytest.approx(api.calibration_k.recall)
    assert "parser:" in data["signature_string"]


def test_cli_text_output_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = ["--cache-dir", str(tmp_path / "c"), "--bootstrap", "0"]
    code, out, _ = _cli(["conjuncts", "baselines", "--gold", str(BUNDLED), *cache], capsys)
    assert code == 0 and "Calibration_1" in out and "Calibration_k" in out and "signature:" in out
    p = tmp_path / "few.jsonl"
    write_predictions({"gap-01": ["Maya ordered soup.", "Her brother ordered a salad."]}, p)
    code, out, err = _cli(
        ["conjuncts", "evaluate", "-g", str(BUNDLED), "-p", str(p), *cache], capsys
    )
    assert code == 2 and "no prediction for 31 id(s)" in err and "Traceback" not in err
    code, out, err = _cli(
        ["conjuncts", "evaluate", "-g", str(BUNDLED), "-p", str(p), "--allow-missing", *cache],
        capsys,
    )
    assert code == 0 and "31 missing prediction(s)" in out
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "nope", "rewrites": ["x."]}\n')
    code, _, err = _cli(
        ["conjuncts", "evaluate", "-g", str(BUNDLED), "-p", str(bad), "--allow-missing", *cache],
        capsys,
    )
    assert code == 2 and "nope" in err
    code, _, err = _cli(
        ["conjuncts", "evaluate", "-g", str(tmp_path / "none.jsonl"), "-p", str(p), *cache], capsys
    )
    assert code == 2 and "no such file" in err


def test_two_processes_give_the_same_nuclei(analyzer: SpacyAnalyzer) -> None:
    texts = [f"Rosa sold {n} lamps in Leeds and Omar {n + 1} clocks." for n in range(12)]
    multi = SpacyAnalyzer(n_process=2, spec=analyzer.spec)
    assert multi.analyse(texts) == analyzer.analyse(texts)
    assert multi.parsed_count == len(texts)


# The worked examples of the paper (A.2 prompt, section 3, 5, 7.2, A.5), through the parser.
# (input, gold rewrites, a flawed output described in the paper or None)
PAPER_EXAMPLES = [
    (
        "Federal education assistance offered affordable loans to Americans who wanted to attend college "
        "and money for local schools to ensure that all children received an adequate education.",
        [
            "Federal education assistance offered affordable loans to Americans who wanted to attend college.",
            "Federal education assistance offered money for local schools to ensure that all children received an adequate education.",
        ],
        None,
    ),
    (
        "He was subsequently asked to repeat the program at the American Asylum for Deaf - mutes in Hartford, "
        "Connecticut, and the Clarke School for the Deaf in Northampton, Massachusetts.",
        [
            "He was subsequently asked to repeat the program at the American Asylum for Deaf - mutes in Hartford, Connecticut.",
            "He was subsequently asked to repeat the program at the Clarke School for the Deaf in Northampton, Massachusetts.",
        ],
        None,
    ),
    (
        "The January 12 quake left over 220,000 dead, over 300,000 injured, and over a million homeless.",
        [
            "The January 12 quake left over 220,000 dead.",
            "The January 12 quake left over 300,000 injured.",
            "The January 12 quake left over a million homeless.",
        ],
        [  # section 7.2: two arguments attached to the same verb
            "The January 12 quake left over 220,000 dead, over 300,000 injured.",
            "The January 12 quake left over a million homeless.",
        ],
    ),
    (
        "Germany knows how to do it, and we don't.",
        ["Germany knows how to do it.", "We don't know how to do it."],
        ["Germany knows how to do it.", "We don't."],  # 7.2: VP ellipsis left unresolved
    ),
    (
        "The governor urged the public not to panic and to follow his reports closely.",
        [
            "The governor urged the public not to panic.",
            "The governor urged the public to follow his reports closely.",
        ],
        [  # A.5: the negation wrongly carried over
            "The governor urged the public not to panic.",
            "The governor urged the public not to follow his reports closely.",
        ],
    ),
    (
        "Heist had been sentenced to three years of probation for the identity theft and for giving false "
        "information to a law enforcement officer.",
        [
            "Heist had been sentenced to three years of probation for the identity theft and for giving false "
            "information to a law enforcement officer."
        ],
        [  # 7.2: splitting creates a factual inaccuracy; the gold leaves it unchanged
            "Heist had been sentenced to three years of probation for the identity theft.",
            "Heist had been sentenced to three years of probation for giving false information to a law enforcement officer.",
        ],
    ),
    (
        "Amla made 133 and Roussow 132 with the pair combining to put on 247 for the third wicket.",
        [
            "Amla made 133 and Roussow 132 with the pair combining to put on 247 for the third wicket."
        ],
        None,  # section 3: not rewritable
    ),
]


@pytest.mark.parametrize("index", range(len(PAPER_EXAMPLES)))
def test_paper_worked_examples(analyzer: SpacyAnalyzer, index: int) -> None:
    sentence, gold, flawed = PAPER_EXAMPLES[index]
    opts = MetricOptions(bootstrap=0)
    perfect = score([sentence], [gold], [gold], options=opts, analyzer=analyzer)
    assert perfect.system is not None
    ex = perfect.system.examples[0]
    assert ex.matched == ex.predicted == ex.gold and ex.exact
    copy = perfect.calibration_1.examples[0]
    if len(gold) == 1:  # non-rewritable: the copy is the right answer
        assert (copy.precision(), copy.recall()) == (100.0, 100.0)
    else:
        assert ex.gold > 0 and ex.recall() == 100.0
        assert copy.recall() == 0.0
    if flawed is not None:
        bad = score([sentence], [flawed], [gold], options=opts, analyzer=analyzer).system
        assert bad is not None
        b = bad.examples[0]
        assert not b.exact
        assert b.precision() < 100.0 or b.recall() < 100.0
