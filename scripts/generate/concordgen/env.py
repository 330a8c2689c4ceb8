"""The repository root and the pinned virtual environment a generator re-launches itself in."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SHARED_REF = REPO.parent / "shared" / "reference-vectors"  # read when present, never needed


def ensure_venv(name: str, pins: list[str], script: str) -> None:
    """Create .build/<name> with the pinned packages (reinstalled when the pins change) and re-run `script`
    inside it; return at once when already running there."""
    venv = REPO / ".build" / name
    python = venv / "bin" / "python"
    if Path(sys.prefix).resolve() == venv.resolve():
        return
    stamp = venv / "concord-pins.txt"
    wanted = "\n".join(pins) + "\n"
    if not python.exists():
        print(f"creating {venv.relative_to(REPO)}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if not stamp.exists() or stamp.read_text() != wanted:
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins],
                       check=True)
        stamp.write_text(wanted)
    os.execv(str(python), [str(python), str(Path(script).resolve()), *sys.argv[1:]])
