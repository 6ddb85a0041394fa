//! Time-stepping integrators (Moreau midpoint, Moreau–Jean θ-method) with impacts and Coulomb friction.
