"""A notebook grades the same however it was saved: Jupyter, nbformat 4.0 to 4.5, VS Code, Colab.

The writers differ in what they put in the file, never in what the student wrote: a cell's
source as a list of lines or one string, cell ids or none, outputs kept or cleared, attachments,
extra metadata, a byte-order mark, CRLF line ends, trailing spaces, the JSON's indentation.
Hypothesis makes such variants of real submissions (derandomized, no example database): many
are read, linted and assembled as the grader does (no kernel, fast), and a few are graded in
full with a real kernel; each must come out exactly as its plain twin does.
"""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit import course
from gamekit.grader import driver
from gamekit.grader.job import Job, assemble, grade_job
from gamekit.grader.lint import lint_submission
from gamekit.grader.nbfile import parse_notebook

ROOT = Path(__file__).resolve().parent.parent
PNG = base64.b64encode(bytes.fromhex("89504e470d0a1a0a")).decode()


def twin(assignment: str, case_name: str) -> dict:
    """The submission of fixture case ``case_name``, every source one string (the plain twin)."""
    name = f"{assignment}.ipynb"
    release = json.loads((ROOT / "release" / assignment / name).read_text())
    source = json.loads((ROOT / "source" / assignment / name).read_text())
    case = course.load_cases(ROOT, assignment, [case_name])[0]
    notebook = course.build_submission(release, source, case)
    for cell in notebook["cells"]:
        cell["source"] = (
            "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        )
    return notebook


VARIANT = st.fixed_dictionaries(
    {
        "lists": st.sampled_from(["all", "none", "some"]),
        "crlf": st.booleans(),
        "bom": st.booleans(),
        "trailing": st.booleans(),
        "minor": st.integers(min_value=0, max_value=5),
        "outputs": st.sampled_from(["cleared", "kept", "errors"]),
        "attachments": st.booleans(),
        "editor": st.sampled_from(["jupyter", "vscode", "colab"]),
        "indent": st.sampled_from([None, 1, 2]),
    }
)


def saved(notebook: dict, how: dict) -> bytes:
    """``notebook`` as the writer ``how`` describes would save it (the student's text kept)."""
    nb = copy.deepcopy(notebook)
    nb["nbformat_minor"] = how["minor"]
    for number, cell in enumerate(nb["cells"]):
        text = cell["source"]
        answer = bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))
        if how["trailing"] and answer:
            text = "\n".join(line + "  " for line in text.split("\n"))
        if how["crlf"]:
            text = text.replace("\n", "\r\n")
        split = how["lists"] == "all" or (how["lists"] == "some" and number % 2 == 0)
        cell["source"] = text.splitlines(keepends=True) if split else text
        if how["minor"] < 5:
            cell.pop("id", None)
        else:
            cell.setdefault("id", f"cell-{number}")
        if cell["cell_type"] == "code":
            cell["execution_count"] = number if how["outputs"] != "cleared" else None
            cell["outputs"] = []
            if how["outputs"] != "cleared":
                cell["outputs"].append(
                    {"output_type": "stream", "name": "stdout", "text": ["old output\n"]}
                )
                cell["outputs"].append(
                    {
                        "output_type": "display_data",
                        "data": {"image/png": PNG, "text/plain": ["<Figure>"]},
                        "metadata": {},
                    }
                )
            if how["outputs"] == "errors":
                cell["outputs"].append(
                    {
                        "output_type": "error",
                        "ename": "NotImplementedError",
                        "evalue": "",
                        "traceback": ["\x1b[31mNotImplementedError\x1b[0m"],
                    }
                )
        elif cell["cell_type"] == "markdown" and how["attachments"]:
            cell["attachments"] = {"pic.png": {"image/png": PNG}}
        if how["editor"] == "vscode":
            cell["metadata"]["vscode"] = {"languageId": "python"}
        elif how["editor"] == "colab":
            cell["metadata"]["id"] = f"colab{number}"
            cell["metadata"]["colab"] = {"base_uri": "https://localhost/"}
    if how["editor"] == "colab":
        nb["metadata"]["colab"] = {"provenance": []}
        nb["metadata"]["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    elif how["editor"] == "vscode":
        nb["metadata"]["language_info"] = {"name": "python", "version": "3.11.7"}
    text = json.dumps(nb, indent=how["indent"], ensure_ascii=False)
    return (b"\xef\xbb\xbf" if how["bom"] else b"") + text.encode("utf-8")


def normal(text: str) -> str:
    """What the student wrote, whatever the writer did to line ends and trailing spaces."""
    return "\n".join(line.rstrip() for line in text.replace("\r\n", "\n").split("\n"))


def lint_kinds(release_dir: Path, folder: Path, data: bytes, name: str) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)
    report = lint_submission(release_dir, folder)
    return sorted(f.kind for f in report.findings)


# --------------------------------------------------------------------------------------------
# Many variants, read, linted and assembled as the grader does
# --------------------------------------------------------------------------------------------

COUNTS = {"variants": 0, "alike": 0}


@pytest.mark.parametrize(
    ("assignment", "case_name"),
    [
        ("a02_alphabeta", "reference"),
        ("a02_alphabeta", "strict_inequality"),
        ("a01_minimax", "reference"),
    ],
)
@settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(how=VARIANT)
def test_every_variant_reads_lints_and_assembles_like_its_twin(
    assignment, case_name, how, tmp_path_factory
):
    name = f"{assignment}.ipynb"
    release_dir = ROOT / "release" / assignment
    release = nbformat.read(release_dir / name, as_version=4)
    plain = twin(assignment, case_name)
    plain_bytes = json.dumps(plain).encode()
    data = saved(plain, how)
    variant = parse_notebook(data)
    reference = parse_notebook(plain_bytes)
    assert [normal(c.source) for c in variant.cells] == [normal(c.source) for c in reference.cells]
    built, _ = assemble(release, variant, {})
    built_twin, _ = assemble(release, reference, {})
    assert all(isinstance(c.source, str) for c in built.cells)  # what nbclient needs
    assert [normal(c.source) for c in built.cells] == [normal(c.source) for c in built_twin.cells]
    where = tmp_path_factory.mktemp("variant")
    kinds = lint_kinds(release_dir, where / "variant", data, name)
    assert kinds == lint_kinds(release_dir, where / "twin", plain_bytes, name), how
    COUNTS["variants"] += 1
    COUNTS["alike"] += 1


def test_the_share_of_variants_handled_alike_is_all_of_them():
    if COUNTS["variants"] == 0:
        pytest.skip("run with the variant test")
    assert COUNTS["alike"] == COUNTS["variants"] >= 100


# --------------------------------------------------------------------------------------------
# A few variants graded in full, with a real kernel
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hidden(tmp_path_factory) -> dict[str, dict]:
    """Each assignment's hidden tests, from a scratch course's gradebook."""
    root = course.scratch_course(tmp_path_factory.mktemp("variants") / "course", ROOT)
    url = driver.db_url_of(root)
    found = {}
    for assignment in ("a01_minimax", "a02_alphabeta"):
        driver.ensure_in_gradebook(root, assignment, url, log=lambda _: None)
        found[assignment] = driver.hidden_tests(url, assignment)
    return found


def grade(assignment: str, data: bytes, hidden: dict) -> list[tuple[str, float | None, str]]:
    name = f"{assignment}.ipynb"
    job = Job(
        assignment,
        "variant",
        {name: (ROOT / "release" / assignment / name).read_text()},
        hidden[assignment],
        {name: base64.b64encode(data).decode()},
        driver.LITERAL_CELLS.get(assignment, []),
    )
    result = grade_job(job)
    assert result["status"] == "graded", result["reasons"]
    return [(c["grade_id"], c["score"], c["message"]) for c in result["cells"]]


JUPYTER = {
    "lists": "all", "crlf": False, "bom": False, "trailing": False, "minor": 5,
    "outputs": "kept", "attachments": True, "editor": "jupyter", "indent": 1,
}  # fmt: skip
WINDOWS = dict(JUPYTER, crlf=True, bom=True, trailing=True, editor="vscode", indent=None)
OLD = dict(JUPYTER, minor=2, outputs="errors", lists="some", editor="colab", indent=2)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("assignment", "case_name", "how"),
    [
        ("a02_alphabeta", "reference", JUPYTER),
        ("a02_alphabeta", "reference", WINDOWS),
        ("a02_alphabeta", "strict_inequality", OLD),
        ("a01_minimax", "reference", JUPYTER),
        ("a01_minimax", "reference", WINDOWS),
    ],
    ids=["a02-jupyter", "a02-windows", "a02-wrong-old", "a01-jupyter", "a01-windows"],
)
def test_a_saved_variant_grades_exactly_as_its_twin(assignment, case_name, how, hidden):
    plain = twin(assignment, case_name)
    expected = grade(assignment, json.dumps(plain).encode(), hidden)
    assert grade(assignment, saved(plain, how), hidden) == expected
    assert any(score for _, score, _ in expected)  # the twin itself earned points
