# Two commands matter: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: demo test lint bench install clean-demo

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall when the dependency list changes.
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

install: $(STAMP)

demo: export DEBUG = 1
demo: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py create_demo_users
	$(PY) manage.py load_demo
	$(PY) manage.py serve_demo --addr 127.0.0.1:8000

# Two test processes (pytest-xdist). With --dist load the tests handed out last stay with
# the process that got them, and one process ran 100 s alone at the end; with worksteal an
# idle process takes tests queued for the other. TEST_PROCESSES=1: one process.
TEST_PROCESSES ?= 2
test: $(STAMP)
	$(PY) -m pytest $(if $(filter 1,$(TEST_PROCESSES)),,-n $(TEST_PROCESSES) --dist worksteal) $(PYTEST_ARGS)

# The import contracts (.importlinter): scoring stays a library, tasks -> services only.
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

bench: $(STAMP)
	$(PY) -m bench

clean-demo:
	rm -rf var/lexicheck.sqlite3* var/broker var/results
