//! Illinois variant of regula falsi (Dowell & Jarratt 1971): superlinear (order ≈ 1.44)
//! bracketing root finder, used on the dense output to locate events to near machine precision.

/// Root of f in [a, b] with f(a) > 0 ≥ f(b) (or any sign change); returns the right end of the
/// final bracket (where f ≤ 0), so that the located state has crossed the event surface by at
/// most a few ulps. Stops when the bracket is below 4 ulps of max(|a|, |b|, 1)·1e-16 or after
/// 200 iterations.
pub fn illinois(
    mut a: f64,
    mut fa: f64,
    mut b: f64,
    mut fb: f64,
    mut f: impl FnMut(f64) -> f64,
) -> f64 {
    if fb == 0.0 {
        return b;
    }
    let mut side = 0i8;
    for _ in 0..200 {
        if (b - a).abs() <= 4.0 * f64::EPSILON * a.abs().max(b.abs()).max(1e-300) {
            break;
        }
        let mut c = (a * fb - b * fa) / (fb - fa);
        if !(c > a && c < b) {
            c = 0.5 * (a + b);
        }
        let fc = f(c);
        if !fc.is_finite() {
            break;
        }
        if fc == 0.0 {
            return c;
        }
        if (fc > 0.0) == (fa > 0.0) {
            a = c;
            fa = fc;
            if side == 1 {
                fb *= 0.5;
            }
            side = 1;
        } else {
            b = c;
            fb = fc;
            if side == -1 {
                fa *= 0.5;
            }
            side = -1;
        }
    }
    b
}
