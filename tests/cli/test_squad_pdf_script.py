"""docs/scripts/make_squad_pdf.py answers --help, or arguments left out, with its usage, not a traceback."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "docs" / "scripts" / "make_squad_pdf.py"


def test_help_and_missing_arguments_give_the_usage() -> None:
    helped = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "usage: make_squad_pdf.py [-h] SQUAD TITLE [HEADINGS] OUT" in helped.stdout
    assert "squad2-dev-slice/original/dev-v2.0.json Normans" in " ".join(helped.stdout.split()), "an example to paste"
    bare = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert bare.returncode == 2 and "usage:" in bare.stderr and "Traceback" not in bare.stderr
