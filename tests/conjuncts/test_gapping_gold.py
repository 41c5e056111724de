"""Gold extraction fixes found in the hand check of GUM and Schuster items (issue 11).

Every fixture is written here (compact rows: id form lemma upos xpos head deprel deps
[misc]); each mirrors one shape of enhanced-UD annotation met in the real data, with our own
sentences.
"""

from __future__ import annotations

from lingeval.conjuncts.gapping import extract_from_sentence
from lingeval.core.conllu import parse_conllu_string


def _conllu(text: str, rows: str) -> str:
    lines = [f"# text = {text}"]
    for line in rows.strip().splitlines():
        cols = line.split()
        misc = cols[8] if len(cols) > 8 else "_"
        feats = "PronType=Rel" if cols[4] == "WDT" else "_"
        head, rel = (cols[5], cols[6]) if "." not in cols[0] else ("_", "_")
        lines.append("\t".join([*cols[:5], feats, head, rel, cols[7], misc]))
    return "\n".join(lines) + "\n\n"


def _rewrites(text: str, rows: str) -> list[list[str]]:
    (sentence,) = parse_conllu_string(_conllu(text, rows))
    return [ex.rewrites for ex in extract_from_sentence(sentence, source="t")]


def test_copy_with_several_coordination_heads_takes_its_own() -> None:
    # enhanced UD propagates the copy to every conjunct: 1:parataxis, 7:conj:and, 11:conj:or;
    # the coordination that is split is the one of the copied verb ("done")
    rows = """
    1 Note note NOUN NN 0 root 0:root SpaceAfter=No
    2 : : PUNCT : 7 punct 7:punct
    3 Renewing renew VERB VBG 7 csubj 7:csubj|11:csubj:pass
    4 the the DET DT 5 det 5:det
    5 pass pass NOUN NN 3 obj 3:obj
    6 is be AUX VBZ 7 cop 7:cop
    7 easy easy ADJ JJ 1 parataxis 1:parataxis
    8 and and CCONJ CC 11 cc 11:cc
    9 can can AUX MD 11 aux 11:aux
    10 be be AUX VB 11 aux:pass 11:aux:pass
    11 done do VERB VBN 7 conj 7:conj:and
    12 online online ADV RB 11 advmod 11:advmod
    13 or or CCONJ CC 15 cc 13.1:cc
    13.1 done do VERB VBN _ _ 1:parataxis|7:conj:and|11:conj:or
    14 in in ADP IN 15 case 15:case
    15 person person NOUN NN 12 conj 13.1:obl:in
    16 at at ADP IN 18 case 18:case
    17 the the DET DT 18 det 18:det
    18 office office NOUN NN 15 orphan 13.1:obl:at SpaceAfter=No
    19 . . PUNCT . 1 punct 1:punct
    """
    text = "Note: Renewing the pass is easy and can be done online or in person at the office."
    assert _rewrites(text, rows) == [
        [
            "Note: Renewing the pass is easy and can be done online.",
            "Note: Renewing the pass is easy and can be done in person at the office.",
        ]
    ]


def test_bare_noun_phrase_remnant_and_leading_adverb() -> None:
    # "then" is attached as cc of the copy in the enhanced graph (an adverb): a remnant that
    # goes before the copied verb; "two weeks" (obl:unmarked) replaces "in the cellar"
    # without taking its preposition
    rows = """
    1 We we PRON PRP 3 nsubj 3:nsubj
    2 can can AUX MD 3 aux 3:aux
    3 keep keep VERB VB 0 root 0:root
    4 them they PRON PRP 3 obj 3:obj
    5 in in ADP IN 7 case 7:case
    6 the the DET DT 7 det 7:det
    7 cellar cellar NOUN NN 3 obl 3:obl:in SpaceAfter=No
    8 , , PUNCT , 12 punct 12:punct
    9 and and CCONJ CC 12 cc 12.1:cc
    10 then then ADV RB 12 advmod 12.1:cc
    11 the the DET DT 12 det 12:det
    12 apples apple NOUN NNS 3 conj 12.1:obj
    12.1 keep keep VERB VB _ _ 3:conj
    13 two two NUM CD 14 nummod 14:nummod
    14 weeks week NOUN NNS 12 orphan 12.1:obl:unmarked SpaceAfter=No
    15 . . PUNCT . 3 punct 3:punct
    """
    text = "We can keep them in the cellar, and then the apples two weeks."
    assert _rewrites(text, rows) == [
        ["We can keep them in the cellar.", "We can then keep the apples two weeks."]
    ]


def test_remnants_of_one_relation_keep_their_own_order() -> None:
    # "by bus" stands for "into town" and "ten miles" for "ten miles", in the other order;
    # the remnants keep the writer's order; "home" (direction) stays after the verb
    rows = """
    1 She she PRON PRP 2 nsubj 2:nsubj|9.1:nsubj
    2 rode ride VERB VBD 0 root 0:root
    3 ten ten NUM CD 4 nummod 4:nummod
    4 miles mile NOUN NNS 2 obl:unmarked 2:obl:unmarked
    5 into into ADP IN 6 case 6:case
    6 town town NOUN NN 2 obl 2:obl:into SpaceAfter=No
    7 , , PUNCT , 10 punct 10:punct
    8 and and CCONJ CC 10 cc 9.1:cc
    9 then then ADV RB 10 orphan 9.1:advmod
    9.1 rode ride VERB VBD _ _ 2:conj:and
    10 home home ADV RB 2 conj 9.1:advmod
    11 by by ADP IN 12 case 12:case
    12 bus bus NOUN NN 10 orphan 9.1:obl:by SpaceAfter=No
    13 , , PUNCT , 15 punct 15:punct
    14 ten ten NUM CD 15 nummod 15:nummod
    15 miles mile NOUN NNS 10 orphan 9.1:obl:unmarked
    16 to to ADP IN 18 case 18:case
    17 the the DET DT 18 det 18:det
    18 farm farm NOUN NN 10 orphan 9.1:obl:to SpaceAfter=No
    19 . . PUNCT . 2 punct 2:punct
    """
    text = "She rode ten miles into town, and then home by bus, ten miles to the farm."
    assert _rewrites(text, rows) == [
        ["She rode ten miles into town.", "She then rode home by bus ten miles to the farm."]
    ]


def test_bracketed_clause_before_a_remnant_keeps_place_and_brackets() -> None:
    rows = """
    1 The the DET DT 2 det 2:det
    2 storm storm NOUN NN 3 nsubj 3:nsubj|13.1:nsubj
    3 left leave VERB VBD 0 root 0:root
    4 them they PRON PRP 3 obj 3:obj|13.1:obj
    5 without without ADP IN 6 case 6:case
    6 power power NOUN NN 3 obl 3:obl:without SpaceAfter=No
    7 , , PUNCT , 15 punct 15:punct
    8 and and CCONJ CC 15 cc 13.1:cc
    9 ( ( PUNCT -LRB- 12 punct 12:punct SpaceAfter=No
    10 as as SCONJ IN 12 mark 12:mark
    11 we we PRON PRP 12 nsubj 12:nsubj
    12 learned learn VERB VBD 15 orphan 13.1:advcl SpaceAfter=No
    13 ) ) PUNCT -RRB- 12 punct 12:punct
    13.1 left leave VERB VBD _ _ 3:conj:and
    14 without without ADP IN 15 case 15:case
    15 water water NOUN NN 3 conj 13.1:obl:without SpaceAfter=No
    16 . . PUNCT . 3 punct 3:punct
    """
    text = "The storm left them without power, and (as we learned) without water."
    assert _rewrites(text, rows) == [
        [
            "The storm left them without power.",
            "The storm left them (as we learned) without water.",
        ]
    ]


def test_moved_remnant_keeps_the_treebank_spacing() -> None:
    rows = """
    1 Kim Kim PROPN NNP 2 nsubj 2:nsubj
    2 painted paint VERB VBD 0 root 0:root
    3 the the DET DT 4 det 4:det
    4 door door NOUN NN 2 obj 2:obj
    5 red red ADJ JJ 2 xcomp 2:xcomp
    6 and and CCONJ CC 7 cc 7.1:cc
    7 Lee Lee PROPN NNP 2 conj 7.1:nsubj
    7.1 painted paint VERB VBD _ _ 2:conj:and
    8 the the DET DT 9 det 9:det
    9 fence fence NOUN NN 7 orphan 7.1:obj
    10 green green ADJ JJ 7 orphan 7.1:xcomp SpaceAfter=No
    11 / / CCONJ CC 12 cc 12:cc SpaceAfter=No
    12 gold gold ADJ JJ 10 conj 10:conj SpaceAfter=No
    13 . . PUNCT . 2 punct 2:punct
    """
    text = "Kim painted the door red and Lee the fence green/gold."
    assert _rewrites(text, rows) == [
        ["Kim painted the door red.", "Lee painted the fence green/gold."]
    ]


def test_remnant_attached_by_one_word_of_a_name_is_the_whole_name() -> None:
    # the enhanced graph attaches "Saint" (compound of the promoted conjunct "Malo"); the
    # elided "to" is a copy node on "Saint"
    rows = """
    1 I I PRON PRP 2 nsubj 2:nsubj|8.1:nsubj
    2 fly fly VERB VBP 0 root 0:root
    3 to to ADP IN 4 case 4:case
    4 Oslo Oslo PROPN NNP 2 obl 2:obl:to
    5 in in ADP IN 6 case 6:case
    6 May May PROPN NNP 2 obl 2:obl:in SpaceAfter=No
    7 , , PUNCT , 11 punct 11:punct
    8 and and CCONJ CC 11 cc 8.1:cc
    8.1 fly fly VERB VBP _ _ 2:conj
    8.2 to to ADP IN _ _ 9:case
    9 Saint Saint PROPN NNP 11 compound 8.1:obl:to SpaceAfter=No
    10 - - PUNCT HYPH 9 punct 9:punct SpaceAfter=No
    11 Malo Malo PROPN NNP 2 conj 2:conj:and
    12 in in ADP IN 13 case 13:case
    13 June June PROPN NNP 11 orphan 8.1:obl:in SpaceAfter=No
    14 . . PUNCT . 2 punct 2:punct
    """
    text = "I fly to Oslo in May, and Saint-Malo in June."
    assert _rewrites(text, rows) == [["I fly to Oslo in May.", "I fly to Saint-Malo in June."]]


def test_elided_subject_with_two_heads_is_put_back_into_the_remnant() -> None:
    rows = """
    1 She she PRON PRP 2 nsubj 2:nsubj
    2 likes like VERB VBZ 0 root 0:root
    3 songs song NOUN NNS 2 obj 2:obj
    4 they they PRON PRP 5 nsubj 5:nsubj
    5 sing sing VERB VBP 3 acl:relcl 3:acl:relcl
    6 or or CCONJ CC 7 cc 6.1:cc
    6.1 songs song NOUN NNS _ _ 3:conj:or
    6.2 they they PRON PRP _ _ 7:nsubj|9:nsubj
    7 play play VERB VBP 5 conj 6.1:acl:relcl
    8 / / SYM SYM 9 cc 9:cc
    9 hum hum VERB VBP 7 conj 5:conj|7:conj:slash SpaceAfter=No
    10 . . PUNCT . 2 punct 2:punct
    """
    text = "She likes songs they sing or play / hum."
    assert _rewrites(text, rows) == [
        ["She likes songs they sing.", "She likes songs they play / hum."]
    ]


def test_own_parataxis_is_a_remnant_and_keeps_its_place_inside_another() -> None:
    rows = """
    1 A a DET DT 2 det 2:det
    2 link link NOUN NN 4 nsubj:pass 4:nsubj:pass
    3 was be AUX VBD 4 aux:pass 4:aux:pass
    4 found find VERB VBN 0 root 0:root
    5 with with ADP IN 6 case 6:case
    6 age age NOUN NN 4 obl 4:obl:with
    7 ( ( PUNCT -LRB- 8 punct 8:punct SpaceAfter=No
    8 P P NOUN NN 4 parataxis 4:parataxis
    9 0.01 0.01 NUM CD 8 nummod 8:nummod SpaceAfter=No
    10 ) ) PUNCT -RRB- 8 punct 8:punct SpaceAfter=No
    11 , , PUNCT , 15 punct 15.1:punct
    12 and and CCONJ CC 15 cc 15.1:cc
    13 a a DET DT 15 det 15:det
    14 weak weak ADJ JJ 15 amod 15:amod
    15 one one NOUN NN 4 conj 15.1:nsubj:pass
    15.1 found find VERB VBN _ _ 4:conj:and CopyOf=4
    16 with with ADP IN 17 case 17:case
    17 weight weight NOUN NN 15 orphan 15.1:obl:with
    18 ( ( PUNCT -LRB- 19 punct 19:punct SpaceAfter=No
    19 P P NOUN NN 15 orphan 15.1:parataxis
    20 0.05 0.05 NUM CD 19 nummod 19:nummod SpaceAfter=No
    21 ) ) PUNCT -RRB- 19 punct 19:punct
    22 and and CCONJ CC 24 cc 24:cc
    23 with with ADP IN 24 case 24:case
    24 height height NOUN NN 17 conj 17:conj:and|15.1:obl:with SpaceAfter=No
    25 . . PUNCT . 4 punct 4:punct
    """
    text = (
        "A link was found with age (P 0.01), and a weak one with weight (P 0.05) and with height."
    )
    assert _rewrites(text, rows) == [
        [
            "A link was found with age (P 0.01).",
            "A weak one was found with weight (P 0.05) and with height.",
        ]
    ]


def test_relative_pronoun_of_the_correlate_stays() -> None:
    rows = """
    1 Two two NUM CD 2 nummod 2:nummod
    2 genes gene NOUN NNS 4 nsubj:pass 4:nsubj:pass
    3 were be AUX VBD 4 aux:pass 4:aux:pass
    4 found find VERB VBN 0 root 0:root SpaceAfter=No
    5 , , PUNCT , 9 punct 9:punct
    6 one one NUM CD 9 nsubj 9:nsubj
    7 of of ADP IN 8 case 8:case
    8 which which PRON WDT 6 nmod 6:nmod:of
    9 binds bind VERB VBZ 2 acl:relcl 2:acl:relcl
    10 to to ADP IN 11 case 11:case
    11 A A PROPN NNP 9 obl 9:obl:to
    12 and and CCONJ CC 14 cc 14.1:cc
    13 the the DET DT 14 det 14:det
    14 other other ADJ JJ 9 conj 14.1:nsubj
    14.1 binds bind VERB VBZ _ _ 9:conj:and CopyOf=9
    15 to to ADP IN 16 case 16:case
    16 B B PROPN NNP 14 orphan 14.1:obl:to SpaceAfter=No
    17 . . PUNCT . 4 punct 4:punct
    """
    text = "Two genes were found, one of which binds to A and the other to B."
    assert _rewrites(text, rows) == [
        [
            "Two genes were found, one of which binds to A.",
            "Two genes were found, the other of which binds to B.",
        ]
    ]


def test_subject_of_another_copy_in_the_chain_stays_a_subject() -> None:
    # "they" is the shared subject of the copy of "left" (4.1); "others" is the subject of
    # the copy of "say" (2.1): not a mislabelled object
    rows = """
    1 Some some DET DT 2 nsubj 2:nsubj
    2 say say VERB VBP 0 root 0:root
    2.1 say say VERB VBP _ _ 2:conj
    3 they they PRON PRP 4 nsubj 4:nsubj|4.1:nsubj
    4 left leave VERB VBD 2 ccomp 2:ccomp
    4.1 left leave VERB VBD _ _ 2.1:ccomp
    5 because because SCONJ IN 7 mark 7:mark
    6 it it PRON PRP 7 nsubj 7:nsubj
    7 rained rain VERB VBD 4 advcl 4:advcl
    8 and and CCONJ CC 9 cc 2.1:cc
    9 others other NOUN NNS 2 conj 2.1:nsubj
    10 because because SCONJ IN 12 mark 12:mark
    11 it it PRON PRP 12 nsubj 12:nsubj
    12 snowed snow VERB VBD 9 orphan 4.1:advcl SpaceAfter=No
    13 . . PUNCT . 2 punct 2:punct
    """
    text = "Some say they left because it rained and others because it snowed."
    assert _rewrites(text, rows) == [
        ["Some say they left because it rained.", "Others say they left because it snowed."]
    ]


def test_subject_after_an_expletive_is_a_subject() -> None:
    # "There were 5 games in May and 7 a year earlier": "7" stands for the number of "games"
    rows = """
    1 There there PRON EX 2 expl 2:expl|5.1:expl
    2 were be VERB VBD 0 root 0:root
    3 5 5 NUM CD 4 nummod 4:nummod
    4 games game NOUN NNS 2 nsubj 2:nsubj
    5 in in ADP IN 6 case 6:case
    5.1 were be VERB VBD _ _ 2:conj:and
    6 May May PROPN NNP 2 obl 2:obl:in
    7 and and CCONJ CC 8 cc 5.1:cc
    8 7 7 NUM CD 2 conj 5.1:nsubj
    9 a a DET DT 10 det 10:det
    10 year year NOUN NN 11 obl:npmod 11:obl:npmod
    11 earlier early ADV RBR 8 orphan 5.1:advmod SpaceAfter=No
    12 . . PUNCT . 2 punct 2:punct
    """
    text = "There were 5 games in May and 7 a year earlier."
    assert _rewrites(text, rows) == [
        ["There were 5 games in May.", "There were 7 games a year earlier."]
    ]


def test_remnants_without_correlate_after_the_clause_keep_their_order() -> None:
    rows = """
    1 I I PRON PRP 3 nsubj 3:nsubj|6.1:nsubj
    2 was be AUX VBD 3 aux 3:aux|6.1:aux
    3 reading read VERB VBG 0 root 0:root
    4 at at ADP IN 5 case 5:case
    5 home home NOUN NN 3 obl 3:obl:at SpaceAfter=No
    6 , , PUNCT , 9 punct 9:punct
    6.1 reading read VERB VBG _ _ 3:conj:and
    7 and and CCONJ CC 9 cc 6.1:cc
    8 quite quite ADV RB 9 advmod 9:advmod
    9 loud loud ADJ JJ 3 conj 6.1:advmod
    10 so so SCONJ IN 13 mark 13:mark
    11 I I PRON PRP 13 nsubj 13:nsubj
    12 could could AUX MD 13 aux 13:aux
    13 hear hear VERB VB 9 orphan 6.1:advcl SpaceAfter=No
    14 . . PUNCT . 3 punct 3:punct
    """
    text = "I was reading at home, and quite loud so I could hear."
    assert _rewrites(text, rows) == [
        ["I was reading at home.", "I was reading at home quite loud so I could hear."]
    ]
