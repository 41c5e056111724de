"""The web survey of the study engine (FastAPI, Jinja templates, a little optional JavaScript)."""
