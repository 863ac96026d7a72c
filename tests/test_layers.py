"""The layers of docs/design.md: each sub-package imports only from the layers below it (core,
rules, judging, hands, games, output, web, cli, in that order); below the command line only the
store, the ruleset catalog and its cache, the page templates' cache and ``locale`` touch files;
no module below the command line imports Typer or tabulate."""

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
MAY_TOUCH_FILES = (
    "games/store/",
    "rules/catalog.py",
    "rules/rulecache.py",
    "output/templatecache.py",
    "locale/",
    "cli/",
)
# The layers, lowest first. ``locale`` (the catalogs and their loader) belongs to the bottom one,
# and so does the package's own ``__init__`` (its version).
LAYERS = ("core", "rules", "judging", "hands", "games", "output", "web", "cli")
LAYER_OF = {"locale": "core", "__init__.py": "core", "__main__.py": "cli"}


def library_modules() -> list[Path]:
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if not str(path.relative_to(PACKAGE)).startswith((*MAY_TOUCH_FILES, "__main__.py"))
    ]


def layer(parts: tuple[str, ...] | list[str]) -> int:
    """The rank of the layer a module of the package belongs to (its path or dotted name)."""
    top = parts[0] if parts else "__init__.py"
    return LAYERS.index(LAYER_OF.get(top, top))


def package_imports(tree: ast.AST) -> set[str]:
    """Every module of the package a module imports, at its top or inside a function."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in out if name.split(".")[0] == "canasta_score"}


def test_every_module_sits_in_a_layer() -> None:
    loose = [
        path.name
        for path in PACKAGE.glob("*.py")
        if path.name not in ("__init__.py", "__main__.py")
    ]
    assert loose == []
    for path in PACKAGE.rglob("*.py"):
        assert layer(path.relative_to(PACKAGE).parts) >= 0


def test_imports_go_down_the_layers_only() -> None:
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = layer(path.relative_to(PACKAGE).parts)
        for name in package_imports(ast.parse(path.read_text("utf-8"))):
            parts = name.split(".")[1:]
            if parts and parts[0] not in (*LAYERS, *LAYER_OF) and len(parts) == 1:
                continue  # a name imported from the package itself (its version)
            if layer(parts) > own:
                upward.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert upward == []


def test_the_layer_check_sees_an_upward_import() -> None:
    """The check above can fail: a module of ``rules`` importing ``games`` is found."""
    tree = ast.parse("def f():\n    from canasta_score.games.game import Game\n")
    names = package_imports(tree)
    assert "canasta_score.games.game" in names
    assert layer(("games", "game")) > layer(("rules", "ruleset.py"))


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
