# lingeval: `make demo` and `make test` are the whole quickstart.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip
# The CPU wheel of PyTorch that lies on this kind of machine; any other torch request pulls CUDA.
TORCH  ?= torch==2.13.0

.PHONY: demo test check lint typecheck bench install install-dev clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -q -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) install -q "$(TORCH)"
	$(PIP) install -q -e ".[lm,dask,dev]"
	@touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

DATA     := src/lingeval/data
DEMO_OUT := .demo
LINGEVAL := $(BIN)/lingeval
# Each step fits one screen; `make demo FULL=1` prints every row of every table.
SHOW      = $(if $(FULL),cat,head -n $(1))
MORE     := $(if $(FULL),true,echo "   ... (more rows: make demo FULL=1)")

# The main job on data the package ships: resolve conjuncts with the rule-based resolver and
# score them beside the calibration baselines, then a tour of the other three areas.
demo: $(VENV)/.installed
	@mkdir -p $(DEMO_OUT)
	@echo "== 1. Conjunct resolution: the rules resolver rewrites each sentence around one and/or/but =="
	@echo "   (the 32 examples the package ships; '# rule:' names the rule that fired)"
	@$(LINGEVAL) conjuncts resolve --show-rule -i $(DATA)/conjuncts/examples.jsonl | $(call SHOW,20); $(MORE)
	@$(LINGEVAL) conjuncts resolve -i $(DATA)/conjuncts/examples.jsonl --json > $(DEMO_OUT)/rules.jsonl
	@echo
	@echo "== 2. Verb-nucleus scores of those rewrites (paper 000, section 6), P/R/F1 in % =="
	@echo "   Calibration_1: the input sentence copied once (a system that rewrites nothing)."
	@echo "   Calibration_k: the input copied k times, k = number of gold sentences (right count, no rewriting)."
	@echo "   These are the package's own examples, on which the rules were developed: a development"
	@echo "   figure, not a quality claim. Figures on real data: README, section Performance (quality of the rules resolver)."
	@$(LINGEVAL) conjuncts evaluate --gold $(DATA)/conjuncts/examples.jsonl --pred $(DEMO_OUT)/rules.jsonl --bootstrap 200
	@echo
	@echo "== 3. Fair parser evaluation: the same sentences annotated in two conventions (UD and SUD) =="
	@echo "   'difference' = how far one gold standard is from the other; NED forgives convention choices."
	@$(LINGEVAL) depeval compare $(DATA)/depeval/sample-ud.conllu $(DATA)/depeval/sample-sud.conllu
	@echo
	@echo "== 4. Probing: Italian acceptability pairs, scored by a unigram baseline (no model download) =="
	@echo "   The 'humans' rows use SYNTHETIC judgements shipped for the demo, not real participants."
	@$(LINGEVAL) probe acceptability $(DATA)/probing/sample/acceptability.tsv --baseline it \
	    -j $(DATA)/probing/sample/judgements-acceptability.csv | $(call SHOW,22); $(MORE)
	@echo
	@echo "== 5. A whole REG human study: design, web survey on localhost, SIMULATED participants, analysis =="
	@echo "   The participants are simulated with planted system effects (table before the analysis); the analysis should recover them."
	@echo "   (40 simulated participants, about a minute; letters: systems sharing no letter differ significantly)"
	@$(LINGEVAL) study demo --per-group 10 | $(call SHOW,36); $(MORE)

test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest -q

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

check: lint typecheck

bench: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) $(DEMO_OUT) .pytest_cache .mypy_cache .ruff_cache build dist
