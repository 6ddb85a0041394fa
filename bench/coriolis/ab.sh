#!/usr/bin/env bash
# ns per `coriolis` call of the iiwa arm and the quadruped (examples/src/tree_models.rs), the
# modules of commit BEFORE against those of the working tree (`bench/ab_modules.sh`; the minimum
# over 7 batches of 200 000 calls at one fixed state, one thread, and over 5 alternating
# rounds); not part of CI.
#
# Usage: bench/coriolis/ab.sh BEFORE   (about 3 minutes)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec bash "$HERE/../ab_modules.sh" "${1:?usage: ab.sh BEFORE}" "$HERE/time.rs" Iiwa Quadruped
