"""Resource builder: connective filter (section 2.1), frequency table (appendix A), sections (2.2)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from lingeval.core.conllu import parse_conllu_string, read_conllu
from lingeval.core.errors import InputError, LingevalError
from lingeval.probing.build import (
    BLANK,
    build_resource,
    frequency_table,
    read_acceptability,
    read_cloze,
    write_resource,
)
from lingeval.probing.cli import cli
from lingeval.probing.connectives import (
    DEFAULT_CLASSES,
    DEFAULT_CONNECTIVES,
    find_occurrences,
    load_classes,
    load_connectives,
    scan_treebanks,
    surface_tokens,
)

SAMPLE = (
    Path(__file__).resolve().parents[2]
    / "src"
    / "lingeval"
    / "data"
    / "probing"
    / "sample-it.conllu"
)
CONNS = ("e", "ma", "quando", "perché", "dal momento che", "se", "poi")


def test_paper_has_18_connectives_each_with_a_class() -> None:
    assert len(DEFAULT_CONNECTIVES) == 18
    assert set(DEFAULT_CLASSES) == set(DEFAULT_CONNECTIVES)


def test_surface_offsets_match_detokenised_text() -> None:
    for s in read_conllu(SAMPLE):
        text = s.surface()
        for t in surface_tokens(s):
            assert text[t.start : t.end] == t.text
    s6 = next(s for s in read_conllu(SAMPLE) if s.sent_id == "s6")
    toks = surface_tokens(s6)
    assert [t.text for t in toks][3] == "dal"
    assert toks[3].words == (4, 5)


def test_verb_or_copula_filter() -> None:
    by_id = {s.sent_id: find_occurrences(s, CONNS) for s in read_conllu(SAMPLE)}
    # 'e' joining two verbs is kept; 'e' joining two nouns (pane e latte) is not
    assert [o.connective for o in by_id["s1"]] == ["e"]
    assert by_id["s2"] == []
    # copula-headed predicate
    assert by_id["s3"][0].copula and by_id["s3"][0].head_upos == "ADJ"
    assert by_id["s3"][0].surface == "Ma"
    # multiword connective over a multiword token
    occ = by_id["s6"][0]
    assert occ.connective == "dal momento che" and occ.surface == "dal momento che"
    # both connectives of one sentence
    assert [o.connective for o in by_id["s8"]] == ["se", "poi"]
    # without the filter, the noun-coordinating 'e' is found
    s2 = next(s for s in read_conllu(SAMPLE) if s.sent_id == "s2")
    assert len(find_occurrences(s2, CONNS, require_clause_head=False)) == 1


def test_connective_inside_word_is_not_matched() -> None:
    text = "1\tEmma\tEmma\tPROPN\t_\t_\t2\tnsubj\t_\t_\n2\tcorre\tcorrere\tVERB\t_\t_\t0\troot\t_\t_\n\n"
    (s,) = parse_conllu_string(text)
    assert find_occurrences(s, ("e", "ma")) == []


def test_frequency_table_counts_per_treebank() -> None:
    occs = list(scan_treebanks([SAMPLE], CONNS))
    table = frequency_table(occs, CONNS)
    rec = {r["connective"]: r for r in table.records()}
    assert rec["ma"]["sample-it"] == 2  # s3 and s7 (treebank name = file stem)
    assert rec["e"]["total"] == 1
    assert rec["all"]["total"] == len(occs) == 8
    assert rec["ma"]["rank"] == 1


def _occs() -> list:
    return list(scan_treebanks([SAMPLE], CONNS))


def _classes() -> dict[str, tuple[str, ...]]:
    return {
        "e": ("add",),
        "poi": ("add", "time"),
        "ma": ("contrast",),
        "quando": ("time",),
        "se": ("cond",),
        "perché": ("cause",),
        "dal momento che": ("cause",),
    }


def test_build_is_seeded_and_well_formed() -> None:
    a = build_resource(_occs(), CONNS, _classes(), quota=2, seed=3)
    b = build_resource(_occs(), CONNS, _classes(), quota=2, seed=3)
    assert [i.sentence for i in a.acceptability] == [i.sentence for i in b.acceptability]
    assert [i.options for i in a.cloze] == [i.options for i in b.cloze]
    pairs: dict[str, list] = {}
    for it in a.acceptability:
        pairs.setdefault(it.pair_id, []).append(it)
    for pa, pu in pairs.values():
        assert pa.condition == "acceptable" and pu.condition == "unacceptable"
        assert pu.grammatical == "unreviewed" and pa.grammatical == "yes"
        # other-class strategy: replacement shares no class with the target
        assert not set(_classes()[pu.replacement]) & set(_classes()[pu.connective])
        # the replacement really is in the sentence, case matched
        shown = pu.sentence[pu.start : pu.end]
        assert shown.lower() == pu.replacement
        assert pa.sentence[: pa.start] == pu.sentence[: pu.start]
        assert pa.sentence[pa.end :] == pu.sentence[pu.end :]
    for c in a.cloze:
        assert len(c.options) == 5 and len(set(c.options)) == 5
        assert c.connective in c.options and c.plausible in c.options
        assert set(c.implausible) <= set(c.options)
        assert (
            BLANK in c.blanked
            and c.blanked.replace(
                BLANK, c.sentence[c.start : c.start + len(c.sentence) - len(c.blanked) + len(BLANK)]
            )
            == c.sentence
        )
    # disjoint sections by default
    acc_s = {(i.treebank, i.sent_id) for i in a.acceptability}
    cl_s = {(i.treebank, i.sent_id) for i in a.cloze}
    assert not acc_s & cl_s


def test_capitalised_connective_keeps_case() -> None:
    res = build_resource(_occs(), CONNS, _classes(), quota=5, cloze_quota=0, seed=0)
    (ma3,) = [i for i in res.acceptability if i.sent_id == "s3" and i.condition == "unacceptable"]
    assert ma3.sentence[0].isupper()


def test_shortfalls_reported_and_bad_strategy() -> None:
    res = build_resource(_occs(), CONNS, _classes(), quota=15)
    assert res.shortfalls["e"]["acceptability"] < 15
    with pytest.raises(LingevalError, match="strategy"):
        build_resource(_occs(), CONNS, _classes(), strategy="nope")


def test_too_few_implausible_alternatives_is_an_error() -> None:
    classes = {c: ("one",) for c in CONNS}
    with pytest.raises(LingevalError, match="fewer than 3"):
        build_resource(_occs(), CONNS, classes)


def test_roundtrip_tsv_and_jsonl(tmp_path: Path) -> None:
    res = build_resource(_occs(), CONNS, _classes(), quota=2, seed=1)
    write_resource(res, tmp_path)
    for ext in ("tsv", "jsonl"):
        acc = read_acceptability(tmp_path / f"acceptability.{ext}")
        assert [(i.item_id, i.sentence, i.start, i.end) for i in acc] == [
            (i.item_id, i.sentence, i.start, i.end) for i in res.acceptability
        ]
        cl = read_cloze(tmp_path / f"cloze.{ext}")
        assert [i.options for i in cl] == [i.options for i in res.cloze]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["signature"]["seed"] == "1"


def test_bad_resource_file_names_line(tmp_path: Path) -> None:
    res = build_resource(_occs(), CONNS, _classes(), quota=1, seed=1)
    write_resource(res, tmp_path, ("tsv",))
    p = tmp_path / "acceptability.tsv"
    lines = p.read_text().splitlines()
    lines[2] = lines[2].replace("unacceptable", "weird")
    p.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError) as err:
        read_acceptability(p)
    assert err.value.line == 3


def test_load_connectives_and_classes(tmp_path: Path) -> None:
    assert load_connectives(None) == DEFAULT_CONNECTIVES
    assert load_connectives("e, dal  momento che") == ("e", "dal momento che")
    with pytest.raises(LingevalError, match="twice"):
        load_connectives("e,e")
    f = tmp_path / "classes.tsv"
    f.write_text("# comment\ne\tadd\nma\tcontrast,time\n")
    assert load_classes(f, ("e", "ma")) == {"e": ("add",), "ma": ("contrast", "time")}
    with pytest.raises(LingevalError, match="no substitution class"):
        load_classes(f, ("e", "poi"))
    f.write_text("e add\n")
    with pytest.raises(InputError) as err:
        load_classes(f, ("e",))
    assert err.value.line == 1


def test_cli_build_and_freq(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["freq", str(SAMPLE), "--connectives", ",".join(CONNS), "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)[0]["rows"]
    assert rows[-1]["total"] == 8
    classes = tmp_path / "classes.tsv"
    classes.write_text("".join(f"{c}\t{','.join(v)}\n" for c, v in _classes().items()))
    out = tmp_path / "res"
    r = runner.invoke(
        cli,
        [
            "build",
            str(SAMPLE),
            "-o",
            str(out),
            "--connectives",
            ",".join(CONNS),
            "--classes",
            str(classes),
            "--quota",
            "1",
            "--seed",
            "7",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "seed:7" in r.output
    assert (out / "acceptability.tsv").is_file() and (out / "cloze.jsonl").is_file()


def test_probe_help_and_build_do_not_import_torch(tmp_path: Path) -> None:
    import subprocess

    code = (
        "import sys\n"
        "from lingeval.cli import main\n"
        "try:\n"
        f"    main(['probe', 'build', {str(SAMPLE)!r}, '-o', {str(tmp_path / 'o')!r}, '--connectives', 'e,ma,quando,perché,se,poi', '--quota', '1'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "try:\n"
        "    main(['probe', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "assert 'torch' not in sys.modules and 'transformers' not in sys.modules, 'heavy import'\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


@pytest.mark.shared_data
def test_isdt_frequencies(shared_data: Path) -> None:
    files = sorted((shared_data / "treebanks" / "UD_Italian-ISDT").glob("*.conllu"))
    occs = list(scan_treebanks(files))
    table = frequency_table(occs)
    rec = {r["connective"]: r for r in table.records()}
    # 'e' is by far the most frequent connective in ISDT (appendix A)
    assert rec["e"]["rank"] == 1
    assert all(rec[c]["total"] > 0 for c in DEFAULT_CONNECTIVES)
    res = build_resource(occs, DEFAULT_CONNECTIVES, load_classes(None, DEFAULT_CONNECTIVES))
    assert len(res.acceptability) // 2 <= 15 * 18
