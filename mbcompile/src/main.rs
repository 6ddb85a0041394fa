//! `mbcompile`: generate, check and print the equations of the `mechanism!` blocks of a crate.

mod cli;

use clap::{Parser, Subcommand, ValueEnum};
use cli::files::write_if_changed;
use cli::gen_c::{CTarget, gen_c};
use cli::print::{PrintOptions, print_reports};
use mbcompile::diagnostic::Diagnostic;
use mbcompile::dsl::source::{
    EQUATIONS_LATEX_EXTENSION, EQUATIONS_TEXT_EXTENSION, equations_path, generated_path,
};
use mbcompile::pipeline::{
    DEFAULT_HORNER_ITERATIONS, Found, Freshness, Generated, find_crate_models, freshness, generate,
};
use mbcompile::scaffold::{MbSource, NewCrate, new_crate};
use mbcompile::symbolic::print::{DEFAULT_KATEX_URL, Format, Sections};
use std::path::{Path, PathBuf};
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
        /// Print operation counts per generated function to stderr.
        #[arg(long)]
        stats: bool,
        /// The language to generate: the Rust module of each block (src/generated/), or a C99
        /// header and source per block (see --out).
        #[arg(long, value_enum, default_value_t = Target::Rust)]
        target: Target,
        /// Where the C files go (default: <crate>/c).
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
enum PrintFormat {
    Text,
    Latex,
    Markdown,
    /// One HTML page (one mechanism), typeset by KaTeX.
    Html,
}

fn report_errors(errors: &[Diagnostic]) -> ExitCode {
    for e in errors {
        eprint!("{e}");
    }
    ExitCode::from(1)
}

fn models(crate_dir: &Path, only: Option<&str>) -> Result<Vec<Found>, ExitCode> {
    if !crate_dir.join("Cargo.toml").exists() {
        eprintln!(
            "error: {} is not a crate directory (no Cargo.toml)",
            crate_dir.display()
        );
        return Err(ExitCode::from(2));
    }
    let found = find_crate_models(crate_dir).map_err(|e| report_errors(&e))?;
    let found: Vec<Found> = found
        .into_iter()
        .filter(|f| only.is_none_or(|m| f.model.name.text == m))
        .collect();
    if found.is_empty() {
        eprintln!(
            "error: no `mechanism!` block{} found under {}/src",
            only.map(|m| format!(" named {m}")).unwrap_or_default(),
            crate_dir.display()
        );
        return Err(ExitCode::from(2));
    }
    Ok(found)
}

fn spinner(name: &str) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    pb.set_message(format!("{name}: parsing"));
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    pb
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
    let result = match cli.command {
        Command::Gen {
            crate_dir,
            model,
            target: Target::C,
            horner,
            out,
            templates,
            no_cc,
            ..
        } => {
            let target = CTarget {
                out: out.unwrap_or_else(|| crate_dir.join("c")),
                templates,
                compile_check: !no_cc,
                horner,
            };
            gen_c_command(&crate_dir, model.as_deref(), &target)
        }
        Command::Gen {
            crate_dir,
            model,
            horner,
            stats,
            ..
        } => gen_command(&crate_dir, model.as_deref(), horner, stats),
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

/// Writes a new crate and names the next steps.
fn new_command(request: &NewCrate) -> Result<ExitCode, ExitCode> {
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

/// A stage boundary seen by `gen --stats`: name, wall clock, thread CPU time.
type Stage = (String, std::time::Instant, f64);

fn stage(name: &str) -> Stage {
    (
        name.to_string(),
        std::time::Instant::now(),
        mbcompile::cpu_seconds(),
    )
}

/// Writes a generated module and its equations reports (each unless unchanged: the reports
/// first, the module that includes them last), and says which.
fn write_module(
    crate_dir: &Path,
    module: &str,
    g: &Generated,
    start: std::time::Instant,
) -> Result<(), ExitCode> {
    let path = generated_path(crate_dir, module);
    let mut changed = false;
    for (file, text) in [
        (
            equations_path(crate_dir, module, EQUATIONS_TEXT_EXTENSION),
            &g.equations,
        ),
        (
            equations_path(crate_dir, module, EQUATIONS_LATEX_EXTENSION),
            &g.equations_latex,
        ),
        (path.clone(), &g.source),
    ] {
        changed |= write_if_changed(&file, text).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(1)
        })?;
    }
    eprintln!(
        "{} {} and its equations ({:.2} s)",
        if changed { "wrote" } else { "unchanged" },
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Time per stage and operation counts per function.
fn print_stats(stages: &[Stage], g: &Generated) {
    for w in stages.windows(2) {
        eprintln!(
            "  stage {}: {:.3} s (cpu {:.3} s)",
            w[0].0,
            (w[1].1 - w[0].1).as_secs_f64(),
            w[1].2 - w[0].2
        );
    }
    for ((f, n), (_, s)) in g.stats.operations.iter().zip(&g.stats.seconds) {
        eprintln!("  {f}: {n} operations, cpu {s:.3} s");
    }
}

fn gen_command(
    crate_dir: &Path,
    only: Option<&str>,
    horner: usize,
    stats: bool,
) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, only)?;
    let mut errors = Vec::new();
    for f in &found {
        let name = f.model.name.text.clone();
        let pb = spinner(&name);
        let start = std::time::Instant::now();
        let mut stages: Vec<Stage> = Vec::new();
        let result = generate(&f.model, horner, &mut |s| {
            stages.push(stage(s));
            pb.set_message(format!("{name}: {s}"));
        });
        stages.push(stage("end"));
        pb.finish_and_clear();
        match result {
            Ok(g) => {
                write_module(crate_dir, &f.model.module_name(), &g, start)?;
                if stats {
                    print_stats(&stages, &g);
                }
            }
            Err(e) => errors.push(f.diagnostic(&e)),
        }
    }
    if errors.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        Ok(report_errors(&errors))
    }
}

fn gen_c_command(
    crate_dir: &Path,
    only: Option<&str>,
    target: &CTarget,
) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, only)?;
    match gen_c(&found, target) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(errors) => {
            for e in errors {
                eprint!("{e}");
            }
            Ok(ExitCode::from(1))
        }
    }
}

/// True when the module and equations reports on disk are byte-identical to `g`.
fn files_match(crate_dir: &Path, module: &str, g: &Generated) -> bool {
    let holds =
        |path: PathBuf, text: &str| std::fs::read_to_string(path).ok().as_deref() == Some(text);
    holds(generated_path(crate_dir, module), &g.source)
        && holds(
            equations_path(crate_dir, module, EQUATIONS_TEXT_EXTENSION),
            &g.equations,
        )
        && holds(
            equations_path(crate_dir, module, EQUATIONS_LATEX_EXTENSION),
            &g.equations_latex,
        )
}

fn check_command(crate_dir: &Path, exact: bool) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, None)?;
    let mut bad = 0;
    for f in &found {
        let module = f.model.module_name();
        let shown = format!(
            "{} (src/generated/{module}.rs, from {})",
            f.model.name.text,
            f.file.display()
        );
        let verdict = match freshness(crate_dir, &f.model) {
            Freshness::Fresh if exact => {
                match generate(&f.model, DEFAULT_HORNER_ITERATIONS, &mut |_| {}) {
                    Ok(g) if files_match(crate_dir, &module, &g) => Some("fresh"),
                    Ok(_) => Some("differs"),
                    Err(e) => {
                        eprint!("{}", f.diagnostic(&e));
                        None
                    }
                }
            }
            Freshness::Fresh => Some("fresh"),
            Freshness::Missing => Some("missing"),
            Freshness::Stale { .. } => Some("stale"),
        };
        if verdict != Some("fresh") {
            bad += 1;
        }
        if let Some(v) = verdict {
            println!("{v:<8} {shown}");
        }
    }
    if bad > 0 {
        eprintln!(
            "{bad} module(s) need `mbcompile gen {}`",
            crate_dir.display()
        );
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

fn print_command(
    crate_dir: &Path,
    only: Option<&str>,
    options: &PrintOptions,
) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, only)?;
    match print_reports(&found, options) {
        Ok(text) => {
            print!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            e.messages.iter().for_each(|m| eprint!("{m}"));
            Ok(ExitCode::from(e.code))
        }
    }
}
