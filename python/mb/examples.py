"""The example mechanisms of mb, as Python classes.

Each class is built with its default parameters; keyword arguments set parameters by name, e.g.
``Woodpecker(mu=0.2)``. Every class offers the same methods: see :class:`Pendulum`.

- :class:`Pendulum`: a point mass on a massless rod, q = (θ), with viscous damping ``c``.
- :class:`DoublePendulum`, :class:`Chain3`: planar chains of point masses (absolute angles).
- :class:`Woodpecker`: the woodpecker toy of Glocker & Studer (2005), q = (y, φ_M, φ_S), three
  contacts with friction.
- :class:`BouncingBall`: a ball falling on the floor, q = (y), restitution ``e``.
- :class:`SliderCrank`: a slider-crank with two loop-closure constraints.
- :class:`RodWall`: a rod with one tip on a line (bilateral) and one against a wall (unilateral).

All have ``Rates``, so ``event_driven`` runs are available for each.
"""

from __future__ import annotations

from mb._native import (
    BouncingBall,
    Chain3,
    DoublePendulum,
    Pendulum,
    RodWall,
    SliderCrank,
    Woodpecker,
)

__all__ = [
    "BouncingBall",
    "Chain3",
    "DoublePendulum",
    "Pendulum",
    "RodWall",
    "SliderCrank",
    "Woodpecker",
]
