"""Manual evaluation of meaning preservation for conjunct resolution (paper 000, section 7).

* :mod:`.task`: the study task type ``conjunct-meaning`` (registered on import): a judge sees
  the input sentence with the conjunction highlighted and a system's rewrite set, and answers
  "same meaning" or "different meaning" with an optional note.
* :mod:`.items`: drawing blinded, shuffled items from one or more systems' predictions.
* :mod:`.analysis`: share of meaning-preserving outputs per system with a Wilson interval,
  agreement between judges (Cohen, Fleiss, Krippendorff), correlation with the verb-nucleus F1,
  and simulated judges with planted rates.
"""

from __future__ import annotations

from lingeval.conjuncts.meaning.items import DrawnItems, draw_items, read_key, write_key
from lingeval.conjuncts.meaning.task import TASK_NAME, ConjunctMeaningTask

__all__ = [
    "TASK_NAME",
    "ConjunctMeaningTask",
    "DrawnItems",
    "draw_items",
    "read_key",
    "write_key",
]
