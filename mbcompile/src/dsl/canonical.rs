//! The canonical form of a parsed model and its fingerprint.
//!
//! The canonical form is a fully parenthesised prefix rendering of everything that has meaning
//! (names, numbers as exact decimals, expressions) and nothing that does not (layout, comments,
//! doc comments, `1.0` versus `1`). Its SHA-256 is the model fingerprint recorded in generated
//! code: a semantic change changes it, a formatting change does not.

use super::ast::{BinOp, Expr, ExprKind, Model, Number, Tangent};
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// Version of the canonical form; bump when its rendering changes.
const CANONICAL_VERSION: &str = "mb-model-1";

fn number(n: &Number) -> String {
    if n.exponent == 0 {
        n.digits.clone()
    } else {
        format!("{}e{}", n.digits, n.exponent)
    }
}

/// Canonical rendering of an expression.
pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Number(n) => number(n),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Dot(n) => format!("(dot {n})"),
        ExprKind::Neg(a) => format!("(neg {})", expr(a)),
        ExprKind::Binary(op, a, b) => {
            let o = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::Div => "/",
            };
            format!("({o} {} {})", expr(a), expr(b))
        }
        ExprKind::Call(f, a) => format!("({} {})", f.name(), expr(a)),
        ExprKind::Powi(a, n) => format!("(powi {} {n})", expr(a)),
        ExprKind::Powf(a, b) => format!("(powf {} {})", expr(a), expr(b)),
    }
}

/// Canonical rendering of a whole model (one line per declaration).
pub fn model(m: &Model) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{CANONICAL_VERSION}");
    let _ = writeln!(s, "struct {}", m.name.text);
    for p in &m.parameters {
        let _ = writeln!(s, "parameter {} {}", p.name.text, number(&p.default));
    }
    for c in &m.coordinates {
        let _ = writeln!(s, "coordinate {}", c.text);
    }
    if let Some(t) = &m.time {
        let _ = writeln!(s, "time {}", t.text);
    }
    for d in &m.definitions {
        let _ = writeln!(s, "let {} {}", d.name.text, expr(&d.value));
    }
    if let Some(t) = &m.kinetic {
        let _ = writeln!(s, "kinetic {}", expr(t));
    }
    if let Some(v) = &m.potential {
        let _ = writeln!(s, "potential {}", expr(v));
    }
    for f in &m.forces {
        let _ = writeln!(s, "force {} {}", f.coordinate.text, expr(&f.value));
    }
    for c in &m.constraints {
        let _ = writeln!(s, "constraint {} {}", c.name.text, expr(&c.value));
    }
    for c in &m.contacts {
        let _ = write!(
            s,
            "contact {} gap {} restitution {}",
            c.name.text,
            expr(&c.gap),
            expr(&c.normal_restitution)
        );
        if let Some(e) = &c.tangential_restitution {
            let _ = write!(s, " tangential_restitution {}", expr(e));
        }
        if let Some(e) = &c.friction {
            let _ = write!(s, " friction {}", expr(e));
        }
        match &c.tangent {
            Some(Tangent::Slip(e)) => {
                let _ = write!(s, " slip {}", expr(e));
            }
            Some(Tangent::Velocity(e)) => {
                let _ = write!(s, " tangential_velocity {}", expr(e));
            }
            None => {}
        }
        s.push('\n');
    }
    s
}

/// The model fingerprint: hex SHA-256 of the canonical form, first 32 hex digits.
pub fn fingerprint(m: &Model) -> String {
    let digest = Sha256::digest(model(m).as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}
