"""The system libraries Qt's X11 platform plugin (xcb) needs, and a display, checked before Qt starts.

When one is missing, Qt aborts the process with a message that names the wrong library
("xcb-cursor0 … is needed", when it is installed and libxcb-icccm4 is what is missing). So
on Linux, before the QApplication exists, the app loads each library the plugin links to (the
list `readelf -d` gives for PySide6's libqxcb.so and libQt6XcbQpa.so, Qt's own libraries
left out) and names exactly the missing ones with the command that installs them. Those that
Qt's GUI library itself links to are needed on every platform plugin: without one, importing
PySide6's widgets fails, and gui/app.py names them instead of the import's traceback. With the
libraries there but no display to connect to, Qt aborts as well ("could not connect to
display"), so that is said in one line too, with what to do instead.
Nothing here imports Qt.
"""

import ctypes
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Library:
    """A shared library by the name the plugin asks for, and the package holding it on Debian
    or Ubuntu and on Fedora."""

    soname: str
    debian: str
    fedora: str


XCB_LIBRARIES = (
    Library("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor"),
    Library("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm"),
    Library("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms"),
    Library("libxcb-image.so.0", "libxcb-image0", "xcb-util-image"),
    Library("libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil"),
    Library("libxcb-util.so.1", "libxcb-util1", "xcb-util"),
    Library("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11"),
    Library("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon"),
    Library("libxcb-randr.so.0", "libxcb-randr0", "libxcb"),
    Library("libxcb-shape.so.0", "libxcb-shape0", "libxcb"),
    Library("libxcb-shm.so.0", "libxcb-shm0", "libxcb"),
    Library("libxcb-sync.so.1", "libxcb-sync1", "libxcb"),
    Library("libxcb-xfixes.so.0", "libxcb-xfixes0", "libxcb"),
    Library("libxcb-render.so.0", "libxcb-render0", "libxcb"),
    Library("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb"),
    Library("libxcb.so.1", "libxcb1", "libxcb"),
    Library("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb"),
    Library("libX11.so.6", "libx11-6", "libX11"),
    Library("libGL.so.1", "libgl1", "libglvnd-glx"),
    Library("libEGL.so.1", "libegl1", "libglvnd-egl"),
    Library("libfontconfig.so.1", "libfontconfig1", "fontconfig"),
    Library("libfreetype.so.6", "libfreetype6", "freetype"),
    Library("libdbus-1.so.3", "libdbus-1-3", "dbus-libs"),
)
"""What the xcb plugin (and Qt's GUI library) links to beyond Qt and the C library, in the order
worth naming."""

QT_GUI_LIBRARIES = (
    "libEGL.so.1",
    "libX11.so.6",
    "libxkbcommon.so.0",
    "libGL.so.1",
    "libfreetype.so.6",
    "libfontconfig.so.1",
)
"""What libQt6Gui and libQt6Widgets link to (`readelf -d`), needed whatever the platform plugin."""

INSTALL_GUIDE = "docs/install.md"


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will start on X11: on Linux, unless QT_QPA_PLATFORM names another platform
    first, or (with none named) a Wayland session is there for Qt's Wayland plugin."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    return chosen == "xcb" if chosen else not environ.get("WAYLAND_DISPLAY")


def missing_libraries(
    load: Callable[[str], object] = ctypes.CDLL, libraries: tuple[Library, ...] = XCB_LIBRARIES
) -> list[Library]:
    """The libraries the dynamic loader cannot open, searched as it will search for Qt."""
    missing = []
    for library in libraries:
        try:
            load(library.soname)
        except OSError:
            missing.append(library)
    return missing


def how_to_install(missing: list[Library], which: Callable[[str], str | None] = shutil.which) -> str:
    """How to install the packages holding `missing`: this system's command where it has apt
    or dnf, else both lists."""
    debian = " ".join(dict.fromkeys(library.debian for library in missing))
    fedora = " ".join(dict.fromkeys(library.fedora for library in missing))
    if which("apt-get"):
        return f"install them with `sudo apt-get install {debian}`"
    if which("dnf"):
        return f"install them with `sudo dnf install {fedora}`"
    return f"install the packages {debian} (Debian, Ubuntu) or {fedora} (Fedora)"


def platform_problem(
    environ: Mapping[str, str],
    load: Callable[[str], object] = ctypes.CDLL,
    which: Callable[[str], str | None] = shutil.which,
    platform: str = sys.platform,
) -> str | None:
    """One line naming the missing libraries and how to install them, or None when the window
    can start: on X11 every library the xcb plugin needs, on Linux's other platforms those of
    Qt's GUI library."""
    if not platform.startswith("linux"):
        return None
    on_x11 = uses_xcb(environ, platform)
    needed = XCB_LIBRARIES if on_x11 else tuple(lib for lib in XCB_LIBRARIES if lib.soname in QT_GUI_LIBRARIES)
    missing = missing_libraries(load, needed)
    if not missing:
        return None
    names = ", ".join(library.soname for library in missing)
    platform_name = "Qt's X11 platform" if on_x11 else "Qt"
    return (
        f"The window cannot open: {platform_name} needs {names}, which this system lacks; "
        f"{how_to_install(missing, which)} ({INSTALL_GUIDE} lists what each system needs)."
    )


_HELD: list[int] = []
"""The probe's connection, kept open while the app runs: an X server that resets when its last
client leaves (Xvfb does) would otherwise be resetting just when Qt connects."""


def connects(display: str) -> bool:
    """Whether the X server `display` names accepts a connection (libxcb, as Qt connects)."""
    xcb = ctypes.CDLL("libxcb.so.1")
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = (ctypes.c_char_p, ctypes.c_void_p)
    xcb.xcb_connection_has_error.argtypes = (ctypes.c_void_p,)
    xcb.xcb_disconnect.argtypes = (ctypes.c_void_p,)
    connection = xcb.xcb_connect(display.encode(), None)
    if xcb.xcb_connection_has_error(connection):
        xcb.xcb_disconnect(connection)
        return False
    _HELD.append(connection)
    return True


NO_SCREEN_HELP = (
    "Start it in a desktop session (or over `ssh -X`); without a screen, every step works with the "
    "`sensemaking` command (`sensemaking --help`, and `sensemaking models check` shows that the model runs)."
)


def display_problem(
    environ: Mapping[str, str], connect: Callable[[str], bool] = connects, platform: str = sys.platform
) -> str | None:
    """One line saying that there is no screen to open the window on, and what to do instead;
    None when Qt will not use X11 or the display answers."""
    if not uses_xcb(environ, platform):
        return None
    display = environ.get("DISPLAY", "").strip()
    if not display:
        return f"The window cannot open: there is no screen here (DISPLAY is not set). {NO_SCREEN_HELP}"
    if not connect(display):
        return f"The window cannot open: the display {display} (DISPLAY) does not answer. {NO_SCREEN_HELP}"
    return None
