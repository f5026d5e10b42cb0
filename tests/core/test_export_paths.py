"""Where export writes and what curator.toml may name: only regular files, only inside the workspace.

``--out`` never writes through a link nor over a device, a FIFO or a folder (a folder gets
the default file name inside it); a path in a shared ``curator.toml`` that leads out of the
workspace (the template may also be in the user's own config folder) is refused in one line
and the default is used.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from curator.cli import main
from curator.config import load_config

DEFAULT_NAME = "2026-08-20-inference-e1prep.md"


def _export(ws: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, list[str]]:
    rc = main(["export", str(ws), *args])
    out = capsys.readouterr()
    return rc, out.out, out.err.splitlines()


def _approve_one(ws: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decide", "2608.14376", "approve", str(ws)]) == 0
    capsys.readouterr()


def _set(ws: Path, line: str) -> None:
    cfg = ws / "curator.toml"
    cfg.write_text(
        line + "\n" + cfg.read_text(encoding="utf-8"), encoding="utf-8"
    )  # top level: before any table


def test_out_on_a_fifo_or_device_is_refused(sample_ws: Path, tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    targets = [fifo]
    device = tmp_path / "null"
    try:
        os.mknod(
            device, 0o666 | stat.S_IFCHR, os.makedev(1, 3)
        )  # a /dev/null of our own (needs root)
        targets.append(device)
    except (PermissionError, OSError):
        pass
    for target in targets:
        kind = stat.S_IFMT(os.lstat(target).st_mode)
        rc, out, err = _export(sample_ws, capsys, "--out", str(target), "--force")
        assert rc == 2 and not out
        assert err == [
            f"curator: {target} is not a regular file (a device or a pipe); curator writes only regular files"
        ]
        assert stat.S_IFMT(os.lstat(target).st_mode) == kind  # still what it was


@pytest.mark.parametrize("force", [False, True])
def test_out_on_a_link_neither_follows_nor_replaces_it(
    sample_ws: Path, tmp_path: Path, capsys, force: bool
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "briefing.md"
    link.symlink_to(victim)
    rc, out, err = _export(sample_ws, capsys, "--out", str(link), *(["--force"] if force else []))
    assert rc == 2 and not out
    assert err == [
        f"curator: {link} is a symbolic link; curator writes only regular files (choose another --out)"
    ]
    assert link.is_symlink() and os.readlink(link) == str(victim)
    assert victim.read_text(encoding="utf-8") == "precious\n"


def test_out_naming_a_folder_writes_the_default_name_inside(
    sample_ws: Path, tmp_path: Path, capsys
) -> None:
    _approve_one(sample_ws, capsys)
    folder = tmp_path / "out"
    folder.mkdir()
    rc, out, _err = _export(sample_ws, capsys, "--out", str(folder))
    assert rc == 0 and out.startswith(f"wrote {folder / DEFAULT_NAME} (1 increments)")
    assert "2608.14376" in (folder / DEFAULT_NAME).read_text(encoding="utf-8")
    rc, out, _err = _export(
        sample_ws, capsys, "--out", "new-folder/"
    )  # a trailing slash: a folder, made if needed
    assert rc == 0 and (sample_ws / "new-folder" / DEFAULT_NAME).is_file()
    assert [p.name for p in folder.iterdir()] == [
        DEFAULT_NAME
    ]  # no file named like the folder anywhere


def test_help_says_what_out_does(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "a folder (or a path ending in /) gets that file name inside it" in text
    assert "a link, a device or a pipe is refused" in text


def test_template_outside_the_workspace_is_not_read(
    sample_ws: Path, tmp_path: Path, capsys
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-TOKEN $increments\n", encoding="utf-8")
    _set(sample_ws, f'template = "{secret}"')
    rc, out, err = _export(sample_ws, capsys, "--stdout")
    assert rc == 0 and "TOP-SECRET-TOKEN" not in out and "增量" in out  # the built-in template
    assert err[0].startswith(
        f'curator: curator.toml: template = "{secret}" is neither in the workspace nor in '
        "your own config folder"
    )
    assert (
        err[0].endswith("; using the built-in template")
        and len([e for e in err if "template" in e]) == 1
    )


def test_template_through_a_link_out_of_the_workspace_is_not_read(
    sample_ws: Path, tmp_path: Path, capsys
) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("TOP-SECRET-TOKEN\n", encoding="utf-8")
    (sample_ws / "my-template.md").symlink_to(secret)
    _set(sample_ws, 'template = "my-template.md"')
    rc, out, err = _export(sample_ws, capsys, "--stdout")
    assert rc == 0 and "TOP-SECRET-TOKEN" not in out
    assert any("template" in line and "neither in the workspace" in line for line in err)


def test_template_in_the_workspace_or_the_users_config_folder_is_read(
    sample_ws: Path, capsys
) -> None:
    (sample_ws / "team-template.md").write_text("TEAM $increments\n", encoding="utf-8")
    _set(sample_ws, 'template = "team-template.md"')
    rc, out, err = _export(sample_ws, capsys, "--stdout")
    assert rc == 0 and out.startswith("TEAM") and not [e for e in err if "template" in e]

    own = Path(os.environ["XDG_CONFIG_HOME"]) / "curator" / "mine-{lang}.md"
    own.parent.mkdir(parents=True)
    own.with_name("mine-zh.md").write_text("MINE $increments\n", encoding="utf-8")
    cfg = sample_ws / "curator.toml"
    cfg.write_text(
        cfg.read_text(encoding="utf-8").replace('"team-template.md"', f'"{own}"'), encoding="utf-8"
    )
    rc, out, err = _export(sample_ws, capsys, "--stdout")
    assert rc == 0 and out.startswith("MINE") and not [e for e in err if "template" in e]


@pytest.mark.parametrize("key", ["inbox", "paper_cards", "knowledge"])
def test_folder_keys_outside_the_workspace_are_refused(
    sample_ws: Path, tmp_path: Path, key: str
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    _set(sample_ws, f'{key} = "../outside"')
    cfg = load_config(sample_ws)
    default = {"inbox": "inbox", "paper_cards": "paper_cards", "knowledge": "organized/knowledge"}[
        key
    ]
    attr = {"paper_cards": "cards"}.get(key, key)
    assert getattr(cfg, attr) == default
    assert cfg.problems == [
        f'curator.toml: {attr} = "../outside" is outside the workspace; using "{default}"'
    ]


def test_inbox_outside_the_workspace_gets_no_briefing(
    sample_ws: Path, tmp_path: Path, capsys
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    _set(sample_ws, 'inbox = "../outside"')
    _approve_one(sample_ws, capsys)
    rc, out, err = _export(sample_ws, capsys)
    assert rc == 0 and list(outside.iterdir()) == []
    assert (sample_ws / "inbox" / "tom" / DEFAULT_NAME).is_file()
    assert (
        err.count(
            'curator: curator.toml: inbox = "../outside" is outside the workspace; using "inbox"'
        )
        == 1
    )
    rc = main(["analyze", str(sample_ws), "--json"])
    assert rc == 0 and 'inbox = "../outside"' in capsys.readouterr().err


def test_default_output_through_a_linked_inbox_folder_is_refused(
    sample_ws: Path, tmp_path: Path, capsys
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (sample_ws / "inbox" / "tom").rename(tmp_path / "tom-notes")
    (sample_ws / "inbox" / "tom").symlink_to(outside, target_is_directory=True)
    rc, out, err = _export(sample_ws, capsys)
    assert rc == 2 and not out and list(outside.iterdir()) == []
    assert (
        err[-1]
        == f"curator: {sample_ws / 'inbox' / 'tom'} is outside the workspace (a link?); choose a file with --out"
    )
