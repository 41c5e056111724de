"""Mining candidate verbal-omission sentences at scale (paper 000, section 4.1 and A.7).

:mod:`~lingeval.conjuncts.mining.patterns` holds the 21 "suspicious structure" rules of
appendix A.7, registered in ``registry.mining_patterns``; :mod:`~lingeval.conjuncts.mining.miner`
runs them over large inputs (local processes or a Dask cluster) with resumption.
"""
