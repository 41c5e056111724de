"""REG materials and systems for the intrinsic task-based evaluation (paper 002, section 4.1).

* :mod:`.webnlg`: reader of the enriched WebNLG v1.5 XML (entries, lexicalisations, references).
* :mod:`.instances`: reader of the NeuralREG instance files (one instance per RE) and of
  system outputs (one RE per line, aligned with the instances).
* :mod:`.items`: study items (text with every RE highlighted, major entity, proper names,
  REs that get a referential-success question), system substitution, stratified sampling.
* :mod:`.systems`: the REG systems registered in ``registry.reg_systems``.
"""

from __future__ import annotations

__all__ = ["UNSEEN_CATEGORIES", "proper_name"]

#: WebNLG v1.5 test categories absent from training (the "unseen" half, paper 002, 2.1).
UNSEEN_CATEGORIES = frozenset(
    {"Artist", "Athlete", "CelestialBody", "MeanOfTransportation", "Politician"}
)


def proper_name(identifier: str) -> str:
    """The proper name of an entity: its identifier with underscores as spaces (paper 002, 4.2).

    >>> proper_name("AWH_Engineering_College")
    'AWH Engineering College'
    """
    return " ".join(identifier.replace("_", " ").split())
