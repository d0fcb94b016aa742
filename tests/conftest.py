"""Test-wide settings: hypothesis never times examples (tests carry no time limits); records
the terminal saves by default go to the test's temporary folder, not the user's data folder."""

from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("meeple", deadline=None)
settings.load_profile("meeple")


@pytest.fixture(autouse=True, scope="session")
def _data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MEEPLE_DATA_DIR", str(tmp_path_factory.mktemp("meeple-data")))
        yield
