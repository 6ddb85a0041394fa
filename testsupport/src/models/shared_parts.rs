//! What several models share: their contact laws, parameter setting, and the `Dynamics` or
//! contact parts that are the same, operation for operation, in more than one model.

use mbruntime::{ContactLaw, ParameterError};

/// A contact law with friction μ, Newton restitution `e_n`, tangential restitution `e_t` and a
/// tangent.
pub(crate) fn law(mu: f64, e_n: f64, e_t: f64) -> ContactLaw {
    ContactLaw {
        normal_restitution: e_n,
        tangential_restitution: e_t,
        friction: mu,
        has_tangent: true,
    }
}

/// A frictionless contact law without tangent, with Newton restitution `e_n`.
pub(crate) fn frictionless(e_n: f64) -> ContactLaw {
    ContactLaw {
        normal_restitution: e_n,
        tangential_restitution: 0.0,
        friction: 0.0,
        has_tangent: false,
    }
}

/// `Dynamics::set_parameter` by index into the model's fields, in the order of `names`: an
/// unknown index and a non-finite value are refused.
pub(crate) fn set_parameter(
    values: &mut [&mut f64],
    names: &'static [&'static str],
    k: usize,
    v: f64,
) -> Result<(), ParameterError> {
    let name = names.get(k).ok_or(ParameterError::Unknown(k.to_string()))?;
    if !v.is_finite() {
        return Err(ParameterError::NonFinite { name, value: v });
    }
    *values[k] = v;
    Ok(())
}

/// `Dynamics<3>` of a sleigh variant, forwarded to its field `sleigh` (no parameters).
macro_rules! sleigh_dynamics {
    ($model:ty, $name:literal) => {
        impl ::mbruntime::Dynamics<3> for $model {
            const NAME: &'static str = $name;
            const FINGERPRINT: &'static str = "hand-written";
            const COORDINATES: [&'static str; 3] = ["x", "y", "theta"];
            const RHEONOMIC: bool = false;
            fn kinetic_energy(
                &self,
                q: &::mbruntime::Vector<3>,
                qd: &::mbruntime::Vector<3>,
                t: f64,
            ) -> f64 {
                ::mbruntime::Dynamics::<3>::kinetic_energy(&self.sleigh, q, qd, t)
            }
            fn potential_energy(&self, q: &::mbruntime::Vector<3>, t: f64) -> f64 {
                ::mbruntime::Dynamics::<3>::potential_energy(&self.sleigh, q, t)
            }
            fn mass_matrix(
                &self,
                q: &::mbruntime::Vector<3>,
                t: f64,
                m: &mut ::mbruntime::Matrix<3, 3>,
            ) {
                ::mbruntime::Dynamics::<3>::mass_matrix(&self.sleigh, q, t, m)
            }
            fn forces(
                &self,
                q: &::mbruntime::Vector<3>,
                qd: &::mbruntime::Vector<3>,
                t: f64,
                h: &mut ::mbruntime::Vector<3>,
            ) {
                ::mbruntime::Dynamics::<3>::forces(&self.sleigh, q, qd, t, h)
            }
            fn coriolis(
                &self,
                q: &::mbruntime::Vector<3>,
                qd: &::mbruntime::Vector<3>,
                t: f64,
                c: &mut ::mbruntime::Matrix<3, 3>,
            ) {
                ::mbruntime::Dynamics::<3>::coriolis(&self.sleigh, q, qd, t, c)
            }
        }
    };
}

/// `Dynamics<2>` of a point mass `m` at (x, y) under gravity `g` along −y (fields `m`, `g`):
/// T = ½ m |u|², V = m g y, M = m𝟙, h = (0, −m g).
macro_rules! point_mass_dynamics {
    ($model:ty, $name:literal) => {
        impl ::mbruntime::Dynamics<2> for $model {
            const NAME: &'static str = $name;
            const FINGERPRINT: &'static str = "hand-written";
            const COORDINATES: [&'static str; 2] = ["x", "y"];
            const RHEONOMIC: bool = false;
            fn kinetic_energy(
                &self,
                _: &::mbruntime::Vector<2>,
                u: &::mbruntime::Vector<2>,
                _: f64,
            ) -> f64 {
                0.5 * self.m * u.norm_squared()
            }
            fn potential_energy(&self, q: &::mbruntime::Vector<2>, _: f64) -> f64 {
                self.m * self.g * q[1]
            }
            fn mass_matrix(
                &self,
                _: &::mbruntime::Vector<2>,
                _: f64,
                m: &mut ::mbruntime::Matrix<2, 2>,
            ) {
                *m = ::mbruntime::Matrix::<2, 2>::identity() * self.m;
            }
            fn forces(
                &self,
                _: &::mbruntime::Vector<2>,
                _: &::mbruntime::Vector<2>,
                _: f64,
                h: &mut ::mbruntime::Vector<2>,
            ) {
                *h = ::mbruntime::Vector::<2>::new(0.0, -self.m * self.g);
            }
            fn coriolis(
                &self,
                _: &::mbruntime::Vector<2>,
                _: &::mbruntime::Vector<2>,
                _: f64,
                c: &mut ::mbruntime::Matrix<2, 2>,
            ) {
                c.fill(0.0);
            }
        }
    };
}

/// `Dynamics<3>` of a rigid body in the vertical plane, coordinates (x, y, angle), of mass `m`
/// and central moment of inertia `inertia()` under gravity [`G`](super::G) along −y:
/// T = ½ m (ẋ² + ẏ²) + ½ I ω², V = m g y, M = diag(m, m, I), h = (0, −m g, 0).
macro_rules! planar_body_dynamics {
    ([$($generics:tt)*] $model:ty, $name:literal, $angle:literal) => {
        impl<$($generics)*> ::mbruntime::Dynamics<3> for $model {
            const NAME: &'static str = $name;
            const FINGERPRINT: &'static str = "hand-written";
            const COORDINATES: [&'static str; 3] = ["x", "y", $angle];
            const RHEONOMIC: bool = false;
            fn kinetic_energy(
                &self,
                _: &::mbruntime::Vector<3>,
                u: &::mbruntime::Vector<3>,
                _: f64,
            ) -> f64 {
                0.5 * self.m * (u[0] * u[0] + u[1] * u[1]) + 0.5 * self.inertia() * u[2] * u[2]
            }
            fn potential_energy(&self, q: &::mbruntime::Vector<3>, _: f64) -> f64 {
                self.m * $crate::models::G * q[1]
            }
            fn mass_matrix(
                &self,
                _: &::mbruntime::Vector<3>,
                _: f64,
                m: &mut ::mbruntime::Matrix<3, 3>,
            ) {
                *m = ::mbruntime::Matrix::<3, 3>::from_diagonal(&::mbruntime::Vector::<3>::new(
                    self.m,
                    self.m,
                    self.inertia(),
                ));
            }
            fn forces(
                &self,
                _: &::mbruntime::Vector<3>,
                _: &::mbruntime::Vector<3>,
                _: f64,
                h: &mut ::mbruntime::Vector<3>,
            ) {
                *h = ::mbruntime::Vector::<3>::new(0.0, -self.m * $crate::models::G, 0.0);
            }
            fn coriolis(
                &self,
                _: &::mbruntime::Vector<3>,
                _: &::mbruntime::Vector<3>,
                _: f64,
                c: &mut ::mbruntime::Matrix<3, 3>,
            ) {
                c.fill(0.0);
            }
        }
    };
}

/// The items of `Constraints<2, 0, 1>` for a point (x, y) on the floor y = 0 with planar
/// friction `mu` along x and no restitution: g_N = y, W_N = e_y, W_T = e_x, no drifts.
macro_rules! planar_floor_contact {
    ($name:literal) => {
        $crate::no_bilateral!(2);
        const CONTACTS: [&'static str; 1] = [$name];
        fn gaps(&self, q: &::mbruntime::Vector<2>, _: f64, g: &mut ::mbruntime::Vector<1>) {
            g[0] = q[1];
        }
        fn gap_jacobian(
            &self,
            _: &::mbruntime::Vector<2>,
            _: f64,
            w: &mut ::mbruntime::Matrix<2, 1>,
            p: &mut ::mbruntime::Vector<1>,
        ) {
            *w = ::mbruntime::Matrix::<2, 1>::new(0.0, 1.0);
            p.fill(0.0);
        }
        fn gap_drift(
            &self,
            _: &::mbruntime::Vector<2>,
            _: &::mbruntime::Vector<2>,
            _: f64,
            d: &mut ::mbruntime::Vector<1>,
        ) {
            d.fill(0.0);
        }
        fn slip_jacobian(
            &self,
            _: &::mbruntime::Vector<2>,
            _: f64,
            w: &mut ::mbruntime::Matrix<2, 1>,
            p: &mut ::mbruntime::Vector<1>,
        ) {
            *w = ::mbruntime::Matrix::<2, 1>::new(1.0, 0.0);
            p.fill(0.0);
        }
        fn slip_drift(
            &self,
            _: &::mbruntime::Vector<2>,
            _: &::mbruntime::Vector<2>,
            _: f64,
            d: &mut ::mbruntime::Vector<1>,
        ) {
            d.fill(0.0);
        }
        fn contact_laws(&self) -> [::mbruntime::ContactLaw; 1] {
            [$crate::models::law(self.mu, 0.0, 0.0)]
        }
    };
}
