//! `mbcompile new`: a new crate with an example block and snapshot tests of its equations.

use mbcompile::scaffold::{NewCrate, new_crate};
use std::process::ExitCode;

/// Writes a new crate and names the next steps.
pub fn new_command(request: &NewCrate) -> Result<ExitCode, ExitCode> {
    match new_crate(request) {
        Ok(files) => {
            for f in files {
                eprintln!("wrote {}", f.display());
            }
            let dir = request.dir.display();
            eprintln!("next: mbcompile gen {dir} && cd {dir} && cargo test");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(ExitCode::from(2))
        }
    }
}
