"""Probing language models on connectives: resources, LM scorers, evaluation."""
