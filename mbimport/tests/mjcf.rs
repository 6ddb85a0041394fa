//! MJCF into blocks: what each element becomes, checked against values worked out by hand from
//! the MuJoCo XML reference (joints applied in order about the axes the previous ones left, a
//! hinge about its anchor `pos`; geom-implied inertia of uniform solids; angles in degrees unless
//! the compiler says radian; default classes through `class` and `childclass`), and every defect
//! an error at its line and element. The blocks' dynamics are checked against MuJoCo on
//! dm_control's models elsewhere (`bench/import/compare_mujoco.sh`).

use mbimport::{ImportError, Imported, Options, mjcf_text};
use std::f64::consts::PI;
use std::path::Path;

fn import(text: &str, options: &Options) -> Result<Imported, ImportError> {
    mjcf_text(text, Path::new("model.xml"), options)
}

fn ok(text: &str, options: &Options) -> String {
    match import(text, options) {
        Ok(i) => i.source,
        Err(e) => panic!("{e}"),
    }
}

fn err(text: &str) -> ImportError {
    match import(text, &Options::default()) {
        Ok(i) => panic!("imported:\n{}", i.source),
        Err(e) => e,
    }
}

/// The text of `body <name> { … }`.
fn body<'a>(s: &'a str, name: &str) -> &'a str {
    let start = s
        .find(&format!("    body {name} {{"))
        .unwrap_or_else(|| panic!("no body {name} in\n{s}"));
    let end = s[start..].find("\n    }").expect("a closing brace") + start;
    &s[start..end]
}

/// The numbers of field `key` of a body (`mass: 2.0` → [2.0], `com: (…)` → three numbers,
/// an inertia matrix → nine).
fn numbers(b: &str, key: &str) -> Vec<f64> {
    let line = b
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no `{key}` in\n{b}"));
    let value = line.trim_start()[key.len() + 1..].trim_end_matches(',');
    value
        .split([',', '(', ')', '[', ']'])
        .filter_map(|w| {
            let w = w.trim();
            (!w.is_empty()).then(|| {
                w.parse::<f64>()
                    .unwrap_or_else(|_| panic!("`{w}` in `{line}`"))
            })
        })
        .collect()
}

#[track_caller]
fn close(a: &[f64], b: &[f64], tol: f64) {
    assert_eq!(a.len(), b.len(), "{a:?} vs {b:?}");
    for (x, y) in a.iter().zip(b) {
        assert!((x - y).abs() <= tol * y.abs().max(1.0), "{a:?} vs {b:?}");
    }
}

fn model(body: &str) -> String {
    format!("<mujoco model=\"test\">\n  <worldbody>\n{body}\n  </worldbody>\n</mujoco>\n")
}

#[test]
fn a_capsule_pendulum_with_armature_damping_spring_and_limits_in_degrees() {
    // A capsule from (0, 0, 0) to (0, 0, −0.5), radius 0.05, density 1000: a cylinder of
    // length h = 0.5 and two hemispherical caps (mass m_s together). About the centre (0, 0,
    // −0.25): I_zz = m_c r²/2 + 2/5 m_s r²; across, the cylinder's m_c (3r² + h²)/12 and each
    // cap's 2/5 (m_s/2) r² − (m_s/2)(3r/8)² about its own centre (3r/8 from its face, Huygens–
    // Steiner), shifted by h/2 + 3r/8.
    let text = "<mujoco model=\"pendulum\">\n  <option gravity=\"0 0 -9.8\"/>\n  <default><joint damping=\"0.5\" armature=\"0.1\"/></default>\n  <worldbody>\n    <body name=\"rod\" pos=\"0 0 1\">\n      <joint name=\"hinge\" axis=\"0 1 0\" range=\"-90 90\" stiffness=\"2\" springref=\"30\"/>\n      <geom type=\"capsule\" fromto=\"0 0 0 0 0 -0.5\" size=\"0.05\"/>\n    </body>\n  </worldbody>\n</mujoco>\n";
    let s = ok(
        text,
        &Options {
            limit_restitution: Some(0.2),
            ..Default::default()
        },
    );
    let (r, h) = (0.05_f64, 0.5_f64);
    let (m_c, m_s) = (1000.0 * PI * r * r * h, 1000.0 * 4.0 / 3.0 * PI * r.powi(3));
    let cap = 0.4 * (m_s / 2.0) * r * r - (m_s / 2.0) * (3.0 * r / 8.0).powi(2)
        + (m_s / 2.0) * (h / 2.0 + 3.0 * r / 8.0).powi(2);
    let across = m_c * (3.0 * r * r + h * h) / 12.0 + 2.0 * cap;
    let along = m_c * r * r / 2.0 + 0.4 * m_s * r * r;
    let rod = body(&s, "rod");
    close(&numbers(rod, "mass"), &[m_c + m_s], 1e-15);
    close(&numbers(rod, "com"), &[0.0, 0.0, -0.25], 1e-15);
    close(&numbers(rod, "inertia"), &[across, across, along], 1e-14);
    close(&numbers(rod, "offset"), &[0.0, 0.0, 1.0], 0.0);
    assert!(
        rod.contains("joint: revolute(hinge),") && rod.contains("armature: a_hinge,"),
        "{rod}"
    );
    assert!(s.contains("        g: 9.8,"), "{s}");
    assert!(
        s.contains("        d_hinge: 0.5,") && s.contains("        a_hinge: 0.1,"),
        "{s}"
    );
    // Degrees: the range ±90° and the spring reference 30° in radians.
    assert!(
        s.contains("contact hinge_lower { gap: hinge + 1.5707963267948966, restitution: e_limit }"),
        "{s}"
    );
    assert!(
        s.contains("contact hinge_upper { gap: 1.5707963267948966 - hinge, restitution: e_limit }"),
        "{s}"
    );
    assert!(
        s.contains("potential = 0.5 * k_hinge * (hinge - 0.5235987755982988).powi(2);"),
        "{s}"
    );
    assert!(s.contains("hinge: -d_hinge * dot(hinge),"), "{s}");
}

#[test]
fn several_joints_of_one_body_are_a_chain_about_their_anchors() {
    // torso at (0, 0, 1): slide x, slide z, hinge y with anchor (0, 0, 0.1); a sphere of mass 2
    // at (0.1, 0, 0). Joint frames: rootx at the body origin, rootz at the same point, rooty
    // at the anchor (offset (0, 0, 0.1)); the torso's centre of mass in the last joint frame is
    // (0.1, 0, 0) − (0, 0, 0.1). The leg at (0, 0, −0.2) in torso's frame, its hinge anchored at
    // (0, 0, 0.05) of the leg: offset from rooty's frame −(0, 0, 0.1) + (0, 0, −0.2) +
    // (0, 0, 0.05) = (0, 0, −0.25).
    let text = model(
        r#"    <body name="torso" pos="0 0 1">
      <joint name="rootx" type="slide" axis="1 0 0"/>
      <joint name="rootz" type="slide" axis="0 0 1"/>
      <joint name="rooty" axis="0 1 0" pos="0 0 0.1"/>
      <geom type="sphere" size="0.1" pos="0.1 0 0" mass="2"/>
      <body name="leg" pos="0 0 -0.2">
        <joint name="knee" axis="0 1 0" pos="0 0 0.05"/>
        <geom type="box" size="0.1 0.2 0.3" mass="3"/>
      </body>
    </body>"#,
    );
    let s = ok(&text, &Options::default());
    assert!(
        s.contains("coordinates { rootx, rootz, rooty, knee }"),
        "{s}"
    );
    let x = body(&s, "rootx_frame");
    assert!(
        x.contains("joint: prismatic(rootx),") && x.contains("mass: 0.0,"),
        "{x}"
    );
    close(&numbers(x, "offset"), &[0.0, 0.0, 1.0], 0.0);
    let z = body(&s, "rootz_frame");
    assert!(
        z.contains("parent: rootx_frame,") && !z.contains("offset:"),
        "{z}"
    );
    let torso = body(&s, "torso");
    assert!(
        torso.contains("parent: rootz_frame,") && torso.contains("joint: revolute(rooty),"),
        "{torso}"
    );
    close(&numbers(torso, "offset"), &[0.0, 0.0, 0.1], 0.0);
    close(&numbers(torso, "com"), &[0.1, 0.0, -0.1], 0.0);
    close(&numbers(torso, "inertia"), &[0.008, 0.008, 0.008], 1e-15);
    let leg = body(&s, "leg");
    assert!(leg.contains("parent: torso,"), "{leg}");
    close(&numbers(leg, "offset"), &[0.0, 0.0, -0.25], 1e-15);
    close(&numbers(leg, "com"), &[0.0, 0.0, -0.05], 0.0);
    // A box of half-sizes (0.1, 0.2, 0.3): m (b² + c²)/3 etc. with b, c the half-sizes.
    close(&numbers(leg, "inertia"), &[0.13, 0.1, 0.05], 1e-14);
}

#[test]
fn default_classes_child_classes_and_every_orientation_form() {
    // `main` gives damping 1; class `leg` (inside main) damping 3 and armature 0.2; the body's
    // childclass makes `leg` its joints' class, a joint's own class `stiff` overrides it.
    // Orientations: quat (2 0 0 2) is a quarter turn about z once normalised; euler 0 0 90
    // (degrees, eulerseq xyz) and axisangle 0 0 1 90 are the same turn; zaxis 1 0 0 takes e_z
    // to e_x by a quarter turn about y.
    let text = r#"<mujoco model="classes">
  <default>
    <joint damping="1"/>
    <geom type="sphere" size="0.1" mass="1"/>
    <default class="leg">
      <joint damping="3" armature="0.2"/>
      <default class="stiff"><joint damping="7"/></default>
    </default>
  </default>
  <worldbody>
    <body name="a" quat="2 0 0 2" childclass="leg">
      <joint name="ja"/>
      <geom/>
      <body name="b" euler="0 0 90" pos="1 0 0">
        <joint name="jb" class="stiff"/>
        <geom/>
      </body>
      <body name="c" axisangle="0 0 1 90">
        <joint name="jc" class="main"/>
        <geom/>
      </body>
      <body name="d" zaxis="1 0 0">
        <joint name="jd"/>
        <geom/>
      </body>
    </body>
  </worldbody>
</mujoco>
"#;
    let s = ok(text, &Options::default());
    for (q, d) in [("ja", "3.0"), ("jb", "7.0"), ("jc", "1.0"), ("jd", "3.0")] {
        assert!(s.contains(&format!("        d_{q}: {d},")), "{q}: {s}");
    }
    assert!(
        s.contains("a_ja: 0.2") && s.contains("a_jb: 0.2") && !s.contains("a_jc:"),
        "{s}"
    );
    let quarter_z = [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
    for b in ["a", "b", "c"] {
        close(&numbers(body(&s, b), "offset_rotation"), &quarter_z, 1e-15);
    }
    let quarter_y = [0.0, 0.0, 1.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.0];
    close(
        &numbers(body(&s, "d"), "offset_rotation"),
        &quarter_y,
        1e-15,
    );
    close(&numbers(body(&s, "b"), "offset"), &[1.0, 0.0, 0.0], 0.0);
}

#[test]
fn a_free_joint_a_joint_equality_a_reference_and_a_total_mass() {
    // `settotalmass` 6 scales the masses 1 + 2 to 2 + 4 and the inertias alike. The free body
    // is `floating` about the world's axes from the world's origin (its pos is only MuJoCo's
    // initial state). `ref` 10° of the hinge `j1` makes its coordinate qpos − ref: the equality
    // qpos₁ = 0.1 + 2 qpos₂ (j2 without ref) becomes j1 = 0.1 + 2 j2 − ref.
    let text = r#"<mujoco model="free">
  <compiler settotalmass="6"/>
  <worldbody>
    <body name="base" pos="0 0 2">
      <freejoint name="root"/>
      <geom type="sphere" size="0.1" mass="1"/>
      <body name="arm" pos="0.5 0 0">
        <joint name="j1" axis="0 0 1" ref="10"/>
        <joint name="j2" axis="0 1 0"/>
        <geom type="sphere" size="0.2" mass="2"/>
      </body>
    </body>
  </worldbody>
  <equality><joint joint1="j1" joint2="j2" polycoef="0.1 2 0 0 0"/></equality>
</mujoco>
"#;
    let imported = import(text, &Options::default()).expect("imports");
    let s = &imported.source;
    assert!(
        s.contains(
            "coordinates { root_x, root_y, root_z, root_yaw, root_pitch, root_roll, j1, j2 }"
        ),
        "{s}"
    );
    let base = body(s, "base");
    assert!(
        base.contains("joint: floating(root_x, root_y, root_z, root_yaw, root_pitch, root_roll),"),
        "{base}"
    );
    assert!(!base.contains("offset"), "{base}");
    close(&numbers(base, "mass"), &[2.0], 1e-15);
    close(&numbers(base, "inertia"), &[0.008, 0.008, 0.008], 1e-15);
    close(&numbers(body(s, "arm"), "mass"), &[4.0], 1e-15);
    let reference = 10.0_f64.to_radians();
    let offset = 0.1 - reference;
    assert!(offset < 0.0);
    assert!(
        s.contains(&format!(
            "constraint j1_mimic = j1 - 2.0 * j2 + {:?};",
            -offset
        )),
        "{s}"
    );
    assert!(
        imported.notes.iter().any(|n| n.what.contains("qpos − ref")),
        "{:?}",
        imported.notes
    );
}

#[track_caller]
fn located(e: &ImportError, line: usize, element: &str, words: &str) {
    assert_eq!(e.line, Some(line), "{e}");
    assert!(e.element.ends_with(element), "{e}");
    assert!(e.message.contains(words), "{e}");
}

#[test]
fn every_defect_is_an_error_at_its_line_and_element() {
    let one = |inner: &str| model(&format!("    <body name=\"b\">\n{inner}\n    </body>"));
    // Line 4: the element inside the body.
    let e = err(&one(
        "      <joint name=\"j\" type=\"ball\" limited=\"true\" range=\"0 1\"/>",
    ));
    located(
        &e,
        4,
        "joint[name=j]",
        "a ball joint's cone limit is not imported",
    );
    let e = err(&one("      <joint name=\"j\" axis=\"0 1 x\"/>"));
    located(
        &e,
        4,
        "joint[name=j]",
        "`axis` is \"0 1 x\", not finite numbers",
    );
    let e = err(&one("      <joint name=\"j\" class=\"nope\"/>"));
    located(&e, 4, "joint[name=j]", "unknown default class `nope`");
    let e = err(&one(
        "      <joint name=\"j\"/><geom type=\"mesh\" mesh=\"m\"/>",
    ));
    located(&e, 4, "geom", "a `mesh` geom gives no inertia");
    let e = err(&one("      <frame pos=\"1 0 0\"/>"));
    located(&e, 4, "frame", "not imported");
    let e = err(&one("      <joint name=\"j\"/>"));
    located(&e, 4, "joint[name=j]", "moves no mass");
    let e = err(&model(
        "    <body name=\"b\"><body name=\"c\"><freejoint/><geom size=\"1\"/></body></body>",
    ));
    assert!(
        e.message
            .contains("a free joint must be the only joint of a body of the world body"),
        "{e}"
    );
    let e = err("<mujoco>\n  <option gravity=\"0 -9.81 0\"/>\n  <worldbody/>\n</mujoco>\n");
    located(&e, 2, "option", "is not along −z");
    let e = err(
        "<mujoco>\n  <worldbody>\n    <body><joint/><geom size=\"1\"/></body>\n  </worldbody>\n  <equality>\n    <tendon tendon1=\"t\"/>\n  </equality>\n</mujoco>\n",
    );
    located(
        &e,
        6,
        "tendon",
        "only joint, connect and weld equalities are imported",
    );
    let e = err(
        "<mujoco>\n  <worldbody>\n    <body><joint/><geom size=\"1\"/></body>\n  </worldbody>\n  <equality>\n    <connect body1=\"b\" anchor=\"0 0 0\"/>\n  </equality>\n</mujoco>\n",
    );
    located(
        &e,
        6,
        "connect",
        "`body1` names `b`, which is not a body of the model",
    );
    let e = err(
        "<mujoco>\n  <tendon>\n    <fixed name=\"t\" stiffness=\"1\"/>\n  </tendon>\n  <worldbody/>\n</mujoco>\n",
    );
    located(&e, 3, "fixed[name=t]", "a tendon with `stiffness`");
    let e = err("<robot name=\"r\"/>");
    assert!(e.message.contains("not `<mujoco>`"), "{e}");
    let e = err("<mujoco>\n  <worldbody>\n    <body>\n  </worldbody>\n</mujoco>\n");
    assert!(e.message.contains("malformed XML"), "{e}");
    let e = import(
        &one("      <joint/><geom size=\"1\"/>"),
        &Options {
            floating_base: true,
            ..Default::default()
        },
    )
    .expect_err("refused");
    assert!(e.message.contains("--floating-base is for URDF"), "{e}");
}

#[test]
fn an_include_is_read_only_when_it_holds_no_dynamics() {
    let dir = tempfile::tempdir().expect("a directory");
    std::fs::write(
        dir.path().join("assets.xml"),
        "<mujoco><asset><texture name=\"t\" type=\"2d\" builtin=\"checker\"/></asset></mujoco>",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("bodies.xml"),
        "<mujoco><worldbody><body/></worldbody></mujoco>",
    )
    .unwrap();
    let main = |file: &str| {
        format!(
            "<mujoco>\n  <include file=\"{file}\"/>\n  <worldbody>\n    <body><joint/><geom size=\"1\"/></body>\n  </worldbody>\n</mujoco>\n"
        )
    };
    let path = dir.path().join("model.xml");
    let imported = mjcf_text(&main("assets.xml"), &path, &Options::default()).expect("imports");
    assert!(
        imported
            .notes
            .iter()
            .any(|n| n.line == 2 && n.what.contains("assets and visual settings only")),
        "{:?}",
        imported.notes
    );
    let e = mjcf_text(&main("bodies.xml"), &path, &Options::default()).expect_err("refused");
    located(&e, 2, "include", "holds `<worldbody>`");
}

#[test]
fn spheres_capsules_and_boxes_touch_the_world_planes_with_friction() {
    // A free ball (sphere r = 0.1) above a level floor through (0, 0, −0.5), with a capsule and
    // a box fixed to it: the sphere touches at its centre − r n̂ (gap n̂·c − r), the
    // capsule at its two end spheres, the box at its eight corners; μ is the larger of the two
    // geoms' sliding friction; a geom with contype = conaffinity = 0 touches nothing.
    let text = r#"<mujoco model="touch">
  <worldbody>
    <geom name="floor" type="plane" size="5 5 0.1" pos="0 0 -0.5" friction="0.4"/>
    <body name="ball" pos="0 0 1">
      <freejoint name="root"/>
      <geom name="ball" type="sphere" size="0.1" mass="1" friction="0.7"/>
      <geom name="rod" type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.1"/>
      <geom name="brick" type="box" pos="0 0.2 0" size="0.05 0.05 0.05" mass="0.1"/>
      <geom name="ghost" type="sphere" size="0.05" mass="0.1" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
</mujoco>
"#;
    let options = Options {
        contact_restitution: Some(0.3),
        ..Default::default()
    };
    let s = ok(text, &options);
    assert!(s.contains("        e_contact: 0.3,"), "{s}");
    assert!(
        s.contains("        mu_ball: 0.7,") && s.contains("        mu_rod: 1.0,"),
        "{s}"
    );
    assert!(
        s.contains("    point ball_floor_centre = ball * (0.0, 0.0, 0.0);"),
        "{s}"
    );
    assert!(
        s.contains("    point ball_floor_touch = (ball_floor_centre.x, ball_floor_centre.y, ball_floor_centre.z - 0.1);"),
        "{s}"
    );
    let ball = &s[s
        .find("    contact ball_floor {")
        .expect("the ball's contact")..];
    let ball = &ball[..ball.find("\n    }").unwrap()];
    // n̂ = e_z through (0, 0, −0.5): gap z_c + 0.5 − 0.1.
    assert!(ball.contains("gap: ball_floor_centre.z + 0.4,"), "{ball}");
    assert!(
        ball.contains("friction: mu_ball,") && ball.contains("restitution: e_contact,"),
        "{ball}"
    );
    assert!(
        ball.contains("tangential_velocity: (velocity(ball, ball_floor_touch).x, velocity(ball, ball_floor_touch).y),"),
        "{ball}"
    );
    assert!(
        s.contains("contact rod_0_floor {") && s.contains("contact rod_1_floor {"),
        "{s}"
    );
    assert!(
        s.contains("point rod_0_floor_centre = ball * (0.3, 0.0, 0.0);"),
        "{s}"
    );
    assert!(
        s.contains("point rod_1_floor_centre = ball * (0.0, 0.0, 0.0);"),
        "{s}"
    );
    let corners = s.matches("    contact brick_").count();
    assert_eq!(corners, 8, "{s}");
    assert!(
        s.contains("point brick_7_floor_centre = ball * (0.05, 0.25, 0.05);"),
        "{s}"
    );
    assert!(!s.contains("ghost_floor"), "{s}");
    // Without the option: no contact, and the header says why.
    let plain = ok(text, &Options::default());
    assert!(
        !plain.contains("    contact ") && plain.contains("--contact-restitution"),
        "{plain}"
    );
    // Explicit pairs are not followed: refused rather than dropped.
    let paired = text.replace(
        "</mujoco>",
        "  <contact><exclude body1=\"ball\" body2=\"world\"/></contact>\n</mujoco>",
    );
    let e = import(&paired, &options).expect_err("refused");
    located(
        &e,
        12,
        "contact",
        "explicit contact pairs and exclusions are not followed",
    );
}

#[test]
fn a_planar_mechanism_touches_with_one_tangent() {
    // Slides along x and z and a hinge about y move everything in the x–z plane: a contact with
    // the floor has the one tangent n̂ × e_y = −e_x, since nothing moves along y.
    let text = r#"<mujoco model="planar">
  <worldbody>
    <geom name="floor" type="plane" size="5 5 0.1"/>
    <body name="torso" pos="0 0 1">
      <joint name="rootx" type="slide" axis="1 0 0"/>
      <joint name="rootz" type="slide" axis="0 0 1"/>
      <joint name="rooty" axis="0 1 0"/>
      <geom name="torso" type="sphere" size="0.1" mass="1"/>
    </body>
  </worldbody>
</mujoco>
"#;
    let options = Options {
        contact_restitution: Some(0.0),
        ..Default::default()
    };
    let s = ok(text, &options);
    assert!(
        s.contains("tangential_velocity: -velocity(torso, torso_floor_touch).x,"),
        "{s}"
    );
    let urdf = "<robot name=\"r\"><link name=\"a\"/></robot>";
    let e = mbimport::urdf_text(urdf, Path::new("r.urdf"), &options).expect_err("refused");
    assert!(
        e.message.contains("--contact-restitution is for MJCF"),
        "{e}"
    );
}

#[test]
fn a_ball_joint_is_three_hinges_about_its_anchor() {
    // R = R_z(yaw) R_y(pitch) R_x(roll) about the anchor (0, 0, 0.1): frames for yaw and pitch
    // at the anchor, the body on the roll hinge with its centre of mass shifted by −anchor.
    let text = model(
        r#"    <body name="arm" pos="0 0 1">
      <joint name="shoulder" type="ball" pos="0 0 0.1"/>
      <geom type="sphere" size="0.1" pos="0.2 0 0" mass="1"/>
    </body>"#,
    );
    let s = ok(&text, &Options::default());
    assert!(
        s.contains("coordinates { shoulder_yaw, shoulder_pitch, shoulder_roll }"),
        "{s}"
    );
    let yaw = body(&s, "shoulder_yaw_frame");
    assert!(
        yaw.contains("joint: revolute(shoulder_yaw),") && yaw.contains("axis: (0.0, 0.0, 1.0),"),
        "{yaw}"
    );
    close(&numbers(yaw, "offset"), &[0.0, 0.0, 1.1], 1e-15);
    let pitch = body(&s, "shoulder_pitch_frame");
    assert!(
        pitch.contains("parent: shoulder_yaw_frame,") && pitch.contains("axis: (0.0, 1.0, 0.0),"),
        "{pitch}"
    );
    let arm = body(&s, "arm");
    assert!(
        arm.contains("joint: revolute(shoulder_roll),") && arm.contains("axis: (1.0, 0.0, 0.0),"),
        "{arm}"
    );
    close(&numbers(arm, "com"), &[0.2, 0.0, -0.1], 1e-15);
    let damped = text.replace("type=\"ball\"", "type=\"ball\" damping=\"1\"");
    let e = err(&damped);
    located(&e, 4, "joint[name=shoulder]", "`damping` on a ball joint");
}

#[test]
fn a_connect_closes_a_loop_at_the_points_that_meet_at_qpos0() {
    // A four-bar in the x–z plane: crank (hinge a at the origin) and coupler (hinge b at the
    // crank's end, (1, 0, 0)), rocker (hinge c at (2, 0, 0)); the coupler's end (0, 0, 1) in its
    // frame is at (1, 0, 1) at qpos0, i.e. (−1, 0, 1) in the rocker's frame. Every hinge turns
    // about y, so the connection holds in x and z only (its y component is identically zero).
    let text = r#"<mujoco model="fourbar">
  <worldbody>
    <body name="crank">
      <joint name="a" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 1 0 0" size="0.05"/>
      <body name="coupler" pos="1 0 0">
        <joint name="b" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0 0 1" size="0.05"/>
      </body>
    </body>
    <body name="rocker" pos="2 0 0">
      <joint name="c" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0 0 1" size="0.05"/>
    </body>
  </worldbody>
  <equality><connect name="close" body1="coupler" body2="rocker" anchor="0 0 1"/></equality>
</mujoco>
"#;
    let s = ok(text, &Options::default());
    assert!(
        s.contains("    point close_1 = coupler * (0.0, 0.0, 1.0);"),
        "{s}"
    );
    assert!(
        s.contains("    point close_2 = rocker * (-1.0, 0.0, 1.0);"),
        "{s}"
    );
    assert!(
        s.contains("    constraint close_x = close_1.x - close_2.x;"),
        "{s}"
    );
    assert!(
        s.contains("    constraint close_z = close_1.z - close_2.z;"),
        "{s}"
    );
    assert!(!s.contains("close_y"), "{s}");
    // To the world, in space (a free body): three components, the world point where the anchor
    // starts (the body's pos (0, 0, 2) plus its anchor (0.5, 0, 0)).
    let tethered = model(
        r#"    <body name="buoy" pos="0 0 2">
      <freejoint/>
      <geom type="sphere" size="0.1" mass="1"/>
    </body>
  </worldbody>
  <equality>
    <connect name="tether" body1="buoy" anchor="0.5 0 0"/>"#,
    )
    .replace("  </worldbody>\n</mujoco>", "  </equality>\n</mujoco>");
    let s = ok(&tethered, &Options::default());
    assert!(s.contains("    point tether_2 = (0.5, 0.0, 2.0);"), "{s}");
    for k in ["x", "y", "z"] {
        assert!(
            s.contains(&format!(
                "    constraint tether_{k} = tether_1.{k} - tether_2.{k};"
            )),
            "{s}"
        );
    }
}

#[test]
fn a_weld_holds_the_starting_pose_by_points_and_the_skew_part_of_the_relative_rotation() {
    // A free block welded to the world where it starts, (0, 0, 2) turned a quarter about z: its
    // origin held at (0, 0, 2) (three rows), and its axes' points body * e_i held by the skew
    // part of E (three rows) at the world points where they start: e_x → (0, 1, 2) and so on.
    let text = model(
        r#"    <body name="block" pos="0 0 2" euler="0 0 90">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1" mass="1"/>
    </body>
  </worldbody>
  <equality>
    <weld name="glue" body1="block"/>"#,
    )
    .replace("  </worldbody>\n</mujoco>", "  </equality>\n</mujoco>");
    let s = ok(&text, &Options::default());
    assert!(s.contains("    point glue_2 = (0.0, 0.0, 2.0);"), "{s}");
    assert!(
        s.contains("    point glue_1x = block * (1.0, 0.0, 0.0);"),
        "{s}"
    );
    let world_point = |name: &str| {
        let line = s
            .lines()
            .find(|l| l.starts_with(&format!("    point {name} = (")))
            .unwrap();
        let inner = &line[line.find('(').unwrap() + 1..line.rfind(')').unwrap()];
        inner
            .split(", ")
            .map(|w| w.parse::<f64>().unwrap())
            .collect::<Vec<_>>()
    };
    close(&world_point("glue_2x"), &[0.0, 1.0, 2.0], 1e-15);
    close(&world_point("glue_2y"), &[-1.0, 0.0, 2.0], 1e-15);
    close(&world_point("glue_2z"), &[0.0, 0.0, 3.0], 1e-15);
    for k in ["x", "y", "z"] {
        assert!(
            s.contains(&format!(
                "    constraint glue_{k} = glue_1.{k} - glue_2.{k};"
            )),
            "{s}"
        );
    }
    // E₁₂ − E₂₁ with E_ij = (P₁ᵢ − P₁)·(P₂ⱼ − P₂).
    let rx = s
        .lines()
        .find(|l| l.contains("constraint glue_rx = "))
        .expect("glue_rx");
    assert!(
        rx.contains("(glue_1y.x - glue_1.x) * (glue_2z.x - glue_2.x)"),
        "{rx}"
    );
    assert!(
        rx.contains("- ((glue_1z.x - glue_1.x) * (glue_2y.x - glue_2.x)"),
        "{rx}"
    );
    assert!(
        s.contains("constraint glue_ry = ") && s.contains("constraint glue_rz = "),
        "{s}"
    );
}
