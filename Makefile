# Two commands matter: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: demo test test-processes lint bench install clean-demo

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

# Three test processes (pytest-xdist) on any machine. Many tests wait on a process of
# their own (a Celery worker, Chromium, a server); a third test process keeps the CPUs
# busy meanwhile (2 cores: 246.6 s with 2, 214.8 s with 3, 216.5 s with 4). With
# worksteal an idle process takes tests queued for another (--dist load left one running
# the last batch alone). TEST_PROCESSES=1: one process.
TEST_PROCESSES ?= 3
test-processes:
	@echo $(TEST_PROCESSES)

# Bytecode is written (an empty PYTHONDONTWRITEBYTECODE is unset for Python) even where the
# environment turns it off: every test process and each worker, server or CLI process a
# test starts would otherwise compile the project's modules again, and pytest rewrite
# the asserts of every test module again (4 s of a collection's 9 s of CPU here).
test: export PYTHONDONTWRITEBYTECODE :=
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
