"""Run every benchmark script in this folder, one after the other (`make bench`).

Each script times lingeval and its named peer side by side in one run and prints the ratio;
scripts that need ../shared/data say so and stop. Pass names to run a subset:
``python benchmarks/run_all.py depeval_vs_udeval probe_minicons``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(
        p for p in HERE.glob("*.py") if not p.name.startswith("_") and p.name != "run_all.py"
    )
    if argv:
        scripts = [p for p in scripts if p.stem in argv]
    failed = []
    for script in scripts:
        print(f"\n===== {script.stem} =====", flush=True)
        if subprocess.run([sys.executable, str(script)], check=False).returncode != 0:
            failed.append(script.stem)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
