"""The layers of docs/design.md: below the command line, only the ``store``, ``catalog`` and
``locale`` packages touch files, and no module imports Typer or tabulate."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "canasta_score"
FILE_CALLS = {
    "open",
    "read_text",
    "read_bytes",
    "write_text",
    "write_bytes",
    "mkdir",
    "iterdir",
    "glob",
    "rglob",
    "unlink",
    "replace",
    "rename",
    "scandir",
}
MAY_TOUCH_FILES = ("store", "catalog", "locale", "cli")


def library_modules() -> list[Path]:
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).parts[0] not in (*MAY_TOUCH_FILES, "__main__.py")
    ]


def called_names(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def imported(tree: ast.AST) -> set[str]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module.split(".")[0])
    return out


def test_only_store_and_catalog_touch_files_below_the_command_line() -> None:
    touching = {
        str(path.relative_to(PACKAGE)): sorted(called & FILE_CALLS)
        for path in library_modules()
        if (called := called_names(ast.parse(path.read_text("utf-8"))) & FILE_CALLS)
    }
    # str.replace is a string method, not a file call: allow it where no Path is used.
    touching = {
        name: calls
        for name, calls in touching.items()
        if calls != ["replace"] or "Path" in (PACKAGE / name).read_text("utf-8")
    }
    assert touching == {}


def test_no_library_module_imports_typer_or_tabulate() -> None:
    for path in library_modules():
        assert not imported(ast.parse(path.read_text("utf-8"))) & {"typer", "tabulate"}, path


def test_only_the_table_module_imports_tabulate() -> None:
    """Every table goes through ``cli.tables``, which measures Hangul as two columns and keeps
    tabulate from importing wcwidth at start-up."""
    importing = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if "tabulate" in imported(ast.parse(path.read_text("utf-8")))
    ]
    assert importing == ["cli/tables.py"]
