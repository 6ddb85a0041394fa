//! What the IFToMM problems share between their tests, programs and benchmark runner: the
//! benchmark's initial states, and the high-precision references of `bench/iftomm/reference/`
//! (computed independently with mpmath by `bench/iftomm/reference.py`; see its README).

use mbruntime::Vector;
use std::f64::consts::FRAC_PI_2;
use std::path::PathBuf;

/// A reference table: the columns named in its `# columns:` line and its rows.
#[derive(Debug, Clone)]
pub struct Reference {
    /// Column names.
    pub columns: Vec<String>,
    /// Rows of values.
    pub rows: Vec<Vec<f64>>,
}

impl Reference {
    /// Reads `bench/iftomm/reference/<name>.csv` (lines starting with `#` are comments; the
    /// one starting with `# columns:` names the columns).
    pub fn load(name: &str) -> Result<Reference, String> {
        let path = reference_dir().join(format!("{name}.csv"));
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("reading {}: {e}", path.display()))?;
        let mut columns = Vec::new();
        let mut rows = Vec::new();
        for line in text.lines() {
            if let Some(names) = line.strip_prefix("# columns:") {
                columns = names.split(',').map(|c| c.trim().to_string()).collect();
            } else if !line.starts_with('#') && !line.trim().is_empty() {
                let row = line
                    .split(',')
                    .map(|v| v.trim().parse::<f64>())
                    .collect::<Result<Vec<f64>, _>>()
                    .map_err(|e| format!("{}: {e} in `{line}`", path.display()))?;
                rows.push(row);
            }
        }
        Ok(Reference { columns, rows })
    }

    /// Index of a named column.
    pub fn column(&self, name: &str) -> Result<usize, String> {
        self.columns
            .iter()
            .position(|c| c == name)
            .ok_or_else(|| format!("no column `{name}` in {:?}", self.columns))
    }
}

/// `bench/iftomm/reference/` of this repository.
pub fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bench/iftomm/reference")
}

/// The A02 start of an N-four-bar chain with NQ = 2N + 1 coordinates (cranks φ₀ … φ_N, then
/// couplers ψ₁ … ψ_N): cranks vertical (φ = π/2) turning at φ̇ = −1, so that B0 = (0, l) moves
/// with ẋ = +1 m/s, couplers horizontal (ψ = −π/2, ψ̇ = +1).
pub fn four_bar_start<const NQ: usize>() -> (Vector<NQ>, Vector<NQ>) {
    four_bar_state(FRAC_PI_2, -1.0)
}

/// The parallelogram state of an N-four-bar chain with every crank at φ turning at φ̇.
pub fn four_bar_state<const NQ: usize>(phi: f64, phi_dot: f64) -> (Vector<NQ>, Vector<NQ>) {
    let n = (NQ - 1) / 2;
    let q = Vector::<NQ>::from_fn(|i, _| if i <= n { phi } else { -phi });
    let u = Vector::<NQ>::from_fn(|i, _| if i <= n { phi_dot } else { -phi_dot });
    (q, u)
}

/// k of the one-degree-of-freedom motion φ̈ = −k cos φ of an N-four-bar chain in its
/// parallelogram mode (uniform rods of length l: T = ½ m l² [(N+1)/3 + N] φ̇²,
/// V = m g l [(N+1)/2 + N] sin φ).
pub fn four_bar_k(n: usize, g: f64, l: f64) -> f64 {
    let n = n as f64;
    g / l * ((n + 1.0) / 2.0 + n) / ((n + 1.0) / 3.0 + n)
}
