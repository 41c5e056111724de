"""Gold UD trees as spaCy-style Docs (issue 11, oracle trees)."""

from __future__ import annotations

from lingeval.core.conllu import parse_conllu_string
from lingeval.core.oracle import sentence_to_doc, ud_to_clearnlp

# "The cat is in the garden and Bo was not happy ."
UD = """\
1\tThe\tthe\tDET\tDT\t_\t2\tdet\t_\t_
2\tcat\tcat\tNOUN\tNN\tNumber=Sing\t6\tnsubj\t_\t_
3\tis\tbe\tAUX\tVBZ\t_\t6\tcop\t_\t_
4\tin\tin\tADP\tIN\t_\t6\tcase\t_\t_
5\tthe\tthe\tDET\tDT\t_\t6\tdet\t_\t_
6\tgarden\tgarden\tNOUN\tNN\t_\t0\troot\t_\t_
7\tand\tand\tCCONJ\tCC\t_\t12\tcc\t_\t_
8\tBo\tBo\tPROPN\tNNP\t_\t12\tnsubj\t_\t_
9\twas\tbe\tAUX\tVBD\t_\t12\tcop\t_\t_
10\tnot\tnot\tPART\tRB\t_\t12\tadvmod\t_\t_
11\thappy\thappy\tADJ\tJJ\t_\t12\tdep\t_\t_
12\tready\tready\tADJ\tJJ\t_\t6\tconj\t_\tSpaceAfter=No
13\t.\t.\tPUNCT\t.\t_\t6\tpunct\t_\t_

1\tBooks\tbook\tNOUN\tNNS\t_\t3\tnsubj:pass\t_\t_
2\twere\tbe\tAUX\tVBD\t_\t3\taux:pass\t_\t_
3\tsent\tsend\tVERB\tVBN\t_\t0\troot\t_\t_
4\tto\tto\tADP\tIN\t_\t5\tcase\t_\t_
5\tBo\tBo\tPROPN\tNNP\t_\t3\tobl\t_\t_
6\tby\tby\tADP\tIN\t_\t8\tcase\t_\t_
7\tAnn\tAnn\tPROPN\tNNP\t_\t8\tnmod:poss\t_\t_
8\tfriends\tfriend\tNOUN\tNNS\t_\t3\tobl:agent\t_\t_
9\tto\tto\tPART\tTO\t_\t10\tmark\t_\t_
10\tread\tread\tVERB\tVB\t_\t3\tadvcl\t_\tSpaceAfter=No
11\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

"""


def _tree(i: int):  # type: ignore[no-untyped-def]
    return list(parse_conllu_string(UD))[i]


def test_copula_and_preposition_heads_like_spacy() -> None:
    out = {w.form + str(w.id): (w.head, w.deprel) for w in ud_to_clearnlp(_tree(0)).words}
    assert out["is3"] == (0, "ROOT")
    assert out["in4"] == (3, "prep") and out["garden6"] == (4, "pobj")
    assert out["cat2"] == (3, "nsubj") and out["The1"] == (2, "det")
    # the second clause: its copula heads it, is conjoined to the first copula, takes its
    # subject and negation, and the conjunction hangs on the first conjunct
    assert out["was9"] == (3, "conj")
    assert out["Bo8"] == (9, "nsubj") and out["not10"] == (9, "neg")
    assert out["ready12"] == (9, "acomp")
    assert out["and7"] == (3, "cc")
    assert out[".13"] == (3, "punct")


def test_labels_passive_agent_possessive_infinitive() -> None:
    out = {w.form + str(w.id): (w.head, w.deprel) for w in ud_to_clearnlp(_tree(1)).words}
    assert out["Books1"] == (3, "nsubjpass") and out["were2"] == (3, "auxpass")
    assert out["to4"] == (3, "prep") and out["Bo5"] == (4, "pobj")
    assert out["by6"] == (3, "agent") and out["friends8"] == (6, "pobj")
    assert out["Ann7"] == (8, "poss")
    assert out["to9"] == (10, "aux") and out["read10"] == (3, "advcl")


def test_doc_has_words_spaces_and_annotations() -> None:
    doc = sentence_to_doc(_tree(1))
    assert doc.text == "Books were sent to Bo by Ann friends to read."
    assert [t.dep_ for t in doc][:3] == ["nsubjpass", "auxpass", "ROOT"]
    assert doc[2].head.i == 2 and doc[0].head.i == 2
    assert doc[0].tag_ == "NNS" and doc[0].pos_ == "NOUN" and doc[2].lemma_ == "send"
    assert len(list(doc.sents)) == 1
    doc0 = sentence_to_doc(_tree(0), spaces=[True] * 11 + [False, False])
    assert str(doc0[1].morph) == "Number=Sing"
    assert doc0.text.endswith("ready.")


FLAT = """\
1\tthe\tthe\tDET\tDT\t_\t3\tdet\t_\t_
2\tcouncil\tcouncil\tNOUN\tNN\t_\t3\tnsubj\t_\t_
3\tmet\tmeet\tVERB\tVBD\t_\t0\troot\t_\t_
4\tMikhail\tMikhail\tPROPN\tNNP\t_\t3\tobj\t_\t_
5\tSergeyevich\tSergeyevich\tPROPN\tNNP\t_\t4\tflat\t_\t_
6\tGorbachev\tGorbachev\tPROPN\tNNP\t_\t4\tflat\t_\tSpaceAfter=No
7\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

"""


def test_names_are_head_final_compounds() -> None:
    (tree,) = parse_conllu_string(FLAT)
    out = {w.form: (w.head, w.deprel) for w in ud_to_clearnlp(tree).words}
    assert out["Gorbachev"] == (3, "dobj")
    assert out["Mikhail"] == (6, "compound") and out["Sergeyevich"] == (6, "compound")
