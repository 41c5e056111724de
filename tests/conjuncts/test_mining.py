"""The candidate miner: inputs, output, dedup, counts, --limit, resumption, process counts."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.conjuncts.data import read_jsonl
from lingeval.conjuncts.mining.miner import iter_units, mine
from lingeval.conjuncts.mining.patterns import default_pattern_names
from lingeval.core.errors import InputError, LingevalError

FIX = Path(__file__).parent / "fixtures" / "mining"


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    out = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    mine(FIX / "sentences.txt", out)
    return records(out)


# -- inputs ---------------------------------------------------------------------------------


def test_units_of_each_format() -> None:
    lines = list(iter_units(FIX / "sentences.txt"))
    assert (
        len(lines) == 30 and lines[2].text.startswith("Sales rose") and lines[2].ref == {"line": 3}
    )
    paras = list(iter_units(FIX / "corpus.txt", "text"))
    assert [p.ref["line"] for p in paras] == [1, 5, 7]
    assert paras[0].text.endswith("Sales rose 5% in March and 7% in April.")  # line break joined
    recs = list(iter_units(FIX / "records.jsonl", "auto", text_field="body"))
    assert [(u.position, u.ref["id"]) for u in recs] == [(0, "r1"), (1, "r2"), (2, "r3")]
    conll = list(iter_units(FIX / "two.conllu"))
    assert [u.text for u in conll] == ["Tom likes tea, but Anna coffee.", "The dog barked."]
    assert conll[0].ref == {"line": 1, "sent_id": "s1"}


def test_input_errors_name_file_and_line(tmp_path: Path) -> None:
    with pytest.raises(
        InputError, match=r"records.jsonl:1: no text field 'text' \(keys: 'id', 'body'\)"
    ):
        list(iter_units(FIX / "records.jsonl"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "ok and fine."}\n{"text": \n', encoding="utf-8")
    with pytest.raises(InputError, match=r"bad.jsonl:2: not valid JSON"):
        list(iter_units(bad))
    with pytest.raises(InputError, match="no such file"):
        mine(tmp_path / "missing.txt", tmp_path / "o.jsonl")
    with pytest.raises(LingevalError, match="--scheduler"):
        mine(FIX / "sentences.txt", tmp_path / "o.jsonl", engine="dask")


# -- output ---------------------------------------------------------------------------------


def test_output_is_task_jsonl_with_marked_conjunction_and_patterns(
    reference: list[dict], tmp_path: Path
) -> None:
    assert reference, "the fixture has candidates"
    for rec in reference:
        s, off, conj = rec["sentence"], rec["offset"], rec["conjunction"]
        assert s[off : off + len(conj)] == conj and conj.lower() in ("and", "or", "but")
        assert rec["meta"]["patterns"] and rec["rewrites"] == []
    # readable by the task reader, ids unique
    path = tmp_path / "copy.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in reference), encoding="utf-8")
    assert len(read_jsonl(path)) == len(reference)
    by_sentence = {r["sentence"]: r for r in reference}
    assert by_sentence["She was tired and at home."]["meta"]["patterns"] == ["pos-adj-conj-adp"]
    assert by_sentence["She was tired and at home."]["meta"]["source"] == {"unit": 9, "line": 10}
    assert "The dog barked at the postman." not in by_sentence  # no coordination


def test_exact_duplicates_removed_and_counts_match_output(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    res = mine(FIX / "sentences.txt", out)
    recs = records(out)
    sentences = [r["sentence"] for r in recs]
    assert len(sentences) == len(set(sentences))  # each fixture sentence has one candidate
    assert (
        res.duplicates == 1
    )  # "Tom likes tea, but Anna coffee." appears twice ("Maria ..." has no candidate)
    counted = Counter(n for r in recs for n in r["meta"]["patterns"])
    assert res.pattern_counts == dict(counted)
    assert res.candidates == len(recs) and res.units == 30 and res.sentences == 30


def test_limit_counts_input_units(tmp_path: Path, reference: list[dict]) -> None:
    out = tmp_path / "o.jsonl"
    res = mine(FIX / "sentences.txt", out, limit=10)
    assert res.units == 10
    assert records(out) == [r for r in reference if r["meta"]["source"]["unit"] < 10]
    # raising the limit continues the same output
    res = mine(FIX / "sentences.txt", out)
    assert res.resumed_from == 10 and records(out) == reference


def test_text_and_jsonl_are_split_into_sentences(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    res = mine(FIX / "corpus.txt", out, input_format="text")
    got = {r["sentence"]: r["meta"]["source"]["unit"] for r in records(out)}
    assert got["Tom likes tea, but Anna coffee."] == 1
    assert got["She was tired and at home."] == 1
    assert "Sales rose 5% in March and 7% in April." in got
    assert res.sentences >= 7
    out = tmp_path / "j.jsonl"
    mine(FIX / "records.jsonl", out, text_field="body")
    recs = records(out)
    assert {r["sentence"] for r in recs} >= {"Ana speaks French fluently and Pedro German."}
    assert all(r["meta"]["source"]["id"] in ("r1", "r3") for r in recs)


# -- resumption ------------------------------------------------------------------------------


class Interrupt(Exception):
    pass


def test_resume_after_interruption_neither_loses_nor_duplicates(
    tmp_path: Path, reference: list[dict]
) -> None:
    out = tmp_path / "o.jsonl"

    def stop(done: int) -> None:
        if done >= 8:
            raise Interrupt

    with pytest.raises(Interrupt):
        mine(FIX / "sentences.txt", out, checkpoint_every=4, on_checkpoint=stop)
    # a crash while writing leaves a torn line after the checkpoint
    with open(out, "a", encoding="utf-8") as fh:
        fh.write('{"id": "torn", "sent')
    state = json.loads((tmp_path / "o.jsonl.state.json").read_text())
    assert state["units"] == 8 and not state["complete"]
    res = mine(FIX / "sentences.txt", out, checkpoint_every=4)
    assert res.resumed_from == 8 and res.complete
    assert records(out) == reference
    # the totals cover the whole output, not just the resumed part
    assert res.candidates == len(reference) and res.duplicates == 1
    # running again is a no-op
    again = mine(FIX / "sentences.txt", out)
    assert again.run_sentences == 0 and records(out) == reference


def test_resume_refuses_a_different_configuration(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    mine(FIX / "sentences.txt", out, limit=3)
    with pytest.raises(LingevalError, match="different input or configuration"):
        mine(FIX / "sentences.txt", out, patterns=["pos-adj-conj-adp"])
    other = tmp_path / "other.txt"
    shutil.copy(FIX / "sentences.txt", other)
    with open(other, "a", encoding="utf-8") as fh:
        fh.write("One more line and more.\n")
    with pytest.raises(LingevalError, match="different input"):
        mine(other, out)
    res = mine(FIX / "sentences.txt", out, patterns=["pos-adj-conj-adp"], restart=True)
    assert res.pattern_counts == {"pos-adj-conj-adp": 1}


def test_existing_output_without_state_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    out.write_text("precious\n", encoding="utf-8")
    with pytest.raises(LingevalError, match="--restart"):
        mine(FIX / "sentences.txt", out)
    assert out.read_text(encoding="utf-8") == "precious\n"


# -- engines and processes ---------------------------------------------------------------------


def test_two_processes_give_identical_output(tmp_path: Path, reference: list[dict]) -> None:
    out = tmp_path / "o.jsonl"
    res = mine(FIX / "sentences.txt", out, n_process=2, batch_size=4)
    assert records(out) == reference and res.duplicates == 1


def test_two_processes_match_in_the_workers_and_resume_alike(
    tmp_path: Path, reference: list[dict]
) -> None:
    # the workers parse and match (no time measured in this process); a run stopped by
    # --limit under 2 processes and finished with 1 writes the same file
    out = tmp_path / "o.jsonl"
    first = mine(FIX / "sentences.txt", out, n_process=2, batch_size=4, limit=11)
    assert first.match_seconds is None and first.units == 11
    mine(FIX / "sentences.txt", out, batch_size=4)
    assert records(out) == reference
    # sentence splitting inside the workers: the same as one process
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    mine(FIX / "records.jsonl", one, text_field="body")
    mine(FIX / "records.jsonl", two, text_field="body", n_process=2, batch_size=2)
    assert one.read_bytes() == two.read_bytes() and records(one)


def test_without_fork_two_processes_use_spacys_pipe(
    tmp_path: Path, reference: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    import lingeval.conjuncts.mining.miner as miner

    monkeypatch.setattr(miner, "_can_fork", lambda: False)
    out = tmp_path / "o.jsonl"
    res = mine(FIX / "sentences.txt", out, n_process=2, batch_size=4)
    assert records(out) == reference and res.match_seconds is not None


def test_batch_size_does_not_change_results(tmp_path: Path, reference: list[dict]) -> None:
    out = tmp_path / "o.jsonl"
    mine(FIX / "sentences.txt", out, batch_size=1)
    assert records(out) == reference


# -- command line -----------------------------------------------------------------------------


def test_cli_mine_json_summary_and_patterns_listing(tmp_path: Path, reference: list[dict]) -> None:
    from lingeval.cli import cli

    out = tmp_path / "o.jsonl"
    runner = CliRunner()
    result = runner.invoke(
        cli,
        [
            "conjuncts",
            "mine",
            str(FIX / "sentences.txt"),
            "-o",
            str(out),
            "--json",
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    summary, counts, reasons = json.loads(result.output)
    values = {r["measure"]: r["value"] for r in summary["rows"]}
    assert values["candidates written"] == len(reference)
    assert sum(r["candidates"] for r in counts["rows"]) == sum(
        len(r["meta"]["patterns"]) for r in reference
    )
    assert summary["signature"]["parser"].startswith("en_core_web_sm")
    assert records(out) == reference
    result = runner.invoke(cli, ["conjuncts", "patterns", "--json"])
    assert len(json.loads(result.output)[0]["rows"]) == len(default_pattern_names())
    kept = sum(r["candidates"] for r in reasons["rows"] if r["decision"] == "kept")
    assert kept == len(reference) and summary["signature"]["filter"] == "fitted-v5"
    result = runner.invoke(cli, ["conjuncts", "patterns", "She was tired and at home.", "--csv"])
    assert "pos-adj-conj-adp" in result.output and ",and,14," in result.output
    assert "kept: reduction" in result.output


def test_cli_bad_input_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lingeval.cli import main

    with pytest.raises(SystemExit) as exc:
        main(
            [
                "conjuncts",
                "mine",
                str(FIX / "records.jsonl"),
                "-o",
                str(tmp_path / "o.jsonl"),
                "--no-progress",
            ]
        )
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "records.jsonl:1: no text field 'text'" in err


def test_mining_a_real_treebank(shared_data: Path, tmp_path: Path) -> None:
    # UD English EWT (third-party, read-only); the CoNLL-U text is re-parsed by the pipeline.
    src = shared_data / "treebanks" / "UD_English-EWT" / "en_ewt-ud-dev.conllu"
    if not src.is_file():
        pytest.skip("EWT dev is not in the shared data")
    out = tmp_path / "ewt.jsonl"
    res = mine(src, out, limit=400)
    recs = records(out)
    assert res.units == 400 and res.candidates == len(recs) > 0
    for r in recs:
        s, off, conj = r["sentence"], r["offset"], r["conjunction"]
        assert s[off : off + len(conj)] == conj
        assert r["meta"]["source"]["sent_id"]  # the treebank sentence it came from
