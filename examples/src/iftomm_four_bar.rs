//! The IFToMM A02 N-four-bar mechanism for N = 2, 4 and 40 (blocks written by
//! `bench/iftomm/four_bar_block.py N Name`, with `--rates-only` for N = 40; see `iftomm_models`
//! for the other problems).

use mbmacros::mechanism;

mechanism! {
    /// The IFToMM A02 N-four-bar mechanism with N = 2 (written by
    /// `bench/iftomm/four_bar_block.py`): cranks `crank_i` about the ground pivots (i d, 0),
    /// couplers `coupler_i` hinged at the tips of cranks i − 1, every rod uniform (length l,
    /// mass m, central inertia m l²/12), each window closed by two loop constraints.
    struct FourBarChain2;
    parameters { m: 1.0, l: 1.0, d: 1.0, g: 9.81 }
    coordinates { phi0, phi1, phi2, psi1, psi2 }
    let j = m * l.powi(2) / 12.0;
    body crank0 { joint: revolute(phi0), axis: (0.0, 0.0, 1.0), offset: (0.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank1 { joint: revolute(phi1), axis: (0.0, 0.0, 1.0), offset: (1.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank2 { joint: revolute(phi2), axis: (0.0, 0.0, 1.0), offset: (2.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler1 { parent: crank0, joint: revolute(psi1), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler2 { parent: crank1, joint: revolute(psi2), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    constraint close1_x = l * cos(phi0) + l * cos(phi0 + psi1) - d - l * cos(phi1);
    constraint close1_y = l * sin(phi0) + l * sin(phi0 + psi1) - l * sin(phi1);
    constraint close2_x = l * cos(phi1) + l * cos(phi1 + psi2) - d - l * cos(phi2);
    constraint close2_y = l * sin(phi1) + l * sin(phi1 + psi2) - l * sin(phi2);
    gravity = (0.0, -g, 0.0);
}

mechanism! {
    /// The IFToMM A02 N-four-bar mechanism with N = 4 (written by
    /// `bench/iftomm/four_bar_block.py`): cranks `crank_i` about the ground pivots (i d, 0),
    /// couplers `coupler_i` hinged at the tips of cranks i − 1, every rod uniform (length l,
    /// mass m, central inertia m l²/12), each window closed by two loop constraints.
    struct FourBarChain4;
    parameters { m: 1.0, l: 1.0, d: 1.0, g: 9.81 }
    coordinates { phi0, phi1, phi2, phi3, phi4, psi1, psi2, psi3, psi4 }
    let j = m * l.powi(2) / 12.0;
    body crank0 { joint: revolute(phi0), axis: (0.0, 0.0, 1.0), offset: (0.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank1 { joint: revolute(phi1), axis: (0.0, 0.0, 1.0), offset: (1.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank2 { joint: revolute(phi2), axis: (0.0, 0.0, 1.0), offset: (2.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank3 { joint: revolute(phi3), axis: (0.0, 0.0, 1.0), offset: (3.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank4 { joint: revolute(phi4), axis: (0.0, 0.0, 1.0), offset: (4.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler1 { parent: crank0, joint: revolute(psi1), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler2 { parent: crank1, joint: revolute(psi2), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler3 { parent: crank2, joint: revolute(psi3), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler4 { parent: crank3, joint: revolute(psi4), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    constraint close1_x = l * cos(phi0) + l * cos(phi0 + psi1) - d - l * cos(phi1);
    constraint close1_y = l * sin(phi0) + l * sin(phi0 + psi1) - l * sin(phi1);
    constraint close2_x = l * cos(phi1) + l * cos(phi1 + psi2) - d - l * cos(phi2);
    constraint close2_y = l * sin(phi1) + l * sin(phi1 + psi2) - l * sin(phi2);
    constraint close3_x = l * cos(phi2) + l * cos(phi2 + psi3) - d - l * cos(phi3);
    constraint close3_y = l * sin(phi2) + l * sin(phi2 + psi3) - l * sin(phi3);
    constraint close4_x = l * cos(phi3) + l * cos(phi3 + psi4) - d - l * cos(phi4);
    constraint close4_y = l * sin(phi3) + l * sin(phi3 + psi4) - l * sin(phi4);
    gravity = (0.0, -g, 0.0);
}

mechanism! {
    /// The IFToMM A02 N-four-bar mechanism with N = 40 (written by
    /// `bench/iftomm/four_bar_block.py`): cranks `crank_i` about the ground pivots (i d, 0),
    /// couplers `coupler_i` hinged at the tips of cranks i − 1, every rod uniform (length l,
    /// mass m, central inertia m l²/12), each window closed by two loop constraints.
    struct FourBarChain40;
    parameters { m: 1.0, l: 1.0, d: 1.0, g: 9.81 }
    coordinates { phi0, phi1, phi2, phi3, phi4, phi5, phi6, phi7, phi8, phi9, phi10, phi11, phi12, phi13, phi14, phi15, phi16, phi17, phi18, phi19, phi20, phi21, phi22, phi23, phi24, phi25, phi26, phi27, phi28, phi29, phi30, phi31, phi32, phi33, phi34, phi35, phi36, phi37, phi38, phi39, phi40, psi1, psi2, psi3, psi4, psi5, psi6, psi7, psi8, psi9, psi10, psi11, psi12, psi13, psi14, psi15, psi16, psi17, psi18, psi19, psi20, psi21, psi22, psi23, psi24, psi25, psi26, psi27, psi28, psi29, psi30, psi31, psi32, psi33, psi34, psi35, psi36, psi37, psi38, psi39, psi40 }
    let j = m * l.powi(2) / 12.0;
    body crank0 { joint: revolute(phi0), axis: (0.0, 0.0, 1.0), offset: (0.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank1 { joint: revolute(phi1), axis: (0.0, 0.0, 1.0), offset: (1.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank2 { joint: revolute(phi2), axis: (0.0, 0.0, 1.0), offset: (2.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank3 { joint: revolute(phi3), axis: (0.0, 0.0, 1.0), offset: (3.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank4 { joint: revolute(phi4), axis: (0.0, 0.0, 1.0), offset: (4.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank5 { joint: revolute(phi5), axis: (0.0, 0.0, 1.0), offset: (5.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank6 { joint: revolute(phi6), axis: (0.0, 0.0, 1.0), offset: (6.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank7 { joint: revolute(phi7), axis: (0.0, 0.0, 1.0), offset: (7.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank8 { joint: revolute(phi8), axis: (0.0, 0.0, 1.0), offset: (8.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank9 { joint: revolute(phi9), axis: (0.0, 0.0, 1.0), offset: (9.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank10 { joint: revolute(phi10), axis: (0.0, 0.0, 1.0), offset: (10.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank11 { joint: revolute(phi11), axis: (0.0, 0.0, 1.0), offset: (11.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank12 { joint: revolute(phi12), axis: (0.0, 0.0, 1.0), offset: (12.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank13 { joint: revolute(phi13), axis: (0.0, 0.0, 1.0), offset: (13.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank14 { joint: revolute(phi14), axis: (0.0, 0.0, 1.0), offset: (14.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank15 { joint: revolute(phi15), axis: (0.0, 0.0, 1.0), offset: (15.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank16 { joint: revolute(phi16), axis: (0.0, 0.0, 1.0), offset: (16.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank17 { joint: revolute(phi17), axis: (0.0, 0.0, 1.0), offset: (17.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank18 { joint: revolute(phi18), axis: (0.0, 0.0, 1.0), offset: (18.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank19 { joint: revolute(phi19), axis: (0.0, 0.0, 1.0), offset: (19.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank20 { joint: revolute(phi20), axis: (0.0, 0.0, 1.0), offset: (20.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank21 { joint: revolute(phi21), axis: (0.0, 0.0, 1.0), offset: (21.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank22 { joint: revolute(phi22), axis: (0.0, 0.0, 1.0), offset: (22.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank23 { joint: revolute(phi23), axis: (0.0, 0.0, 1.0), offset: (23.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank24 { joint: revolute(phi24), axis: (0.0, 0.0, 1.0), offset: (24.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank25 { joint: revolute(phi25), axis: (0.0, 0.0, 1.0), offset: (25.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank26 { joint: revolute(phi26), axis: (0.0, 0.0, 1.0), offset: (26.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank27 { joint: revolute(phi27), axis: (0.0, 0.0, 1.0), offset: (27.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank28 { joint: revolute(phi28), axis: (0.0, 0.0, 1.0), offset: (28.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank29 { joint: revolute(phi29), axis: (0.0, 0.0, 1.0), offset: (29.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank30 { joint: revolute(phi30), axis: (0.0, 0.0, 1.0), offset: (30.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank31 { joint: revolute(phi31), axis: (0.0, 0.0, 1.0), offset: (31.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank32 { joint: revolute(phi32), axis: (0.0, 0.0, 1.0), offset: (32.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank33 { joint: revolute(phi33), axis: (0.0, 0.0, 1.0), offset: (33.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank34 { joint: revolute(phi34), axis: (0.0, 0.0, 1.0), offset: (34.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank35 { joint: revolute(phi35), axis: (0.0, 0.0, 1.0), offset: (35.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank36 { joint: revolute(phi36), axis: (0.0, 0.0, 1.0), offset: (36.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank37 { joint: revolute(phi37), axis: (0.0, 0.0, 1.0), offset: (37.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank38 { joint: revolute(phi38), axis: (0.0, 0.0, 1.0), offset: (38.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank39 { joint: revolute(phi39), axis: (0.0, 0.0, 1.0), offset: (39.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body crank40 { joint: revolute(phi40), axis: (0.0, 0.0, 1.0), offset: (40.0 * d, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler1 { parent: crank0, joint: revolute(psi1), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler2 { parent: crank1, joint: revolute(psi2), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler3 { parent: crank2, joint: revolute(psi3), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler4 { parent: crank3, joint: revolute(psi4), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler5 { parent: crank4, joint: revolute(psi5), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler6 { parent: crank5, joint: revolute(psi6), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler7 { parent: crank6, joint: revolute(psi7), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler8 { parent: crank7, joint: revolute(psi8), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler9 { parent: crank8, joint: revolute(psi9), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler10 { parent: crank9, joint: revolute(psi10), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler11 { parent: crank10, joint: revolute(psi11), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler12 { parent: crank11, joint: revolute(psi12), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler13 { parent: crank12, joint: revolute(psi13), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler14 { parent: crank13, joint: revolute(psi14), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler15 { parent: crank14, joint: revolute(psi15), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler16 { parent: crank15, joint: revolute(psi16), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler17 { parent: crank16, joint: revolute(psi17), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler18 { parent: crank17, joint: revolute(psi18), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler19 { parent: crank18, joint: revolute(psi19), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler20 { parent: crank19, joint: revolute(psi20), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler21 { parent: crank20, joint: revolute(psi21), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler22 { parent: crank21, joint: revolute(psi22), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler23 { parent: crank22, joint: revolute(psi23), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler24 { parent: crank23, joint: revolute(psi24), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler25 { parent: crank24, joint: revolute(psi25), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler26 { parent: crank25, joint: revolute(psi26), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler27 { parent: crank26, joint: revolute(psi27), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler28 { parent: crank27, joint: revolute(psi28), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler29 { parent: crank28, joint: revolute(psi29), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler30 { parent: crank29, joint: revolute(psi30), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler31 { parent: crank30, joint: revolute(psi31), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler32 { parent: crank31, joint: revolute(psi32), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler33 { parent: crank32, joint: revolute(psi33), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler34 { parent: crank33, joint: revolute(psi34), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler35 { parent: crank34, joint: revolute(psi35), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler36 { parent: crank35, joint: revolute(psi36), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler37 { parent: crank36, joint: revolute(psi37), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler38 { parent: crank37, joint: revolute(psi38), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler39 { parent: crank38, joint: revolute(psi39), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    body coupler40 { parent: crank39, joint: revolute(psi40), axis: (0.0, 0.0, 1.0), offset: (l, 0.0, 0.0), mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (j, j, j) }
    constraint close1_x = l * cos(phi0) + l * cos(phi0 + psi1) - d - l * cos(phi1);
    constraint close1_y = l * sin(phi0) + l * sin(phi0 + psi1) - l * sin(phi1);
    constraint close2_x = l * cos(phi1) + l * cos(phi1 + psi2) - d - l * cos(phi2);
    constraint close2_y = l * sin(phi1) + l * sin(phi1 + psi2) - l * sin(phi2);
    constraint close3_x = l * cos(phi2) + l * cos(phi2 + psi3) - d - l * cos(phi3);
    constraint close3_y = l * sin(phi2) + l * sin(phi2 + psi3) - l * sin(phi3);
    constraint close4_x = l * cos(phi3) + l * cos(phi3 + psi4) - d - l * cos(phi4);
    constraint close4_y = l * sin(phi3) + l * sin(phi3 + psi4) - l * sin(phi4);
    constraint close5_x = l * cos(phi4) + l * cos(phi4 + psi5) - d - l * cos(phi5);
    constraint close5_y = l * sin(phi4) + l * sin(phi4 + psi5) - l * sin(phi5);
    constraint close6_x = l * cos(phi5) + l * cos(phi5 + psi6) - d - l * cos(phi6);
    constraint close6_y = l * sin(phi5) + l * sin(phi5 + psi6) - l * sin(phi6);
    constraint close7_x = l * cos(phi6) + l * cos(phi6 + psi7) - d - l * cos(phi7);
    constraint close7_y = l * sin(phi6) + l * sin(phi6 + psi7) - l * sin(phi7);
    constraint close8_x = l * cos(phi7) + l * cos(phi7 + psi8) - d - l * cos(phi8);
    constraint close8_y = l * sin(phi7) + l * sin(phi7 + psi8) - l * sin(phi8);
    constraint close9_x = l * cos(phi8) + l * cos(phi8 + psi9) - d - l * cos(phi9);
    constraint close9_y = l * sin(phi8) + l * sin(phi8 + psi9) - l * sin(phi9);
    constraint close10_x = l * cos(phi9) + l * cos(phi9 + psi10) - d - l * cos(phi10);
    constraint close10_y = l * sin(phi9) + l * sin(phi9 + psi10) - l * sin(phi10);
    constraint close11_x = l * cos(phi10) + l * cos(phi10 + psi11) - d - l * cos(phi11);
    constraint close11_y = l * sin(phi10) + l * sin(phi10 + psi11) - l * sin(phi11);
    constraint close12_x = l * cos(phi11) + l * cos(phi11 + psi12) - d - l * cos(phi12);
    constraint close12_y = l * sin(phi11) + l * sin(phi11 + psi12) - l * sin(phi12);
    constraint close13_x = l * cos(phi12) + l * cos(phi12 + psi13) - d - l * cos(phi13);
    constraint close13_y = l * sin(phi12) + l * sin(phi12 + psi13) - l * sin(phi13);
    constraint close14_x = l * cos(phi13) + l * cos(phi13 + psi14) - d - l * cos(phi14);
    constraint close14_y = l * sin(phi13) + l * sin(phi13 + psi14) - l * sin(phi14);
    constraint close15_x = l * cos(phi14) + l * cos(phi14 + psi15) - d - l * cos(phi15);
    constraint close15_y = l * sin(phi14) + l * sin(phi14 + psi15) - l * sin(phi15);
    constraint close16_x = l * cos(phi15) + l * cos(phi15 + psi16) - d - l * cos(phi16);
    constraint close16_y = l * sin(phi15) + l * sin(phi15 + psi16) - l * sin(phi16);
    constraint close17_x = l * cos(phi16) + l * cos(phi16 + psi17) - d - l * cos(phi17);
    constraint close17_y = l * sin(phi16) + l * sin(phi16 + psi17) - l * sin(phi17);
    constraint close18_x = l * cos(phi17) + l * cos(phi17 + psi18) - d - l * cos(phi18);
    constraint close18_y = l * sin(phi17) + l * sin(phi17 + psi18) - l * sin(phi18);
    constraint close19_x = l * cos(phi18) + l * cos(phi18 + psi19) - d - l * cos(phi19);
    constraint close19_y = l * sin(phi18) + l * sin(phi18 + psi19) - l * sin(phi19);
    constraint close20_x = l * cos(phi19) + l * cos(phi19 + psi20) - d - l * cos(phi20);
    constraint close20_y = l * sin(phi19) + l * sin(phi19 + psi20) - l * sin(phi20);
    constraint close21_x = l * cos(phi20) + l * cos(phi20 + psi21) - d - l * cos(phi21);
    constraint close21_y = l * sin(phi20) + l * sin(phi20 + psi21) - l * sin(phi21);
    constraint close22_x = l * cos(phi21) + l * cos(phi21 + psi22) - d - l * cos(phi22);
    constraint close22_y = l * sin(phi21) + l * sin(phi21 + psi22) - l * sin(phi22);
    constraint close23_x = l * cos(phi22) + l * cos(phi22 + psi23) - d - l * cos(phi23);
    constraint close23_y = l * sin(phi22) + l * sin(phi22 + psi23) - l * sin(phi23);
    constraint close24_x = l * cos(phi23) + l * cos(phi23 + psi24) - d - l * cos(phi24);
    constraint close24_y = l * sin(phi23) + l * sin(phi23 + psi24) - l * sin(phi24);
    constraint close25_x = l * cos(phi24) + l * cos(phi24 + psi25) - d - l * cos(phi25);
    constraint close25_y = l * sin(phi24) + l * sin(phi24 + psi25) - l * sin(phi25);
    constraint close26_x = l * cos(phi25) + l * cos(phi25 + psi26) - d - l * cos(phi26);
    constraint close26_y = l * sin(phi25) + l * sin(phi25 + psi26) - l * sin(phi26);
    constraint close27_x = l * cos(phi26) + l * cos(phi26 + psi27) - d - l * cos(phi27);
    constraint close27_y = l * sin(phi26) + l * sin(phi26 + psi27) - l * sin(phi27);
    constraint close28_x = l * cos(phi27) + l * cos(phi27 + psi28) - d - l * cos(phi28);
    constraint close28_y = l * sin(phi27) + l * sin(phi27 + psi28) - l * sin(phi28);
    constraint close29_x = l * cos(phi28) + l * cos(phi28 + psi29) - d - l * cos(phi29);
    constraint close29_y = l * sin(phi28) + l * sin(phi28 + psi29) - l * sin(phi29);
    constraint close30_x = l * cos(phi29) + l * cos(phi29 + psi30) - d - l * cos(phi30);
    constraint close30_y = l * sin(phi29) + l * sin(phi29 + psi30) - l * sin(phi30);
    constraint close31_x = l * cos(phi30) + l * cos(phi30 + psi31) - d - l * cos(phi31);
    constraint close31_y = l * sin(phi30) + l * sin(phi30 + psi31) - l * sin(phi31);
    constraint close32_x = l * cos(phi31) + l * cos(phi31 + psi32) - d - l * cos(phi32);
    constraint close32_y = l * sin(phi31) + l * sin(phi31 + psi32) - l * sin(phi32);
    constraint close33_x = l * cos(phi32) + l * cos(phi32 + psi33) - d - l * cos(phi33);
    constraint close33_y = l * sin(phi32) + l * sin(phi32 + psi33) - l * sin(phi33);
    constraint close34_x = l * cos(phi33) + l * cos(phi33 + psi34) - d - l * cos(phi34);
    constraint close34_y = l * sin(phi33) + l * sin(phi33 + psi34) - l * sin(phi34);
    constraint close35_x = l * cos(phi34) + l * cos(phi34 + psi35) - d - l * cos(phi35);
    constraint close35_y = l * sin(phi34) + l * sin(phi34 + psi35) - l * sin(phi35);
    constraint close36_x = l * cos(phi35) + l * cos(phi35 + psi36) - d - l * cos(phi36);
    constraint close36_y = l * sin(phi35) + l * sin(phi35 + psi36) - l * sin(phi36);
    constraint close37_x = l * cos(phi36) + l * cos(phi36 + psi37) - d - l * cos(phi37);
    constraint close37_y = l * sin(phi36) + l * sin(phi36 + psi37) - l * sin(phi37);
    constraint close38_x = l * cos(phi37) + l * cos(phi37 + psi38) - d - l * cos(phi38);
    constraint close38_y = l * sin(phi37) + l * sin(phi37 + psi38) - l * sin(phi38);
    constraint close39_x = l * cos(phi38) + l * cos(phi38 + psi39) - d - l * cos(phi39);
    constraint close39_y = l * sin(phi38) + l * sin(phi38 + psi39) - l * sin(phi39);
    constraint close40_x = l * cos(phi39) + l * cos(phi39 + psi40) - d - l * cos(phi40);
    constraint close40_y = l * sin(phi39) + l * sin(phi39 + psi40) - l * sin(phi40);
    gravity = (0.0, -g, 0.0);
    generate { capabilities: [rates] }
}
