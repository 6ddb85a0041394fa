//! Robot descriptions into `mechanism!` blocks: [`urdf`] imports a URDF file, [`mjcf`] an MJCF
//! file and [`description`] either (with `mbimport`); each checks that the block it writes is a
//! valid block of the language before anyone writes it to a file.
//!
//! ```
//! let urdf = r#"<robot name="arm">
//!   <link name="base"/>
//!   <link name="link1">
//!     <inertial><origin xyz="0.2 0 0"/><mass value="2"/>
//!       <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.03" iyz="0" izz="0.03"/></inertial>
//!   </link>
//!   <joint name="shoulder" type="revolute">
//!     <parent link="base"/><child link="link1"/><axis xyz="0 0 1"/>
//!     <limit lower="-1.5" upper="1.5" effort="10" velocity="2"/>
//!   </joint>
//! </robot>"#;
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("arm.urdf");
//! std::fs::write(&path, urdf).unwrap();
//! let options = mbcompile::import::Options { limit_restitution: Some(0.0), ..Default::default() };
//! let imported = mbcompile::import::urdf(&path, &options).unwrap();
//! assert!(imported.source.contains("contact shoulder_lower { gap: shoulder + 1.5, restitution: e_limit }"));
//! ```

pub use mbimport::{FRICTION_VELOCITY, ImportError, Imported, JointFriction, Note, Options};

use crate::dsl::source::find_models;
use crate::dsl::validate;
use std::path::Path;

/// Imports the URDF file at `path` into a source file holding one block, validated as the
/// language validates every block (names, values at the defaults, positive definite inertias).
pub fn urdf(path: &Path, options: &Options) -> Result<Imported, ImportError> {
    validated(mbimport::urdf(path, options)?, path)
}

/// Imports the MJCF file at `path` (MuJoCo's XML, the subset `mbimport` documents), validated
/// as [`urdf`]'s block is.
pub fn mjcf(path: &Path, options: &Options) -> Result<Imported, ImportError> {
    validated(mbimport::mjcf(path, options)?, path)
}

/// Imports `path` as MJCF when its root element is `<mujoco>`, else as URDF.
pub fn description(path: &Path, options: &Options) -> Result<Imported, ImportError> {
    validated(mbimport::description(path, options)?, path)
}

fn validated(imported: Imported, path: &Path) -> Result<Imported, ImportError> {
    let invalid = |message: String| {
        ImportError::in_file(
            path,
            format!("the block written for it is not valid ({message}); please report this"),
        )
    };
    let models = find_models(&imported.source).map_err(|e| invalid(e.to_string()))?;
    for m in &models {
        validate(m).map_err(|e| invalid(e.to_string()))?;
    }
    Ok(imported)
}
