//! Hand-written models of the `mbruntime` model contract (`Dynamics`, `Constraints` and, where a
//! test needs them, `Jacobians`, `Rates`, `Statics`), each with its derivatives written out from
//! its energies and constraint functions, so that the tests of the runtime check it against
//! closed forms independent of the generator. One model a file; each model's documentation gives
//! its coordinates, parameters, constraints and contacts, and the closed forms tests rely on.
//!
//! - A point on a floor: [`PointOnFloor`] (one coordinate, a possibly moving floor).
//! - Pendulums and a circle: [`Pendulum`], [`SphericalPendulum`], [`CircleMass`] (closed-form
//!   Jacobians and `Statics`, for linearisation).
//! - Velocity (nonholonomic) constraints: the Chaplygin [`Sleigh`] with the closed form of its
//!   level motion ([`sleigh::closed_form`]), its variants [`WalledSleigh`], [`DoubleKnife`],
//!   [`CircleSleigh`], [`SleighWithSlider`], and [`FadingBlade`].
//! - Spatial Coulomb friction (tangent planes): [`Block`], [`Ball`], [`PlanarAndSpatial`],
//!   [`Particles`], [`Dumbbell`], Painlevé's rod free to translate sideways [`SlidingRod`].
//! - Planar Coulomb friction: [`PlanarBlock`], [`PulledBlock`], Painlevé's rod [`PainleveRod`],
//!   [`PulledBox`], [`ParticlePair`]; impacts: [`Disk`], [`LandingBox`].
//! - Curved contact: a particle in a [`Bowl`].
//! - Equilibrium paths: two stops in a flat-bottomed valley [`TwoStopValley`].
//! - Redundant contacts: a planar body on four supports [`SupportedBody`] (random instances:
//!   [`supported_body::random_body`]), with a guide [`GuidedBody`].

#[macro_use]
mod shared_parts;

use shared_parts::{frictionless, law, set_parameter};

/// Gravity (m/s²) of the models without a gravity parameter.
pub const G: f64 = 9.81;

mod ball;
mod block;
mod bowl;
mod circle_mass;
mod circle_sleigh;
mod disk;
mod double_knife;
mod dumbbell;
mod fading_blade;
mod guided_body;
mod landing_box;
mod painleve_rod;
mod particle_pair;
mod particles;
mod pendulum;
mod planar_and_spatial;
mod planar_block;
mod point_on_floor;
mod pulled_block;
mod pulled_box;
pub mod sleigh;
mod sleigh_with_slider;
mod sliding_rod;
mod spherical_pendulum;
pub mod supported_body;
mod two_stop_valley;
mod walled_sleigh;

pub use ball::Ball;
pub use block::Block;
pub use bowl::Bowl;
pub use circle_mass::CircleMass;
pub use circle_sleigh::CircleSleigh;
pub use disk::Disk;
pub use double_knife::DoubleKnife;
pub use dumbbell::Dumbbell;
pub use fading_blade::FadingBlade;
pub use guided_body::GuidedBody;
pub use landing_box::LandingBox;
pub use painleve_rod::PainleveRod;
pub use particle_pair::ParticlePair;
pub use particles::Particles;
pub use pendulum::Pendulum;
pub use planar_and_spatial::PlanarAndSpatial;
pub use planar_block::PlanarBlock;
pub use point_on_floor::PointOnFloor;
pub use pulled_block::PulledBlock;
pub use pulled_box::PulledBox;
pub use sleigh::Sleigh;
pub use sleigh_with_slider::SleighWithSlider;
pub use sliding_rod::SlidingRod;
pub use spherical_pendulum::SphericalPendulum;
pub use supported_body::SupportedBody;
pub use two_stop_valley::TwoStopValley;
pub use walled_sleigh::WalledSleigh;
