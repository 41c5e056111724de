"""lingeval: linguistically grounded evaluation of NLP systems."""

__version__ = "0.1.0"

__all__ = ["__version__"]
