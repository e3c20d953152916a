"""`python -m sensemaking_desktop.gui` opens the window."""

import sys

from sensemaking_desktop.gui.app import main

sys.exit(main())
