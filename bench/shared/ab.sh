#!/usr/bin/env bash
# ns per call of `dynamics`, `forces`, `mass_matrix`, `articulated_acceleration` and
# `force_jacobians` of the iiwa arm, the quadruped and TreeMix (examples/src/tree_models.rs),
# the modules of commit BEFORE against those of the working tree (`bench/ab_modules.sh`; the
# minimum over 7 batches of 100 000 calls, 20 000 of `force_jacobians`, at one fixed state, one
# thread, and over 5 alternating rounds); not part of CI.
#
# Usage: bench/shared/ab.sh BEFORE   (about 5 minutes)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec bash "$HERE/../ab_modules.sh" "${1:?usage: ab.sh BEFORE}" "$HERE/time.rs" Iiwa Quadruped TreeMix
