"""The rate bounds hold in any window of their length, across the edges of fixed windows
too (src/meeple/server/quota.py): the refusal says "at most N per S s", and no N + 1
requests inside S seconds ever pass."""

from __future__ import annotations

import time

import pytest

from meeple.server.limits import Limits, Rate
from meeple.server.quota import Quota
from meeple.server.refusal import Refused


def test_a_burst_across_a_window_edge_passes_no_more_than_the_bound() -> None:
    quota = Quota(Limits(actions=Rate(2, 2)))
    while not 1.6 <= time.time() % 2 < 1.8:  # late in an aligned two-second window
        time.sleep(0.01)
    quota.take("actions", "203.0.113.7")
    quota.take("actions", "203.0.113.7")
    while time.time() % 2 >= 1.0:  # just past the edge: a weighed counter forgets most of it
        time.sleep(0.01)
    with pytest.raises(Refused) as refused:
        quota.take("actions", "203.0.113.7")
    assert refused.value.status == 429 and "at most 2 per 2 s" in refused.value.reason
    quota.take("actions", "198.51.100.1")  # another address is counted on its own


def test_the_bound_frees_once_the_oldest_request_leaves_the_window() -> None:
    quota = Quota(Limits(undos=Rate(1, 1)))
    quota.take("undos", "203.0.113.7")
    with pytest.raises(Refused):
        quota.take("undos", "203.0.113.7")
    time.sleep(1.05)
    quota.take("undos", "203.0.113.7")
