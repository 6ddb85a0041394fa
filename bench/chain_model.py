#!/usr/bin/env python3
"""Writes the `mechanism!` block of a planar n-link pendulum (point masses at the link ends,
absolute angles), the scaling model of the benchmarks.

Usage: chain_model.py [--bodies] N [StructName]
  default   T and V written by hand (velocities of the masses as `let` definitions);
  --bodies  the same pendulum from bodies: positions of the masses and a gravity vector, T and V
            assembled by the compiler."""
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


def chain_bodies_block(n: int, name: str) -> str:
    params = ", ".join([f"m{i}: {1.0 - 0.3 * i / n:.4f}" for i in range(1, n + 1)]
                       + [f"l{i}: {1.0 - 0.2 * i / n:.4f}" for i in range(1, n + 1)] + ["g: 9.81"])
    lines = [f"    /// Planar {n}-link pendulum from bodies.", f"    struct {name};",
             f"    parameters {{ {params} }}",
             "    coordinates { " + ", ".join(f"th{i}" for i in range(1, n + 1)) + " }"]
    for i in range(1, n + 1):
        px, py = (f"x{i-1} + ", f"y{i-1} - ") if i > 1 else ("", "-")
        lines.append(f"    let x{i} = {px}l{i} * sin(th{i});")
        lines.append(f"    let y{i} = {py}l{i} * cos(th{i});")
    for i in range(1, n + 1):
        lines.append(f"    body b{i} {{ mass: m{i}, position: (x{i}, y{i}) }}")
    lines.append("    gravity = (0.0, -g);")
    return "mechanism! {\n" + "\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    args = sys.argv[1:]
    bodies = "--bodies" in args
    args = [a for a in args if a != "--bodies"]
    n = int(args[0])
    name = args[1] if len(args) > 1 else f"Chain{n}"
    print("use mbmacros::mechanism;\n")
    print(chain_bodies_block(n, name) if bodies else chain_block(n, name))
