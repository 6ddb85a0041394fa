//! CPU time of the process and the median of repeated timed runs.

/// CPU time of this process [s] (`CLOCK_PROCESS_CPUTIME_ID`; the benchmark is single-threaded).
pub fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant libc provides.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// The median of `x` (sorted in place; NaN for an empty slice).
pub fn median(x: &mut [f64]) -> f64 {
    if x.is_empty() {
        return f64::NAN;
    }
    x.sort_by(f64::total_cmp);
    let n = x.len();
    if n % 2 == 1 {
        x[n / 2]
    } else {
        0.5 * (x[n / 2 - 1] + x[n / 2])
    }
}

/// Median CPU time [s] of `timed()` over `runs` calls, after one untimed warm-up call;
/// `prepare` builds each call's input outside the timed region.
pub fn median_cpu<T, E>(
    runs: usize,
    mut prepare: impl FnMut() -> Result<T, E>,
    mut timed: impl FnMut(T) -> Result<(), E>,
) -> Result<f64, E> {
    timed(prepare()?)?;
    let mut samples = Vec::with_capacity(runs);
    for _ in 0..runs {
        let input = prepare()?;
        let start = cpu_seconds();
        timed(input)?;
        samples.push(cpu_seconds() - start);
    }
    Ok(median(&mut samples))
}
