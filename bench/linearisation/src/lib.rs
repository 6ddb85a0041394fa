//! Planar n-link pendulums (point masses at the link ends, absolute angles) for n = 4, 8, 12,
//! written by `bench/compare_linearisation.sh` from `bench/chain_model.py`: the models linearised
//! by the `linearise` binary. Masses m_i = 1 − 0.3 i/n, lengths l_i = 1 − 0.2 i/n, g = 9.81;
//! T = Σ ½ m_i |v_i|², V = g Σ m_i y_i. The generated modules are not kept in the repository.

use mbmacros::mechanism;

mechanism! {
    /// Planar 4-link pendulum.
    struct Chain4;
    parameters { m1: 0.9250, m2: 0.8500, m3: 0.7750, m4: 0.7000, l1: 0.9500, l2: 0.9000, l3: 0.8500, l4: 0.8000, g: 9.81 }
    coordinates { th1, th2, th3, th4 }
    let vx1 = l1 * cos(th1) * dot(th1);
    let vy1 = l1 * sin(th1) * dot(th1);
    let y1 = -l1 * cos(th1);
    let vx2 = vx1 + l2 * cos(th2) * dot(th2);
    let vy2 = vy1 + l2 * sin(th2) * dot(th2);
    let y2 = y1 - l2 * cos(th2);
    let vx3 = vx2 + l3 * cos(th3) * dot(th3);
    let vy3 = vy2 + l3 * sin(th3) * dot(th3);
    let y3 = y2 - l3 * cos(th3);
    let vx4 = vx3 + l4 * cos(th4) * dot(th4);
    let vy4 = vy3 + l4 * sin(th4) * dot(th4);
    let y4 = y3 - l4 * cos(th4);
    kinetic = 0.5 * m1 * (vx1.powi(2) + vy1.powi(2)) + 0.5 * m2 * (vx2.powi(2) + vy2.powi(2)) + 0.5 * m3 * (vx3.powi(2) + vy3.powi(2)) + 0.5 * m4 * (vx4.powi(2) + vy4.powi(2));
    potential = g * (m1 * y1 + m2 * y2 + m3 * y3 + m4 * y4);
}

mechanism! {
    /// Planar 8-link pendulum.
    struct Chain8;
    parameters { m1: 0.9625, m2: 0.9250, m3: 0.8875, m4: 0.8500, m5: 0.8125, m6: 0.7750, m7: 0.7375, m8: 0.7000, l1: 0.9750, l2: 0.9500, l3: 0.9250, l4: 0.9000, l5: 0.8750, l6: 0.8500, l7: 0.8250, l8: 0.8000, g: 9.81 }
    coordinates { th1, th2, th3, th4, th5, th6, th7, th8 }
    let vx1 = l1 * cos(th1) * dot(th1);
    let vy1 = l1 * sin(th1) * dot(th1);
    let y1 = -l1 * cos(th1);
    let vx2 = vx1 + l2 * cos(th2) * dot(th2);
    let vy2 = vy1 + l2 * sin(th2) * dot(th2);
    let y2 = y1 - l2 * cos(th2);
    let vx3 = vx2 + l3 * cos(th3) * dot(th3);
    let vy3 = vy2 + l3 * sin(th3) * dot(th3);
    let y3 = y2 - l3 * cos(th3);
    let vx4 = vx3 + l4 * cos(th4) * dot(th4);
    let vy4 = vy3 + l4 * sin(th4) * dot(th4);
    let y4 = y3 - l4 * cos(th4);
    let vx5 = vx4 + l5 * cos(th5) * dot(th5);
    let vy5 = vy4 + l5 * sin(th5) * dot(th5);
    let y5 = y4 - l5 * cos(th5);
    let vx6 = vx5 + l6 * cos(th6) * dot(th6);
    let vy6 = vy5 + l6 * sin(th6) * dot(th6);
    let y6 = y5 - l6 * cos(th6);
    let vx7 = vx6 + l7 * cos(th7) * dot(th7);
    let vy7 = vy6 + l7 * sin(th7) * dot(th7);
    let y7 = y6 - l7 * cos(th7);
    let vx8 = vx7 + l8 * cos(th8) * dot(th8);
    let vy8 = vy7 + l8 * sin(th8) * dot(th8);
    let y8 = y7 - l8 * cos(th8);
    kinetic = 0.5 * m1 * (vx1.powi(2) + vy1.powi(2)) + 0.5 * m2 * (vx2.powi(2) + vy2.powi(2)) + 0.5 * m3 * (vx3.powi(2) + vy3.powi(2)) + 0.5 * m4 * (vx4.powi(2) + vy4.powi(2)) + 0.5 * m5 * (vx5.powi(2) + vy5.powi(2)) + 0.5 * m6 * (vx6.powi(2) + vy6.powi(2)) + 0.5 * m7 * (vx7.powi(2) + vy7.powi(2)) + 0.5 * m8 * (vx8.powi(2) + vy8.powi(2));
    potential = g * (m1 * y1 + m2 * y2 + m3 * y3 + m4 * y4 + m5 * y5 + m6 * y6 + m7 * y7 + m8 * y8);
}

mechanism! {
    /// Planar 12-link pendulum.
    struct Chain12;
    parameters { m1: 0.9750, m2: 0.9500, m3: 0.9250, m4: 0.9000, m5: 0.8750, m6: 0.8500, m7: 0.8250, m8: 0.8000, m9: 0.7750, m10: 0.7500, m11: 0.7250, m12: 0.7000, l1: 0.9833, l2: 0.9667, l3: 0.9500, l4: 0.9333, l5: 0.9167, l6: 0.9000, l7: 0.8833, l8: 0.8667, l9: 0.8500, l10: 0.8333, l11: 0.8167, l12: 0.8000, g: 9.81 }
    coordinates { th1, th2, th3, th4, th5, th6, th7, th8, th9, th10, th11, th12 }
    let vx1 = l1 * cos(th1) * dot(th1);
    let vy1 = l1 * sin(th1) * dot(th1);
    let y1 = -l1 * cos(th1);
    let vx2 = vx1 + l2 * cos(th2) * dot(th2);
    let vy2 = vy1 + l2 * sin(th2) * dot(th2);
    let y2 = y1 - l2 * cos(th2);
    let vx3 = vx2 + l3 * cos(th3) * dot(th3);
    let vy3 = vy2 + l3 * sin(th3) * dot(th3);
    let y3 = y2 - l3 * cos(th3);
    let vx4 = vx3 + l4 * cos(th4) * dot(th4);
    let vy4 = vy3 + l4 * sin(th4) * dot(th4);
    let y4 = y3 - l4 * cos(th4);
    let vx5 = vx4 + l5 * cos(th5) * dot(th5);
    let vy5 = vy4 + l5 * sin(th5) * dot(th5);
    let y5 = y4 - l5 * cos(th5);
    let vx6 = vx5 + l6 * cos(th6) * dot(th6);
    let vy6 = vy5 + l6 * sin(th6) * dot(th6);
    let y6 = y5 - l6 * cos(th6);
    let vx7 = vx6 + l7 * cos(th7) * dot(th7);
    let vy7 = vy6 + l7 * sin(th7) * dot(th7);
    let y7 = y6 - l7 * cos(th7);
    let vx8 = vx7 + l8 * cos(th8) * dot(th8);
    let vy8 = vy7 + l8 * sin(th8) * dot(th8);
    let y8 = y7 - l8 * cos(th8);
    let vx9 = vx8 + l9 * cos(th9) * dot(th9);
    let vy9 = vy8 + l9 * sin(th9) * dot(th9);
    let y9 = y8 - l9 * cos(th9);
    let vx10 = vx9 + l10 * cos(th10) * dot(th10);
    let vy10 = vy9 + l10 * sin(th10) * dot(th10);
    let y10 = y9 - l10 * cos(th10);
    let vx11 = vx10 + l11 * cos(th11) * dot(th11);
    let vy11 = vy10 + l11 * sin(th11) * dot(th11);
    let y11 = y10 - l11 * cos(th11);
    let vx12 = vx11 + l12 * cos(th12) * dot(th12);
    let vy12 = vy11 + l12 * sin(th12) * dot(th12);
    let y12 = y11 - l12 * cos(th12);
    kinetic = 0.5 * m1 * (vx1.powi(2) + vy1.powi(2)) + 0.5 * m2 * (vx2.powi(2) + vy2.powi(2)) + 0.5 * m3 * (vx3.powi(2) + vy3.powi(2)) + 0.5 * m4 * (vx4.powi(2) + vy4.powi(2)) + 0.5 * m5 * (vx5.powi(2) + vy5.powi(2)) + 0.5 * m6 * (vx6.powi(2) + vy6.powi(2)) + 0.5 * m7 * (vx7.powi(2) + vy7.powi(2)) + 0.5 * m8 * (vx8.powi(2) + vy8.powi(2)) + 0.5 * m9 * (vx9.powi(2) + vy9.powi(2)) + 0.5 * m10 * (vx10.powi(2) + vy10.powi(2)) + 0.5 * m11 * (vx11.powi(2) + vy11.powi(2)) + 0.5 * m12 * (vx12.powi(2) + vy12.powi(2));
    potential = g * (m1 * y1 + m2 * y2 + m3 * y3 + m4 * y4 + m5 * y5 + m6 * y6 + m7 * y7 + m8 * y8 + m9 * y9 + m10 * y10 + m11 * y11 + m12 * y12);
}
