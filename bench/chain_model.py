#!/usr/bin/env python3
"""Writes the `mechanism!` block of a planar n-link pendulum (point masses at the link ends,
absolute angles), the scaling model of the benchmarks. Usage: chain_model.py N [StructName]."""
import sys


def chain_block(n: int, name: str) -> str:
    params = ", ".join([f"m{i}: {1.0 - 0.3 * i / n:.4f}" for i in range(1, n + 1)]
                       + [f"l{i}: {1.0 - 0.2 * i / n:.4f}" for i in range(1, n + 1)] + ["g: 9.81"])
    lines = [f"    /// Planar {n}-link pendulum.", f"    struct {name};",
             f"    parameters {{ {params} }}",
             "    coordinates { " + ", ".join(f"th{i}" for i in range(1, n + 1)) + " }"]
    for i in range(1, n + 1):
        px, py, pz = (f"vx{i-1} + ", f"vy{i-1} + ", f"y{i-1} - ") if i > 1 else ("", "", "-")
        lines.append(f"    let vx{i} = {px}l{i} * cos(th{i}) * dot(th{i});")
        lines.append(f"    let vy{i} = {py}l{i} * sin(th{i}) * dot(th{i});")
        lines.append(f"    let y{i} = {pz}l{i} * cos(th{i});" if i > 1 else f"    let y{i} = -l{i} * cos(th{i});")
    lines.append("    kinetic = " + " + ".join(f"0.5 * m{i} * (vx{i}.powi(2) + vy{i}.powi(2))" for i in range(1, n + 1)) + ";")
    lines.append("    potential = g * (" + " + ".join(f"m{i} * y{i}" for i in range(1, n + 1)) + ");")
    return "mechanism! {\n" + "\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    n = int(sys.argv[1])
    name = sys.argv[2] if len(sys.argv) > 2 else f"Chain{n}"
    print("use mbmacros::mechanism;\n")
    print(chain_block(n, name))
