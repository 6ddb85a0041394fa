//! Values of parameter-only expressions at the parameter defaults, and the checks the
//! validation makes on them: positive scalars, constant vectors, positive definite inertia.

use super::ast::{Expr, Vector};
use super::scope::{Scope, constant};
use proc_macro2::Span;
use syn::Error;

/// The value of a parameter-only expression at the defaults, which must be positive.
pub fn positive(scope: &Scope, e: &Expr, what: &str) -> syn::Result<f64> {
    let v = constant(scope, e, what)?;
    if v > 0.0 && v.is_finite() {
        Ok(v)
    } else {
        Err(Error::new(
            e.span,
            format!("{what} must be positive; it is {v} at the parameter defaults"),
        ))
    }
}

/// Values of a parameter-only vector at the defaults.
pub fn constant_vector(scope: &Scope, v: &Vector, what: &str) -> syn::Result<Vec<f64>> {
    v.components
        .iter()
        .map(|e| constant(scope, e, what))
        .collect()
}

/// The Euclidean norm.
pub fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// Symmetric positive definite at the defaults (Cholesky of the 3×3 matrix).
pub fn check_inertia(scope: &Scope, rows: &[Vec<Expr>], span: Span) -> syn::Result<()> {
    let mut a = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            a[i][j] = constant(scope, &rows[i][j], "an inertia entry")?;
        }
    }
    for i in 0..3 {
        for j in 0..i {
            if (a[i][j] - a[j][i]).abs() > 1e-12 * (a[i][j].abs() + a[j][i].abs() + 1.0) {
                return Err(Error::new(
                    rows[i][j].span,
                    format!(
                        "the inertia matrix is not symmetric: entry ({}, {}) is {} but ({}, {}) is {}",
                        i + 1,
                        j + 1,
                        a[i][j],
                        j + 1,
                        i + 1,
                        a[j][i]
                    ),
                ));
            }
        }
    }
    // Cholesky: every pivot must be positive.
    let mut l = [[0.0; 3]; 3];
    for j in 0..3 {
        let d = a[j][j] - (0..j).map(|k| l[j][k] * l[j][k]).sum::<f64>();
        if d <= 0.0 || !d.is_finite() {
            return Err(Error::new(
                span,
                "the inertia matrix is not positive definite at the parameter defaults",
            ));
        }
        l[j][j] = d.sqrt();
        for i in j + 1..3 {
            l[i][j] = (a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>()) / l[j][j];
        }
    }
    Ok(())
}
