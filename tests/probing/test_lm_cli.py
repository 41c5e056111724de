"""Commands that run tiny local models, and the Dask engine on a local in-process cluster."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("torch")
pytest.importorskip("transformers")

from lingeval.probing import run
from lingeval.probing.cli import cli
from lingeval.probing.run import ScorerSpec, score_texts
from lingeval.probing.tiny import build_tiny_causal, build_tiny_masked

pytestmark = pytest.mark.lm

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "lingeval" / "data" / "probing"
CORPUS = [
    "Piove e resto a casa.",
    "Ma Luca è stanco.",
    "Esco quando smette di piovere.",
    "Studio perché domani ho un esame.",
    "Il libro del mese è bello, ma costa troppo.",
    "Se vuoi, poi andiamo al mare.",
    "Resto a casa dal momento che piove.",
]


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    d = tmp_path_factory.mktemp("models")
    return build_tiny_causal(d / "gpt2", CORPUS), build_tiny_masked(
        d / "bert", CORPUS, vocab_size=80
    )


def test_score_command_text_and_tokens(tmp_path: Path, models: tuple[Path, Path]) -> None:
    causal, masked = models
    txt = tmp_path / "s.txt"
    txt.write_text("Piove e resto a casa.\n\nMa Luca è stanco.\n")
    out = tmp_path / "scores.tsv"
    r = CliRunner().invoke(
        cli,
        [
            "score",
            str(txt),
            "-m",
            str(causal),
            "--json",
            "-o",
            str(out),
            "--no-progress",
            "--device",
            "cpu",
        ],
    )
    assert r.exit_code == 0, r.output
    (table,) = json.loads(r.stdout)
    assert [row["item_id"] for row in table["rows"]] == ["1", "3"]  # line numbers
    assert table["signature"]["first_token"] == "bos"
    # a plain TSV (header first, readable by any TSV reader); the signature in a sidecar
    assert out.read_text().splitlines()[0].split("\t") == [
        "item_id",
        "model",
        "n_tokens",
        "logprob",
        "ppl",
    ]
    side = json.loads(Path(f"{out}.sig.json").read_text())
    assert side["signature_string"].startswith("lingeval-probe-ppl")
    r = CliRunner().invoke(
        cli,
        ["score", str(txt), "-m", str(causal), "-o", str(out), "--no-progress", "--device", "cpu"],
    )
    assert r.exit_code == 0, r.output
    assert r.stdout == ""  # with -o and no --format, the rows go to the file only
    assert f"wrote 2 sentence scores to {out}" in r.stderr
    r = CliRunner().invoke(
        cli,
        [
            "score",
            str(txt),
            "-m",
            str(masked),
            "--kind",
            "masked",
            "--pll",
            "within_word_l2r",
            "--tokens",
            "--csv",
            "--no-progress",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "surprisal_bits" in r.output.splitlines()[0]
    assert "pll:within_word_l2r" in r.output


def test_cloze_command_with_model(tmp_path: Path, models: tuple[Path, Path]) -> None:
    _, masked = models
    cl = tmp_path / "cloze.tsv"
    cl.write_text(
        "item_id\tconnective\tsentence\tblanked\tstart\toptions\tplausible\timplausible\tplausible_source\ttreebank\tsent_id\n"
        "ma-01-C\tma\tMa Luca è stanco.\t___ Luca è stanco.\t0\tma|però|se|dove|o\tperò\tse|dove|o\tclass:contrast\tx\ts3\n"
        "e-01-C\te\tPiove e resto a casa.\tPiove ___ resto a casa.\t6\te|anche|se|dove|ma\tanche\tse|dove|ma\tclass:add\tx\ts1\n"
    )
    png = tmp_path / "ranks.png"
    r = CliRunner().invoke(
        cli,
        [
            "cloze",
            str(cl),
            "-m",
            str(masked),
            "-k",
            "5",
            "--json",
            "--plot",
            str(png),
            "--device",
            "cpu",
            "--choose",
        ],
    )
    assert r.exit_code == 0, r.output
    tables = json.loads(r.output)
    (row,) = tables[0]["rows"]
    assert row["n"] == 2
    choice = {t["title"]: t for t in tables}[
        "Model's choice among the options (highest sentence score), % of sentences"
    ]
    overall = choice["rows"][0]
    assert overall["scope"] == "all"
    assert overall["target"] + overall["plausible"] + overall["implausible"] == pytest.approx(100.0)
    assert sum(row[f"top5:{c}"] for c in ("target", "plausible", "both", "other")) == pytest.approx(
        100.0
    )
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_dask_engine_matches_local(models: tuple[Path, Path]) -> None:
    distributed = pytest.importorskip("distributed")
    causal, _ = models
    texts = CORPUS * 3
    spec = ScorerSpec("causal", str(causal), device="cpu", batch_size=4)
    run._CACHE.clear()
    run.LOADS.clear()
    local, sig = score_texts(texts, spec)
    run._CACHE.clear()
    run.LOADS.clear()
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        remote, rsig = score_texts(
            texts, spec, engine="dask", scheduler=cluster.scheduler_address, chunk_size=5
        )
    assert [s.logprob for s in remote] == pytest.approx([s.logprob for s in local], abs=1e-5)
    assert [s.text for s in remote] == texts
    assert rsig.format() == sig.format()
    assert run.LOADS[spec] == 1  # 5 chunks, one model load on the worker


def test_dask_without_scheduler_is_an_error(models: tuple[Path, Path]) -> None:
    from lingeval.core.errors import LingevalError

    with pytest.raises(LingevalError, match="scheduler"):
        score_texts(["a"], ScorerSpec("unigram", "it"), engine="dask")
