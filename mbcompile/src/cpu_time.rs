//! CPU time of the calling thread, for `--stats` on a machine shared with other work.

/// CPU time of the calling thread in seconds (Linux `/proc/thread-self/schedstat`; NaN
/// elsewhere). On a loaded machine it separates the work done from the time spent waiting.
pub fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(f64::NAN, |ns| ns * 1e-9)
}
