//! Compiles the generated C of the chains (`src/generated/c/chain*.c`, written by `setup.sh`
//! with `mbcompile gen . --target c --out src/generated/c`) into one static library for the `c_dynamics` benchmark:
//! C99, every warning an error, optimisation level `MB_C_OPT` (default 2; 3 to match rustc's
//! release level), no `-march`, as rustc's default target.

fn main() {
    let opt = std::env::var("MB_C_OPT").unwrap_or_else(|_| "2".into());
    println!("cargo:rerun-if-env-changed=MB_C_OPT");
    println!("cargo:rerun-if-changed=src/generated/c");
    let mut build = cc::Build::new();
    build
        .std("c99")
        .flag("-Wall")
        .flag("-Wextra")
        .warnings_into_errors(true)
        .opt_level_str(&opt)
        .include("src/generated/c");
    for n in [2, 4, 8, 10] {
        build.file(format!("src/generated/c/chain{n}.c"));
    }
    build.compile("chains_c");
    println!("cargo:rustc-link-lib=m");
}
