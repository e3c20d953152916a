"""The packaging scripts, imported by path for the packaging tests: the folder's name would
shadow the `packaging` library."""

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"


def load_script(name: str) -> ModuleType:
    """packaging/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(f"sensemaking_{name}", PACKAGING / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
