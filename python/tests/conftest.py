"""Shared data of the tests of the Python package `mb`."""

from __future__ import annotations

import numpy as np
import pytest

#: The woodpecker's initial state of Glocker & Studer (2005), Sect. 4 (q = (y, φ_M, φ_S)).
WOODPECKER_Q0 = np.array([0.0, -0.1036, -0.2788])
WOODPECKER_U0 = np.array([-0.3411, 0.0, -7.4583])

G = 9.81


@pytest.fixture
def rng() -> np.random.Generator:
    """A seeded random generator, so that every run sees the same states."""
    return np.random.default_rng(20240601)
