//! Problems of the IFToMM multibody benchmark library (González, Dopico, Lugrís & Cuadrado,
//! "A benchmarking system for MBS simulation software: problem standardization and performance
//! measurement", Multibody Syst. Dyn. 16, 2006), written in the language as a user would: A01 the
//! simple pendulum, A03 Andrews' squeezing mechanism, A04 the Bricard mechanism, A05 the flyball
//! governor (the N-four-bar A02 is in `iftomm_four_bar`). Their references are computed independently in `bench/iftomm/`.

use mbmacros::mechanism;

mechanism! {
    /// IFToMM A01: a point mass m on a massless rod of length l pivoted at the origin, written in
    /// Cartesian coordinates with the rod as a bilateral constraint x² + y² = l² (the benchmark's
    /// redundant form); gravity −g e_y. The benchmark starts at rest with the rod horizontal,
    /// (x, y) = (−l, 0), and runs 2000 s.
    struct PendulumA01;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { x, y }
    body bob { mass: m, position: (x, y) }
    gravity = (0.0, -g);
    constraint rod = (x.powi(2) + y.powi(2)).sqrt() - l;
}

mechanism! {
    /// IFToMM A03, Andrews' squeezing mechanism (Schiehlen 1990; the IVP test set of Mazzia &
    /// Magherini, problem `andrews`): seven rigid bodies in the plane, no gravity, a spring
    /// between the point D of the triangle and the fixed point C, a constant torque on the crank.
    /// Coordinates: β (crank OF about O), Θ (FE relative to OF), γ (triangle BDE about B), Φ (GE
    /// relative to AG), δ (AG about A), Ω (HE relative to AH), ε (AH about A); the point E is
    /// reached from F, from B, through G and through H, which closes three loops (six bilateral
    /// constraints, the test set's g). Bodies at the test set's centres of mass.
    struct AndrewsA03;
    parameters {
        m1: 0.04325, m2: 0.00365, m3: 0.02373, m4: 0.00706, m5: 0.07050, m6: 0.00706, m7: 0.05498,
        i1: 2.194e-6, i2: 4.410e-7, i3: 5.255e-6, i4: 5.667e-7, i5: 1.169e-5, i6: 5.667e-7, i7: 1.912e-5,
        xa: -0.06934, ya: -0.00227, xb: -0.03635, yb: 0.03273, xc: 0.014, yc: 0.072,
        d: 28e-3, da: 115e-4, e: 2e-2, ea: 1421e-5, rr: 7e-3, ra: 92e-5, ss: 35e-3, sa: 1874e-5,
        sb: 1043e-5, sc: 18e-3, sd: 2e-2, ta: 2308e-5, tb: 916e-5, u: 4e-2, ua: 1228e-5,
        ub: 449e-5, zf: 2e-2, zt: 4e-2, fa: 1421e-5,
        /// Spring stiffness [N/m] and rest length [m].
        c0: 4530.0, l0: 7785e-5,
        /// Driving torque on the crank [N m].
        mom: 0.033,
    }
    coordinates { beta, theta, gamma, phi, delta, omega, eps }
    point f = (rr * cos(beta), rr * sin(beta));
    point g = (xa + zt * cos(delta), ya + zt * sin(delta));
    point h = (xa + u * sin(eps), ya - u * cos(eps));
    point b = (xb, yb);
    point c = (xc, yc);
    point dd = (xb + sd * cos(gamma) + sc * sin(gamma), yb + sd * sin(gamma) - sc * cos(gamma));
    body crank { mass: m1, position: (ra * cos(beta), ra * sin(beta)), angle: beta, inertia: i1 }
    body fe {
        mass: m2,
        position: f - da * (cos(beta + theta), sin(beta + theta)),
        angle: beta + theta,
        inertia: i2,
    }
    body triangle {
        mass: m3,
        position: b + (sb * cos(gamma) + sa * sin(gamma), sb * sin(gamma) - sa * cos(gamma)),
        angle: gamma,
        inertia: i3,
    }
    body ge {
        mass: m4,
        position: g + (e - ea) * (sin(phi + delta), -cos(phi + delta)),
        angle: phi + delta,
        inertia: i4,
    }
    body ag {
        mass: m5,
        position: (xa + ta * cos(delta) - tb * sin(delta), ya + ta * sin(delta) + tb * cos(delta)),
        angle: delta,
        inertia: i5,
    }
    body he {
        mass: m6,
        position: h + (zf - fa) * (cos(omega + eps), sin(omega + eps)),
        angle: omega + eps,
        inertia: i6,
    }
    body ah {
        mass: m7,
        position: (xa - ua * cos(eps) + ub * sin(eps), ya - ua * sin(eps) - ub * cos(eps)),
        angle: eps,
        inertia: i7,
    }
    spring drive_spring { between: (dd, c), stiffness: c0, rest: l0 }
    forces { beta: mom }
    constraint e_from_b_x = rr * cos(beta) - d * cos(beta + theta) - ss * sin(gamma) - xb;
    constraint e_from_b_y = rr * sin(beta) - d * sin(beta + theta) + ss * cos(gamma) - yb;
    constraint e_from_g_x = rr * cos(beta) - d * cos(beta + theta) - e * sin(phi + delta) - zt * cos(delta) - xa;
    constraint e_from_g_y = rr * sin(beta) - d * sin(beta + theta) + e * cos(phi + delta) - zt * sin(delta) - ya;
    constraint e_from_h_x = rr * cos(beta) - d * cos(beta + theta) - zf * cos(omega + eps) - u * sin(eps) - xa;
    constraint e_from_h_y = rr * sin(beta) - d * sin(beta + theta) - zf * sin(omega + eps) + u * cos(eps) - ya;
    generate { targets: [rust, c] }
}

mechanism! {
    /// IFToMM A04, the Bricard mechanism: five links of length l and mass m (uniform boxes
    /// l × w × w) joined into a loop with the ground by six revolute joints, at t = 0 at
    /// P1 = (0, 0, 0) (axis y, ground–link 1), P2 = (l, 0, 0) (z), P3 = (l, −l, 0) (x),
    /// P4 = (l, −l, l) (y), P5 = (0, −l, l) (z), P6 = (0, 0, l) (x, link 5–ground); gravity
    /// −g e_y. Links 1…5 hang on joints 1…5 as a chain from the ground; joint 6 closes the loop:
    /// the end of link 5 stays at P6 (three constraints) and its x axis stays the ground's (two).
    /// Grübler counts 6·5 − 5·6 = 0 degrees of freedom; the loop moves with one (the five
    /// closure rows have rank 4 everywhere), an overconstrained mechanism.
    struct BricardA04;
    parameters { m: 1.0, l: 1.0, w: 0.1, g: 9.81 }
    coordinates { q1, q2, q3, q4, q5 }
    let ja = m * 2.0 * w.powi(2) / 12.0;
    let jt = m * (l.powi(2) + w.powi(2)) / 12.0;
    body link1 {
        joint: revolute(q1),
        axis: (0.0, 1.0, 0.0),
        mass: m,
        com: (0.5 * l, 0.0, 0.0),
        inertia: (ja, jt, jt),
    }
    body link2 {
        parent: link1,
        joint: revolute(q2),
        axis: (0.0, 0.0, 1.0),
        offset: (l, 0.0, 0.0),
        mass: m,
        com: (0.0, -0.5 * l, 0.0),
        inertia: (jt, ja, jt),
    }
    body link3 {
        parent: link2,
        joint: revolute(q3),
        axis: (1.0, 0.0, 0.0),
        offset: (0.0, -l, 0.0),
        mass: m,
        com: (0.0, 0.0, 0.5 * l),
        inertia: (jt, jt, ja),
    }
    body link4 {
        parent: link3,
        joint: revolute(q4),
        axis: (0.0, 1.0, 0.0),
        offset: (0.0, 0.0, l),
        mass: m,
        com: (-0.5 * l, 0.0, 0.0),
        inertia: (ja, jt, jt),
    }
    body link5 {
        parent: link4,
        joint: revolute(q5),
        axis: (0.0, 0.0, 1.0),
        offset: (-l, 0.0, 0.0),
        mass: m,
        com: (0.0, 0.5 * l, 0.0),
        inertia: (jt, ja, jt),
    }
    point p3 = link2 * (0.0, -l, 0.0);
    point p6 = link5 * (0.0, l, 0.0);
    let axis6 = link5 * (1.0, 0.0, 0.0) - link5 * (0.0, 0.0, 0.0);
    gravity = (0.0, -g, 0.0);
    constraint close_x = p6.x;
    constraint close_y = p6.y;
    constraint close_z = p6.z - l;
    constraint axis_y = axis6.y;
    constraint axis_z = axis6.z;
}

mechanism! {
    /// IFToMM A05, the flyball governor: a vertical shaft (revolute about z at the origin), a
    /// slider on it (prismatic along the shaft, height s of its centre), and two rods hinged at the
    /// shaft's top (shaft-frame points (±a, 0, h)) about the axes ±e_y normal to the plane of
    /// shaft and rod (rod 2 along −x, so that both turn down for θ > 0),
    /// each with a point mass mp at its free end (rod and point mass as one rigid body: mass
    /// mr + mp, centre of mass c along the rod, central inertia about the rod's normals
    /// jr + mr (lr/2 − c)² + mp (lr − c)²). Instead of coupler rods, two stiff spring–dampers (k,
    /// cd, rest length l0) join the slider's faces (±a, 0, 0) to the rods' midpoints (written through their lengths in the shaft's frame). Angles θ of
    /// the rods below the horizontal. Gravity −g e_z. The benchmark starts with θ = 30°, s = 0.5,
    /// the springs unstretched and the whole assembly turning at 2π rad/s; the shaft is free.
    struct FlyballA05;
    parameters {
        ms: 0.3, msl: 3.0, mr: 0.3, mp: 5.0, lr: 1.0, a: 0.05, h: 1.0,
        /// Spring stiffness [N/m], damping [N s/m] and rest length [m].
        k: 8e5, cd: 4e4, l0: 0.5,
        g: 9.81,
    }
    coordinates { psi, s, th1, th2 }
    let c = (0.5 * mr * lr + mp * lr) / (mr + mp);
    let jr = mr * (lr.powi(2) + 1e-4) / 12.0;
    let jaxial = mr * 2e-4 / 12.0;
    let jn = jr + mr * (0.5 * lr - c).powi(2) + mp * (lr - c).powi(2);
    body shaft {
        joint: revolute(psi),
        axis: (0.0, 0.0, 1.0),
        mass: ms,
        com: (0.0, 0.0, 0.5 * h),
        inertia: (ms * (h.powi(2) + 1e-4) / 12.0, ms * (h.powi(2) + 1e-4) / 12.0, ms * 2e-4 / 12.0),
    }
    body slider {
        parent: shaft,
        joint: prismatic(s),
        axis: (0.0, 0.0, 1.0),
        mass: msl,
        inertia: (0.005, 0.005, 0.005),
    }
    body rod1 {
        parent: shaft,
        joint: revolute(th1),
        axis: (0.0, 1.0, 0.0),
        offset: (a, 0.0, h),
        mass: mr + mp,
        com: (c, 0.0, 0.0),
        inertia: (jaxial, jn, jn),
    }
    body rod2 {
        parent: shaft,
        joint: revolute(th2),
        axis: (0.0, -1.0, 0.0),
        offset: (-a, 0.0, h),
        mass: mr + mp,
        com: (-c, 0.0, 0.0),
        inertia: (jaxial, jn, jn),
    }
    // Spring i joins the slider face (±a, 0, s) to the rod midpoint (±(a + lr/2 cos θᵢ), 0,
    // h − lr/2 sin θᵢ) in the shaft's frame: its length dᵢ = √(aᵢ² + bᵢ²) below, its rate
    // ḋᵢ = ∂dᵢ/∂s ṡ + ∂dᵢ/∂θᵢ θ̇ᵢ, and the damper's generalised force −cd ḋᵢ ∇dᵢ.
    let a1 = 0.5 * lr * cos(th1);
    let b1 = h - 0.5 * lr * sin(th1) - s;
    let d1 = (a1.powi(2) + b1.powi(2)).sqrt();
    let d1_s = -b1 / d1;
    let d1_th = -0.5 * lr * (a1 * sin(th1) + b1 * cos(th1)) / d1;
    let v1 = d1_s * dot(s) + d1_th * dot(th1);
    let a2 = 0.5 * lr * cos(th2);
    let b2 = h - 0.5 * lr * sin(th2) - s;
    let d2 = (a2.powi(2) + b2.powi(2)).sqrt();
    let d2_s = -b2 / d2;
    let d2_th = -0.5 * lr * (a2 * sin(th2) + b2 * cos(th2)) / d2;
    let v2 = d2_s * dot(s) + d2_th * dot(th2);
    potential = 0.5 * k * (d1 - l0).powi(2) + 0.5 * k * (d2 - l0).powi(2);
    forces { s: -cd * (v1 * d1_s + v2 * d2_s), th1: -cd * v1 * d1_th, th2: -cd * v2 * d2_th }
    gravity = (0.0, 0.0, -g);
}
