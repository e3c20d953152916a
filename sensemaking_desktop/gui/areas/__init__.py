"""The window's areas, one module each; main_window.AREAS lists them in order."""
