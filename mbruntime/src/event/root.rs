//! Illinois variant of regula falsi (Dowell & Jarratt 1971): superlinear (order ≈ 1.44)
//! bracketing root finder, used on the dense output to locate events to near machine precision.
//!
//! At a root of high multiplicity (a multiplier vanishing like τᵏ, the zero of a contact force
//! decided at level k of Lötstedt's Theorem 5.4) regula falsi and its Illinois variant converge
//! only linearly and slowly. A safeguard bisects whenever three iterations have not halved the
//! bracket, so the bracket shrinks at least like bisection's (the rule of the safeguarded
//! secant methods, e.g. Brent 1973, "Algorithms for Minimization without Derivatives", Ch. 4).

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
    let mut checkpoint = (b - a).abs();
    for iteration in 1..=200 {
        if (b - a).abs() <= 4.0 * f64::EPSILON * a.abs().max(b.abs()).max(1e-300) {
            break;
        }
        let mut c = (a * fb - b * fa) / (fb - fa);
        if iteration % 3 == 0 {
            // Safeguard: three iterations that did not halve the bracket give way to bisection.
            let width = (b - a).abs();
            if width > 0.5 * checkpoint {
                c = 0.5 * (a + b);
            }
            checkpoint = width;
        }
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

#[cfg(test)]
mod tests {
    //! The Illinois method against known roots (π/2 of cos, ∛2 of x³ − 2, a root at a bracket
    //! end), its contract (the returned point is on the f ≤ 0 side, within a few ulps of the
    //! root) and its superlinear convergence: Dowell & Jarratt (1971) give order ≈ 1.442, so a
    //! smooth simple root is reached in far fewer evaluations than the ≈ 52 of bisection.

    use super::*;
    use std::f64::consts::FRAC_PI_2;

    /// Runs the root finder counting evaluations of f.
    fn solve(a: f64, b: f64, f: impl Fn(f64) -> f64) -> (f64, usize) {
        let mut count = 0;
        let x = illinois(a, f(a), b, f(b), |x| {
            count += 1;
            f(x)
        });
        (x, count)
    }

    #[test]
    fn known_roots_are_found_to_a_few_ulps() {
        // (a, b, f, exact root)
        type Case = (f64, f64, fn(f64) -> f64, f64);
        let cases: [Case; 3] = [
            (0.0, 3.0, f64::cos, FRAC_PI_2),
            (1.0, 2.0, |x| 2.0 - x * x * x, 2f64.cbrt()),
            (-2.0, 0.5, |x| -(x + 1.0).powi(3) - 0.01 * (x + 1.0), -1.0),
        ];
        for (a, b, f, root) in cases {
            let (x, evals) = solve(a, b, f);
            assert!(
                f(x) <= 0.0,
                "returned point must have crossed: f({x}) = {}",
                f(x)
            );
            assert!(
                (x - root).abs() <= 8.0 * f64::EPSILON * root.abs().max(1.0),
                "root {x} vs {root}"
            );
            assert!(evals <= 30, "{evals} evaluations");
        }
    }

    #[test]
    fn root_at_the_right_end_is_returned_without_iterating() {
        let (x, evals) = solve(0.0, 2.0, |x| 2.0 - x);
        assert_eq!((x, evals), (2.0, 0));
    }

    #[test]
    fn rising_sign_change_is_bracketed_from_the_right_end() {
        // f(a) < 0 < f(b): the result is the right end of the final bracket, where f ≥ 0.
        let (x, _) = solve(0.0, 1.0, |x| x - 0.3);
        assert!(x - 0.3 >= 0.0 && x - 0.3 <= 4.0 * f64::EPSILON);
    }

    #[test]
    fn illinois_converges_superlinearly_where_regula_falsi_stalls() {
        // exp(x) − 2 is convex: plain regula falsi keeps one end fixed and converges linearly;
        // the Illinois halving restores superlinear convergence.
        let (x, evals) = solve(-1.0, 3.0, |x| 2.0 - x.exp());
        assert!((x - 2f64.ln()).abs() <= 4.0 * f64::EPSILON);
        assert!(evals <= 15, "{evals} evaluations");
    }

    #[test]
    fn a_root_of_high_multiplicity_is_bracketed_as_tightly_as_bisection_would() {
        // −3(x − 0.4)⁵ on [0.156, 0.781] (a contact force vanishing at level 5): regula falsi and
        // the Illinois halving alone crawl (without the safeguard the 200 iterations end 0.095
        // away); with a bisection every third iteration the root is found to a few ulps.
        let (x, evals) = solve(0.156, 0.781, |x| -3.0 * (x - 0.4).powi(5));
        assert!((x - 0.4).abs() <= 1e-15, "root {x}");
        assert!(evals <= 200, "{evals} evaluations");
    }

    #[test]
    fn non_finite_value_stops_at_the_current_bracket() {
        // f = 1 − 2x is NaN around its root; the first secant point x = 0.5 lands there, the
        // search stops and returns the right end of the bracket, still on the f ≤ 0 side.
        let f = |x: f64| {
            if (x - 0.5).abs() < 0.2 {
                f64::NAN
            } else {
                1.0 - 2.0 * x
            }
        };
        let (x, evals) = solve(0.0, 2.0, f);
        assert_eq!((x, evals), (2.0, 1));
    }
}
