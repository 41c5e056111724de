"""Annotation tooling for conjunct resolution (paper 000, section 4.2).

:mod:`~lingeval.conjuncts.annotation.checks` checks one worker's rewrite set;
:mod:`~lingeval.conjuncts.annotation.submissions` reads submissions (task JSONL or Amazon
Mechanical Turk batch results); :mod:`~lingeval.conjuncts.annotation.consolidate` consolidates
them into gold examples and measures inter-annotator agreement.
"""
