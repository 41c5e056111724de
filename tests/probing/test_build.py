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
    a = build_resource(_occs(), CONNS, _classes(), quota=2, seed=3, strategy="other-class")
    b = build_resource(_occs(), CONNS, _classes(), quota=2, seed=3, strategy="other-class")
    assert [i.sentence for i in a.acceptability] == [i.sentence for i in b.acceptability]
    assert [i.options for i in a.cloze] == [i.options for i in b.cloze]
    pairs: dict[str, list] = {}
    for it in a.acceptability:
        pairs.setdefault(it.pair_id, []).append(it)
    for pa, pu in pairs.values():
        assert pa.condition == "acceptable" and pu.condition == "unacceptable"
        # nobody has reviewed anything yet: every item waits for a reviewer
        assert pu.grammatical == "unreviewed" and pa.grammatical == "unreviewed"
        assert pu.reason.startswith("other-class:")
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


# --- non-connective uses and frames (morphology and syntax), with our own sentences --------

FILTER_CONLLU = """# sent_id = f1
# text = Se ne va.
1\tSe\tse\tPRON\t_\tClitic=Yes|Person=3|PronType=Prs\t3\texpl\t_\t_
2\tne\tne\tPRON\t_\tClitic=Yes|PronType=Prs\t3\texpl\t_\t_
3\tva\tandare\tVERB\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\t_\t_\t3\tpunct\t_\t_

# sent_id = f2
# text = È la prima volta.
1\tÈ\tessere\tAUX\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t4\tcop\t_\t_
2\tla\til\tDET\t_\t_\t4\tdet\t_\t_
3\tprima\tprimo\tADJ\t_\tNumType=Ord\t4\tamod\t_\t_
4\tvolta\tvolta\tNOUN\t_\t_\t0\troot\t_\tSpaceAfter=No
5\t.\t.\tPUNCT\t_\t_\t4\tpunct\t_\t_

# sent_id = f3
# text = Lui parla anche inglese.
1\tLui\tlui\tPRON\t_\t_\t2\tnsubj\t_\t_
2\tparla\tparlare\tVERB\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
3\tanche\tanche\tADV\t_\t_\t2\tadvmod\t_\t_
4\tinglese\tinglese\tNOUN\t_\t_\t2\tobj\t_\tSpaceAfter=No
5\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

# sent_id = f4
# text = Come si chiama?
1\tCome\tcome\tADV\t_\t_\t3\tadvmod\t_\t_
2\tsi\tsi\tPRON\t_\tClitic=Yes\t3\texpl\t_\t_
3\tchiama\tchiamare\tVERB\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\tSpaceAfter=No
4\t?\t?\tPUNCT\t_\t_\t3\tpunct\t_\t_

# sent_id = f5
# text = Esco se smettesse di piovere.
1\tEsco\tuscire\tVERB\t_\tMood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin\t0\troot\t_\t_
2\tse\tse\tSCONJ\t_\t_\t3\tmark\t_\t_
3\tsmettesse\tsmettere\tVERB\t_\tMood=Sub|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin\t1\tadvcl\t_\t_
4\tdi\tdi\tADP\t_\t_\t5\tmark\t_\t_
5\tpiovere\tpiovere\tVERB\t_\tVerbForm=Inf\t3\txcomp\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t_\t_\t1\tpunct\t_\t_

# sent_id = f6
# text = Piove, anche lui esce.
1\tPiove\tpiovere\tVERB\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t0\troot\t_\tSpaceAfter=No
2\t,\t,\tPUNCT\t_\t_\t5\tpunct\t_\t_
3\tanche\tanche\tADV\t_\t_\t5\tadvmod\t_\t_
4\tlui\tlui\tPRON\t_\t_\t5\tnsubj\t_\t_
5\tesce\tuscire\tVERB\t_\tMood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin\t1\tparataxis\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t_\t_\t1\tpunct\t_\t_

"""


def test_non_connective_uses_are_filtered_with_a_reason() -> None:
    from lingeval.probing.connectives import classify_matches

    sents = {s.sent_id: s for s in parse_conllu_string(FILTER_CONLLU)}
    reasons = {sid: [(o.connective, r) for o, r in classify_matches(s)] for sid, s in sents.items()}
    assert reasons["f1"] == [("se", "clitic pronoun")]
    assert reasons["f2"] == [("prima", "adjective")]
    assert reasons["f3"] == [("anche", "focus particle")]
    assert reasons["f4"] == [("come", "interrogative")]
    assert reasons["f5"] == [("se", "")]
    assert reasons["f6"] == [("anche", "")]  # clause-initial additive anche is kept
    # the paper's filter alone keeps the clitic (its head is a verb); ours does not
    assert [o.connective for o in find_occurrences(sents["f1"], connective_filter=False)] == ["se"]
    assert find_occurrences(sents["f1"]) == []
    (occ,) = find_occurrences(sents["f5"])
    assert (occ.frame, occ.mood, occ.clause) == ("subordinator", "Sub", "advcl")


def test_frame_substitute_fits_the_mood_and_says_why() -> None:
    import random

    from lingeval.probing.substitutes import choose_substitute, frame_candidates

    (s5,) = [s for s in parse_conllu_string(FILTER_CONLLU) if s.sent_id == "f5"]
    (occ,) = find_occurrences(s5)
    # 'se' + subjunctive: quando and mentre do not take the subjunctive, perché/dove/come... do
    cands = frame_candidates(occ, DEFAULT_CONNECTIVES)
    assert "quando" not in cands and "mentre" not in cands and "perché" in cands
    assert not {"e", "ma", "o", "poi", "quindi"} & set(cands)  # no coordinator, no adverb
    classes = load_classes(None, DEFAULT_CONNECTIVES)
    picks = {
        choose_substitute(occ, DEFAULT_CONNECTIVES, classes, random.Random(k)) for k in range(20)
    }
    # condition -> cause is the contradicting relation preferred first
    assert {p[0] for p in picks if p} == {"perché"}
    _repl, reason = next(p for p in picks if p)
    assert "subordinator, Sub" in reason and "contradicting relation cause" in reason
    # a coordinator is replaced by a coordinator
    (s1,) = [s for s in read_conllu(SAMPLE) if s.sent_id == "s1"]
    (e_occ,) = find_occurrences(s1)
    assert set(frame_candidates(e_occ, DEFAULT_CONNECTIVES)) == {"o", "ma"}


@pytest.mark.shared_data
def test_isdt_filter_removes_non_connectives(shared_data: Path) -> None:
    from lingeval.probing.connectives import filter_counts

    files = sorted((shared_data / "treebanks" / "UD_Italian-ISDT").glob("*.conllu"))
    rec = {r["connective"]: r for r in filter_counts(files).records()}
    assert rec["se"]["clitic"] >= 1 and rec["prima"]["adjective"] >= 1
    assert rec["anche"]["focus"] >= 1 and rec["come"]["interrogative"] >= 1
    for r in rec.values():
        removed = sum(v for k, v in r.items() if k not in ("connective", "matches", "kept"))
        assert r["matches"] == r["kept"] + removed
    occs = list(scan_treebanks(files))
    res = build_resource(occs, DEFAULT_CONNECTIVES, load_classes(None, DEFAULT_CONNECTIVES))
    # no question opened by its wh-connective ("Dove si trova Hebron?") reaches the resource
    for it in res.acceptability:
        assert not (it.start == 0 and it.sentence.rstrip().endswith("?"))
    assert all(it.reason for it in res.acceptability)
    assert all(c.plausible_source.startswith("automatic:") for c in res.cloze)


def test_freq_title_and_signature_follow_the_filter() -> None:
    runner = CliRunner()
    conns = ",".join(CONNS)
    out = {}
    for flag in ("", "--all-heads", "--head-only"):
        args = ["freq", str(SAMPLE), "--connectives", conns, "--json"] + ([flag] if flag else [])
        r = runner.invoke(cli, args)
        assert r.exit_code == 0, r.output
        out[flag] = json.loads(r.output)
    assert "no filter" in out["--all-heads"][0]["title"]
    assert out["--all-heads"][0]["signature"]["filter"] == "none"
    assert len(out["--all-heads"]) == 1  # nothing filtered, no filter table
    assert out["--head-only"][0]["signature"]["filter"] == "verb-or-copula-head"
    assert "morphosyntax" in out[""][0]["signature"]["filter"]
    assert out[""][1]["rows"][-1]["matches"] == out["--all-heads"][0]["rows"][-1]["total"]
    text = runner.invoke(cli, ["freq", str(SAMPLE), "--connectives", conns]).output
    assert "occurrences, not sentences" in text and "never inside a multiword token" in text


def test_cloze_plausible_option_ranked_by_a_model() -> None:
    calls: list[tuple[str, list[str]]] = []

    def ranker(queries):  # prefers the last candidate of each item
        calls.extend((t, list(c)) for t, c in queries)
        return [[float(j) for j in range(len(c))] for _t, c in queries]

    res = build_resource(
        _occs(), CONNS, _classes(), quota=0, cloze_quota=3, seed=0, rank_options=ranker,
        ranker_name="fake",
    )  # fmt: skip
    assert calls and all(BLANK in t for t, _ in calls)
    by_text = {t: c for t, c in calls}
    ranked = [c for c in res.cloze if "ranked 1 of" in c.plausible_source]
    assert ranked
    for c in ranked:
        cands = by_text[c.blanked]
        assert c.plausible.lower() == cands[-1].lower()  # the ranker's favourite
        assert c.plausible_source.startswith("automatic:") and "fake" in c.plausible_source
