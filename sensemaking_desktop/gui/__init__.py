"""The desktop window: Qt views that present the core and never hold logic of their own."""
