"""The bundle's one entry script: both executables run it, and the name they were started by
says whether the window (`sensemaking-desktop`) or the command line (`sensemaking`) starts.

One script keeps one PyInstaller analysis for both executables, so they share `_internal`. On
Linux `sensemaking` is a symbolic link to the one executable (build.py), so the name is the one
in argv[0]: the executable's own path names its target.
"""

import multiprocessing
import os
import sys
from pathlib import Path

GUI_NAME = "sensemaking-desktop"


def started_as(argv0: str) -> str:
    """`sensemaking` for `/opt/x/bin/sensemaking` or `sensemaking.exe`: the name without folder or suffix."""
    return Path(argv0).stem


def main() -> None:
    """Speech recognition runs in a spawned child, which a frozen executable must answer first.

    The bundle leaves PyMuPDF's layout model out (see sensemaking.spec), and PyMuPDF would then
    print a suggestion to install it on stdout, into `--json` output, at every table search.
    """
    multiprocessing.freeze_support()
    os.environ.setdefault("PYMUPDF_SUGGEST_LAYOUT_ANALYZER", "0")
    if started_as(sys.argv[0]) == GUI_NAME:
        from sensemaking_desktop.gui.app import main as gui_main

        sys.exit(gui_main())
    from sensemaking_desktop.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
