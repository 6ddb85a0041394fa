#!/usr/bin/env python3
"""Prints the mb `mechanism!` block of the benchmark arm arm(n) (bench/tree/README.md).

Every mass, length and inertia is a parameter (with the model's value as default), so that the
generated code reads them at run time, as Pinocchio reads its model:
  m0 … m(n-1)        link masses [kg]
  ixx0 … ixx(n-1)    I_xx of each link about its centre of mass [kg m^2]
  iyy, izz           I_yy, I_zz of every link about its centre of mass [kg m^2]
  cx, cy, cz         centre of mass of every link in link axes [m]
  z0                 height of joint 0 above the world origin [m]
  oy, l              offset (0, oy, l) of joint i >= 1 in the frame of link i - 1 [m]
  g                  gravitational acceleration [m/s^2], gravity = (0, 0, -g)

Usage: arm_block.py --n 7 [--name Arm7] [--dynamics-only]
"""

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import arm_model  # noqa: E402


def number(x):
    """A float literal for the block: the shortest decimal that round-trips, always with a point."""
    text = repr(float(x))
    return text if ("." in text or "e" in text) else text + ".0"


def vector(v):
    return "(" + ", ".join(number(x) if isinstance(x, float) else x for x in v) + ")"


def parameters(n):
    """(name, value, doc) of every parameter, in block order."""
    rows = [(f"m{i}", arm_model.mass(i), f"Mass of link {i} [kg].") for i in range(n)]
    rows += [
        (f"ixx{i}", arm_model.ixx(i), f"I_xx of link {i} about its centre of mass [kg m^2].")
        for i in range(n)
    ]
    rows += [
        ("iyy", arm_model.IYY, "I_yy of every link about its centre of mass [kg m^2]."),
        ("izz", arm_model.IZZ, "I_zz of every link about its centre of mass [kg m^2]."),
        ("cx", arm_model.COM[0], "Centre of mass of every link, x in link axes [m]."),
        ("cy", arm_model.COM[1], "Centre of mass of every link, y in link axes [m]."),
        ("cz", arm_model.COM[2], "Centre of mass of every link, z in link axes [m]."),
        ("z0", arm_model.BASE_OFFSET[2], "Height of joint 0 above the world origin [m]."),
        ("oy", arm_model.OFFSET[1], "Offset of joint i >= 1 along y of link i - 1 [m]."),
        ("l", arm_model.OFFSET[2], "Offset of joint i >= 1 along z of link i - 1 [m]."),
        ("g", arm_model.GRAVITY, "Gravitational acceleration [m/s^2]."),
    ]
    return rows


def body(i):
    lines = [f"    body link{i} {{"]
    if i > 0:
        lines.append(f"        parent: link{i - 1},")
    offset = ("0.0", "0.0", "z0") if i == 0 else ("0.0", "oy", "l")
    lines += [
        f"        joint: revolute(q{i}),",
        f"        axis: {vector(arm_model.axis(i))},",
        f"        offset: {vector(offset)},",
        f"        mass: m{i},",
        "        com: (cx, cy, cz),",
        f"        inertia: (ixx{i}, iyy, izz),",
        "    }",
    ]
    return lines


def block(n, name, dynamics_only):
    arm_model.check_n(n)
    if n == 1:
        doc = "Serial arm with 1 revolute joint about z (bench/tree/README.md)."
    elif n == 2:
        doc = "Serial arm with 2 revolute joints about z, then y (bench/tree/README.md)."
    else:
        doc = f"Serial arm with {n} revolute joints about alternating axes z, y, z, … (bench/tree/README.md)."
    lines = ["mechanism! {", f"    /// {doc}", f"    struct {name};", "    parameters {"]
    for pname, value, pdoc in parameters(n):
        lines += [f"        /// {pdoc}", f"        {pname}: {number(value)},"]
    lines.append("    }")
    lines.append("    coordinates { " + ", ".join(f"q{i}" for i in range(n)) + " }")
    for i in range(n):
        lines += body(i)
    lines.append("    gravity = (0.0, 0.0, -g);")
    if dynamics_only:
        lines.append("    generate { capabilities: [] }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, required=True, help="number of joints (1..50)")
    parser.add_argument("--name", help="struct name (default ArmN)")
    parser.add_argument(
        "--dynamics-only",
        action="store_true",
        help="add `generate { capabilities: [] }`: only M, h and C are generated",
    )
    args = parser.parse_args()
    name = args.name or f"Arm{args.n}"
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", name):
        parser.error(f"--name must be a CamelCase Rust identifier, got `{name}`")
    try:
        sys.stdout.write(block(args.n, name, args.dynamics_only))
    except ValueError as e:
        parser.error(str(e))


if __name__ == "__main__":
    main()
