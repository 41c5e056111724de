"""Depeval on the paper's worked example and small hand-made trees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.cli import cli
from lingeval.core.conllu import Sentence, Word, format_sentence, parse_conllu_string
from lingeval.depeval.api import score
from lingeval.depeval.evaluate import DepevalOptions, evaluate
from lingeval.depeval.measures import classify_head_error, is_excluded


def sent(
    forms: str, heads: list[int], upos: list[str] | None = None, rels: list[str] | None = None
) -> Sentence:
    toks = forms.split()
    upos = upos or ["X"] * len(toks)
    rels = rels or ["dep" if h else "root" for h in heads]
    return Sentence.from_words(
        Word(i, f, f, u, "_", "_", h, r)
        for i, (f, h, u, r) in enumerate(zip(toks, heads, upos, rels, strict=True), 1)
    )


# Gold standard of the paper (section "The NED measure"): want -> to -> play, we <- want.
GOLD = sent("we want to play", [2, 0, 2, 3])


def scores(system_heads: list[int], gold: Sentence = GOLD) -> dict[str, float]:
    res = evaluate([gold], [sent("we want to play", system_heads)])
    return {m: res.score(m) for m in ("directed", "undirected", "ned")}


def test_identical_parse_scores_100() -> None:
    assert scores([2, 0, 2, 3]) == {"directed": 100.0, "undirected": 100.0, "ned": 100.0}


def test_flipped_edge_plausible_parse() -> None:
    """Induced parse II (to <- play): attachment 2/4, undirected 3/4 (the 'minimal undirected
    modification'), NED 4/4 (play's predicted head is its gold grandparent)."""
    assert scores([2, 0, 4, 2]) == {"directed": 50.0, "undirected": 75.0, "ned": 100.0}


def test_linguistically_implausible_parse_is_a_ned_error() -> None:
    """Induced parse III: play attached to 'we' is neither parent, child nor grandparent."""
    s = scores([2, 0, 4, 1])
    assert s["ned"] == 75.0 and s["undirected"] == 75.0 and s["directed"] == 50.0


def test_root_is_a_node_of_the_chain() -> None:
    """Predicting ROOT for 'to' (gold parent 'want' is the root word) is NED-correct only."""
    s = scores([2, 0, 0, 3])
    assert s == {"directed": 75.0, "undirected": 75.0, "ned": 100.0}
    # ROOT predicted for 'play' (gold grandparent is 'want', not ROOT): wrong everywhere
    assert scores([2, 0, 2, 0])["ned"] == 75.0


def test_head_error_classes() -> None:
    heads = [2, 0, 2, 3, 3]  # we want to play X(5 attached to 'to')
    assert classify_head_error(heads, 3, 4) == "child"
    assert classify_head_error(heads, 4, 2) == "grandparent"
    assert classify_head_error(heads, 4, 5) == "sibling"
    assert classify_head_error(heads, 4, 1) == "other"
    res = evaluate([GOLD], [sent("we want to play", [2, 0, 4, 2])])
    assert res.errors == {"child": 1, "grandparent": 1, "sibling": 0, "other": 0}


def test_labels_with_and_without_subtypes() -> None:
    gold = sent("a b", [2, 0], rels=["nsubj:pass", "root"])
    system = sent("a b", [2, 0], rels=["nsubj", "root"])
    res = evaluate([gold], [system])
    assert res.score("labeled") == 100.0
    assert res.score("labeled_full") == 50.0


def test_punctuation_policies_and_max_len() -> None:
    gold = sent("a b .", [2, 0, 2], upos=["X", "X", "PUNCT"], rels=["dep", "root", "punct"])
    system = sent("a b .", [2, 0, 1], upos=["X", "X", "PUNCT"])
    assert evaluate([gold], [system]).words == 3
    assert evaluate([gold], [system], DepevalOptions(punct="upos")).score("directed") == 100.0
    assert evaluate([gold], [system], DepevalOptions(punct="deprel")).words == 2
    res = evaluate([gold, GOLD], [system, GOLD], DepevalOptions(punct="upos", max_len=2))
    assert res.skipped_sentences == 1 and res.words == 2
    assert is_excluded(Word(1, ",", ",", "PUNCT", ",", "_", 0, "punct"), "xpos-ptb")
    assert not is_excluded(Word(1, "a", "a", "X", "NN", "_", 0, "root"), "xpos-ptb")


def test_word_mismatch_is_an_error_naming_sentence_and_word() -> None:
    from lingeval.core.errors import InputError

    with pytest.raises(InputError, match=r"word 2 is 'wants', gold has 'want'"):
        evaluate([GOLD], [sent("we wants to play", [2, 0, 2, 3])])
    # the short file is the one named: here the gold file
    with pytest.raises(
        InputError, match=r"^gold: has only 1 sentence\(s\); the system file system has more"
    ):
        evaluate([GOLD], [GOLD, GOLD])
    with pytest.raises(
        InputError, match=r"^system: has only 1 sentence\(s\); the gold file gold has more"
    ):
        evaluate([GOLD, GOLD], [GOLD])
    with pytest.raises(InputError, match=r"^gold: has only 0 sentence\(s\) \(empty\)"):
        evaluate([], [GOLD])


def test_sent_id_alignment(tmp_path: Path) -> None:
    a = sent("we want to play", [2, 0, 2, 3])
    b = sent("a b", [0, 1])
    a.comments = ["# sent_id = s1"]
    b.comments = ["# sent_id = s2"]
    b2 = sent("a b", [2, 0])
    b2.comments = ["# sent_id = s2"]
    res = evaluate([a, b], [b2, a], DepevalOptions(align="sent_id"))
    assert res.words == 6 and res.count("directed") == 4


def _write(path: Path, sentences: list[Sentence]) -> str:
    path.write_text("".join(format_sentence(s) for s in sentences), encoding="utf-8")
    return str(path)


def test_cli_and_api_give_identical_numbers(tmp_path: Path) -> None:
    g = _write(tmp_path / "g.conllu", [GOLD, GOLD])
    s = _write(tmp_path / "s.conllu", [sent("we want to play", [2, 0, 4, 2]), GOLD])
    result = CliRunner().invoke(cli, ["depeval", "score", g, s, "--json"])
    assert result.exit_code == 0, result.output
    (cli_res,) = json.loads(result.output)
    api_res = score(g, s).as_dict()
    assert cli_res["scores"] == api_res["scores"]
    assert cli_res["signature_string"] == api_res["signature_string"]
    assert cli_res["scores"]["ned"]["percent"] == 100.0


def test_cli_breakdowns_and_formats(tmp_path: Path) -> None:
    g = _write(tmp_path / "g.conllu", [GOLD])
    s = _write(tmp_path / "s.conllu", [sent("we want to play", [2, 0, 4, 2])])
    r = CliRunner().invoke(
        cli, ["depeval", "score", g, s, "--breakdown", "all", "--format", "markdown"]
    )
    assert r.exit_code == 0, r.output
    assert (
        "Scores by relation" in r.output
        and "Head errors" in r.output
        and "Per-sentence" in r.output
    )
    assert "`lingeval-depeval|" in r.output
    r = CliRunner().invoke(cli, ["depeval", "score", g, s, "--csv"])
    assert r.output.splitlines()[0] == "system,measure,correct,words,%,signature"


def test_cli_bad_input_exit_2_one_line_no_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    g = _write(tmp_path / "g.conllu", [GOLD])
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\twe\twe\tX\t_\t_\t0\troot\t_\n\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "lingeval", "depeval", "score", g, str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert (
        proc.stderr.strip()
        == f"lingeval: error: {bad}:1: expected 10 tab-separated columns, found 9"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "lingeval", "depeval", "score", g, str(tmp_path / "missing.conllu")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_parse_then_score_multiword_tokens() -> None:
    text = (
        "1-2\tdu\t_\t_\t_\t_\t_\t_\t_\t_\n1\tde\tde\tADP\t_\t_\t3\tcase\t_\t_\n"
        "2\tle\tle\tDET\t_\t_\t3\tdet\t_\t_\n3\tchat\tchat\tNOUN\t_\t_\t0\troot\t_\t_\n\n"
    )
    (s,) = parse_conllu_string(text)
    assert evaluate([s], [s]).score("ned") == 100.0
