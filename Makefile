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

# The main job on data the package ships: resolve conjuncts with the rule-based resolver and
# score them beside the calibration baselines, then a tour of the other three areas.
demo: $(VENV)/.installed
	@mkdir -p $(DEMO_OUT)
	@echo "== 1. Conjunct resolution: the rules resolver on the bundled examples =="
	$(BIN)/lingeval conjuncts resolve --show-rule -i $(DATA)/conjuncts/examples.jsonl
	$(BIN)/lingeval conjuncts resolve -i $(DATA)/conjuncts/examples.jsonl --json > $(DEMO_OUT)/rules.jsonl
	@echo "== 2. Verb-nucleus scores of those rewrites, with Calibration_1 and Calibration_k beside =="
	$(BIN)/lingeval conjuncts evaluate --gold $(DATA)/conjuncts/examples.jsonl --pred $(DEMO_OUT)/rules.jsonl
	@echo "== 3. Fair parser evaluation: two annotation conventions of the same sentences =="
	$(BIN)/lingeval depeval compare $(DATA)/depeval/sample-ud.conllu $(DATA)/depeval/sample-sud.conllu
	@echo "== 4. Probing: acceptability tables on the bundled Italian sample (unigram baseline) =="
	$(BIN)/lingeval probe acceptability $(DATA)/probing/sample/acceptability.tsv --baseline it \
	    -j $(DATA)/probing/sample/judgements-acceptability.csv
	@echo "== 5. A whole REG human study: design, web survey on localhost, simulated participants, analysis =="
	$(BIN)/lingeval study demo

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
