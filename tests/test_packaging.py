"""Packaging: pyproject.toml and environment.yml describe the same environment."""

from __future__ import annotations

import re
import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def read_environment_yml(text: str) -> dict:
    """Parse the small subset of YAML that environment.yml uses.

    Top-level ``key: value`` pairs and ``key:`` followed by a list of ``- item`` lines, where an
    item may itself be ``pip:`` followed by a deeper list. Comments and blank lines are skipped.
    Anything else raises ValueError, so the file cannot drift into YAML this parser misreads.
    """
    result: dict = {}
    current: list | None = None
    nested: list | None = None
    nested_indent = -1
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(" #", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        body = line.strip()
        if indent == 0:
            key, sep, value = body.partition(":")
            if not sep or not re.fullmatch(r"[A-Za-z_][\w-]*", key):
                raise ValueError(f"line {number}: expected `key: value`, got {raw!r}")
            value = value.strip()
            if value:
                result[key], current = value, None
            else:
                result[key] = current = []
            nested = None
            continue
        if current is None or not body.startswith("- "):
            raise ValueError(f"line {number}: expected a list item, got {raw!r}")
        item = body[2:].strip()
        if nested is not None and indent > nested_indent:
            nested.append(item)
            continue
        nested = None
        if item.endswith(":"):
            nested, nested_indent = [], indent
            current.append({item[:-1]: nested})
        else:
            current.append(item)
    return result


def normalise(requirement: str) -> tuple[str, str]:
    """``("numpy", ">=1.26,<3")`` from ``"numpy >= 1.26, <3"``, names compared the PEP 503 way."""
    match = re.fullmatch(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)", requirement)
    assert match, requirement
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    return name, re.sub(r"\s+", "", match.group(2))


def test_the_yaml_reader_reads_the_shapes_it_promises():
    parsed = read_environment_yml(
        "# c\nname: x\nlist:\n  - a>=1  # note\n  - pip:\n      - -e .\n  - b\n"
    )
    assert parsed == {"name": "x", "list": ["a>=1", {"pip": ["-e ."]}, "b"]}
    with pytest.raises(ValueError, match="expected a list item"):
        read_environment_yml("list:\n  a: b\n")


@pytest.fixture(scope="module")
def environment() -> dict:
    return read_environment_yml((ROOT / "environment.yml").read_text(encoding="utf-8"))


def test_environment_yml_has_the_same_dependencies_and_bounds_as_pyproject(environment):
    project = pyproject()["project"]
    extras = project["optional-dependencies"]
    wanted = [*project["dependencies"], *extras["course"], *extras["dev"]]
    conda = [item for item in environment["dependencies"] if isinstance(item, str)]
    pip = [i for item in environment["dependencies"] if isinstance(item, dict)
           for i in item.get("pip", []) if i != "-e ."]  # fmt: skip
    conda_deps = dict(
        normalise(item) for item in conda + pip if normalise(item)[0] not in ("python", "pip")
    )
    pyproject_deps = dict(normalise(item) for item in wanted)
    assert conda_deps == pyproject_deps
    assert len(conda) == len(set(conda))  # nothing listed twice


def test_environment_yml_installs_the_project_and_python(environment):
    project = pyproject()["project"]
    items = environment["dependencies"]
    pip_sections = [item["pip"] for item in items if isinstance(item, dict) and "pip" in item]
    assert len(pip_sections) == 1 and pip_sections[0][-1] == "-e ."
    # only what conda-forge does not package (JupyterLab's language packs) comes from pip
    assert all(name.startswith("jupyterlab-language-pack-") for name in pip_sections[0][:-1])
    assert "pip" in items
    pythons = [
        normalise(item)[1]
        for item in items
        if isinstance(item, str) and normalise(item)[0] == "python"
    ]
    assert pythons == [project["requires-python"]]
    assert environment["channels"] == ["conda-forge"]
    assert environment["name"]


def test_pyproject_metadata():
    project = pyproject()["project"]
    assert project["name"] != "gamekit" and "gamekit" in project["name"]
    assert project["requires-python"] == ">=3.10"
    assert set(project["optional-dependencies"]) >= {"course", "dev"}


def test_every_subpackage_is_packaged():
    """An explicit ``packages`` list is not recursive: gamekit.checks must be listed too."""
    setuptools = pyproject()["tool"]["setuptools"]
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "gamekit").rglob("__init__.py")
    }
    assert "gamekit.checks" in on_disk
    packages = setuptools.get("packages")
    if isinstance(packages, list):
        missing = on_disk - set(packages)
    else:  # [tool.setuptools.packages.find]
        include = packages["find"].get("include", ["*"])
        missing = {name for name in on_disk if not any(fnmatch(name, p) for p in include)}
    assert not missing, f"not packaged: {sorted(missing)}"


def test_py_typed_ships_with_the_package():
    assert (ROOT / "gamekit" / "py.typed").is_file()
    package_data = pyproject()["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["gamekit"]


def test_installed_distribution_matches_pyproject():
    from importlib import metadata

    name = pyproject()["project"]["name"]
    distribution = metadata.distribution(name)
    assert distribution.version == pyproject()["project"]["version"]
    assert metadata.metadata(name)["Requires-Python"] == ">=3.10"


def test_the_yaml_reader_agrees_with_pyyaml_when_it_is_installed(environment):
    """PyYAML is no dependency of the course; when some other package brought it, compare."""
    yaml = pytest.importorskip("yaml")
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert environment == yaml.safe_load(text)


def test_ci_lints_before_it_tests():
    """`make lint` (ruff on the whole tree, notebooks included) gates CI, ahead of the tests."""
    steps = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() in ("make lint", "make test")
    ]
    assert steps == ["make lint", "make test"]


def test_the_source_notebooks_pass_ruff():
    """The notebooks the course hands out come from source/: they follow the course's lint."""
    ruff = Path(sys.executable).with_name("ruff")
    if not ruff.exists():
        pytest.skip("ruff is not installed (pip install -e '.[dev]')")
    run = subprocess.run(
        [str(ruff), "check", "--output-format", "concise", "source"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
