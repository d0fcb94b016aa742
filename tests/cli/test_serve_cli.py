"""``meeple serve`` from the command line: what it prints and how it refuses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from meeple.cli import main


def test_a_database_that_cannot_be_opened_is_refused_with_its_reason(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    r = CliRunner().invoke(main, ["serve", "--db", str(blocked / "meeple.db")])
    assert r.exit_code == 1
    assert "cannot open the database" in r.output and "meeple.db" in r.output


def test_options_out_of_range_are_refused_with_what_is_allowed() -> None:
    r = CliRunner().invoke(main, ["serve", "--port", "70000"])
    assert r.exit_code == 2 and "1<=x<=65535" in r.output
    r = CliRunner().invoke(main, ["serve", "--bot-delay", "-1"])
    assert r.exit_code == 2 and "0<=x<=60" in r.output


def test_the_server_prints_the_address_to_open(tmp_path: Path) -> None:
    from tests.server.live import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port", str(port),
                             "--db", str(tmp_path / "m.db")], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        proc.kill()
        proc.wait()
    assert f"http://127.0.0.1:{port}/" in line and "open it in a browser" in line
    assert str(tmp_path / "m.db") in line


def test_the_database_comes_from_meeple_db_and_its_password_is_never_printed(
        tmp_path: Path) -> None:
    """``MEEPLE_DB`` names the database when ``--db`` does not (a URL with a password then
    stays out of the process list); a URL's password is not printed even when it fails."""
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    r = CliRunner().invoke(main, ["serve"], env={"MEEPLE_DB": str(blocked / "from-env.db")})
    assert r.exit_code == 1 and "from-env.db" in r.output
    r = CliRunner().invoke(main, ["serve"], env={
        "MEEPLE_DB": "postgresql://meeple:s3cret-word@127.0.0.1:1/none"})
    assert r.exit_code == 1 and "cannot open the database" in r.output
    assert "s3cret-word" not in r.output and "127.0.0.1:1" in r.output
