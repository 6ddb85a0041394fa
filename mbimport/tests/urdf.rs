//! URDF into blocks: what each element becomes, checked against values worked out by hand from
//! the URDF specification (ROS wiki "urdf/XML": a joint origin places the child frame by xyz then
//! R = R_z(yaw) R_y(pitch) R_x(roll); the inertial origin places the centre of mass and the axes
//! of the inertia tensor in the link frame), and every defect an error at its line and element.
//! The blocks' dynamics are checked against Pinocchio on real robots elsewhere
//! (`examples/tests/urdf_ur5.rs`, `bench/import/compare_pinocchio.sh`).

use mbimport::{ImportError, Imported, JointFriction, Options, urdf_text};
use std::path::Path;

fn import(text: &str, options: &Options) -> Result<Imported, ImportError> {
    urdf_text(text, Path::new("robot.urdf"), options)
}

fn ok(text: &str, options: &Options) -> String {
    match import(text, options) {
        Ok(i) => i.source,
        Err(e) => panic!("{e}"),
    }
}

fn err(text: &str, options: &Options) -> ImportError {
    match import(text, options) {
        Ok(i) => panic!("imported:\n{}", i.source),
        Err(e) => e,
    }
}

const LINK: &str = r#"<inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/></inertial>"#;

fn link(name: &str) -> String {
    format!("  <link name=\"{name}\">{LINK}</link>\n")
}

fn joint(name: &str, kind: &str, parent: &str, child: &str, extra: &str) -> String {
    format!(
        "  <joint name=\"{name}\" type=\"{kind}\"><parent link=\"{parent}\"/><child link=\"{child}\"/>{extra}</joint>\n"
    )
}

fn robot(parts: &[String]) -> String {
    format!("<robot name=\"test_arm\">\n{}</robot>\n", parts.concat())
}

#[test]
fn a_massless_fixed_link_is_a_frame_carried_into_the_joint_below() {
    // base → (revolute a) → l1 → (fixed, xyz (1, 0, 0), yaw π/2) → flange (no mass)
    //      → (revolute b, xyz (0.5, 0, 0)) → l2.
    // The joint frame of b in l1's frame: origin (1, 0, 0) + R_z(π/2)(0.5, 0, 0) = (1, 0.5, 0),
    // rotation R_z(π/2); the flange's origin is the point l1 * (1, 0, 0).
    let text = robot(&[
        "  <link name=\"base\"/>\n".to_string(),
        link("l1"),
        "  <link name=\"flange\"/>\n".to_string(),
        link("l2"),
        joint("a", "revolute", "base", "l1", "<axis xyz=\"0 0 1\"/>"),
        joint(
            "weld",
            "fixed",
            "l1",
            "flange",
            "<origin xyz=\"1 0 0\" rpy=\"0 0 1.5707963267948966\"/>",
        ),
        joint(
            "b",
            "continuous",
            "flange",
            "l2",
            "<origin xyz=\"0.5 0 0\"/><axis xyz=\"0 1 0\"/>",
        ),
    ]);
    let s = ok(&text, &Options::default());
    assert!(
        s.contains("    point flange = l1 * (1.0, 0.0, 0.0);"),
        "{s}"
    );
    let l2 = &s[s.find("body l2").expect("body l2")..];
    assert!(l2.contains("parent: l1,"), "{l2}");
    assert!(l2.contains("joint: revolute(b),"), "{l2}");
    assert!(
        l2.contains("offset_rotation: [rotz(1.5707963267948966)],"),
        "{l2}"
    );
    // (1, 0.5, 0) up to the rounding of cos(π/2) ≈ 6e-17.
    let offset = l2
        .lines()
        .find(|l| l.contains("offset:"))
        .expect("an offset");
    let numbers: Vec<f64> = offset
        .trim()
        .trim_start_matches("offset: (")
        .trim_end_matches("),")
        .split(", ")
        .map(|x| x.parse().expect("a number"))
        .collect();
    for (got, want) in numbers.iter().zip([1.0, 0.5, 0.0]) {
        assert!((got - want).abs() < 1e-15, "{offset}");
    }
}

#[test]
fn rotations_of_several_frames_are_composed_into_one_matrix() {
    // base → (fixed, yaw π/2) → f1 → (fixed, roll π/2) → f2 → (revolute a) → l1: the joint frame
    // of a is R_z(π/2) R_x(π/2) = [[0, 0, 1], [1, 0, 0], [0, 1, 0]], written as one matrix.
    let text = robot(&[
        "  <link name=\"base\"/>\n  <link name=\"f1\"/>\n  <link name=\"f2\"/>\n".to_string(),
        link("l1"),
        joint(
            "w1",
            "fixed",
            "base",
            "f1",
            "<origin rpy=\"0 0 1.5707963267948966\"/>",
        ),
        joint(
            "w2",
            "fixed",
            "f1",
            "f2",
            "<origin rpy=\"1.5707963267948966 0 0\"/>",
        ),
        joint("a", "revolute", "f2", "l1", "<axis xyz=\"0 0 1\"/>"),
    ]);
    let s = ok(&text, &Options::default());
    let line = s
        .lines()
        .find(|l| l.contains("offset_rotation:"))
        .expect("an offset rotation");
    let entries: Vec<f64> = line
        .replace(['[', ']', ','], " ")
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let expected = [0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0];
    assert_eq!(entries.len(), 9, "{line}");
    for (got, want) in entries.iter().zip(expected) {
        assert!((got - want).abs() < 1e-15, "{line}");
    }
}

#[test]
fn inertia_axes_turned_into_link_axes_and_rpy_written_as_factors() {
    // Inertial yaw π/2 maps the tensor's x axis to the link's y axis: diag(0.1, 0.2, 0.3) in the
    // inertial frame is diag(0.2, 0.1, 0.3) in the link frame. A joint rpy (r, p, y) is
    // [rotz(y), roty(p), rotx(r)].
    let turned = r#"<link name="l1"><inertial><origin xyz="0.1 0.2 0.3" rpy="0 0 1.5707963267948966"/><mass value="2"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/></inertial></link>
"#;
    let text = robot(&[
        "  <link name=\"base\"/>\n".to_string(),
        turned.to_string(),
        joint(
            "a",
            "prismatic",
            "base",
            "l1",
            "<origin rpy=\"0.1 0.2 0.3\"/><axis xyz=\"1 0 0\"/><limit lower=\"-0.5\" upper=\"0.5\" effort=\"1\" velocity=\"1\"/>",
        ),
    ]);
    let s = ok(&text, &Options::default());
    assert!(s.contains("joint: prismatic(a),"), "{s}");
    assert!(
        s.contains("offset_rotation: [rotz(0.3), roty(0.2), rotx(0.1)],"),
        "{s}"
    );
    assert!(s.contains("com: (0.1, 0.2, 0.3),"), "{s}");
    let inertia = s.lines().find(|l| l.contains("inertia:")).expect("inertia");
    let diagonal: Vec<f64> = inertia
        .replace(['[', ']', '(', ')', ','], " ")
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let expected = [0.2, 0.0, 0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.3];
    assert_eq!(diagonal.len(), 9, "{inertia}");
    for (got, want) in diagonal.iter().zip(expected) {
        assert!((got - want).abs() < 1e-16, "{inertia}");
    }
    // Limits are reported, not imported, without a restitution.
    assert!(!s.contains("contact"));
    assert!(s.contains("position limits: not imported without --limit-restitution"));
}

#[test]
fn damping_friction_limits_mimic_and_a_floating_base() {
    let text = robot(&[
        link("base"),
        link("l1"),
        link("l2"),
        joint(
            "a",
            "revolute",
            "base",
            "l1",
            "<axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"2\" effort=\"1\" velocity=\"1\"/><dynamics damping=\"0.5\" friction=\"0.25\"/>",
        ),
        joint(
            "b",
            "revolute",
            "l1",
            "l2",
            "<axis xyz=\"0 0 1\"/><mimic joint=\"a\" multiplier=\"-2\" offset=\"0.1\"/>",
        ),
    ]);
    let options = Options {
        floating_base: true,
        limit_restitution: Some(0.5),
        ..Options::default()
    };
    let s = ok(&text, &options);
    assert!(
        s.contains("coordinates { base_x, base_y, base_z, base_yaw, base_pitch, base_roll, a, b }"),
        "{s}"
    );
    assert!(
        s.contains("joint: floating(base_x, base_y, base_z, base_yaw, base_pitch, base_roll),")
    );
    assert!(
        s.contains("d_a: 0.5,") && s.contains("f_a: 0.25,") && s.contains("v_friction: 0.001,")
    );
    assert!(
        s.contains("a: -d_a * dot(a) - f_a * dot(a) / sqrt(dot(a).powi(2) + v_friction.powi(2)),")
    );
    assert!(
        s.contains("constraint b_mimic = b - -2.0 * a - 0.1;"),
        "{s}"
    );
    assert!(s.contains("e_limit: 0.5,"));
    assert!(s.contains("contact a_lower { gap: a + 1.0, restitution: e_limit }"));
    assert!(s.contains("contact a_upper { gap: 2.0 - a, restitution: e_limit }"));
    // Friction left out on request, and said so.
    let omitted = Options {
        joint_friction: JointFriction::Omitted,
        ..Options::default()
    };
    let i = import(&text, &omitted).expect("imports");
    assert!(!i.source.contains("f_a"));
    assert!(
        i.notes
            .iter()
            .any(|n| n.what.contains("joint friction: left out"))
    );
}

#[test]
fn a_massless_link_between_two_moving_joints_is_a_frame() {
    // A universal joint: base → (revolute a) → cross (no mass) → (revolute b) → rod.
    let text = robot(&[
        "  <link name=\"base\"/>\n".to_string(),
        "  <link name=\"cross\"/>\n".to_string(),
        link("rod"),
        joint("a", "revolute", "base", "cross", "<axis xyz=\"0 0 1\"/>"),
        joint("b", "revolute", "cross", "rod", "<axis xyz=\"0 1 0\"/>"),
    ]);
    let s = ok(&text, &Options::default());
    let cross = &s[s.find("body cross").expect("a frame body")..];
    let cross = &cross[..cross.find('}').expect("closed")];
    assert!(
        cross.contains("mass: 0.0,") && !cross.contains("inertia"),
        "{cross}"
    );
    assert!(s.contains("parent: cross,"), "{s}");
}

#[test]
fn an_inertia_that_is_not_positive_definite_is_refused_or_a_noted_point_mass() {
    // A placeholder tensor (every entry 1e-6: rank one), as real descriptions carry.
    let placeholder = r#"  <link name="l1"><inertial><mass value="0.5"/><inertia ixx="1e-6" ixy="1e-6" ixz="1e-6" iyy="1e-6" iyz="1e-6" izz="1e-6"/></inertial></link>
"#;
    let text = robot(&[
        "  <link name=\"base\"/>\n".to_string(),
        placeholder.to_string(),
        joint(
            "a",
            "revolute",
            "base",
            "l1",
            "<origin xyz=\"0 0 1\"/><axis xyz=\"0 1 0\"/>",
        ),
    ]);
    let e = err(&text, &Options::default());
    located(
        &e,
        3,
        "link[name=l1]/inertial/inertia",
        "--point-mass-for-invalid-inertia",
    );
    let lenient = Options {
        point_mass_for_invalid_inertia: true,
        ..Options::default()
    };
    let i = import(&text, &lenient).expect("imports");
    let l1 = &i.source[i.source.find("body l1").expect("body l1")..];
    assert!(l1.contains("mass: 0.5,") && !l1[..l1.find('}').unwrap()].contains("inertia"));
    assert!(
        i.notes
            .iter()
            .any(|n| n.line == 3 && n.what.contains("written as a point mass"))
    );
}

/// The error's line, element path and message must locate and name the defect.
#[track_caller]
fn located(e: &ImportError, line: usize, element: &str, words: &str) {
    assert_eq!(e.file, Path::new("robot.urdf"));
    assert_eq!(e.line, Some(line), "{e}");
    assert!(e.element.ends_with(element), "{e}");
    assert!(e.message.contains(words), "{e}");
}

#[test]
fn every_defect_is_an_error_at_its_line_and_element() {
    let base = "  <link name=\"base\"/>\n".to_string();
    let d = Options::default();
    // Two roots (lines: 2 base, 3 l1, 4 l2, 5 joint a).
    let e = err(
        &robot(&[
            base.clone(),
            link("l1"),
            link("l2"),
            joint("a", "revolute", "base", "l1", "<axis xyz=\"0 0 1\"/>"),
        ]),
        &d,
    );
    located(
        &e,
        4,
        "link[name=l2]",
        "2 links are no joint's child (base, l2)",
    );
    // Duplicate names.
    let e = err(&robot(&[base.clone(), link("l1"), link("l1")]), &d);
    located(&e, 4, "link[name=l1]", "a second link named `l1`");
    // Planar joint, zero axis, a moving joint on a massless link.
    for (kind, extra, child, words) in [
        ("planar", "", link("l1"), "planar joints are not supported"),
        (
            "revolute",
            "<axis xyz=\"0 0 0\"/>",
            link("l1"),
            "axis (0 0 0) is zero",
        ),
        (
            "revolute",
            "<axis xyz=\"0 0 1\"/>",
            "  <link name=\"l1\"/>\n".to_string(),
            "it moves no mass",
        ),
    ] {
        let e = err(
            &robot(&[base.clone(), child, joint("a", kind, "base", "l1", extra)]),
            &d,
        );
        located(&e, 4, "joint[name=a]", words);
    }
    // A mimic of a joint that does not exist.
    let e = err(
        &robot(&[
            base.clone(),
            link("l1"),
            joint(
                "a",
                "revolute",
                "base",
                "l1",
                "<axis xyz=\"0 0 1\"/><mimic joint=\"zz\"/>",
            ),
        ]),
        &d,
    );
    located(&e, 4, "joint[name=a]/mimic", "it mimics `zz`");
    // Nothing moves.
    let e = err(
        &robot(&[
            base.clone(),
            link("l1"),
            joint("a", "fixed", "base", "l1", ""),
        ]),
        &d,
    );
    assert!(e.message.contains("no moving joint"), "{e}");
    // A document that is not a robot, and a restitution outside [0, 1].
    let e = err("<model name=\"x\"/>\n", &d);
    located(&e, 1, "model[name=x]", "not `<robot>`");
    let bad = Options {
        limit_restitution: Some(1.5),
        ..Options::default()
    };
    let e = err(
        &robot(&[
            base,
            link("l1"),
            joint("a", "revolute", "base", "l1", "<axis xyz=\"0 0 1\"/>"),
        ]),
        &bad,
    );
    assert!(
        e.message.contains("limit restitution 1.5 is not in [0, 1]"),
        "{e}"
    );
}
