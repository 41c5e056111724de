"""Conjunct resolution (the verbal-omission task): data, metric, resolvers, miner, annotation."""
