#!/usr/bin/env python3
"""Writes the `mechanism!` block of the N-four-bar mechanism of the IFToMM multibody benchmark
library (problem A02: N parallelograms in a row, 2N + 1 uniform rods of length l and mass m).

Crank i (i = 0..N) hangs on a revolute joint about z at the ground pivot (i d, 0) with angle phi_i
from +x; coupler i (i = 1..N) hangs on a revolute joint at the tip of crank i - 1 with the angle
psi_i relative to it. The loop of window i is closed by two bilateral constraints: the far end of
coupler i lies on the tip of crank i,

    l cos(phi_{i-1}) + l cos(phi_{i-1} + psi_i) - d - l cos(phi_i) = 0,
    l sin(phi_{i-1}) + l sin(phi_{i-1} + psi_i) - l sin(phi_i) = 0.

Where the cranks are horizontal (phi_i = 0, psi_i = 0) every x row vanishes and the mobility
jumps from 1 to N + 1: the singular configuration the benchmark is about.

Usage: four_bar_block.py N StructName [--rates-only]
  --rates-only  generate Dynamics, Constraints and Rates only (what the integrators need), which
                keeps the module of a long chain small"""
import sys


def four_bar_block(n: int, name: str, rates_only: bool = False) -> str:
    phis = [f"phi{i}" for i in range(n + 1)]
    psis = [f"psi{i}" for i in range(1, n + 1)]
    lines = [
        f"    /// The IFToMM A02 N-four-bar mechanism with N = {n} (written by",
        "    /// `bench/iftomm/four_bar_block.py`): cranks `crank_i` about the ground pivots (i d, 0),",
        "    /// couplers `coupler_i` hinged at the tips of cranks i − 1, every rod uniform (length l,",
        "    /// mass m, central inertia m l²/12), each window closed by two loop constraints.",
        f"    struct {name};",
        "    parameters { m: 1.0, l: 1.0, d: 1.0, g: 9.81 }",
        "    coordinates { " + ", ".join(phis + psis) + " }",
        "    let j = m * l.powi(2) / 12.0;",
    ]
    body = ("    body {name} {{ {parent}joint: revolute({q}), axis: (0.0, 0.0, 1.0), "
            "offset: {offset}, mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }}")
    for i in range(n + 1):
        lines.append(body.format(name=f"crank{i}", parent="", q=f"phi{i}",
                                 offset=f"({i}.0 * d, 0.0, 0.0)"))
    for i in range(1, n + 1):
        lines.append(body.format(name=f"coupler{i}", parent=f"parent: crank{i - 1}, ",
                                 q=f"psi{i}", offset="(l, 0.0, 0.0)"))
    for i in range(1, n + 1):
        a, b, p = f"phi{i - 1}", f"phi{i}", f"psi{i}"
        lines.append(f"    constraint close{i}_x = l * cos({a}) + l * cos({a} + {p}) - d - l * cos({b});")
        lines.append(f"    constraint close{i}_y = l * sin({a}) + l * sin({a} + {p}) - l * sin({b});")
    lines.append("    gravity = (0.0, -g, 0.0);")
    if rates_only:
        lines.append("    generate { capabilities: [rates] }")
    return "mechanism! {\n" + "\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    print(four_bar_block(int(sys.argv[1]), sys.argv[2], "--rates-only" in sys.argv[3:]))
