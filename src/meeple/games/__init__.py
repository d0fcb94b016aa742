"""The games that ship with meeple; each registers with one line in ``core/registry.py``."""
