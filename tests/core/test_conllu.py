"""CoNLL-U reader/writer: round trip, validation errors with file and line, fuzzing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lingeval.core.conllu import (
    Sentence,
    find_cycle,
    format_sentence,
    parse_conllu_string,
    read_conllu,
    write_conllu,
)
from lingeval.core.errors import ConlluError, InputError

GAPPING = """# sent_id = demo-1
# text = Josh likes wine and Jane water.
1\tJosh\tJosh\tPROPN\tNNP\tNumber=Sing\t2\tnsubj\t2:nsubj\t_
2\tlikes\tlike\tVERB\tVBZ\t_\t0\troot\t0:root\t_
3\twine\twine\tNOUN\tNN\t_\t2\tobj\t2:obj\t_
4\tand\tand\tCCONJ\tCC\t_\t5\tcc\t5.1:cc\t_
5\tJane\tJane\tPROPN\tNNP\t_\t2\tconj\t2.1:nsubj\t_
5.1\tlikes\tlike\tVERB\tVBZ\t_\t_\t_\t2:conj:and\tCopyOf=2
6\twater\twater\tNOUN\tNN\t_\t5\torphan\t5.1:obj\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t2\tpunct\t2:punct\t_

# sent_id = demo-2
# text = Il parle du chat.
1\tIl\til\tPRON\t_\t_\t2\tnsubj\t_\t_
2\tparle\tparler\tVERB\t_\t_\t0\troot\t_\t_
3-4\tdu\t_\t_\t_\t_\t_\t_\t_\t_
3\tde\tde\tADP\t_\t_\t5\tcase\t_\t_
4\tle\tle\tDET\t_\t_\t5\tdet\t_\t_
5\tchat\tchat\tNOUN\t_\t_\t2\tobl\t_\tSpaceAfter=No
6\t.\t.\tPUNCT\t_\t_\t2\tpunct\t_\t_

"""


def test_round_trip_is_byte_identical(tmp_path: Path) -> None:
    src = tmp_path / "in.conllu"
    src.write_text(GAPPING, encoding="utf-8")
    out = tmp_path / "out.conllu"
    assert write_conllu(read_conllu(src), out) == 2
    assert out.read_bytes() == src.read_bytes()


def test_model_keeps_ranges_empty_nodes_and_deps_out_of_the_tree() -> None:
    s1, s2 = parse_conllu_string(GAPPING)
    assert s1.sent_id == "demo-1"
    assert [w.id for w in s1.words] == [1, 2, 3, 4, 5, 6, 7]
    assert s1.heads == [2, 0, 2, 5, 2, 5, 2]
    (node,) = s1.empty_nodes
    assert node.id == "5.1" and node.form == "likes" and node.deps == "2:conj:and"
    assert s1.words[5].deps == "5.1:obj"
    assert s1.surface() == "Josh likes wine and Jane water."
    (mwt,) = s2.multiword_tokens
    assert (mwt.first, mwt.last, mwt.form) == (3, 4, "du")
    assert s2.surface() == "Il parle du chat."
    assert s2.words[4].base_deprel == "obl"


def test_conllx_reads_into_the_same_model() -> None:
    text = "1\tWe\twe\tPRP\tPRP\t_\t2\tSBJ\t_\t_\n2\twant\twant\tVBP\tVBP\t_\t0\tROOT\t_\t_\n\n"
    (s,) = parse_conllu_string(text)
    assert s.heads == [2, 0] and s.words[0].deprel == "SBJ"


def _err(text: str, **kw: bool) -> ConlluError:
    with pytest.raises(ConlluError) as info:
        parse_conllu_string(text, name="bad.conllu", **kw)
    return info.value


ROW = "{i}\tw\tw\tX\t_\t_\t{h}\tdep\t_\t_\n"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("1\tw\tw\tX\t_\t_\t0\troot\t_\n\n", 1, "expected 10 tab-separated columns, found 9"),
        (ROW.format(i=1, h=0) + ROW.format(i=2, h="x") + "\n", 2, "HEAD 'x' of word 2 is not"),
        (ROW.format(i=1, h=0) + ROW.format(i=2, h=7) + "\n", 2, "out of range"),
        (ROW.format(i=1, h=0) + ROW.format(i=1, h=1) + "\n", 2, "duplicate word id 1"),
        (ROW.format(i=1, h=0) + ROW.format(i=3, h=1) + "\n", 2, "out of sequence"),
        ("# c\n" + ROW.format(i=1, h=2) + ROW.format(i=2, h=1) + "\n", 1, "no root"),
        (ROW.format(i=1, h=0) + ROW.format(i=2, h=3) + ROW.format(i=3, h=2) + "\n", 2, "cycle"),
        (ROW.format(i=1, h=0) + ROW.format(i=2, h=0) + "\n", 1, "2 roots"),
        ("# sent_id = 1\n\n", 1, "empty sentence"),
        (ROW.format(i="x1", h=0) + "\n", 1, "malformed ID"),
        (ROW.format(i=1, h=1) + "\n", 1, "its own head"),
        (ROW.format(i=1, h="01") + "\n", 1, "not a non-negative integer"),
    ],
)
def test_invalid_input_names_file_line_and_problem(text: str, line: int, fragment: str) -> None:
    err = _err(text)
    assert err.path == "bad.conllu"
    assert err.line == line
    assert fragment in err.problem
    assert str(err).startswith(f"bad.conllu:{line}: ")


def test_several_roots_allowed_by_option() -> None:
    text = ROW.format(i=1, h=0) + ROW.format(i=2, h=0) + "\n"
    (s,) = parse_conllu_string(text, multiple_roots=True)
    assert s.heads == [0, 0]


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        list(read_conllu(tmp_path / "nope.conllu"))


def test_reader_streams() -> None:
    """The reader yields the first sentence before reading the (broken) rest of the file."""
    text = ROW.format(i=1, h=0) + "\n" + ROW.format(i=1, h=5) + "\n"
    it = read_conllu(io.StringIO(text))
    first = next(it)
    assert first.heads == [0]
    with pytest.raises(ConlluError):
        next(it)


def test_find_cycle() -> None:
    assert find_cycle([0, 1, 2]) is None
    assert find_cycle([0, 3, 2]) == [2, 3]


# --- fuzzing -----------------------------------------------------------------------------

_field = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\t\n\r|="
    ),
    min_size=1,
    max_size=8,
).filter(lambda s: not s.startswith("#") and s.strip() == s and s != "")


@st.composite
def valid_sentences(draw: st.DrawFn) -> str:
    n = draw(st.integers(min_value=1, max_value=12))
    # a random tree: each word i > root attaches to an earlier-visited word (no cycles)
    order = draw(st.permutations(list(range(1, n + 1))))
    heads = [0] * n
    for k, wid in enumerate(order):
        heads[wid - 1] = 0 if k == 0 else order[draw(st.integers(0, k - 1))]
    lines = [f"# sent_id = {draw(_field)}"]
    mwt_at = draw(st.one_of(st.none(), st.integers(1, n)))
    for i in range(1, n + 1):
        if mwt_at == i and i < n:
            lines.append(f"{i}-{i + 1}\t{draw(_field)}\t_\t_\t_\t_\t_\t_\t_\t_")
        misc = draw(st.sampled_from(["_", "SpaceAfter=No", "Gloss=x|SpaceAfter=No"]))
        lines.append(
            f"{i}\t{draw(_field)}\t{draw(_field)}\t{draw(st.sampled_from(['NOUN', 'VERB', 'PUNCT']))}\t_\t_\t{heads[i - 1]}\tdep\t_\t{misc}"
        )
        if draw(st.booleans()) and i == n:
            lines.append(f"{i}.1\t{draw(_field)}\t_\tVERB\t_\t_\t_\t_\t{heads[i - 1]}:conj\t_")
    return "\n".join(lines) + "\n\n"


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(valid_sentences(), min_size=1, max_size=4))
def test_fuzz_valid_files_round_trip(blocks: list[str]) -> None:
    text = "".join(blocks)
    sents = parse_conllu_string(text)
    assert len(sents) == len(blocks)
    assert "".join(format_sentence(s) for s in sents) == text


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("0123456789\t\n#_-.abX ")), max_size=200))
def test_fuzz_garbage_raises_only_conllu_errors(text: str) -> None:
    try:
        sents = parse_conllu_string(text)
    except ConlluError as err:
        assert err.path == "<string>"
        assert err.problem
    else:
        assert all(isinstance(s, Sentence) and s.words for s in sents)


@settings(max_examples=200)
@given(
    valid_sentences(),
    st.integers(min_value=0, max_value=10_000),
    st.sampled_from(["\t", "", "x", "0", "\n"]),
)
def test_fuzz_mutated_files_never_crash(block: str, pos: int, insert: str) -> None:
    pos = pos % (len(block) + 1)
    text = block[:pos] + insert + block[pos:]
    try:
        parse_conllu_string(text)
    except ConlluError as err:
        assert err.line is None or err.line >= 1
