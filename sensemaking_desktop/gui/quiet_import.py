"""Importing the heavy parts of the core in a worker without stalling the window.

Python threads share one interpreter lock. An import runs mostly as bytecode, which hands the
lock over every few milliseconds, but the hundreds of thousands of objects that importing the
Teacher creates (it pulls in numpy, scipy, scikit-learn and nltk through rouge-score) trigger
full garbage collections, and a full collection holds the lock throughout: measured here, 60–150 ms
during which the event loop could not run. So the collector is paused while such modules load,
and what they created is then frozen out of later collections (`gc.freeze`), which also keeps
those collections short for the rest of the session.
"""

import gc
import importlib
import threading

_lock = threading.Lock()

NATIVE_ENGINES = ("onnxruntime", "llama_cpp")
"""Engines whose module initialisation is native code that holds the interpreter lock at a
stretch (onnxruntime's, measured here: 40–100 ms). In a worker, that is a frozen window while a
job runs, whatever the collector does; see import_engines."""


def import_quietly(*names: str) -> None:
    """Import `names` with the garbage collector paused, then freeze what they created."""
    with _lock:
        enabled = gc.isenabled()
        gc.disable()
        try:
            for name in names:
                importlib.import_module(name)
        finally:
            gc.freeze()
            if enabled:
                gc.enable()


def import_engines() -> None:
    """Import the native engines on the calling thread, before the window shows.

    The start then takes the time their initialisation needs (about 0.2 s here) while nothing
    is on screen yet, instead of a later job freezing the live window for it. An engine that
    cannot be imported is left to the job that needs it, which says why."""
    for name in NATIVE_ENGINES:
        try:
            import_quietly(name)
        except (ImportError, OSError):
            continue
