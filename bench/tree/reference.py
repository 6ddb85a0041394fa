#!/usr/bin/env python3
"""Writes reference/armN.json: M, h = -nle and q'' = aba(q, v, 0) of arm(n) from Pinocchio.

Called by reference.sh with the harness binary; the states are defined here (STATES) and copied
into the JSON. Numbers are written with 17 significant digits, as the harness prints them.
Usage: reference.py BINARY N OUTPUT
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import arm_model  # noqa: E402

# Three fixed states; arm(n) uses the first n entries of each vector (n <= 7).
STATES = [
    ("home_at_rest", [0.0] * 7, [0.0] * 7),
    ("posed_at_rest", [0.5, -0.7, 1.1, 0.3, -1.3, 0.9, -0.4], [0.0] * 7),
    ("moving", [2.3, 1.4, -0.6, -2.1, 0.8, 1.7, -2.9], [1.5, -2.0, 0.7, 2.5, -1.2, 0.4, -3.0]),
]


class Raw(float):
    """A float written as the harness printed it (17 significant digits), with ".0" appended when
    the text has neither a point nor an exponent ("-0" becomes "-0.0"), so every number reads as
    a float."""

    def __new__(cls, text):
        obj = super().__new__(cls, text)
        obj.text = text if any(c in text for c in ".eE") else text + ".0"
        return obj

    def __repr__(self):
        return self.text


def run(binary, *args):
    return subprocess.run([binary, *map(str, args)], check=True, capture_output=True, text=True).stdout


def dump(binary, n, q, v):
    rows = {"M": [], "h": [], "qdd": []}
    out = run(binary, "dump", n, *[repr(x) for x in q], *[repr(x) for x in v])
    for line in out.splitlines():
        fields = line.split("\t")
        rows[fields[0]].append([Raw(x) for x in fields[1:]])
    return rows["M"], rows["h"][0], rows["qdd"][0]


def model_description(n):
    return {
        "n": n,
        "definition": "arm(n) of bench/tree/README.md; bench/tree/arm_model.py",
        "joint_axes": [list(arm_model.axis(i)) for i in range(n)],
        "joint_offsets": [list(arm_model.offset(i)) for i in range(n)],
        "masses": [arm_model.mass(i) for i in range(n)],
        "centres_of_mass": [list(arm_model.COM) for _ in range(n)],
        "inertia_diagonals_about_com": [list(arm_model.inertia_diagonal(i)) for i in range(n)],
        "gravity": [0.0, 0.0, -arm_model.GRAVITY],
    }


def to_json(value, indent=0):
    """A small JSON writer keeping each number's text; short numeric lists stay on one line."""
    pad = "  " * indent
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, (bool, int, float, str)) or value is None:
        return json.dumps(value)
    if isinstance(value, list):
        if all(not isinstance(x, (list, dict)) for x in value):
            return "[" + ", ".join(to_json(x) for x in value) + "]"
        inner = ",\n".join(pad + "  " + to_json(x, indent + 1) for x in value)
        return "[\n" + inner + "\n" + pad + "]"
    inner = ",\n".join(f'{pad}  {json.dumps(k)}: {to_json(x, indent + 1)}' for k, x in value.items())
    return "{\n" + inner + "\n" + pad + "}"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    binary, n, output = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if not 1 <= n <= 7:
        sys.exit("N must be in 1..7 (the states have 7 entries)")
    version = run(binary, "version").strip()
    states = []
    for name, q, v in STATES:
        q, v = q[:n], v[:n]
        m, h, qdd = dump(binary, n, q, v)
        states.append({"name": name, "q": q, "v": v, "M": m, "h": h, "qdd": qdd})
    document = {
        "description": f"Reference dynamics of the serial arm arm({n}) at fixed states.",
        "source": {
            "tool": "Pinocchio (C++ headers of the pip wheel `pin`)",
            "version": version,
            "algorithms": "M: crba (upper triangle, symmetrised); h: -nonLinearEffects; qdd: aba with tau = 0",
            "harness": "bench/tree/pinocchio_arm.cpp (g++ -O3 -DNDEBUG -std=c++17)",
            "command": "bench/tree/reference.sh",
            "digits": 17,
        },
        "convention": "M(q) qdd = h(q, v); h = -(C(q, v) v + g(q)) = -nle(q, v); qdd = M^-1 h; M row-major",
        "model": model_description(n),
        "states": states,
    }
    with open(output, "w") as f:
        f.write(to_json(document) + "\n")


if __name__ == "__main__":
    main()
