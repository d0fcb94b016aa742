"""Test-wide settings: hypothesis never times examples (tests carry no time limits)."""

from hypothesis import settings

settings.register_profile("meeple", deadline=None)
settings.load_profile("meeple")
