//! Analysis of a model: Delassus matrix, kinetic angles, friction well-posedness, equilibrium paths.
