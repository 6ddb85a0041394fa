//! Every class of user error in a `mechanism!` block gets a located, readable message.
//!
//! Each test writes a small crate source with one faulty block and asserts both the message and
//! the exact `line:column` it points at (the offending token, found independently by searching the
//! source text). Errors found by the symbolic checks (T not quadratic, M not positive definite,
//! constraint not depending on q, slip not linear, a hand-written rotation matrix that is not a
//! rotation) go through the full generator.
//! Symbolic tests share one symbolica permit: run this binary with `--test-threads=1`.

use mbcompile::diagnostic::Diagnostic;
use mbcompile::dsl::source::find_models;
use mbcompile::pipeline::generate;

fn diagnose(src: &str) -> Diagnostic {
    match find_models(src) {
        Err(e) => Diagnostic::from_syn("model.rs", src, &e),
        Ok(models) => {
            assert_eq!(models.len(), 1, "test sources hold one block");
            match generate(&models[0], 1, &mut |_| {}) {
                Err(e) => Diagnostic::from_error("model.rs", src, &e),
                Ok(_) => panic!("expected an error for:\n{src}"),
            }
        }
    }
}

/// Line and column (1-based) of the `nth` occurrence (0-based) of `needle` in `src`.
fn position(src: &str, needle: &str, nth: usize) -> (usize, usize) {
    let offset = src
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("`{needle}` not in source"))
        .0;
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

#[track_caller]
fn expect(src: &str, needle: &str, nth: usize, message: &str) {
    let d = diagnose(src);
    let (line, col) = position(src, needle, nth);
    assert!(
        d.message.contains(message),
        "message `{}` lacks `{message}`",
        d.message
    );
    assert_eq!(
        (d.line, d.column),
        (line, col),
        "wrong place for `{}`:\n{}",
        d.message,
        d.render()
    );
    let rendered = d.render();
    assert!(
        rendered.starts_with(&format!("model.rs:{line}:{col}: error: ")),
        "{rendered}"
    );
    assert!(rendered.contains('^'), "caret missing:\n{rendered}");
}

const HEAD: &str = "use mbmacros::mechanism;\n";

fn block(body: &str) -> String {
    format!("{HEAD}mechanism! {{\n    struct Ball;\n{body}\n}}\n")
}

#[test]
fn unknown_name() {
    let src = block(
        "    parameters { m: 1.0, g: 9.81 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    potential = m * gg * y;",
    );
    expect(&src, "gg", 0, "unknown name `gg`");
}

#[test]
fn components_of_unknown_scalar_planar_or_self_referring_names() {
    let head = "    parameters { m: 1.0, l: 1.0 }\n    coordinates { x, y }\n    body b { mass: m, position: (x, y) }\n";
    let src = block(&format!("{head}    constraint c = tipp.x - l;"));
    expect(&src, "tipp.x", 0, "unknown point, vector or body `tipp`");
    let src = block(&format!("{head}    constraint c = m.x;"));
    expect(&src, "m.x", 0, "`m` is a scalar");
    let src = block(&format!("{head}    constraint c = b.z;"));
    expect(&src, "b.z", 0, "`b` is planar");
    let src = block(&format!(
        "{head}    point p = (p.x + l, y);\n    constraint c = p.x;"
    ));
    expect(&src, "p.x", 0, "`p` is defined through its own components");
    let src = block(&format!("{head}    constraint c = b.w;"));
    expect(&src, "w;", 0, "expected the component `.x`, `.y` or `.z`");
}

#[test]
fn time_without_declaration_gets_a_hint() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    potential = m * y * t;",
    );
    expect(&src, "t;", 0, "declare the time with `time t;`");
}

#[test]
fn duplicate_name() {
    let src = block(
        "    parameters { m: 1.0, y: 2.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);",
    );
    expect(&src, "y }", 0, "duplicate name `y`");
}

#[test]
fn coordinate_used_as_a_parameter() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { gap: y, restitution: 0.1 * y }",
    );
    expect(&src, "y }", 1, "restitution may depend on parameters only");
}

#[test]
fn velocity_of_a_parameter() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(m).powi(2);",
    );
    expect(&src, "dot(m)", 0, "`m` is a parameter, not a coordinate");
}

#[test]
fn kinetic_energy_not_quadratic() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(4);",
    );
    expect(
        &src,
        "0.5 * m * dot(y).powi(4)",
        0,
        "not quadratic in the velocities",
    );
}

#[test]
fn mass_matrix_not_positive_definite() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y }\n    kinetic = 0.5 * m * dot(x).powi(2);",
    );
    expect(&src, "0.5 * m * dot(x)", 0, "not positive definite");
}

#[test]
fn negative_mass_is_not_positive_definite() {
    let src = block(
        "    parameters { m: -1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);",
    );
    expect(&src, "0.5 * m", 0, "not positive definite");
}

#[test]
fn gap_depending_on_velocities() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { gap: y + 0.1 * dot(y), restitution: 0.5 }",
    );
    expect(
        &src,
        "dot(y), restitution",
        0,
        "must not depend on velocities",
    );
}

#[test]
fn potential_depending_on_velocities() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    potential = m * dot(y);",
    );
    expect(
        &src,
        "dot(y);",
        0,
        "the potential energy must not depend on velocities",
    );
}

#[test]
fn slip_not_linear_in_velocities() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y }\n    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));\n    contact floor { gap: y, restitution: 0.5, friction: 0.2, tangential_velocity: dot(x) * dot(x) }",
    );
    expect(
        &src,
        "dot(x) * dot(x)",
        0,
        "must be linear in the velocities",
    );
}

#[test]
fn unsupported_function() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    potential = atan(y);",
    );
    expect(&src, "atan", 0, "unsupported function `atan`");
}

#[test]
fn xor_is_not_a_power() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y) ^ 2;",
    );
    expect(&src, "^", 0, "`^` is not a power");
}

#[test]
fn empty_model() {
    let src = format!("{HEAD}mechanism! {{}}\n");
    let d = diagnose(&src);
    assert!(d.message.contains("empty model"), "{}", d.message);
    assert_eq!((d.line, d.column), position(&src, "{}", 0));
}

#[test]
fn no_coordinates() {
    let src = block("    parameters { m: 1.0 }\n    kinetic = 0.5 * m;");
    expect(&src, "Ball", 0, "declares no coordinates");
}

#[test]
fn missing_kinetic_energy() {
    let src = block("    parameters { m: 1.0 }\n    coordinates { y }\n    potential = m * y;");
    expect(&src, "Ball", 0, "missing its kinetic energy");
}

#[test]
fn malformed_number() {
    let src = block(
        "    parameters { m: 1.0f32 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);",
    );
    expect(&src, "1.0f32", 0, "malformed number");
}

#[test]
fn missing_required_field() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { restitution: 0.5 }",
    );
    expect(&src, "floor", 0, "missing its required field `gap`");
}

#[test]
fn restitution_out_of_range() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { gap: y, restitution: 1.5 }",
    );
    expect(&src, "1.5", 0, "restitution must be in [0, 1]");
}

#[test]
fn restitution_parameter_out_of_range() {
    let src = block(
        "    parameters { m: 1.0, e: -0.2 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { gap: y, restitution: e }",
    );
    expect(&src, "e }", 0, "restitution must be in [0, 1]; it is -0.2");
}

#[test]
fn negative_friction() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y }\n    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));\n    contact floor { gap: y, restitution: 0.5, friction: -0.1, slip: x }",
    );
    expect(&src, "-0.1", 0, "the friction coefficient must be ≥ 0");
}

#[test]
fn friction_without_tangent() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { gap: y, restitution: 0.5, friction: 0.3 }",
    );
    expect(&src, "0.3", 0, "has friction but no tangential direction");
}

#[test]
fn constraint_identically_zero() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y }\n    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2));\n    constraint c = x - x;",
    );
    expect(&src, "x - x", 0, "does not depend on the coordinates");
}

#[test]
fn division_by_literal_zero() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2) / 0.0;",
    );
    expect(&src, "0.0;", 0, "division by zero");
}

#[test]
fn unknown_item() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetik = 0.5 * m * dot(y).powi(2);",
    );
    expect(&src, "kinetik", 0, "unknown item `kinetik`");
}

#[test]
fn unknown_contact_field() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    contact floor { gap: y, restitution: 0.5, restitusion: 0.1 }",
    );
    expect(
        &src,
        "restitusion",
        0,
        "unknown contact field `restitusion`",
    );
}

#[test]
fn duplicate_section() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    kinetic = m;",
    );
    expect(&src, "kinetic", 1, "duplicate `kinetic`");
}

#[test]
fn force_on_a_non_coordinate() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    forces { m: 1.0 }",
    );
    expect(&src, "m: 1.0 }", 1, "`m` is not a coordinate");
}

// Points and bodies.

const PLANAR: &str = "    parameters { m: 1.0, g: 9.81, r: 0.1 }\n    coordinates { x, y }\n";

#[test]
fn unknown_point() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    contact floor {{ point: bottom, normal: (0.0, 1.0), restitution: 0.5 }}"
    ));
    expect(&src, "bottom", 0, "unknown point or body `bottom`");
}

#[test]
fn zero_normal() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    contact floor {{ point: ball, normal: (0.0, 0.0), restitution: 0.5 }}"
    ));
    expect(&src, "(0.0, 0.0)", 0, "normal of contact `floor` is zero");
}

#[test]
fn vectors_of_different_dimensions() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    gravity = (0.0, 0.0, -g);"
    ));
    expect(
        &src,
        "(0.0, 0.0, -g)",
        0,
        "a model is planar (2) or spatial (3)",
    );
}

#[test]
fn non_positive_mass() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: -m, position: (x, y) }}"
    ));
    expect(&src, "-m", 0, "the mass of body `ball` must be positive");
}

#[test]
fn a_joint_frame_without_mass_has_no_inertia_and_moves_a_body() {
    // Mass 0 is a frame between joints only without inertia ...
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { a }\n    body cross { joint: revolute(a), axis: (0.0, 0.0, 1.0), mass: 0.0, inertia: (0.1, 0.1, 0.1) }",
    );
    expect(
        &src,
        "0.0, inertia",
        0,
        "the mass of body `cross` (0 only for a frame without inertia) must be positive",
    );
    // ... and a frame that carries nothing leaves its coordinate without inertia (M is then
    // singular: reported at the mechanism, whose T the bodies make).
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { a }\n    body cross { joint: revolute(a), axis: (0.0, 0.0, 1.0), mass: 0.0 }",
    );
    expect(&src, "Ball", 0, "not positive definite");
}

#[test]
fn inertia_not_positive_definite() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { a }\n    body top { mass: m, position: (0.0, 0.0, 0.0), rotation: [rotz(a)], inertia: [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0]] }",
    );
    expect(&src, "[[1.0", 0, "inertia matrix is not positive definite");
}

#[test]
fn inertia_not_symmetric() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { a }\n    body top { mass: m, position: (0.0, 0.0, 0.0), rotation: [rotz(a)], inertia: [[1.0, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] }",
    );
    expect(
        &src,
        "0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]",
        0,
        "inertia matrix is not symmetric",
    );
}

#[test]
fn rotation_matrix_not_orthonormal() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { a }\n    body top { mass: m, position: (0.0, 0.0, 0.0), rotation: [[cos(a), -sin(a), 0.0], [sin(a), cos(a), 0.0], [0.0, 0.0, 2.0]], inertia: [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] }",
    );
    expect(&src, "[[cos(a)", 0, "is not a rotation matrix");
}

#[test]
fn torque_on_a_point() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    point tip = (x, y + r);\n    torque push {{ on: tip, value: 1.0 }}"
    ));
    expect(&src, "tip,", 0, "`tip` is a point: a torque acts on a body");
}

// Spatial contacts with a tangent plane.

const SPATIAL: &str = "    parameters { m: 1.0, mu: 0.3 }\n    coordinates { x, y, z }\n    body ball { mass: m, position: (x, y, z) }\n";

/// A spatial block with `contact floor { <fields> }` of the ball against a plane.
fn spatial_contact(fields: &str) -> String {
    block(&format!(
        "{SPATIAL}    contact floor {{ point: ball, restitution: 0.5, {fields} }}"
    ))
}

#[test]
fn spatial_zero_normal() {
    let src = spatial_contact("normal: (0.0, 0.0, 0.0), friction: mu");
    expect(
        &src,
        "(0.0, 0.0, 0.0)",
        0,
        "the normal of contact `floor` is zero at the parameter defaults: give a non-zero direction",
    );
}

#[test]
fn spatial_tangent_not_perpendicular_to_the_normal() {
    let src = spatial_contact("normal: (0.0, 0.0, 1.0), friction: mu, tangent: (1.0, 0.0, 0.5)");
    expect(
        &src,
        "(1.0, 0.0, 0.5)",
        0,
        "the tangent of contact `floor` is not perpendicular to its normal",
    );
}

#[test]
fn spatial_zero_tangent() {
    let src = spatial_contact("normal: (0.0, 0.0, 1.0), friction: mu, tangent: (0.0, 0.0, 0.0)");
    expect(
        &src,
        "(0.0, 0.0, 0.0)",
        0,
        "the tangent of contact `floor` is zero at the parameter defaults",
    );
}

#[test]
fn spatial_zero_second_tangent() {
    let src = spatial_contact(
        "normal: (0.0, 0.0, 1.0), friction: mu, tangents: ((1.0, 0.0, 0.0), (0.0, 0.0, 0.0))",
    );
    expect(
        &src,
        "(0.0, 0.0, 0.0)",
        0,
        "the second tangent of contact `floor` is zero",
    );
}

#[test]
fn spatial_second_tangent_not_perpendicular_to_the_normal() {
    let src = spatial_contact(
        "normal: (0.0, 0.0, 1.0), friction: mu, tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 1.0))",
    );
    expect(
        &src,
        "(0.0, 1.0, 1.0)",
        0,
        "the second tangent of contact `floor` is not perpendicular to its normal",
    );
}

#[test]
fn spatial_parallel_tangents() {
    let src = spatial_contact(
        "normal: (0.0, 0.0, 1.0), friction: mu, tangents: ((1.0, 0.0, 0.0), (-2.0, 0.0, 0.0))",
    );
    expect(
        &src,
        "(-2.0, 0.0, 0.0)",
        0,
        "the two tangents of contact `floor` are parallel",
    );
}

#[test]
fn spatial_tangents_not_perpendicular_to_each_other() {
    let src = spatial_contact(
        "normal: (0.0, 0.0, 1.0), friction: mu, tangents: ((1.0, 0.0, 0.0), (1.0, 1.0, 0.0))",
    );
    expect(
        &src,
        "(1.0, 1.0, 0.0)",
        0,
        "the two tangents of contact `floor` are not perpendicular to each other",
    );
}

#[test]
fn spatial_negative_friction() {
    let src = spatial_contact("normal: (0.0, 0.0, 1.0), friction: -0.2");
    expect(&src, "-0.2", 0, "the friction coefficient must be ≥ 0");
}

#[test]
fn spatial_negative_friction_parameter() {
    let src = block(
        "    parameters { m: 1.0, mu: -0.1 }\n    coordinates { x, y, z }\n    body ball { mass: m, position: (x, y, z) }\n    contact floor { point: ball, normal: (0.0, 0.0, 1.0), restitution: 0.5, friction: mu }",
    );
    expect(&src, "mu }", 0, "the friction coefficient must be ≥ 0");
}

#[test]
fn tangent_and_tangents_together() {
    let src = spatial_contact(
        "normal: (0.0, 0.0, 1.0), friction: mu, tangent: (1.0, 0.0, 0.0), tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))",
    );
    expect(&src, "tangents", 0, "the tangent is given twice");
}

#[test]
fn tangents_not_a_pair() {
    let src = spatial_contact("normal: (0.0, 0.0, 1.0), friction: mu, tangents: (1.0, 0.0, 0.0)");
    expect(
        &src,
        "(1.0, 0.0, 0.0)",
        0,
        "`tangents` takes the two tangents of a contact plane as a pair of vectors",
    );
}

#[test]
fn tangent_together_with_a_slip() {
    let src =
        spatial_contact("normal: (0.0, 0.0, 1.0), friction: mu, slip: x, tangent: (0.0, 1.0, 0.0)");
    expect(
        &src,
        "(0.0, 1.0, 0.0)",
        0,
        "contact `floor` gives its tangential direction twice",
    );
}

#[test]
fn tangents_of_a_planar_contact() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    contact floor {{ point: ball, normal: (0.0, 1.0), restitution: 0.5, friction: 0.3, tangents: ((1.0, 0.0), (-1.0, 0.0)) }}"
    ));
    expect(
        &src,
        "(1.0, 0.0)",
        0,
        "contact `floor` is planar and has one tangent",
    );
}

#[test]
fn slip_with_three_directions() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y, z }\n    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2));\n    contact floor { gap: z, restitution: 0.5, friction: 0.2, slip: (x, y, z) }",
    );
    expect(
        &src,
        "(x, y, z)",
        0,
        "`slip` takes one expression, or a pair `(a, b)`",
    );
}

#[test]
fn second_slip_constant() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y, z }\n    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2));\n    contact floor { gap: z, restitution: 0.5, friction: 0.2, slip: (x, 2.0 * m) }",
    );
    expect(
        &src,
        "2.0 * m",
        0,
        "the second slip of contact `floor` does not depend on the coordinates",
    );
}

#[test]
fn second_tangential_velocity_not_linear() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y, z }\n    kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2));\n    contact floor { gap: z, restitution: 0.5, friction: 0.2, tangential_velocity: (dot(x), dot(y) * dot(y)) }",
    );
    expect(
        &src,
        "dot(y) * dot(y)",
        0,
        "must be linear in the velocities; it is not linear in dot(y)",
    );
}

#[test]
fn point_used_as_a_number() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    potential = m * g * ball;"
    ));
    expect(
        &src,
        "ball;",
        0,
        "`ball` is a body (a point: its centre of mass), a vector where a scalar is needed",
    );
}

// Vector values.

#[test]
fn vector_let_used_as_a_scalar() {
    let src = block(&format!(
        "{PLANAR}    let p = (x, y);\n    body ball {{ mass: p, position: p }}"
    ));
    expect(
        &src,
        "p, position",
        0,
        "`p` is a vector `let`, a vector where a scalar is needed",
    );
}

#[test]
fn scalar_where_a_vector_is_needed() {
    let src = block(&format!("{PLANAR}    body ball {{ mass: m, position: r }}"));
    expect(&src, "r }", 0, "a scalar where a vector is needed");
}

#[test]
fn vector_plus_scalar() {
    let src = block(&format!(
        "{PLANAR}    point A = (x, y);\n    body ball {{ mass: m, position: A + r }}"
    ));
    expect(
        &src,
        "+ r",
        0,
        "vector / scalar mismatch: a vector and a scalar cannot be added",
    );
}

#[test]
fn points_defined_through_each_other() {
    let src = block(&format!(
        "{PLANAR}    point A = B + (r, 0.0);\n    point B = A + (0.0, r);\n    body ball {{ mass: m, position: (x, y) }}"
    ));
    expect(
        &src,
        "A + (0.0",
        0,
        "`A` is defined through itself (A → B → A)",
    );
}

#[test]
fn frame_of_a_particle() {
    let src = block(&format!(
        "{PLANAR}    body ball {{ mass: m, position: (x, y) }}\n    point tip = ball * (r, 0.0);"
    ));
    expect(&src, "ball * (r", 0, "body `ball` has no frame");
}

// Joints.

const ARM: &str = "    parameters { m: 1.0, l: 0.5, c: 0.2, z0: 0.0, g: 9.81 }\n    coordinates { q1, q2 }\n    body link1 { joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: m }\n";

/// An arm whose first link is fine and whose second link is `link2`.
fn arm(link2: &str) -> String {
    block(&format!("{ARM}    body link2 {{ {link2} }}"))
}

#[test]
fn unknown_parent() {
    let src = arm("parent: link9, joint: revolute(q2), axis: (0.0, 1.0, 0.0), mass: m");
    expect(&src, "link9", 0, "unknown parent `link9`");
}

#[test]
fn parent_without_a_joint() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { q1 }\n    body base { mass: m, position: (0.0, 0.0, 0.0) }\n    body link1 { parent: base, joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: m }",
    );
    expect(
        &src,
        "base, joint",
        0,
        "body `base` has no joint, so it cannot be a parent",
    );
}

#[test]
fn parents_in_a_loop() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { q1, q2 }\n    body link1 { parent: link2, joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: m }\n    body link2 { parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), mass: m }",
    );
    let d = diagnose(&src);
    assert!(
        d.message
            .contains("`link1` → `link2` → `link1` form a closed loop")
            && d.message
                .contains("a tree plus a bilateral `constraint` closing it"),
        "{}",
        d.message
    );
    assert_eq!((d.line, d.column), position(&src, "link2, joint", 0));
}

#[test]
fn coordinate_of_two_joints() {
    let src = arm("parent: link1, joint: revolute(q1), axis: (0.0, 1.0, 0.0), mass: m");
    expect(
        &src,
        "q1), axis: (0.0, 1.0",
        0,
        "coordinate `q1` already moves the joint of body `link1`",
    );
}

#[test]
fn joint_coordinate_not_a_coordinate() {
    let src = arm("parent: link1, joint: prismatic(l), axis: (0.0, 1.0, 0.0), mass: m");
    expect(&src, "l), axis", 0, "`l` is not a coordinate");
}

#[test]
fn zero_joint_axis() {
    let src = arm("parent: link1, joint: revolute(q2), axis: (0.0, 0.0, z0), mass: m");
    expect(
        &src,
        "(0.0, 0.0, z0)",
        0,
        "the joint axis of body `link2` is zero at the parameter defaults",
    );
}

#[test]
fn joint_axis_depending_on_a_coordinate() {
    let src = arm("parent: link1, joint: revolute(q2), axis: (0.0, q1, 1.0), mass: m");
    expect(
        &src,
        "q1, 1.0)",
        0,
        "the joint axis of body `link2` may depend on parameters only",
    );
}

#[test]
fn joint_offset_depending_on_time() {
    let src = block(&format!(
        "{ARM}    time t;\n    body link2 {{ parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), offset: (0.0, 0.0, l * t), mass: m }}"
    ));
    expect(
        &src,
        "t)",
        0,
        "the joint offset of body `link2` may depend on parameters only, not on time",
    );
}

#[test]
fn joint_axis_with_two_components() {
    let src = arm("parent: link1, joint: revolute(q2), axis: (0.0, 1.0), mass: m");
    expect(
        &src,
        "(0.0, 1.0)",
        0,
        "has 2 components: joint bodies are spatial",
    );
}

#[test]
fn planar_vector_in_a_model_with_joints() {
    let src = block(&format!("{ARM}    gravity = (0.0, -g);"));
    expect(
        &src,
        "(0.0, -g)",
        0,
        "the model has joint bodies, which are spatial",
    );
}

#[test]
fn offset_rotation_not_a_rotation() {
    let src = arm(
        "parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), offset_rotation: [[1.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 1.0]], mass: m",
    );
    expect(&src, "[[1.0, 0.0", 0, "is not a rotation matrix");
}

#[test]
fn offset_rotation_of_a_body() {
    let src = arm(
        "parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), offset_rotation: [link1], mass: m",
    );
    expect(
        &src,
        "link1], mass",
        0,
        "the offset rotation of body `link2` is constant",
    );
}

#[test]
fn floating_joint_with_five_coordinates() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { x, y, z, a, b }\n    body drone { joint: floating(x, y, z, a, b), mass: m }",
    );
    expect(
        &src,
        "floating(x",
        0,
        "a floating joint moves six coordinates",
    );
}

#[test]
fn unknown_joint_kind() {
    let src = arm("parent: link1, joint: hinge(q2), axis: (0.0, 1.0, 0.0), mass: m");
    expect(&src, "hinge", 0, "expected a joint: `revolute(q)`");
}

#[test]
fn revolute_joint_without_axis() {
    let src = arm("parent: link1, joint: revolute(q2), mass: m");
    expect(
        &src,
        "link2",
        0,
        "body `link2` is missing its required field `axis`",
    );
}

#[test]
fn axis_of_a_fixed_joint() {
    let src = arm("parent: link1, joint: fixed, axis: (0.0, 1.0, 0.0), mass: m");
    expect(
        &src,
        "axis: (0.0, 1.0",
        0,
        "only revolute and prismatic joints have an `axis`",
    );
}

#[test]
fn joint_body_with_a_position() {
    let src = arm(
        "parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), position: (0.0, 0.0, l), mass: m",
    );
    expect(
        &src,
        "position",
        0,
        "body `link2` has a joint: its frame follows from the joint, so it takes no `position`",
    );
}

#[test]
fn com_without_a_joint() {
    let src = block(&format!(
        "{ARM}    body lamp {{ mass: m, position: (0.0, 0.0, l), com: (0.0, 0.0, c) }}"
    ));
    expect(&src, "com", 0, "`com` belongs to a body with a joint");
}

#[test]
fn unsupported_inertia_form() {
    let src =
        arm("parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), mass: m, inertia: (c, c)");
    expect(
        &src,
        "(c, c)",
        0,
        "unsupported inertia: a planar body's inertia is one number `J`; a spatial body's is `(a, b, c)`",
    );
}

#[test]
fn scalar_inertia_of_a_joint_body() {
    let src = arm("parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), mass: m, inertia: c");
    expect(
        &src,
        "c }",
        0,
        "has a joint and is spatial; unsupported inertia",
    );
}

#[test]
fn rotations_composed_in_a_loop() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { a, b }\n    body one { mass: m, position: (0.0, 0.0, 0.0), rotation: [two, rotz(a)] }\n    body two { mass: m, position: (0.0, 0.0, 1.0), rotation: [one, rotx(b)] }",
    );
    expect(
        &src,
        "one, rotx",
        0,
        "the rotations of bodies `one` → `two` → `one` are defined through each other in a loop",
    );
}

// The `generate` item.

#[test]
fn unknown_capability() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    generate { capabilities: [rates, hessians] }",
    );
    expect(
        &src,
        "hessians",
        0,
        "unknown capability `hessians`; the optional capabilities are rates, statics, jacobians",
    );
}

#[test]
fn unknown_expansion() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    generate { expansion: partial }",
    );
    expect(&src, "partial", 0, "`expansion` takes `full`");
}

#[test]
fn unknown_target() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    generate { targets: [rust, fortran] }",
    );
    expect(
        &src,
        "fortran",
        0,
        "unknown target `fortran`; the targets are rust, c",
    );
}

#[test]
fn targets_without_rust() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    generate { targets: [c] }",
    );
    expect(&src, "[c]", 0, "`targets` must include `rust`");
}

#[test]
fn target_listed_twice() {
    let src = block(
        "    parameters { m: 1.0 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    generate { targets: [rust, c, c] }",
    );
    expect(&src, "c]", 0, "target `c` is listed twice");
}

/// A planar sleigh for the velocity-constraint errors: `extra` is added to its block.
fn sleigh(extra: &str) -> String {
    block(&format!(
        "    parameters {{ m: 1.0, i: 0.1, a: 0.3 }}\n    coordinates {{ x, y, th }}\n    body b {{ mass: m, position: (x, y), angle: th, inertia: i }}\n    body p {{ mass: m, position: (x, y) }}\n    point e = (x - a * cos(th), y - a * sin(th));\n{extra}"
    ))
}

#[test]
fn velocity_constraint_not_linear_in_velocities() {
    let src = sleigh("    velocity_constraint blade = dot(x).powi(2) + dot(y);");
    expect(
        &src,
        "dot(x).powi(2) + dot(y)",
        0,
        "velocity constraint `blade` must be linear in the velocities, A(q, t) q̇ + a(q, t) = 0; it is not linear in dot(x)",
    );
}

#[test]
fn velocity_constraint_without_velocities() {
    let src = sleigh("    velocity_constraint blade = x - 1.0;");
    expect(
        &src,
        "x - 1.0",
        0,
        "velocity constraint `blade` does not use any velocity",
    );
}

#[test]
fn dependent_velocity_constraints() {
    let src = sleigh(
        "    velocity_constraint one = cos(th) * dot(y) - sin(th) * dot(x) - a * dot(th);\n    velocity_constraint two = 2.0 * (cos(th) * dot(y) - sin(th) * dot(x) - a * dot(th));",
    );
    expect(
        &src,
        "2.0 * (cos",
        0,
        "velocity constraint `two` depends on the constraints before it",
    );
}

#[test]
fn velocity_constraint_dependent_on_a_holonomic_one() {
    let src = sleigh("    constraint track = y;\n    velocity_constraint wheel = 3.0 * dot(y);");
    expect(
        &src,
        "3.0 * dot(y)",
        0,
        "velocity constraint `wheel` depends on the constraints before it",
    );
}

#[test]
fn body_velocity_outside_a_velocity_constraint() {
    let src = sleigh("    potential = m * velocity(b, e).x;");
    expect(
        &src,
        "velocity(b, e).x",
        0,
        "may be used in velocity constraints (`velocity_constraint name = velocity(B, P).x;`) and contacts' `tangential_velocity` only",
    );
}

#[test]
fn body_velocity_of_a_particle() {
    let src = sleigh("    velocity_constraint c = velocity(p, e).x;");
    expect(&src, "velocity(p, e).x", 0, "body `p` is a particle");
}

#[test]
fn body_velocity_of_an_unknown_point() {
    let src = sleigh("    velocity_constraint c = velocity(b, f).x;");
    expect(&src, "velocity(b, f).x", 0, "unknown point or body `f`");
}

#[test]
fn body_velocity_component() {
    let src = sleigh("    velocity_constraint c = velocity(b, e).w;");
    expect(&src, "w;", 0, "expected the component `.x`, `.y` or `.z`");
}

#[test]
fn component_of_something_else() {
    let src = sleigh("    velocity_constraint c = speed(b, e).x;");
    expect(
        &src,
        "speed",
        0,
        "a component is taken of a point, vector or body (`P.x`), of `velocity(B, P)` or of \
         `angular_velocity(B)`",
    );
}

#[test]
fn body_velocity_arguments() {
    let src = sleigh("    velocity_constraint c = velocity(b).x;");
    expect(
        &src,
        "velocity(b)",
        0,
        "`velocity` takes a body and a point: `velocity(B, P)`",
    );
}

#[test]
fn planar_velocity_has_no_z() {
    let src = sleigh("    velocity_constraint c = velocity(b, e).z + dot(x);");
    expect(
        &src,
        "velocity(b, e).z",
        0,
        "a planar model's velocities have components `.x` and `.y`",
    );
}

#[test]
fn rolling_without_radius() {
    let src = sleigh("    rolling r { body: b, normal: (0.0, 1.0) }");
    expect(
        &src,
        "r {",
        0,
        "rolling `r` is missing its required field `radius`",
    );
}

#[test]
fn rolling_on_a_point() {
    let src = sleigh("    rolling r { body: e, radius: a, normal: (0.0, 1.0) }");
    expect(
        &src,
        "e, radius",
        0,
        "`e` is a point; a body is needed here",
    );
}

#[test]
fn rolling_unknown_field() {
    let src = sleigh("    rolling r { body: b, radius: a, normal: (0.0, 1.0), slip: 1.0 }");
    expect(&src, "slip", 0, "unknown rolling field `slip`");
}

#[test]
fn rolling_axis_in_a_planar_model() {
    let src = sleigh("    rolling r { body: b, radius: a, normal: (0.0, 1.0), axis: (1.0, 0.0) }");
    expect(
        &src,
        "(1.0, 0.0) }",
        0,
        "a planar body rolls as a disk in its plane: drop `axis`",
    );
}

#[test]
fn rolling_touch_is_a_boolean() {
    let src = sleigh("    rolling r { body: b, radius: a, normal: (0.0, 1.0), touch: 1 }");
    expect(&src, "1 }", 0, "expected `true` or `false`");
}

#[test]
fn rolling_radius_of_coordinates() {
    let src = sleigh("    rolling r { body: b, radius: x, normal: (0.0, 1.0) }");
    expect(
        &src,
        "x, normal",
        0,
        "a rolling radius may depend on parameters only",
    );
}

#[test]
fn rolling_constraint_names_are_unique() {
    let src =
        sleigh("    constraint r_t = y;\n    rolling r { body: b, radius: a, normal: (0.0, 1.0) }");
    expect(&src, "r {", 0, "duplicate constraint or contact name `r_t`");
}

#[test]
fn armature_only_on_a_one_coordinate_joint_and_not_negative() {
    let fixed = arm("parent: link1, joint: fixed, mass: m, armature: 0.1");
    expect(
        &fixed,
        "armature",
        0,
        "only revolute and prismatic joints have an `armature`",
    );
    let negative =
        arm("parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), mass: m, armature: -c");
    expect(
        &negative,
        "-c",
        0,
        "the armature of body `link2` must be zero or positive; it is -0.2",
    );
    let moving =
        arm("parent: link1, joint: revolute(q2), axis: (0.0, 1.0, 0.0), mass: m, armature: c * q1");
    expect(&moving, "q1", 2, "may depend on parameters only");
    let placed = "    parameters { m: 1.0 }\n    coordinates { x }\n    body b { mass: m, position: (x, 0.0, 0.0), armature: 0.1 }";
    expect(
        &block(placed),
        "armature",
        0,
        "`armature` belongs to a body with a joint",
    );
}
