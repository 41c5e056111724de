"""REG materials and systems for the intrinsic task-based evaluation (paper 002, section 4.1).

* :mod:`.webnlg`: reader of the enriched WebNLG v1.5 XML (entries, lexicalisations, references).
* :mod:`.instances`: reader of the NeuralREG instance files (one instance per RE) and of
  system outputs (one RE per line, aligned with the instances).
* :mod:`.items`: study items (text with every RE highlighted, major entity, proper names,
  REs that get a referential-success question), system substitution, stratified sampling.
* :mod:`.systems`: the REG systems registered in ``registry.reg_systems``.
"""

from __future__ import annotations

from lingeval.study.tasks.reg import proper_name  # the engine's definition, re-exported

__all__ = ["UNSEEN_CATEGORIES", "proper_name"]

#: WebNLG v1.5 test categories absent from training (the "unseen" half, paper 002, 2.1).
UNSEEN_CATEGORIES = frozenset(
    {"Artist", "Athlete", "CelestialBody", "MeanOfTransportation", "Politician"}
)


# the built-in systems register themselves in ``registry.reg_systems`` on import
from lingeval.study.reg import systems as _systems  # noqa: E402, F401
