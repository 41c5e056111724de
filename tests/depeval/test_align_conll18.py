"""``--tokenization align`` equals the CoNLL 2018 evaluator on real data (issue 14).

EWT test (gold, with multiword tokens such as "don't" = do + n't) against a spaCy parse of
its raw text (different tokenisation, no multiword tokens). The reference counts come from
``conll18_ud_eval.py`` run in this test on the same two files; nothing is hard-coded.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from lingeval.core.conllu import read_conllu
from lingeval.depeval.api import score
from lingeval.depeval.evaluate import DepevalOptions

REFERENCE = Path(__file__).resolve().parents[2].parent / "shared" / "reference"


def _reference() -> Any:
    path = REFERENCE / "conll18_ud_eval.py"
    if not path.is_file():
        pytest.skip("the reference CoNLL 2018 evaluator is absent")
    spec = importlib.util.spec_from_file_location("conll18_ud_eval", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _visible(text: str) -> str:
    return "".join(c for c in text if unicodedata.category(c) != "Zs")


def spacy_conllu(doc: Any) -> str:
    """A spaCy Doc as CoNLL-U: one sentence per ``doc.sents``; space tokens are dropped (their
    dependents move to the nearest kept ancestor); extra roots attach to the first root."""
    out = []
    for n, sent in enumerate(doc.sents, 1):
        toks = [t for t in sent if _visible(t.text)]
        if not toks:
            continue
        index = {t.i: k for k, t in enumerate(toks, 1)}

        def head_of(t: Any, index: dict[int, int] = index) -> int:
            h = t
            while h.head.i != h.i:
                h = h.head
                if h.i in index:
                    return index[h.i]
            return 0

        heads = [head_of(t) for t in toks]
        roots = [k for k, h in enumerate(heads, 1) if h == 0]
        lines = [f"# sent_id = spacy-{n}"]
        for k, (t, h) in enumerate(zip(toks, heads, strict=True), 1):
            if h == 0 and k != roots[0]:
                h = roots[0]
            dep = "root" if h == 0 else (t.dep_ if t.dep_ != "ROOT" else "dep") or "dep"
            cols = [str(k), t.text, t.lemma_ or "_", t.pos_ or "X", t.tag_ or "_", "_", str(h)]
            out_cols = [*cols, dep, "_", "_"]
            lines.append("\t".join(out_cols))
        out.append("\n".join(lines) + "\n\n")
    return "".join(out)


@pytest.fixture(scope="module")
def ewt_pair(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    spacy = pytest.importorskip("spacy")
    gold = shared_data / "treebanks" / "UD_English-EWT" / "en_ewt-ud-test.conllu"
    if not gold.is_file():
        pytest.skip("EWT test is absent")
    from lingeval.core.parsing import load_pipeline

    try:
        nlp = load_pipeline(None)
    except Exception as exc:  # a missing pipeline is a skip, not a failure
        pytest.skip(f"no spaCy pipeline: {exc}")
    assert spacy is not None
    texts = [s.text for s in read_conllu(gold)]
    system = tmp_path_factory.mktemp("ewt") / "ewt-test.spacy.conllu"
    with system.open("w", encoding="utf-8") as fh:
        for doc in nlp.pipe(texts, batch_size=64):
            fh.write(spacy_conllu(doc))
    return gold, system


def test_align_equals_the_conll18_evaluator_on_ewt(ewt_pair: tuple[Path, Path]) -> None:
    gold, system = ewt_pair
    ref = _reference()
    expected = ref.evaluate(ref.load_conllu_file(str(gold)), ref.load_conllu_file(str(system)))
    res = score(gold, system, DepevalOptions(tokenization="align"))
    assert res.spans is not None
    # the spaCy parse really tokenises differently, and EWT has multiword tokens
    assert expected["Tokens"].correct < expected["Tokens"].gold_total
    assert any("-" in line.split("\t", 1)[0] for line in gold.read_text().splitlines()[:3000])
    for name, (g, s, c) in (
        ("Tokens", res.spans.tokens),
        ("Sentences", res.spans.sentences),
        ("Words", res.spans.words),
    ):
        e = expected[name]
        assert (g, s, c) == (e.gold_total, e.system_total, e.correct), name
    for name, measure in (("UAS", "directed"), ("LAS", "labeled")):
        e = expected[name]
        assert res.words == e.gold_total and res.system_words == e.system_total, name
        assert res.count(measure) == e.correct, name
        assert res.precision(measure) == pytest.approx(100 * e.precision), name
        assert res.score(measure) == pytest.approx(100 * e.recall), name
        assert res.f1(measure) == pytest.approx(100 * e.f1), name
    # per-sentence counts are filled in align mode and add up to the totals
    assert len(res.sentences) == expected["Sentences"].gold_total
    assert sum(s.counts[1] for s in res.sentences) == res.count("directed")
    assert res.as_dict()["sentences"] == len(res.sentences)
