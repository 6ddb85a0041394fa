"""High-precision accumulation time of the hinged bar (examples: `HingedBar`), independent of mb.

Lötstedt (1982), Sect. 1: a uniform bar of mass m and length 2l hinged at the origin, angle θ
from the downward vertical, its free end hitting the floor y = −d (gap d − 2l cos θ). One degree
of freedom: I θ̈ = −m g l sin θ with I = 4/3 m l², i.e. θ̈ = −(k/2) sin θ with k = 3g/(2l).
Released at rest from θ₀ it reaches the floor at cos θ_c = d/(2l) after

    t₁ = ∫_{θ_c}^{θ₀} dθ / √(k (cos θ − cos θ₀)),

with |θ̇| = ω₀ = √(k (cos θ_c − cos θ₀)). Newton's law on one contact of a one-degree-of-freedom
system reverses and scales the speed exactly: ω⁺ = e ω⁻, and energy is conserved in flight, so
flight j ≥ 1 leaves and returns with ω_j = e^j ω₀ and lasts

    τ(ω) = 2 ∫_{θ_c}^{θ_max} dθ / √(ω² − k (cos θ_c − cos θ)),   cos θ_max = cos θ_c − ω²/k.

The accumulation time is t∞ = t₁ + Σ_{j≥1} τ(e^j ω₀). The quadratures use mpmath's tanh–sinh
rule at 40 significant digits after substitutions that make the integrands smooth (below); the sum stops
when a term is below 1e-35 s (τ(ω) ≈ 2ω/(k sin θ_c) for small ω, so the terms fall like e^j).

Also printed: the impact times t_k = t₁ + Σ_{j<k} τ(e^j ω₀), and a machine-readable last line
    REFERENCE t_inf=<s> impacts=<t_1>,<t_2>,…   (the first 20 impacts, 20 digits)
(used by bench/compare_event.sh).

Usage: python3 bench/event/hinged_bar_accumulation.py [theta0]   (pip: mpmath)
"""
import sys

import mpmath as mp

mp.mp.dps = 40
m, l, d, g, e = mp.mpf(1), mp.mpf("0.5"), mp.mpf("0.8"), mp.mpf("9.81"), mp.mpf("0.5")
theta0 = mp.mpf(sys.argv[1]) if len(sys.argv) > 1 else mp.pi / 2
k = 3 * g / (2 * l)
cos_c = d / (2 * l)
theta_c = mp.acos(cos_c)


def fall_time():
    # cos θ − cos θ₀ = A sin² s (s = 0 at θ₀, π/2 at θ_c) removes the endpoint singularity:
    # dt = 2 √(A/k) cos s ds / sin θ.
    a = cos_c - mp.cos(theta0)

    def integrand(s):
        cos_t = mp.cos(theta0) + a * mp.sin(s) ** 2
        return 2 * mp.sqrt(a / k) * mp.cos(s) / mp.sqrt(1 - cos_t**2)

    return mp.quad(integrand, [0, mp.pi / 2])


def flight(omega):
    # cos θ_c − cos θ = (ω²/k) sin² s (s = 0 at θ_c, π/2 at θ_max) gives the smooth
    # τ = 2 ∫₀^{π/2} (2ω/k) sin s / sin θ(s) ds.
    def integrand(s):
        cos_t = cos_c - omega**2 / k * mp.sin(s) ** 2
        return (2 * omega / k) * mp.sin(s) / mp.sqrt(1 - cos_t**2)

    return 2 * mp.quad(integrand, [0, mp.pi / 2])


t1 = fall_time()
omega0 = mp.sqrt(k * (cos_c - mp.cos(theta0)))
total, j = t1, 1
flights = []
while True:
    tau = flight(e**j * omega0)
    flights.append(tau)
    total += tau
    if tau < mp.mpf("1e-35"):
        break
    j += 1
print(f"theta0 = {mp.nstr(theta0, 20)}")
print(f"first impact t1   = {mp.nstr(t1, 30)}")
print(f"accumulation t_inf = {mp.nstr(total, 30)}  ({j} flights summed)")
for i, tau in enumerate(flights[:6], start=1):
    print(f"flight {i}: {mp.nstr(tau, 25)}  ratio to previous {mp.nstr(tau / flights[i - 2], 12) if i > 1 else '-'}")
impact_times = [t1]
for tau in flights[:19]:
    impact_times.append(impact_times[-1] + tau)
for k, tk in enumerate(impact_times[:10], start=1):
    print(f"impact {k}: t = {mp.nstr(tk, 25)}")
print(
    f"REFERENCE t_inf={mp.nstr(total, 22)} impacts="
    + ",".join(mp.nstr(tk, 20) for tk in impact_times)
)
