//! The Whipple bicycle benchmark of J. P. Meijaard, J. M. Papadopoulos, A. Ruina and A. L. Schwab
//! (2007), "Linearized dynamics equations for the balance and steer of a bicycle: a benchmark and
//! review", Proc. R. Soc. A 463, 1955–1982, written independently of mb's derivation: the closed
//! forms of its Appendix A give the coefficient matrices of the linearised equations of lean φ
//! and steer δ about upright straight running at forward speed v,
//!
//! ```text
//! M q̈ + v C1 q̇ + (g K0 + v² K2) q = f,    q = (φ, δ),  f = (T_φ, T_δ),
//! ```
//!
//! and from them the characteristic polynomial det(M s² + v C1 s + g K0 + v² K2) (a quartic in
//! s), its roots, and the weave and capsize speeds that bound the self-stable speed range.
//!
//! Axes and signs are the paper's: x forward, y to the right, z down, the origin at the rear
//! contact point in the upright reference configuration; φ is the lean of the rear frame about
//! x (positive to the right), δ the steer of the front frame about the steer axis pointing down
//! (positive to the right). [`BenchmarkBicycle::upright_configuration`] restates the geometry in
//! mb's axes (x forward, y left, z up) for a `mechanism!` model of the same bicycle.

use nalgebra::{Complex, Matrix2, Matrix4, Schur};

/// A 3 × 3 inertia tensor about a body's centre of mass, `[[I_xx, I_xy, I_xz], …]`.
pub type Inertia = [[f64; 3]; 3];

/// The parameters of the Whipple bicycle in the benchmark's notation (Meijaard et al. 2007,
/// Table 1): rear wheel R, rear frame B (with the rider), front frame H (fork and handlebar),
/// front wheel F. Positions are in the paper's axes (x forward, z down) from the rear contact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BenchmarkBicycle {
    /// Wheel base w [m].
    pub w: f64,
    /// Trail c [m].
    pub c: f64,
    /// Steer axis tilt λ = π/2 − head angle [rad].
    pub lambda: f64,
    /// Gravity g [N/kg].
    pub g: f64,
    /// Rear wheel radius r_R [m].
    pub r_r: f64,
    /// Rear wheel mass m_R [kg].
    pub m_r: f64,
    /// Rear wheel moment of inertia about a diameter, I_Rxx = I_Rzz [kg m²].
    pub i_rxx: f64,
    /// Rear wheel moment of inertia about its axle, I_Ryy [kg m²].
    pub i_ryy: f64,
    /// Rear frame centre of mass x_B [m].
    pub x_b: f64,
    /// Rear frame centre of mass z_B [m] (negative: above the ground).
    pub z_b: f64,
    /// Rear frame mass m_B [kg].
    pub m_b: f64,
    /// Rear frame inertia tensor I_B about its centre of mass, paper's axes [kg m²].
    pub i_b: Inertia,
    /// Front frame centre of mass x_H [m].
    pub x_h: f64,
    /// Front frame centre of mass z_H [m] (negative: above the ground).
    pub z_h: f64,
    /// Front frame mass m_H [kg].
    pub m_h: f64,
    /// Front frame inertia tensor I_H about its centre of mass, paper's axes [kg m²].
    pub i_h: Inertia,
    /// Front wheel radius r_F [m].
    pub r_f: f64,
    /// Front wheel mass m_F [kg].
    pub m_f: f64,
    /// Front wheel moment of inertia about a diameter, I_Fxx = I_Fzz [kg m²].
    pub i_fxx: f64,
    /// Front wheel moment of inertia about its axle, I_Fyy [kg m²].
    pub i_fyy: f64,
}

impl Default for BenchmarkBicycle {
    /// The benchmark bicycle of Meijaard et al. (2007), Table 1 (exact values).
    fn default() -> Self {
        Self {
            w: 1.02,
            c: 0.08,
            lambda: std::f64::consts::PI / 10.0,
            g: 9.81,
            r_r: 0.3,
            m_r: 2.0,
            i_rxx: 0.0603,
            i_ryy: 0.12,
            x_b: 0.3,
            z_b: -0.9,
            m_b: 85.0,
            i_b: [[9.2, 0.0, 2.4], [0.0, 11.0, 0.0], [2.4, 0.0, 2.8]],
            x_h: 0.9,
            z_h: -0.7,
            m_h: 4.0,
            i_h: [
                [0.05892, 0.0, -0.00756],
                [0.0, 0.06, 0.0],
                [-0.00756, 0.0, 0.00708],
            ],
            r_f: 0.35,
            m_f: 3.0,
            i_fxx: 0.1405,
            i_fyy: 0.28,
        }
    }
}

/// Why the benchmark's linearised model could not be evaluated.
#[derive(Debug, Clone, PartialEq)]
pub enum BicycleError {
    /// A parameter is not finite or outside its physical range.
    InvalidParameter {
        /// The parameter's field name.
        name: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The forward speed is not finite.
    InvalidSpeed {
        /// The speed given [m/s].
        v: f64,
    },
    /// M is singular: the lean and steer accelerations are not determined.
    SingularMassMatrix,
    /// The real Schur decomposition of the state matrix did not converge at speed `v`.
    EigenvaluesNotConverged {
        /// Forward speed [m/s].
        v: f64,
    },
    /// The spectral abscissa does not become negative and positive again on the scanned speeds.
    NoSelfStableRange {
        /// The highest speed scanned [m/s].
        v_max: f64,
    },
}

impl std::fmt::Display for BicycleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::InvalidParameter { name, reason } => {
                write!(f, "bicycle parameter `{name}`: {reason}")
            }
            Self::InvalidSpeed { v } => write!(f, "forward speed {v} is not finite"),
            Self::SingularMassMatrix => write!(f, "the lean–steer mass matrix M is singular"),
            Self::EigenvaluesNotConverged { v } => {
                write!(f, "the eigenvalues at v = {v} m/s did not converge")
            }
            Self::NoSelfStableRange { v_max } => {
                write!(f, "no self-stable speed range bounded below {v_max} m/s")
            }
        }
    }
}

impl std::error::Error for BicycleError {}

/// The intermediate quantities of Meijaard et al. (2007), Appendix A, in its symbols: the whole
/// bicycle T, the front assembly A = H + F, the steer-axis quantities and the gyrostatic
/// coefficients S.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AppendixA {
    /// Total mass m_T = m_R + m_B + m_H + m_F.
    pub m_t: f64,
    /// Total centre of mass x_T = (x_B m_B + x_H m_H + w m_F)/m_T.
    pub x_t: f64,
    /// Total centre of mass z_T = (−r_R m_R + z_B m_B + z_H m_H − r_F m_F)/m_T.
    pub z_t: f64,
    /// Total inertia about the rear contact point, I_Txx.
    pub i_txx: f64,
    /// Total product of inertia about the rear contact point, I_Txz.
    pub i_txz: f64,
    /// Total inertia about the vertical through the rear contact point, I_Tzz.
    pub i_tzz: f64,
    /// Front assembly mass m_A = m_H + m_F.
    pub m_a: f64,
    /// Front assembly centre of mass x_A.
    pub x_a: f64,
    /// Front assembly centre of mass z_A.
    pub z_a: f64,
    /// Front assembly inertia about its centre of mass, I_Axx.
    pub i_axx: f64,
    /// Front assembly product of inertia about its centre of mass, I_Axz.
    pub i_axz: f64,
    /// Front assembly inertia about its centre of mass, I_Azz.
    pub i_azz: f64,
    /// Perpendicular distance u_A of the front assembly's centre of mass from the steer axis
    /// (positive ahead of it).
    pub u_a: f64,
    /// Front assembly inertia about the steer axis, I_Aλλ.
    pub i_a_ll: f64,
    /// Front assembly product of inertia with respect to the steer axis and the x axis through the
    /// rear contact point, I_Aλx.
    pub i_a_lx: f64,
    /// Front assembly product of inertia with respect to the steer axis and the z axis through the
    /// rear contact point, I_Aλz.
    pub i_a_lz: f64,
    /// Steer-axis lever μ = (c/w) cos λ.
    pub mu: f64,
    /// Rear wheel gyrostatic coefficient S_R = I_Ryy/r_R.
    pub s_r: f64,
    /// Front wheel gyrostatic coefficient S_F = I_Fyy/r_F.
    pub s_f: f64,
    /// S_T = S_R + S_F.
    pub s_t: f64,
    /// Static moment of the front assembly about the steer axis, S_A = m_A u_A + μ m_T x_T.
    pub s_a: f64,
}

/// The coefficient matrices of the linearised lean–steer equations
/// M q̈ + v C1 q̇ + (g K0 + v² K2) q = f, rows and columns ordered (φ, δ).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinearisedMatrices {
    /// Mass matrix M.
    pub m: Matrix2<f64>,
    /// Velocity-proportional "damping" matrix C1 (gyroscopic and Coriolis terms).
    pub c1: Matrix2<f64>,
    /// Gravity-proportional stiffness matrix K0.
    pub k0: Matrix2<f64>,
    /// Speed-squared-proportional stiffness matrix K2.
    pub k2: Matrix2<f64>,
}

/// The self-stable speed range (v_w, v_c): all four roots have negative real parts inside it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SelfStableRange {
    /// Weave speed v_w [m/s]: the oscillatory weave pair crosses into the left half-plane.
    pub weave: f64,
    /// Capsize speed v_c [m/s]: the real capsize root crosses into the right half-plane.
    pub capsize: f64,
}

/// The benchmark's reference configuration in mb's axes (x forward, y LEFT, z UP), the rear
/// contact at the origin, everything upright and straight ahead. The paper's axes (x forward,
/// y right, z down) are mb's turned by π about x: a point (x, y, z) of the paper is (x, −y, −z)
/// here, and an inertia tensor transforms as R I Rᵀ with R = diag(1, −1, −1), which keeps the
/// diagonal and I_yz and flips the sign of I_xy and I_xz.
///
/// Signs of the motion: the paper's lean φ is a rotation about x, the same axis here, so a
/// model whose lean is a right-hand rotation about +x has the paper's φ. The paper's steer δ is a
/// right-hand rotation about the steer axis pointing DOWN, [`Self::steer_axis`] below: a model
/// steering about the upward axis −`steer_axis` has δ_model = −δ, which flips the sign of the
/// off-diagonal entries of M, C1, K0, K2 (T M T with T = diag(1, −1)) and leaves the
/// eigenvalues unchanged. The wheels roll forward at speed v when they spin at v/r about +y
/// (mb's left axis; the paper's rear wheel rate θ̇_R = −v/r_R about its y to the right).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UprightConfiguration {
    /// Rear wheel centre (0, 0, r_R) [m].
    pub rear_hub: [f64; 3],
    /// Front wheel centre (w, 0, r_F) [m].
    pub front_hub: [f64; 3],
    /// Front contact point (w, 0, 0) [m].
    pub front_contact: [f64; 3],
    /// Rear frame (with rider) centre of mass (x_B, 0, −z_B) [m].
    pub rear_frame_com: [f64; 3],
    /// Front frame centre of mass (x_H, 0, −z_H) [m].
    pub front_frame_com: [f64; 3],
    /// Where the steer axis meets the ground, the trail c ahead of the front contact:
    /// (w + c, 0, 0) [m].
    pub steer_axis_ground_point: [f64; 3],
    /// Unit vector along the steer axis pointing down and forward, (sin λ, 0, −cos λ): the axis
    /// of the paper's positive steer.
    pub steer_axis: [f64; 3],
    /// Rear frame inertia about its centre of mass in mb's axes [kg m²].
    pub rear_frame_inertia: Inertia,
    /// Front frame inertia about its centre of mass in mb's axes [kg m²].
    pub front_frame_inertia: Inertia,
    /// Rear wheel inertia diag(I_Rxx, I_Ryy, I_Rxx) [kg m²].
    pub rear_wheel_inertia: Inertia,
    /// Front wheel inertia diag(I_Fxx, I_Fyy, I_Fxx) [kg m²].
    pub front_wheel_inertia: Inertia,
    /// Masses (m_R, m_B, m_H, m_F) [kg].
    pub masses: [f64; 4],
    /// Wheel radii (r_R, r_F) [m].
    pub radii: [f64; 2],
    /// Gravity, along −z [m/s²].
    pub g: f64,
}

/// A point of the paper's axes (x forward, y right, z down) in mb's (x forward, y left, z up).
pub fn point_in_mb_axes(p: [f64; 3]) -> [f64; 3] {
    [p[0], -p[1], -p[2]]
}

/// An inertia tensor of the paper's axes in mb's: R I Rᵀ with R = diag(1, −1, −1), i.e. entry
/// (i, j) times s_i s_j with s = (1, −1, −1).
pub fn inertia_in_mb_axes(i: Inertia) -> Inertia {
    let s = [1.0, -1.0, -1.0];
    let mut out = [[0.0; 3]; 3];
    for (r, row) in out.iter_mut().enumerate() {
        for (c, entry) in row.iter_mut().enumerate() {
            *entry = s[r] * s[c] * i[r][c];
        }
    }
    out
}

impl BenchmarkBicycle {
    /// Checks that every parameter is finite, masses, radii, wheel inertias, w and g positive,
    /// λ in (−π/2, π/2), the frames' inertia tensors symmetric with I_xy = I_yz = 0 (the model is
    /// laterally symmetric) and positive definite.
    pub fn validate(&self) -> Result<(), BicycleError> {
        let invalid = |name, reason| Err(BicycleError::InvalidParameter { name, reason });
        let scalars = [
            ("w", self.w, true),
            ("c", self.c, false),
            ("lambda", self.lambda, false),
            ("g", self.g, true),
            ("r_r", self.r_r, true),
            ("m_r", self.m_r, true),
            ("i_rxx", self.i_rxx, true),
            ("i_ryy", self.i_ryy, true),
            ("x_b", self.x_b, false),
            ("z_b", self.z_b, false),
            ("m_b", self.m_b, true),
            ("x_h", self.x_h, false),
            ("z_h", self.z_h, false),
            ("m_h", self.m_h, true),
            ("r_f", self.r_f, true),
            ("m_f", self.m_f, true),
            ("i_fxx", self.i_fxx, true),
            ("i_fyy", self.i_fyy, true),
        ];
        for (name, value, positive) in scalars {
            if !value.is_finite() {
                return invalid(name, "not finite");
            }
            if positive && value <= 0.0 {
                return invalid(name, "must be positive");
            }
        }
        if self.lambda.abs() >= std::f64::consts::FRAC_PI_2 {
            return invalid("lambda", "the steer axis tilt must lie in (−π/2, π/2)");
        }
        for (name, i) in [("i_b", &self.i_b), ("i_h", &self.i_h)] {
            if i.iter().flatten().any(|x| !x.is_finite()) {
                return invalid(name, "not finite");
            }
            if i[0][2] != i[2][0]
                || i[0][1] != 0.0
                || i[1][0] != 0.0
                || i[1][2] != 0.0
                || i[2][1] != 0.0
            {
                return invalid(
                    name,
                    "must be symmetric with I_xy = I_yz = 0 (lateral symmetry)",
                );
            }
            if i[0][0] <= 0.0 || i[1][1] <= 0.0 || i[0][0] * i[2][2] <= i[0][2] * i[0][2] {
                return invalid(name, "must be positive definite");
            }
        }
        Ok(())
    }

    /// The intermediate quantities of Meijaard et al. (2007), Appendix A, in the order the
    /// appendix builds them: the whole bicycle (T), the front assembly (A = H + F) and its
    /// steer-axis inertias, μ and the gyrostatic coefficients S_R, S_F, S_T, S_A.
    pub fn appendix_a(&self) -> Result<AppendixA, BicycleError> {
        self.validate()?;
        let (sl, cl) = self.lambda.sin_cos();
        let (i_bxx, i_bxz, i_bzz) = (self.i_b[0][0], self.i_b[0][2], self.i_b[2][2]);
        let (i_hxx, i_hxz, i_hzz) = (self.i_h[0][0], self.i_h[0][2], self.i_h[2][2]);
        // Wheels: axisymmetric, I_Rzz = I_Rxx and I_Fzz = I_Fxx.
        let (i_rzz, i_fzz) = (self.i_rxx, self.i_fxx);
        // Whole bicycle: mass, centre of mass and inertia about the rear contact point.
        let m_t = self.m_r + self.m_b + self.m_h + self.m_f;
        let x_t = (self.x_b * self.m_b + self.x_h * self.m_h + self.w * self.m_f) / m_t;
        let z_t = (-self.r_r * self.m_r + self.z_b * self.m_b + self.z_h * self.m_h
            - self.r_f * self.m_f)
            / m_t;
        let i_txx = self.i_rxx
            + i_bxx
            + i_hxx
            + self.i_fxx
            + self.m_r * self.r_r.powi(2)
            + self.m_b * self.z_b.powi(2)
            + self.m_h * self.z_h.powi(2)
            + self.m_f * self.r_f.powi(2);
        let i_txz = i_bxz + i_hxz - self.m_b * self.x_b * self.z_b - self.m_h * self.x_h * self.z_h
            + self.m_f * self.w * self.r_f;
        let i_tzz = i_rzz
            + i_bzz
            + i_hzz
            + i_fzz
            + self.m_b * self.x_b.powi(2)
            + self.m_h * self.x_h.powi(2)
            + self.m_f * self.w.powi(2);
        // Front assembly A = H + F: mass, centre of mass, inertia about its centre of mass.
        let m_a = self.m_h + self.m_f;
        let x_a = (self.x_h * self.m_h + self.w * self.m_f) / m_a;
        let z_a = (self.z_h * self.m_h - self.r_f * self.m_f) / m_a;
        let i_axx = i_hxx
            + self.i_fxx
            + self.m_h * (self.z_h - z_a).powi(2)
            + self.m_f * (self.r_f + z_a).powi(2);
        let i_axz = i_hxz - self.m_h * (self.x_h - x_a) * (self.z_h - z_a)
            + self.m_f * (self.w - x_a) * (self.r_f + z_a);
        let i_azz =
            i_hzz + i_fzz + self.m_h * (self.x_h - x_a).powi(2) + self.m_f * (self.w - x_a).powi(2);
        // Steer-axis quantities of the front assembly.
        let u_a = (x_a - self.w - self.c) * cl - z_a * sl;
        let i_a_ll =
            m_a * u_a.powi(2) + i_axx * sl.powi(2) + 2.0 * i_axz * sl * cl + i_azz * cl.powi(2);
        let i_a_lx = -m_a * u_a * z_a + i_axx * sl + i_axz * cl;
        let i_a_lz = m_a * u_a * x_a + i_axz * sl + i_azz * cl;
        let mu = self.c / self.w * cl;
        // Gyrostatic coefficients of the wheels and the front assembly's static moment.
        let s_r = self.i_ryy / self.r_r;
        let s_f = self.i_fyy / self.r_f;
        let s_t = s_r + s_f;
        let s_a = m_a * u_a + mu * m_t * x_t;
        Ok(AppendixA {
            m_t,
            x_t,
            z_t,
            i_txx,
            i_txz,
            i_tzz,
            m_a,
            x_a,
            z_a,
            i_axx,
            i_axz,
            i_azz,
            u_a,
            i_a_ll,
            i_a_lx,
            i_a_lz,
            mu,
            s_r,
            s_f,
            s_t,
            s_a,
        })
    }

    /// M, C1, K0 and K2 from the closed forms of Meijaard et al. (2007), Appendix A:
    ///
    /// ```text
    /// M_φφ = I_Txx,   M_φδ = M_δφ = I_Aλx + μ I_Txz,   M_δδ = I_Aλλ + 2 μ I_Aλz + μ² I_Tzz,
    /// K0_φφ = m_T z_T,   K0_φδ = K0_δφ = −S_A,   K0_δδ = −S_A sin λ,
    /// K2_φφ = K2_δφ = 0,   K2_φδ = (S_T − m_T z_T) cos λ / w,   K2_δδ = (S_A + S_F sin λ) cos λ / w,
    /// C1_φφ = 0,   C1_φδ = μ S_T + S_F cos λ + I_Txz cos λ / w − μ m_T z_T,
    /// C1_δφ = −(μ S_T + S_F cos λ),   C1_δδ = I_Aλz cos λ / w + μ (S_A + I_Tzz cos λ / w).
    /// ```
    pub fn matrices(&self) -> Result<LinearisedMatrices, BicycleError> {
        let a = self.appendix_a()?;
        let (sl, cl) = self.lambda.sin_cos();
        let w = self.w;
        let m_pd = a.i_a_lx + a.mu * a.i_txz;
        let m = Matrix2::new(
            a.i_txx,
            m_pd,
            m_pd,
            a.i_a_ll + 2.0 * a.mu * a.i_a_lz + a.mu.powi(2) * a.i_tzz,
        );
        let k0 = Matrix2::new(a.m_t * a.z_t, -a.s_a, -a.s_a, -a.s_a * sl);
        let k2 = Matrix2::new(
            0.0,
            (a.s_t - a.m_t * a.z_t) / w * cl,
            0.0,
            (a.s_a + a.s_f * sl) / w * cl,
        );
        let gyro = a.mu * a.s_t + a.s_f * cl;
        let c1 = Matrix2::new(
            0.0,
            gyro + a.i_txz * cl / w - a.mu * a.m_t * a.z_t,
            -gyro,
            a.i_a_lz * cl / w + a.mu * (a.s_a + a.i_tzz * cl / w),
        );
        Ok(LinearisedMatrices { m, c1, k0, k2 })
    }

    /// The coefficients (a4, a3, a2, a1, a0) of the characteristic polynomial
    /// det(M s² + v C1 s + g K0 + v² K2) = a4 s⁴ + a3 s³ + a2 s² + a1 s + a0, expanded entry by
    /// entry from the 2 × 2 determinant.
    pub fn characteristic_polynomial(&self, v: f64) -> Result<[f64; 5], BicycleError> {
        check_speed(v)?;
        let mats = self.matrices()?;
        let a = mats.m;
        let b = mats.c1 * v;
        let c = mats.k0 * self.g + mats.k2 * (v * v);
        // det [[a11 s² + b11 s + c11, a12 s² + …], [a21 s² + …, a22 s² + …]].
        let cross = |p: &Matrix2<f64>, q: &Matrix2<f64>| {
            p[(0, 0)] * q[(1, 1)] + q[(0, 0)] * p[(1, 1)]
                - p[(0, 1)] * q[(1, 0)]
                - q[(0, 1)] * p[(1, 0)]
        };
        Ok([
            a.determinant(),
            cross(&a, &b),
            cross(&a, &c) + b.determinant(),
            cross(&b, &c),
            c.determinant(),
        ])
    }

    /// The state matrix of x = (φ, δ, φ̇, δ̇) at speed v, ẋ = A x for f = 0:
    /// A = [[0, I], [−M⁻¹ (g K0 + v² K2), −M⁻¹ v C1]]; its eigenvalues are the roots of the
    /// characteristic polynomial.
    pub fn state_matrix(&self, v: f64) -> Result<Matrix4<f64>, BicycleError> {
        check_speed(v)?;
        let mats = self.matrices()?;
        let m_inv = mats
            .m
            .try_inverse()
            .ok_or(BicycleError::SingularMassMatrix)?;
        let stiffness = -(m_inv * (mats.k0 * self.g + mats.k2 * (v * v)));
        let damping = -(m_inv * (mats.c1 * v));
        let mut a = Matrix4::zeros();
        a[(0, 2)] = 1.0;
        a[(1, 3)] = 1.0;
        a.fixed_view_mut::<2, 2>(2, 0).copy_from(&stiffness);
        a.fixed_view_mut::<2, 2>(2, 2).copy_from(&damping);
        Ok(a)
    }

    /// The four roots of the characteristic polynomial at speed v, sorted by real part, then by
    /// imaginary part: the eigenvalues of [`Self::state_matrix`] by a real Schur decomposition,
    /// each refined by Newton's method on d(s) = det(M s² + v C1 s + g K0 + v² K2) (kept only
    /// where it lowers |d|), which brings the simple roots to a few units of roundoff.
    pub fn eigenvalues(&self, v: f64) -> Result<[Complex<f64>; 4], BicycleError> {
        let a = self.state_matrix(v)?;
        let schur = Schur::try_new(a, f64::EPSILON, 10_000)
            .ok_or(BicycleError::EigenvaluesNotConverged { v })?;
        let e = schur.complex_eigenvalues();
        let mats = self.matrices()?;
        let mut roots = [e[0], e[1], e[2], e[3]].map(|s| polish_root(&mats, self.g, v, s));
        if roots.iter().any(|r| !r.re.is_finite() || !r.im.is_finite()) {
            return Err(BicycleError::EigenvaluesNotConverged { v });
        }
        roots.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
        Ok(roots)
    }

    /// The largest real part of the four roots at speed v: negative exactly where the upright
    /// straight motion is asymptotically stable.
    pub fn spectral_abscissa(&self, v: f64) -> Result<f64, BicycleError> {
        Ok(self.eigenvalues(v)?[3].re)
    }

    /// The self-stable speed range: scanning v = 0, h, 2h, … up to `v_max` brackets the first
    /// speed where the spectral abscissa turns negative (the weave speed) and the next where it
    /// turns positive again (the capsize speed); each is refined by bisection down to adjacent
    /// floating-point numbers.
    pub fn self_stable_range(&self, v_max: f64, h: f64) -> Result<SelfStableRange, BicycleError> {
        check_speed(v_max)?;
        if !(h > 0.0 && h.is_finite()) {
            return Err(BicycleError::InvalidSpeed { v: h });
        }
        let abscissa = |v: f64| self.spectral_abscissa(v);
        let mut previous = 0.0;
        let mut stable_before = abscissa(previous)? < 0.0;
        let mut weave = None;
        let mut k = 1.0;
        while k * h <= v_max {
            let v = k * h;
            let stable = abscissa(v)? < 0.0;
            if stable != stable_before {
                let crossing = bisect_speed(&abscissa, previous, v)?;
                match weave {
                    None if stable => weave = Some(crossing),
                    Some(weave) if !stable => {
                        return Ok(SelfStableRange {
                            weave,
                            capsize: crossing,
                        });
                    }
                    _ => {}
                }
            }
            (previous, stable_before) = (v, stable);
            k += 1.0;
        }
        Err(BicycleError::NoSelfStableRange { v_max })
    }

    /// The benchmark's upright reference configuration in mb's axes (see
    /// [`UprightConfiguration`] for the conversion and the signs of lean, steer and wheel spin).
    pub fn upright_configuration(&self) -> Result<UprightConfiguration, BicycleError> {
        self.validate()?;
        let (sl, cl) = self.lambda.sin_cos();
        let paper = |x: f64, z: f64| point_in_mb_axes([x, 0.0, z]);
        let wheel = |i_xx: f64, i_yy: f64| [[i_xx, 0.0, 0.0], [0.0, i_yy, 0.0], [0.0, 0.0, i_xx]];
        Ok(UprightConfiguration {
            rear_hub: paper(0.0, -self.r_r),
            front_hub: paper(self.w, -self.r_f),
            front_contact: paper(self.w, 0.0),
            rear_frame_com: paper(self.x_b, self.z_b),
            front_frame_com: paper(self.x_h, self.z_h),
            steer_axis_ground_point: paper(self.w + self.c, 0.0),
            // The paper's downward steer axis (sin λ, 0, cos λ).
            steer_axis: point_in_mb_axes([sl, 0.0, cl]),
            rear_frame_inertia: inertia_in_mb_axes(self.i_b),
            front_frame_inertia: inertia_in_mb_axes(self.i_h),
            rear_wheel_inertia: wheel(self.i_rxx, self.i_ryy),
            front_wheel_inertia: wheel(self.i_fxx, self.i_fyy),
            masses: [self.m_r, self.m_b, self.m_h, self.m_f],
            radii: [self.r_r, self.r_f],
            g: self.g,
        })
    }
}

/// d(s) = det P(s) with P(s) = M s² + v C1 s + g K0 + v² K2, and d'(s) = p11' p22 + p11 p22'
/// − p12' p21 − p12 p21' with P'(s) = 2 M s + v C1.
fn characteristic_determinant(
    mats: &LinearisedMatrices,
    g: f64,
    v: f64,
    s: Complex<f64>,
) -> (Complex<f64>, Complex<f64>) {
    let p = |i: usize, j: usize| {
        s * s * mats.m[(i, j)]
            + s * (v * mats.c1[(i, j)])
            + (g * mats.k0[(i, j)] + v * v * mats.k2[(i, j)])
    };
    let dp = |i: usize, j: usize| s * (2.0 * mats.m[(i, j)]) + v * mats.c1[(i, j)];
    let d = p(0, 0) * p(1, 1) - p(0, 1) * p(1, 0);
    let dd = dp(0, 0) * p(1, 1) + p(0, 0) * dp(1, 1) - dp(0, 1) * p(1, 0) - p(0, 1) * dp(1, 0);
    (d, dd)
}

/// Newton's method on the characteristic determinant from `s`, at most 8 steps, each kept only
/// if it lowers |d(s)|; a real start stays real (its steps are real).
fn polish_root(mats: &LinearisedMatrices, g: f64, v: f64, s: Complex<f64>) -> Complex<f64> {
    let mut s = s;
    let (mut d, mut dd) = characteristic_determinant(mats, g, v, s);
    for _ in 0..8 {
        if d.norm() == 0.0 || dd.norm() == 0.0 {
            break;
        }
        let next = s - d / dd;
        let (d_next, dd_next) = characteristic_determinant(mats, g, v, next);
        // Also stops on a NaN residual.
        if d_next.norm().partial_cmp(&d.norm()) != Some(std::cmp::Ordering::Less) {
            break;
        }
        (s, d, dd) = (next, d_next, dd_next);
    }
    s
}

fn check_speed(v: f64) -> Result<(), BicycleError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(BicycleError::InvalidSpeed { v })
    }
}

/// The zero of `f` in [lo, hi] (f(lo) and f(hi) on opposite sides of zero) by bisection until lo
/// and hi are adjacent floating-point numbers; their midpoint is returned.
fn bisect_speed(
    f: &impl Fn(f64) -> Result<f64, BicycleError>,
    lo: f64,
    hi: f64,
) -> Result<f64, BicycleError> {
    let (mut lo, mut hi) = (lo, hi);
    let negative_at_lo = f(lo)? < 0.0;
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return Ok(mid);
        }
        if (f(mid)? < 0.0) == negative_at_lo {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}
