# The course's commands. `make demo` and `make test` set themselves up in .venv on first use.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
CHROMIUM ?= /usr/bin/chromium
# `make demo LANG=pt_BR`, `make feedback LANG=es`: the class's language for this run
# (gamekit.i18n; nbgrader_config.py sets the class's own). LANG given on the command line is
# the course's setting, not a locale: the commands themselves then run in C.UTF-8.
ifeq ($(origin LANG),command line)
export GAMEKIT_LANG := $(LANG)
override LANG := C.UTF-8
export LANG
endif
ASSIGNMENTS := a01_minimax a02_alphabeta a03_connect_four a04_hex_heuristics a05_mcts a06_negamax_quarto

.PHONY: help setup demo test lint bench release grade feedback report catalogues lab lab-instructor browser-deps sandbox-deps scale-deps clean

help:
	@echo "make demo      regenerate the release, autograde the sample submissions, print grades (LANG=pt_BR or es: feedback pages in it)"
	@echo "make test      run every test (sets up .venv and chromium when missing)"
	@echo "make lint      ruff check + format check"
	@echo "make bench     print engine speed figures"
	@echo "make release   regenerate release/ from source/ with nbgrader, and release/pt_BR, release/es, notebooks/<lang> from the catalogues"
	@echo "make grade     autograde everything under submitted/"
	@echo "make feedback  write feedback HTML for graded submissions (LANG=pt_BR or es: the class's language for this run)"
	@echo "make report    what the class got wrong: one HTML page per assignment under reports/ (LANG=pt_BR or es)"
	@echo "make catalogues  extract the course's messages, update the pt_BR and es catalogues, compile them"
	@echo "make lab       JupyterLab for students: a copy of release/ and notebooks/ in work/ (LANG=pt_BR or es: the notebooks and the lab in it)"
	@echo "make lab-instructor  JupyterLab on the whole course, with the formgrader"

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Python 3.10 or newer is needed; set PYTHON=python3.x")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[course,dev,scale]'
	@touch $(STAMP)

setup: $(STAMP)

demo: $(STAMP) sandbox-deps
	$(PY) -m gamekit.course demo

test: $(STAMP) browser-deps sandbox-deps scale-deps
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# Peers (easyAI, OpenSpiel) are installed for the bench only, never as dependencies; a peer
# that cannot be installed is reported by the bench as such.
bench: $(STAMP) sandbox-deps
	-$(PY) -m pip install --quiet --disable-pip-version-check easyAI
	-$(PY) -m pip install --quiet --disable-pip-version-check open_spiel
	-$(PY) -m pip install --quiet --disable-pip-version-check --no-deps aima3
	@mkdir -p build
	$(PY) -m gamekit.bench --json build/bench.json --strength 20
	$(PY) -m gamekit.gamebench
	$(PY) -m gamekit.grader.bench
	$(PY) -m gamekit.report.bench
	for a in $(ASSIGNMENTS); do $(PY) -m gamekit.checks.mutants $$a || exit 1; done
	for a in $(ASSIGNMENTS); do $(PY) -m gamekit.checks.mutants $$a --catalogue || exit 1; done
	for a in $(ASSIGNMENTS); do $(PY) -m gamekit.checks.mutants $$a --order 2 --sample 300 || exit 1; done

release: $(STAMP)
	$(PY) -m gamekit.course release

# make grade ARGS="a02_alphabeta --student ada --force"
grade: $(STAMP) sandbox-deps
	$(PY) -m gamekit.course grade $(ARGS)

feedback: $(STAMP)
	$(PY) -m gamekit.course feedback

# make report ARGS="a02_alphabeta --anonymous"
report: $(STAMP)
	$(PY) -m gamekit.course report $(ARGS)

# Students: a lab on their own copy of the release and the lecture notebooks (work/), never on
# source/ (solutions, hidden tests), the gradebook or other students' work, and no formgrader.
# Instructors: `make lab-instructor`, the whole course with the formgrader.
# JupyterLab refuses to run as root unless told: say so, then allow it (containers, CI images).
ROOT_FLAG = $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
LAB_ARGS ?=

# nbgrader's lab plugins and server extensions: students get none of them (the assignment list
# and course list need nbgrader's exchange, which a local lab has not; Validate shows tracebacks
# for blank exercises where the notebook shows a calm ○); instructors get the formgrader,
# Create Assignment and Validate, with a local exchange folder so release and collect work.
NBG_PLUGINS = formgrader course-list create-assignment assignment-list validate-assignment menu
NBG_SERVER  = formgrader validate_assignment assignment_list course_list
comma := ,
# The lab's news prompt ("get notified about official Jupyter news?") is off in class too.
NEWS := @jupyterlab/apputils-extension:announcements
# Students get no Extension Manager (it installs lab extensions from PyPI into the course's
# environment): its panel is disabled, and the server's manager is read-only, so its API installs
# nothing either. The instructor's lab keeps the panel, read-only: the course's pins stay as tested.
EXTENSION_MANAGER := @jupyterlab/extensionmanager-extension:plugin
disabled = {"disabledExtensions": {$(subst true ",true$(comma) ",$(foreach p,$(addprefix @jupyter/nbgrader:,$(1)) $(NEWS) $(2),"$(p)": true))}}
server_off = "{$(subst False ',False$(comma) ',$(foreach e,$(1),'nbgrader.server_extensions.$(e)': False))}"

# `make lab LANG=pt_BR` (or es): the notebooks in that language (release/pt_BR/, notebooks/pt_BR/,
# written from the catalogues by `make release`), and the boards and checks speak it (GAMEKIT_LANG).
# JupyterLab's own words come from its language packs (installed with the course: pyproject.toml),
# chosen by the lab's settings (an override of the translation plugin's locale).
LAB_LANG := $(filter pt_BR es,$(GAMEKIT_LANG))
LAB_RELEASE := $(if $(LAB_LANG),release/$(LAB_LANG),release)
LAB_LECTURES := $(if $(LAB_LANG),notebooks/$(LAB_LANG),notebooks)
LAB_LOCALE := $(if $(filter pt_BR,$(LAB_LANG)),pt_BR,$(if $(filter es,$(LAB_LANG)),es_ES,en))

lab: $(STAMP)
	@mkdir -p work/notebooks
	@cp -rn $(filter-out %/pt_BR %/es,$(wildcard $(LAB_RELEASE)/*)) work/ && cp -n $(LAB_LECTURES)/*.ipynb work/notebooks/ \
	  && echo "Your notebooks are in work/ (copies: release/ stays as handed out)."
	@[ -z "$(ROOT_FLAG)" ] || echo "Running as root: starting JupyterLab with --allow-root."
	@mkdir -p build/student-lab/labconfig build/student-lab/settings
	@echo '$(call disabled,$(NBG_PLUGINS),$(EXTENSION_MANAGER))' > build/student-lab/labconfig/page_config.json
	@echo '{"@jupyterlab/translation-extension:plugin": {"locale": "$(LAB_LOCALE)"}}' > build/student-lab/settings/overrides.json
	JUPYTER_CONFIG_PATH=$(CURDIR)/build/student-lab $(VENV)/bin/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=work \
	  --ServerApp.jpserver_extensions=$(call server_off,$(NBG_SERVER)) --LabApp.extension_manager=readonly \
	  --LabApp.app_settings_dir=$(CURDIR)/build/student-lab/settings $(LAB_ARGS)

# The formgrader's first page would create a missing gradebook, and nbgrader starts a whole new
# Python process for it (`alembic heads`, for the schema version: 25 of that page's 27 s on a busy
# machine): the SQLite gradebook is created before the lab starts instead (once; `make release`
# makes it too). The course's other gradebook users open it with nbgrader's default course id.
lab-instructor: $(STAMP)
	@[ -z "$(ROOT_FLAG)" ] || echo "Running as root: starting JupyterLab with --allow-root."
	@[ -e gradebook.db ] || [ -n "$$GAMEKIT_DB_URL" ] || { echo "Creating the gradebook (gradebook.db)."; \
	  PATH="$(abspath $(VENV))/bin:$$PATH" $(PY) -c 'from nbgrader.api import Gradebook; Gradebook("sqlite:///gradebook.db").close()'; }
	@mkdir -p build/instructor-lab/labconfig build/exchange
	@chmod 1777 build/exchange
	@printf 'c = get_config()  # noqa: F821\nc.Exchange.root = "%s"\n' "$(abspath build/exchange)" > build/instructor-lab/nbgrader_config.py
	@echo '$(call disabled,course-list assignment-list)' > build/instructor-lab/labconfig/page_config.json
	PATH="$(abspath $(VENV))/bin:$$PATH" JUPYTER_CONFIG_PATH=$(CURDIR)/build/instructor-lab \
	  $(VENV)/bin/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=. \
	  --ServerApp.jpserver_extensions=$(call server_off,assignment_list course_list) \
	  --LabApp.extension_manager=readonly $(LAB_ARGS)

# The browser tests drive Debian's chromium; install it when it is missing (needs root or sudo).
browser-deps:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "chromium not found: installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

# Student code is graded inside bubblewrap; install it when it is missing (needs root or sudo).
# Without it (macOS, no user namespaces) grading still runs, and says loudly that it is unsandboxed.
sandbox-deps:
	@if [ "$$(uname)" = Linux ] && ! command -v bwrap >/dev/null; then \
	  echo "bwrap not found: installing Debian's bubblewrap to sandbox student code"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq bubblewrap >/dev/null \
	    || echo "WARNING: could not install bubblewrap: student code will run unsandboxed"; \
	fi

# The large-class tests (JupyterHub with nbgrader's exchange, a PostgreSQL gradebook) use Debian's
# configurable-http-proxy and postgresql; install them when missing (needs root or sudo).
scale-deps:
	@missing=""; \
	command -v configurable-http-proxy >/dev/null || missing="$$missing node-configurable-http-proxy"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ "$$(uname)" = Linux ] && [ -n "$$missing" ]; then \
	  echo "installing Debian's$$missing for the large-class tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null \
	    || echo "WARNING: could not install$$missing: the large-class tests will be skipped"; \
	fi

clean:
	rm -rf build .pytest_cache .ruff_cache

# The course's languages (gamekit/i18n.py): the English messages marked in the code and the
# sentences of the notebooks' test cells go to gamekit/locale/gamekit.pot, each language's
# catalogue is updated from it (new messages come untranslated, never guessed), and the
# catalogues are compiled (.mo, not tracked). The notebooks' own catalogues
# (gamekit/locale/<lang>/notebooks/) are updated from the English notebooks, and the
# translated notebooks written (release/<lang>/, notebooks/<lang>/: gamekit/course/translate.py).
catalogues: $(STAMP)
	$(VENV)/bin/pybabel --quiet extract --no-default-keywords -k _ -k N_ -k kept_sentence -k ngettext:1,2 \
	  --project gamekit --copyright-holder "the gamekit course" --no-location --sort-output \
	  -o gamekit/locale/gamekit.pot gamekit
	$(PY) -m gamekit.course translations
	for l in pt_BR es; do $(VENV)/bin/pybabel --quiet update --no-fuzzy-matching --ignore-obsolete --width 100 \
	  -i gamekit/locale/gamekit.pot -d gamekit/locale -D gamekit -l $$l || exit 1; done
	$(PY) -m gamekit.i18n
