//! `mbcompile import`: a URDF into a source file holding its `mechanism!` block.
//!
//! - The committed example `examples/src/ur5.rs` is exactly what the command writes from the
//!   vendored `examples/urdf/ur5_robot.urdf` (so the model the runtime tests check against
//!   Pinocchio, `examples/tests/urdf_ur5.rs`, is the importer's output, not a hand edit).
//! - Bad descriptions: an error naming the file, the line and the element, exit code 1, and
//!   nothing written; an existing file is not replaced without `--force`; a file that is not
//!   `.urdf` is refused (exit code 2).
//! - What is not imported is listed on stderr and in the file's header.
//!
//! The command runs no derivation (no symbolic engine): no lock needed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mbcompile(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_committed_ur5_example_is_what_the_importer_writes() {
    let dir = tempfile::tempdir().unwrap();
    let urdf = workspace().join("examples/urdf/ur5_robot.urdf");
    let out = dir.path().join("ur5.rs");
    let o = mbcompile(
        dir.path(),
        &[
            "import",
            urdf.to_str().unwrap(),
            "--name",
            "Ur5",
            "--dynamics-only",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let written = std::fs::read_to_string(&out).unwrap();
    let committed = std::fs::read_to_string(workspace().join("examples/src/ur5.rs")).unwrap();
    assert_eq!(
        written, committed,
        "examples/src/ur5.rs differs from the importer's output: re-import it (examples/urdf/README.md)"
    );
    // What is not imported is reported once per kind, with its place.
    for kind in [
        "gazebo",
        "transmission",
        "visual",
        "collision",
        "welded to the world",
    ] {
        assert!(stderr.contains(kind), "no note about {kind}: {stderr}");
        assert!(written.contains(kind), "the header lacks {kind}");
    }
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.contains("transmission"))
            .count(),
        1,
        "one note per kind: {stderr}"
    );
    // Not replaced without --force.
    let again = mbcompile(
        dir.path(),
        &[
            "import",
            urdf.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
}

/// A two-link arm with one defect spliced in; the error must name `line` and `element`.
fn broken(defect: &str) -> String {
    let joint = |name: &str, parent: &str, child: &str| {
        format!(
            "  <joint name=\"{name}\" type=\"revolute\">\n    <parent link=\"{parent}\"/>\n    <child link=\"{child}\"/>\n    <axis xyz=\"0 0 1\"/>\n  </joint>\n"
        )
    };
    let link = |name: &str, mass: &str, ixx: &str| {
        format!(
            "  <link name=\"{name}\">\n    <inertial>\n      <mass value=\"{mass}\"/>\n      <inertia ixx=\"{ixx}\" ixy=\"0\" ixz=\"0\" iyy=\"0.1\" iyz=\"0\" izz=\"0.1\"/>\n    </inertial>\n  </link>\n"
        )
    };
    let mut s = String::from("<robot name=\"arm\">\n  <link name=\"base\"/>\n");
    match defect {
        "missing link" => {
            s += &link("a", "1", "0.1");
            s += &joint("j1", "base", "a");
            s += &joint("j2", "a", "nowhere");
        }
        "negative mass" => {
            s += &link("a", "-1", "0.1");
            s += &joint("j1", "base", "a");
        }
        "indefinite inertia" => {
            s += &link("a", "1", "-0.1");
            s += &joint("j1", "base", "a");
        }
        "not a number" => {
            s += &link("a", "one", "0.1");
            s += &joint("j1", "base", "a");
        }
        "loop" => {
            s += &link("a", "1", "0.1");
            s += &link("b", "1", "0.1");
            s += &joint("j1", "base", "a");
            s += &joint("j2", "b", "a");
        }
        "malformed" => {
            s += "  <link name=\"a\">\n  </joint>\n";
        }
        _ => unreachable!(),
    }
    s + "</robot>\n"
}

#[test]
fn bad_descriptions_are_located_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    // (defect, line, element, words of the message)
    let cases = [
        (
            "missing link",
            14,
            "joint[name=j2]",
            "`nowhere` is not a link",
        ),
        (
            "negative mass",
            5,
            "link[name=a]/inertial/mass",
            "negative mass -1",
        ),
        (
            "indefinite inertia",
            6,
            "link[name=a]/inertial/inertia",
            "not positive definite: ixx -0.1",
        ),
        (
            "not a number",
            5,
            "link[name=a]/inertial/mass",
            "\"one\", not a number",
        ),
        (
            "loop",
            20,
            "joint[name=j2]",
            "already the child of joint `j1`",
        ),
        ("malformed", 4, "document", "malformed XML"),
    ];
    for (defect, line, element, words) in cases {
        let urdf = dir.path().join("arm.urdf");
        std::fs::write(&urdf, broken(defect)).unwrap();
        let out = dir.path().join("arm.rs");
        let o = mbcompile(
            dir.path(),
            &["import", "arm.urdf", "--out", out.to_str().unwrap()],
        );
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{defect}: {stderr}");
        let expected = format!("arm.urdf:{line}: ");
        assert!(
            stderr.contains(&expected) && stderr.contains(element) && stderr.contains(words),
            "{defect}: expected `{expected}`, `{element}` and `{words}` in: {stderr}"
        );
        assert!(!out.exists(), "{defect}: a file was written");
    }
    std::fs::write(dir.path().join("arm.txt"), broken("loop")).unwrap();
    let o = mbcompile(dir.path(), &["import", "arm.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a `.urdf` or `.xml` file"));
}

/// An MJCF file (root `<mujoco>`) imports through the same command, and its defects are located
/// the same way, with nothing written.
#[test]
fn import_reads_mjcf_and_locates_its_defects() {
    let dir = tempfile::tempdir().unwrap();
    let model = |joint: &str| {
        format!(
            "<mujoco model=\"swing\">\n  <worldbody>\n    <body name=\"rod\">\n      {joint}\n      <geom type=\"capsule\" fromto=\"0 0 0 0 0 -1\" size=\"0.05\"/>\n    </body>\n  </worldbody>\n</mujoco>\n"
        )
    };
    std::fs::write(
        dir.path().join("swing.xml"),
        model("<joint name=\"pivot\" axis=\"0 1 0\" armature=\"0.1\"/>"),
    )
    .unwrap();
    let out = dir.path().join("swing.rs");
    let o = mbcompile(
        dir.path(),
        &["import", "swing.xml", "--out", out.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let block = std::fs::read_to_string(&out).unwrap();
    assert!(
        block.contains("struct Swing;") && block.contains("joint: revolute(pivot),"),
        "{block}"
    );
    assert!(
        block.contains("armature: a_pivot,") && block.contains("(MJCF)"),
        "{block}"
    );
    std::fs::write(
        dir.path().join("ball.xml"),
        model("<joint name=\"pivot\" type=\"ball\" damping=\"1\"/>"),
    )
    .unwrap();
    let out = dir.path().join("ball.rs");
    let o = mbcompile(
        dir.path(),
        &["import", "ball.xml", "--out", out.to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("ball.xml:4: ") && stderr.contains("joint[name=pivot]"),
        "{stderr}"
    );
    assert!(!out.exists(), "a file was written");
}

/// The destination of `--out` is replaced whole, but only when it is a regular file: a symbolic
/// link is followed (the link stays, the file it names gets the text), and a device is written
/// in place — `--out /dev/null --force` once replaced the machine's null device by a regular
/// file (a file renamed over it), which then held whatever was written to "/dev/null".
#[test]
fn import_writes_through_links_and_into_devices() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let model = "<mujoco model=\"swing\">\n  <worldbody>\n    <body name=\"rod\">\n      <joint name=\"pivot\" axis=\"0 1 0\"/>\n      <geom type=\"capsule\" fromto=\"0 0 0 0 0 -1\" size=\"0.05\"/>\n    </body>\n  </worldbody>\n</mujoco>\n";
    std::fs::write(dir.path().join("swing.xml"), model).unwrap();
    let (real, link) = (dir.path().join("real.rs"), dir.path().join("link.rs"));
    std::fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = mbcompile(
        dir.path(),
        &[
            "import",
            "swing.xml",
            "--force",
            "--out",
            link.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&real)
            .unwrap()
            .contains("struct Swing;")
    );
    let null = std::path::Path::new("/dev/null");
    assert!(
        std::fs::metadata(null)
            .unwrap()
            .file_type()
            .is_char_device(),
        "/dev/null is not a device before the test"
    );
    let o = mbcompile(
        dir.path(),
        &["import", "swing.xml", "--force", "--out", "/dev/null"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::metadata(null)
            .unwrap()
            .file_type()
            .is_char_device(),
        "`--out /dev/null` replaced the null device"
    );
}
