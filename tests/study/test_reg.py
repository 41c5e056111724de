"""REG materials and systems on fixtures written for the tests and on the shipped sample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lingeval.core.errors import InputError, LingevalError
from lingeval.core.registry import get, registry
from lingeval.study.reg import proper_name
from lingeval.study.reg.instances import (
    RegInstance,
    align,
    group_texts,
    instances_from_webnlg,
    read_instances,
    read_system_output,
)
from lingeval.study.reg.items import (
    ItemSource,
    build_item,
    detokenize,
    highlighted_text,
    recase,
    sample_sources,
    system_res,
)
from lingeval.study.reg.pool import load_pool, make_items, sample_pool
from lingeval.study.reg.sample import demo_items
from lingeval.study.reg.systems import MLSystem, RegResources, RuleSystem, form_label, make_system
from lingeval.study.reg.webnlg import read_webnlg, read_webnlg_file
from lingeval.study.tasks.reg import RegTask

# The paper's Table 1 example, in the enriched WebNLG format (written for this test).
TABLE1 = """<?xml version="1.0" ?>
<benchmark><entries>
<entry category="University" eid="Id7" size="6">
 <modifiedtripleset>
  <mtriple>AWH_Engineering_College | country | India</mtriple>
  <mtriple>Kerala | leaderName | Kochi</mtriple>
  <mtriple>AWH_Engineering_College | academicStaffSize | 250</mtriple>
  <mtriple>AWH_Engineering_College | state | Kerala</mtriple>
  <mtriple>AWH_Engineering_College | city | "Kuttikkattoor"</mtriple>
  <mtriple>India | river | Ganges</mtriple>
 </modifiedtripleset>
 <lex comment="good" lid="Id1">
  <references>
   <reference entity="AWH_Engineering_College" number="1" tag="AGENT-1" type="name">AWH Engineering College</reference>
   <reference entity="&quot;Kuttikkattoor&quot;" number="2" tag="PATIENT-3" type="name">Kuttikkattoor</reference>
   <reference entity="India" number="3" tag="BRIDGE-1" type="name">India</reference>
   <reference entity="Kerala" number="4" tag="BRIDGE-2" type="name">Kerala</reference>
   <reference entity="AWH_Engineering_College" number="5" tag="AGENT-1" type="description">The school</reference>
   <reference entity="250" number="6" tag="PATIENT-2" type="name">250</reference>
   <reference entity="Kerala" number="7" tag="BRIDGE-2" type="name">Kerala</reference>
   <reference entity="Kochi" number="8" tag="PATIENT-1" type="name">Kochi</reference>
   <reference entity="Ganges" number="9" tag="PATIENT-4" type="name">The Ganges River</reference>
   <reference entity="India" number="10" tag="BRIDGE-1" type="name">India</reference>
  </references>
  <text>AWH Engineering College is in Kuttikkattoor, India in the state of Kerala. The school has 250 employees and Kerala is ruled by Kochi. The Ganges River is also found in India.</text>
  <template>AGENT-1 is in PATIENT-3 , BRIDGE-1 in the state of BRIDGE-2 . AGENT-1 has PATIENT-2 employees and BRIDGE-2 is ruled by PATIENT-1 . PATIENT-4 is also found in BRIDGE-1 .</template>
 </lex>
</entry>
</entries></benchmark>
"""


@pytest.fixture()
def table1(tmp_path: Path) -> Path:
    p = tmp_path / "table1.xml"
    p.write_text(TABLE1, encoding="utf-8")
    return p


def test_reader_and_item_of_table_1(table1: Path) -> None:
    (entry,) = read_webnlg_file(table1)
    assert (entry.eid, entry.size, entry.subset) == ("Id7", 6, "seen")
    assert entry.major_entity == "AWH_Engineering_College"
    lex = entry.lexes[0]
    assert [r.text for r in lex.references][:5] == [
        "AWH Engineering College",
        "Kuttikkattoor",
        "India",
        "Kerala",
        "The school",
    ]
    item = build_item(ItemSource(entry, lex))
    RegTask().validate_item(item)
    text = highlighted_text(item)
    # every RE highlighted; the literal 250 is plain text
    assert text == (
        "[AWH Engineering College] is in [Kuttikkattoor], [India] in the state of [Kerala]. "
        "[The school] has 250 employees and [Kerala] is ruled by [Kochi]. "
        "[The Ganges River] is also found in [India]."
    )
    view = RegTask().view(item)
    assert view["entity_name"] == "AWH Engineering College"
    # only REs that differ from their proper name get the referential-success question
    assert [r["text"] for r in view["asked"]] == ["The school", "The Ganges River"]
    assert item.item_id == "Id7_Id1" and item.subset == "seen"
    assert "<mark>The school</mark>" in highlighted_text(item, style="html")


def test_system_res_substitution(table1: Path) -> None:
    entries = read_webnlg(table1)
    instances, alignments = instances_from_webnlg(entries)
    assert [x.entity for x in instances][:3] == [
        "AWH_Engineering_College",
        '"Kuttikkattoor"',
        "India",
    ]
    assert len(instances) == 9  # ten slots, the literal 250 is not an RE
    src = ItemSource(entries[0], entries[0].lexes[0], alignments[("Id7", "Id1")])
    lines = [
        "awh engineering college",
        "kuttikkattoor",
        "india",
        "kerala",
        "it",
        "kerala",
        "kochi",
        "the ganges",
        "india",
    ]
    item = build_item(src, "sys", system_res(src, {"seen": lines}))
    assert highlighted_text(item).startswith(
        "[AWH Engineering College] is in [Kuttikkattoor], [India] in the state of [Kerala]. [It] has 250 employees"
    )
    assert "[the Ganges] is also found" not in highlighted_text(item)  # sentence-initial capital
    assert "[The Ganges] is also found" in highlighted_text(item)
    with pytest.raises(LingevalError, match="not aligned"):
        system_res(ItemSource(entries[0], entries[0].lexes[0]), {"seen": lines})


def test_alignment_of_neuralreg_style_instances(table1: Path) -> None:
    entries = read_webnlg(table1)
    made, expected = instances_from_webnlg(entries)
    # NeuralREG's files drop earlier mentions of the target from the pre-context and
    # lowercase words; the alignment must not care
    mangled = [
        RegInstance(
            x.entity,
            x.category,
            tuple(t.lower() if "_" not in t else t for t in x.pre_context if t != x.entity),
            x.pos_context,
            x.refex,
        )
        for x in made
    ]
    assert group_texts(mangled) == [list(range(9))]
    assert align(entries, mangled, subset="seen") == expected
    assert align(entries, mangled, subset="unseen") == {}


def test_helpers() -> None:
    assert proper_name("AWH_Engineering_College") == "AWH Engineering College"
    assert detokenize("Cuyahoga County , Ohio 's ( part )") == "Cuyahoga County, Ohio's (part)"
    names = ["Cuyahoga County, Ohio", "New York City", "Uppsala University", "Vltava"]
    assert recase("the cuyahoga county , ohio", names) == "the Cuyahoga County , Ohio"
    assert recase("the university", names) == "the university"
    assert recase("the vltava", names) == "the Vltava"
    assert recase("new york city", names) == "New York City"


def test_read_system_output(tmp_path: Path) -> None:
    p = tmp_path / "out.txt"
    p.write_text("the school\nit\n")
    assert read_system_output(p, expected=2) == ["the school", "it"]
    with pytest.raises(InputError, match=r"out\.txt: 2 REs but 3 REG instances"):
        read_system_output(p, expected=3)
    j = tmp_path / "out.json"
    j.write_text(json.dumps(["a", "b  c"]))
    assert read_system_output(j) == ["a", "b c"]
    bad = tmp_path / "inst.json"
    bad.write_text('{"entity": 1}')
    with pytest.raises(InputError, match="JSON list"):
        read_instances(bad)


def _inst(entity: str, pre: str, pos: str, refex: str = "") -> RegInstance:
    return RegInstance(
        entity,
        "Test",
        tuple(pre.split()),
        tuple(pos.split()),
        tuple((refex or entity.replace("_", " ")).split()),
    )


def _text(*parts: str) -> list[RegInstance]:
    """Instances of one text given as tokens; entities are the identifiers (with '_')."""
    tokens = " ".join(parts).split()
    return [
        _inst(t, " ".join(tokens[:i]), " ".join(tokens[i + 1 :]))
        for i, t in enumerate(tokens)
        if "_" in t
    ]


def test_rule_system() -> None:
    res = RegResources(gender={"Ada_Lovelace": "female", "Charles_Babbage": "male"}, types={})
    xs = _text(
        "Ada_Lovelace worked with Charles_Babbage . Ada_Lovelace wrote notes . Ada_Lovelace died young ."
    )
    out = RuleSystem(res).generate(xs)
    # first mention: name; mentioned in the previous sentence: pronoun by gender
    assert out == ["Ada Lovelace", "Charles Babbage", "she", "she"]
    ys = _text(
        "Ada_Lovelace met Charles_Babbage . Charles_Babbage was older . Ada_Lovelace wrote ."
    )
    assert RuleSystem(res).generate(ys)[-1] == "Ada Lovelace"  # not in the previous sentence
    zs = _text("Ada_Lovelace and Mary_Somerville met . Ada_Lovelace wrote .")
    res2 = RegResources(gender={"Ada_Lovelace": "female", "Mary_Somerville": "female"})
    assert RuleSystem(res2).generate(zs)[-1] == "Ada Lovelace"  # a competitor of the same gender


def test_form_labels() -> None:
    assert form_label(_inst("AWH_Engineering_College", "", "", "the school")) == "description"
    assert (
        form_label(_inst("AWH_Engineering_College", "", "", "AWH Engineering College 's")) == "name"
    )
    assert form_label(_inst("AWH_Engineering_College", "", "", "its")) == "pronoun"
    assert form_label(_inst("United_States", "", "", "the United States")) == "name"


def test_ml_system_learns_forms() -> None:
    res = RegResources(gender={"Ada_Lovelace": "female", "Bob_Ross": "male"})
    train: list[RegInstance] = []
    for _ in range(15):
        for who, pron, desc in (
            ("Ada_Lovelace", "She", "the mathematician"),
            ("Bob_Ross", "He", "the painter"),
        ):
            toks = f"{who} was born in London . {who} worked hard . {who} lived long .".split()
            refs = [who.replace("_", " "), pron, desc]
            k = 0
            for i, t in enumerate(toks):
                if t == who:
                    train.append(
                        RegInstance(
                            who,
                            "Test",
                            tuple(toks[:i]),
                            tuple(toks[i + 1 :]),
                            tuple(refs[k].split()),
                        )
                    )
                    k += 1
    ml = MLSystem(res).fit(train)
    test = _text(
        "Ada_Lovelace was born in London . Ada_Lovelace worked hard . Ada_Lovelace lived long ."
    )
    assert ml.predict_forms(test) == ["name", "pronoun", "description"]
    assert ml.generate(test) == ["Ada Lovelace", "she", "the mathematician"]
    with pytest.raises(LingevalError, match="not trained"):
        MLSystem(res).generate(test)


def test_registry() -> None:
    assert isinstance(make_system("rule"), RuleSystem)
    assert get(registry.reg_systems, "human")().generate([_inst("X_Y", "", "", "the x")]) == [
        "the x"
    ]
    with pytest.raises(LingevalError, match="known: human, ml, names, rule"):
        make_system("neural-magic")


def test_sample_pool_and_items() -> None:
    pool = sample_pool()
    assert len(pool.entries) == 10 and len(pool.alignments) == 11
    items = make_items(pool, ["human", "rule", "neural_demo"], strata=None)
    assert len(items) == 33
    task = RegTask()
    for it in items:
        task.validate_item(it)
    by = {(it.item_id, it.system): it for it in items}
    assert highlighted_text(by[("Id7_Id1", "neural_demo")]).startswith(
        "[Ella Fitzgerald] was born in [Newport News]. [He] sang"
    )
    assert highlighted_text(by[("Id7_Id1", "rule")]).startswith(
        "[Ella Fitzgerald] was born in [Newport News, Virginia]. [She] sang"
    )
    assert len(demo_items()) == 44


def test_stratified_sampling_is_seeded() -> None:
    pool = sample_pool()
    sources = pool.sources()
    strata = {"seen": (2, (3,)), "unseen": (1, (3,))}
    a = sample_sources(sources, strata=strata, seed=1)
    b = sample_sources(sources, strata=strata, seed=1)
    assert [s.item_id for s in a] == [s.item_id for s in b]
    assert [(s.entry.subset, s.entry.size) for s in a] == [("seen", 3), ("seen", 3), ("unseen", 3)]
    seeds = {
        tuple(s.item_id for s in sample_sources(sources, strata=strata, seed=k)) for k in range(8)
    }
    assert len(seeds) > 1
    with pytest.raises(LingevalError, match="only 1 seen entries of size 2"):
        sample_sources(sources, strata={"seen": (2, (2,))})


def test_load_pool_errors(tmp_path: Path, table1: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load_pool(tmp_path / "missing")
    with pytest.raises(InputError, match=r"test_seen\.json"):
        load_pool(table1, instances=tmp_path)
    bad = tmp_path / "bad.xml"
    bad.write_text("<benchmark><entries><entry")
    with pytest.raises(InputError, match="invalid XML"):
        read_webnlg(bad)
