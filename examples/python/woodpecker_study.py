# %% [markdown]
# # The woodpecker's descent speed and period, from Python
#
# The woodpecker toy of Glocker & Studer (2005), Sect. 4 (Table I), swept over friction μ and
# spring stiffness c_φ (32 × 32 runs of 1 s), then a Monte Carlo over ±5 % parameter
# uncertainty. The same study as the Rust program `woodpecker_study`; every run is reduced in
# Rust to its Poincaré-section figures (φ_S = −0.2788 rad going down), so nothing but one table
# row per run comes back to Python.
#
# Run it as a script (`python examples/python/woodpecker_study.py [OUT_DIR]`) or cell by cell in
# a notebook. It needs the `mb` package (see python/README.md), numpy, pyarrow and matplotlib.

# %%
import sys
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pyarrow.compute as pc

import mb

out = Path(sys.argv[1] if len(sys.argv) > 1 else "examples/out/woodpecker_study_python")
out.mkdir(parents=True, exist_ok=True)
woodpecker = mb.examples.Woodpecker()
run = dict(
    q0=[0.0, -0.1036, -0.2788],
    u0=[-0.3411, 0.0, -7.4583],
    h=1e-4,
    t_end=1.0,
    section=("phi_S", -0.2788, "down"),
    skip=2,
)

# %% [markdown]
# ## The grid: μ ∈ [0.1, 0.5], c_φ ∈ [0.003, 0.009] N m/rad

# %%
mus = np.linspace(0.1, 0.5, 32)
stiffnesses = np.linspace(0.003, 0.009, 32)
start = time.perf_counter()
grid = mb.sweep(woodpecker, grid={"mu": mus, "c_phi": stiffnesses}, **run)
print(f"{grid.num_rows} runs in {time.perf_counter() - start:.2f} s wall")
mb.write_parquet(grid, out / "grid.parquet")
failed = grid.filter(pc.is_valid(grid["error"]))
print(f"{failed.num_rows} failed runs", *failed.to_pylist()[:5], sep="\n")

# %%
def heat_map(column: str, label: str, path: Path) -> None:
    """Cells without a whole cycle (null) are grey."""
    values = grid[column].to_numpy(zero_copy_only=False).astype(float)
    image = np.ma.masked_invalid(values.reshape(len(mus), len(stiffnesses)).T)
    cmap = plt.get_cmap("viridis").with_extremes(bad="0.75")
    fig, ax = plt.subplots(figsize=(7, 5))
    mesh = ax.pcolormesh(mus, stiffnesses, image, cmap=cmap, shading="nearest")
    fig.colorbar(mesh, label=label)
    ax.set(xlabel="friction coefficient μ", ylabel="spring stiffness c_φ [N m/rad]")
    ax.set_title(f"Woodpecker: {label}")
    fig.savefig(path, dpi=120)
    plt.close(fig)


speed = pc.negate(grid["rate.y"])
grid = grid.append_column("descent_speed", speed)
heat_map("descent_speed", "descent speed [m/s]", out / "descent_speed.png")
heat_map("period", "period [s]", out / "period.png")

# %% [markdown]
# ## Monte Carlo: every parameter but the sleeve's geometry (r_O, r_M, h_M: the initial state has
# the sleeve jammed on the pole), g and e_N23 uniform within ±5 % of Table I

# %%
uncertain = ["l_M", "l_G", "h_S", "l_S", "m_M", "m_S", "J_M", "J_S", "c_phi", "mu", "e_N1"]
rng = np.random.default_rng(2005)
n = 500
samples = {
    name: woodpecker.get_parameter(name) * rng.uniform(0.95, 1.05, n) for name in uncertain
}
monte_carlo = mb.sweep(woodpecker, samples=samples, **run)
mb.write_parquet(monte_carlo, out / "monte_carlo.parquet")
speeds = -monte_carlo["rate.y"].drop_null().to_numpy()
periods = monte_carlo["period"].drop_null().to_numpy()
print(f"descent speed {speeds.mean():.5f} ± {speeds.std(ddof=1):.5f} m/s over {speeds.size} runs")
print(f"period {periods.mean():.5f} ± {periods.std(ddof=1):.5f} s")

# %%
fig, axes = plt.subplots(1, 2, figsize=(11, 4))
axes[0].hist(speeds, bins=30, color="#3b518b")
axes[0].set(xlabel="descent speed [m/s]", ylabel="runs")
axes[1].hist(periods, bins=30, color="#3b518b")
axes[1].set(xlabel="period [s]", ylabel="runs")
fig.suptitle("Woodpecker under ±5 % parameter uncertainty")
fig.savefig(out / "monte_carlo.png", dpi=120)
plt.close(fig)
print(f"wrote {out}")
