"""The minimum over rounds of every `<name> <value> ns` figure of `ab.sh`'s binaries, per side."""
import re
import sys

best = {}
for line in sys.stdin:
    side, model, rest = line.split(" ", 2)
    for name, value in re.findall(r"([a-z_]+) ([0-9.]+) ns", rest):
        key = (model.rstrip(":"), name)
        best.setdefault(key, {}).setdefault(side, float("inf"))
        best[key][side] = min(best[key][side], float(value))
for (model, name), sides in best.items():
    b, a = sides.get("before", float("nan")), sides.get("after", float("nan"))
    print(f"{model:10} {name:26} before {b:9.1f} ns  after {a:9.1f} ns  ratio {a / b:.2f}")
