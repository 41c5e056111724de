"""Fair dependency-parse evaluation: attachment, undirected and NED scores (Schwartz et al., 2011)."""
