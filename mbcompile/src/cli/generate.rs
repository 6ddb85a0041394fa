//! `mbcompile gen`: derives each `mechanism!` block of a crate once and writes it in every
//! target asked for — by `--target rust,c` for every block, else by the block's own `generate {
//! targets: [rust, c] }` (Rust alone by default): the Rust module and its equations reports under
//! `src/generated/`, and a C99 header and source per block (checked to compile unless
//! `--no-cc`).
//!
//! The C templates are loaded (and a user's broken template reported) before anything is derived
//! or written; a file whose content is unchanged is not rewritten; a source the C compiler
//! rejects stays on disk, and the compiler's messages are shown.

use super::crate_models::{models, report_errors, spinner, validated};
use super::files::write_if_changed;
use mbcompile::codegen::c::check::check_compiles;
use mbcompile::codegen::target::{CTarget, Emission, RustTarget, Stats, Target, TargetError};
use mbcompile::pipeline::{Found, emit_validated};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// What `gen` was asked for.
pub struct GenOptions {
    /// Only the mechanism with this struct name.
    pub only: Option<String>,
    /// Horner-scheme search iterations.
    pub horner: usize,
    /// The size budget per derived quantity, in expression nodes.
    pub budget: usize,
    /// Print stage times and operation counts.
    pub stats: bool,
    /// The languages named on the command line, for every block (`None`: each block's own
    /// `generate { targets }`, Rust alone when it names none).
    pub languages: Option<Languages>,
    /// Where the C files go.
    pub c_out: PathBuf,
    /// A directory of templates overriding the built-in ones of the C target.
    pub c_templates: Option<PathBuf>,
    /// Compile each C source after writing it.
    pub compile_check: bool,
}

/// Languages named by `--target`.
#[derive(Clone, Copy)]
pub struct Languages {
    /// The Rust module and its equations reports.
    pub rust: bool,
    /// The C99 header and source.
    pub c: bool,
}

impl Languages {
    /// The languages of one block: the command line's, else the block's `targets`.
    fn of(asked: Option<Languages>, block: &Found) -> Languages {
        asked.unwrap_or(Languages {
            rust: true,
            c: block.wants_c(),
        })
    }
}

/// A stage boundary seen by `gen --stats`: name, wall clock, thread CPU time.
type Stage = (String, Instant, f64);

fn stage(name: &str) -> Stage {
    (name.to_string(), Instant::now(), mbcompile::cpu_seconds())
}

/// Time per stage and operation counts per function.
fn print_stats(stages: &[Stage], stats: &Stats) {
    for w in stages.windows(2) {
        eprintln!(
            "  stage {}: {:.3} s (cpu {:.3} s)",
            w[0].0,
            (w[1].1 - w[0].1).as_secs_f64(),
            w[1].2 - w[0].2
        );
    }
    for ((f, n), (_, s)) in stats.operations.iter().zip(&stats.seconds) {
        eprintln!("  {f}: {n} operations, cpu {s:.3} s");
    }
}

/// The Rust target and, when some block is to be written in C, the C target; a broken C
/// template is an error before anything is derived.
fn targets(
    crate_dir: &Path,
    options: &GenOptions,
    c: bool,
) -> Result<(RustTarget, Option<CTarget>), String> {
    let rust = RustTarget {
        crate_dir: crate_dir.to_path_buf(),
        horner: options.horner,
    };
    let c = match c {
        true => Some(
            CTarget::new(
                options.c_out.clone(),
                options.horner,
                options.c_templates.as_deref(),
            )
            .map_err(|e| format!("error: {e}\n"))?,
        ),
        false => None,
    };
    Ok((rust, c))
}

/// Writes the files of one emission (each unless unchanged) and says which; then compiles a C
/// source if asked. Messages of what failed are pushed to `errors`.
fn write_emission(
    target: &dyn Target,
    emission: &Emission,
    options: &GenOptions,
    start: Instant,
    errors: &mut Vec<String>,
) -> Result<(), ExitCode> {
    let mut changed = false;
    for f in &emission.files {
        let written = write_if_changed(&f.path, &f.text).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(1)
        })?;
        changed |= written;
        if target.name() == "c" {
            let verb = if written { "wrote" } else { "unchanged" };
            eprintln!("{verb} {}", f.path.display());
        }
    }
    let Some(last) = emission.files.last() else {
        return Ok(());
    };
    if target.name() == "rust" {
        eprintln!(
            "{} {} and its equations ({:.2} s)",
            if changed { "wrote" } else { "unchanged" },
            last.path.display(),
            start.elapsed().as_secs_f64()
        );
    } else if options.compile_check
        && let Err(e) = check_compiles(&last.path)
    {
        errors.push(format!("error: {e}\n"));
    }
    Ok(())
}

/// `mbcompile gen`.
pub fn gen_command(crate_dir: &Path, options: &GenOptions) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, options.only.as_deref())?;
    let blocks = validated(&found)?;
    let any_c = found.iter().any(|f| Languages::of(options.languages, f).c);
    let (rust, c) = targets(crate_dir, options, any_c).map_err(|e| {
        eprint!("{e}");
        ExitCode::from(1)
    })?;
    let (mut diagnostics, mut errors) = (Vec::new(), Vec::new());
    for (f, block) in found.iter().zip(&blocks) {
        let languages = Languages::of(options.languages, f);
        let mut target_refs: Vec<&dyn Target> = Vec::new();
        if languages.rust {
            target_refs.push(&rust);
        }
        if let (true, Some(c)) = (languages.c, &c) {
            target_refs.push(c);
        }
        let name = f.model.name.text.clone();
        let pb = spinner(&name);
        let start = Instant::now();
        let mut stages: Vec<Stage> = Vec::new();
        let result = emit_validated(block, &target_refs, options.budget, &mut |s| {
            stages.push(stage(s));
            pb.set_message(format!("{name}: {s}"));
        });
        stages.push(stage("end"));
        pb.finish_and_clear();
        let emissions = match result {
            Ok(e) => e,
            Err(e) => {
                diagnostics.push(f.diagnostic(&e));
                continue;
            }
        };
        for (target, emission) in target_refs.iter().zip(emissions) {
            match emission {
                Ok(emission) => {
                    write_emission(*target, &emission, options, start, &mut errors)?;
                    if let (true, Some(stats)) = (options.stats, &emission.stats) {
                        print_stats(&stages, stats);
                    }
                }
                Err(TargetError::Emission(e)) => errors.push(format!("error: {name}: {e}\n")),
                Err(e) => {
                    eprintln!("error: {e}");
                    return Ok(ExitCode::from(1));
                }
            }
        }
    }
    if diagnostics.is_empty() && errors.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    errors.iter().for_each(|e| eprint!("{e}"));
    Ok(report_errors(&diagnostics))
}
