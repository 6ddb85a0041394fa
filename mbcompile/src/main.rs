//! `mbcompile`: generate, check and print the equations of the `mechanism!` blocks of a crate.

mod cli;

use clap::{Parser, Subcommand, ValueEnum};
use cli::check::check_command;
use cli::engine_lock::hold_engine;
use cli::generate::{GenOptions, Languages, gen_command};
use cli::import::import_command;
use cli::new::new_command;
use cli::print::{PrintOptions, print_command};
use mbcompile::import::{JointFriction, Options as ImportOptions};
use mbcompile::pipeline::{DEFAULT_BUDGET, DEFAULT_HORNER_ITERATIONS};
use mbcompile::scaffold::{MbSource, NewCrate};
use mbcompile::symbolic::print::{DEFAULT_KATEX_URL, Format, Sections};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "mbcompile",
    version,
    about = "Model compiler for mechanical systems"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Derive every `mechanism!` block of a crate and write its module to src/generated/.
    Gen {
        /// The crate directory (holding Cargo.toml).
        #[arg(default_value = ".")]
        crate_dir: PathBuf,
        /// Only the mechanism with this struct name.
        #[arg(long)]
        model: Option<String>,
        /// Horner-scheme search iterations of the evaluator optimiser.
        #[arg(long, default_value_t = DEFAULT_HORNER_ITERATIONS)]
        horner: usize,
        /// The size budget of each derived quantity (M, h, C, each Jacobian, …) in expression
        /// nodes with the intermediates it needs; a block over it is an error naming the quantity
        /// and its size instead of a module no compiler builds in reasonable time.
        #[arg(long, default_value_t = DEFAULT_BUDGET)]
        budget: usize,
        /// Print operation counts per generated function to stderr.
        #[arg(long)]
        stats: bool,
        /// The languages to generate for every block, comma-separated (`--target rust,c` derives
        /// each block once for both): the Rust module of each block (src/generated/), and a C99
        /// header and source per block (see --out). Without it, each block's `generate {
        /// targets: [rust, c] }` (Rust only when it names none).
        #[arg(long, value_enum, value_delimiter = ',')]
        target: Vec<Target>,
        /// Where the C files go (default: <crate>/src/generated/c, beside the Rust modules).
        #[arg(long)]
        out: Option<PathBuf>,
        /// A directory of templates overriding the built-in ones of the C target (header.h,
        /// source.c).
        #[arg(long)]
        templates: Option<PathBuf>,
        /// Do not compile the C sources after writing them ($CC, else cc; C99, warnings as
        /// errors).
        #[arg(long)]
        no_cc: bool,
    },
    /// Exit non-zero and list the mechanisms whose generated module is missing or stale.
    Check {
        /// The crate directory.
        #[arg(default_value = ".")]
        crate_dir: PathBuf,
        /// Also regenerate in memory and require byte-identical files.
        #[arg(long)]
        exact: bool,
    },
    /// Print the derived equations.
    Print {
        /// The crate directory.
        #[arg(default_value = ".")]
        crate_dir: PathBuf,
        /// Only the mechanism with this struct name.
        #[arg(long)]
        model: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = PrintFormat::Text)]
        format: PrintFormat,
        /// Also print the Jacobians: ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q, ∂h/∂p, ∂(M a)/∂p and
        /// the drift Jacobians.
        #[arg(long)]
        jacobians: bool,
        /// A directory of templates overriding the built-in report templates (report.txt,
        /// report.tex, report.md, report.html).
        #[arg(long)]
        templates: Option<PathBuf>,
        /// Where the HTML report loads KaTeX from: the directory of katex.min.js,
        /// katex.min.css and fonts/ (e.g. file:///usr/share/javascript/katex).
        #[arg(long, default_value = DEFAULT_KATEX_URL)]
        katex: String,
    },
    /// Write a robot description (URDF or MJCF) as a `mechanism!` block of joint bodies, in a
    /// source file the user owns; what is not imported is listed in the file and on stderr.
    Import {
        /// The description (`.urdf`, or MuJoCo's `.xml`).
        description: PathBuf,
        /// The mechanism's struct name (default: the robot's name in upper camel case).
        #[arg(long)]
        name: Option<String>,
        /// The file to write (default: src/<module>.rs).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace the file if it exists.
        #[arg(long)]
        force: bool,
        /// Free the root link: a floating joint (x, y, z, yaw, pitch, roll; singular at pitch =
        /// ±π/2) instead of the root fixed to the world (URDF; MJCF says so with free joints).
        #[arg(long)]
        floating_base: bool,
        /// Import position limits as unilateral contacts with this restitution (in [0, 1]);
        /// without it the limits are left out and reported.
        #[arg(long)]
        limit_restitution: Option<f64>,
        /// MJCF: import the contacts of sphere, capsule and box geoms with the world's planes as
        /// unilateral contacts with this restitution (in [0, 1]) and Coulomb friction; without it
        /// contacts are left out and reported.
        #[arg(long)]
        contact_restitution: Option<f64>,
        /// Joint friction: `regularised` (Coulomb, linear below the block's `v_friction`) or
        /// `none` (left out, reported).
        #[arg(long, value_enum, default_value_t = FrictionChoice::Regularised)]
        joint_friction: FrictionChoice,
        /// Generate M, h, C and the articulated-body algorithm only (`generate { capabilities: [] }`).
        #[arg(long)]
        dynamics_only: bool,
        /// Write a link whose inertia tensor is not positive definite (a placeholder, a thin rod)
        /// as a point mass, each one noted, instead of refusing the file.
        #[arg(long)]
        point_mass_for_invalid_inertia: bool,
    },
    /// Write a new crate: an example `mechanism!` block and snapshot tests of its equations.
    New {
        /// The directory of the new crate (created if missing; it must be empty).
        dir: PathBuf,
        /// The package name (default: the directory's name).
        #[arg(long)]
        name: Option<String>,
        /// Take mbmacros and mbruntime from this mb workspace (default: the workspace this
        /// mbcompile was built from).
        #[arg(long, conflicts_with = "mb_git")]
        mb_path: Option<PathBuf>,
        /// Take mbmacros and mbruntime from this git repository of mb.
        #[arg(long)]
        mb_git: Option<String>,
        /// A directory of templates overriding the built-in ones (Cargo.toml.tera, lib.rs.tera,
        /// equations.rs.tera, insta.yaml.tera, README.md.tera, gitignore.tera).
        #[arg(long)]
        templates: Option<PathBuf>,
    },
}

/// The language `gen` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    Rust,
    C,
}

#[derive(Clone, Copy, ValueEnum)]
enum FrictionChoice {
    Regularised,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum PrintFormat {
    Text,
    Latex,
    Markdown,
    /// One HTML page (one mechanism), typeset by KaTeX.
    Html,
}

fn main() -> ExitCode {
    // The symbolic engine prints a licence banner to stdout unless told not to; stdout stays clean.
    // SAFETY of set_var: single-threaded at this point.
    unsafe { std::env::set_var("SYMBOLICA_HIDE_BANNER", "1") };
    // The symbolic engine's allocator (mimalloc) returns freed pages to the system after 10 ms and
    // faults them in again (zeroed) when the next derivation stage allocates: a third of a small
    // model's generation time went to clearing pages. Keep them for the life of this short process
    // (read by the allocator when it first purges, i.e. after this point; a user's setting wins).
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // SAFETY of set_var: single-threaded at this point.
        unsafe { std::env::set_var("MIMALLOC_PURGE_DELAY", "-1") };
    }
    let cli = Cli::parse();
    // Held until the process ends: one derivation at a time (see `cli::engine_lock`).
    let _engine = match &cli.command {
        Command::Gen { .. } | Command::Print { .. } | Command::Check { exact: true, .. } => {
            hold_engine()
        }
        _ => None,
    };
    let result = match cli.command {
        Command::Gen {
            crate_dir,
            model,
            horner,
            budget,
            stats,
            target,
            out,
            templates,
            no_cc,
        } => {
            let options = GenOptions {
                only: model,
                horner,
                budget,
                stats,
                languages: (!target.is_empty()).then(|| Languages {
                    rust: target.contains(&Target::Rust),
                    c: target.contains(&Target::C),
                }),
                c_out: out.unwrap_or_else(|| crate_dir.join("src/generated/c")),
                c_templates: templates,
                compile_check: !no_cc,
            };
            gen_command(&crate_dir, &options)
        }
        Command::Check { crate_dir, exact } => check_command(&crate_dir, exact),
        Command::Print {
            crate_dir,
            model,
            format,
            jacobians,
            templates,
            katex,
        } => {
            let options = PrintOptions {
                format: match format {
                    PrintFormat::Text => Format::Text,
                    PrintFormat::Latex => Format::Latex,
                    PrintFormat::Markdown => Format::Markdown,
                    PrintFormat::Html => Format::Html,
                },
                sections: Sections { jacobians },
                templates,
                katex,
            };
            print_command(&crate_dir, model.as_deref(), &options)
        }
        Command::Import {
            description,
            name,
            out,
            force,
            floating_base,
            limit_restitution,
            contact_restitution,
            joint_friction,
            dynamics_only,
            point_mass_for_invalid_inertia,
        } => import_command(
            &description,
            out,
            force,
            &ImportOptions {
                name,
                floating_base,
                limit_restitution,
                contact_restitution,
                joint_friction: match joint_friction {
                    FrictionChoice::Regularised => JointFriction::Regularised,
                    FrictionChoice::None => JointFriction::Omitted,
                },
                dynamics_only,
                point_mass_for_invalid_inertia,
            },
        ),
        Command::New {
            dir,
            name,
            mb_path,
            mb_git,
            templates,
        } => new_command(&NewCrate {
            dir,
            name,
            source: mb_git.map(MbSource::Git).or(mb_path.map(MbSource::Path)),
            templates,
        }),
    };
    result.unwrap_or_else(|code| code)
}
