//! Expressions: Rust expression syntax (parsed by syn) converted into the model language.
//!
//! Supported: numeric literals, names, `+ - * /`, unary minus, parentheses, `dot(q)` for the
//! velocity of a coordinate, `sin cos tan exp ln sqrt abs` as functions (`sin(x)`) or methods
//! (`x.sin()`), and powers `x.powi(n)` / `powi(x, n)` (integer n) and `x.powf(y)` / `powf(x, y)`;
//! in velocity constraints, the world components of body velocities: `velocity(B, P).x` (the
//! material point of body B at point P) and `angular_velocity(B).z`.

use super::ast::{BinOp, Expr, ExprKind, Function, Number};
use syn::spanned::Spanned;
use syn::{Error, Lit};

/// Converts a syn expression into a model expression, rejecting what the language lacks.
pub fn convert(e: &syn::Expr) -> syn::Result<Expr> {
    let span = e.span();
    let kind = match e {
        syn::Expr::Lit(l) => ExprKind::Number(number(&l.lit)?),
        syn::Expr::Path(p) => ExprKind::Name(single_ident(&p.path, "a name")?),
        syn::Expr::Paren(p) => return convert(&p.expr),
        syn::Expr::Group(g) => return convert(&g.expr),
        syn::Expr::Unary(u) => match u.op {
            syn::UnOp::Neg(_) => ExprKind::Neg(Box::new(convert(&u.expr)?)),
            _ => {
                return Err(Error::new(
                    u.op.span(),
                    "unsupported operator; expressions use + - * / and unary minus",
                ));
            }
        },
        syn::Expr::Binary(b) => {
            let op = match b.op {
                syn::BinOp::Add(_) => BinOp::Add,
                syn::BinOp::Sub(_) => BinOp::Sub,
                syn::BinOp::Mul(_) => BinOp::Mul,
                syn::BinOp::Div(_) => BinOp::Div,
                syn::BinOp::BitXor(_) => {
                    return Err(Error::new(
                        b.op.span(),
                        "`^` is not a power (in Rust it is XOR); write `x.powi(n)`, `powi(x, n)` or `x.powf(y)`",
                    ));
                }
                _ => {
                    return Err(Error::new(
                        b.op.span(),
                        "unsupported operator; expressions use + - * / and unary minus",
                    ));
                }
            };
            let lhs = convert(&b.left)?;
            let rhs = convert(&b.right)?;
            if op == BinOp::Div
                && let ExprKind::Number(n) = &rhs.kind
                && n.value == 0.0
            {
                return Err(Error::new(rhs.span, "division by zero"));
            }
            ExprKind::Binary(op, Box::new(lhs), Box::new(rhs))
        }
        syn::Expr::Call(c) => {
            let name = match &*c.func {
                syn::Expr::Path(p) => single_ident(&p.path, "a function name")?,
                other => return Err(Error::new(other.span(), "expected a function name")),
            };
            let args: Vec<&syn::Expr> = c.args.iter().collect();
            call(&name, c.func.span(), None, &args, span)?
        }
        syn::Expr::MethodCall(m) => {
            if let Some(t) = &m.turbofish {
                return Err(Error::new(
                    t.span(),
                    "type arguments are not supported here",
                ));
            }
            let args: Vec<&syn::Expr> = m.args.iter().collect();
            call(
                &m.method.to_string(),
                m.method.span(),
                Some(&m.receiver),
                &args,
                span,
            )?
        }
        syn::Expr::Field(f) => match strip(&f.base) {
            syn::Expr::Path(p) => ExprKind::Component {
                name: single_ident(&p.path, "the name of a point, vector or body")?,
                component: component_index(&f.member)?,
            },
            _ => body_velocity(f)?,
        },
        other => {
            return Err(Error::new(
                other.span(),
                "unsupported expression; use numbers, names, + - * /, dot(q), functions and powers",
            ));
        }
    };
    Ok(Expr { kind, span })
}

/// The index of the component `.x`, `.y` or `.z`.
fn component_index(member: &syn::Member) -> syn::Result<usize> {
    match member {
        syn::Member::Named(m) => ["x", "y", "z"].iter().position(|c| m == c),
        syn::Member::Unnamed(_) => None,
    }
    .ok_or_else(|| Error::new(member.span(), "expected the component `.x`, `.y` or `.z`"))
}

/// `velocity(B, P).x` or `angular_velocity(B).z`: a world component of a body's velocity.
fn body_velocity(f: &syn::ExprField) -> syn::Result<ExprKind> {
    let form = "a component is taken of a point, vector or body (`P.x`), of `velocity(B, P)` \
                or of `angular_velocity(B)`, e.g. `velocity(wheel, contact).x`";
    let component = component_index(&f.member)?;
    let syn::Expr::Call(c) = strip(&f.base) else {
        return Err(Error::new(f.base.span(), form));
    };
    let syn::Expr::Path(p) = &*c.func else {
        return Err(Error::new(c.func.span(), form));
    };
    let function = single_ident(&p.path, "a function name")?;
    let names = c
        .args
        .iter()
        .map(|a| match strip(a) {
            syn::Expr::Path(p) => single_ident(&p.path, "a body or point name"),
            other => Err(Error::new(
                other.span(),
                "expected the name of a body or point",
            )),
        })
        .collect::<syn::Result<Vec<String>>>()?;
    match (function.as_str(), names.as_slice()) {
        ("velocity", [body, point]) => Ok(ExprKind::BodyVelocity {
            body: body.clone(),
            point: Some(point.clone()),
            component,
        }),
        ("angular_velocity", [body]) => Ok(ExprKind::BodyVelocity {
            body: body.clone(),
            point: None,
            component,
        }),
        ("velocity", _) => Err(Error::new(
            c.span(),
            "`velocity` takes a body and a point: `velocity(B, P)`",
        )),
        ("angular_velocity", _) => Err(Error::new(
            c.span(),
            "`angular_velocity` takes a body: `angular_velocity(B)`",
        )),
        _ => Err(Error::new(p.span(), form)),
    }
}

/// The expression inside parentheses and invisible groups.
pub fn strip(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip(&p.expr),
        syn::Expr::Group(g) => strip(&g.expr),
        other => other,
    }
}

fn call(
    name: &str,
    name_span: proc_macro2::Span,
    receiver: Option<&syn::Expr>,
    args: &[&syn::Expr],
    span: proc_macro2::Span,
) -> syn::Result<ExprKind> {
    // All arguments, the receiver first.
    let all: Vec<&syn::Expr> = receiver.into_iter().chain(args.iter().copied()).collect();
    let arity = |n: usize| -> syn::Result<()> {
        if all.len() == n {
            Ok(())
        } else {
            let form = match (name, n) {
                ("dot", _) => "dot(q)".to_string(),
                (_, 1) => format!("{name}(x) or x.{name}()"),
                (_, _) => format!("{name}(x, y) or x.{name}(y)"),
            };
            Err(Error::new(
                span,
                format!(
                    "`{name}` takes {n} argument{}: write {form}",
                    if n == 1 { "" } else { "s" }
                ),
            ))
        }
    };
    if name == "dot" {
        if receiver.is_some() {
            return Err(Error::new(name_span, "write the velocity of q as `dot(q)`"));
        }
        arity(1)?;
        return match all[0] {
            syn::Expr::Path(p) => Ok(ExprKind::Dot(single_ident(&p.path, "a coordinate")?)),
            other => Err(Error::new(
                other.span(),
                "`dot` takes the name of a coordinate, e.g. `dot(theta)`",
            )),
        };
    }
    if let Some(f) = Function::from_name(name) {
        arity(1)?;
        return Ok(ExprKind::Call(f, Box::new(convert(all[0])?)));
    }
    match name {
        "powi" => {
            arity(2)?;
            let n = integer(all[1])?;
            Ok(ExprKind::Powi(Box::new(convert(all[0])?), n))
        }
        "powf" => {
            arity(2)?;
            Ok(ExprKind::Powf(
                Box::new(convert(all[0])?),
                Box::new(convert(all[1])?),
            ))
        }
        "log" | "log10" | "log2" => Err(Error::new(
            name_span,
            format!("unsupported function `{name}`; the natural logarithm is `ln`"),
        )),
        _ => Err(Error::new(
            name_span,
            format!(
                "unsupported function `{name}`; supported: dot, {}, powi, powf",
                Function::ALL.map(Function::name).join(", ")
            ),
        )),
    }
}

/// An integer literal (possibly negated), for `powi`.
fn integer(e: &syn::Expr) -> syn::Result<i64> {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: Lit::Int(i), ..
        }) if i.suffix().is_empty() => i
            .base10_parse::<i64>()
            .map_err(|_| Error::new(i.span(), "exponent out of range")),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => Ok(-integer(expr)?),
        syn::Expr::Paren(p) => integer(&p.expr),
        other => Err(Error::new(
            other.span(),
            "`powi` needs an integer literal exponent; use `powf` for a real exponent",
        )),
    }
}

fn single_ident(p: &syn::Path, what: &str) -> syn::Result<String> {
    match p.get_ident() {
        Some(i) => Ok(i.to_string()),
        None => Err(Error::new(p.span(), format!("expected {what}, not a path"))),
    }
}

/// Reads a numeric literal exactly.
pub fn number(lit: &Lit) -> syn::Result<Number> {
    let (text, suffix) = match lit {
        Lit::Int(i) => (i.base10_digits().to_string(), i.suffix().to_string()),
        Lit::Float(f) => (f.base10_digits().to_string(), f.suffix().to_string()),
        other => return Err(Error::new(other.span(), "expected a number")),
    };
    if !(suffix.is_empty() || suffix == "f64") {
        return Err(Error::new(
            lit.span(),
            format!("malformed number: suffix `{suffix}` is not allowed (numbers are f64)"),
        ));
    }
    decimal(&text)
        .ok_or_else(|| Error::new(lit.span(), format!("malformed number `{text}`")))
        .and_then(|n| {
            if n.value.is_finite() {
                Ok(n)
            } else {
                Err(Error::new(
                    lit.span(),
                    format!("number `{text}` is out of range for f64"),
                ))
            }
        })
}

/// Parses a decimal `123.45e-6` into digits and a power of ten.
pub fn decimal(text: &str) -> Option<Number> {
    let text = text.replace('_', "");
    let (mantissa, exp) = match text.find(['e', 'E']) {
        Some(k) => (&text[..k], text[k + 1..].parse::<i64>().ok()?),
        None => (text.as_str(), 0),
    };
    let (int, frac) = match mantissa.find('.') {
        Some(k) => (&mantissa[..k], &mantissa[k + 1..]),
        None => (mantissa, ""),
    };
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    if !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut digits = format!("{int}{frac}").trim_start_matches('0').to_string();
    let mut exponent = exp.checked_sub(frac.len() as i64)?;
    if digits.is_empty() {
        digits = "0".into();
        exponent = 0;
    } else {
        // Canonical: no trailing zeros in the digits.
        while digits.len() > 1 && digits.ends_with('0') {
            digits.pop();
            exponent += 1;
        }
    }
    let value: f64 = text.parse().ok()?;
    Some(Number {
        value,
        digits,
        exponent,
    })
}

#[cfg(test)]
mod tests {
    use super::decimal;

    #[test]
    fn decimals_are_exact_and_canonical() {
        let n = decimal("0.0058").unwrap();
        assert_eq!((n.digits.as_str(), n.exponent), ("58", -4));
        let n = decimal("1.0").unwrap();
        assert_eq!((n.digits.as_str(), n.exponent), ("1", 0));
        let n = decimal("1500").unwrap();
        assert_eq!((n.digits.as_str(), n.exponent), ("15", 2));
        let n = decimal("7.0e-7").unwrap();
        assert_eq!((n.digits.as_str(), n.exponent, n.value), ("7", -7, 7.0e-7));
        let n = decimal("0.0").unwrap();
        assert_eq!((n.digits.as_str(), n.exponent), ("0", 0));
    }
}
